"""JSON and date-time conversions shared by the models and the client.

``orjson`` is used when it is installed; the results are identical either way.

:func:`json_loads` accepts strict JSON only: ``NaN``, ``Infinity`` and numbers too large for a
float (``1e999``) are refused, as is nesting deeper than :data:`MAX_JSON_DEPTH`; each raises
``ValueError`` (never ``RecursionError``), which the client turns into a typed error. So every
value read can be written back (``to_dict()``, ``json_dumps``). An answer read into models is
bounded by the models instead: what they keep as it came (free-form members, unknown members)
goes through :func:`_bounded`, and their own nesting ends in a typed error too.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta, timezone
from itertools import chain
from types import MappingProxyType
from typing import Any, TypeVar

__all__ = [
    "MAX_JSON_DEPTH",
    "_CONTAINERS",
    "_SHAPES",
    "_bounded",
    "_extra_members",
    "_format_datetime",
    "_is_date",
    "_is_datetime",
    "_parse_datetime",
    "_shape",
    "_to_json",
    "json_dumps",
    "json_loads",
]

MAX_JSON_DEPTH = 512
"""Arrays and objects nested deeper than this are refused (``ValueError``)."""

_loads: Callable[[str | bytes], Any]
json_dumps: Callable[[Any], bytes]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number out of range: {text[:40]}")
    return value


def _std_loads(data: str | bytes) -> Any:
    if type(data) is bytes and data[:1] in _OPENING and data[1:2] != b"\x00":
        # an answer's usual form: UTF-8 (json.detect_encoding's answer for a text opening with a
        # bracket and no zero byte after it) with the value at once: straight to the C scanner,
        # sparing the standard library's Python steps around it (a tenth of a small answer's parse)
        text = data.decode("utf-8", "surrogatepass")
        try:
            value, end = _scan(text, 0)
        except StopIteration:  # pragma: no cover - a bracket always starts a value
            return _decoder.decode(text)
        if end == len(text) or not text[end:].strip(" \t\n\r"):  # JSON's whitespace after it
            return value
        return _decoder.decode(text)  # raises its "Extra data" error
    if isinstance(data, (bytes, bytearray)):
        data = data.decode(json.detect_encoding(data), "surrogatepass")
    if data.startswith("\ufeff"):
        raise ValueError("unexpected UTF-8 BOM")
    return _decoder.decode(data)


_decoder = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float)
# the decoder's C scanner (an attribute its __init__ sets, which the stubs do not declare)
_scan: Callable[[str, int], tuple[Any, int]] = vars(_decoder)["scan_once"]
_OPENING = (b"{", b"[")

try:  # pragma: no cover - depends on the environment
    import orjson as _orjson  # type: ignore[import-not-found, unused-ignore]

    def _loads(data: str | bytes) -> Any:  # refuses NaN, Infinity and 1e999 itself
        try:
            return _orjson.loads(data)
        except _orjson.JSONDecodeError as exc:
            if "depth" in str(exc) or "recursion" in str(exc):
                raise RecursionError from None  # the same message as the standard library's
            raise

    def json_dumps(value: Any) -> bytes:
        encoded: bytes = _orjson.dumps(value)
        if b"null" in encoded and _non_finite(value):  # orjson writes NaN and infinities as null
            raise ValueError("Out of range float values are not JSON compliant")
        return encoded

    def _non_finite(value: Any) -> bool:
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, float):
                if not math.isfinite(item):
                    return True
            elif isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, (list, tuple)):
                stack.extend(item)
        return False

except ImportError:  # pragma: no cover - depends on the environment
    _loads = _std_loads
    _encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)

    def json_dumps(value: Any) -> bytes:
        return _encoder.encode(value).encode("utf-8")


def json_loads(data: str | bytes, *, bound_depth: bool = True) -> Any:
    """Parse strict JSON (see the module's notes); any problem raises ``ValueError``.

    ``bound_depth=False`` leaves the nesting bound to the reader: the generated models bound
    every value they keep as it came (:func:`_bounded`) and their own nesting is bounded by
    recursion, which the client reports as a decode error; walking a whole large answer here
    would cost half as much again as parsing it."""
    try:
        value = _loads(data)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels") from None
    if bound_depth and type(value) in _CONTAINERS and _may_be_deep(data) and _too_deep(value):
        raise ValueError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return value


_V = TypeVar("_V")


def _bounded(value: _V) -> _V:
    """``value``, a JSON value a model keeps as it came; ``ValueError`` when it nests deeper
    than :data:`MAX_JSON_DEPTH`. A flat array or object (the usual one: tags, a list of names)
    is told in one pass in C; only one holding containers is walked."""
    held: Any = value
    kind = type(held)
    if kind is dict:
        flat = _CONTAINERS.isdisjoint(map(type, held.values()))
    elif kind is list:
        flat = _CONTAINERS.isdisjoint(map(type, held))
    else:
        return value
    if not flat and _too_deep(value):
        raise ValueError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return value


def _extra_members(data: Any, known: frozenset[str]) -> Mapping[str, Any]:
    """The members of the JSON object ``data`` a model does not declare (bounded), or the
    shared empty mapping when it has none (only nulls brought the model here)."""
    extra = {k: v for k, v in data.items() if k not in known}
    return _bounded(extra) if extra else _NO_EXTRA


# What the parsers build; nothing else can nest. A set: ``type(x) in`` it is one hash lookup,
# where a tuple compares ``type(x)`` with each (the models test each scalar member so).
_CONTAINERS: frozenset[type] = frozenset((dict, list))


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})
"""The ``extra_members`` of every decoded model that has none (one shared, read-only mapping)."""

_SHAPES: dict[tuple[type, ...], int] = {}
"""What :func:`_shape` found, by its ``sig``: the models' ``from_dict`` look a shape up here (one
hash of a few type objects: cheaper than testing each member), and ask ``_shape`` when absent."""
_SHAPES_MAX = 4096
"""Past this many shapes (of every model) the cache starts over: bounded whatever the answers."""
_NONE_TYPE = type(None)


def _shape(sig: tuple[type, ...], required: int, scalars: int, members: int) -> int:
    """The length of a JSON object read by a model's ``from_dict`` when it holds just the members
    read and no explicit null (then ``from_dict`` takes the shared empty ``extra_members`` and
    ``_nulls``); ``TypeError`` when a member declared scalar holds an object or array.

    ``sig`` is the model's class, then the types of the members read: its ``required`` first
    ones the required scalar members, up to its ``scalars`` first ones the optional scalar
    members, then the other optional members (``members``: how many the model declares). A
    required member is in the object (else ``from_dict`` failed on it); an optional one read as
    ``None`` is not, when there is no null. Remembered in :data:`_SHAPES`."""
    if not _CONTAINERS.isdisjoint(sig[1 : scalars + 1]):
        name = getattr(sig[0], "__name__", "model")
        raise TypeError(f"{name}: an object or array where a scalar member is declared")
    length = members - sig[required + 1 :].count(_NONE_TYPE)
    if len(_SHAPES) >= _SHAPES_MAX:
        _SHAPES.clear()
    _SHAPES[sig] = length
    return length


_SHALLOW_TEXT = 2 * MAX_JSON_DEPTH + 2  # a shorter text cannot hold MAX_JSON_DEPTH + 1 levels
_COUNT_BELOW = 16 * 1024  # from here on a text has more brackets than the limit anyway


def _may_be_deep(data: str | bytes) -> bool:
    """Cheap, sound screen: a short text, or one with fewer brackets than the limit, cannot
    nest past it. (Counting costs more than it saves on long texts: those go to the walk.)"""
    if len(data) < _SHALLOW_TEXT:
        return False
    if len(data) >= _COUNT_BELOW:
        return True
    if isinstance(data, str):
        return data.count("[") + data.count("{") > MAX_JSON_DEPTH
    return data.count(b"[") + data.count(b"{") > MAX_JSON_DEPTH


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests deeper than the limit, one level at a time (no recursion, and
    the per-item work stays in C: the walk costs a fraction of the parse)."""
    level = [value]
    depth = 1
    while level:
        if depth > MAX_JSON_DEPTH:
            return True
        children = [*chain.from_iterable([c.values() if type(c) is dict else c for c in level])]
        level = [c for c in children if isinstance(c, (dict, list))]
        depth += 1
    return False


