"""Files to upload: a path, an open binary file, bytes, or a ``(filename, content, media type)``
tuple, sent in chunks as the request is written (never read into memory whole).

A retry of an upload sends the file again from where it started: a path is opened again, an
open file is sought back to the position it had when the call was made. A file that cannot be
sought (a pipe, a socket) is sent once: once its first bytes were read, the call is not retried
(see ``_encoding.replayable``).

Copied only into a package with a ``multipart`` or ``raw`` operation: its ``Operation`` names
:func:`encode_upload`, which the transport calls to encode the body.
"""

from __future__ import annotations

import io
import os
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import IO, Any

import httpx

from ._encoding import _content_type, _form_value, is_upload
from ._exceptions import (
    RequestValidationError,
)

__all__ = ["UploadSource", "encode_upload", "file_field", "raw_stream"]

CHUNK_SIZE = 64 * 1024
"""Bytes read from a file at a time while sending it."""


class UploadSource(io.RawIOBase):
    """The content of one file to upload, read in chunks while the request is written.

    Positions are relative to where the content starts (the start of a path's file, the
    position an open file had when the call was made). A path is opened at the first read and
    closed at its end (or when the source is closed); an open file given by the caller is never
    closed here.
    """

    def __init__(self, field: str, content: os.PathLike[str] | IO[bytes]) -> None:
        super().__init__()
        self._path: os.PathLike[str] | None = None
        self._file: IO[bytes] | None = None
        self._opened: IO[bytes] | None = None
        self._start = 0
        self._pos = 0
        self._size: int | None = None
        self.consumed = False
        """Some bytes were read (sent, at least in part)."""
        if isinstance(content, os.PathLike):
            self._path = content
            try:
                self._size = os.stat(content).st_size
            except OSError as exc:
                raise RequestValidationError(field, f"cannot read the file to upload: {exc.strerror or exc}") from None
            self.seekable_content = True
            self.filename: str | None = os.path.basename(os.fspath(content))
            return
        self._file = content
        name = getattr(content, "name", None)
        self.filename = os.path.basename(name) if isinstance(name, str) and name else None
        try:
            self.seekable_content = bool(content.seekable())
            if self.seekable_content:
                self._start = content.tell()
                try:
                    total = os.fstat(content.fileno()).st_size
                except (OSError, AttributeError, ValueError):
                    total = content.seek(0, os.SEEK_END)
                    content.seek(self._start)
                self._size = max(total - self._start, 0)
        except (OSError, AttributeError, ValueError):
            self.seekable_content = False

    @property
    def size(self) -> int | None:
        """Bytes to send, when known without reading them."""
        return self._size

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return self.seekable_content

    def fileno(self) -> int:
        raise io.UnsupportedOperation("fileno")  # httpx measures the size with seek and tell

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        if whence == os.SEEK_SET:
            target = offset
        elif whence == os.SEEK_CUR:
            target = self._pos + offset
        elif whence == os.SEEK_END and self._size is not None:
            target = self._size + offset
        else:
            raise io.UnsupportedOperation("seek from the end of a file of unknown size")
        if target == self._pos:
            return target
        if not self.seekable_content:
            raise io.UnsupportedOperation("the file to upload cannot be sought (sent once)")
        self._pos = max(target, 0)
        if self._opened is not None:
            self._opened.seek(self._start + self._pos)
        elif self._file is not None:
            self._file.seek(self._start + self._pos)
        return self._pos

    def read(self, size: int | None = -1) -> bytes:
        want = CHUNK_SIZE if size is None or size < 0 else size
        reader = self._reader()
        data = reader.read(want)
        if data:
            self._pos += len(data)
            self.consumed = True
        elif self._opened is not None:  # the end of a path's file: close it until read again
            self._opened.close()
            self._opened = None
        return data

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def _reader(self) -> IO[bytes]:
        if self._file is not None:
            return self._file
        if self._opened is None:
            assert self._path is not None
            self._opened = open(self._path, "rb")  # closed at its end, or by close()
            if self._pos:
                self._opened.seek(self._pos)
        return self._opened

    def close(self) -> None:
        if self._opened is not None:
            self._opened.close()
            self._opened = None
        super().close()


