"""The engine of the package's ``testing`` module: a fake API behind ``httpx.MockTransport``
that gives real clients, checks every request against the spec, answers typed stubs, scripts
faults and pages, keeps a call log, and owns a clock so that retry waits take no real time.
``testing`` (generated) lists the operations and types the stubs; this module knows none.
"""

from __future__ import annotations

import asyncio
import copy
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import httpx

from ._base_client import AsyncTransport, SyncTransport
from ._exceptions import _Mismatch
from ._fake_wire import Call, FakeOperation, FakePaging, FakeParam, SpecViolation, read_request
from ._serde import _to_json, json_dumps
from ._transport import Clock
from ._types import UNSET

__all__ = [
    "Call",
    "FakeApiBase",
    "FakeClock",
    "FakeOperation",
    "FakePaging",
    "FakeParam",
    "InvalidStub",
    "OperationStub",
    "Script",
    "SpecViolation",
]

R = TypeVar("R")
C = TypeVar("C", bound=SyncTransport)
A = TypeVar("A", bound=AsyncTransport)

FAKE_BASE_URL = "https://fake-api.test"
FAKE_TOKEN = "fake-token"
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


_Answer = Callable[["FakeApiBase", FakeOperation, Call], httpx.Response]


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
    def answer(api: FakeApiBase, fop: FakeOperation, call: Call) -> httpx.Response:
        if fop.op.response == "json":
            return _json_response(status, copy.deepcopy(data), headers)
        content = data.encode("utf-8") if isinstance(data, str) else bytes(data or b"")
        return httpx.Response(status, content=content, headers=headers)

    return answer


def _error(
    status: int, kind: str | None, message: str | None, headers: Mapping[str, str] | None
) -> _Answer:
    def answer(api: FakeApiBase, fop: FakeOperation, call: Call) -> httpx.Response:
        api._error_count += 1
        body: dict[str, Any] = {"id": f"err_fake_{api._error_count}", "code": status}
        if kind is not None:
            body[api._error_type_member or "type"] = kind
        body["message"] = message if message is not None else f"{kind or status} (fake)"
        return _json_response(status, body, headers)

    return answer


def _raise(exc: type[httpx.TransportError], text: str) -> _Answer:
    def answer(api: FakeApiBase, fop: FakeOperation, call: Call) -> httpx.Response:
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


def _pages(fop: FakeOperation, pages: Sequence[Sequence[Any]]) -> _Answer:
    paging = fop.paging
    if paging is None:
        raise TypeError(f"{fop.label} is not a list operation: it has no pages")
    built: list[Any] = []
    for number, items in enumerate(pages, start=1):
        page = copy.deepcopy(fop.default) if isinstance(fop.default, dict) else {}
        page[paging.items] = [_to_json(item) for item in items]
        last = number == len(pages)
        _set_path(page, paging.next_token, UNSET if last else f"{_PAGE_TOKEN}{number + 1}")
        try:
            built.append(checked_answer(fop, page))
        except InvalidStub:
            if not last:
                raise
            _set_path(page, paging.next_token, None)  # a next token that is required, nullable
            built.append(checked_answer(fop, page))

    def answer(api: FakeApiBase, fop: FakeOperation, call: Call) -> httpx.Response:
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

    def __init__(self, api: FakeApiBase, fop: FakeOperation, match: Mapping[str, Any]) -> None:
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

        def answer(api: FakeApiBase, fop: FakeOperation, call: Call) -> httpx.Response:
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


def _given(fop: FakeOperation, arguments: Mapping[str, Any]) -> dict[str, Any]:
    given = {k: v for k, v in arguments.items() if v is not UNSET}
    unknown = sorted(set(given) - fop.argument_names)
    if unknown:
        raise TypeError(f"{fop.method_name} has no argument {', '.join(unknown)}")
    return given


