"""Where the generator's own files are: the runtime copied into every package, and the templates.

The templates live in the repository's top-level ``templates/`` folder; the wheel ships them
inside the package (``generator/templates``, mapped in pyproject.toml), so an installed tool
finds them there and a checkout finds them beside the package. Only these two places are looked
at: never a ``templates`` folder that merely happens to sit beside an installed package.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The generator's package folder."""

RUNTIME = PACKAGE / "runtime"
"""Modules copied verbatim into every generated package: they do not depend on the spec."""


def _templates() -> Path:
    shipped = PACKAGE / "templates"
    if shipped.is_dir():  # installed from the wheel
        return shipped
    return PACKAGE.parent / "templates"  # a checkout (also an editable install)


TEMPLATES = _templates()
"""The Jinja2 templates of the package's files."""
