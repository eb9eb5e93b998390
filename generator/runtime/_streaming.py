"""Answers read as they arrive: server-sent event streams (:class:`Stream`, :class:`AsyncStream`),
binary bodies (:class:`BinaryResponse`, :class:`AsyncBinaryResponse`) and the responses of
``client.with_streaming_response.<method>(...)`` (:class:`StreamedResponse`,
:class:`AsyncStreamedResponse`), whose body is read only when asked.

Deadlines: the ``timeout`` of a call bounds the wait for the answer's headers, then each wait
between two events of a stream (a stream that sends nothing but comments times out as well), and
each wait for data of a body; the client's ``total_timeout``, when set, bounds the whole call,
the reading of the stream or body included. A call is retried (when safe) only until its answer's
headers arrive: never once an event or a byte of the body was handed out.

Events are parsed as the WHATWG HTML standard says (``event``/``data``/``id``/``retry`` fields,
multi-line data, comments, CR, LF and CRLF line ends, a leading byte order mark), with a bound on
the length of a line and on the data of one event.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import re
import time
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar

import httpx

from ._config import _PACKAGE
from ._exceptions import (
    ApiConnectionError,
    ApiTimeoutError,
    ResponseDecodeError,
    ResponseTooLargeError,
    StreamDecodeError,
    StreamEventError,
    _Mismatch,
    _text,
)
from ._reading import (
    _WATCHDOG,
    _Body,
    _Inflater,
    _within_seconds,
)
from ._serde import MAX_JSON_DEPTH, json_loads

__all__ = [
    "MAX_EVENT_BYTES",
    "MAX_LINE_BYTES",
    "AsyncBinaryResponse",
    "AsyncStream",
    "AsyncStreamedResponse",
    "BinaryResponse",
    "SSEDecoder",
    "ServerSentEvent",
    "Stream",
    "StreamedResponse",
    "streaming_async",
    "streaming_sync",
]

T = TypeVar("T")
P = ParamSpec("P")

MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest line of an event stream (or of ``iter_lines``), in bytes; longer: an error. The
client's ``max_response_bytes`` lowers it."""

MAX_EVENT_BYTES = 16 * 1024 * 1024
"""Most data one event may carry, in bytes; more: :class:`StreamDecodeError`. The client's
``max_response_bytes`` lowers it."""

DONE = "[DONE]"
"""The data of the event that ends a stream by convention (OpenAI and others): not decoded."""


class _TooLarge(Exception):
    """A line or an event past its bound (the stream reports it with the event's number)."""


# ---------------------------------------------------------------------------------------------
# Parsing


_EOL = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"


class _LineSplitter:
    """Bytes in, complete lines out (without their end: CRLF, LF or CR), whatever the chunks'
    boundaries; a line longer than ``max_line`` bytes raises :class:`_TooLarge`."""

    __slots__ = ("_cr", "_max", "_parts", "_size")

    def __init__(self, max_line: int) -> None:
        self._max = max_line
        self._parts: list[bytes] = []
        self._size = 0
        self._cr = False
        """The last chunk ended with a CR: an LF first in the next one belongs to it."""

    def feed(self, chunk: bytes) -> list[bytes]:
        lines: list[bytes] = []
        pos = 0
        end = len(chunk)
        if self._cr and end:
            self._cr = False
            if chunk[0] == 0x0A:
                pos = 1
        search = _EOL.search
        while (found := search(chunk, pos)) is not None:
            line = chunk[pos : found.start()]
            if self._parts:
                self._parts.append(line)
                line = b"".join(self._parts)
                self._parts.clear()
                self._size = 0
            if len(line) > self._max:
                raise _TooLarge(f"a line longer than {self._max} bytes")
            lines.append(line)
            pos = found.end()
            if pos == end and chunk[pos - 1] == 0x0D:
                self._cr = True
        if pos < end:
            self._size += end - pos
            if self._size > self._max:
                raise _TooLarge(f"a line longer than {self._max} bytes")
            self._parts.append(chunk[pos:])
        return lines

    def rest(self) -> bytes:
        """What follows the last line end (a last line without one)."""
        rest = b"".join(self._parts)
        self._parts.clear()
        self._size = 0
        return rest


