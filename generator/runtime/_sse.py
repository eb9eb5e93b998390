"""Server-sent events as sent (:class:`ServerSentEvent`), and the splitting of a body into lines
(CR, LF and CRLF line ends, whatever the chunks' boundaries) with a bound on a line's length,
which event streams and ``iter_lines`` share. The parser of event streams is ``_events``, copied
only into packages with an operation answering events."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ._serde import json_loads

MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest line of an event stream (or of ``iter_lines``), in bytes; longer: an error. The
client's ``max_response_bytes`` lowers it."""


class _TooLarge(Exception):
    """A line or an event past its bound (the stream reports it with the event's number)."""


_EOL = re.compile(rb"\r\n|\r|\n")


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
