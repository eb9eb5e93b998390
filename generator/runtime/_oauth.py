"""OAuth2 client credentials: tokens fetched from the flow's ``tokenUrl`` with ``client_id`` and
``client_secret`` (HTTP basic, RFC 6749 section 2.3.1), one per set of scopes, cached and
fetched again before ``expires_in`` runs out. However many threads (or tasks) need a token at
the same moment, one request fetches it. The token request is bounded by the call's deadline;
neither the secret nor a token is ever logged or shown.

Copied only into a package whose document has a client-credentials scheme (``_credentials``
makes the cache).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx

from ._auth import Scheme, basic_value
from ._credentials import Clock, _token_url
from ._exceptions import (
    ApiConnectionError,
    ApiTimeoutError,
    ResponseDecodeError,
    error_from_response,
)
from ._serde import json_loads
from ._settings import _clipped

MAX_EARLY = 60.0
"""A token is fetched again when less than a tenth of its lifetime, at most this many
seconds, is left."""


class TokenCache:
    """The tokens of one pair of client credentials, by set of scopes."""

    __slots__ = ("_async_lock", "_id", "_lock", "_secret", "_tokens", "fetches")

    def __init__(self, client_id: str, client_secret: str) -> None:
        self._id = client_id
        self._secret = client_secret
        self._tokens: dict[frozenset[str], tuple[str, float | None]] = {}
        self._lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None
        self.fetches = 0
        """How many tokens were fetched (for tests and diagnostics)."""

    def __repr__(self) -> str:
        return "TokenCache(<redacted>)"

    def same(self, client_id: object, client_secret: object) -> bool:
        return client_id == self._id and client_secret == self._secret

    def _cached(self, scopes: frozenset[str], now: float, stale: str | None) -> str | None:
        found = self._tokens.get(scopes)
        if found is None:
            return None
        token, refresh_at = found
        if token == stale or (refresh_at is not None and now >= refresh_at):
            return None
        return token

    def _request(
        self,
        http: httpx.Client | httpx.AsyncClient,
        url: httpx.URL,
        scopes: frozenset[str],
        timeout: httpx.Timeout,
        deadline: float | None,
        now: float,
    ) -> httpx.Request:
        form = {"grant_type": "client_credentials"}
        if scopes:
            form["scope"] = " ".join(sorted(scopes))
        if deadline is not None:
            left = deadline - now
            if left <= 0:
                raise ApiTimeoutError(f"POST {url} (token request): no time left for it")
            timeout = httpx.Timeout(**_clipped(timeout, left))
        return http.build_request(
            "POST",
            url,
            data=form,
            headers={
                "authorization": basic_value(self._id, self._secret),
                "accept": "application/json",
            },
            timeout=timeout,
        )

    def _store(self, response: httpx.Response, scopes: frozenset[str], now: float) -> str:
        if not response.is_success:
            raise error_from_response(response, {}, "")
        try:
            data: Any = json_loads(response.content)
        except ValueError:
            data = None
        token = data.get("access_token") if isinstance(data, dict) else None
        if not isinstance(token, str) or not token:
            raise ResponseDecodeError(response, "token answer without an access_token")
        lifetime = data.get("expires_in")
        refresh_at = None
        if isinstance(lifetime, (int, float)) and not isinstance(lifetime, bool):
            refresh_at = now + lifetime - min(MAX_EARLY, max(lifetime, 0) / 10)
        self._tokens[scopes] = (token, refresh_at)
        self.fetches += 1
        return token

    @staticmethod
    def _failed(url: httpx.URL, exc: httpx.RequestError) -> ApiConnectionError:
        if isinstance(exc, httpx.TimeoutException):
            return ApiTimeoutError(f"POST {url} (token request) timed out: {type(exc).__name__}")
        return ApiConnectionError(f"POST {url} (token request) failed: {type(exc).__name__}")

    def get(
        self,
        http: httpx.Client,
        url: httpx.URL,
        scopes: frozenset[str],
        timeout: httpx.Timeout,
        clock: Clock,
        deadline: float | None,
        stale: str | None = None,
    ) -> str:
        """A token for ``scopes``: the cached one (unless it is ``stale``), else fetched."""
        token = self._cached(scopes, clock.monotonic(), stale)
        if token is not None:
            return token
        with self._lock:
            token = self._cached(scopes, clock.monotonic(), stale)
            if token is not None:
                return token
            request = self._request(http, url, scopes, timeout, deadline, clock.monotonic())
            try:
                response = http.send(request)
            except httpx.RequestError as exc:
                raise self._failed(url, exc) from None
            return self._store(response, scopes, clock.monotonic())

    async def get_async(
        self,
        http: httpx.AsyncClient,
        url: httpx.URL,
        scopes: frozenset[str],
        timeout: httpx.Timeout,
        clock: Clock,
        deadline: float | None,
        stale: str | None = None,
    ) -> str:
        token = self._cached(scopes, clock.monotonic(), stale)
        if token is not None:
            return token
        if self._async_lock is None:
            self._async_lock = asyncio.Lock()
        async with self._async_lock:
            token = self._cached(scopes, clock.monotonic(), stale)
            if token is not None:
                return token
            request = self._request(http, url, scopes, timeout, deadline, clock.monotonic())
            try:
                response = await http.send(request)
            except httpx.RequestError as exc:
                raise self._failed(url, exc) from None
            return self._store(response, scopes, clock.monotonic())

    def renew(
        self,
        base_url: httpx.URL,
        signed: tuple[Scheme, frozenset[str]],
        request: httpx.Request,
        http: httpx.Client,
        clock: Clock,
        timeout: httpx.Timeout,
        deadline: float | None,
    ) -> None:
        """After a 401 to ``request``, signed with a token of this cache for ``signed`` (the
        scheme and scopes): a new token (not the one it carried) in its place."""
        scheme, scopes = signed
        url, stale = _token_url(base_url, scheme), _stale(request)
        token = self.get(http, url, scopes, timeout, clock, deadline, stale)
        request.headers["authorization"] = f"Bearer {token}"

    async def renew_async(
        self,
        base_url: httpx.URL,
        signed: tuple[Scheme, frozenset[str]],
        request: httpx.Request,
        http: httpx.AsyncClient,
        clock: Clock,
        timeout: httpx.Timeout,
        deadline: float | None,
    ) -> None:
        scheme, scopes = signed
        url, stale = _token_url(base_url, scheme), _stale(request)
        token = await self.get_async(http, url, scopes, timeout, clock, deadline, stale)
        request.headers["authorization"] = f"Bearer {token}"


def _stale(request: httpx.Request) -> str | None:
    """The token ``request`` carried (``Authorization: Bearer <token>``)."""
    value = request.headers.get("authorization", "")
    return value[7:] if value[:7].lower() == "bearer " else None