class OperationStub(Generic[R]):
    """The stubs and the calls of one operation: ``api.<method>``. ``returns``, ``fails``...
    start a new script of answers for every call (a ``when`` script takes the calls it
    matches first); the script's own methods append to it."""

    def __init__(self, api: FakeApiBase, name: str) -> None:
        self._api = api
        self._fop = api._operations_by_method[name]
        self._script: Script[R] | None = None
        self._scripts: list[Script[R]] = []
        api._stubs[name] = self

    def _new(self) -> Script[R]:
        self._script = Script(self._api, self._fop, {})
        return self._script

    def returns(
        self,
        *answers: R | Mapping[str, Any],
        status: int | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer every call with these values (models or JSON), in order, the last repeating.
        Checked against the response schema now (:class:`InvalidStub`)."""
        return self._new().returns(*answers, status=status, headers=headers)

    def fails(
        self,
        *,
        status: int,
        type: str | None = None,
        message: str | None = None,
        times: int = 1,
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer with an error in the API's error shape; chain what follows:
        ``.fails(status=503, times=2).returns(value)``."""
        return self._new().fails(
            status=status, type=type, message=message, times=times, headers=headers
        )

    def rate_limited(self, *, retry_after: float | None = None, times: int = 1) -> Script[R]:
        """Answer 429 with ``Retry-After``; chain what follows (``.returns(value)``)."""
        return self._new().rate_limited(retry_after=retry_after, times=times)

    def network_error(self, *, times: int = 1) -> Script[R]:
        """Fail to connect; chain what follows."""
        return self._new().network_error(times=times)

    def timeout(self, *, times: int = 1) -> Script[R]:
        """Time out; chain what follows."""
        return self._new().timeout(times=times)

    def _pages(self, *pages: Sequence[Any]) -> Script[R]:
        """Serve pages of items chained by next-page tokens (``iter_*`` follows them); the
        generated stub of a list operation types it as ``pages``."""
        return self._new().pages(*pages)

    def responds(
        self,
        status: int,
        *,
        json: Any = UNSET,
        content: bytes = b"",
        headers: Mapping[str, str] | None = None,
    ) -> Script[R]:
        """Answer exactly this, unchecked."""
        return self._new().responds(status, json=json, content=content, headers=headers)

    def _when(self, **arguments: Any) -> Script[R]:
        script: Script[R] = Script(self._api, self._fop, _given(self._fop, arguments))
        self._scripts.append(script)
        return script

    def reset(self) -> None:
        """Forget this operation's stubs and calls."""
        self._script = None
        self._scripts.clear()
        self._api.calls[:] = [c for c in self._api.calls if c.method != self._fop.method_name]

    def _answer(self, call: Call) -> _Answer:
        for script in reversed(self._scripts):
            if script._matches(call):
                answer = script._take()
                if answer is not None:
                    return answer
        if self._script is not None:
            answer = self._script._take()
            if answer is not None:
                return answer
        return self._api._default_answer(self._fop)

    # -- the call log -------------------------------------------------------------------
    @property
    def calls(self) -> list[Call]:
        """Calls of this operation, in order (each attempt of a retried call counts)."""
        return [c for c in self._api.calls if c.method == self._fop.method_name]

    @property
    def call_count(self) -> int:
        return len(self.calls)

    @property
    def called(self) -> bool:
        return bool(self.calls)

    @property
    def last_call(self) -> Call:
        calls = self.calls
        if not calls:
            raise AssertionError(f"{self._fop.method_name} was not called")
        return calls[-1]

    def _listing(self, calls: Sequence[Call]) -> str:
        return "".join(f"\n  {call}" for call in calls) or " none"

    def assert_called(self) -> None:
        if not self.calls:
            raise AssertionError(f"{self._fop.method_name} was not called")

    def assert_not_called(self) -> None:
        calls = self.calls
        if calls:
            raise AssertionError(
                f"{self._fop.method_name} was called {len(calls)} time(s):{self._listing(calls)}"
            )

    def assert_called_once(self) -> None:
        calls = self.calls
        if len(calls) != 1:
            raise AssertionError(
                f"{self._fop.method_name}: expected 1 call, got {len(calls)}:{self._listing(calls)}"
            )

    def _differences(self, call: Call, expected: Mapping[str, Any]) -> list[str]:
        out = []
        for name, value in expected.items():
            if name not in call.arguments:
                out.append(f"{name}: expected {_to_json(value)!r}, not sent")
            elif _to_json(value) != _to_json(call.arguments[name]):
                out.append(f"{name}: expected {_to_json(value)!r}, got {call.arguments[name]!r}")
        return out

    def _assert_called_with(self, **arguments: Any) -> None:
        """The last call sent these arguments (those not named are not compared)."""
        expected = _given(self._fop, arguments)
        differences = self._differences(self.last_call, expected)
        if differences:
            raise AssertionError(
                f"{self._fop.method_name}: the last call differs:\n  "
                + "\n  ".join(differences)
                + f"\ncall: {self.last_call}"
            )

    def _assert_called_once_with(self, **arguments: Any) -> None:
        self.assert_called_once()
        self._assert_called_with(**arguments)

    def _assert_any_call(self, **arguments: Any) -> None:
        expected = _given(self._fop, arguments)
        calls = self.calls
        if not any(not self._differences(call, expected) for call in calls):
            wanted = ", ".join(f"{k}={_to_json(v)!r}" for k, v in expected.items())
            raise AssertionError(
                f"{self._fop.method_name}: no call with {wanted}; calls:{self._listing(calls)}"
            )


class FakeApiBase:
    """A fake of the API for tests: real clients over an ``httpx.MockTransport`` whose handler
    checks each request against the spec, logs it and answers what the stubs say.

    ``token``: the bearer token its clients send and every request must carry.
    """

    _operations: tuple[FakeOperation, ...] = ()
    _error_type_member: str = "type"
    _rate_limited_type: str = ""
    """The API's error type for status 429 ("" when it documents none)."""

    def __init__(self, *, base_url: str = FAKE_BASE_URL, token: str = FAKE_TOKEN) -> None:
        self.base_url = httpx.URL(base_url)
        self.token = token
        self.clock = FakeClock()
        self.calls: list[Call] = []
        """Every call received, in order."""
        self.violations: list[SpecViolation] = []
        """Every request the real API would have refused (each also raised from its call)."""
        self.transport = httpx.MockTransport(self._handle)
        self._lock = threading.Lock()
        self._error_count = 0
        self._defaults: dict[str, _Answer] = {}
        self._operations_by_method = {f.method_name: f for f in self._operations}
        self._stubs: dict[str, OperationStub[Any]] = {}
        ordered = sorted(self._operations, key=lambda f: -f.literal_length)
        self._routes = [(f.op.method.upper(), f) for f in ordered]

    def stub(self, method: str) -> OperationStub[Any]:
        """The stub of an operation by its method name (``api.<method>`` is the typed one)."""
        found = self._stubs.get(method)
        return found if found is not None else OperationStub(self, method)

    # -- clients ----------------------------------------------------------------------------
    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        if "http_client" in options:
            raise TypeError("a fake API's client sends through the fake: no http_client")
        out = {"base_url": self.base_url, **options}
        if out.get("require_token", True) and "token" not in out:
            out["token"] = self.token
        return out

    def _connect(self, factory: Callable[..., C], options: dict[str, Any]) -> C:
        http = httpx.Client(transport=self.transport)
        client = factory(http_client=http, **self._options(options))
        client._owns_http = True  # as a client that made its own pool: closing it closes this
        client._direct = True
        client._clock = self.clock
        return client

    def _connect_async(self, factory: Callable[..., A], options: dict[str, Any]) -> A:
        http = httpx.AsyncClient(transport=self.transport)
        client = factory(http_client=http, **self._options(options))
        client._owns_http = True
        client._direct = True
        client._clock = self.clock
        return client

    # -- answering ----------------------------------------------------------------------------
    def _route(self, request: httpx.Request) -> tuple[FakeOperation, dict[str, str]]:
        path = request.url.raw_path.decode("ascii").split("?", 1)[0]
        base = self.base_url.raw_path.decode("ascii").rstrip("/")
        if base and path.startswith(base):
            path = path[len(base) :]
        allowed: list[str] = []
        for method, fop in self._routes:
            found = fop.path_values(path)
            if found is not None:
                if method == request.method.upper():
                    return fop, found
                allowed.append(method)
        rule = f"method not allowed (only {', '.join(allowed)})" if allowed else "no such path"
        raise SpecViolation(f"{request.method} {path}", "path", rule)

    def _handle(self, request: httpx.Request) -> httpx.Response:
        try:
            fop, raw_path = self._route(request)
            call = read_request(fop, request, raw_path)
        except SpecViolation as exc:
            with self._lock:
                self.violations.append(exc)
            raise
        with self._lock:
            self.calls.append(call)
            answer = self.stub(fop.method_name)._answer(call)
        return answer(self, fop, call)

    def _default_answer(self, fop: FakeOperation) -> _Answer:
        found = self._defaults.get(fop.method_name)
        if found is None:
            value = fop.default
            if value is None and fop.op.response in ("text", "bytes"):
                value = "" if fop.op.response == "text" else b""
            data = checked_answer(fop, value)
            found = self._defaults[fop.method_name] = _reply(fop, data, fop.status, None)
        return found

    def default(self, method: str) -> Any:
        """The JSON of the answer an operation gives when nothing is stubbed."""
        return copy.deepcopy(self._operations_by_method[method].default)

    # -- the whole fake -------------------------------------------------------------------------
    def verify(self) -> None:
        """Fail if any request broke the spec (even one whose error your code caught)."""
        if self.violations:
            raise AssertionError(
                "requests the API would refuse:\n  " + "\n  ".join(map(str, self.violations))
            )

    def reset(self) -> None:
        """Forget every stub, call and violation; the clock starts again."""
        for stub in self._stubs.values():
            stub._script = None
            stub._scripts.clear()
        self.calls.clear()
        self.violations.clear()
        self.clock.now = 0.0
        self.clock.sleeps.clear()
