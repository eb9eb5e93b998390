"""The transport shared by ``Client`` and ``AsyncClient``: request building, retries,
timeouts, error mapping, logging. Generated code calls into it; it knows no operation.
"""

from __future__ import annotations

import asyncio
import contextvars
import email.utils
import functools
import io
import logging
import math
import os
import platform
import random
import re
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, ParamSpec, TypeVar
from urllib.parse import quote

import httpx

from ._exceptions import (
    MAX_ERROR_BODY_CHARS,
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    ConfigurationError,
    RequestValidationError,
    ResponseDecodeError,
    ResponseTooLargeError,
    error_from_response,
)
from ._serde import json_dumps, json_loads
from ._types import UNSET, Body, Headers, Query, TimeoutTypes, Unset

__all__ = [
    "AsyncTransport",
    "Config",
    "Operation",
    "PageTokens",
    "RawResponse",
    "RequestOptions",
    "SyncTransport",
    "raw_async",
    "raw_sync",
    "resolve_base_url",
    "resolve_token",
]

T = TypeVar("T")
P = ParamSpec("P")

_PACKAGE = __package__ or __name__.rpartition(".")[0]
"""The name of the package this module runs in (the generated package)."""

log = logging.getLogger(_PACKAGE)

DEFAULT_TIMEOUT = httpx.Timeout(60.0)
"""Seconds each attempt may take: connect, send and read the whole answer (see ``attempt_limit``)."""
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
"""Largest answer body read, in bytes after decompression; larger: ``ResponseTooLargeError``."""
DEFAULT_MAX_RETRIES = 2
INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0
MAX_RETRY_AFTER = 60.0
"""A server-sent ``retry-after`` longer than this (seconds) is not honoured; backoff is used."""


def user_agent(version: str) -> str:
    """The ``User-Agent`` of the package at ``version``: package, Python and httpx versions."""
    return f"{_PACKAGE}/{version} python/{platform.python_version()} httpx/{httpx.__version__}"


_RETRY_STATUSES = frozenset({408, 429}) | frozenset(range(500, 600))
_REFUSED_STATUSES = frozenset({429, 503})  # the server did not act on the request


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
    validate: (
        Callable[[Mapping[str, object], Mapping[str, object], Mapping[str, object], Any], None]
        | None
    ) = None
    """Generated check of the arguments against the spec's rules (see ``_validators``)."""
    content_type: str = "application/json"
    encoding: str = "json"
    """How the body is sent: ``json``, ``form`` (urlencoded), ``multipart`` or ``raw`` bytes."""
    response: str = "json"
    """What a success answer holds: ``json``, ``text``, ``bytes`` or ``none``."""


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved configuration of a client; ``with_options`` makes changed copies."""

    token: str | None = field(repr=False)
    """Never shown by ``repr``."""
    base_url: httpx.URL
    timeout: httpx.Timeout
    max_retries: int
    header_options: tuple[tuple[str, str], ...]
    """(wire header, value) pairs sent on every operation that declares the header."""
    default_headers: tuple[tuple[str, str], ...] = ()
    validate_requests: bool = True
    require_token: bool = True
    """Refuse to build a client without a token (``False``: a proxy adds authentication)."""
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    total_timeout: float | None = None
    """Seconds a whole call may take, retries and their waits included (``None``: no bound
    beyond ``(max_retries + 1) * timeout`` plus the waits between attempts)."""

    def header_option(self, wire: str) -> str | None:
        for name, value in self.header_options:
            if name == wire:
                return value
        return None


@dataclass(slots=True)
class RawResponse(Generic[T]):
    """An answer together with its HTTP details (``client.with_raw_response.<method>(...)``)."""

    http_response: httpx.Response
    parsed: T

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers


_last_response: contextvars.ContextVar[list[httpx.Response] | None] = contextvars.ContextVar(
    f"{_PACKAGE}_last_response", default=None
)


def env_str(name: str) -> str | None:
    value = os.environ.get(name) if name else None
    return value if value else None


def make_timeout(value: TimeoutTypes | Unset) -> httpx.Timeout:
    if value is UNSET:
        return DEFAULT_TIMEOUT
    if isinstance(value, httpx.Timeout):
        return value
    return httpx.Timeout(value)


def attempt_limit(timeout: httpx.Timeout) -> float | None:
    """Seconds one attempt may take in all (connect, send, read the whole body).

    The largest of the timeout's parts; ``None`` (no limit) when its read part is ``None``.
    Each part also bounds its own step (e.g. one wait for data), as in httpx.
    """
    if timeout.read is None:
        return None
    parts = [
        t for t in (timeout.connect, timeout.read, timeout.write, timeout.pool) if t is not None
    ]
    return max(parts)


def _clipped(timeout: httpx.Timeout, remaining: float | None) -> dict[str, float | None]:
    """httpx's per-step timeouts, none longer than the time left to the deadline."""
    parts: dict[str, float | None] = timeout.as_dict()
    if remaining is None:
        return parts
    left = max(remaining, 0.001)
    return {k: left if v is None else min(v, left) for k, v in parts.items()}


