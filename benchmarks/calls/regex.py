"""A string a regular expression matches, spelled out from its parse tree: each repetition taken
``times`` times within its bounds, the first branch of an alternation, a member of each class.
For the values of ``pattern`` schemas (AWS's ARNs: ``^arn:aws([a-z-]+)?:outposts:[a-z\\d-]+:\\d{12}:site/...``)."""

from __future__ import annotations

import re
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

_CATEGORY = {
    c.CATEGORY_DIGIT: "1",
    c.CATEGORY_NOT_DIGIT: "a",
    c.CATEGORY_WORD: "a",
    c.CATEGORY_NOT_WORD: "-",
    c.CATEGORY_SPACE: " ",
    c.CATEGORY_NOT_SPACE: "a",
}
_TRIES = "a1A-_.:/ b0zZ9x"


def example(pattern: str, times: int) -> str | None:
    """A string ``pattern`` may match (check it: lookarounds are not honoured), else None."""
    try:
        tree = parser.parse(pattern)
        return _spell(list(tree), times, {})
    except (re.error, ValueError, TypeError, KeyError, OverflowError, RecursionError):
        return None


def _spell(items: list[tuple[Any, Any]], times: int, groups: dict[int, str]) -> str:
    out: list[str] = []
    for op, av in items:
        if op is c.LITERAL:
            out.append(chr(av))
        elif op is c.NOT_LITERAL:
            out.append("a" if av != ord("a") else "b")
        elif op is c.ANY:
            out.append("a")
        elif op is c.IN:
            out.append(_member(av))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)):
            low, high, sub = av
            count = max(low, min(times, high if high is not c.MAXREPEAT else times))
            out.append("".join(_spell(list(sub), times, groups) for _ in range(count)))
        elif op is c.SUBPATTERN:
            group, _, _, sub = av
            text = _spell(list(sub), times, groups)
            if group is not None:
                groups[group] = text
            out.append(text)
        elif op is getattr(c, "ATOMIC_GROUP", None):
            out.append(_spell(list(av), times, groups))
        elif op is c.BRANCH:
            out.append(_spell(list(av[1][0]), times, groups))
        elif op is c.GROUPREF:
            out.append(groups.get(av, ""))
        elif op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue
        else:
            raise ValueError(f"not spelled: {op}")
    return "".join(out)


def _member(items: list[tuple[Any, Any]]) -> str:
    """A character of a class (``[a-f0-9]``, ``[^:]``, ``[\\S]``)."""
    if items and items[0][0] is c.NEGATE:
        return next((ch for ch in _TRIES if not _in(ch, items[1:])), "\u00e9")
    for op, av in items:
        if op is c.LITERAL:
            return chr(av)
        if op is c.RANGE:
            return chr(av[0])
        if op is c.CATEGORY and av in _CATEGORY:
            return _CATEGORY[av]
    return next((ch for ch in _TRIES if _in(ch, items)), "a")


def _in(ch: str, items: list[tuple[Any, Any]]) -> bool:
    code = ord(ch)
    for op, av in items:
        if op is c.LITERAL and av == code:
            return True
        if op is c.RANGE and av[0] <= code <= av[1]:
            return True
        if op is c.CATEGORY and av in _CATEGORY and re.fullmatch(_class_of(av), ch):
            return True
    return False


def _class_of(category: Any) -> str:
    return {
        c.CATEGORY_DIGIT: r"\d",
        c.CATEGORY_NOT_DIGIT: r"\D",
        c.CATEGORY_WORD: r"\w",
        c.CATEGORY_NOT_WORD: r"\W",
        c.CATEGORY_SPACE: r"\s",
        c.CATEGORY_NOT_SPACE: r"\S",
    }[category]
