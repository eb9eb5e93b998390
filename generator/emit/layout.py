"""Layouts the formatters would choose, for the long statements the writer emits most.

The formatter (:mod:`generator.emit.format`) lays out every module anyway, but the writer lays
out its frequent long statements the way Black would (a condition split at its operators, a call
or a ``def`` split at its brackets), so the rendered text is close to the output, and two of them
the way Black and Ruff's formatter both keep where each alone would part: a long annotation of a
parameter (:func:`parameter_annotation`) and a string too long for its line (:func:`string_value`).
Lines are relative to the statement's indentation ``indent``.
"""

from __future__ import annotations

from collections.abc import Callable

from .literals import py_str

WIDTH = 120  # the line length of the generated code: the one place that decides it
STEP = 4


def fits(indent: int, text: str) -> bool:
    return indent + len(text) <= WIDTH


def parameter_annotation(name: str, annotation: str, default: str, indent: int) -> str:
    """The annotation of a parameter on a line of its own (``name: annotation = default,``): where
    the line is too long, Black puts an annotation with a ``|`` outside its brackets between
    parentheses (one without splits inside its own brackets, or not at all), and Ruff's formatter
    keeps parentheses it finds, so both give the same lines (Ruff alone would not add them)."""
    tail = f" = {default}," if default else ","
    if fits(indent, f"{name}: {annotation}{tail}") or not _top_level_union(annotation):
        return annotation
    return f"({annotation})"


def _top_level_union(annotation: str) -> bool:
    depth = 0
    for n, char in enumerate(annotation):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "|" and depth == 0 and annotation[n - 1 : n + 2] == " | ":
            return True
    return False


def string_value(head: str, words: list[str], sep: str) -> str:
    """The string ``sep.join(words)`` as the value of ``head`` (``Name: TypeAlias = ``): one
    literal, which the formatter puts between parentheses where that makes it fit; where even
    that is too long, Black keeps one long line that Ruff's formatter would lay out otherwise, so
    the literal is cut between words into implicitly joined parts, one a line, which both keep."""
    whole = py_str(sep.join(words))
    if fits(0, head + whole) or fits(STEP, whole):
        return whole
    parts: list[str] = []
    for n, word in enumerate(words):
        piece = word + (sep if n < len(words) - 1 else "")
        if parts and fits(STEP, py_str(parts[-1] + piece)):
            parts[-1] += piece
        else:
            parts.append(piece)
    return "(\n" + "".join(f"    {py_str(part)}\n" for part in parts) + ")"


def packed(words: list[str], indent: int) -> list[str]:
    """The string of ``words`` separated by spaces as literals to join implicitly, one a line at
    ``indent``: each filled with as many words as fit, cut between words (each part after the
    first starts with the space), the words in order; a word too long for a line alone stands on
    its own line (the formatters leave it so)."""
    parts: list[str] = []
    for word in words:
        if parts and fits(indent, py_str(f"{parts[-1]} {word}")):
            parts[-1] += f" {word}"
        else:
            parts.append(f" {word}" if parts else word)
    return [py_str(part) for part in parts]


def condition(keyword: str, terms: list[str], op: str, indent: int) -> list[str]:
    """``keyword a op b op c:`` (``if``, ``elif``, ``while``): on one line, else its terms
    inside parentheses on one line, else one term a line, each after the operator."""
    joined = f" {op} ".join(terms)
    if fits(indent, f"{keyword} {joined}:"):
        return [f"{keyword} {joined}:"]
    if fits(indent + STEP, joined):
        return [f"{keyword} (", f"    {joined}", "):"]
    return [f"{keyword} (", f"    {terms[0]}", *(f"    {op} {term}" for term in terms[1:]), "):"]


def call(head: str, args: list[str], tail: str, indent: int, brackets: str = "()") -> list[str]:
    """``head(args)tail`` (a call, a ``def`` with ``tail`` its return annotation and colon, or
    with ``brackets="[]"`` a subscript): on one line, else its arguments on one line between the
    brackets, else one a line with a trailing comma."""
    opening, closing = brackets[0], brackets[1]
    joined = ", ".join(args)
    if fits(indent, f"{head}{opening}{joined}{closing}{tail}"):
        return [f"{head}{opening}{joined}{closing}{tail}"]
    if fits(indent + STEP, joined) or len(args) == 1:
        # Black ends a split ``def`` of one parameter with a comma (then it is a magic one)
        comma = "," if len(args) == 1 and head.startswith(("def ", "async def ")) else ""
        return [f"{head}{opening}", f"    {joined}{comma}", f"{closing}{tail}"]
    return [f"{head}{opening}", *(f"    {arg}," for arg in args), f"{closing}{tail}"]


def calls_split(lines: list[str], calls: dict[str, tuple[str, list[str]]], indent: int) -> list[str]:
    """``lines`` (a body at ``indent``) with each statement of ``calls`` (its exact text -> the
    call's head and arguments: known from how it was made, never parsed) that does not fit
    laid out by :func:`call`."""
    out: list[str] = []
    for line in lines:
        statement = line.lstrip(" ")
        margin = line[: len(line) - len(statement)]
        known = calls.get(statement)
        if known is None or fits(indent + len(margin), statement):
            out.append(line)
        else:
            out += [margin + part for part in call(known[0], known[1], "", indent + len(margin))]
    return out


def assigned(target: str, value: Callable[[str, int], list[str]], indent: int) -> list[str]:
    """``target value`` (``target`` ends with ``= ``), ``value(prefix, indent)`` laying out a
    bracketed value after ``prefix``: split at the value's brackets, or where even its first
    line does not fit, the value in parentheses on the lines below."""
    lines = value(target, indent)
    if fits(indent, lines[0]):
        return lines
    return [f"{target}(", *indented(value("", indent + STEP)), ")"]


def union_in_parentheses(head: str, first: list[str], rest: list[str], indent: int) -> list[str]:
    """``head (first | rest...)`` where ``head`` ends with ``= `` and its right-hand side no
    longer fits: Black puts it in parentheses, on one line if it fits there, else one operand a
    line (``first`` already laid out at ``indent + 4``, as lines), each after ``|``."""
    joined = " | ".join([first[0], *rest]) if len(first) == 1 else ""
    if joined and fits(indent, f"{head}{joined}"):
        return [f"{head}{joined}"]
    if joined and fits(indent + STEP, joined):
        return [f"{head}(", f"    {joined}", ")"]
    return [f"{head}(", *indented(first), *(f"    | {term}" for term in rest), ")"]


def indented(lines: list[str], by: int = STEP) -> list[str]:
    return [" " * by + line if line else line for line in lines]