_ISO = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d)(?::(\d\d)(?:[.,](\d+))?)?" r"\s*(?:([Zz])|([+-])(\d\d):?(\d\d))?"
)


class _WireDateTime(datetime):
    """A ``datetime`` that remembers the text it was read from, so that a model read from
    the API writes the very same text back (``to_dict(from_dict(p)) == p``)."""

    __slots__ = ("wire",)
    wire: str

    def __repr__(self) -> str:
        text = datetime.__repr__(self)
        return "datetime.datetime" + text[text.index("(") :]


def _parse_datetime(value: str) -> datetime:
    """Parse an RFC 3339 / ISO 8601 date-time into an aware ``datetime`` (UTC when unqualified)."""
    parsed: datetime
    try:
        parsed = _from_iso(value)  # the C parser; the subclass's own would call its constructor
    except (ValueError, TypeError):
        parsed = _parse_datetime_slow(value)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    # the same value as a _WireDateTime, made from its pickled state (no parsing of 8 arguments):
    # the two steps cost half of _WireDateTime.fromisoformat
    state: Any = parsed.__reduce__()[1]
    wired = _WireDateTime(*state)
    wired.wire = value
    return wired


_from_iso = datetime.fromisoformat


def _parse_datetime_slow(value: str) -> datetime:
    # Python 3.10's fromisoformat accepts neither "Z" nor fractions other than 3 or 6 digits.
    match = _ISO.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"not an ISO 8601 date-time: {value!r}")
    year, month, day, hour, minute, second, fraction, _zulu, sign, off_h, off_m = match.groups()
    micro = int((fraction or "0")[:6].ljust(6, "0"))
    tz = timezone.utc
    if sign:
        offset = timedelta(hours=int(off_h), minutes=int(off_m))
        tz = timezone(-offset if sign == "-" else offset)
    return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micro, tzinfo=tz)


