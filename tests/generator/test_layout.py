"""The generator's layout: no import cycle among its modules, and no module over 500 lines.

The import graph is read with :mod:`ast` (every ``import`` and ``from ... import`` of a
``generator`` module, relative or absolute, wherever it is written, ``TYPE_CHECKING`` blocks
included), so a cycle is found even where Python would tolerate it at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent.parent / "generator"
MAX_LINES = 400
MAX_FUNCTION_LINES = 60
MAX_TEMPLATE_LINES = 150
TEMPLATES = GENERATOR.parent / "templates"
# Modules allowed over MAX_LINES (none today): each at its size then, so it may shrink, not grow.
OVER_LIMIT: dict[str, int] = {}


def _module_name(path: Path) -> str:
    parts = ["generator", *path.relative_to(GENERATOR).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(GENERATOR.rglob("*.py"))}


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in modules:  # ``from .x import name``: the module x
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def test_no_import_cycle() -> None:
    graph = import_graph()
    assert "generator.lower.names" in graph["generator.lower.api"]
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import cycle: " + " -> ".join((*trail[trail.index(name) :], name))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def test_the_graph_sees_relative_imports() -> None:
    """The graph reader sees relative imports (the form a cycle inside generator/ takes)."""
    graph = import_graph()
    assert "generator.lower.models" in graph["generator.lower.operations"]
    assert "generator.ir" in graph["generator.lower.models"]
    assert "generator.lower.operations" not in graph["generator.lower.models"]


def test_no_module_over_400_lines() -> None:
    for path in sorted(GENERATOR.rglob("*.py")):
        relative = path.relative_to(GENERATOR).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= OVER_LIMIT.get(relative, MAX_LINES), f"generator/{relative}: {lines} lines"


def test_no_function_over_60_lines() -> None:
    """Issue 23: a function a newcomer reads whole (its ``def`` line to its last line)."""
    long = []
    for path in sorted(GENERATOR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(
                        f"generator/{path.relative_to(GENERATOR).as_posix()}:{node.lineno} {node.name}: {lines}"
                    )
    assert not long


def test_no_template_over_150_lines() -> None:
    templates = sorted(TEMPLATES.rglob("*.jinja"))
    assert templates
    sizes = {p.relative_to(TEMPLATES).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in templates}
    assert {name: n for name, n in sizes.items() if n > MAX_TEMPLATE_LINES} == {}
