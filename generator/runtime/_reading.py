"""Reading answers within bounds: the body collected up to a size and a deadline, gzip and
deflate inflated step by step, ``Retry-After`` read safely, page tokens that never loop."""

from __future__ import annotations

import email.utils
import math
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpx

from ._config import (
    log,
)
from ._exceptions import (
    MAX_ERROR_BODY_CHARS,
)

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
            raise httpx.ReadTimeout(
                "the answer did not arrive within the timeout", request=self._request
            )
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

    def __init__(
        self, encoding: str, request: httpx.Request, then: _Inflater | None = None
    ) -> None:
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


class PageTokens:
    """The page tokens an ``iter_*`` method has followed, to stop on any repeated one.

    A server that sends a token it sent before (``A, B, A, ...``) would make the iteration
    loop forever; it stops there instead, with a warning logged (the token is not shown).
    """

    __slots__ = ("_method", "_seen")

    def __init__(self, method: str) -> None:
        self._method = method
        self._seen: set[str] = set()

    def follow(self, token: object) -> bool:
        """Whether to fetch the page of ``token``: it is a non-empty string not seen before."""
        if not isinstance(token, str) or not token:
            return False
        if token in self._seen:
            log.warning(
                "%s: the server sent a page token again after %d pages; stopping",
                self._method,
                len(self._seen) + 1,
            )
            return False
        self._seen.add(token)
        return True


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
