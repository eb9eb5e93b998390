"""What a regeneration changes for the code that calls the client.

``python -m generator diff OLD_SPEC NEW_SPEC [--format text|json]`` builds the IR of both
documents and compares the IRs, so the report speaks of the generated client (methods, keyword
arguments, models, attributes and their annotations), never of YAML. Each change names the Python
name and the spec location (``FILE#/pointer``: the new document for what exists there, the old one
for what was removed), grouped as breaking and non-breaking. Exit 1 when anything breaking was
found, 0 otherwise, 2 on bad input.

The comparison itself is :mod:`generator.compare` (IRs only: locations were recorded at build
time) with :mod:`generator.shapes` (types by shape), so a schema renamed in ``components`` is
reported once, as a rename, and not as a change of every member that uses it.

:func:`changes_from_git` writes the same report, in Markdown, against the previous version of the
spec committed to git (``CHANGES.md`` of the generated package).
"""

from __future__ import annotations

import io
import json
import posixpath
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

from .build import build_api
from .compare import Change, Report, compare
from .ir import Api
from .load import Document, load_document
from .problems import Problem, SpecError

NO_PREVIOUS = "No earlier version of the spec in git."
NO_CHANGES = "No changes to the generated client."


# -- entry points ------------------------------------------------------------------------------


def load_api(spec: str | Path, package: str = "client") -> tuple[Document, Api]:
    """Load and build one document; raises :class:`SpecError`."""
    doc = load_document(spec)
    return doc, build_api(doc, package)


def diff_specs(old: str | Path, new: str | Path) -> Report:
    """The report from ``old`` to ``new``; raises one :class:`SpecError` with the problems of both."""
    problems: list[Problem] = []
    loaded: list[tuple[Document, Api]] = []
    for spec in (old, new):
        try:
            loaded.append(load_api(spec))
        except SpecError as exc:
            problems.extend(exc.problems)
    if problems:
        raise SpecError(problems)
    (old_doc, old_api), (new_doc, new_api) = loaded
    return compare(old_doc, old_api, new_doc, new_api)


def _version(v: str) -> str:
    return v or "no version"


def format_text(report: Report) -> str:
    lines = [
        f"API changes from {report.old_label} ({_version(report.old_version)}) "
        f"to {report.new_label} ({_version(report.new_version)})",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        lines.append(NO_CHANGES)
        return "\n".join(lines) + "\n"
    for title, group in (("BREAKING", report.breaking), ("NON-BREAKING", report.non_breaking)):
        lines.append(f"{title} ({len(group)})")
        lines.extend(f"  - {c.python}: {c.message}  [{c.location}]" for c in group)
        if not group:
            lines.append("  (none)")
        lines.append("")
    return "\n".join(lines[:-1]) + "\n"


def format_json(report: Report) -> str:
    data = {
        "breaking": [c.as_json() for c in report.breaking],
        "non_breaking": [c.as_json() for c in report.non_breaking],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def format_markdown(report: Report) -> str:
    lines = [
        "# API changes",
        "",
        f"API version {_version(report.old_version)} -> {_version(report.new_version)}: "
        f"`{report.new_label}` compared with the previous version of the spec in git, `{report.old_label}`.",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        lines += [NO_CHANGES, ""]
        return "\n".join(lines)
    for title, group in (("Breaking changes", report.breaking), ("Non-breaking changes", report.non_breaking)):
        lines += [f"## {title} ({len(group)})", ""]
        lines += [f"- `{c.python}`: {c.message} (`{c.location}`)" for c in group] or ["None."]
        lines.append("")
    return "\n".join(lines)


def run(old: str, new: str, fmt: str = "text") -> int:
    """``python -m generator diff``: exit 1 when a change is breaking, 0 otherwise, 2 on bad input."""
    try:
        report = diff_specs(old, new)
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    sys.stdout.write(format_json(report) if fmt == "json" else format_text(report))
    return 1 if report.breaking else 0


# -- the previous version in git ---------------------------------------------------------------


def _git(cwd: Path, *args: str) -> bytes | None:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout


def previous_version(spec: str | Path) -> tuple[Path, str, str] | None:
    """(repository root, commit, repository-relative path) of the spec's previous version.

    Walking ``git log -- SPEC`` from the newest commit, the first commit whose blob of the file
    differs from the file's current content; so committing the current content does not change
    the answer. None without git, outside a repository, or when there is no such commit.
    """
    path = Path(spec).resolve()
    out = _git(path.parent, "rev-parse", "--show-toplevel")
    if out is None:
        return None
    top = Path(out.decode().strip()).resolve()
    try:
        rel = path.relative_to(top).as_posix()
    except ValueError:
        return None
    current = _git(top, "hash-object", "--", rel)
    log = _git(top, "log", "--format=%H", "--", rel)
    if current is None or log is None:
        return None
    for commit in log.decode().split():
        blob = _git(top, "rev-parse", "--verify", "--quiet", f"{commit}:{rel}")
        if blob is not None and blob.strip() != current.strip():
            return top, commit, rel
    return None


def _materialize(top: Path, commit: str, rel: str, dest: Path) -> Path:
    """Write the spec's folder (YAML and JSON files) as of ``commit`` under ``dest``."""
    folder = posixpath.dirname(rel) or "."
    archive = _git(top, "archive", "--format=tar", commit, "--", folder)
    if archive is not None:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar.getmembers():
                name = PurePosixPath(member.name)
                if not member.isfile() or ".." in name.parts or name.is_absolute():
                    continue
                if name.suffix.lower() not in (".yaml", ".yml", ".json"):
                    continue
                handle = tar.extractfile(member)
                if handle is None:
                    continue
                target = dest.joinpath(*name.parts)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(handle.read())
    target = dest.joinpath(*PurePosixPath(rel).parts)
    if not target.is_file():
        blob = _git(top, "show", f"{commit}:{rel}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob or b"")
    return target


def changes_from_git(spec: str, doc: Document, api: Api) -> str:
    """``CHANGES.md``: the report of ``spec`` (already built as ``doc``/``api``) against its previous version in git."""
    found = previous_version(spec)
    if found is None:
        return f"# API changes\n\nAPI version {_version(api.api_version)}. {NO_PREVIOUS}\n"
    top, commit, rel = found
    label = f"{commit[:12]}:{rel}"
    with tempfile.TemporaryDirectory(prefix="generator-diff-") as tmp:
        old_path = _materialize(top, commit, rel, Path(tmp))
        try:
            old_doc = load_document(old_path)
            old_doc.display = label  # locations name the git object, not the temporary copy
            old_api = build_api(old_doc, api.package)
        except SpecError as exc:
            lines = [
                "# API changes",
                "",
                f"API version {_version(api.api_version)}. The previous version of the spec in git, "
                f"`{label}`, could not be compared:",
                "",
            ]
            for p in exc.problems:
                file = label if p.file == str(old_path) else p.file.replace(str(Path(tmp)) + "/", f"{commit[:12]}:")
                lines.append(f"- `{Problem(file, p.pointer, p.message)}`")
            return "\n".join(lines) + "\n"
    return format_markdown(compare(old_doc, old_api, doc, api))


__all__ = [
    "Change",
    "Report",
    "changes_from_git",
    "compare",
    "diff_specs",
    "format_json",
    "format_markdown",
    "format_text",
    "load_api",
    "previous_version",
    "run",
]