class _RawUpload(httpx.SyncByteStream, httpx.AsyncByteStream):
    """The body of an ``application/octet-stream`` (or other raw) upload, read from its source
    in chunks, from the start again for each attempt."""

    def __init__(self, source: UploadSource) -> None:
        self.source = source

    def __iter__(self) -> Iterator[bytes]:
        source = self.source
        source.seek(0)
        while chunk := source.read(CHUNK_SIZE):
            yield chunk

    async def __aiter__(self) -> AsyncIterator[bytes]:
        source = self.source
        source.seek(0)
        while chunk := source.read(CHUNK_SIZE):
            yield chunk


def _source(field: str, content: object) -> UploadSource | bytes:
    if isinstance(content, (bytes, bytearray)):
        return bytes(content)
    if isinstance(content, io.TextIOBase):
        raise RequestValidationError(field, "a file to upload must be opened in binary mode")
    if isinstance(content, (io.IOBase, os.PathLike)):
        return UploadSource(field, content)  # type: ignore[arg-type]
    raise RequestValidationError(field, "a file to upload must be a path, an open binary file, bytes or a tuple")


def file_field(field: str, value: object, sources: list[UploadSource]) -> Any:
    """The httpx ``files=`` entry of one multipart member; its sources are added to
    ``sources``."""
    filename: str | None = None
    media_type: str | None = None
    content: object = value
    if isinstance(value, tuple):
        if len(value) == 3:
            filename, content, media_type = value
        else:
            filename, content = value
    source = _source(field, content)
    if isinstance(source, UploadSource):
        sources.append(source)
        if filename is None:
            filename = source.filename
    if filename is None:
        filename = field
    if media_type is None:
        return (filename, source)
    return (filename, source, media_type)


def raw_stream(
    field: str, value: object, sources: list[UploadSource]
) -> tuple[bytes | _RawUpload, int | None, str | None]:
    """The body of a raw upload: the bytes (or a stream of the file), its length when known,
    and the media type a tuple names (else ``None``)."""
    media_type: str | None = None
    content: object = value
    if isinstance(value, tuple) and len(value) in (2, 3):
        content = value[1]
        if len(value) == 3:
            media_type = value[2]
    if isinstance(content, str):
        encoded = content.encode("utf-8")
        return encoded, len(encoded), media_type
    source = _source(field, content)
    if isinstance(source, bytes):
        return source, len(source), media_type
    sources.append(source)
    return _RawUpload(source), source.size, media_type


def _multipart(
    data: dict[str, Any],
    body: Mapping[str, Any],
    sources: list[UploadSource],
    part_types: tuple[tuple[str, str], ...],
) -> list[tuple[str, Any]]:
    """The parts of a ``multipart/form-data`` body: each field a part without a file name (so
    that a body with no file in it is multipart still, not urlencoded), a list one part per
    item, then the files. A part's ``Content-Type`` is the one the document's ``encoding``
    gives, else ``application/json`` for an object (or a list of objects) sent as JSON, as
    OpenAPI says, else none (text)."""
    parts: list[tuple[str, Any]] = []
    types = dict(part_types)
    for name, value in data.items():
        kind = types.get(name) or (
            "application/json" if isinstance(body[name], (dict, list)) and isinstance(value, str) else None
        )
        for item in value if isinstance(value, list) else [value]:
            parts.append((name, (None, item) if kind is None else (None, item, kind)))
    parts += [(k, file_field(k, v, sources)) for k, v in body.items() if is_upload(v)]
    return parts


def encode_upload(
    encoding: str,
    content_type: str,
    body: Any,
    headers: dict[str, str],
    sources: list[UploadSource],
    part_types: tuple[tuple[str, str], ...],
) -> tuple[bytes | None, list[tuple[str, Any]] | None, httpx.SyncByteStream | None]:
    """(content, files, stream) of the body of a ``raw`` or ``multipart`` operation, its
    content headers set in ``headers`` and the files it reads recorded in ``sources``."""
    if encoding == "raw":
        raw, length, media_type = raw_stream("body", body, sources)
        _content_type(headers, media_type or content_type)
        if isinstance(raw, bytes):
            return raw, None, None
        # set once the request is built: httpx would iterate a file by lines
        if length is None:
            headers["transfer-encoding"] = "chunked"
        else:
            headers["content-length"] = str(length)
        return None, None, raw
    for name in [k for k in headers if k.lower() == "content-type"]:
        del headers[name]  # multipart's own type (with its boundary) is set by httpx
    data = {k: _form_value(v) for k, v in body.items() if not is_upload(v)}
    return None, _multipart(data, body, sources, part_types), None
