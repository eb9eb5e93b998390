"""Whether a JSON value breaks a request-check rule (:class:`~generator.ir.Rule`), evaluated at
generation time as the generated check would evaluate it: :mod:`generator.lower.checks` drops a
rule that refuses a value the schema's ``enum`` lists."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

from ..ir import Rule, ValueCheck
from ..runtime._serde import _is_date, _is_datetime

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def breaks(rule: Rule, value: Any, regexes: dict[str, str]) -> bool:
    """True when ``value`` breaks ``rule`` (``regexes``: the Python regex of each pattern
    constant); False for a rule that does not apply to the value's type."""
    test, arg = rule.test, rule.arg
    if test in _COMPARE:
        return type(value) in (int, float) and _COMPARE[test](value, arg)
    sized = isinstance(value, (str, list, dict))
    if test == "len_outside":
        return sized and not arg[0] <= len(value) <= arg[1]
    if test == "len_over":
        return sized and len(value) > arg
    if test == "len_under":
        return sized and len(value) < arg
    if test == "no_match" and isinstance(value, str) and arg[0] in regexes:
        const, cap, longest = arg
        if (cap is not None and len(value) > cap) or (longest is not None and len(value) > longest):
            return longest is not None and len(value) > longest
        return re.search(regexes[const], value) is None
    if test == "not_datetime" and isinstance(value, str):
        return not _is_datetime(value)
    if test == "not_date" and isinstance(value, str):
        return not _is_date(value)
    return False


_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "number": lambda v: type(v) in (int, float),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, (list, tuple)),
}


def passes(check: ValueCheck, value: Any, regexes: dict[str, str]) -> bool:
    """Whether ``value`` passes ``check`` as the generated statements test it (a model's own
    check is not evaluated here: it passes)."""
    if value is None and check.nullable:
        return True
    if check.kind in _TYPES and not _TYPES[check.kind](value):
        return False
    if any(breaks(rule, value, regexes) for rule in check.rules):
        return False
    if check.items is None:
        return True
    inner = value if isinstance(value, (list, tuple)) else value.values() if isinstance(value, dict) else ()
    return all(passes(check.items, item, regexes) for item in inner)


def shortest_match(regex: str) -> int:
    """The length of the shortest string the (translated, safe) Python ``regex`` can match; 0
    when Python's parser cannot say."""
    try:
        return int(re._parser.parse(regex).getwidth()[0])  # type: ignore[attr-defined]
    except (AttributeError, re.error, OverflowError, RecursionError):
        return 0
