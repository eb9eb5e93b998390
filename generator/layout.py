"""Layouts Black would choose, for the long statements the writer emits most.

Black formats every generated block anyway: it is the formatter, and the output is always its
own. But a block Black leaves unchanged costs it one pass instead of two, so the writer lays out
its frequent long statements the way Black would (a condition split at its operators, a call or
a ``def`` split at its brackets). Where these guesses miss a case, the output is the same and
only the formatting is slower. Lines are relative to the statement's indentation ``indent``.
"""

from __future__ import annotations

WIDTH = 100  # Black's line length (generator.format.MODE)
_STEP = 4


def fits(indent: int, text: str) -> bool:
    return indent + len(text) <= WIDTH


def condition(keyword: str, terms: list[str], op: str, indent: int) -> list[str]:
    """``keyword a op b op c:`` (``if``, ``elif``, ``while``): on one line, else its terms
    inside parentheses on one line, else one term a line, each after the operator."""
    joined = f" {op} ".join(terms)
    if fits(indent, f"{keyword} {joined}:"):
        return [f"{keyword} {joined}:"]
    if fits(indent + _STEP, joined):
        return [f"{keyword} (", f"    {joined}", "):"]
    return [f"{keyword} (", f"    {terms[0]}", *(f"    {op} {term}" for term in terms[1:]), "):"]


def call(head: str, args: list[str], tail: str, indent: int) -> list[str]:
    """``head(args)tail`` (a call, or a ``def`` with ``tail`` its return annotation and colon):
    on one line, else its arguments on one line between the brackets, else one a line with a
    trailing comma."""
    joined = ", ".join(args)
    if fits(indent, f"{head}({joined}){tail}"):
        return [f"{head}({joined}){tail}"]
    if fits(indent + _STEP, joined) or len(args) == 1:
        return [f"{head}(", f"    {joined}", f"){tail}"]
    return [f"{head}(", *(f"    {arg}," for arg in args), f"){tail}"]


def indented(lines: list[str], by: int = _STEP) -> list[str]:
    return [" " * by + line if line else line for line in lines]
