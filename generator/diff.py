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

:mod:`generator.changes` writes the same report, in Markdown, against the last release of the
spec in git (``CHANGES.md`` of the generated package), and reads ``REV:path`` arguments.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .build import build_api
from .compare import Change, Report, compare
from .ir import Api
from .load import Document, load_document
from .problems import Problem, SpecError

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


__all__ = [
    "Change",
    "Report",
    "compare",
    "diff_specs",
    "format_json",
    "format_markdown",
    "format_text",
    "load_api",
    "run",
]