def _format_datetime(value: datetime) -> str:
    """Format a ``datetime`` the way the API writes them: ``2024-05-01T12:00:00.000Z``.

    A value read from the API is written back exactly as it was read.
    """
    wire: str | None = getattr(value, "wire", None)
    if wire is not None:
        return wire
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    if value.utcoffset() == timedelta(0):
        spec = "milliseconds" if value.microsecond % 1000 == 0 else "microseconds"
        return value.replace(tzinfo=None).isoformat(timespec=spec) + "Z"
    return value.isoformat(timespec="milliseconds" if value.microsecond % 1000 == 0 else "microseconds")


def _to_json(value: Any) -> Any:
    """Any value a client argument may hold (models, mappings, lists, date-times) as JSON.

    A value nested too deeply to convert (``RecursionError``) is given back as it is: sending it
    then fails with a typed error (the JSON encoder refuses it) instead of the recursion's."""
    try:
        return _to_json_walk(value)
    except RecursionError:
        return value


def _to_json_walk(value: Any) -> Any:
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if isinstance(value, datetime):
        return _format_datetime(value)
    if isinstance(value, dict):
        return {k: _to_json_walk(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json_walk(v) for v in value]
    return value


def _is_datetime(value: str) -> bool:
    """Whether :func:`_parse_datetime` reads ``value``: the request check of a string of
    ``format: date-time``."""
    try:
        _parse_datetime(value)
    except ValueError:
        return False
    return True


def _is_date(value: str) -> bool:
    """Whether ``value`` is an RFC 3339 full-date, ``YYYY-MM-DD``: the request check of a string
    of ``format: date`` (Python 3.11's ``date.fromisoformat`` also reads ``20240131``)."""
    if len(value) != 10 or value[4] != "-" or value[7] != "-":
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True