def resolve_token(token: str | None, env: str, required: bool) -> str | None:
    """The token given, else from ``$env``; raises :class:`ConfigurationError` when there is none
    and one is ``required``. Never shows the token."""
    value = token if token is not None else env_str(env)
    if value:
        return value
    if required:
        where = f"pass token=... or set ${env}" if env else "pass token=..."
        raise ConfigurationError(
            "token",
            env,
            f"no token ({where}; require_token=False sends no Authorization header, for a "
            "proxy that adds authentication itself)",
        )
    return None


def resolve_base_url(value: str | httpx.URL | None, env: str, default: str) -> httpx.URL:
    """The base URL given, else from ``$env``, else ``default``; checked.

    Refused with a :class:`ConfigurationError` (that never repeats the URL, which may hold
    secrets): no ``http``/``https`` scheme or no host, a query or fragment, credentials.
    """
    if value is None:
        value = env_str(env) or default
    if not str(value):
        where = f"pass base_url=... or set ${env}" if env else "pass base_url=..."
        raise ConfigurationError("base_url", env, f"not set ({where})")
    try:
        url = httpx.URL(value)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise ConfigurationError("base_url", env, "not a valid URL") from None
    problem = ""
    if url.scheme not in ("http", "https"):
        problem = "must start with http:// or https://"
    elif not url.host:
        problem = "has no host"
    elif url.userinfo:
        problem = "must not hold credentials (user:password@); pass the token as token=..."
    elif url.query:
        problem = "must not have a query (?...)"
    elif url.fragment:
        problem = "must not have a fragment (#...)"
    if problem:
        raise ConfigurationError("base_url", env, problem)
    return url


def setup_logging(env_var: str) -> None:
    """Turn on the package logger when ``env_var`` is ``debug`` or ``info``."""
    level = {"debug": logging.DEBUG, "info": logging.INFO}.get((env_str(env_var) or "").lower())
    if level is None:
        return
    log.setLevel(level)
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        log.addHandler(handler)


_HEADER_NAME = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_HEADER_VALUE = re.compile(r"[\t\x20-\x7e]*")


def _check_header_value(name: str, value: str) -> str:
    """Refuse what would be sent wrongly or not at all (header injection, non-ASCII)."""
    if value.isascii() and value.isprintable() and _HEADER_NAME.fullmatch(name):
        return value  # the common case, checked cheaply
    if not _HEADER_NAME.fullmatch(name):
        raise RequestValidationError(name, "not a valid header name")
    if "\r" in value or "\n" in value:
        raise RequestValidationError(name, "header value must not contain CR or LF")
    if not _HEADER_VALUE.fullmatch(value):
        raise RequestValidationError(
            name, "header value must be printable ASCII (no control or non-ASCII characters)"
        )
    return value


def _path_segment(name: str, value: object) -> str:
    text = _query_text(value)
    if text in ("", ".", ".."):
        raise RequestValidationError(name, f"path segment must not be {text!r}")
    return quote(text, safe="")


