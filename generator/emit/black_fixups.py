"""Give Ruff's output Black's form in the statements where they part, without running Black over
the whole module (:mod:`generator.emit.format` says why both run and finds those statements).

Black formats about 2,000 lines a second: a module of 3,000 lines holding one such statement
cost a second and a half, and GitHub's document has 250 such modules (Black took more CPU than
every other stage of its generation together). Here each statement is mended alone:

- a docstring whose last line is over the width with its closing quotes: Black puts the quotes
  on a line of their own (its rule, as ``black.linegen.LineGenerator.visit_STRING`` states it:
  a docstring of several lines, not ending in a backslash); any other string stays as it is;
- any other simple statement (``NAME: T = value`` over the width, a comprehension holding a
  conditional expression Ruff split): Black formats that statement alone, cut out of the module,
  at the width its indentation leaves (Black's layout of a simple statement depends on nothing
  around it but its depth).

A module these rules cannot mend with certainty (a flagged line in no simple statement, such as
a function's signature) is given whole to Black, as before. On GitHub's document (2,605 modules
flagged) the mended modules equal Black's output of the whole module, every one;
tests/generator/test_format.py holds the result to Black's for the goldens and the corpus.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from .layout import WIDTH

_QUOTES = '"""'


def mend(text: str, flagged: set[int], black: Callable[[str, int], str], tree: ast.Module | None = None) -> str | None:
    """``text`` (Ruff's output) with the statements holding the ``flagged`` lines (1-based, over
    the width) in Black's form, ``black(source, width)`` formatting one statement; None when a
    flagged line is not one this module knows how to mend. ``tree``: ``text`` parsed, if it was."""
    if tree is None:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return None
    lines = text.splitlines(keepends=True)
    left = set(flagged)  # the flagged lines no statement mended yet
    edits: dict[int, tuple[int, list[str]]] = {}  # first line (0-based) -> (end, new lines)
    for node, docstring in _statements(tree):
        first, last = node.lineno, node.end_lineno or node.lineno
        hit = {n for n in left if first <= n <= last}
        if not hit:
            continue
        new = _mended(node, docstring, lines[first - 1 : last], black)
        if new is None:
            return None
        edits[first - 1] = (last, new)
        left -= hit
    if left:
        return None
    out: list[str] = []
    at = 0
    for start in sorted(edits):
        end, new = edits[start]
        out.extend(lines[at:start])
        out.extend(new)
        at = end
    out.extend(lines[at:])
    return "".join(out)


def _statements(tree: ast.Module) -> list[tuple[ast.stmt, bool]]:
    """The simple statements of every block (compound ones are walked into), each with whether
    Black takes it for a docstring: a string first in its block (a module, class, function...)."""
    found: list[tuple[ast.stmt, bool]] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for n, stmt in enumerate(block):
                if hasattr(stmt, "body"):
                    todo.append(stmt)
                else:
                    found.append((stmt, n == 0 and _is_string(stmt)))
    return found


def _is_string(stmt: ast.AST) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _mended(node: ast.stmt, docstring: bool, lines: list[str], black: Callable[[str, int], str]) -> list[str] | None:
    indent = node.col_offset
    if _is_string(node):  # Black reshapes a docstring only; any other string is as Ruff left it
        return _docstring(lines, indent) if docstring else lines
    if any(line[:indent].strip() for line in lines):
        return None  # the statement shares a line with another: not ours to cut
    source = "".join(line[indent:] if line.strip() else line for line in lines)
    formatted = black(source, WIDTH - indent)
    pad = " " * indent
    return [pad + line if line.strip() else line for line in formatted.splitlines(keepends=True)]


def _docstring(lines: list[str], indent: int) -> list[str] | None:
    """A docstring's lines with its closing quotes on a line of their own when its last line is
    over the width with them (Black's rule); None when it is not one this rule is sure of."""
    last = lines[-1].rstrip("\n")
    if len(lines) < 2 or not last.endswith(_QUOTES) or last.strip() == _QUOTES:
        return None  # one line, or the quotes are alone already: Black would not move them
    body = last[: -len(_QUOTES)]
    if len(last) <= WIDTH or body.endswith("\\") or any("\\\n" in line for line in lines):
        return None
    return [*lines[:-1], body + "\n", " " * indent + _QUOTES + "\n"]


__all__ = ["mend"]
