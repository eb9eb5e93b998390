"""Binary answers (:class:`BinaryResponse`, :class:`AsyncBinaryResponse`): the body still to
read, read whole within ``max_response_bytes``, or chunk by chunk (to a file) without a bound.
The calls of operations answering so (:func:`request_binary`) are here too, so that only a
package with such operations copies this module."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ._opened import _Answer, _AsyncReader, _Opened, _SyncReader
from ._operation import NO_VALUES

if TYPE_CHECKING:
    from ._async_client import AsyncTransport
    from ._base_client import SyncTransport
    from ._transport import Operation, RequestOptions


class _BinaryBase(_Answer):
    @property
    def content_type(self) -> str | None:
        """The answer's media type (``image/png``), without parameters; ``None`` when absent."""
        value = self.http_response.headers.get("content-type")
        return value.split(";", 1)[0].strip() or None if value else None

    def _pieces(self, content: bytes, chunk_size: int | None) -> Iterator[bytes]:
        """The body already read, cut as ``iter_bytes`` would."""
        step = chunk_size or max(len(content), 1)
        for start in range(0, len(content), step):
            yield content[start : start + step]


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
        if self._content is None:
            self._opened.claim("read() it")
            self._content = self._reader.read_all()
        return self._content

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body, in chunks of ``chunk_size`` bytes (the last one shorter), or as they
        arrive (``None``)."""
        if self._content is not None:
            yield from self._pieces(self._content, chunk_size)
            return
        self._opened.claim("iterate over it")
        yield from self._reader.chunks(chunk_size)

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
        if self._content is None:
            self._opened.claim("read() it")
            self._content = await self._reader.read_all()
        return self._content

    async def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        if self._content is not None:
            for piece in self._pieces(self._content, chunk_size):
                yield piece
            return
        self._opened.claim("iterate over it")
        chunks = self._reader.chunks(chunk_size)
        try:
            async for chunk in chunks:
                yield chunk
        finally:  # an iteration left early releases the connection now
            await chunks.aclose()

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
        return f"<AsyncBinaryResponse [{self.status_code}] {self.content_type or 'no content type'}>"


def request_binary(
    client: SyncTransport,
    op: Operation,
    *,
    path: Mapping[str, object] = NO_VALUES,
    query: Mapping[str, object] = NO_VALUES,
    headers: Mapping[str, object] = NO_VALUES,
    body: Any = None,
    options: RequestOptions,
    cookies: Mapping[str, object] | None = None,
) -> BinaryResponse:
    """Send the request of ``op`` with ``client``; the answer is binary, its body left to
    read."""
    request = client._build_request(
        op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
    )
    return client._open_as(op, request, options, BinaryResponse)


async def request_binary_async(
    client: AsyncTransport,
    op: Operation,
    *,
    path: Mapping[str, object] = NO_VALUES,
    query: Mapping[str, object] = NO_VALUES,
    headers: Mapping[str, object] = NO_VALUES,
    body: Any = None,
    options: RequestOptions,
    cookies: Mapping[str, object] | None = None,
) -> AsyncBinaryResponse:
    """:func:`request_binary` on ``AsyncClient``."""
    request = client._build_request(
        op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
    )
    return await client._open_as(op, request, options, AsyncBinaryResponse)
