"""The error classes that do not depend on the spec, and the mapping of an answer to its error.

Every error derives from :class:`ClientError`:

- :class:`RequestValidationError`: an argument breaks a rule of the API; nothing was sent.
- :class:`ApiError`: the API answered with a non-2xx status. The generated ``errors`` module adds
  one subclass per error type of the API; an unknown type or a body that is not the API's error
  JSON still gives an :class:`ApiError` with the status and the raw body.
- :class:`ApiConnectionError` / :class:`ApiTimeoutError`: no answer was received.
- :class:`ResponseDecodeError`: a 2xx answer whose body is not what the operation returns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from ._serde import json_loads

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "ClientError",
    "RequestValidationError",
    "ResponseDecodeError",
    "error_from_response",
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

    def _init_response(self, response: httpx.Response) -> None:
        self.response = response
        self.status_code = response.status_code
        self.headers = response.headers
        self.body = response.text


class ResponseDecodeError(_ResponseErrorBase):
    """A 2xx answer whose body is not valid JSON or not the operation's shape.

    Keeps ``status_code``, ``headers`` and the raw ``body`` text.
    """

    def __init__(self, response: httpx.Response, reason: str) -> None:
        self._init_response(response)
        self.reason = reason
        super().__init__(f"{response.status_code} response could not be decoded: {reason}")


class ApiError(_ResponseErrorBase):
    """The API answered with a non-2xx status.

    Attributes:
        status_code: The HTTP status.
        headers: The response headers.
        body: The raw response body, as text.
        type: The error type of the API's error body (``ResourceNotFound``...), or ``None``.
        message: The error message of the body, or ``None``.
        id: The error id of the body (quote it to support), or ``None``.
        metadata: Extra details of the body, or ``None``.
    """

    def __init__(self, response: httpx.Response, data: Mapping[str, Any] | None = None) -> None:
        self._init_response(response)
        data = data or {}
        self.type: str | None = _str_or_none(data.get("type"))
        self.message: str | None = _str_or_none(data.get("message"))
        self.id: str | None = _str_or_none(data.get("id"))
        metadata = data.get("metadata")
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


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def error_from_response(
    response: httpx.Response, types: Mapping[str, type[ApiError]], type_member: str
) -> ApiError:
    """The :class:`ApiError` (subclass) for a non-2xx response; never raises.

    ``types`` maps the error types the API names in its error body (member ``type_member``) to
    their classes; any other answer gives a plain :class:`ApiError`.
    """
    data: Any = None
    if response.content:
        try:
            data = json_loads(response.content)
        except ValueError:
            data = None
    if not isinstance(data, dict):
        return ApiError(response)
    kind = data.get(type_member) if type_member else None
    cls = types.get(kind, ApiError) if isinstance(kind, str) else ApiError
    return cls(response, data)
