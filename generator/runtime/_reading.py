"""Reading answers within bounds: the body collected up to a size and a deadline, gzip and
deflate inflated step by step, ``Retry-After`` read safely, and the watchdog that ends a sync
attempt at its deadline whatever it is waiting for."""

from __future__ import annotations

import asyncio
import email.utils
import heapq
import itertools
import math
import os
import socket
import sys
import threading
import time
import zlib
from collections.abc import Awaitable, Iterator
from typing import Any, TypeVar

import httpx

from ._config import (
    log,
)
from ._exceptions import (
    MAX_ERROR_BODY_CHARS,
)

T = TypeVar("T")

MAX_RETRY_AFTER = 60.0
"""A server-sent ``retry-after`` longer than this (seconds) is not honoured; backoff is used."""


class _Body:
    """The body of one answer as it arrives: at most ``limit`` bytes, before ``deadline``."""

    __slots__ = ("_chunks", "_deadline", "_limit", "_request", "_size", "truncated")

    def __init__(self, request: httpx.Request, limit: int, deadline: float | None) -> None:
        self._request = request
        self._limit = limit
        self._deadline = deadline
        self._chunks: list[bytes] = []
        self._size = 0
        self.truncated = False

    def add(self, chunk: bytes) -> bool:
        """Keep a chunk; ``True`` when the bound is reached (stop reading). Raises
        ``httpx.ReadTimeout`` past the deadline."""
        if self._size + len(chunk) > self._limit:
            self._chunks.append(chunk[: self._limit - self._size])
            self.truncated = True
            return True
        self._chunks.append(chunk)
        self._size += len(chunk)
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise httpx.ReadTimeout("the answer did not arrive within the timeout", request=self._request)
        return False

    def store(self, response: httpx.Response) -> None:
        """Put the body read on the response (only its start when it was cut)."""
        if not self.truncated:
            response._content = b"".join(self._chunks)
            return
        head = bytearray()
        for chunk in self._chunks:
            head += chunk[: MAX_ERROR_BODY_CHARS - len(head)]
            if len(head) >= MAX_ERROR_BODY_CHARS:
                break
        response._content = bytes(head)


_INFLATE_STEP = 1 << 16
"""Most bytes one step of :class:`_Inflater` makes (a compression bomb inflates step by step)."""


MAX_ENCODINGS = 4
"""Most content encodings (gzip or deflate) an answer may stack; more: ``httpx.DecodingError``."""


_INFLATABLE = frozenset({"gzip", "x-gzip", "deflate"})


