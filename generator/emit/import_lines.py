"""The import lines of a generated module, from the names its pieces need
(:mod:`generator.emit.code`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .imports import EXPLODED, IMPORTS


def import_lines(table: str, uses: set[str], depth: int) -> str:
    """The lines of :data:`IMPORTS` ``[table]`` whose names are in ``uses``; ``depth``: how many
    folders below the package the module is (a module of ``models`` reaches the runtime with
    ``..``)."""
    lines: list[str] = []
    up = "." * depth
    for module, names in IMPORTS[table]:
        exploded = (table, module) in EXPLODED
        module = up + module if module.startswith(".") else module
        if not module:
            if lines and lines[-1]:
                lines.append("")
            continue
        if not names:
            if module in uses:
                lines.append(f"import {module}")
            continue
        used = [n for n in names if n.split(" as ")[-1] in uses]
        if used:
            lines.append(_from(module, used, exploded))
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def reference_lines(refs: Iterable[str], placement: Mapping[str, str]) -> str:
    """The import lines of the definitions of other modules of ``models`` a module uses. They come
    last in the module: modules of models refer to each other (in cycles too), only inside
    functions and annotations, so each module is complete before another one reads its names."""
    by_module: dict[str, list[str]] = {}
    for name in sorted(refs):
        by_module.setdefault(placement[name], []).append(name)
    return "\n".join(f"from .{module} import {', '.join(names)}" for module, names in sorted(by_module.items()))


def _from(module: str, names: list[str], exploded: bool) -> str:
    if exploded:
        return f"from {module} import (\n" + "".join(f"    {n},\n" for n in names) + ")"
    return f"from {module} import {', '.join(names)}"
