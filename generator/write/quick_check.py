"""The quick ``check``: prove that a generated package is up to date without regenerating it.

What the package generated from a spec depends on (the *inputs*: the generator's version and a
digest of its code and templates, the formatter's release, the package name and settings, the SHA-256 of
every file of the spec, the git base of ``CHANGES.md``) is recomputed with a few reads and
hashes, no spec validation, templates or formatter. The answer comes from a record *outside the
repository*, in the content cache (:mod:`generator.cache`, kind ``fastcheck``): each time
``generate`` writes a package, or the full ``check`` finds one up to date, the SHA-256 of every
file of that package is recorded under the digest of its inputs. The quick path passes only when
the package folder holds exactly the files so recorded for the current inputs.

Nothing in the repository is trusted: a pull request can edit the manifest (its record of the
inputs, its SHA-256s) as easily as the code it lists. The manifest's record of the inputs serves
only as a hint of which spec files to hash; a wrong hint gives inputs no run recorded, so the
full check runs. With no record (a fresh CI machine, an empty cache, ``CODEGEN_NO_CACHE=1``), or
an answer this module cannot give (no git history), the full check decides: it regenerates and
compares, and records its verdict for the next run.

This module imports nothing heavy (no validator, Jinja2 or formatter), so the quick path starts fast.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__, cache
from ..report.gitlog import commit_of, locate, release_base, shallow, version_in
from ..resources import PACKAGE, TEMPLATES

if TYPE_CHECKING:
    from ..settings import Settings
    from .files import Ownership

INPUTS = "inputs"
"""The member of the manifest holding the record of the inputs."""


DISTRIBUTION = "botpress-codegen"
_PIN = re.compile(r"(ruff|black)\s*==\s*([\w.!+-]+)\s*(?:;.*)?", re.IGNORECASE)


FORMATTERS = ("ruff", "black")  # the distributions whose releases decide the output's layout


@functools.cache
def formatter_pin() -> str | None:
    """The formatters' releases the output is formatted with, ``ruff==X black==Y``: the ones
    pyproject.toml pins, read from the installed distribution's metadata, else from the
    pyproject.toml of a checkout run without installing. Under any other release, or with a pin
    missing (None), the quick path steps aside for the full check."""
    try:
        requirements = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        requirements = _checkout_requirements()
    pins: dict[str, list[str]] = {name: [] for name in FORMATTERS}
    for match in map(_PIN.fullmatch, (r.strip() for r in requirements)):
        if match and "extra" not in match.group(0):
            pins[match.group(1).lower()].append(match.group(2))
    if any(len(found) != 1 for found in pins.values()):
        return None
    return " ".join(f"{name}=={found[0]}" for name, found in pins.items())


def _checkout_requirements() -> list[str]:
    try:
        project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return []
    dependencies = project.get("dependencies") if project.get("name") == DISTRIBUTION else None
    return [d for d in dependencies if isinstance(d, str)] if isinstance(dependencies, list) else []


@functools.cache
def code_digest() -> str:
    """SHA-256 over the generator's own code and templates (what decides its output)."""
    digest = hashlib.sha256()
    for label, root, suffix in (("code", PACKAGE, ".py"), ("templates", TEMPLATES, ".jinja")):
        for path in sorted(p for p in root.rglob("*" + suffix) if "__pycache__" not in p.parts):
            digest.update(f"{label}/{path.relative_to(root).as_posix()}".encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _formatter_version() -> str:
    """The installed formatters' releases, as :func:`formatter_pin` spells them."""
    versions = []
    for name in FORMATTERS:
        try:
            versions.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:  # pragma: no cover - both are dependencies
            versions.append(f"{name} missing")
    return " ".join(versions)


def spec_hashes(spec: str | Path, files: Iterable[Path]) -> dict[str, str] | None:
    """SHA-256 of each file of the spec, keyed by its path relative to the root spec's folder."""
    root = Path(spec).resolve().parent
    out: dict[str, str] = {}
    for path in files:
        try:
            rel = Path(path).resolve().relative_to(root).as_posix()
        except (OSError, ValueError):
            return None
        data = _bounded_read(Path(path))
        if data is None:
            return None
        out[rel] = hashlib.sha256(data).hexdigest()
    return dict(sorted(out.items()))


def _bounded_read(path: Path) -> bytes | None:
    """The bytes of a regular file within the loader's limits (None for anything else: a FIFO,
    a device, a huge file); the file names may come from the manifest, which is not trusted."""
    from ..load.limits import Budget, read_bytes
    from ..problems import SpecError

    try:
        return read_bytes(path, str(path), Budget())
    except SpecError:
        return None


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
    text = _bounded_read(Path(spec))
    version = None if text is None else version_in(text, rel)
    if version is None:
        return None
    base = release_base(top, rel, version)
    if base is None:
        return None if shallow(top) else "no earlier version"
    commit = commit_of(top, base)
    return None if commit is None else f"release {base} {commit}"


def inputs(
    spec: str | Path,
    files: Iterable[Path],
    package: str,
    changes: bool,
    since: str | None,
    settings: dict[str, object] | None = None,
) -> dict[str, object] | None:
    """The record of what the package generated from ``spec`` depends on (None: cannot tell).
    Run modes are not inputs (``--strict`` changes the verdict, never the files): the record in
    the cache says whether the run was clean enough for ``--strict``."""
    hashes = spec_hashes(spec, files)
    if hashes is None:
        return None
    key = changes_key(spec, since) if changes or since else "off"
    if key is None:
        return None
    record: dict[str, object] = {
        "generator": f"{__version__} {code_digest()}",
        "package": package,
        "changes": key,
        "spec": hashes,
    }
    record.update(settings or {})  # what else changes the files: custom templates, the project file
    return record


def run_key(settings: Settings) -> str:
    """What else decides the files, kept out of the manifest (it is machine-specific): the
    ``--spec`` given (its resolved path: a sibling file with the same hint of files is another
    input), the package name, and every option that reaches the output (``--ref-root``, the
    files kept, ``--project``, ``--templates``, the changes' base). Any difference: the full check."""
    options = {
        "spec": str(Path(settings.spec).resolve()),
        "package": settings.package,
        "ref_root": None if settings.ref_root is None else str(Path(settings.ref_root).resolve()),
        "keep": list(settings.keep),
        "project": settings.project,
        "templates": None if settings.templates is None else str(Path(settings.templates).resolve()),
        "changes": settings.with_changes,
        "since": settings.changes_since,
    }
    return json.dumps(options, sort_keys=True)


def _record_key(recorded_inputs: dict[str, object], settings: Settings) -> str:
    record = json.dumps(recorded_inputs, sort_keys=True)
    return cache.key("fastcheck 4", _formatter_version(), record, run_key(settings))


def file_hashes(files: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())}


