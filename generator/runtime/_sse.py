"""Server-sent events as the WHATWG HTML standard parses them (``event``/``data``/``id``/``retry``
fields, multi-line data, comments, CR, LF and CRLF line ends, a leading byte order mark), with a
bound on the length of a line and on the data of one event; and the ``decode`` markers of streams
whose events have no schema or are text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from ._serde import json_loads

T = TypeVar("T")
P = ParamSpec("P")

MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest line of an event stream (or of ``iter_lines``), in bytes; longer: an error. The
client's ``max_response_bytes`` lowers it."""

MAX_EVENT_BYTES = 16 * 1024 * 1024
"""Most data one event may carry, in bytes; more: :class:`StreamDecodeError`. The client's
``max_response_bytes`` lowers it."""

DONE = "[DONE]"
"""The data of the event that ends a stream by convention (OpenAI and others): not decoded."""


def raw_event(data: Any) -> ServerSentEvent:
    """The ``decode`` of a stream whose events have no schema: it yields the raw
    :class:`ServerSentEvent` (never called: the stream knows it)."""
    raise AssertionError("raw_event marks a stream of raw events")  # pragma: no cover


def event_data(data: Any) -> str:
    """The ``decode`` of a stream whose events are text: it yields each event's data as sent
    (never called: the stream knows it)."""
    raise AssertionError("event_data marks a stream of text events")  # pragma: no cover


def event_json(data: Any) -> Any:
    """The ``decode`` of a stream whose events are any JSON value."""
    return data


class _TooLarge(Exception):
    """A line or an event past its bound (the stream reports it with the event's number)."""


_EOL = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"


class _LineSplitter:
    """Bytes in, complete lines out (without their end: CRLF, LF or CR), whatever the chunks'
    boundaries; a line longer than ``max_line`` bytes raises :class:`_TooLarge`."""

    __slots__ = ("_cr", "_max", "_parts", "_size")

    def __init__(self, max_line: int) -> None:
        self._max = max_line
        self._parts: list[bytes] = []
        self._size = 0
        self._cr = False
        """The last chunk ended with a CR: an LF first in the next one belongs to it."""

    def feed(self, chunk: bytes) -> list[bytes]:
        lines: list[bytes] = []
        pos = 0
        end = len(chunk)
        if self._cr and end:
            self._cr = False
            if chunk[0] == 0x0A:
                pos = 1
        search = _EOL.search
        while (found := search(chunk, pos)) is not None:
            line = chunk[pos : found.start()]
            if self._parts:
                self._parts.append(line)
                line = b"".join(self._parts)
                self._parts.clear()
                self._size = 0
            if len(line) > self._max:
                raise _TooLarge(f"a line longer than {self._max} bytes")
            lines.append(line)
            pos = found.end()
            if pos == end and chunk[pos - 1] == 0x0D:
                self._cr = True
        if pos < end:
            self._size += end - pos
            if self._size > self._max:
                raise _TooLarge(f"a line longer than {self._max} bytes")
            self._parts.append(chunk[pos:])
        return lines

    def rest(self) -> bytes:
        """What follows the last line end (a last line without one)."""
        rest = b"".join(self._parts)
        self._parts.clear()
        self._size = 0
        return rest


@dataclass(frozen=True, slots=True)
class ServerSentEvent:
    """One event of a stream, as sent: its type (``message`` unless the server named one), its
    data (the ``data`` lines joined by LF), the last event id the stream set, and the
    reconnection time (ms) this event set (``None`` when it set none)."""

    event: str = "message"
    data: str = ""
    id: str = ""
    retry: int | None = None

    def json(self) -> Any:
        """The data read as JSON (``ValueError`` when it is not)."""
        return json_loads(self.data)


class SSEDecoder:
    """The WHATWG event stream parser: ``feed`` it bytes as they arrive, it returns the events
    completed. ``last_event_id`` and ``retry`` keep the stream's current values."""

    __slots__ = (
        "_data",
        "_event",
        "_head",
        "_lines",
        "_max_event",
        "_retry",
        "_size",
        "last_event_id",
        "retry",
    )

    def __init__(self, max_line: int = MAX_LINE_BYTES, max_event: int = MAX_EVENT_BYTES) -> None:
        self._lines = _LineSplitter(max_line)
        self._max_event = max_event
        self._head: bytes | None = b""
        """The stream's first bytes while a byte order mark may still be coming; then None."""
        self._data: list[str] = []
        self._size = 0
        self._event = ""
        self._retry: int | None = None
        self.last_event_id = ""
        self.retry: int | None = None

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        if self._head is not None:
            head = self._head + chunk
            if len(head) < len(_BOM) and _BOM.startswith(head):
                self._head = head
                return []
            self._head = None
            chunk = head[len(_BOM) :] if head.startswith(_BOM) else head
        events: list[ServerSentEvent] = []
        for line in self._lines.feed(chunk):
            if not line:
                event = self._dispatch()
                if event is not None:
                    events.append(event)
            elif line[0] != 0x3A:  # a line starting with ':' is a comment
                self._field(line)
        return events

    def _field(self, line: bytes) -> None:
        name, colon, value = line.partition(b":")
        if colon and value[:1] == b" ":
            value = value[1:]
        if name == b"data":
            self._size += len(value) + 1
            if self._size > self._max_event:
                raise _TooLarge(f"event data longer than {self._max_event} bytes")
            self._data.append(value.decode("utf-8", "replace"))
        elif name == b"event":
            self._event = value.decode("utf-8", "replace")
        elif name == b"id":
            if b"\0" not in value:
                self.last_event_id = value.decode("utf-8", "replace")
        elif name == b"retry":
            if value.isdigit() and len(value) <= 18:  # ASCII digits only (bytes.isdigit)
                self._retry = self.retry = int(value)
        # any other field is ignored

    def _dispatch(self) -> ServerSentEvent | None:
        retry, self._retry = self._retry, None
        if not self._data:
            self._event = ""
            return None
        event = ServerSentEvent(
            self._event or "message", "\n".join(self._data), self.last_event_id, retry
        )
        self._data = []
        self._size = 0
        self._event = ""
        return event
