"""The answers of the fake API of ``testing``: its clock, the check of a stubbed answer
against the response schema, and the scripts of answers (values, errors in the API's shape,
rate limits, network failures, timeouts, pages chained by their tokens) an operation's calls
take in turn.
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import httpx

from ._exceptions import _Mismatch
from ._fake_wire import Call, FakeOperation
from ._serde import _to_json, json_dumps
from ._transport import Clock
from ._types import UNSET

__all__ = ["FakeClock", "InvalidStub", "Script", "checked_answer", "last_page"]

R = TypeVar("R")

_PAGE_TOKEN = "fake-page-"


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


class _Fake(Protocol):
    """What an answer reads of the fake API answering."""

    clock: FakeClock
    _error_count: int
    _error_type_member: str
    _rate_limited_type: str


_Answer = Callable[[_Fake, FakeOperation, Call], httpx.Response]


def _json_response(status: int, data: Any, headers: Mapping[str, str] | None) -> httpx.Response:
    out = {"content-type": "application/json", **(headers or {})}
    return httpx.Response(status, content=json_dumps(data), headers=out)


def checked_answer(fop: FakeOperation, value: Any) -> Any:
    """The JSON of an answer (a model or its JSON form), checked against the response schema
    (:class:`InvalidStub`, naming the path); bytes or text as they are."""
    kind = fop.op.response
    if kind != "json":
        if kind == "bytes" and not isinstance(value, (bytes, bytearray)):
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


def _reply(
    fop: FakeOperation, data: Any, status: int, headers: Mapping[str, str] | None
) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        if fop.op.response == "json":
            return _json_response(status, copy.deepcopy(data), headers)
        content = data.encode("utf-8") if isinstance(data, str) else bytes(data or b"")
        return httpx.Response(status, content=content, headers=headers)

    return answer


def _error(
    status: int, kind: str | None, message: str | None, headers: Mapping[str, str] | None
) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        api._error_count += 1
        body: dict[str, Any] = {"id": f"err_fake_{api._error_count}", "code": status}
        if kind is not None:
            body[api._error_type_member or "type"] = kind
        body["message"] = message if message is not None else f"{kind or status} (fake)"
        return _json_response(status, body, headers)

    return answer


def _raise(exc: type[httpx.TransportError], text: str) -> _Answer:
    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        if issubclass(exc, httpx.TimeoutException):
            timeouts = call.request.extensions.get("timeout")
            waited = timeouts.get("read") if isinstance(timeouts, dict) else None
            api.clock.advance(waited if isinstance(waited, (int, float)) else 0.0)
        raise exc(text, request=call.request)

    return answer


def _set_path(data: Any, path: Sequence[str], value: Any) -> None:
    for member in path[:-1]:
        data = data.setdefault(member, {}) if isinstance(data, dict) else None
    if isinstance(data, dict):
        if value is UNSET:
            data.pop(path[-1], None)
        else:
            data[path[-1]] = value


def last_page(fop: FakeOperation, page: Any) -> Any:
    """``page`` (JSON) without a next-page token, checked: a list operation's last page (its
    default answer too, whatever token the spec's example shows, so ``iter_*`` ends)."""
    paging = fop.paging
    if paging is None or not isinstance(page, dict):
        return checked_answer(fop, page)
    _set_path(page, paging.next_token, UNSET)
    try:
        return checked_answer(fop, page)
    except InvalidStub:
        _set_path(page, paging.next_token, None)  # a next token that is required, nullable
        return checked_answer(fop, page)


def _pages(fop: FakeOperation, pages: Sequence[Sequence[Any]]) -> _Answer:
    paging = fop.paging
    if paging is None:
        raise TypeError(f"{fop.label} is not a list operation: it has no pages")
    built: list[Any] = []
    for number, items in enumerate(pages, start=1):
        page = copy.deepcopy(fop.default) if isinstance(fop.default, dict) else {}
        page[paging.items] = [_to_json(item) for item in items]
        if number == len(pages):
            built.append(last_page(fop, page))
        else:
            _set_path(page, paging.next_token, f"{_PAGE_TOKEN}{number + 1}")
            built.append(checked_answer(fop, page))

    def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
        token = call.arguments.get(paging.token)
        index = 0
        if token is not None:
            text = str(token)
            number = text[len(_PAGE_TOKEN) :] if text.startswith(_PAGE_TOKEN) else ""
            if not number.isdigit() or not 2 <= int(number) <= len(built):
                raise AssertionError(f"{fop.label}: page token {text!r} was never handed out")
            index = int(number) - 1
        return _json_response(fop.status, copy.deepcopy(built[index]), None)

    return answer


class Script(Generic[R]):
    """The answers of an operation (to the calls a ``when`` matches), in order; the last one
    repeats. Every method appends and returns the script, so they chain:
    ``api.get_table.fails(status=503, times=2).returns(table)``."""

    def __init__(self, api: _Fake, fop: FakeOperation, match: Mapping[str, Any]) -> None:
        self._api = api
        self._fop = fop
        self._match = match
        self._answers: list[_Answer] = []
        self._next = 0

    def returns(
        self,
        *answers: R | Mapping[str, Any],
        status: int | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer with these values (models or their JSON form), one per call, in order."""
        for value in answers:
            data = checked_answer(self._fop, value)
            self._answers.append(_reply(self._fop, data, status or self._fop.status, headers))
        return self

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
        self._answers += [_error(status, type, message, headers)] * times
        return self

    def rate_limited(self, *, retry_after: float | None = None, times: int = 1) -> Script[R]:
        """Answer 429 (with ``Retry-After: retry_after`` when given), ``times`` times."""
        headers = {} if retry_after is None else {"retry-after": f"{retry_after:g}"}
        kind = self._api._rate_limited_type or None
        self._answers += [_error(429, kind, "rate limited (fake)", headers)] * times
        return self

    def network_error(self, *, times: int = 1) -> Script[R]:
        """Fail to connect (``httpx.ConnectError``), ``times`` times."""
        self._answers += [_raise(httpx.ConnectError, "fake network error")] * times
        return self

    def timeout(self, *, times: int = 1) -> Script[R]:
        """Let the attempt time out (``httpx.ReadTimeout``; the fake clock moves on by the read
        timeout), ``times`` times."""
        self._answers += [_raise(httpx.ReadTimeout, "fake timeout")] * times
        return self

    def pages(self, *pages: Sequence[R | Mapping[str, Any] | Any]) -> Script[R]:
        """Serve these pages of items (models or JSON), chained by their next-page tokens."""
        self._answers.append(_pages(self._fop, pages))
        return self

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

        self._answers.append(answer)
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