def remember(
    current: dict[str, object] | None,
    files: dict[str, str],
    bump_ok: bool,
    report: dict[str, object],
    settings: Settings,
) -> None:
    """Record, outside the repository, that ``current`` inputs give exactly ``files`` (the whole
    package folder as generate writes it, the manifest included), whether the version bumps
    enough for ``--strict``, and ``report``: the counts of the summary line (operations, models,
    warnings by class), which the quick check prints and judges as the build would."""
    folder = cache.cache_dir("fastcheck")
    if current is None or folder is None or _formatter_version() != formatter_pin():
        return
    # one file's bytes at a time: a large package is not held twice
    hashes = {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in sorted(files.items())}
    cache.write(
        folder,
        _record_key(current, settings),
        json.dumps({"files": hashes, "bump_ok": bump_ok, "report": report}, sort_keys=True),
    )


def up_to_date(
    settings: Settings, info: Ownership, recorded: dict[str, object] | None = None
) -> dict[str, object] | None:
    """The recorded report (see :func:`remember`) when the package folder ``info`` (read by
    :func:`generator.write.files.ownership`) is provably what ``generate`` would write now:
    exactly the files recorded in the cache for the current inputs; else None."""
    from .provenance import MANIFEST

    folder = cache.cache_dir("fastcheck")
    if folder is None or _formatter_version() != formatter_pin() or info.refused or not info.is_dir:
        return None
    try:
        data = json.loads(info.disk.get(MANIFEST, b""))
    except ValueError:
        return None
    hint = data.get(INPUTS) if isinstance(data, dict) else None  # which spec files: a hint, not trusted
    if not isinstance(hint, dict) or not isinstance(hint.get("spec"), dict):
        return None
    spec = Path(settings.spec)
    root = spec.resolve().parent
    files = {root / str(rel) for rel in hint["spec"]} | {spec.resolve()}  # the --spec given is always hashed
    current = inputs(spec, sorted(files), settings.package, settings.with_changes, settings.changes_since, recorded)
    if current is None:
        return None
    text = cache.read(folder, _record_key(current, settings))
    if text is None:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    if not isinstance(record, dict) or (settings.strict and record.get("bump_ok") is not True):
        return None
    report = record.get("report")
    if not isinstance(report, dict) or not _is_report(report) or record.get("files") != file_hashes(info.disk):
        return None
    return report


def _is_report(report: dict[str, Any]) -> bool:
    """Whether the cache's ``report`` has the shape :func:`remember` writes."""
    if not isinstance(report.get("classes"), dict):
        return False
    numbers = [report.get("operations"), report.get("models"), *report["classes"].values()]
    return all(type(n) is int for n in numbers) and all(isinstance(k, str) for k in report["classes"])


__all__ = [
    "INPUTS",
    "changes_key",
    "code_digest",
    "file_hashes",
    "inputs",
    "remember",
    "run_key",
    "spec_hashes",
    "up_to_date",
]
