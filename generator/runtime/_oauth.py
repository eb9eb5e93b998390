"""OAuth2 client credentials: tokens fetched from the flow's ``tokenUrl`` with ``client_id`` and
``client_secret`` (HTTP basic, RFC 6749 section 2.3.1), one per set of scopes, cached and
fetched again before ``expires_in`` runs out. However many threads (or tasks) need a token at
the same moment, one request fetches it. The token request is bounded by the call's deadline;
neither the secret nor a token is ever logged or shown.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Mapping
from typing import Any, Protocol

import httpx

from ._auth import (
    API_KEY,
    BEARER,
    CLIENT_CREDENTIALS,
    Auth,
    Requirement,
    Scheme,
    _check_value,
    basic_value,
    call_token,
    call_token_async,
    put,
)
from ._exceptions import (
    ApiConnectionError,
    ApiTimeoutError,
    ResponseDecodeError,
    error_from_response,
)
from ._serde import json_loads
from ._settings import _clipped
from ._uploads import replayable

MAX_EARLY = 60.0
"""A token is fetched again when less than a tenth of its lifetime, at most this many
seconds, is left."""


class Clock(Protocol):
    def monotonic(self) -> float: ...


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


Signed = tuple[Scheme, frozenset[str]] | None
"""The client-credentials scheme and scopes whose fetched token a request carries, if any."""


def _token_url(base_url: httpx.URL, scheme: Scheme) -> httpx.URL:
    """The scheme's ``tokenUrl``, resolved against the base URL (as a folder) when relative."""
    path = base_url.raw_path
    base = base_url if path.endswith(b"/") else base_url.copy_with(raw_path=path + b"/")
    return base.join(scheme.token_url)


def _plan(auth: Auth, op: Operation) -> list[tuple[Scheme, tuple[str, ...], object]]:
    """(scheme, scopes, value) of what the call sends; the value ``None`` for a token to fetch,
    ``_CALL`` for the token's callable."""
    out: list[tuple[Scheme, tuple[str, ...], object]] = []
    for scheme, scopes in auth.plan(op.name, op.security).schemes:
        if scheme.kind in (BEARER, CLIENT_CREDENTIALS) and auth.given("token"):
            out.append((scheme, scopes, auth.values["token"]))
        elif scheme.kind == CLIENT_CREDENTIALS:
            out.append((scheme, scopes, None))
        else:
            out.append((scheme, scopes, auth.values[scheme.option]))
    return out


class Operation(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def security(self) -> Requirement | None: ...


def sign(
    auth: Auth,
    base_url: httpx.URL,
    op: Operation,
    request: httpx.Request,
    http: httpx.Client,
    clock: Clock,
    timeout: httpx.Timeout,
    deadline: float | None,
) -> Signed:
    """Put the credentials ``op`` needs on ``request`` (fetching a token when needed)."""
    signed: Signed = None
    for scheme, scopes, value in _plan(auth, op):
        if value is None:
            wanted = frozenset(scopes)
            url = _token_url(base_url, scheme)
            value = auth.tokens.get(http, url, wanted, timeout, clock, deadline)
            signed = (scheme, wanted)
        elif scheme.kind in (BEARER, CLIENT_CREDENTIALS):
            value = call_token(value)
        put(request, scheme, value)
    return signed


async def sign_async(
    auth: Auth,
    base_url: httpx.URL,
    op: Operation,
    request: httpx.Request,
    http: httpx.AsyncClient,
    clock: Clock,
    timeout: httpx.Timeout,
    deadline: float | None,
) -> Signed:
    signed: Signed = None
    for scheme, scopes, value in _plan(auth, op):
        if value is None:
            wanted = frozenset(scopes)
            url = _token_url(base_url, scheme)
            value = await auth.tokens.get_async(http, url, wanted, timeout, clock, deadline)
            signed = (scheme, wanted)
        elif scheme.kind in (BEARER, CLIENT_CREDENTIALS):
            value = await call_token_async(value)
        put(request, scheme, value)
    return signed


def renewable(encoding: str, response: httpx.Response, request: httpx.Request) -> bool:
    """Whether a 401 answer to a request that carried a fetched token is worth one more try
    with a new token: when its body can be sent again."""
    replayed = encoding not in ("multipart", "raw") or replayable(request)
    return response.status_code == 401 and replayed


def _stale(request: httpx.Request) -> str | None:
    value = request.headers.get("authorization", "")
    return value[7:] if value[:7].lower() == "bearer " else None


def refresh(
    auth: Auth,
    base_url: httpx.URL,
    signed: tuple[Scheme, frozenset[str]],
    request: httpx.Request,
    http: httpx.Client,
    clock: Clock,
    timeout: httpx.Timeout,
    deadline: float | None,
) -> None:
    """After a 401: a new token (not the one ``request`` carried) in its place."""
    scheme, scopes = signed
    url = _token_url(base_url, scheme)
    token = auth.tokens.get(http, url, scopes, timeout, clock, deadline, _stale(request))
    request.headers["authorization"] = f"Bearer {token}"


async def refresh_async(
    auth: Auth,
    base_url: httpx.URL,
    signed: tuple[Scheme, frozenset[str]],
    request: httpx.Request,
    http: httpx.AsyncClient,
    clock: Clock,
    timeout: httpx.Timeout,
    deadline: float | None,
) -> None:
    scheme, scopes = signed
    url = _token_url(base_url, scheme)
    stale = _stale(request)
    token = await auth.tokens.get_async(http, url, scopes, timeout, clock, deadline, stale)
    request.headers["authorization"] = f"Bearer {token}"


def _env(name: str) -> str | None:
    value = os.environ.get(name) if name else None
    return value if value else None


class _Defaults(Protocol):
    """What credentials read of the API's defaults (``_config.ApiDefaults``)."""

    @property
    def schemes(self) -> tuple[Scheme, ...]: ...

    @property
    def security(self) -> Requirement | None: ...


def _credential_values(
    api: _Defaults, given: Mapping[str, object], read_env: bool
) -> dict[str, object]:
    """The values of the credential options (``given``: option -> value, ``None`` when not
    given), else from their environment variables; each checked, never shown."""
    values: dict[str, object] = {}
    for scheme in api.schemes:
        if scheme.kind == CLIENT_CREDENTIALS:
            pairs = (("client_id", scheme.env), ("client_secret", scheme.secret_env))
            for option, env in pairs:
                value = given.get(option)
                from_env = value is None and read_env
                value = _env(env) if from_env else value
                if value is not None:
                    check = Scheme(scheme.key, API_KEY, option, env, "header")
                    values[option] = _check_value(check, value, from_env)
            continue
        if scheme.kind == BEARER or scheme.option in values:
            continue
        value = given.get(scheme.option)
        from_env = value is None and read_env
        value = _env(scheme.env) if from_env else value
        if value is not None:
            values[scheme.option] = _check_value(scheme, value, from_env)
    return values


def make_auth(
    api: _Defaults,
    token: object,
    given: Mapping[str, object],
    require_token: bool | None,
    read_env: bool = True,
    previous: Auth | None = None,
) -> Auth:
    """The credentials of a client: the token (resolved already) and the scheme options."""
    values = _credential_values(api, given, read_env)
    if token is not None:
        values["token"] = token
    tokens = None
    if "client_id" in values and "client_secret" in values:
        old = previous.tokens if previous is not None else None
        if old is not None and old.same(values["client_id"], values["client_secret"]):
            tokens = old
        else:
            tokens = TokenCache(str(values["client_id"]), str(values["client_secret"]))
    return Auth(api.schemes, api.security, values, require_token is False, tokens)
