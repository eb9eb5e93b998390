"""The engine of the package's ``testing`` module: a fake API behind ``httpx.MockTransport``
that gives real clients, checks every request against the spec, answers typed stubs, scripts
faults and pages, keeps a call log, and owns a clock so that retry waits take no real time.
``testing`` (generated) lists the operations and types the stubs; this module knows none.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

from .._async_client import AsyncTransport
from .._auth import API_KEY, BASIC, HTTP, Requirement, Scheme, carries
from .._base_client import SyncTransport
from .._error_text import DEFAULT_ERROR_FIELDS, ErrorFields
from ._fake_answers import (
    Answers,
    FakeClock,
    InvalidStub,
    Script,
    _Answer,
    _json_response,
    _reply,
    asks_stream,
    checked_answer,
    error_body,
)
from ._fake_calls import CallLog, _given
from ._fake_lazy import LazyFakes
from ._fake_wire import Call, FakeOperation, FakeParam, Router, Routes, SpecViolation, read_request

__all__ = [
    "FAKE_BASE_URL",
    "FAKE_TOKEN",
    "Call",
    "FakeApiBase",
    "FakeClock",
    "FakeOperation",
    "FakeParam",
    "InvalidStub",
    "OperationStub",
    "PlainStub",
    "Script",
    "SpecViolation",
    "checked_answer",
]

R = TypeVar("R")
C = TypeVar("C", bound=SyncTransport | AsyncTransport)

FAKE_BASE_URL = "https://fake-api.test"
FAKE_TOKEN = "fake-token"


class OperationStub(CallLog, Answers[R]):
    """The stubs and the calls of one operation: ``api.<method>``. ``returns``, ``fails``...
    start a new script of answers for every call (a ``when`` script takes the calls it
    matches first); the script's own methods append to it."""

    _api: FakeApiBase  # the whole fake; the call log needs its calls only

    def __init__(self, api: FakeApiBase, name: str) -> None:
        self._api = api
        self._fop = api._operation(name)
        self._script: Script[R] | None = None
        self._scripts: list[Script[R]] = []
        api._stubs[name] = self

    def _target(self) -> Script[R]:
        self._script = Script(self._api, self._fop, {})
        return self._script

    def _pages(self, *pages: Sequence[Any]) -> Script[R]:
        """Serve these pages of items (models or their JSON form), chained by their next-page
        tokens: ``iter_*`` yields them all (``pages`` of a list operation's stub)."""
        return self._target().pages(*pages)

    def _streams(self, *events: Any) -> Script[R]:
        """Answer with a stream of these events (``text/event-stream``, the client's parser reads
        it), checked against the event schema now; a ``ServerSentEvent`` is sent as it is
        (``api.error_event(...)``, ``api.malformed_event()``): ``streams`` of the stub of an
        operation that streams."""
        return self._target().streams(*events)

    def _returns_bytes(
        self,
        *bodies: bytes,
        content_type: str = "application/octet-stream",
        status: int | None = None,
    ) -> Script[R]:
        """Answer with these bytes (one body per call, the last repeating) as ``content_type``:
        ``returns_bytes`` of the stub of an operation whose answer is binary."""
        return self._target().returns_bytes(*bodies, content_type=content_type, status=status)

    def _when(self, **arguments: Any) -> Script[R]:
        """A script answering the calls with these arguments (the others match any value)."""
        script: Script[R] = Script(self._api, self._fop, _given(self._fop, arguments))
        self._scripts.append(script)
        return script

    if not TYPE_CHECKING:  # typed by each generated stub class, by its operation's arguments
        when = _when
        assert_called_with = CallLog._assert_called_with
        assert_called_once_with = CallLog._assert_called_once_with
        assert_any_call = CallLog._assert_any_call

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
        return self._api._default_answer(self._fop, call)


class PlainStub(OperationStub[R]):
    """The stub of an operation that takes no arguments."""

    if TYPE_CHECKING:

        def when(self) -> Script[R]: ...
        def assert_called_with(self) -> None: ...
        def assert_called_once_with(self) -> None: ...
        def assert_any_call(self) -> None: ...


