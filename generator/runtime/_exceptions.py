"""The error classes that do not depend on the spec, and the mapping of an answer to its error.

Every error derives from :class:`ClientError`:

- :class:`RequestValidationError`: an argument breaks a rule of the API; nothing was sent.
- :class:`ConfigurationError`: a client option is unusable (checked when the client is built).
- :class:`ApiError`: the API answered with a non-2xx status. Whatever the body, the status picks
  a class (:data:`STATUS_ERRORS`, :class:`InternalServerError` from 500, else :class:`ApiError`);
  the generated ``errors`` module adds one subclass per error type of the API, raised when the
  body names the type (and the status agrees with the type's documented one).
- :class:`ApiConnectionError` / :class:`ApiTimeoutError`: no (complete) answer was received in
  time.
- :class:`ResponseDecodeError`: a 2xx answer whose body is not what the operation returns
  (:class:`ResponseTooLargeError`: larger than the client's ``max_response_bytes``;
  :class:`ResponseValidationError`: breaks the operation's schema at a JSON path).

The errors of event streams (``StreamDecodeError``, ``StreamEventError``) are ``_events``',
copied only into packages with an operation answering events.

Errors that carry a response keep at most :data:`MAX_ERROR_BODY_CHARS` characters of its body in
``body`` (``body_truncated``: some was left out), read as ``_error_text`` says. The generator
reads this module's classes and :data:`STATUS_ERRORS` from its source, so they stay here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import httpx

from ._error_text import (
    DEFAULT_ERROR_FIELDS,
    MAX_ERROR_BODY_CHARS,
    ErrorFields,
    _body_text,
    _code_or_none,
    _one_line,
    _read,
    _str_or_none,
)
from ._serde import json_loads

__all__ = [
    "MAX_ERROR_BODY_CHARS",
    "STATUS_ERRORS",
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ClientError",
    "ConfigurationError",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestValidationError",
    "ResponseDecodeError",
    "ResponseTooLargeError",
    "ResponseValidationError",
    "UnprocessableEntityError",
    "error_from_response",
    "status_error_class",
]


class ClientError(Exception):
    """Base class of every error this package raises."""


class RequestValidationError(ClientError, ValueError):
    """An argument breaks a rule of the API; the request was not sent.

    Attributes:
        field: Dotted path of the offending value, e.g. ``schema.properties.c0.x-zui.computed.model``.
        rule: The rule it breaks, e.g. ``maximum 30``.
    """

    def __init__(self, field: str, rule: str) -> None:
        self.field = field
        self.rule = rule
        super().__init__(f"{field}: {rule}")


class ConfigurationError(ClientError, ValueError):
    """A client option (argument or environment variable) is unusable; raised by the constructor.

    Attributes:
        option: The argument, e.g. ``base_url``.
        env: The environment variable it is read from when not given (``""`` when none).
    """

    def __init__(self, option: str, env: str, problem: str) -> None:
        self.option = option
        self.env = env
        where = f"{option} (or ${env})" if env else option
        super().__init__(f"{where}: {problem}")


class ApiConnectionError(ClientError):
    """The request could not be sent or no answer arrived (network failure)."""

    def __init__(self, message: str, *, request: httpx.Request | None = None) -> None:
        self.request = request
        super().__init__(message)


class ApiTimeoutError(ApiConnectionError):
    """No answer arrived within the timeout."""


class _ResponseErrorBase(ClientError):
    status_code: int
    headers: httpx.Headers
    body: str
    body_truncated: bool

    def _init_response(self, response: httpx.Response, truncated: bool) -> None:
        self.response = response
        self.status_code = response.status_code
        self.headers = response.headers
        self.body, cut = _body_text(response)
        self.body_truncated = truncated or cut


class ResponseDecodeError(_ResponseErrorBase):
    """A 2xx answer whose body is not valid JSON or not the operation's shape.

    Keeps ``status_code``, ``headers`` and the raw ``body`` text (its start: see
    :data:`MAX_ERROR_BODY_CHARS`).
    """

    def __init__(self, response: httpx.Response, reason: str, *, truncated: bool = False) -> None:
        self._init_response(response, truncated)
        self.reason = reason
        super().__init__(f"{response.status_code} response could not be decoded: {reason}")


class ResponseValidationError(ResponseDecodeError):
    """A 2xx answer that breaks the operation's schema at ``path`` (``table.id``), by ``rule``
    (``expected string``, ``required``). Raised for any such answer with
    ``strict_responses=True``; by default only when the answer cannot be read at all.
    """

    def __init__(self, response: httpx.Response, path: str, rule: str) -> None:
        self.path = path
        self.rule = rule
        super().__init__(response, f"{path or '(body)'}: {rule}")


class _Mismatch(Exception):
    """Raised by the generated response checks; the transport turns it into a
    :class:`ResponseValidationError` with the response."""

    def __init__(self, path: str, rule: str) -> None:
        super().__init__(path, rule)
        self.path = path
        self.rule = rule

    def under(self, prefix: str) -> _Mismatch:
        """The same mismatch, its path relative to the value at ``prefix``."""
        path = self.path
        sep = "" if not path or path[0] == "[" else "."
        return _Mismatch(prefix + sep + path if path else prefix, self.rule)


class ResponseTooLargeError(ResponseDecodeError):
    """A 2xx answer whose body (decompressed) is larger than the client's ``max_response_bytes``.

    ``body`` holds the start of what was read; the rest was not read.
    """


class ApiError(_ResponseErrorBase):
    """The API answered with a non-2xx status.

    ``type``, ``message``, ``code``, ``id`` and ``metadata`` are read where the API's error
    schemas put them (``errors.ERROR_FIELDS``); ``None`` when the body does not hold them.

    Attributes:
        status_code: The HTTP status.
        headers: The response headers.
        body: The raw response body, as text.
        type: The error type of the body, or ``None``.
        message: The error message of the body, or ``None`` (then the text is ``body``'s start).
        code: The error code of the body (a string or an integer), or ``None``.
        id: The error or request id of the body (quote it to support), or ``None``.
        metadata: Extra details of the body, or ``None``.
    """

    documented_status: ClassVar[int | None] = None
    """The status the API documents for this error type (set on the generated type classes)."""

    def __init__(
        self,
        response: httpx.Response,
        data: Mapping[str, Any] | None = None,
        *,
        truncated: bool = False,
        fields: ErrorFields | None = None,
    ) -> None:
        self._init_response(response, truncated)
        where = fields or DEFAULT_ERROR_FIELDS  # no error schema names a place: the usual members
        data = data or {}
        self.type: str | None = _str_or_none(_read(data, where, "type"))
        self.message: str | None = _str_or_none(_read(data, where, "message"))
        code = _read(data, where, "code")
        self.code: str | int | None = None if isinstance(code, bool) else _code_or_none(code)
        self.id: str | None = _str_or_none(_read(data, where, "id"))
        metadata = _read(data, where, "metadata")
        self.metadata: dict[str, Any] | None = metadata if isinstance(metadata, dict) else None
        super().__init__(self._summary())

    def _summary(self) -> str:
        """One line: status, type, message (else the start of the body), error id."""
        parts = [str(self.status_code)]
        if self.type:
            parts.append(_one_line(self.type))
        head = " ".join(parts)
        if self.message is not None:
            text = _one_line(self.message) or "(empty message)"
        else:
            snippet = _one_line(self.body)
            text = (snippet[:200] + "...") if len(snippet) > 200 else (snippet or "(empty body)")
        line = f"{head}: {text}"
        if self.id:
            line += f" (error id {_one_line(self.id)})"
        return line


class BadRequestError(ApiError):
    """Status 400: the request is malformed or breaks a rule of the API."""

    documented_status = 400


class AuthenticationError(ApiError):
    """Status 401: the token is missing, invalid or expired."""

    documented_status = 401


class PermissionDeniedError(ApiError):
    """Status 403: the token may not do this."""

    documented_status = 403


class NotFoundError(ApiError):
    """Status 404: what the request names does not exist (whatever the body says)."""

    documented_status = 404


class ConflictError(ApiError):
    """Status 409: the request conflicts with the current state."""

    documented_status = 409


class UnprocessableEntityError(ApiError):
    """Status 422: the request is well-formed but cannot be processed."""

    documented_status = 422


class RateLimitError(ApiError):
    """Status 429: too many requests (retried first when ``max_retries`` allows)."""

    documented_status = 429


class InternalServerError(ApiError):
    """Status 500 or above: the server (or a proxy in front of it) failed."""

    documented_status = 500


STATUS_ERRORS: Mapping[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}
"""The error class of each status that has one; 500 and above: :class:`InternalServerError`."""


def status_error_class(status: int) -> type[ApiError]:
    """The error class of an HTTP status: from :data:`STATUS_ERRORS`, else by range."""
    cls = STATUS_ERRORS.get(status)
    if cls is not None:
        return cls
    return InternalServerError if status >= 500 else ApiError


def error_from_response(
    response: httpx.Response,
    types: Mapping[str, type[ApiError]],
    type_member: str,
    *,
    truncated: bool = False,
    fields: ErrorFields | None = None,
) -> ApiError:
    """The :class:`ApiError` (subclass) for a non-2xx response; never raises.

    The status picks the class (:func:`status_error_class`). ``types`` maps the error types the
    API names in its error body (member ``type_member``) to their classes, each a subclass of
    the class of its documented status. The type's class is used when the status agrees with
    the documented one (same status class) or none is documented; otherwise the status's class
    is, so that ``except NotFoundError`` catches every 404 and only 404s.
    ``truncated``: the body was cut (only its start was read). ``fields``: where the API's error
    bodies put the members the error reads (:data:`DEFAULT_ERROR_FIELDS` when ``None``).
    """
    status_cls = status_error_class(response.status_code)
    data: Any = None
    content = b""
    try:
        content = response.content
    except httpx.ResponseNotRead:
        pass
    if content and not truncated:
        try:
            data = json_loads(content)
        except ValueError:
            data = None
    if not isinstance(data, dict):
        return status_cls(response, truncated=truncated, fields=fields)
    kind = data.get(type_member) if type_member else None
    cls = types.get(kind, status_cls) if isinstance(kind, str) else status_cls
    documented = cls.documented_status
    if documented is not None and status_error_class(documented) is not status_cls:
        cls = status_cls  # a type documented for another status: the status decides
    return cls(response, data, truncated=truncated, fields=fields)
