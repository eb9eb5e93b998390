"""Which runtime modules a package copies: those its own modules import, and every module those
import in turn (issue 35). The MCP server's modules are in every package.

Read from the texts themselves (the rendered modules and the runtime's sources), so a module a
package uses is always copied: any relative import naming a runtime module counts, at any depth
of the package and inside functions too (copying one module too many is harmless, one too few is
not).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from ..resources import RUNTIME

ALWAYS = ("mcp.py", "_mcp.py", "_mcp_tools.py")
"""The MCP server's modules: every package serves its operations as MCP tools."""

# ``from ._x import ...``, ``from .._x.y import ...`` (group 1; ``from ..testing._x``: the test kit's
# engine, group 1 ``testing._x``), ``from . import (_x, _y)`` (group 2, over lines), ``from . import
# _x, _y`` (group 3).
_IMPORT = re.compile(
    r"^[ \t]*from[ \t]+\.+(?:((?:testing\.)?[A-Za-z_]\w*)|[ \t]+import[ \t]+(?:\(([^)]*)\)|([^\n]*)))", re.MULTILINE
)


def imported(text: str) -> set[str]:
    """The module names (first part, or the engine's module of ``testing``) ``text`` imports
    relatively."""
    names: set[str] = set()
    for module, grouped, listed in _IMPORT.findall(text):
        if module:
            names.add(module.removeprefix("testing."))
        else:
            parts = (grouped or listed).split(",")
            names.update(part.split(" as ")[0].strip() for part in parts if part.strip())
    return names


@lru_cache(maxsize=1)
def _graph() -> dict[str, frozenset[str]]:
    """Runtime file (its path in the package: ``testing/_testing.py`` for the test kit's
    engine) -> the runtime files it imports (stems are unique across the folders)."""
    files = sorted(p.relative_to(RUNTIME).as_posix() for p in RUNTIME.rglob("*.py") if p.name != "__init__.py")
    stems = {_stem(name): name for name in files}
    graph: dict[str, frozenset[str]] = {}
    for name in files:
        text = (RUNTIME / name).read_text(encoding="utf-8")
        graph[name] = frozenset(stems[m] for m in imported(text) if m in stems)
    return graph


def needed(files: Mapping[str, str], candidates: Iterable[str], also: Iterable[str] = ()) -> tuple[str, ...]:
    """The runtime files of ``candidates`` the package's own ``files`` reach by import, with
    :data:`ALWAYS` and ``also`` (what a module imports by name: ``_oauth``, which
    ``_credentials`` loads for a client-credentials scheme), in ``candidates``' order."""
    graph = _graph()
    stems = {_stem(name): name for name in graph}
    todo = [*ALWAYS, *also]
    for name, text in files.items():
        if name.endswith((".py", ".pyi")):
            todo.extend(stems[m] for m in imported(text) if m in stems)
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(graph[name])
    return tuple(name for name in candidates if name in reached)


def _stem(name: str) -> str:
    return name.rpartition("/")[2].removesuffix(".py")
