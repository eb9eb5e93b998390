"""The static facts of an operation (generated once per operation), the per-call options every
method accepts, and the clock a client reads its deadlines from."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ._auth import Requirement
from ._encoding import Upload
from ._types import UNSET, Body, Headers, Query, TimeoutTypes, Unset

NO_VALUES: Mapping[str, object] = MappingProxyType({})
"""The path, query or headers of a request that has none (what a method leaves out)."""


@dataclass(frozen=True, slots=True)
class Operation:
    """Static facts of one operation, generated once per operation."""

    name: str
    method: str
    path: str
    idempotent: bool
    """Safe to repeat whatever the failure (GET, PUT, DELETE, or marked so in the spec)."""
    required_headers: tuple[tuple[str, str], ...] = ()
    """(wire header, argument name) pairs that must end up with a value."""
    validate: Callable[[Mapping[str, object], Mapping[str, object], Mapping[str, object], Any], None] | None = None
    """Generated check of the arguments against the spec's rules (see ``_validators``)."""
    content_type: str = "application/json"
    encoding: str = "json"
    """How the body is sent: ``json``, ``form``, ``multipart`` or ``raw`` (bytes or a file)."""
    part_types: tuple[tuple[str, str], ...] = ()
    """``multipart``: the ``Content-Type`` of a member's part, where the document's ``encoding``
    gives one (else JSON for an object or a list of objects, none for text)."""
    upload: Upload | None = None
    """``multipart`` and ``raw``: ``_uploads.encode_upload``, which encodes the body and reads
    its files (named here, so that only a package with such operations copies ``_uploads``)."""
    response: str = "json"
    """What a success answer holds: ``json``, ``text``, ``bytes``, ``none``, ``binary`` (a
    ``BinaryResponse``) or ``sse`` (a stream of server-sent events)."""
    check_response: Callable[[Any], None] | None = None
    """Generated check of a JSON answer against its schema (see ``_validators``)."""
    security: Requirement | None = None
    """The credentials it needs: alternatives, each a tuple of (scheme, scopes) all sent;
    ``()``: none. ``None``: the API's requirement."""
    accept: str = ""
    """The ``Accept`` header (its success answers' media types), else the default of its kind."""
    empty: bool = False
    """A success answer is declared without content: an empty body reads as ``None``."""
    answers: tuple[int, ...] = ()
    """The ``3XX`` statuses it declares where it declares no ``2XX``: its answer, not an error."""


class Clock:
    """How a client reads the time for its deadlines and waits between retries. A fake API
    (the package's ``testing``) gives its clients one whose waits take no real time."""

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    async def async_sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@dataclass(slots=True)
class RequestOptions:
    """Per-call options every method accepts."""

    extra_headers: Headers | None = None
    extra_query: Query | None = None
    extra_body: Body | None = None
    timeout: TimeoutTypes | Unset = UNSET
    max_retries: int | Unset = UNSET
