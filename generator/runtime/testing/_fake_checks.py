"""The checks of the fake API's answers: a stubbed (or default) answer, or an event of a stubbed
stream, against the response schema (or the event schema), failing the test at once with
:class:`InvalidStub` naming the path; and whether a call asked for a stream of events.
"""

from __future__ import annotations

import copy
from typing import Any

from .._exceptions import _Mismatch
from .._serde import _to_json, json_dumps
from .._sse import ServerSentEvent
from ._fake_wire import Call, FakeOperation

__all__ = ["InvalidStub", "asks_stream", "checked_answer", "checked_event"]


class InvalidStub(AssertionError):
    """A stubbed (or default) answer that breaks the operation's response schema."""

    def __init__(self, operation: str, path: str, rule: str) -> None:
        self.operation = operation
        self.path = path
        self.rule = rule
        super().__init__(f"{operation}: the answer breaks the response schema at {path!r}: {rule}")


def checked_answer(fop: FakeOperation, value: Any) -> Any:
    """The JSON of an answer (a model or its JSON form), checked against the response schema
    (:class:`InvalidStub`, naming the path); bytes or text as they are."""
    kind = fop.op.response
    if kind != "json":
        if kind in ("bytes", "binary") and not isinstance(value, (bytes, bytearray)):
            raise InvalidStub(fop.label, "", "must be bytes")
        if kind == "text" and not isinstance(value, str):
            raise InvalidStub(fop.label, "", "must be a string")
        return value
    data = _to_json(value)
    try:
        if fop.op.check_response is not None:
            fop.op.check_response(data)
        if fop.decode is not None:
            fop.decode(copy.deepcopy(data))
    except _Mismatch as exc:
        raise InvalidStub(fop.label, exc.path, exc.rule) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidStub(fop.label, "", f"{type(exc).__name__}: {exc}") from None
    return data


def checked_event(fop: FakeOperation, value: Any, number: int) -> ServerSentEvent:
    """An event of a stream: a ``ServerSentEvent`` as it is (unchecked: an ``error`` event, a
    malformed one), else the event's value (a model or its JSON form, or text) checked against
    the event schema (:class:`InvalidStub`, naming the event and the path)."""
    events = fop.events
    if isinstance(value, ServerSentEvent) or events is None:
        return value if isinstance(value, ServerSentEvent) else ServerSentEvent(data=str(value))
    if events.kind != "json" or isinstance(value, str):
        if not isinstance(value, str) and events.kind == "text":
            raise InvalidStub(f"{fop.label} event {number}", "", "must be a string")
        return ServerSentEvent(data=value if isinstance(value, str) else json_dumps(value).decode())
    data = _to_json(value)
    try:
        if events.check is not None:
            events.check(data)
        if events.decode is not None:
            events.decode(copy.deepcopy(data))
    except _Mismatch as exc:
        raise InvalidStub(f"{fop.label} event {number}", exc.path, exc.rule) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidStub(
            f"{fop.label} event {number}", "", f"{type(exc).__name__}: {exc}"
        ) from None
    return ServerSentEvent(data=json_dumps(data).decode("utf-8"))


def asks_stream(fop: FakeOperation, call: Call) -> bool:
    """Whether ``call`` asked for a stream of events (always, or with ``stream=True``)."""
    if fop.events is None:
        return False
    return fop.op.response == "sse" or "text/event-stream" in call.headers.get("accept", "")
