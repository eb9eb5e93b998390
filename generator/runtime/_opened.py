"""An answer whose headers arrived and whose body is read as it comes (:class:`_Opened`), chunk
by chunk within deadlines: the ``timeout`` of a call bounds each wait between two events of a
stream (a stream sending only comments times out too) and each wait for data of a body; the
client's ``total_timeout``, when set, bounds the whole call, the body included."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, Generator, Iterator
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

import httpx

from ._auth import shown_url
from ._error_text import _text
from ._exceptions import (
    ApiConnectionError,
    ApiTimeoutError,
    ResponseDecodeError,
    ResponseTooLargeError,
)
from ._reading import (
    _WATCHDOG,
    _Body,
    _Inflater,
    _within_seconds,
)
from ._sse import _LineSplitter, _TooLarge

T = TypeVar("T")
P = ParamSpec("P")


@dataclass(slots=True)
class _Opened:
    """An answer whose headers arrived and whose body is still to read, with what bounds it."""

    response: httpx.Response
    request: httpx.Request
    http: httpx.Client | httpx.AsyncClient
    idle: float | None
    """Seconds a stream may wait for its next event (``None``: no bound but httpx's own)."""
    deadline: float | None
    """The call's deadline (``total_timeout``), on ``time.monotonic``."""
    limit: int
    """The client's ``max_response_bytes``."""
    claimed: bool = False
    closed: bool = False

    def claim(self, what: str) -> None:
        if self.claimed or self.closed:
            raise RuntimeError(f"the body of this answer was already read or closed: cannot {what}")
        self.claimed = True

    def event_deadline(self) -> float | None:
        deadline = self.deadline
        if self.idle is not None:
            idle = time.monotonic() + self.idle
            deadline = idle if deadline is None else min(deadline, idle)
        return deadline

    def timeout_error(self, what: str) -> ApiTimeoutError:
        request = self.request
        return ApiTimeoutError(f"{request.method} {shown_url(request.url)}: {what}", request=request)

    def connection_error(self, exc: httpx.RequestError) -> ApiConnectionError:
        request = self.request
        if isinstance(exc, httpx.TimeoutException):
            return self.timeout_error(f"timed out reading the answer: {type(exc).__name__}")
        return ApiConnectionError(
            f"{request.method} {shown_url(request.url)} failed while reading the answer: "
            f"{type(exc).__name__}: {exc}",
            request=request,
        )

    def too_large(self, body: _Body) -> ResponseTooLargeError:
        body.store(self.response)
        return ResponseTooLargeError(
            self.response,
            f"body larger than max_response_bytes ({self.limit} bytes)",
            truncated=True,
        )


class _Answer:
    """What the answers whose body is read when asked share (``StreamedResponse``,
    ``BinaryResponse`` and their async twins): status and headers, the body read once."""

    def __init__(self, opened: _Opened) -> None:
        self._opened = opened
        self._content: bytes | None = None
        self.http_response = opened.response
        """The ``httpx.Response`` (status, headers); its body is read by the methods."""

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers


def _chunks(response: httpx.Response, request: httpx.Request) -> Generator[bytes, None, None]:
    """The decoded body, chunk by chunk (gzip and deflate inflated in bounded steps)."""
    inflater = _Inflater.of(response, request)
    if inflater is None:
        yield from response.iter_bytes()
        return
    for raw in response.iter_raw():
        yield from inflater.feed(raw)


async def _achunks(response: httpx.Response, request: httpx.Request) -> AsyncGenerator[bytes, None]:
    inflater = _Inflater.of(response, request)
    if inflater is None:
        async for chunk in response.aiter_bytes():
            yield chunk
        return
    async for raw in response.aiter_raw():
        for chunk in inflater.feed(raw):
            yield chunk


class _SyncReader:
    """The body of an open answer, a chunk at a time, each wait bounded by a deadline."""

    __slots__ = ("_chunks", "_opened")

    def __init__(self, opened: _Opened) -> None:
        self._opened = opened
        self._chunks = _chunks(opened.response, opened.request)

    def next(self, deadline: float | None, late: str) -> bytes | None:
        """The next chunk, ``None`` at the end; :class:`ApiTimeoutError` (saying ``late``) when
        none arrived by ``deadline``. Errors leave the answer closed."""
        opened = self._opened
        try:
            if deadline is None:
                return next(self._chunks, None)
            if time.monotonic() >= deadline:
                raise opened.timeout_error(late)
            alarm = _WATCHDOG.arm(deadline, opened.http, opened.request)  # type: ignore[arg-type]
            try:
                chunk = next(self._chunks, None)
            except httpx.RequestError:
                if alarm.fired:
                    raise opened.timeout_error(late) from None
                raise
            finally:
                alarm.cancel()
            if alarm.fired:
                raise opened.timeout_error(late)
            return chunk
        except httpx.RequestError as exc:
            self.close()
            raise opened.connection_error(exc) from exc
        except BaseException:
            self.close()
            raise

    def read_all(self) -> bytes:
        """The whole body, at most ``max_response_bytes`` (else :class:`ResponseTooLargeError`);
        the answer is closed after."""
        opened = self._opened
        body = _Body(opened.request, opened.limit, None)
        try:
            while (chunk := self.next(opened.deadline, _BODY_LATE)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            self.close()
        body.store(opened.response)
        return opened.response.content

    def chunks(self, size: int | None) -> Iterator[bytes]:
        """The body in chunks of ``size`` bytes (the last one shorter), or as they arrive
        (``None``), without a size bound; the answer is closed after."""
        carry = bytearray()
        try:
            while (chunk := self.next(self._opened.deadline, _BODY_LATE)) is not None:
                yield from _rechunk(chunk, size, carry)
            if carry:
                yield bytes(carry)
        finally:
            self.close()

    def close(self) -> None:
        self._opened.closed = True
        self._chunks.close()
        self._opened.response.close()


class _AsyncReader:
    __slots__ = ("_chunks", "_opened")

    def __init__(self, opened: _Opened) -> None:
        self._opened = opened
        self._chunks = _achunks(opened.response, opened.request)

    async def next(self, deadline: float | None, late: str) -> bytes | None:
        opened = self._opened
        try:
            if deadline is None:
                return await self._chunks.__anext__()
            left = deadline - time.monotonic()
            if left <= 0:
                raise opened.timeout_error(late)
            try:
                return await _within_seconds(self._chunks.__anext__(), left)
            except asyncio.TimeoutError:
                raise opened.timeout_error(late) from None
        except StopAsyncIteration:
            await self.close()
            return None
        except httpx.RequestError as exc:
            await self.close()
            raise opened.connection_error(exc) from exc
        except BaseException:
            await self.close()
            raise

    async def read_all(self) -> bytes:
        opened = self._opened
        body = _Body(opened.request, opened.limit, None)
        try:
            while (chunk := await self.next(opened.deadline, _BODY_LATE)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            await self.close()
        body.store(opened.response)
        return opened.response.content

    async def chunks(self, size: int | None) -> AsyncGenerator[bytes, None]:
        carry = bytearray()
        try:
            while (chunk := await self.next(self._opened.deadline, _BODY_LATE)) is not None:
                for piece in _rechunk(chunk, size, carry):
                    yield piece
            if carry:
                yield bytes(carry)
        finally:
            await self.close()

    async def close(self) -> None:
        self._opened.closed = True
        await self._chunks.aclose()
        await self._opened.response.aclose()


_BODY_LATE = "the body did not arrive within total_timeout"


def _rechunk(chunk: bytes, size: int | None, carry: bytearray) -> Iterator[bytes]:
    if size is None:
        if chunk:
            yield chunk
        return
    carry += chunk
    while len(carry) >= size:
        yield bytes(carry[:size])
        del carry[:size]


def _lines_of(splitter: _LineSplitter, chunk: bytes, response: httpx.Response) -> list[str]:
    try:
        return [_text(response, line) for line in splitter.feed(chunk)]
    except _TooLarge as exc:
        raise ResponseDecodeError(response, str(exc)) from None
