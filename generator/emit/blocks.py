"""Where the formatter may cut a rendered module into blocks that Black formats one by one.

Black formats a module statement by statement, and at the top level it always puts two blank
lines before a class or function and after one; between the methods of a class, one. So a
module cut at those places, each block formatted alone (a method dedented, with the width it
had) and joined again with those blank lines, is exactly Black's output for the whole module
(tests/generator/test_format.py holds this for every golden case). Formatting blocks instead of
modules lets them run in parallel, be cached one by one, and skip Black's second pass on the
blocks its first pass leaves unchanged.

Between two plain top-level statements (no import, class, function, decorator or comment on
either side), Black keeps the blank lines it finds (up to two), so a module may be cut there
too and joined with the blank line it had.

The templates mark the cuts, as lines of one control character: ``UNIT`` before a top-level
class or function (and its decorators), or after one, before the next statement; ``STATEMENT``
in place of the one blank line between two plain top-level statements (a long run of type
aliases, say: one block each instead of one slow block); ``PART`` before a method of a class
(a template may indent that line). A part holds one method: it is
formatted dedented, as a module, where two functions would be two lines apart. Nothing else can
put those characters on a line of their own: docstrings and literals escape every control
character. (Parsing the module to find its definitions instead cost seconds and several times
the memory on large documents.)
"""

from __future__ import annotations

import re
from typing import NamedTuple

UNIT = "\x1e"
PART = "\x1f"
STATEMENT = "\x1d"
_UNIT_LINE = f"\n{UNIT}\n"
_STATEMENT_LINE = f"\n{STATEMENT}\n"
_PART_LINE = re.compile(f"\n *{PART}\n")  # a template may indent it with the method it precedes
_INDENT = "    "

Block = tuple[str, int]  # (text, indentation it stands at: 0, or 4 for a method of a class)

TWO_BLANK_LINES = "\n\n\n"
ONE_BLANK_LINE = "\n\n"


class Unit(NamedTuple):
    """A top-level unit: its parts (a class head, then its methods, dedented), and what stands
    between it and the unit before it in the formatted module."""

    gap: str  # TWO_BLANK_LINES after a UNIT mark, ONE_BLANK_LINE after a STATEMENT mark
    parts: list[Block]


def blocks(source: str) -> list[Unit]:
    """``source`` cut at its marks: the top-level units. A unit whose methods cannot be
    dedented exactly is one part."""
    units: list[Unit] = []
    for unit in ("\n" + source).split(_UNIT_LINE):
        gap = TWO_BLANK_LINES
        for statements in unit.split(_STATEMENT_LINE):
            parts = _parts(statements)
            if parts and parts[0][0].strip():
                units.append(Unit(gap, parts))
                gap = ONE_BLANK_LINE
    return units


def _parts(unit: str) -> list[Block]:
    pieces = _PART_LINE.split(unit)
    head = pieces[0].strip("\n")
    methods = [_dedented(piece) for piece in pieces[1:]]
    if any(method is None for method in methods):
        return [(_PART_LINE.sub("\n", unit).strip("\n") + "\n", 0)]
    parts = [(head + "\n", 0)] if head else []
    return parts + [(method + "\n", 4) for method in methods if method]


def _dedented(piece: str) -> str | None:
    lines = piece.strip("\n").split("\n")
    # Dedenting must be exactly reversible: every line indented, no whitespace-only lines.
    if any((line and not line.startswith(_INDENT)) or (line and not line.strip()) for line in lines):
        return None
    return "\n".join(line[len(_INDENT) :] for line in lines)


def without_cuts(source: str) -> str:
    """``source`` as a module, its marks removed."""
    source = source.replace(_UNIT_LINE, "\n").replace(_STATEMENT_LINE, "\n\n")
    return _PART_LINE.sub("\n", source).removeprefix(UNIT + "\n").removeprefix(STATEMENT + "\n")
