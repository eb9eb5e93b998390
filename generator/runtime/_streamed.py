"""``client.with_streaming_response.<method>(...)``: a context manager of a
:class:`StreamedResponse` (:class:`AsyncStreamedResponse`) whose body is read only when asked."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Generic, ParamSpec, TypeVar

from ._config import _PACKAGE
from ._error_text import _text
from ._opened import _Answer, _AsyncReader, _lines_of, _Opened, _SyncReader
from ._sse import MAX_LINE_BYTES, _LineSplitter

T = TypeVar("T")
P = ParamSpec("P")

_STREAMING: contextvars.ContextVar[list[tuple[_Opened, Callable[[Any], Any]]] | None] = contextvars.ContextVar(
    f"{_PACKAGE}_streaming", default=None
)
"""Set by ``with_streaming_response``: the transport hands the open answer and how to parse it
to this list instead of reading it."""


class _Streamed(_Answer):
    """What :class:`StreamedResponse` and :class:`AsyncStreamedResponse` share."""

    def __init__(self, opened: _Opened) -> None:
        super().__init__(opened)
        self._parsed = False
        self._taken = False

    def _claim(self, what: str) -> None:
        if self._taken:
            raise RuntimeError(f"the body of this answer was parsed: cannot {what}")
        self._opened.claim(what)

    def _take(self) -> _Opened:
        """The answer still unread, for ``parse`` to make a stream or binary answer of."""
        opened = self._opened
        opened.claim("parse() it")
        opened.claimed = False  # the stream (or binary answer) made of it reads it
        self._taken = True
        return opened


class StreamedResponse(_Streamed, Generic[T]):
    """The answer of ``client.with_streaming_response.<method>(...)``: status and headers are
    there, the body is read only when asked, once: :meth:`iter_bytes`, :meth:`iter_lines`,
    :meth:`read` (bounded by ``max_response_bytes``) or :meth:`parse` (what the method
    returns). Leaving the ``with`` block closes the connection."""

    def __init__(self, opened: _Opened, parse: Callable[[StreamedResponse[T]], T]) -> None:
        super().__init__(opened)
        self._parse = parse
        self._reader = _SyncReader(opened)
        self._value: T

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body chunk by chunk, decompressed, without a size bound."""
        self._claim("iterate over it")
        yield from self._reader.chunks(chunk_size)

    def iter_lines(self) -> Iterator[str]:
        """The body as lines of text (without their CR, LF or CRLF), each at most
        ``MAX_LINE_BYTES`` (else :class:`ResponseDecodeError`)."""
        splitter = _LineSplitter(min(MAX_LINE_BYTES, max(self._opened.limit, 1)))
        response = self.http_response
        for chunk in self.iter_bytes():
            yield from _lines_of(splitter, chunk, response)
        rest = splitter.rest()
        if rest:
            yield _text(response, rest)

    def read(self) -> bytes:
        """The whole body, at most ``max_response_bytes`` (else :class:`ResponseTooLargeError`)."""
        if self._content is None:
            self._claim("read() it")
            self._content = self._reader.read_all()
        return self._content

    def parse(self) -> T:
        """What the method returns (a model, a :class:`Stream`, a :class:`BinaryResponse`...);
        the same value when called again."""
        if not self._parsed:
            self._value = self._parse(self)
            self._parsed = True
        return self._value

    def close(self) -> None:
        self._reader.close()


class AsyncStreamedResponse(_Streamed, Generic[T]):
    """:class:`StreamedResponse` on ``AsyncClient``: ``async for`` over :meth:`iter_bytes` and
    :meth:`iter_lines`; ``await`` :meth:`read` and :meth:`parse`."""

    def __init__(self, opened: _Opened, parse: Callable[[AsyncStreamedResponse[T]], Awaitable[T]]) -> None:
        super().__init__(opened)
        self._parse = parse
        self._reader = _AsyncReader(opened)
        self._value: T

    async def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        self._claim("iterate over it")
        chunks = self._reader.chunks(chunk_size)
        try:
            async for chunk in chunks:
                yield chunk
        finally:  # an iteration left early releases the connection now
            await chunks.aclose()

    async def iter_lines(self) -> AsyncIterator[str]:
        splitter = _LineSplitter(min(MAX_LINE_BYTES, max(self._opened.limit, 1)))
        response = self.http_response
        async for chunk in self.iter_bytes():
            for line in _lines_of(splitter, chunk, response):
                yield line
        rest = splitter.rest()
        if rest:
            yield _text(response, rest)

    async def read(self) -> bytes:
        if self._content is None:
            self._claim("read() it")
            self._content = await self._reader.read_all()
        return self._content

    async def parse(self) -> T:
        if not self._parsed:
            self._value = await self._parse(self)
            self._parsed = True
        return self._value

    async def close(self) -> None:
        await self._reader.close()


class StreamedResponseContext(Generic[T]):
    """``with client.with_streaming_response.<method>(...) as response:``: the request is sent
    on entering (the body left unread), the connection closed on leaving."""

    def __init__(self, call: Callable[[], object]) -> None:
        self._call = call
        self._response: StreamedResponse[T] | None = None

    def __enter__(self) -> StreamedResponse[T]:
        sink: list[tuple[_Opened, Callable[[Any], Any]]] = []
        token = _STREAMING.set(sink)
        try:
            self._call()
        finally:
            _STREAMING.reset(token)
        opened, parse = sink[-1]
        self._response = StreamedResponse(opened, parse)
        return self._response

    def __exit__(self, *exc_info: object) -> None:
        if self._response is not None:
            self._response.close()


class AsyncStreamedResponseContext(Generic[T]):
    """``async with client.with_streaming_response.<method>(...) as response:``."""

    def __init__(self, call: Callable[[], Awaitable[object]]) -> None:
        self._call = call
        self._response: AsyncStreamedResponse[T] | None = None

    async def __aenter__(self) -> AsyncStreamedResponse[T]:
        sink: list[tuple[_Opened, Callable[[Any], Any]]] = []
        token = _STREAMING.set(sink)
        try:
            await self._call()
        finally:
            _STREAMING.reset(token)
        opened, parse = sink[-1]
        self._response = AsyncStreamedResponse(opened, parse)
        return self._response

    async def __aexit__(self, *exc_info: object) -> None:
        if self._response is not None:
            await self._response.close()


def streaming_sync(method: Callable[P, T]) -> Callable[P, StreamedResponseContext[T]]:
    """Wrap a client method so that it returns a :class:`StreamedResponseContext`."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> StreamedResponseContext[T]:
        return StreamedResponseContext(lambda: method(*args, **kwargs))

    return call


def streaming_async(
    method: Callable[P, Awaitable[T]],
) -> Callable[P, AsyncStreamedResponseContext[T]]:
    """Wrap an async client method so that it returns an
    :class:`AsyncStreamedResponseContext`."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> AsyncStreamedResponseContext[T]:
        return AsyncStreamedResponseContext(lambda: method(*args, **kwargs))

    return call