def _query_text(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _query_value(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return [_query_text(v) for v in value]
    return _query_text(value)


_ACCEPT = {
    "json": "application/json",
    "text": "text/plain, */*",
    "bytes": "*/*",
    "none": "application/json",
}


def _is_file(value: object) -> bool:
    return isinstance(value, (bytes, bytearray, io.IOBase)) or (
        isinstance(value, tuple)
        and len(value) in (2, 3)
        and isinstance(value[1], (bytes, bytearray, io.IOBase))
    )


def _form_value(value: object) -> object:
    if isinstance(value, (dict, list)) and not (
        isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value)
    ):
        return json_dumps(value).decode("utf-8")
    if isinstance(value, list):
        return [_query_text(v) for v in value]
    return _query_text(value)


def _joined(value: object, delimiter: str) -> object:
    """An array parameter in one value (``style: simple`` or ``explode: false``)."""
    if value is UNSET or value is None or not isinstance(value, (list, tuple)):
        return value
    return delimiter.join(_query_text(v) for v in value)


def _deep_object(name: str, value: object) -> dict[str, object]:
    """``style: deepObject``: ``name[key]=value`` query parameters."""
    if not isinstance(value, Mapping):
        return {}
    return {f"{name}[{k}]": v for k, v in value.items()}


def _exploded(value: object) -> dict[str, object]:
    """An object query parameter with ``explode: true``: one parameter per member."""
    return dict(value) if isinstance(value, Mapping) else {}


def _joined_object(value: object) -> object:
    """An object query parameter with ``explode: false``: ``k1,v1,k2,v2``."""
    if not isinstance(value, Mapping):
        return value
    return ",".join(_query_text(x) for pair in value.items() for x in pair)


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


class _Inflater:
    """gzip or deflate decoding in bounded steps (httpx inflates a whole network read at once:
    up to about 1000 times its size). Other encodings are left to httpx."""

    __slots__ = ("_decoder", "_encoding", "_request")

    def __init__(self, encoding: str, request: httpx.Request) -> None:
        self._encoding = encoding
        self._request = request
        self._decoder: Any = None

    @classmethod
    def of(cls, response: httpx.Response, request: httpx.Request) -> _Inflater | None:
        """The inflater of a response with one gzip or deflate encoding, else ``None``."""
        header = response.headers.get("content-encoding", "")
        names = [n.strip().lower() for n in header.split(",") if n.strip()]
        names = [n for n in names if n != "identity"]
        if len(names) == 1 and names[0] in ("gzip", "x-gzip", "deflate"):
            return cls(names[0], request)
        return None

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The decoded bytes of one raw chunk, at most :data:`_INFLATE_STEP` at a time."""
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


@dataclass(slots=True)
class RequestOptions:
    """Per-call options every method accepts."""

    extra_headers: Headers | None = None
    extra_query: Query | None = None
    extra_body: Body | None = None
    timeout: TimeoutTypes | Unset = UNSET
    max_retries: int | Unset = UNSET


class BaseTransport:
    """What the sync and async transports share: building requests and judging answers.

    The generated client classes set the class attributes that depend on the spec.
    """

    _user_agent: ClassVar[str] = user_agent("0")
    _error_types: ClassVar[Mapping[str, type[ApiError]]] = {}
    """Error classes by the error type the API names in its error body."""
    _error_type_member: ClassVar[str] = ""
    """The member of the error body naming the error type."""

    _config: Config
    _http: httpx.Client | httpx.AsyncClient

    def _build_request(
        self,
        op: Operation,
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        headers: Mapping[str, object],
        body: Any,
        options: RequestOptions,
        cookies: Mapping[str, object] | None = None,
    ) -> httpx.Request:
        config = self._config
        if config.validate_requests and op.validate is not None:
            op.validate(path, query, headers, body)
        url_path = op.path
        for name, value in path.items():
            url_path = url_path.replace("{" + name + "}", _path_segment(name, value))
        params: dict[str, Any] = {k: _query_value(v) for k, v in query.items() if v is not UNSET}
        if options.extra_query:
            params.update(options.extra_query)
        out_headers: dict[str, str] = {
            "user-agent": self._user_agent,
            "accept": _ACCEPT[op.response],
        }
        out_headers.update(config.default_headers)
        if config.token:
            out_headers["authorization"] = f"Bearer {config.token}"
        for wire, value in headers.items():
            if value is UNSET:
                option = config.header_option(wire)
                if option is not None:
                    out_headers[wire] = option
            elif value is not None:
                out_headers[wire] = _query_text(value)
        if cookies:
            jar = "; ".join(
                f"{k}={_query_text(v)}"
                for k, v in cookies.items()
                if v is not UNSET and v is not None
            )
            if jar:
                out_headers["cookie"] = jar
        for wire, arg in op.required_headers:
            if wire not in out_headers:
                raise RequestValidationError(
                    arg, f"required (header {wire!r}: pass {arg}= or configure the client)"
                )
        if options.extra_headers:
            out_headers.update(options.extra_headers)
        for wire, value in out_headers.items():
            _check_header_value(wire, value)
        content: bytes | str | None = None
        data: dict[str, Any] | None = None
        files: dict[str, Any] | None = None
        if body is not UNSET and (body is not None or options.extra_body):
            if options.extra_body:
                body = {**(body or {}), **options.extra_body}
            if op.encoding == "json":
                try:
                    content = json_dumps(body)
                except (TypeError, ValueError) as exc:  # NaN, infinity, not JSON at all
                    raise RequestValidationError("body", f"not valid JSON: {exc}") from None
                out_headers["content-type"] = op.content_type
            elif op.encoding == "raw":
                content = body
                out_headers["content-type"] = op.content_type
            else:
                data = {k: _form_value(v) for k, v in body.items() if not _is_file(v)}
                if op.encoding == "multipart":
                    files = {k: v for k, v in body.items() if _is_file(v)}
        timeout = config.timeout if options.timeout is UNSET else make_timeout(options.timeout)
        # Built by the httpx client itself, so that an injected client's own headers, params and
        # cookies apply (``send`` alone would ignore them).
        return self._http.build_request(
            op.method,
            config.base_url.copy_with(
                raw_path=(config.base_url.raw_path.rstrip(b"/") + url_path.encode("ascii"))
            ),
            params=params or None,
            headers=out_headers,
            content=content,
            data=data,
            files=files,
            timeout=timeout,
        )

    def _max_retries(self, options: RequestOptions) -> int:
        return self._config.max_retries if options.max_retries is UNSET else options.max_retries

    def _timeout(self, options: RequestOptions) -> httpx.Timeout:
        return self._config.timeout if options.timeout is UNSET else make_timeout(options.timeout)

    def _call_deadline(self) -> float | None:
        total = self._config.total_timeout
        return None if total is None else time.monotonic() + total

    @staticmethod
    def _start_attempt(
        request: httpx.Request, timeout: httpx.Timeout, call_deadline: float | None
    ) -> float | None:
        """The deadline of the attempt starting now; clips httpx's step timeouts to it."""
        now = time.monotonic()
        limit = attempt_limit(timeout)
        deadline = None if limit is None else now + limit
        if call_deadline is not None:
            deadline = call_deadline if deadline is None else min(deadline, call_deadline)
        request.extensions["timeout"] = _clipped(
            timeout, None if deadline is None else deadline - now
        )
        return deadline

    @staticmethod
    def _within(delay: float, call_deadline: float | None) -> bool:
        """Whether a retry after ``delay`` seconds still starts before the call's deadline."""
        return call_deadline is None or time.monotonic() + delay < call_deadline

    def _read_limit(self, response: httpx.Response) -> int:
        if response.is_success:
            return self._config.max_response_bytes
        return min(self._config.max_response_bytes, MAX_ERROR_BODY_CHARS)

    @staticmethod
    def _clip_body_wait(request: httpx.Request, deadline: float | None) -> None:
        """Bound each wait for body data by the time left now that the headers are in (httpx
        reads the body's read timeout when the body starts). The async client needs no such
        help: ``asyncio.wait_for`` ends the attempt at its deadline."""
        timeouts = request.extensions.get("timeout")
        if deadline is None or not isinstance(timeouts, dict):
            return
        left = max(deadline - time.monotonic(), 0.001)
        read = timeouts.get("read")
        timeouts["read"] = left if read is None else min(read, left)

    def _too_large(self, response: httpx.Response) -> ResponseTooLargeError:
        limit = self._config.max_response_bytes
        return ResponseTooLargeError(
            response, f"body larger than max_response_bytes ({limit} bytes)", truncated=True
        )

    @staticmethod
    def _retry_delay(attempt: int, response: httpx.Response | None) -> float:
        """The server's ``retry-after`` when usable, else exponential backoff with jitter."""
        if response is not None:
            delay = _retry_after(response.headers)
            if delay is not None:
                return delay
        backoff: float = min(INITIAL_RETRY_DELAY * (2.0**attempt), MAX_RETRY_DELAY)
        return backoff * (1.0 - 0.25 * random.random())

    @staticmethod
    def _should_retry_status(op: Operation, status: int) -> bool:
        if op.idempotent:
            return status in _RETRY_STATUSES
        return status in _REFUSED_STATUSES

    @staticmethod
    def _should_retry_error(op: Operation, exc: httpx.RequestError) -> bool:
        if not isinstance(exc, httpx.TransportError):
            return False  # e.g. a body that cannot be decompressed: it would fail again
        if isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)):
            return True  # the request never reached the server
        return op.idempotent

    @staticmethod
    def _connection_error(exc: httpx.RequestError, request: httpx.Request) -> ApiConnectionError:
        if isinstance(exc, httpx.TimeoutException):
            return ApiTimeoutError(
                f"{request.method} {request.url} timed out: {type(exc).__name__}", request=request
            )
        return ApiConnectionError(
            f"{request.method} {request.url} failed: {type(exc).__name__}: {exc}", request=request
        )

    @staticmethod
    def _decode(op: Operation, response: httpx.Response, decode: Callable[[Any], T] | None) -> T:
        sink = _last_response.get()
        if sink is not None:
            sink.append(response)
        if op.response != "json":
            value: Any = {"text": response.text, "bytes": response.content}.get(op.response)
            return value  # type: ignore[no-any-return]
        if decode is None:
            try:
                parsed: Any = json_loads(response.content) if response.content else None
                return parsed  # type: ignore[no-any-return]
            except ValueError as exc:
                raise ResponseDecodeError(response, f"invalid JSON: {exc}") from None
        try:
            data = json_loads(response.content)
        except ValueError as exc:
            raise ResponseDecodeError(response, f"invalid JSON: {exc}") from None
        try:
            return decode(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ResponseDecodeError(
                response, f"unexpected shape: {type(exc).__name__}: {exc}"
            ) from None

    @staticmethod
    def _log_response(
        request: httpx.Request, response: httpx.Response, started: float, attempt: int
    ) -> None:
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "%s %s -> %d in %.1f ms (retry %d)",
                request.method,
                request.url,
                response.status_code,
                (time.monotonic() - started) * 1000.0,
                attempt,
            )

    @staticmethod
    def _log_retry(
        request: httpx.Request, reason: str, delay: float, attempt: int, max_retries: int
    ) -> None:
        log.info(
            "retrying %s %s in %.2f s (%s; retry %d of %d)",
            request.method,
            request.url,
            delay,
            reason,
            attempt + 1,
            max_retries,
        )

    def __repr__(self) -> str:
        c = self._config
        options = ", ".join(f"{wire}={value!r}" for wire, value in c.header_options)
        token = "<redacted>" if c.token else None
        return f"{type(self).__name__}(base_url={str(c.base_url)!r}, token={token!r}{', ' if options else ''}{options})"


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


