"""The event stream format as the WHATWG HTML standard parses it (``event``/``data``/``id``/
``retry`` fields, multi-line data, comments, CR, LF and CRLF line ends, a leading byte order
mark), with a bound on the length of a line and on the data of one event; and the ``decode``
markers of streams whose events have no schema or are text; the errors of a stream
(:class:`StreamDecodeError`, :class:`StreamEventError`). Copied only into packages with an
operation answering events (as ``_streaming``, which reads streams with it)."""

from __future__ import annotations

from typing import Any

import httpx

from ._error_text import MAX_ERROR_BODY_CHARS, _one_line
from ._exceptions import ApiError, ResponseDecodeError
from ._serde import json_loads
from ._sse import MAX_LINE_BYTES, ServerSentEvent, _LineSplitter, _TooLarge

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


_BOM = b"\xef\xbb\xbf"


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
        event = ServerSentEvent(self._event or "message", "\n".join(self._data), self.last_event_id, retry)
        self._data = []
        self._size = 0
        self._event = ""
        return event


def _check_event_stream(response: httpx.Response) -> None:
    """Refuse a 2xx answer to a stream request that says it is something else (JSON, HTML)."""
    value = response.headers.get("content-type")
    if value is None:
        return
    media = value.split(";", 1)[0].strip().lower()
    if media and media != "text/event-stream":
        raise ResponseDecodeError(response, f"expected an event stream (text/event-stream), the answer is {media!r}")


def _event_name(event: ServerSentEvent | None, index: int) -> str:
    """``event 3 ('message', id '7')``: which event of a stream, for an error's message."""
    if event is None:
        return f"event {index}"
    where = f"id {_one_line(event.id)!r}, " if event.id else ""
    return f"event {index} ({where}type {_one_line(event.event)!r})"


class StreamDecodeError(ResponseDecodeError):
    """An event of a server-sent event stream that cannot be read: its data is not JSON or not
    the event schema's shape, or a line or an event is larger than the stream allows.

    Attributes:
        event: The raw event (``event``, ``data``, ``id``, ``retry``), ``None`` when the stream
            broke before an event was complete (a line too long).
        index: The number of the event in the stream, from 1.
        path: Where the data breaks the event schema (``choices[0].index``), when it does.
        rule: The rule it breaks there (``expected integer``), when it does.
    """

    def __init__(self, response: httpx.Response, event: ServerSentEvent | None, index: int, reason: str) -> None:
        self.event = event
        self.index = index
        self.path: str | None = None
        self.rule: str | None = None
        super().__init__(response, f"{_event_name(event, index)}: {reason}")
        if event is not None:
            self.body = event.data[:MAX_ERROR_BODY_CHARS]
            self.body_truncated = len(event.data) > MAX_ERROR_BODY_CHARS


class StreamEventError(ApiError):
    """A server-sent event stream carried an ``error`` event: the API failed after the stream
    had started. ``status_code`` is the stream's (a 2xx); ``body`` is the event's data, and
    ``type``, ``message``, ``id`` and ``metadata`` are read from it when it is the API's error
    JSON (at its top level or under ``error``).

    Attributes:
        event: The raw event (``event``, ``data``, ``id``, ``retry``).
        index: The number of the event in the stream, from 1.
    """

    def __init__(self, response: httpx.Response, event: ServerSentEvent, index: int) -> None:
        self.event = event
        self.index = index
        data: Any = None
        try:
            data = json_loads(event.data)
        except ValueError:
            pass
        if isinstance(data, dict) and isinstance(data.get("error"), dict):
            data = data["error"]
        self._event_data = event.data
        super().__init__(response, data if isinstance(data, dict) else None)

    def _init_response(self, response: httpx.Response, truncated: bool) -> None:
        super()._init_response(response, truncated)
        self.body = self._event_data[:MAX_ERROR_BODY_CHARS]
        self.body_truncated = len(self._event_data) > MAX_ERROR_BODY_CHARS

    def _summary(self) -> str:
        return f"{_event_name(self.event, self.index)}: {super()._summary()}"
