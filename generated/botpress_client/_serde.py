"""JSON and date-time conversions shared by the models and the client.

``orjson`` is used when it is installed; the results are identical either way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

__all__ = ["_format_datetime", "_parse_datetime", "_to_json", "json_dumps", "json_loads"]

json_loads: Callable[[str | bytes], Any]
json_dumps: Callable[[Any], bytes]

try:  # pragma: no cover - depends on the environment
    import orjson as _orjson  # type: ignore[import-not-found, unused-ignore]

    json_loads = _orjson.loads

    def json_dumps(value: Any) -> bytes:
        encoded: bytes = _orjson.dumps(value)
        return encoded

except ImportError:  # pragma: no cover - depends on the environment
    json_loads = json.loads
    _encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)

    def json_dumps(value: Any) -> bytes:
        return _encoder.encode(value).encode("utf-8")


_ISO = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d)(?::(\d\d)(?:[.,](\d+))?)?"
    r"\s*(?:([Zz])|([+-])(\d\d):?(\d\d))?"
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
        parsed = _WireDateTime.fromisoformat(value)
    except (ValueError, TypeError):
        parsed = _parse_datetime_slow(value)
    if parsed.tzinfo is None or type(parsed) is not _WireDateTime:
        tz = parsed.tzinfo or timezone.utc
        parsed = _WireDateTime(
            parsed.year,
            parsed.month,
            parsed.day,
            parsed.hour,
            parsed.minute,
            parsed.second,
            parsed.microsecond,
            tz,
        )
    assert isinstance(parsed, _WireDateTime)
    parsed.wire = value
    return parsed


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
    return datetime(
        int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micro, tzinfo=tz
    )


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
    return value.isoformat(
        timespec="milliseconds" if value.microsecond % 1000 == 0 else "microseconds"
    )


def _to_json(value: Any) -> Any:
    """Any value a client argument may hold (models, mappings, lists, date-times) as JSON."""
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if isinstance(value, datetime):
        return _format_datetime(value)
    if isinstance(value, dict):
        return {k: _to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value