class SyncTransport(BaseTransport):
    _http: httpx.Client
    _owns_http: bool

    def _setup(self, config: Config, http_client: httpx.Client | None) -> None:
        self._config = config
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client()

    def _request(
        self,
        op: Operation,
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        headers: Mapping[str, object],
        body: Any,
        decode: Callable[[Any], T] | None,
        options: RequestOptions,
        cookies: Mapping[str, object] | None = None,
    ) -> T:
        request = self._build_request(
            op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
        )
        max_retries = self._max_retries(options)
        timeout = self._timeout(options)
        call_deadline = self._call_deadline()
        attempt = 0
        while True:
            started = time.monotonic()
            deadline = self._start_attempt(request, timeout, call_deadline)
            try:
                response, truncated = self._attempt(request, deadline)
            except httpx.RequestError as exc:  # TransportError, DecodingError, TooManyRedirects
                if attempt < max_retries and self._should_retry_error(op, exc):
                    delay = self._retry_delay(attempt, None)
                    if self._within(delay, call_deadline):
                        self._log_retry(request, type(exc).__name__, delay, attempt, max_retries)
                        time.sleep(delay)
                        attempt += 1
                        continue
                raise self._connection_error(exc, request) from exc
            self._log_response(request, response, started, attempt)
            if response.is_success:
                if truncated:
                    raise self._too_large(response)
                return self._decode(op, response, decode)
            if attempt < max_retries and self._should_retry_status(op, response.status_code):
                delay = self._retry_delay(attempt, response)
                if self._within(delay, call_deadline):
                    self._log_retry(
                        request, f"status {response.status_code}", delay, attempt, max_retries
                    )
                    time.sleep(delay)
                    attempt += 1
                    continue
            raise error_from_response(
                response, self._error_types, self._error_type_member, truncated=truncated
            )

    def _attempt(
        self, request: httpx.Request, deadline: float | None
    ) -> tuple[httpx.Response, bool]:
        """Send once and read the body (bounded in size and time); returns it and whether it
        was cut at the size bound. The response is closed."""
        response = self._http.send(request, stream=True)
        body = _Body(request, self._read_limit(response), deadline)
        try:
            self._clip_body_wait(request, deadline)
            inflater = _Inflater.of(response, request)
            if inflater is None:
                for chunk in response.iter_bytes():
                    if body.add(chunk):
                        break
            else:
                for raw in response.iter_raw():
                    if any(body.add(chunk) for chunk in inflater.feed(raw)):
                        break
        finally:
            response.close()
        body.store(response)
        return response, body.truncated

    def close(self) -> None:
        """Close the connection pool (only when the client created it)."""
        if self._owns_http:
            self._http.close()


