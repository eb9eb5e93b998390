"""Format generated Python with Black, in-process and pinned (see pyproject.toml)."""

from __future__ import annotations

import black
from black.mode import TargetVersion
from black.parsing import InvalidInput

from .problems import Problem, SpecError

MODE = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)


def format_files(files: dict[str, str], package: str) -> dict[str, str]:
    """Black-format every ``.py`` file; any other file passes unchanged."""
    out: dict[str, str] = {}
    for name, source in files.items():
        if not name.endswith(".py"):
            out[name] = source
            continue
        try:
            out[name] = black.format_str(source, mode=MODE)
        except InvalidInput as exc:  # a generator bug: report it, write nothing
            raise SpecError([Problem(f"{package}/{name}", "", f"generated code does not parse: {exc}")]) from None
    return out