@dataclass(frozen=True, slots=True)
class ServerSentEvent:
    """One event of a stream, as sent: its type (``message`` unless the server named one), its
    data (the ``data`` lines joined by LF), the last event id the stream set, and the
    reconnection time (ms) this event set (``None`` when it set none)."""

    event: str = "message"
    data: str = ""
    id: str = ""
    retry: int | None = None

    def json(self) -> Any:
        """The data read as JSON (``ValueError`` when it is not)."""
        return json_loads(self.data)


class SSEDecoder:
    """The WHATWG event stream parser: ``feed`` it bytes as they arrive, it returns the events
    completed. ``last_event_id`` and ``retry`` keep the stream's current values."""

    __slots__ = (
        "_data",
        "_event",
        "_head",
        "_lines",
        "_max_event",
        "_retry",
        "_size",
        "last_event_id",
        "retry",
    )

    def __init__(self, max_line: int = MAX_LINE_BYTES, max_event: int = MAX_EVENT_BYTES) -> None:
        self._lines = _LineSplitter(max_line)
        self._max_event = max_event
        self._head: bytes | None = b""
        """The stream's first bytes while a byte order mark may still be coming; then None."""
        self._data: list[str] = []
        self._size = 0
        self._event = ""
        self._retry: int | None = None
        self.last_event_id = ""
        self.retry: int | None = None

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        if self._head is not None:
            head = self._head + chunk
            if len(head) < len(_BOM) and _BOM.startswith(head):
                self._head = head
                return []
            self._head = None
            chunk = head[len(_BOM) :] if head.startswith(_BOM) else head
        events: list[ServerSentEvent] = []
        for line in self._lines.feed(chunk):
            if not line:
                event = self._dispatch()
                if event is not None:
                    events.append(event)
            elif line[0] != 0x3A:  # a line starting with ':' is a comment
                self._field(line)
        return events

    def _field(self, line: bytes) -> None:
        name, colon, value = line.partition(b":")
        if colon and value[:1] == b" ":
            value = value[1:]
        if name == b"data":
            self._size += len(value) + 1
            if self._size > self._max_event:
                raise _TooLarge(f"event data longer than {self._max_event} bytes")
            self._data.append(value.decode("utf-8", "replace"))
        elif name == b"event":
            self._event = value.decode("utf-8", "replace")
        elif name == b"id":
            if b"\0" not in value:
                self.last_event_id = value.decode("utf-8", "replace")
        elif name == b"retry":
            if value.isdigit() and len(value) <= 18:  # ASCII digits only (bytes.isdigit)
                self._retry = self.retry = int(value)
        # any other field is ignored

    def _dispatch(self) -> ServerSentEvent | None:
        retry, self._retry = self._retry, None
        if not self._data:
            self._event = ""
            return None
        event = ServerSentEvent(
            self._event or "message", "\n".join(self._data), self.last_event_id, retry
        )
        self._data = []
        self._size = 0
        self._event = ""
        return event


