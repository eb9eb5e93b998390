"""Where the generator's own files are: the runtime copied into every package, and the templates.

The templates live in the repository's top-level ``templates/`` folder; the wheel ships them
inside the package (``generator/templates``, mapped in pyproject.toml), so an installed tool
finds them there and a checkout finds them beside the package. Only these two places are looked
at: never a ``templates`` folder that merely happens to sit beside an installed package.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jinja2

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


class TemplateError(Exception):
    """A custom templates folder that cannot be used, as one line."""


_custom: dict[str, Path] = {}
"""The custom templates in use: the generator's template name (``readme/usage.md.jinja``) -> file."""


def custom_templates(folder: str | Path) -> dict[str, Path]:
    """The templates of ``folder`` that override the generator's: each ``*.jinja`` file there
    names one of the generator's templates by its path under ``templates/`` (``readme/x.jinja``)
    or by its file name alone (``x.jinja``). Anything else is an error (a misspelt name would
    silently change nothing)."""
    root = Path(folder)
    if not root.is_dir():
        raise TemplateError(f"{folder}: --templates: not a folder")
    known = sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.jinja"))
    by_name: dict[str, list[str]] = {}
    for name in known:
        by_name.setdefault(name.rsplit("/", 1)[-1], []).append(name)
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.jinja")):
        rel = path.relative_to(root).as_posix()
        target = rel if rel in known else None
        if target is None and "/" not in rel and len(by_name.get(rel, [])) == 1:
            target = by_name[rel][0]
        if target is None:
            raise TemplateError(f"{path}: not a template of the generator (known: {', '.join(known)})")
        if target in found:
            raise TemplateError(f"{path}: overrides {target} again ({found[target]})")
        found[target] = path
    return found


def template_digests(found: dict[str, Path]) -> dict[str, str]:
    """Template name -> SHA-256 of the custom file that overrides it (what the manifest records)."""
    return {name: hashlib.sha256(path.read_bytes()).hexdigest() for name, path in sorted(found.items())}


@contextlib.contextmanager
def using_templates(found: dict[str, Path]) -> Iterator[None]:
    """Render with the custom templates ``found`` (:func:`custom_templates`) over the generator's."""
    global _custom
    saved, _custom = _custom, dict(found)
    try:
        yield
    finally:
        _custom = saved


def template_loader() -> jinja2.BaseLoader:
    """The Jinja2 loader of the templates: the custom ones in use first, then the generator's."""
    import jinja2

    default = jinja2.FileSystemLoader(str(TEMPLATES))
    if not _custom:
        return default
    overrides = {name: path.read_text(encoding="utf-8") for name, path in _custom.items()}
    return jinja2.ChoiceLoader([jinja2.DictLoader(overrides), default])
