"""What a regeneration changes for the code that calls the client.

``python -m generator diff OLD_SPEC NEW_SPEC [--format text|json]`` builds the IR of both
documents and compares the IRs, so the report speaks of the generated client (methods, keyword
arguments, models, attributes and their annotations), never of YAML. Each change names the Python
name and the spec location (``FILE#/pointer``: the new document for what exists there, the old one
for what was removed), grouped as breaking and non-breaking. Exit 1 when anything breaking was
found, 0 otherwise, 2 on bad input.

The comparison itself is :mod:`generator.report.compare` (IRs only: locations were recorded at build
time) with :mod:`generator.report.shapes` (types by shape), so a schema renamed in ``components`` is
reported once, as a rename, and not as a change of every member that uses it.

:mod:`generator.report.changes` writes the same report, in Markdown, against the last release of the
spec in git (``CHANGES.md`` of the generated package), and reads ``REV:path`` arguments.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..ir import Api
from ..load.reader import Document, load_document
from ..lower.api import build_api
from .compare import Change, Report, compare

NO_CHANGES = "No changes to the generated client."


# -- entry points ------------------------------------------------------------------------------


def load_api(spec: str | Path, package: str = "client") -> tuple[Document, Api]:
    """Load and build one document; raises :class:`SpecError`."""
    doc = load_document(spec)
    return doc, build_api(doc, package)


def _version(v: str) -> str:
    return v or "no version"


def format_text(report: Report, semver: str = "") -> str:
    """The report as text; ``semver``, the verdict line on the version bump, last."""
    lines = [
        f"API changes from {report.old_label} ({_version(report.old_version)}) "
        f"to {report.new_label} ({_version(report.new_version)})",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        lines += [NO_CHANGES, ""]
    else:
        for title, group in (("BREAKING", report.breaking), ("NON-BREAKING", report.non_breaking)):
            lines.append(f"{title} ({len(group)})")
            lines.extend(f"  - {c.python}: {c.message}  [{c.location}]" for c in group)
            if not group:
                lines.append("  (none)")
            lines.append("")
    if semver:
        lines += [semver, ""]
    return "\n".join(lines[:-1]) + "\n"


def format_json(report: Report, semver: dict[str, object] | None = None) -> str:
    """The report as JSON: the changes, each with its location, and ``semver``'s members (the
    versions, the bump the changes need and the one they got, whether it is enough)."""
    data = {
        **(semver or {}),
        "breaking": [c.as_json() for c in report.breaking],
        "non_breaking": [c.as_json() for c in report.non_breaking],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


__all__ = ["Change", "Report", "compare", "format_json", "format_text", "load_api"]
