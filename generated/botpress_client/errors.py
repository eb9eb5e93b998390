"""Errors raised by the botpress_client client.

Every error derives from :class:`ClientError` (also known as :class:`BotpressClientError`):

- :class:`RequestValidationError`: an argument breaks a rule of the API; nothing was sent.
- :class:`ConfigurationError`: a client option is unusable (raised when the client is built).
- :class:`ApiError`: the API answered with a non-2xx status. Whatever the body, the status
  picks a class: :class:`BadRequestError` (400), :class:`AuthenticationError` (401),
  :class:`PermissionDeniedError` (403), :class:`NotFoundError` (404), :class:`ConflictError`
  (409), :class:`UnprocessableEntityError` (422), :class:`RateLimitError` (429),
  :class:`InternalServerError` (500 and above), else :class:`ApiError`. One subclass per
  error type of the API (``error.type``) derives from the class of its documented status and
  is raised when the body names it; an unknown type or a body that is not the API's error
  JSON (HTML, empty) gives the status's class, with the status and the raw body.
- :class:`ApiConnectionError` / :class:`ApiTimeoutError`: no answer was received in time.
- :class:`ResponseDecodeError`: a 2xx answer whose body is not what the operation returns
  (:class:`ResponseTooLargeError`: larger than the client's ``max_response_bytes``).
"""

from __future__ import annotations

from ._exceptions import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientError,
    ConfigurationError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RequestValidationError,
    ResponseDecodeError,
    ResponseTooLargeError,
    UnprocessableEntityError,
)

__all__ = [
    "ClientError",
    "BotpressClientError",
    "RequestValidationError",
    "ConfigurationError",
    "ApiConnectionError",
    "ApiTimeoutError",
    "ResponseDecodeError",
    "ResponseTooLargeError",
    "ApiError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
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


class InvalidPayloadError(BadRequestError):
    """The API answered with an error of type ``InvalidPayload`` (status 400)."""

    documented_status = 400


class InvalidJsonSchemaError(BadRequestError):
    """The API answered with an error of type ``InvalidJsonSchema`` (status 400)."""

    documented_status = 400


class InvalidDataFormatError(BadRequestError):
    """The API answered with an error of type ``InvalidDataFormat`` (status 400)."""

    documented_status = 400


class InvalidIdentifierError(BadRequestError):
    """The API answered with an error of type ``InvalidIdentifier`` (status 400)."""

    documented_status = 400


class ReferenceNotFoundError(BadRequestError):
    """The API answered with an error of type ``ReferenceNotFound`` (status 400)."""

    documented_status = 400


class InvalidQueryError(BadRequestError):
    """The API answered with an error of type ``InvalidQuery`` (status 400)."""

    documented_status = 400


class RuntimeApiError(BadRequestError):
    """The API answered with an error of type ``Runtime`` (status 400)."""

    documented_status = 400


class BreakingChangesError(BadRequestError):
    """The API answered with an error of type ``BreakingChanges`` (status 400)."""

    documented_status = 400


class UnauthorizedError(AuthenticationError):
    """The API answered with an error of type ``Unauthorized`` (status 401)."""

    documented_status = 401


class PaymentRequiredError(ApiError):
    """The API answered with an error of type ``PaymentRequired`` (status 402)."""

    documented_status = 402


class ForbiddenError(PermissionDeniedError):
    """The API answered with an error of type ``Forbidden`` (status 403)."""

    documented_status = 403


class QuotaExceededError(PermissionDeniedError):
    """The API answered with an error of type ``QuotaExceeded`` (status 403)."""

    documented_status = 403


class ResourceNotFoundError(NotFoundError):
    """The API answered with an error of type ``ResourceNotFound`` (status 404)."""

    documented_status = 404


class MethodNotFoundError(ApiError):
    """The API answered with an error of type ``MethodNotFound`` (status 405)."""

    documented_status = 405


class RelationConflictError(ConflictError):
    """The API answered with an error of type ``RelationConflict`` (status 409)."""

    documented_status = 409


class ReferenceConstraintError(ConflictError):
    """The API answered with an error of type ``ReferenceConstraint`` (status 409)."""

    documented_status = 409


class ResourceLockedConflictError(ConflictError):
    """The API answered with an error of type ``ResourceLockedConflict`` (status 409)."""

    documented_status = 409


class AlreadyExistsError(ConflictError):
    """The API answered with an error of type ``AlreadyExists`` (status 409)."""

    documented_status = 409


class ResourceGoneError(ApiError):
    """The API answered with an error of type ``ResourceGone`` (status 410)."""

    documented_status = 410


class PayloadTooLargeError(ApiError):
    """The API answered with an error of type ``PayloadTooLarge`` (status 413)."""

    documented_status = 413


class LimitExceededError(ApiError):
    """The API answered with an error of type ``LimitExceeded`` (status 413)."""

    documented_status = 413


class UnsupportedMediaTypeError(ApiError):
    """The API answered with an error of type ``UnsupportedMediaType`` (status 415)."""

    documented_status = 415


class RateLimitedError(RateLimitError):
    """The API answered with an error of type ``RateLimited`` (status 429)."""

    documented_status = 429


class UnknownError(InternalServerError):
    """The API answered with an error of type ``Unknown`` (status 500)."""

    documented_status = 500


class InternalError(InternalServerError):
    """The API answered with an error of type ``Internal`` (status 500)."""

    documented_status = 500


class OperationTimeoutError(InternalServerError):
    """The API answered with an error of type ``OperationTimeout`` (status 504)."""

    documented_status = 504


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
