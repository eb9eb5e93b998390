"""What the sync and async transports share: the static facts of an operation, per-call
options, building a request, and the policy for retries, deadlines, decoding and logging."""

from __future__ import annotations

import contextvars
import logging
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, ParamSpec, TypeVar

import httpx

from ._auth import shown_url
from ._config import _PACKAGE, log, user_agent
from ._encoding import (
    _ACCEPT,
    _TOO_DEEP,
    _path_segment,
    _query_value,
    _unsendable,
    attach,
    encode_body,
    query_string,
    replayable,
    request_headers,
)
from ._error_text import ErrorFields, _text
from ._exceptions import (
    MAX_ERROR_BODY_CHARS,
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    RequestValidationError,
    ResponseDecodeError,
    ResponseTooLargeError,
    ResponseValidationError,
    _Mismatch,
    error_from_response,
)
from ._operation import Clock as Clock
from ._operation import Operation as Operation
from ._operation import RequestOptions as RequestOptions
from ._reading import _retry_after
from ._serde import MAX_JSON_DEPTH, json_loads
from ._settings import Config, _clipped, attempt_limit, make_timeout, timeout_problem
from ._types import UNSET

T = TypeVar("T")
P = ParamSpec("P")

_last_response: contextvars.ContextVar[list[httpx.Response] | None] = contextvars.ContextVar(
    f"{_PACKAGE}_last_response", default=None
)


INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0


_RETRY_STATUSES = frozenset({408, 429}) | frozenset(range(500, 600))


_REFUSED_STATUSES = frozenset({429, 503})  # the server did not act on the request


_UPLOADS = frozenset({"multipart", "raw"})
"""Body encodings that may send a file (see ``_encoding.replayable``)."""


