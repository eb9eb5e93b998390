"""The quick ``check``: prove that a generated package is up to date without regenerating it.

``generate`` records in the package's manifest what its output depends on (the *inputs*): the
generator's version and a digest of its code and templates, the package name and settings, the SHA-256 of every file of the spec it read, and the git base of ``CHANGES.md``. (Black is pinned; the quick path runs only under that release.)
``check`` first recomputes those inputs, which takes a few reads and hashes and no spec
validation, templates or Black; when they equal the record and every file of the package still
has the hash the manifest lists (no hand edit, no foreign file), the package is what ``generate``
would write. Anything else, including an answer this module cannot give (no record, no git
history), falls back to the full check, which regenerates and compares.

This module imports nothing heavy (no validator, Jinja2 or Black), so the quick path starts fast.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from . import __version__
from .gitlog import commit_of, locate, release_base, shallow, version_in

INPUTS = "inputs"
"""The member of the manifest holding the record of the inputs."""

_CODE = Path(__file__).resolve().parent

BLACK_PIN = "26.10.1"
"""The Black release the output is formatted with: pyproject.toml pins exactly this one (a test
keeps the two equal). Under any other Black the quick path steps aside for the full check."""


@cache
def code_digest() -> str:
    """SHA-256 over the generator's own code and templates (what decides its output)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in _CODE.rglob("*") if p.suffix in (".py", ".jinja") and "__pycache__" not in p.parts):
        digest.update(path.relative_to(_CODE).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _black_version() -> str:
    try:
        return importlib.metadata.version("black")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - black is a dependency
        return "missing"


def spec_hashes(spec: str | Path, files: Iterable[Path]) -> dict[str, str] | None:
    """SHA-256 of each file of the spec, keyed by its path relative to the root spec's folder."""
    root = Path(spec).resolve().parent
    out: dict[str, str] = {}
    for path in files:
        try:
            rel = Path(path).resolve().relative_to(root).as_posix()
            out[rel] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except (OSError, ValueError):
            return None
    return dict(sorted(out.items()))


def changes_key(spec: str | Path, since: str | None) -> str | None:
    """What ``CHANGES.md`` is computed against, as a string: the base revision and its commit.

    None when that cannot be known from here (no git, a shallow clone, an unknown revision):
    the full check decides then.
    """
    found = locate(spec)
    if found is None:
        return None
    top, rel = found
    if since is not None:
        commit = commit_of(top, since)
        return None if commit is None else f"since {since} {commit}"
    version = version_in(Path(spec).read_bytes(), rel)
    if version is None:
        return None
    base = release_base(top, rel, version)
    if base is None:
        return None if shallow(top) else "no earlier version"
    commit = commit_of(top, base)
    return None if commit is None else f"release {base} {commit}"


def inputs(
    spec: str | Path, files: Iterable[Path], package: str, strict: bool, changes: bool, since: str | None
) -> dict[str, object] | None:
    """The record of what the package generated from ``spec`` depends on (None: cannot tell)."""
    hashes = spec_hashes(spec, files)
    key = changes_key(spec, since) if changes or since else "off"
    if hashes is None or key is None:
        return None
    return {
        "generator": f"{__version__} {code_digest()}",
        "package": package,
        "strict": strict,
        "changes": key,
        "spec": hashes,
    }


def _manifest(target: Path) -> dict[str, object] | None:
    from .provenance import MANIFEST

    try:
        data = json.loads((target / MANIFEST).read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def up_to_date(spec: str | Path, target: Path, package: str, strict: bool, changes: bool, since: str | None) -> bool:
    """True when the package at ``target`` is provably what ``generate`` would write now."""
    from .write import ownership

    if _black_version() != BLACK_PIN:
        return False
    data = _manifest(target)
    recorded = data.get(INPUTS) if data else None
    if not isinstance(recorded, dict) or not isinstance(recorded.get("spec"), dict):
        return False
    root = Path(spec).resolve().parent
    current = inputs(spec, (root / rel for rel in recorded["spec"]), package, strict, changes, since)
    if current is None or current != recorded:
        return False
    info = ownership(target)
    if info.manifest is None or info.foreign or info.edited:
        return False
    return all((target / name).is_file() for name in info.manifest)


__all__ = ["INPUTS", "changes_key", "code_digest", "inputs", "spec_hashes", "up_to_date"]
