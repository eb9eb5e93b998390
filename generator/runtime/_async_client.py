"""The async transport that ``AsyncClient`` derives from (see ``_base_client`` for the sync one);
``raw_async`` (``_raw``, ``with_raw_response`` for it) is re-exported here, where the generated
code imports it from."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta
from typing import Any, TypeVar

import httpx

from ._auth import Scheme
from ._base_client import _received
from ._credentials import renewable, sign_async
from ._opened import _Opened
from ._operation import NO_VALUES
from ._raw import raw_async
from ._reading import (
    _Body,
    _Inflater,
    _within_seconds,
)
from ._settings import Config, attempt_limit
from ._streamed import _STREAMING, AsyncStreamedResponse
from ._transport import (
    BaseTransport,
    Operation,
    RequestOptions,
    _last_response,
)

__all__ = ["AsyncClientBase", "AsyncTransport", "raw_async"]

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C", bound="AsyncClientBase")


class AsyncTransport(BaseTransport):
    _http: httpx.AsyncClient
    _owns_http: bool

    def _setup(self, config: Config, http_client: httpx.AsyncClient | None) -> None:
        self._config = config
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient()
        self._direct = self._owns_http and hasattr(self._http, "_transport_for_url")

    async def _send(self, request: httpx.Request) -> httpx.Response:
        """Send ``request``; the answer's body is left to read (see ``SyncTransport._send``)."""
        http = self._http
        if not self._direct:
            return await http.send(request, stream=True)
        if http.is_closed:
            raise RuntimeError("Cannot send a request, as the client has been closed.")
        try:
            response = await http._transport_for_url(request.url).handle_async_request(request)
        except httpx.RequestError as exc:
            exc.request = request
            raise
        try:
            _received(http, request, response)
        except BaseException:
            await response.aclose()
            raise
        return response

    async def _request(
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

            async def parse(streamed: AsyncStreamedResponse[T]) -> T:
                await streamed.read()
                return self._decode(op, streamed.http_response, decode, strict)

            handed: T = await self._open_as(op, request, options, None, parse)
            return handed
        timeout = self._timeout(options)
        response = await self._exchange(op, request, options, timeout, self._call_deadline(), False)
        return self._decode(op, response, decode, self._config.strict_responses)

    async def _open_as(
        self,
        op: Operation,
        request: httpx.Request,
        options: RequestOptions,
        make: Callable[[_Opened], R] | None,
        parse: Callable[[AsyncStreamedResponse[R]], Awaitable[R]] | None = None,
        check: Callable[[httpx.Response], None] | None = None,
    ) -> R:
        """Send ``request`` until its answer's headers arrive (retried as any call); then
        ``make`` the result from the open answer, or hand the answer to
        ``with_streaming_response`` (which ``parse``s it when asked). ``check`` may refuse
        the open answer (it is closed then)."""
        timeout = self._timeout(options)
        call_deadline = self._call_deadline()
        response = await self._exchange(op, request, options, timeout, call_deadline, True)
        if check is not None:
            try:
                check(response)
            except BaseException:
                await response.aclose()
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

                async def parse(streamed: AsyncStreamedResponse[R]) -> R:
                    return maker(streamed._take())

            streaming.append((opened, parse))
            return None  # type: ignore[return-value] # the caller returns the StreamedResponse
        assert make is not None
        return make(opened)

    async def _exchange(
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
        signed = await sign_async(c.auth, c.base_url, op, request, self._http, self._clock, timeout, call_deadline)
        while True:
            started = time.monotonic()
            deadline = self._start_attempt(request, timeout, call_deadline)
            try:
                response, truncated = await self._attempt_by(request, deadline, started, stream)
            except (httpx.RequestError, asyncio.TimeoutError) as caught:
                exc = (
                    caught
                    if isinstance(caught, httpx.RequestError)
                    else httpx.ReadTimeout("the answer did not arrive in time", request=request)
                )
                if attempt < max_retries and self._should_retry_error(op, exc, request):
                    delay = self._retry_delay(attempt, None)
                    if self._within(delay, call_deadline):
                        self._log_retry(request, type(exc).__name__, delay, attempt, max_retries)
                        await self._clock.async_sleep(delay)
                        attempt += 1
                        continue
                raise self._connection_error(exc, request) from self._cause(exc, caught)
            self._log_response(request, response, started, attempt)
            if response.is_success or response.status_code in op.answers:
                if truncated:
                    raise self._too_large(response)
                return response
            if signed is not None and await self._renewed(op, signed, request, response, timeout, call_deadline):
                signed = None  # once: a second 401 is the caller's
                continue
            if attempt < max_retries and self._should_retry_status(op, response.status_code, request):
                delay = self._retry_delay(attempt, response)
                if self._within(delay, call_deadline):
                    self._log_retry(request, f"status {response.status_code}", delay, attempt, max_retries)
                    await self._clock.async_sleep(delay)
                    attempt += 1
                    continue
            raise self._api_error(response, truncated)

    async def _renewed(
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
        tokens = c.auth.tokens
        await tokens.renew_async(c.base_url, signed, request, self._http, self._clock, timeout, call_deadline)
        return True

    async def _attempt_by(
        self, request: httpx.Request, deadline: float | None, started: float, stream: bool
    ) -> tuple[httpx.Response, bool]:
        """:meth:`_attempt`, its ``deadline`` holding even while waiting for one chunk."""
        if deadline is None:
            return await self._attempt(request, deadline, stream)
        return await _within_seconds(self._attempt(request, deadline, stream), max(deadline - started, 0.001))

    async def _attempt(
        self, request: httpx.Request, deadline: float | None, stream: bool = False
    ) -> tuple[httpx.Response, bool]:
        """Send once and read the body (bounded in size and time); returns it and whether it
        was cut at the size bound. The response is closed, unless ``stream`` and a 2xx (its
        body is left to read then)."""
        started = time.perf_counter()
        response = await self._send(request)
        if stream and response.is_success:
            if self._direct:
                response.elapsed = timedelta(seconds=time.perf_counter() - started)
            return response, False
        body = _Body(request, self._read_limit(response), deadline)
        try:
            inflater = _Inflater.of(response, request)
            if inflater is None:
                async for chunk in response.aiter_bytes():
                    if body.add(chunk):
                        break
            else:
                async for raw in response.aiter_raw():
                    if any(body.add(chunk) for chunk in inflater.feed(raw)):
                        break
        finally:
            await response.aclose()
            if self._direct:
                response.elapsed = timedelta(seconds=time.perf_counter() - started)
        body.store(response)
        return response, body.truncated

    async def _close(self) -> None:
        """Close the connection pool (only when the client created it): ``AsyncClient.close``,
        not a member of the namespaces, which share the client's pool."""
        if self._owns_http:
            await self._http.aclose()


class AsyncClientBase(AsyncTransport):
    """The base of ``AsyncClient``: what a client has and its namespaces, which share its
    connection pool, do not (closing it)."""

    async def close(self) -> None:
        """Close the connection pool (only when the client created it)."""
        await self._close()

    async def __aenter__(self: C) -> C:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