class AsyncTransport(BaseTransport):
    _http: httpx.AsyncClient
    _owns_http: bool

    def _setup(self, config: Config, http_client: httpx.AsyncClient | None) -> None:
        self._config = config
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient()

    async def _request(
        self,
        op: Operation,
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        headers: Mapping[str, object],
        body: Any,
        decode: Callable[[Any], T] | None,
        options: RequestOptions,
        cookies: Mapping[str, object] | None = None,
    ) -> T:
        request = self._build_request(
            op, path=path, query=query, headers=headers, body=body, options=options, cookies=cookies
        )
        max_retries = self._max_retries(options)
        timeout = self._timeout(options)
        call_deadline = self._call_deadline()
        attempt = 0
        while True:
            started = time.monotonic()
            deadline = self._start_attempt(request, timeout, call_deadline)
            try:
                if deadline is None:
                    response, truncated = await self._attempt(request, deadline)
                else:  # the deadline holds even while waiting for one chunk
                    response, truncated = await asyncio.wait_for(
                        self._attempt(request, deadline), max(deadline - started, 0.001)
                    )
            except (httpx.RequestError, asyncio.TimeoutError) as caught:
                exc = (
                    caught
                    if isinstance(caught, httpx.RequestError)
                    else httpx.ReadTimeout("the answer did not arrive in time", request=request)
                )
                if attempt < max_retries and self._should_retry_error(op, exc):
                    delay = self._retry_delay(attempt, None)
                    if self._within(delay, call_deadline):
                        self._log_retry(request, type(exc).__name__, delay, attempt, max_retries)
                        await asyncio.sleep(delay)
                        attempt += 1
                        continue
                raise self._connection_error(exc, request) from caught
            self._log_response(request, response, started, attempt)
            if response.is_success:
                if truncated:
                    raise self._too_large(response)
                return self._decode(op, response, decode)
            if attempt < max_retries and self._should_retry_status(op, response.status_code):
                delay = self._retry_delay(attempt, response)
                if self._within(delay, call_deadline):
                    self._log_retry(
                        request, f"status {response.status_code}", delay, attempt, max_retries
                    )
                    await asyncio.sleep(delay)
                    attempt += 1
                    continue
            raise error_from_response(
                response, self._error_types, self._error_type_member, truncated=truncated
            )

    async def _attempt(
        self, request: httpx.Request, deadline: float | None
    ) -> tuple[httpx.Response, bool]:
        """Send once and read the body (bounded in size and time); returns it and whether it
        was cut at the size bound. The response is closed."""
        response = await self._http.send(request, stream=True)
        body = _Body(request, self._read_limit(response), deadline)
        try:
            inflater = _Inflater.of(response, request)
            if inflater is None:
                async for chunk in response.aiter_bytes():
                    if body.add(chunk):
                        break
            else:
                async for raw in response.aiter_raw():
                    if any(body.add(chunk) for chunk in inflater.feed(raw)):
                        break
        finally:
            await response.aclose()
        body.store(response)
        return response, body.truncated

    async def close(self) -> None:
        """Close the connection pool (only when the client created it)."""
        if self._owns_http:
            await self._http.aclose()


def raw_sync(method: Callable[P, T]) -> Callable[P, RawResponse[T]]:
    """Wrap a client method so that it returns a :class:`RawResponse`."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        sink: list[httpx.Response] = []
        token = _last_response.set(sink)
        try:
            parsed = method(*args, **kwargs)
        finally:
            _last_response.reset(token)
        return RawResponse(sink[-1], parsed)

    return call


def raw_async(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[RawResponse[T]]]:
    """Wrap an async client method so that it returns a :class:`RawResponse`."""

    @functools.wraps(method)
    async def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        sink: list[httpx.Response] = []
        token = _last_response.set(sink)
        try:
            parsed = await method(*args, **kwargs)
        finally:
            _last_response.reset(token)
        return RawResponse(sink[-1], parsed)

    return call
