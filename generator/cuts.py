"""Where the formatter may cut a rendered module into blocks that Black formats one by one.

Black formats a module statement by statement, and at the top level it always puts two blank
lines before a class or function and after one; between the methods of a class, one. So a
module cut at those places, each block formatted alone (a method dedented, with the width it
had) and joined again with those blank lines, is exactly Black's output for the whole module
(tests/generator/test_format.py holds this for every golden case). Formatting blocks instead of
modules lets them run in parallel, be cached one by one, and skip Black's second pass on the
blocks its first pass leaves unchanged.

The templates mark the cuts, as lines of one control character: ``UNIT`` before a top-level
class or function (and its decorators), or after one, before the next statement; ``PART``
before a method of a class (a template may indent that line). A part holds one method: it is
formatted dedented, as a module, where two functions would be two lines apart. Nothing else can
put those characters on a line of their own: docstrings and literals escape every control
character. (Parsing the module to find its definitions instead cost seconds and several times
the memory on large documents.)
"""

from __future__ import annotations

import re

UNIT = "\x1e"
PART = "\x1f"
_UNIT_LINE = f"\n{UNIT}\n"
_PART_LINE = re.compile(f"\n *{PART}\n")  # a template may indent it with the method it precedes
_INDENT = "    "

Block = tuple[str, int]  # (text, indentation it stands at: 0, or 4 for a method of a class)


def blocks(source: str) -> list[list[Block]]:
    """``source`` cut at its marks: the top-level units, each a list of parts (a class head,
    then its methods, dedented). A unit whose methods cannot be dedented exactly is one part."""
    units: list[list[Block]] = []
    for unit in ("\n" + source).split(_UNIT_LINE):
        pieces = _PART_LINE.split(unit)
        head = pieces[0].strip("\n")
        methods = [_dedented(piece) for piece in pieces[1:]]
        if any(method is None for method in methods):
            parts = [(_PART_LINE.sub("\n", unit).strip("\n") + "\n", 0)]
        else:
            parts = [(head + "\n", 0)] if head else []
            parts += [(method + "\n", 4) for method in methods if method]
        if parts and parts[0][0].strip():
            units.append(parts)
    return units


def _dedented(piece: str) -> str | None:
    lines = piece.strip("\n").split("\n")
    # Dedenting must be exactly reversible: every line indented, no whitespace-only lines.
    if any((line and not line.startswith(_INDENT)) or (line and not line.strip()) for line in lines):
        return None
    return "\n".join(line[len(_INDENT) :] for line in lines)


def without_cuts(source: str) -> str:
    """``source`` as a module, its marks removed."""
    return _PART_LINE.sub("\n", source.replace(_UNIT_LINE, "\n")).removeprefix(UNIT + "\n")
