"""The streams of server-sent events of the fake API of ``testing`` (copied into the packages
whose API streams): how ``api.<method>.streams(...)`` checks and frames the events, the stream
answered when nothing is stubbed, and ``api.error_event()``/``api.malformed_event()``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from .._serde import json_dumps, json_loads
from .._sse import ServerSentEvent
from ._fake_answers import InvalidStub, _Answer, _expect_stream, _Fake, checked, error_body
from ._fake_wire import Call, FakeOperation

__all__ = ["FakeEvents", "FakeStreams"]


@dataclass(frozen=True, slots=True)
class FakeEvents:
    """The server-sent events an operation may answer: how ``streams`` checks and frames them."""

    kind: Literal["json", "text", "raw"] = "json"
    """JSON data (checked with ``check`` and ``decode``), text data, or raw events (no schema)."""
    decode: Callable[[Any], Any] | None = None
    """Reads one event's JSON data into the value the stream yields (``models.X.from_dict``)."""
    check: Callable[[Any], None] | None = None
    """The response check of the event schema (names the path where an event breaks it)."""
    default_json: str = ""
    """The data (JSON text) of the one event of the stream answered when nothing is stubbed
    (the event schema's example, else a minimal instance); none: an empty stream."""

    def event(self, fop: FakeOperation, value: Any, number: int) -> ServerSentEvent:
        """Event ``number`` of a stream: a ``ServerSentEvent`` as it is (unchecked: an ``error``
        event, a malformed one), else its value (a model or its JSON form, or text) checked
        against the event schema (:class:`InvalidStub`, naming the event and the path)."""
        if isinstance(value, ServerSentEvent):
            return value
        label = f"{fop.label} event {number}"
        if self.kind != "json" or isinstance(value, str):
            if not isinstance(value, str) and self.kind == "text":
                raise InvalidStub(label, "", "must be a string")
            return ServerSentEvent(data=value if isinstance(value, str) else json_dumps(value).decode())
        data = checked(label, value, self.check, self.decode)
        return ServerSentEvent(data=json_dumps(data).decode("utf-8"))

    def answer(self, fop: FakeOperation, events: Sequence[Any], headers: Mapping[str, str] | None) -> _Answer:
        """A ``text/event-stream`` answer of these events, each checked now: the client's own
        parser reads it."""
        checked = [self.event(fop, event, n) for n, event in enumerate(events, start=1)]
        body = b"".join(_frame(event) for event in checked)

        def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
            _expect_stream(fop, call, True)
            out = {"content-type": "text/event-stream", **(headers or {})}
            return httpx.Response(fop.status, content=body, headers=out)

        return answer

    def default(self, fop: FakeOperation) -> _Answer:
        """The stream answered when nothing is stubbed: one event (the event schema's example,
        else a minimal instance) when the events are JSON with a default, else no event."""
        return self.answer(fop, [json_loads(self.default_json)] if self.default_json else [], None)


def _frame(event: ServerSentEvent) -> bytes:
    """One event in the framing of ``text/event-stream``."""
    lines = [] if event.event == "message" else [f"event: {event.event}"]
    lines += [f"id: {event.id}"] if event.id else []
    lines += [] if event.retry is None else [f"retry: {event.retry}"]
    lines += [f"data: {line}" for line in event.data.split("\n")]
    return ("\n".join(lines) + "\n\n").encode("utf-8")


class FakeStreams:
    """What ``FakeApi`` has when its API streams: the failing events ``streams(...)`` takes."""

    def error_event(self: _Fake, *, type: str | None = None, message: str | None = None) -> ServerSentEvent:
        """An ``error`` event in the API's error shape, for ``streams(...)``: the stream raises
        ``StreamEventError`` when it reaches it."""
        body = json_dumps(error_body(self, None, type, message)).decode("utf-8")
        return ServerSentEvent(event="error", data=body)

    @staticmethod
    def malformed_event(data: str = "{not json") -> ServerSentEvent:
        """An event whose data the stream cannot read, for ``streams(...)``: the stream raises
        ``StreamDecodeError`` naming it when it reaches it."""
        return ServerSentEvent(data=data)