class _Inflater:
    """gzip or deflate decoding in bounded steps (httpx inflates a whole network read at once:
    up to about 1000 times its size, and each of stacked encodings so, without bound). Stacked
    encodings (``gzip, gzip``) are a chain of inflaters, each fed the bounded steps of the one
    before. Other single encodings are left to httpx."""

    __slots__ = ("_decoder", "_encoding", "_request", "_then")

    def __init__(self, encoding: str, request: httpx.Request, then: _Inflater | None = None) -> None:
        self._encoding = encoding
        self._request = request
        self._decoder: Any = None
        self._then = then
        """The inflater of the encoding applied before this one, fed what this one makes."""

    @classmethod
    def of(cls, response: httpx.Response, request: httpx.Request) -> _Inflater | None:
        """The inflater of a response with gzip or deflate encodings, else ``None`` (none, or a
        single other one). Raises ``httpx.DecodingError`` for other stacked encodings, or more
        than :data:`MAX_ENCODINGS`."""
        header = response.headers.get("content-encoding", "")
        names = [n.strip().lower() for n in header.split(",") if n.strip()]
        names = [n for n in names if n != "identity"]
        if not names or (len(names) == 1 and names[0] not in _INFLATABLE):
            return None
        if len(names) > MAX_ENCODINGS or not _INFLATABLE.issuperset(names):
            raise httpx.DecodingError(
                f"unsupported content encodings: {len(names)} stacked, only gzip and deflate "
                f"(at most {MAX_ENCODINGS}) are decoded in bounded steps",
                request=request,
            )
        inflater: _Inflater | None = None
        for name in names:  # in the order applied: the last one is undone first
            inflater = cls(name, request, inflater)
        return inflater

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The decoded bytes of one raw chunk, at most :data:`_INFLATE_STEP` at a time."""
        then = self._then
        if then is None:
            yield from self._inflate(data)
            return
        for step in self._inflate(data):
            yield from then.feed(step)

    def _inflate(self, data: bytes) -> Iterator[bytes]:
        try:
            if self._decoder is None:
                wbits = 16 + zlib.MAX_WBITS  # gzip
                if self._encoding == "deflate":  # with a zlib header, or raw (as httpx reads it)
                    zlib_header = len(data) >= 2 and data[0] & 0x0F == 8
                    zlib_header = zlib_header and ((data[0] << 8) | data[1]) % 31 == 0
                    wbits = zlib.MAX_WBITS if zlib_header else -zlib.MAX_WBITS
                self._decoder = zlib.decompressobj(wbits)
            decoder = self._decoder
            while not decoder.eof:
                out: bytes = decoder.decompress(data, _INFLATE_STEP)
                data = decoder.unconsumed_tail
                if out:
                    yield out
                if not data and len(out) < _INFLATE_STEP:
                    break
        except zlib.error as exc:
            raise httpx.DecodingError(str(exc), request=self._request) from exc


def _retry_after(headers: httpx.Headers) -> float | None:
    """Seconds the server asked us to wait, if it asked and within :data:`MAX_RETRY_AFTER`.

    Anything else (not a number or date, ``nan``, infinite, negative, too long) gives ``None``:
    the caller falls back to its backoff.
    """
    delay: float | None = None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            delay = float(ms) / 1000.0
        except ValueError:
            delay = None
        if delay is not None and not math.isfinite(delay):
            delay = None
    if delay is None:
        value = headers.get("retry-after")
        if value:
            try:
                delay = float(value)
            except ValueError:
                try:
                    parsed = email.utils.parsedate_tz(value)
                    if parsed is not None:
                        delay = email.utils.mktime_tz(parsed) - time.time()
                except (ValueError, OverflowError, OSError, IndexError, TypeError):
                    delay = None
    if delay is None or not math.isfinite(delay) or delay < 0 or delay > MAX_RETRY_AFTER:
        return None
    return delay


class _Alarm:
    """One sync attempt's deadline, armed on :data:`_WATCHDOG`: at the deadline (unless
    cancelled first) the connection serving ``request`` is shut down, which ends any read or
    write the attempt is blocked in; ``fired`` then tells the attempt it ran out of time."""

    __slots__ = ("cancelled", "deadline", "fired", "http", "request")

    def __init__(self, deadline: float, http: httpx.Client, request: httpx.Request) -> None:
        self.deadline = deadline
        self.http: httpx.Client | None = http
        self.request: httpx.Request | None = request
        """Dropped when cancelled (a cancelled alarm may stay in the heap a while)."""
        self.cancelled = False
        self.fired = False

    def cancel(self) -> None:
        _WATCHDOG.cancel(self)

    def fire(self) -> None:
        self.fired = True
        http, request = self.http, self.request
        if http is None or request is None:
            return
        try:
            sock = _socket_of(http, request)
            if sock is not None:  # wakes a blocked recv or send (a close() would not)
                socket.socket.shutdown(sock, socket.SHUT_RDWR)
        except Exception:  # best effort: httpx's own timeouts bound each wait for data anyway
            log.debug("could not end an attempt at its deadline", exc_info=True)


def _socket_of(http: httpx.Client, request: httpx.Request) -> socket.socket | None:
    """The socket of the connection httpcore assigned ``request`` to, else ``None`` (not
    assigned yet, or a transport other than httpx's own). httpcore's request carries the very
    ``extensions`` dict of httpx's."""
    pool = getattr(http._transport_for_url(request.url), "_pool", None)
    extensions = request.extensions
    for waiting in list(getattr(pool, "_requests", ())):
        if getattr(waiting.request, "extensions", None) is extensions:
            connection = waiting.connection
            for _ in range(4):  # a proxy's connection wraps the HTTP one
                stream = getattr(connection, "_network_stream", None)
                if stream is not None:
                    sock: socket.socket | None = stream.get_extra_info("socket")
                    return sock
                connection = getattr(connection, "_connection", None)
    return None


class _Watchdog:
    """One daemon thread that fires the sync attempts' :class:`_Alarm` at their deadlines.

    httpx bounds each wait for data, not a phase made of many (status line and headers, 1xx
    answers, a chunked body's framing): a server dripping a byte before each wait ends would
    hold a call for hours. Arming and cancelling cost a lock and a heap operation; cancelled
    alarms are dropped when they reach the top of the heap, or all at once when they are most
    of it (and more than 256)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._heap: list[tuple[float, int, _Alarm]] = []
        """(deadline, arming number, alarm): compared in C, the number breaking ties."""
        self._cancelled = 0
        self._count = itertools.count()
        self._thread: threading.Thread | None = None

    def arm(self, deadline: float, http: httpx.Client, request: httpx.Request) -> _Alarm:
        alarm = _Alarm(deadline, http, request)
        with self._lock:
            heap = self._heap
            if self._cancelled > 256 and self._cancelled * 2 > len(heap):
                heap[:] = [entry for entry in heap if not entry[2].cancelled]
                heapq.heapify(heap)
                self._cancelled = 0
            entry = (deadline, next(self._count), alarm)
            heapq.heappush(heap, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"{__name__}.watchdog", daemon=True)
                self._thread.start()
            elif heap[0] is entry:
                self._wake.notify()
        return alarm

    def cancel(self, alarm: _Alarm) -> None:
        with self._lock:
            alarm.http = alarm.request = None
            if not alarm.cancelled:
                alarm.cancelled = True
                self._cancelled += 1

    def _run(self) -> None:
        heap = self._heap
        with self._lock:
            while True:
                while heap and heap[0][2].cancelled:
                    heapq.heappop(heap)
                    self._cancelled -= 1
                if not heap:
                    self._wake.wait()
                    continue
                left = heap[0][0] - time.monotonic()
                if left > 0:
                    self._wake.wait(left)
                    continue
                alarm = heapq.heappop(heap)[2]
                alarm.cancelled = True  # fired: cancel() must not count it
                self._lock.release()
                try:
                    alarm.fire()
                finally:
                    self._lock.acquire()

    def _after_fork(self) -> None:
        """In a child process: no thread; alarms of the parent's attempts do not apply."""
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._heap = []
        self._cancelled = 0
        self._count = itertools.count()
        self._thread = None


_WATCHDOG = _Watchdog()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_WATCHDOG._after_fork)


if sys.version_info >= (3, 11):

    async def _within_seconds(attempt: Awaitable[T], seconds: float) -> T:
        """``await attempt``, cancelled after ``seconds`` (``TimeoutError``), in this task."""
        async with asyncio.timeout(seconds):
            return await attempt

else:  # wait_for runs the attempt in a task of its own: about a tenth of a loopback call

    async def _within_seconds(attempt: Awaitable[T], seconds: float) -> T:
        return await asyncio.wait_for(attempt, seconds)
