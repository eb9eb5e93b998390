"""Schema keywords that contradict their own schema, found while :mod:`generator.load.keyword_types`
walks the schemas (after it dropped the keywords of the wrong type).

A keyword no value of its schema can satisfy would give a request check that refuses every call
and a type mypy finds pointless (an ``integer`` with ``enum: ["BASIC", "FULL"]``, an ``array``
whose ``enum`` lists strings, ``minimum`` above ``maximum``, ``minLength`` above ``maxLength``, a
``pattern`` on an ``integer``). Each is dropped from the loaded document with one located warning
saying why, before anything else reads it. (An ``enum`` value another keyword refuses is the
request checks' to settle: :mod:`generator.lower.checks`.)
"""

from __future__ import annotations

import json
import math
from typing import Any, TypeGuard

Finding = tuple[tuple[str, ...], str, Any]
"""(keywords, warning, replacement): the keywords dropped (or the first replaced by ``replacement``
when it is not :data:`DROP`), and why."""

DROP = object()
_DATE_TIME = len("2000-01-01T00:00:00Z")  # the shortest RFC 3339 date-time

_NUMBERS = frozenset({"number", "integer"})
_STRING_FORMATS = frozenset(
    {"date-time", "date", "time", "duration", "byte", "binary", "uuid", "email", "uri", "hostname", "ipv4", "ipv6"}
)


def fits(value: Any, kind: str) -> bool:
    """Whether the JSON ``value`` is of the JSON Schema type ``kind``."""
    if kind == "integer":
        return type(value) is int or (type(value) is float and math.isfinite(value) and value.is_integer())
    if kind == "number":
        return type(value) in (int, float)
    tests = {"string": str, "boolean": bool, "array": list, "object": dict}
    if kind in tests:
        return type(value) is tests[kind]
    return kind != "null" or value is None


def _types(schema: dict[str, Any]) -> set[str]:
    kinds = schema.get("type")
    found = {kinds} if isinstance(kinds, str) else {k for k in kinds if isinstance(k, str)} if kinds else set()
    return found | ({"null"} if schema.get("nullable") is True and found else set())


def _shown(values: list[Any]) -> str:
    text = ", ".join(json.dumps(v) for v in values[:4]) + (", ..." if len(values) > 4 else "")
    return text if len(text) <= 80 else text[:77] + "..."


def contradictions(schema: dict[str, Any]) -> list[Finding]:
    """The keywords of ``schema`` that contradict it, with why (an empty list for most schemas)."""
    types = _types(schema)
    found: list[Finding] = []
    if types and isinstance(schema.get("enum"), list):
        found += _enum(schema["enum"], types)
    if not types or types & _NUMBERS:
        found += _bounds(schema, types)
    for lo, hi, applies in (("minLength", "maxLength", "string"), ("minItems", "maxItems", "array")) + (
        ("minProperties", "maxProperties", "object"),
    ):
        low, high = schema.get(lo), schema.get(hi)
        if (not types or applies in types) and _count(low) and _count(high) and low > high:
            found.append(((lo, hi), f"{lo} {low} is above {hi} {high}: no value has both; neither is checked", DROP))
    short = schema.get("maxLength")
    if (
        schema.get("format") == "date-time"
        and _count(short)
        and short < _DATE_TIME
        and "string" in (types or {"string"})
    ):
        message = f"format date-time needs {_DATE_TIME} characters (RFC 3339), above maxLength {short}; ignored"
        found.append((("format",), message, DROP))
    if types and "string" not in types:
        shown = "/".join(sorted(types))
        if isinstance(schema.get("pattern"), str):
            found.append((("pattern",), f"pattern applies to strings only, and the type is {shown}; ignored", DROP))
        if schema.get("format") in _STRING_FORMATS:
            message = f"format {schema['format']} applies to strings only, and the type is {shown}; ignored"
            found.append((("format",), message, DROP))
    return found


def _count(value: Any) -> TypeGuard[float]:
    return type(value) is int or (type(value) is float and value.is_integer())


def _finite(value: Any) -> TypeGuard[float]:
    return type(value) in (int, float) and math.isfinite(value)


def _enum(values: list[Any], types: set[str]) -> list[Finding]:
    """An enum with values of another type: those values dropped; none of the type: the enum dropped."""
    wrong = [v for v in values if not any(fits(v, kind) for kind in types) and v is not None]
    if not wrong:
        return []
    shown = "/".join(sorted(types))
    kept = [v for v in values if v not in wrong]
    if not [v for v in kept if v is not None]:
        return [(("enum",), f"enum lists no value of type {shown} ({_shown(wrong)}); ignored", DROP)]
    return [(("enum",), f"enum values {_shown(wrong)} are not of type {shown}; ignored", kept)]


def _bounds(schema: dict[str, Any], types: set[str]) -> list[Finding]:
    """``minimum``/``exclusiveMinimum`` above ``maximum``/``exclusiveMaximum`` (both forms of
    exclusive bounds; for an ``integer``, no whole number between them): all four dropped."""
    low = _bound(schema, "minimum", "exclusiveMinimum", max)
    high = _bound(schema, "maximum", "exclusiveMaximum", min)
    if low is None or high is None:
        return []
    (lo, lo_open), (hi, hi_open) = low, high
    empty = lo > hi or (lo == hi and (lo_open or hi_open))
    if not empty and types and types & _NUMBERS == {"integer"}:
        first = math.floor(lo) + 1 if lo_open else math.ceil(lo)
        last = math.ceil(hi) - 1 if hi_open else math.floor(hi)
        empty = first > last
    if not empty:
        return []
    keywords = tuple(k for k in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum") if k in schema)
    what = "no number" if lo > hi or (lo == hi and (lo_open or hi_open)) else "no integer"
    return [(keywords, f"{what} is within the bounds ({_range(low, high)}); none of them is checked", DROP)]


def _bound(schema: dict[str, Any], plain: str, exclusive: str, tighter: Any) -> tuple[float, bool] | None:
    """The tighter of a schema's bounds on one side: (its value, whether it is exclusive)."""
    found: list[tuple[float, bool]] = []
    value, flag = schema.get(plain), schema.get(exclusive)
    if _finite(value):
        found.append((value, flag is True))
    if _finite(flag):
        found.append((flag, True))
    if not found:
        return None
    edge = tighter(v for v, _ in found)
    return edge, any(open_ for v, open_ in found if v == edge)


def _range(low: tuple[float, bool], high: tuple[float, bool]) -> str:
    return f"{'>' if low[1] else '>='} {low[0]} and {'<' if high[1] else '<='} {high[0]}"
