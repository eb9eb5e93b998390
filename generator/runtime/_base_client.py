"""The sync transport that ``Client`` derives from (what it shares with ``AsyncTransport``, in
``_async_client``, is in ``_transport``). Generated code calls into it; it knows no operation.
``RawResponse`` and ``raw_sync`` (``_raw``) are re-exported here, where the generated code
imports them from.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any, TypeVar

import httpx

from ._auth import Scheme, shown_url
from ._credentials import renewable, sign
from ._opened import _Opened
from ._operation import NO_VALUES
from ._raw import RawResponse, raw_sync
from ._reading import (
    _WATCHDOG,
    _Body,
    _Inflater,
)
from ._settings import Config, attempt_limit
from ._streamed import _STREAMING, StreamedResponse
from ._transport import (
    BaseTransport,
    Operation,
    RequestOptions,
    _last_response,
)

__all__ = ["RawResponse", "SyncClientBase", "SyncTransport", "raw_sync"]

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C", bound="SyncClientBase")


_HTTPX_LOG = logging.getLogger("httpx")

_LATE = "the answer did not arrive within the timeout"


def _received(http: httpx.Client | httpx.AsyncClient, request: httpx.Request, response: httpx.Response) -> None:
    """What ``httpx.Client.send`` does to an answer besides sending, for a client of our own
    (no hooks, auth or redirects to follow): the request set on it, its cookies kept, httpx's
    log line. The cookie jar reads nothing but Set-Cookie headers (its default policy ignores
    Set-Cookie2), so an answer without one skips it: the jar's urllib view of the request,
    built for every answer, is about half of what ``send`` adds to the transport (~30 of
    ~55 us)."""
    response.request = request
    if "set-cookie" in response.headers:
        http.cookies.extract_cookies(response)
    if _HTTPX_LOG.isEnabledFor(logging.INFO):
        _HTTPX_LOG.info(
            'HTTP Request: %s %s "%s %d %s"',
            request.method,
            shown_url(request.url),
            response.http_version,
            response.status_code,
            response.reason_phrase,
        )


class SyncTransport(BaseTransport):
    _http: httpx.Client
    _owns_http: bool

    def _setup(self, config: Config, http_client: httpx.Client | None) -> None:
        self._config = config
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client()
        self._direct = self._owns_http and hasattr(self._http, "_transport_for_url")

    def _send(self, request: httpx.Request) -> httpx.Response:
        """Send ``request``; the answer's body is left to read.

        A caller's client goes through ``send`` (its hooks, auth, redirect policy); our own goes
        straight to the transport ``send`` would pick (proxies from the environment included),
        which saves ~55 us a call in process and more on loopback (colder caches). Unlike
        ``send``, a redirect answer gets no ``next_request``: the client never follows one.
        """
        http = self._http
        if not self._direct:
            return http.send(request, stream=True)
        if http.is_closed:
            raise RuntimeError("Cannot send a request, as the client has been closed.")
        try:
            response = http._transport_for_url(request.url).handle_request(request)
        except httpx.RequestError as exc:
            exc.request = request  # as httpx's request_context does
            raise
        try:
            _received(http, request, response)
        except BaseException:
            response.close()
            raise
        return response

    def _request(
        self,
        op: Operation,
        *,
        path: Mapping[str, object] = NO_VALUES,
        query: Mapping[str, object] = NO_VALUES,
        headers: Mapping[str, object] = NO_VALUES,
        body: Any = None,
        decode: Callable[[Any], T] | None = None,
        options: RequestOptions,
        cookies: Mapping[str, object] | None = None,
    ) -> T:
        request = self._build_request(
            op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
        )
        if _STREAMING.get() is not None:  # with_streaming_response: the body is read when asked
            strict = self._config.strict_responses

            def parse(streamed: StreamedResponse[T]) -> T:
                streamed.read()
                return self._decode(op, streamed.http_response, decode, strict)

            handed: T = self._open_as(op, request, options, None, parse)
            return handed
        timeout = self._timeout(options)
        response = self._exchange(op, request, options, timeout, self._call_deadline(), False)
        return self._decode(op, response, decode, self._config.strict_responses)

    def _open_as(
        self,
        op: Operation,
        request: httpx.Request,
        options: RequestOptions,
        make: Callable[[_Opened], R] | None,
        parse: Callable[[StreamedResponse[R]], R] | None = None,
        check: Callable[[httpx.Response], None] | None = None,
    ) -> R:
        """Send ``request`` until its answer's headers arrive (retried as any call); then
        ``make`` the result from the open answer, or hand the answer to
        ``with_streaming_response`` (which ``parse``s it when asked). ``check`` may refuse
        the open answer (it is closed then)."""
        timeout = self._timeout(options)
        call_deadline = self._call_deadline()
        response = self._exchange(op, request, options, timeout, call_deadline, True)
        if check is not None:
            try:
                check(response)
            except BaseException:
                response.close()
                raise
        sink = _last_response.get()
        if sink is not None:
            sink.append(response)
        opened = _Opened(
            response,
            request,
            self._http,
            attempt_limit(timeout),
            call_deadline,
            self._config.max_response_bytes,
        )
        streaming = _STREAMING.get()
        if streaming is not None:
            if parse is None:
                assert make is not None
                maker = make
                parse = lambda streamed: maker(streamed._take())  # noqa: E731
            streaming.append((opened, parse))
            return None  # type: ignore[return-value] # the caller returns the StreamedResponse
        assert make is not None
        return make(opened)

    def _exchange(
        self,
        op: Operation,
        request: httpx.Request,
        options: RequestOptions,
        timeout: httpx.Timeout,
        call_deadline: float | None,
        stream: bool,
    ) -> httpx.Response:
        """Send ``request``, retried when that is safe, until a 2xx answer (else raise its
        error); its body read and the response closed, unless ``stream`` (a 2xx answer is
        returned open then)."""
        max_retries = self._max_retries(options)
        attempt = 0
        c = self._config
        signed = sign(c.auth, c.base_url, op, request, self._http, self._clock, timeout, call_deadline)
        while True:
            started = time.monotonic()
            deadline = self._start_attempt(request, timeout, call_deadline)
            try:
                response, truncated = self._attempt(request, deadline, stream)
            except httpx.RequestError as exc:  # TransportError, DecodingError, TooManyRedirects
                if attempt < max_retries and self._should_retry_error(op, exc, request):
                    delay = self._retry_delay(attempt, None)
                    if self._within(delay, call_deadline):
                        self._log_retry(request, type(exc).__name__, delay, attempt, max_retries)
                        self._clock.sleep(delay)
                        attempt += 1
                        continue
                raise self._connection_error(exc, request) from self._cause(exc, exc)
            self._log_response(request, response, started, attempt)
            if response.is_success or response.status_code in op.answers:
                if truncated:
                    raise self._too_large(response)
                return response
            if signed is not None and self._renewed(op, signed, request, response, timeout, call_deadline):
                signed = None  # once: a second 401 is the caller's
                continue
            if attempt < max_retries and self._should_retry_status(op, response.status_code, request):
                delay = self._retry_delay(attempt, response)
                if self._within(delay, call_deadline):
                    self._log_retry(request, f"status {response.status_code}", delay, attempt, max_retries)
                    self._clock.sleep(delay)
                    attempt += 1
                    continue
            raise self._api_error(response, truncated)

    def _renewed(
        self,
        op: Operation,
        signed: tuple[Scheme, frozenset[str]],
        request: httpx.Request,
        response: httpx.Response,
        timeout: httpx.Timeout,
        call_deadline: float | None,
    ) -> bool:
        """Whether a 401 to a request signed with a token the client fetched got a new token
        (``request`` re-signed with it), so that the request may be sent once more."""
        if not renewable(op.encoding, response, request):
            return False
        c = self._config  # a fetched token: its cache (``_oauth.TokenCache``) renews it
        c.auth.tokens.renew(c.base_url, signed, request, self._http, self._clock, timeout, call_deadline)
        return True

    def _attempt(
        self, request: httpx.Request, deadline: float | None, stream: bool = False
    ) -> tuple[httpx.Response, bool]:
        """Send once and read the body (bounded in size and time); returns it and whether it
        was cut at the size bound. The response is closed, unless ``stream`` and a 2xx (its
        body is left to read then)."""
        if deadline is None:
            return self._read(request, deadline, stream)
        # httpx bounds each wait for data, not the many of a phase (headers, 1xx answers, a
        # chunked body's framing): the watchdog ends the attempt at its deadline in any phase.
        alarm = _WATCHDOG.arm(deadline, self._http, request)
        try:
            answer = self._read(request, deadline, stream)
        except httpx.RequestError:
            if alarm.fired:  # the connection was shut at the deadline
                raise httpx.ReadTimeout(_LATE, request=request) from None
            raise
        finally:
            alarm.cancel()
        if alarm.fired:  # e.g. a body read up to the connection's end, cut by the shutdown
            raise httpx.ReadTimeout(_LATE, request=request)
        return answer

    def _read(
        self, request: httpx.Request, deadline: float | None, stream: bool = False
    ) -> tuple[httpx.Response, bool]:
        started = time.perf_counter()
        response = self._send(request)
        if stream and response.is_success:
            if self._direct:
                response.elapsed = timedelta(seconds=time.perf_counter() - started)
            return response, False
        body = _Body(request, self._read_limit(response), deadline)
        try:
            self._clip_body_wait(request, deadline)
            inflater = _Inflater.of(response, request)
            if inflater is None:
                for chunk in response.iter_bytes():
                    if body.add(chunk):
                        break
            else:
                for raw in response.iter_raw():
                    if any(body.add(chunk) for chunk in inflater.feed(raw)):
                        break
        finally:
            response.close()
            if self._direct:  # httpx's send sets it when the body is closed
                response.elapsed = timedelta(seconds=time.perf_counter() - started)
        body.store(response)
        return response, body.truncated

    def _close(self) -> None:
        """Close the connection pool (only when the client created it): ``Client.close``, not a
        member of the namespaces, which share the client's pool."""
        if self._owns_http:
            self._http.close()


class SyncClientBase(SyncTransport):
    """The base of ``Client``: what a client has and its namespaces, which share its connection
    pool, do not (closing it)."""

    def close(self) -> None:
        """Close the connection pool (only when the client created it)."""
        self._close()

    def __enter__(self: C) -> C:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
