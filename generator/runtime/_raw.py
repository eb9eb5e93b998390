"""``with_raw_response``: :class:`RawResponse` (an answer with its HTTP details) and the
wrappers that make a client method return one, sync and async. The transports (``_base_client``,
``_async_client``) re-export them, where the generated code imports them from.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, ParamSpec, TypeVar

import httpx

from ._transport import _last_response

__all__ = ["RawResponse", "raw_async", "raw_sync"]

T = TypeVar("T")
P = ParamSpec("P")


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
