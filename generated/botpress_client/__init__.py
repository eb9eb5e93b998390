"""Typed Python client of Botpress API, generated from its OpenAPI document.

from botpress_client import Client

client = Client()  # configuration from arguments, else the environment
"""

from . import errors, models
from ._base_client import RawResponse
from ._client import DEFAULT_BASE_URL, AsyncClient, Client
from ._types import UNSET, Unset
from ._version import API_VERSION, SPEC_SHA256, __version__
from .errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    ClientError,
    BotpressClientError,
    RequestValidationError,
    ResponseDecodeError,
)

__all__ = [
    "Client",
    "AsyncClient",
    "RawResponse",
    "DEFAULT_BASE_URL",
    "UNSET",
    "Unset",
    "errors",
    "models",
    "ClientError",
    "BotpressClientError",
    "ApiError",
    "ApiConnectionError",
    "ApiTimeoutError",
    "RequestValidationError",
    "ResponseDecodeError",
    "API_VERSION",
    "SPEC_SHA256",
    "__version__",
]
