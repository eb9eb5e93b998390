"""What ``check`` says when the package on disk is not what ``generate`` would write: a summary
first (the files that differ, the files edited by hand, the API changes since the spec the package
was generated from, one line each), then the unified diff, capped at :data:`DIFF_LINES` lines.

The spec the package was generated from is found in git history by the SHA-256 the manifest
records for the root spec file (its record of the inputs; a hint only: the spec found is loaded
and compared like any other), among the last :data:`HISTORY` commits of the spec.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from pathlib import Path

from ..ir import Api
from ..load.reader import Document
from ..problems import SpecError
from .compare import Change, compare
from .gitlog import git, locate

DIFF_LINES = 200
"""The diff ``check`` prints on drift is cut after this many lines (``--full-diff``: all)."""

HISTORY = 200


def _generated_from(spec: str, spec_sha: str) -> tuple[Path, str, str] | str:
    """(repository root, commit, path) of the spec whose root file has SHA-256 ``spec_sha``; or
    why it is not known."""
    try:
        if hashlib.sha256(Path(spec).read_bytes()).hexdigest() == spec_sha:
            return "none: the package was generated from this very spec"
    except OSError:
        pass
    found = locate(spec)
    if found is None:
        return "unknown: no git history holds the spec the package was generated from"
    top, rel = found
    log = git(top, "log", f"-n{HISTORY}", "--format=%H", "--", rel)
    for commit in (log or b"").decode().split():
        data = git(top, "show", f"{commit}:{rel}")
        if data is not None and hashlib.sha256(data).hexdigest() == spec_sha:
            return top, commit, rel
    return f"unknown: the spec the package was generated from is not in the last {HISTORY} commits of {rel}"


def api_changes(spec: str, doc: Document, api: Api, spec_sha: str | None) -> tuple[str, list[Change]]:
    """(what the changes are counted from, the changes) from the spec the package on disk was
    generated from to ``spec`` (already built as ``doc``/``api``)."""
    from .changes import _load_at

    if not spec_sha or not re.fullmatch(r"[0-9a-f]{64}", spec_sha):
        return "unknown: the manifest records no spec", []
    found = _generated_from(spec, spec_sha)
    if isinstance(found, str):
        return found, []
    top, commit, rel = found
    label = f"{commit[:12]}:{rel}"
    with tempfile.TemporaryDirectory(prefix="generator-drift-") as tmp:
        try:
            old_doc, old_api = _load_at(top, commit, rel, label, Path(tmp), api.package)
        except SpecError:
            return f"unknown: {label} could not be read", []
    display = doc.display
    doc.display = rel
    try:
        report = compare(old_doc, old_api, doc, api)
    finally:
        doc.display = display
    return f"since `{label}`", [*report.breaking, *report.non_breaking]


def summary(
    target: Path,
    changed: list[str],
    edited: list[str],
    foreign: list[str],
    api: tuple[str, list[Change]] | None,
) -> list[str]:
    """The lines ``check`` prints first on drift."""
    lines = [f"{target} is stale:"]
    lines.append(f"  files that differ ({len(changed)}): {', '.join(changed) or 'none'}")
    if edited:
        lines.append(f"  edited by hand ({len(edited)}): {', '.join(edited)}")
    if foreign:
        lines.append(f"  not written by the generator ({len(foreign)}): {', '.join(foreign)}")
    if api is not None:
        where, changes = api
        if changes:
            lines.append(f"  API changes {where} ({len(changes)}):")
            lines += [f"    {'breaking' if c.breaking else 'non-breaking'}: {c.python}: {c.message}" for c in changes]
        else:
            lines.append(f"  API changes: {where}" if where.startswith(("none", "unknown")) else "  API changes: none")
    return lines


def capped(diff: str, limit: int | None, full: str) -> str:
    """``diff`` cut after ``limit`` lines (None: all), saying how to see the rest (``full``)."""
    lines = diff.splitlines(keepends=True)
    if limit is None or len(lines) <= limit:
        return diff
    return "".join(lines[:limit]) + f"... {len(lines) - limit} more lines of diff: {full} shows them all\n"


__all__ = ["DIFF_LINES", "api_changes", "capped", "summary"]
