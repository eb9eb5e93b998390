"""The answers of the fake API of ``testing``: its clock, and the scripts of answers (values,
bytes, errors in the API's shape, rate limits, network failures, timeouts; pages and streams of
events by ``_fake_pages`` and ``_fake_events``) an operation's calls take in turn, each stubbed
answer checked against the response schema at once (:class:`InvalidStub` names the path).
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import httpx

from .._error_text import DEFAULT_ERROR_FIELDS, ErrorFields
from .._exceptions import _Mismatch
from .._serde import _to_json, json_dumps
from .._transport import Clock
from .._types import UNSET
from ._fake_wire import Call, FakeOperation

__all__ = [
    "Answers",
    "FakeClock",
    "InvalidStub",
    "Script",
    "checked",
    "checked_answer",
    "error_body",
]

R = TypeVar("R")


class FakeClock(Clock):
    """The clock of a fake API's clients: ``sleep`` returns at once and moves ``now`` (the
    seconds waited) on; ``sleeps`` lists every wait asked for (retry backoffs, ``Retry-After``).
    Its ``monotonic`` is the real one plus ``now``, so a call's ``total_timeout`` counts the
    waits as if they had taken place."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return time.monotonic() + self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)
        await asyncio.sleep(0)


class InvalidStub(AssertionError):
    """A stubbed (or default) answer that breaks the operation's response schema."""

    def __init__(self, operation: str, path: str, rule: str) -> None:
        self.operation = operation
        self.path = path
        self.rule = rule
        super().__init__(f"{operation}: the answer breaks the response schema at {path!r}: {rule}")


def checked(
    label: str,
    value: Any,
    check: Callable[[Any], None] | None,
    decode: Callable[[Any], Any] | None,
) -> Any:
    """The JSON of ``value`` (a model or its JSON form), checked by ``check`` and read by
    ``decode`` (:class:`InvalidStub` naming ``label`` and the path where it breaks them)."""
    data = _to_json(value)
    try:
        if check is not None:
            check(data)
        if decode is not None:
            decode(copy.deepcopy(data))
    except _Mismatch as exc:
        raise InvalidStub(label, exc.path, exc.rule) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidStub(label, "", f"{type(exc).__name__}: {exc}") from None
    return data


def checked_answer(fop: FakeOperation, value: Any) -> Any:
    """The JSON of an answer (a model or its JSON form), checked against the response schema
    (:class:`InvalidStub`, naming the path); bytes or text as they are."""
    kind = fop.op.response
    if kind == "json":
        return checked(fop.label, value, fop.op.check_response, fop.decode)
    if kind in ("bytes", "binary") and not isinstance(value, (bytes, bytearray)):
        raise InvalidStub(fop.label, "", "must be bytes")
    if kind == "text" and not isinstance(value, str):
        raise InvalidStub(fop.label, "", "must be a string")
    return value


def asks_stream(fop: FakeOperation, call: Call) -> bool:
    """Whether ``call`` asked for a stream of events (always, or with ``stream=True``)."""
    if fop.events is None:
        return False
    return fop.op.response == "sse" or "text/event-stream" in call.headers.get("accept", "")


class _Fake(Protocol):
    """What an answer reads of the fake API answering (what it only reads, as properties: a
    ``FakeApi`` may narrow their types)."""

    clock: FakeClock
    _error_count: int

    @property
    def _error_type_member(self) -> str: ...
    @property
    def _error_fields(self) -> ErrorFields: ...
    @property
    def _rate_limited_type(self) -> str: ...


_Answer = Callable[[_Fake, FakeOperation, Call], httpx.Response]


def _json_response(status: int, data: Any, headers: Mapping[str, str] | None) -> httpx.Response:
    out = {"content-type": "application/json", **(headers or {})}
    return httpx.Response(status, content=json_dumps(data), headers=out)


def _expect_stream(fop: FakeOperation, call: Call, stream: bool) -> None:
    if fop.events is not None and asks_stream(fop, call) != stream:
        if stream:
            raise AssertionError(f"{fop.label}: stubbed with streams(), but the call asked for JSON")
        raise AssertionError(f"{fop.label}: the call asked for a stream of events: stub streams()")


def _reply(
    fop: FakeOperation,
    data: Any,
    status: int,
    headers: Mapping[str, str] | None,
    content_type: str | None = None,
) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        _expect_stream(fop, call, False)
        if fop.op.response == "json":
            return _json_response(status, copy.deepcopy(data), headers)
        content = data.encode("utf-8") if isinstance(data, str) else bytes(data or b"")
        media = content_type or ("application/octet-stream" if fop.op.response == "binary" else "")
        out = {"content-type": media, **(headers or {})} if media else headers
        return httpx.Response(status, content=content, headers=out)

    return answer


def error_body(api: _Fake, status: int | None, kind: str | None, message: str | None) -> dict[str, Any]:
    """An error body in the API's shape (``kind``: its error type): each value where the API's
    error schemas put it (``errors.ERROR_FIELDS``), the roles they do not name left out."""
    api._error_count += 1
    fields = api._error_fields or DEFAULT_ERROR_FIELDS  # as the client reads a document without error schemas
    body: dict[str, Any] = {}
    _put(body, fields, "id", f"err_fake_{api._error_count}")
    if status is not None:
        _put(body, fields, "code", status)
    if kind is not None:
        if api._error_type_member:
            body[api._error_type_member] = kind
        else:
            _put(body, fields, "type", kind)
    text = message if message is not None else f"{kind or status or 'error'} (fake)"
    _put(body, fields, "message", text)
    return body


