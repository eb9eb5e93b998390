"""Breaking changes of the generated code that come from the generator, not from the spec.

The spec comparison (:mod:`generator.report.compare`) builds both sides with the running
generator, so it cannot see a change of the generator's own conventions. Each such change bumps
:data:`SURFACE`, which the package's manifest records (``"surface"``; a manifest without it, or
a package without a manifest, is surface 1), and is listed here member by member for the package
at hand, so that ``CHANGES.md`` (against the last release, or the package as first committed
when there is none) and ``generate``/``check`` say what breaks.

- 2: an optional member of a model reads ``None`` when absent, typed ``X | None`` (it was
  ``X | Unset``, default ``UNSET``); ``fields_set`` says which members are present.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..ir import Api
from ..spelling import annotation
from .comparison import Change
from .gitlog import git

SURFACE = 2
"""The generation of the generated code's conventions (see the module's notes)."""

MANIFEST = ".botpress-codegen-manifest.json"


def surface_of(manifest: bytes | None) -> int:
    """The surface a manifest's text records: 1 when it predates the record (or is not one)."""
    try:
        data = json.loads(manifest or b"")
    except ValueError:
        return 1
    value = data.get("surface") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def surface_changes(api: Api, old: int) -> list[Change]:
    """The changes of the generated code of ``api`` from surface ``old`` to :data:`SURFACE`."""
    from ..emit.writer_models import keeps_null

    changes: list[Change] = []
    if old < 2:
        for m in api.models:
            for f in m.optional_fields:
                spelled = annotation(f.type)
                before = f"{spelled} | Unset"
                after = spelled if keeps_null(f.type) else f"{spelled} | None"
                message = f"type changed by the generator: {before} -> {after} (None when absent)"
                python = f"models.{m.name}.{f.name}"
                changes.append(Change("member-absent-reads-none", python, f.source or m.source, message, True))
    return sorted(changes, key=lambda c: c.sort_key)


def package_base(top: Path, package: str, base: str | None) -> tuple[str, int] | None:
    """(revision, its surface) the generated code is compared with: the package at ``base`` (the
    last release), else as first committed; None when git holds no such package (nothing was
    ever published from it, so nothing of it can break)."""
    rev = base
    if rev is None:
        log = git(top, "log", "--reverse", "--format=%H", "--", package)
        commits = (log or b"").decode().split()
        if not commits:
            return None
        rev = commits[0]
    if git(top, "rev-parse", "--verify", "--quiet", f"{rev}:{package}") is None:
        return None
    manifest = git(top, "show", f"{rev}:{package}/{MANIFEST}")
    return rev, surface_of(manifest)


def markdown(changes: list[Change], rev: str, released: bool) -> list[str]:
    """The section of ``CHANGES.md`` on the generated code's own changes (none: no lines)."""
    if not changes:
        return []
    since = f"`{rev[:12]}`" + ("" if released else " (the package as first committed)")
    lines = [
        f"## Breaking changes of the generated code ({len(changes)})",
        "",
        f"The same spec gives other code since {since}: the generator changed its conventions"
        f" (surface {SURFACE}). An optional member of a model that is absent reads `None`, typed"
        " `X | None` (it was `X | Unset`, `UNSET` when absent); `fields_set` tells which members"
        " are present. Code comparing these members with `UNSET` must change.",
        "",
    ]
    return [*lines, *(f"- `{c.python}`: {c.message} (`{c.location}`)" for c in changes), ""]


def surface_note(target: Path, manifest: bytes | None, api: Api, say: Callable[[str], None]) -> None:
    """Say so when the package on disk (``manifest``: its manifest, None when there is no
    package) was generated with older conventions (``generate`` and ``check``)."""
    old = surface_of(manifest) if manifest is not None else SURFACE
    found = surface_changes(api, old)
    if found:
        say(
            f"{target}: breaking change of the generated code (generator surface {old} -> {SURFACE}):"
            f" {len(found)} members of models change type (optional members read None when absent,"
            " `X | Unset` -> `X | None`); CHANGES.md lists them"
        )