class BaseTransport:
    """What the sync and async transports share: building requests and judging answers.

    The generated client classes set the class attributes that depend on the spec.
    """

    _user_agent: ClassVar[str] = user_agent("0")
    _error_types: ClassVar[Mapping[str, type[ApiError]]] = {}
    """Error classes by the error type the API names in its error body."""
    _error_type_member: ClassVar[str] = ""
    """The member of the error body naming the error type."""
    _error_fields: ClassVar[ErrorFields | None] = None
    """Where the error bodies put what ``ApiError`` reads (``errors.ERROR_FIELDS``)."""

    def _api_error(self, response: httpx.Response, truncated: bool) -> ApiError:
        """The error of a non-2xx answer, read as the API's error schemas say."""
        kinds, member, fields = self._error_types, self._error_type_member, self._error_fields
        return error_from_response(response, kinds, member, truncated=truncated, fields=fields)

    _config: Config
    _http: httpx.Client | httpx.AsyncClient
    _owns_http: bool
    _clock: Clock = Clock()
    _direct: bool = False
    """Requests go straight to the transport of ``_http``: a client made by this package (no
    hooks, auth or redirects of a caller's), see ``SyncTransport._send``."""

    def _share_http(self, copy: BaseTransport) -> None:
        """Give ``copy`` (of ``with_options``) this client's connection pool, which ``copy``
        does not close."""
        copy._http = self._http
        copy._owns_http = False
        copy._direct = self._direct
        copy._clock = self._clock

    def _checked_path(
        self,
        op: Operation,
        path: Mapping[str, object],
        query: Mapping[str, object],
        headers: Mapping[str, object],
        body: Any,
    ) -> str:
        """Validate the arguments (when asked) and fill the path template."""
        if self._config.validate_requests and op.validate is not None:
            try:
                op.validate(path, query, headers, body)
            except RecursionError:
                raise RequestValidationError("body", _TOO_DEEP) from None
        url_path = op.path
        for name, value in path.items():
            url_path = url_path.replace("{" + name + "}", _path_segment(name, value))
        return url_path

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
        url_path, _, fixed = self._checked_path(op, path, query, headers, body).partition("?")
        params: dict[str, Any] = {k: _query_value(v) for k, v in query.items() if v is not UNSET}
        if options.extra_query:
            params.update(options.extra_query)
        sources: list[Any] = []  # files read while sending (``_uploads.UploadSource``)
        agent, extra = self._user_agent, options.extra_headers
        out_headers = request_headers(
            op.accept or _ACCEPT[op.response],
            op.required_headers,
            config,
            agent,
            headers,
            cookies,
            extra,
        )
        content, data, files, stream = encode_body(
            op.encoding,
            op.content_type,
            body,
            options.extra_body,
            out_headers,
            sources,
            op.part_types,
            op.upload,
        )
        # Built by the httpx client itself, so that an injected client's own headers, params and
        # cookies apply (``send`` alone would ignore them); the query by ``query_string``.
        try:
            request = self._http.build_request(
                op.method,
                config.url(url_path),
                headers=out_headers,
                content=content,
                data=data,
                files=files,
                timeout=self._timeout(options),
            )
            encoded = "&".join(q for q in (fixed, query_string(params, self._http.params)) if q)
            if encoded:
                request.url = request.url.copy_with(query=encoded.encode("ascii"))
        except (UnicodeEncodeError, httpx.InvalidURL):  # a lone surrogate, a URL too long
            raise _unsendable(params, data) from None
        if stream is not None:
            request.stream = stream
        if sources:
            attach(request, sources)
        return request

    def _max_retries(self, options: RequestOptions) -> int:
        return self._config.max_retries if options.max_retries is UNSET else options.max_retries

    def _timeout(self, options: RequestOptions) -> httpx.Timeout:
        if options.timeout is UNSET:
            return self._config.timeout
        problem = timeout_problem(options.timeout)
        if problem is not None:
            raise RequestValidationError("timeout", problem)
        return make_timeout(options.timeout)

    def _call_deadline(self) -> float | None:
        total = self._config.total_timeout
        return None if total is None else self._clock.monotonic() + total

    @staticmethod
    def _start_attempt(request: httpx.Request, timeout: httpx.Timeout, call_deadline: float | None) -> float | None:
        """The deadline of the attempt starting now; clips httpx's step timeouts to it."""
        now = time.monotonic()
        limit = attempt_limit(timeout)
        deadline = None if limit is None else now + limit
        if call_deadline is not None:
            deadline = call_deadline if deadline is None else min(deadline, call_deadline)
        request.extensions["timeout"] = _clipped(timeout, None if deadline is None else deadline - now)
        return deadline

    def _within(self, delay: float, call_deadline: float | None) -> bool:
        """Whether a retry after ``delay`` seconds still starts before the call's deadline."""
        return call_deadline is None or self._clock.monotonic() + delay < call_deadline

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
        return ResponseTooLargeError(response, f"body larger than max_response_bytes ({limit} bytes)", truncated=True)

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
    def _should_retry_status(op: Operation, status: int, request: httpx.Request) -> bool:
        if op.idempotent:
            retry = status in _RETRY_STATUSES
        else:
            retry = status in _REFUSED_STATUSES
        return retry and (op.encoding not in _UPLOADS or replayable(request))

    @staticmethod
    def _should_retry_error(op: Operation, exc: httpx.RequestError, request: httpx.Request) -> bool:
        if not isinstance(exc, httpx.TransportError):
            return False  # e.g. a body that cannot be decompressed: it would fail again
        if op.encoding in _UPLOADS and not replayable(request):
            return False  # a file that cannot be read again was sent (in part)
        if isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)):
            return True  # the request never reached the server
        return op.idempotent

    @staticmethod
    def _cause(exc: httpx.RequestError, caught: BaseException) -> BaseException | None:
        """The cause shown with a connection error: not h11's refusal of a header it would
        not write, whose text holds the header's value."""
        return None if isinstance(exc, httpx.LocalProtocolError) else caught

    @staticmethod
    def _connection_error(exc: httpx.RequestError, request: httpx.Request) -> ApiConnectionError:
        if isinstance(exc, httpx.TimeoutException):
            return ApiTimeoutError(
                f"{request.method} {shown_url(request.url)} timed out: {type(exc).__name__}",
                request=request,
            )
        if isinstance(exc, httpx.LocalProtocolError):  # h11 quotes the header it refused
            return ApiConnectionError(
                f"{request.method} {shown_url(request.url)} failed: {type(exc).__name__} (the request "
                "could not be written)",
                request=request,
            )
        return ApiConnectionError(
            f"{request.method} {shown_url(request.url)} failed: {type(exc).__name__}: {exc}",
            request=request,
        )

    @staticmethod
    def _decode(
        op: Operation,
        response: httpx.Response,
        decode: Callable[[Any], T] | None,
        strict: bool = False,
    ) -> T:
        sink = _last_response.get()
        if sink is not None:
            sink.append(response)
        if not response.content and (op.empty or response.status_code == 204):
            return None  # type: ignore[return-value] # declared without content, or a 204
        if op.response != "json":
            if op.response == "text":
                return _text(response, response.content)  # type: ignore[return-value]
            value: Any = response.content if op.response == "bytes" else None
            return value  # type: ignore[no-any-return]
        if decode is None:
            try:
                parsed: Any = json_loads(response.content) if response.content else None
                return parsed  # type: ignore[no-any-return]
            except ValueError as exc:
                raise ResponseDecodeError(response, f"invalid JSON: {exc}") from None
        try:  # the models bound the nesting of what they keep (see json_loads)
            data = json_loads(response.content, bound_depth=False)
        except ValueError as exc:
            raise ResponseDecodeError(response, f"invalid JSON: {exc}") from None
        check = op.check_response
        try:
            if strict and check is not None:
                check(data)
            return decode(data)
        except _Mismatch as exc:
            raise ResponseValidationError(response, exc.path, exc.rule) from None
        except RecursionError:
            raise ResponseDecodeError(response, f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if check is not None:  # find where: the failure path only, the lenient one is as fast
                try:
                    check(data)
                except _Mismatch as found:
                    raise ResponseValidationError(response, found.path, found.rule) from None
                except RecursionError:
                    pass
            raise ResponseDecodeError(response, f"unexpected shape: {type(exc).__name__}: {exc}") from None

    @staticmethod
    def _log_response(request: httpx.Request, response: httpx.Response, started: float, attempt: int) -> None:
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "%s %s -> %d in %.1f ms (retry %d)",
                request.method,
                shown_url(request.url),
                response.status_code,
                (time.monotonic() - started) * 1000.0,
                attempt,
            )

    @staticmethod
    def _log_retry(request: httpx.Request, reason: str, delay: float, attempt: int, max_retries: int) -> None:
        log.info(
            "retrying %s %s in %.2f s (%s; retry %d of %d)",
            request.method,
            shown_url(request.url),
            delay,
            reason,
            attempt + 1,
            max_retries,
        )

    def __repr__(self) -> str:
        c = self._config
        options = ", ".join(f"{wire}={value!r}" for wire, value in c.header_options)
        token = "<redacted>" if c.auth.given("token") else None
        secrets = "".join(f", {name}='<redacted>'" for name in sorted(c.auth.values) if name != "token")
        return f"{type(self).__name__}(base_url={str(c.base_url)!r}, token={token!r}{secrets}{', ' if options else ''}{options})"