def _put(body: dict[str, Any], fields: ErrorFields, role: str, value: Any) -> None:
    """Set ``value`` at the first path of ``role`` (lists of one object made on the way)."""
    paths = fields.get(role, ())
    if not paths:
        return
    *steps, last = paths[0]
    place: Any = body
    for step, after in zip(steps, [*steps, last][1:], strict=True):
        if isinstance(step, int):  # a list made below: its one object
            place = place[0]
            continue
        if step not in place:
            place[step] = [{}] if isinstance(after, int) else {}
        place = place[step]
    if isinstance(last, str):
        place[last] = value


def _error(status: int, kind: str | None, message: str | None, headers: Mapping[str, str] | None) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        return _json_response(status, error_body(api, status, kind, message), headers)

    return answer


def _raise(exc: type[httpx.TransportError], text: str) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        if issubclass(exc, httpx.TimeoutException):
            timeouts = call.request.extensions.get("timeout")
            waited = timeouts.get("read") if isinstance(timeouts, dict) else None
            api.clock.advance(waited if isinstance(waited, (int, float)) else 0.0)
        raise exc(text, request=call.request)

    return answer


class Answers(Generic[R]):
    """The answers a script takes (``Script``: appended to it; ``api.<method>``: a new script
    for every call), each method returning the script, so they chain:
    ``api.get_table.fails(status=503, times=2).returns(table)``."""

    _fop: FakeOperation
    _api: Any

    def _target(self) -> Script[R]:
        raise NotImplementedError

    def returns(
        self,
        *answers: R | Mapping[str, Any],
        status: int | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer with these values (models or their JSON form), one per call, in order, the
        last repeating; checked against the response schema now (:class:`InvalidStub`)."""
        script, fop = self._target(), self._fop
        for value in answers:
            script._answers.append(_reply(fop, checked_answer(fop, value), status or fop.status, headers))
        return script

    def fails(
        self,
        *,
        status: int,
        type: str | None = None,
        message: str | None = None,
        times: int = 1,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer with an error of the API's shape (``type``: its error type, e.g.
        ``"ResourceNotFound"``), ``times`` times."""
        return self._target()._add([_error(status, type, message, headers)] * times)

    def rate_limited(self, *, retry_after: float | None = None, times: int = 1) -> Script[R]:
        """Answer 429 (with ``Retry-After: retry_after`` when given), ``times`` times."""
        headers = {} if retry_after is None else {"retry-after": f"{retry_after:g}"}
        kind = self._api._rate_limited_type or None
        return self._target()._add([_error(429, kind, "rate limited (fake)", headers)] * times)

    def network_error(self, *, times: int = 1) -> Script[R]:
        """Fail to connect (``httpx.ConnectError``), ``times`` times."""
        return self._target()._add([_raise(httpx.ConnectError, "fake network error")] * times)

    def timeout(self, *, times: int = 1) -> Script[R]:
        """Let the attempt time out (``httpx.ReadTimeout``; the fake clock moves on by the read
        timeout), ``times`` times."""
        return self._target()._add([_raise(httpx.ReadTimeout, "fake timeout")] * times)

    def responds(
        self,
        status: int,
        *,
        json: Any = UNSET,
        content: bytes = b"",
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer exactly this, unchecked (to test how your code takes a broken answer)."""

        def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
            if json is not UNSET:
                return _json_response(status, json, headers)
            return httpx.Response(status, content=content, headers=headers)

        return self._target()._add([answer])


class Script(Answers[R]):
    """The answers of an operation (to the calls a ``when`` matches), in order; the last one
    repeats. Every method appends and returns the script, so they chain."""

    def __init__(self, api: _Fake, fop: FakeOperation, match: Mapping[str, Any]) -> None:
        self._api = api
        self._fop = fop
        self._match = match
        self._answers: list[_Answer] = []
        self._next = 0

    def _target(self) -> Script[R]:
        return self

    def _add(self, answers: list[_Answer]) -> Script[R]:
        self._answers += answers
        return self

    def pages(self, *pages: Sequence[R | Mapping[str, Any] | Any]) -> Script[R]:
        """Serve these pages of items (models or JSON), chained by their next-page tokens."""
        if self._fop.paging is None:
            raise TypeError(f"{self._fop.label} is not a list operation: it has no pages")
        self._answers.append(self._fop.paging.answer(self._fop, pages))
        return self

    def streams(self, *events: Any, headers: Mapping[str, str] | None = None) -> Script[R]:
        """Answer with a stream of these events (``text/event-stream``): models or their JSON
        form, checked against the event schema now; a ``ServerSentEvent`` is sent as it is."""
        if self._fop.events is None:
            raise TypeError(f"{self._fop.label} answers no stream of events")
        self._answers.append(self._fop.events.answer(self._fop, events, headers))
        return self

    def returns_bytes(
        self,
        *bodies: bytes,
        content_type: str = "application/octet-stream",
        status: int | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer with these bytes, one body per call, as ``content_type``."""
        for body in bodies:
            data = checked_answer(self._fop, body)
            self._answers.append(_reply(self._fop, data, status or self._fop.status, headers, content_type))
        return self

    def _matches(self, call: Call) -> bool:
        return all(
            name in call.arguments and _to_json(value) == _to_json(call.arguments[name])
            for name, value in self._match.items()
        )

    def _take(self) -> _Answer | None:
        if not self._answers:
            return None
        answer = self._answers[min(self._next, len(self._answers) - 1)]
        self._next += 1
        return answer
