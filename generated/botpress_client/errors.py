"""Errors raised by the botpress_client client.

Every error derives from :class:`ClientError` (also known as :class:`BotpressClientError`):

- :class:`RequestValidationError`: an argument breaks a rule of the API; nothing was sent.
- :class:`ApiError`: the API answered with a non-2xx status. One subclass per error
  type of the API (``error.type``); an unknown type or a body that is not the API's
  error JSON still gives an :class:`ApiError` with the status and the raw body.
- :class:`ApiConnectionError` / :class:`ApiTimeoutError`: no answer was received.
- :class:`ResponseDecodeError`: a 2xx answer whose body is not what the operation returns.
"""

from __future__ import annotations

from ._exceptions import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    ClientError,
    RequestValidationError,
    ResponseDecodeError,
)

__all__ = [
    "ClientError",
    "BotpressClientError",
    "RequestValidationError",
    "ApiConnectionError",
    "ApiTimeoutError",
    "ResponseDecodeError",
    "ApiError",
    "InvalidPayloadError",
    "InvalidJsonSchemaError",
    "InvalidDataFormatError",
    "InvalidIdentifierError",
    "ReferenceNotFoundError",
    "InvalidQueryError",
    "RuntimeApiError",
    "BreakingChangesError",
    "UnauthorizedError",
    "PaymentRequiredError",
    "ForbiddenError",
    "QuotaExceededError",
    "ResourceNotFoundError",
    "MethodNotFoundError",
    "RelationConflictError",
    "ReferenceConstraintError",
    "ResourceLockedConflictError",
    "AlreadyExistsError",
    "ResourceGoneError",
    "PayloadTooLargeError",
    "LimitExceededError",
    "UnsupportedMediaTypeError",
    "RateLimitedError",
    "UnknownError",
    "InternalError",
    "OperationTimeoutError",
    "ERROR_TYPES",
]

BotpressClientError = ClientError
"""The base class of every error of this package, under the package's own name."""


class InvalidPayloadError(ApiError):
    """The API answered with an error of type ``InvalidPayload``."""


class InvalidJsonSchemaError(ApiError):
    """The API answered with an error of type ``InvalidJsonSchema``."""


class InvalidDataFormatError(ApiError):
    """The API answered with an error of type ``InvalidDataFormat``."""


class InvalidIdentifierError(ApiError):
    """The API answered with an error of type ``InvalidIdentifier``."""


class ReferenceNotFoundError(ApiError):
    """The API answered with an error of type ``ReferenceNotFound``."""


class InvalidQueryError(ApiError):
    """The API answered with an error of type ``InvalidQuery``."""


class RuntimeApiError(ApiError):
    """The API answered with an error of type ``Runtime``."""


class BreakingChangesError(ApiError):
    """The API answered with an error of type ``BreakingChanges``."""


class UnauthorizedError(ApiError):
    """The API answered with an error of type ``Unauthorized``."""


class PaymentRequiredError(ApiError):
    """The API answered with an error of type ``PaymentRequired``."""


class ForbiddenError(ApiError):
    """The API answered with an error of type ``Forbidden``."""


class QuotaExceededError(ApiError):
    """The API answered with an error of type ``QuotaExceeded``."""


class ResourceNotFoundError(ApiError):
    """The API answered with an error of type ``ResourceNotFound``."""


class MethodNotFoundError(ApiError):
    """The API answered with an error of type ``MethodNotFound``."""


class RelationConflictError(ApiError):
    """The API answered with an error of type ``RelationConflict``."""


class ReferenceConstraintError(ApiError):
    """The API answered with an error of type ``ReferenceConstraint``."""


class ResourceLockedConflictError(ApiError):
    """The API answered with an error of type ``ResourceLockedConflict``."""


class AlreadyExistsError(ApiError):
    """The API answered with an error of type ``AlreadyExists``."""


class ResourceGoneError(ApiError):
    """The API answered with an error of type ``ResourceGone``."""


class PayloadTooLargeError(ApiError):
    """The API answered with an error of type ``PayloadTooLarge``."""


class LimitExceededError(ApiError):
    """The API answered with an error of type ``LimitExceeded``."""


class UnsupportedMediaTypeError(ApiError):
    """The API answered with an error of type ``UnsupportedMediaType``."""


class RateLimitedError(ApiError):
    """The API answered with an error of type ``RateLimited``."""


class UnknownError(ApiError):
    """The API answered with an error of type ``Unknown``."""


class InternalError(ApiError):
    """The API answered with an error of type ``Internal``."""


class OperationTimeoutError(ApiError):
    """The API answered with an error of type ``OperationTimeout``."""


ERROR_TYPES: dict[str, type[ApiError]] = {
    "InvalidPayload": InvalidPayloadError,
    "InvalidJsonSchema": InvalidJsonSchemaError,
    "InvalidDataFormat": InvalidDataFormatError,
    "InvalidIdentifier": InvalidIdentifierError,
    "ReferenceNotFound": ReferenceNotFoundError,
    "InvalidQuery": InvalidQueryError,
    "Runtime": RuntimeApiError,
    "BreakingChanges": BreakingChangesError,
    "Unauthorized": UnauthorizedError,
    "PaymentRequired": PaymentRequiredError,
    "Forbidden": ForbiddenError,
    "QuotaExceeded": QuotaExceededError,
    "ResourceNotFound": ResourceNotFoundError,
    "MethodNotFound": MethodNotFoundError,
    "RelationConflict": RelationConflictError,
    "ReferenceConstraint": ReferenceConstraintError,
    "ResourceLockedConflict": ResourceLockedConflictError,
    "AlreadyExists": AlreadyExistsError,
    "ResourceGone": ResourceGoneError,
    "PayloadTooLarge": PayloadTooLargeError,
    "LimitExceeded": LimitExceededError,
    "UnsupportedMediaType": UnsupportedMediaTypeError,
    "RateLimited": RateLimitedError,
    "Unknown": UnknownError,
    "Internal": InternalError,
    "OperationTimeout": OperationTimeoutError,
}
"""Error classes by the error type the API names in its error body."""

ERROR_TYPE_MEMBER = "type"
"""The member of the API's error body that names the error type ("" when there is none)."""
