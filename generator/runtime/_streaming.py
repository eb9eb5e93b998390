"""Server-sent event streams (:class:`Stream`, :class:`AsyncStream`): each event decoded as the
operation's event model. A call is retried (when safe) only until its answer's headers arrive:
never once an event was handed out. The calls of operations answering events
(:func:`request_events`, :func:`request_json_or_events`) are here too, so that only a package
with such operations copies this module and ``_events``."""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import httpx

from ._encoding import _ACCEPT
from ._events import (
    DONE,
    MAX_EVENT_BYTES,
    SSEDecoder,
    StreamDecodeError,
    StreamEventError,
    _check_event_stream,
    event_data,
    raw_event,
)
from ._exceptions import _Mismatch
from ._opened import _AsyncReader, _Opened, _SyncReader
from ._operation import NO_VALUES
from ._serde import MAX_JSON_DEPTH, json_loads
from ._sse import MAX_LINE_BYTES, ServerSentEvent, _TooLarge

if TYPE_CHECKING:
    from ._async_client import AsyncTransport
    from ._base_client import SyncTransport
    from ._transport import BaseTransport, Operation, RequestOptions

T = TypeVar("T")
E = TypeVar("E")


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
        decode = self._decode
        if decode is None or decode is raw_event:
            return event
        if decode is event_data:
            return event.data
        try:
            data = json_loads(event.data, bound_depth=False)
        except ValueError as exc:
            raise StreamDecodeError(self.response, event, self._count, f"data is not valid JSON: {exc}") from None
        check = self._check
        try:
            if check is not None and self._strict:
                check(data)
            return decode(data)
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
        error = StreamDecodeError(self.response, event, self._count, f"{exc.path or '(data)'}: {exc.rule}")
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


def _event_request(
    client: BaseTransport,
    op: Operation,
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
    options: RequestOptions,
    cookies: Mapping[str, object] | None,
) -> httpx.Request:
    request = client._build_request(
        op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
    )
    if op.response != "sse":  # an operation that streams when asked (``stream: true``)
        request.headers["accept"] = _ACCEPT["sse"]
    return request


def request_events(
    client: SyncTransport,
    op: Operation,
    *,
    path: Mapping[str, object] = NO_VALUES,
    query: Mapping[str, object] = NO_VALUES,
    headers: Mapping[str, object] = NO_VALUES,
    body: Any = None,
    decode: Callable[[Any], T],
    options: RequestOptions,
    check: Callable[[Any], None] | None = None,
    cookies: Mapping[str, object] | None = None,
) -> Stream[T]:
    """Send the request of ``op`` with ``client``; the answer is a stream of server-sent
    events, each decoded with ``decode`` (and checked with ``check`` with
    ``strict_responses``)."""
    request = _event_request(client, op, path, query, headers, body, options, cookies)
    strict = client._config.strict_responses

    def make(opened: _Opened) -> Stream[T]:
        return Stream(opened, decode, check, strict=strict)

    return client._open_as(op, request, options, make, check=_check_event_stream)


async def request_events_async(
    client: AsyncTransport,
    op: Operation,
    *,
    path: Mapping[str, object] = NO_VALUES,
    query: Mapping[str, object] = NO_VALUES,
    headers: Mapping[str, object] = NO_VALUES,
    body: Any = None,
    decode: Callable[[Any], T],
    options: RequestOptions,
    check: Callable[[Any], None] | None = None,
    cookies: Mapping[str, object] | None = None,
) -> AsyncStream[T]:
    """:func:`request_events` on ``AsyncClient``."""
    request = _event_request(client, op, path, query, headers, body, options, cookies)
    strict = client._config.strict_responses

    def make(opened: _Opened) -> AsyncStream[T]:
        return AsyncStream(opened, decode, check, strict=strict)

    return await client._open_as(op, request, options, make, check=_check_event_stream)


def request_json_or_events(
    client: SyncTransport,
    op: Operation,
    *,
    decode: Callable[[Any], T] | None,
    stream: bool,
    event_decode: Callable[[Any], E],
    event_check: Callable[[Any], None] | None = None,
    **request: Any,
) -> T | Stream[E]:
    """An operation that answers JSON, or a stream of events when ``stream`` (the body member
    that asks for it is true); ``request``: the ``path``, ``query``, ``headers``, ``body``,
    ``options`` (and ``cookies``) of the call."""
    if stream:
        return request_events(client, op, decode=event_decode, check=event_check, **request)
    answer: T = client._request(op, decode=decode, **request)
    return answer


async def request_json_or_events_async(
    client: AsyncTransport,
    op: Operation,
    *,
    decode: Callable[[Any], T] | None,
    stream: bool,
    event_decode: Callable[[Any], E],
    event_check: Callable[[Any], None] | None = None,
    **request: Any,
) -> T | AsyncStream[E]:
    """:func:`request_json_or_events` on ``AsyncClient``."""
    if stream:
        return await request_events_async(client, op, decode=event_decode, check=event_check, **request)
    answer: T = await client._request(op, decode=decode, **request)
    return answer