# ---------------------------------------------------------------------------------------------
# Reading an open answer


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
        return ApiTimeoutError(f"{request.method} {request.url}: {what}", request=request)

    def connection_error(self, exc: httpx.RequestError) -> ApiConnectionError:
        request = self.request
        if isinstance(exc, httpx.TimeoutException):
            return self.timeout_error(f"timed out reading the answer: {type(exc).__name__}")
        return ApiConnectionError(
            f"{request.method} {request.url} failed while reading the answer: "
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

    async def close(self) -> None:
        self._opened.closed = True
        await self._chunks.aclose()
        await self._opened.response.aclose()


_BODY_LATE = "the body did not arrive within total_timeout"


# ---------------------------------------------------------------------------------------------
# Event streams


class _EventSource:
    """What :class:`Stream` and :class:`AsyncStream` share: turning raw events into values."""

    def __init__(
        self,
        opened: _Opened,
        decode: Callable[[Any], Any] | None,
        check: Callable[[Any], None] | None,
    ) -> None:
        self.response = opened.response
        """The ``httpx.Response`` (status, headers); its body is the stream."""
        self._opened = opened
        self._decode = decode
        self._check = check
        limit = max(opened.limit, 1)
        self._decoder = SSEDecoder(min(MAX_LINE_BYTES, limit), min(MAX_EVENT_BYTES, limit))
        self._pending: deque[ServerSentEvent] = deque()
        self._ended = False
        self._count = 0
        self.current_event: ServerSentEvent | None = None
        """The raw event the last value came from (its ``event``, ``data``, ``id``, ``retry``)."""

    @property
    def last_event_id(self) -> str:
        """The stream's last event id (``""`` until the server sets one)."""
        return self._decoder.last_event_id

    @property
    def retry(self) -> int | None:
        """The reconnection time (ms) the server last asked for, else ``None``."""
        return self._decoder.retry

    def _late(self) -> str:
        idle = self._opened.idle
        what = f"within {idle:g} s" if idle is not None else "in time"
        return f"no event arrived {what} (event {self._count + 1} of the stream)"

    def _feed(self, chunk: bytes) -> None:
        try:
            self._pending.extend(self._decoder.feed(chunk))
        except _TooLarge as exc:
            raise StreamDecodeError(self.response, None, self._count + 1, str(exc)) from None

    def _value(self, event: ServerSentEvent) -> Any:
        """The value of one event; raises for an ``error`` event or one it cannot read."""
        self._count += 1
        self.current_event = event
        if event.event == "error":
            raise StreamEventError(self.response, event, self._count)
        if self._decode is None:
            return event
        try:
            data = json_loads(event.data, bound_depth=False)
        except ValueError as exc:
            raise StreamDecodeError(
                self.response, event, self._count, f"data is not valid JSON: {exc}"
            ) from None
        check = self._check
        try:
            if check is not None and self._strict:
                check(data)
            return self._decode(data)
        except _Mismatch as exc:
            raise self._mismatch(event, exc) from None
        except RecursionError:
            reason = f"data nested deeper than {MAX_JSON_DEPTH} levels"
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if check is not None:
                try:
                    check(data)
                except _Mismatch as found:
                    raise self._mismatch(event, found) from None
                except RecursionError:
                    pass
            reason = f"unexpected shape: {type(exc).__name__}: {exc}"
        raise StreamDecodeError(self.response, event, self._count, reason)

    _strict = False

    def _mismatch(self, event: ServerSentEvent, exc: _Mismatch) -> StreamDecodeError:
        error = StreamDecodeError(
            self.response, event, self._count, f"{exc.path or '(data)'}: {exc.rule}"
        )
        error.path, error.rule = exc.path, exc.rule
        return error


class Stream(_EventSource, Generic[T]):
    """The events of a server-sent event stream, each decoded as the operation's event model.

    Iterate it (``for chunk in stream``); use it as a context manager, or call :meth:`close`,
    to release the connection before the end. The raw event of the last value is
    ``current_event``; :meth:`events` iterates the raw events instead. An ``error`` event
    raises :class:`StreamEventError`, an event that cannot be read :class:`StreamDecodeError`
    (both name the event); the stream is closed then. A ``[DONE]`` event ends the stream.
    """

    def __init__(
        self,
        opened: _Opened,
        decode: Callable[[Any], T] | None,
        check: Callable[[Any], None] | None = None,
        *,
        strict: bool = False,
    ) -> None:
        super().__init__(opened, decode, check)
        self._strict = strict
        self._reader = _SyncReader(opened)

    def __iter__(self) -> Iterator[T]:
        return self

    def __next__(self) -> T:
        event = self._next_event()
        if event is None or event.data == DONE:
            self.close()
            raise StopIteration
        try:
            value: T = self._value(event)
        except BaseException:
            self.close()
            raise
        return value

    def events(self) -> Iterator[ServerSentEvent]:
        """The raw events left in the stream (``error`` events included, nothing decoded)."""
        try:
            while (event := self._next_event()) is not None:
                self._count += 1
                self.current_event = event
                yield event
        finally:
            self.close()

    def _next_event(self) -> ServerSentEvent | None:
        pending = self._pending
        if pending:
            return pending.popleft()
        if self._ended:
            return None
        deadline = self._opened.event_deadline()
        late = self._late()
        while not pending:
            chunk = self._reader.next(deadline, late)
            if chunk is None:
                self._ended = True
                self.close()
                return None
            try:
                self._feed(chunk)
            except BaseException:
                self.close()
                raise
        return pending.popleft()

    def close(self) -> None:
        """Stop reading and release the connection (reading ends; safe to call again)."""
        self._ended = True
        self._pending.clear()
        self._reader.close()

    def __enter__(self) -> Stream[T]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not self._ended:
                self._reader.close()
        except Exception:
            pass


class AsyncStream(_EventSource, Generic[T]):
    """The events of a server-sent event stream on ``AsyncClient``: ``async for`` over it, and
    ``async with`` it (or ``await stream.close()``) to release the connection early. Otherwise
    as :class:`Stream`."""

    def __init__(
        self,
        opened: _Opened,
        decode: Callable[[Any], T] | None,
        check: Callable[[Any], None] | None = None,
        *,
        strict: bool = False,
    ) -> None:
        super().__init__(opened, decode, check)
        self._strict = strict
        self._reader = _AsyncReader(opened)

    def __aiter__(self) -> AsyncIterator[T]:
        return self

    async def __anext__(self) -> T:
        event = await self._next_event()
        if event is None or event.data == DONE:
            await self.close()
            raise StopAsyncIteration
        try:
            value: T = self._value(event)
        except BaseException:
            await self.close()
            raise
        return value

    async def events(self) -> AsyncIterator[ServerSentEvent]:
        """The raw events left in the stream (``error`` events included, nothing decoded)."""
        try:
            while (event := await self._next_event()) is not None:
                self._count += 1
                self.current_event = event
                yield event
        finally:
            await self.close()

    async def _next_event(self) -> ServerSentEvent | None:
        pending = self._pending
        if pending:
            return pending.popleft()
        if self._ended:
            return None
        deadline = self._opened.event_deadline()
        late = self._late()
        while not pending:
            chunk = await self._reader.next(deadline, late)
            if chunk is None:
                self._ended = True
                await self.close()
                return None
            try:
                self._feed(chunk)
            except BaseException:
                await self.close()
                raise
        return pending.popleft()

    async def close(self) -> None:
        """Stop reading and release the connection (safe to call again)."""
        self._ended = True
        self._pending.clear()
        await self._reader.close()

    async def __aenter__(self) -> AsyncStream[T]:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


# ---------------------------------------------------------------------------------------------
# Binary answers


def _rechunk(chunk: bytes, size: int | None, carry: bytearray) -> Iterator[bytes]:
    if size is None:
        if chunk:
            yield chunk
        return
    carry += chunk
    while len(carry) >= size:
        yield bytes(carry[:size])
        del carry[:size]


class _BinaryBase:
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

    @property
    def content_type(self) -> str | None:
        """The answer's media type (``image/png``), without parameters; ``None`` when absent."""
        value = self.http_response.headers.get("content-type")
        return value.split(";", 1)[0].strip() or None if value else None


class BinaryResponse(_BinaryBase):
    """A binary answer, its body still to read (it holds a connection until read to its end or
    closed: use it as a context manager, or read it).

    - :meth:`read`: the whole body as ``bytes``, at most the client's ``max_response_bytes``
      (more: :class:`ResponseTooLargeError`);
    - :meth:`iter_bytes`: the body chunk by chunk, without a size bound;
    - :meth:`write_to_file`: the body streamed into a file, without a size bound.

    The body can be read once (``read`` keeps what it read: calling it again is free).
    """

    def __init__(self, opened: _Opened) -> None:
        super().__init__(opened)
        self._reader = _SyncReader(opened)

    def read(self) -> bytes:
        if self._content is not None:
            return self._content
        opened = self._opened
        opened.claim("read() it")
        body = _Body(opened.request, opened.limit, None)
        late = _BODY_LATE
        try:
            while (chunk := self._reader.next(opened.deadline, late)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            self.close()
        body.store(self.http_response)
        self._content = self.http_response.content
        return self._content

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body, in chunks of ``chunk_size`` bytes (the last one shorter), or as they
        arrive (``None``)."""
        if self._content is not None:
            step = chunk_size or max(len(self._content), 1)
            for start in range(0, len(self._content), step):
                yield self._content[start : start + step]
            return
        opened = self._opened
        opened.claim("iterate over it")
        carry = bytearray()
        late = _BODY_LATE
        try:
            while (chunk := self._reader.next(opened.deadline, late)) is not None:
                yield from _rechunk(chunk, chunk_size, carry)
            if carry:
                yield bytes(carry)
        finally:
            self.close()

    def write_to_file(self, file: str | os.PathLike[str]) -> int:
        """Stream the body into ``file`` (created or truncated); returns the bytes written."""
        written = 0
        with open(file, "wb") as out:
            for chunk in self.iter_bytes():
                out.write(chunk)
                written += len(chunk)
        return written

    def close(self) -> None:
        """Release the connection (the body left unread is dropped)."""
        self._reader.close()

    def __enter__(self) -> BinaryResponse:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self._reader.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"<BinaryResponse [{self.status_code}] {self.content_type or 'no content type'}>"


class AsyncBinaryResponse(_BinaryBase):
    """A binary answer on ``AsyncClient``: ``await read()``, ``async for`` over
    ``iter_bytes()``, ``await write_to_file(path)``; otherwise as :class:`BinaryResponse`."""

    def __init__(self, opened: _Opened) -> None:
        super().__init__(opened)
        self._reader = _AsyncReader(opened)

    async def read(self) -> bytes:
        if self._content is not None:
            return self._content
        opened = self._opened
        opened.claim("read() it")
        body = _Body(opened.request, opened.limit, None)
        late = _BODY_LATE
        try:
            while (chunk := await self._reader.next(opened.deadline, late)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            await self.close()
        body.store(self.http_response)
        self._content = self.http_response.content
        return self._content

    async def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        if self._content is not None:
            step = chunk_size or max(len(self._content), 1)
            for start in range(0, len(self._content), step):
                yield self._content[start : start + step]
            return
        opened = self._opened
        opened.claim("iterate over it")
        carry = bytearray()
        late = _BODY_LATE
        try:
            while (chunk := await self._reader.next(opened.deadline, late)) is not None:
                for piece in _rechunk(chunk, chunk_size, carry):
                    yield piece
            if carry:
                yield bytes(carry)
        finally:
            await self.close()

    async def write_to_file(self, file: str | os.PathLike[str]) -> int:
        written = 0
        with open(file, "wb") as out:  # local disk writes: short, not worth a thread each
            async for chunk in self.iter_bytes():
                out.write(chunk)
                written += len(chunk)
        return written

    async def close(self) -> None:
        await self._reader.close()

    async def __aenter__(self) -> AsyncBinaryResponse:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        return (
            f"<AsyncBinaryResponse [{self.status_code}] "
            f"{self.content_type or 'no content type'}>"
        )


# ---------------------------------------------------------------------------------------------
# with_streaming_response


_STREAMING: contextvars.ContextVar[list[tuple[_Opened, Callable[[Any], Any]]] | None] = (
    contextvars.ContextVar(f"{_PACKAGE}_streaming", default=None)
)
"""Set by ``with_streaming_response``: the transport hands the open answer and how to parse it
to this list instead of reading it."""


def _lines_of(splitter: _LineSplitter, chunk: bytes, response: httpx.Response) -> list[str]:
    try:
        return [_text(response, line) for line in splitter.feed(chunk)]
    except _TooLarge as exc:
        raise ResponseDecodeError(response, str(exc)) from None


class StreamedResponse(Generic[T]):
    """The answer of ``client.with_streaming_response.<method>(...)``: status and headers are
    there, the body is read only when asked, once: :meth:`iter_bytes`, :meth:`iter_lines`,
    :meth:`read` (bounded by ``max_response_bytes``) or :meth:`parse` (what the method
    returns). Leaving the ``with`` block closes the connection."""

    def __init__(self, opened: _Opened, parse: Callable[[StreamedResponse[T]], T]) -> None:
        self._opened = opened
        self._parse = parse
        self._reader = _SyncReader(opened)
        self._content: bytes | None = None
        self._parsed = False
        self._taken = False
        self._value: T
        self.http_response = opened.response

    def _claim(self, what: str) -> None:
        if self._taken:
            raise RuntimeError(f"the body of this answer was parsed: cannot {what}")
        self._opened.claim(what)

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body chunk by chunk, decompressed, without a size bound."""
        opened = self._opened
        self._claim("iterate over it")
        carry = bytearray()
        late = _BODY_LATE
        try:
            while (chunk := self._reader.next(opened.deadline, late)) is not None:
                yield from _rechunk(chunk, chunk_size, carry)
            if carry:
                yield bytes(carry)
        finally:
            self.close()

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
        if self._content is not None:
            return self._content
        opened = self._opened
        self._claim("read() it")
        body = _Body(opened.request, opened.limit, None)
        late = _BODY_LATE
        try:
            while (chunk := self._reader.next(opened.deadline, late)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            self.close()
        body.store(self.http_response)
        self._content = self.http_response.content
        return self._content

    def parse(self) -> T:
        """What the method returns (a model, a :class:`Stream`, a :class:`BinaryResponse`...);
        the same value when called again."""
        if not self._parsed:
            self._value = self._parse(self)
            self._parsed = True
        return self._value

    def _take(self) -> _Opened:
        """The answer still unread, for ``parse`` to make a stream or binary answer of."""
        opened = self._opened
        opened.claim("parse() it")
        opened.claimed = False  # the stream (or binary answer) made of it reads it
        self._taken = True
        return opened

    def close(self) -> None:
        self._reader.close()


class AsyncStreamedResponse(Generic[T]):
    """:class:`StreamedResponse` on ``AsyncClient``: ``async for`` over :meth:`iter_bytes` and
    :meth:`iter_lines`; ``await`` :meth:`read` and :meth:`parse`."""

    def __init__(
        self, opened: _Opened, parse: Callable[[AsyncStreamedResponse[T]], Awaitable[T]]
    ) -> None:
        self._opened = opened
        self._parse = parse
        self._reader = _AsyncReader(opened)
        self._content: bytes | None = None
        self._parsed = False
        self._taken = False
        self._value: T
        self.http_response = opened.response

    def _claim(self, what: str) -> None:
        if self._taken:
            raise RuntimeError(f"the body of this answer was parsed: cannot {what}")
        self._opened.claim(what)

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers

    async def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        opened = self._opened
        self._claim("iterate over it")
        carry = bytearray()
        late = _BODY_LATE
        try:
            while (chunk := await self._reader.next(opened.deadline, late)) is not None:
                for piece in _rechunk(chunk, chunk_size, carry):
                    yield piece
            if carry:
                yield bytes(carry)
        finally:
            await self.close()

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
        if self._content is not None:
            return self._content
        opened = self._opened
        self._claim("read() it")
        body = _Body(opened.request, opened.limit, None)
        late = _BODY_LATE
        try:
            while (chunk := await self._reader.next(opened.deadline, late)) is not None:
                if body.add(chunk):
                    raise opened.too_large(body)
        finally:
            await self.close()
        body.store(self.http_response)
        self._content = self.http_response.content
        return self._content

    async def parse(self) -> T:
        if not self._parsed:
            self._value = await self._parse(self)
            self._parsed = True
        return self._value

    def _take(self) -> _Opened:
        opened = self._opened
        opened.claim("parse() it")
        opened.claimed = False
        self._taken = True
        return opened

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


def _check_event_stream(response: httpx.Response) -> None:
    """Refuse a 2xx answer to a stream request that says it is something else (JSON, HTML)."""
    value = response.headers.get("content-type")
    if value is None:
        return
    media = value.split(";", 1)[0].strip().lower()
    if media and media != "text/event-stream":
        raise ResponseDecodeError(
            response, f"expected an event stream (text/event-stream), the answer is {media!r}"
        )