class FakeApiBase:
    """A fake of the API for tests: real clients over an ``httpx.MockTransport`` whose handler
    checks each request against the spec, logs it and answers what the stubs say.

    ``token``: the bearer token its clients send and every request must carry.
    """

    _operations: tuple[FakeOperation, ...] = ()
    _fakes: LazyFakes | None = None
    """The generated kit's operations, each loaded when a request or a stub first needs it
    (``_operations`` is used when there is none)."""
    _error_type_member: str = "type"
    _error_fields: ErrorFields = DEFAULT_ERROR_FIELDS
    """Where the API's error bodies put each value (``Client._error_fields``)."""
    _rate_limited_type: str = ""
    """The API's error type for status 429 ("" when it documents none)."""
    _unauthorized_type: str = ""
    """The API's error type for status 401 ("" when it documents none)."""
    _schemes: tuple[Scheme, ...] = ()
    """The API's security schemes: a request lacking the credentials its operation requires
    is answered 401; its clients get placeholder credentials of each."""
    _security: Requirement | None = None
    """The document's requirement (``None``: none declared)."""

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
        self._loaded = {f.method_name: f for f in self._operations}
        self._stubs: dict[str, OperationStub[Any]] = {}
        routes = [(f.op.method, f.op.path, f.method_name) for f in self._operations]
        self._routes: Router = Routes(routes) if self._fakes is None else self._fakes.router()

    def _operation(self, method: str) -> FakeOperation:
        """An operation by its method name, its ``_fakes`` module imported on first use
        (``KeyError`` when there is none)."""
        found = self._loaded.get(method)
        if found is None:
            if self._fakes is None:
                raise KeyError(method)
            found = self._loaded[method] = self._fakes.operation(method)
        return found

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            """Run time only: the typed stub ``api.<method>`` is made on first use."""
            if self._fakes is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            return self._fakes.stub(self, name)

    def stub(self, method: str) -> OperationStub[Any]:
        """The stub of an operation by its method name (``api.<method>`` is the typed one)."""
        found = self._stubs.get(method)
        return found if found is not None else OperationStub(self, method)

    # -- clients ----------------------------------------------------------------------------
    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A client's options: the fake's address and a placeholder credential of every
        scheme, unless given (``api_key=None``: none)."""
        if "http_client" in options:
            raise TypeError("a fake API's client sends through the fake: no http_client")
        out = {"base_url": self.base_url, **options}
        if out.get("require_token", True) is not False and "token" not in out:
            out["token"] = self.token
        for scheme in self._schemes:
            if scheme.kind in (API_KEY, BASIC, HTTP) and scheme.option not in out:
                fake = f"fake-{scheme.option.replace('_', '-')}"
                out[scheme.option] = ("fake-user", fake) if scheme.kind == BASIC else fake
        return out

    def _connect(self, factory: Callable[..., C], options: dict[str, Any], sync: bool = True) -> C:
        """A client made by ``factory`` (``Client``, ``AsyncClient``) sending to this fake."""
        http = (httpx.Client if sync else httpx.AsyncClient)(transport=self.transport)
        client = factory(http_client=http, **self._options(options))
        client._owns_http = True  # as a client that made its own pool: closing it closes this
        client._direct = True
        client._clock = self.clock
        return client

    # -- answering ----------------------------------------------------------------------------
    def _route(self, request: httpx.Request) -> tuple[FakeOperation, dict[str, str]]:
        path = request.url.raw_path.decode("ascii").split("?", 1)[0]
        base = self.base_url.raw_path.decode("ascii").rstrip("/")
        if base and path.startswith(base):
            path = path[len(base) :]
        found = [(self._operation(n), v) for n, v in self._routes.find_all(request.method, path)]
        return found[0] if len(found) == 1 else _by_query(found, request.url.params)

    def _refused(self, fop: FakeOperation, request: httpx.Request) -> httpx.Response | None:
        """The 401 answer to a request lacking the credentials its operation requires."""
        security = fop.op.security if fop.op.security is not None else self._security
        if security is None or carries(request, self._schemes, security):
            return None
        kind = self._unauthorized_type or None
        body = error_body(self, 401, kind, f"{fop.label}: no credentials (fake)")
        return _json_response(401, body, None)

    def _handle(self, request: httpx.Request) -> httpx.Response:
        try:
            fop, raw_path = self._route(request)
            refused = self._refused(fop, request)
            if refused is not None:
                return refused
            call = read_request(fop, request, raw_path)
        except SpecViolation as exc:
            with self._lock:
                self.violations.append(exc)
            raise
        with self._lock:
            self.calls.append(call)
            answer = self.stub(fop.method_name)._answer(call)
        return answer(self, fop, call)

    def _default_data(self, fop: FakeOperation) -> Any:
        """The answer of an operation nothing stubs (checked: :class:`InvalidStub` names the
        path where it breaks the response schema)."""
        value = copy.deepcopy(fop.default)
        if value is None and fop.op.response in ("text", "bytes", "binary"):
            value = "" if fop.op.response == "text" else b""
        try:
            return checked_answer(fop, value) if fop.paging is None else fop.paging.last(fop, value)
        except InvalidStub as exc:
            rule = f"{exc.rule} (in the default answer: stub this operation)"
            raise InvalidStub(fop.label, exc.path, rule) from None

    def _default_answer(self, fop: FakeOperation, call: Call | None = None) -> _Answer:
        stream = fop.events is not None and call is not None and asks_stream(fop, call)
        key = f"{fop.method_name} stream" if stream else fop.method_name
        found = self._defaults.get(key)
        if found is None:
            if fop.events is not None and stream:
                found = fop.events.default(fop)
            else:
                found = _reply(fop, self._default_data(fop), fop.status, None)
            self._defaults[key] = found
        return found

    def default(self, method: str) -> Any:
        """The JSON of the answer an operation gives when nothing is stubbed: the spec's example
        of the answer, else a minimal valid instance (its members' examples where they have one);
        a list operation's without a next-page token."""
        return self._default_data(self._operation(method))

    # -- the whole fake -------------------------------------------------------------------------
    def verify(self) -> None:
        """Fail if any request broke the spec (even one whose error your code caught)."""
        if self.violations:
            raise AssertionError("requests the API would refuse:\n  " + "\n  ".join(map(str, self.violations)))

    def reset(self) -> None:
        """Forget every stub, call and violation; the clock starts again."""
        for stub in self._stubs.values():
            stub._script = None
            stub._scripts.clear()
        self.calls.clear()
        self.violations.clear()
        self.clock.now = 0.0
        self.clock.sleeps.clear()


def _by_query(
    found: list[tuple[FakeOperation, dict[str, str]]], query: httpx.QueryParams
) -> tuple[FakeOperation, dict[str, str]]:
    """Of operations one request can be for (their paths differ by a fragment only), the one
    whose required query parameters the request carries, the most of them; the first on a tie."""

    def required(fop: FakeOperation) -> list[str]:
        return [p.wire for p in fop.params if p.location == "query" and p.required]

    met = [f for f in found if all(w in query for w in required(f[0]))] or found
    return max(met, key=lambda f: len(required(f[0])))
