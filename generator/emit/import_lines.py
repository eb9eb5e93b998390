"""The import lines of a generated module, from the names its pieces need
(:mod:`generator.emit.code`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import layout
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


def reference_needs(refs: Iterable[str], loads: Iterable[str]) -> set[str]:
    """What :func:`reference_lines` writes needs imported."""
    return ({"TYPE_CHECKING"} if refs else set()) | ({"deferred"} if loads else set())


def reference_lines(
    refs: Iterable[str], loads: Iterable[str], placement: Mapping[str, str], typing_only: Iterable[str] = ()
) -> str:
    """The imports of the definitions of sibling modules (of ``models``, of ``_validators``) a
    module uses (``refs``), for type checkers only, with the import lines ``typing_only`` (after
    them: a closer module comes later in isort's order); at run time those its code uses
    (``loads``) are stand-ins importing their module on first use (``_lazy.deferred``). No module
    imports another at its top: loading one loads none of those it refers to, and cycles need no
    order."""
    by_module = _by_module(refs, placement)
    typing_lines = [f"    from .{module} import {', '.join(names)}" for module, names in by_module.items()]
    typing_lines += [f"    {line}" for line in typing_only]
    if not typing_lines:
        return ""
    lines = ["if TYPE_CHECKING:", *typing_lines]
    later: list[str] = []
    for module, names in _by_module(loads, placement).items():
        entry = f'".{module} {" ".join(names)}",'
        fits = layout.fits(2 * layout.STEP, entry)  # else one name an entry (a long line is not split)
        later += [entry.removesuffix(",")] if fits else [f'".{module} {name}"' for name in names]
    if later:
        lines += ["else:", *layout.indented(layout.call("deferred", ["globals()", *later], "", 4))]
    return "\n".join(lines)


def _by_module(names: Iterable[str], placement: Mapping[str, str]) -> dict[str, list[str]]:
    """The modules of ``names`` (sorted), each with its names (sorted)."""
    by_module: dict[str, list[str]] = {}
    for name in sorted(names):
        by_module.setdefault(placement[name], []).append(name)
    return dict(sorted(by_module.items()))


def _from(module: str, names: list[str], exploded: bool) -> str:
    if exploded:
        return f"from {module} import (\n" + "".join(f"    {n},\n" for n in names) + ")"
    return f"from {module} import {', '.join(names)}"
