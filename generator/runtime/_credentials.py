"""Credentials on each request: the values of a client's security options (checked, never
shown), the schemes each operation sends, and, with OAuth2 client credentials, the token fetched
(and fetched again after a 401: ``TokenCache.renew``) by ``_oauth.TokenCache``.

``_oauth`` is copied only into a package whose document has a client-credentials scheme: the
only clients that can hold both ``client_id`` and ``client_secret``, so the only ones that make
a token cache (:func:`_token_cache` imports it by name then).
"""

from __future__ import annotations

import importlib
import os
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
    call_token,
    call_token_async,
    put,
)
from ._encoding import replayable

Signed = tuple[Scheme, frozenset[str]] | None
"""The client-credentials scheme and scopes whose fetched token a request carries, if any."""


class Clock(Protocol):
    def monotonic(self) -> float: ...


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


def _env(name: str) -> str | None:
    value = os.environ.get(name) if name else None
    return value if value else None


class _Defaults(Protocol):
    """What credentials read of the API's defaults (``_config.ApiDefaults``)."""

    @property
    def schemes(self) -> tuple[Scheme, ...]: ...

    @property
    def security(self) -> Requirement | None: ...


def _credential_values(api: _Defaults, given: Mapping[str, object], read_env: bool) -> dict[str, object]:
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
            tokens = _token_cache(str(values["client_id"]), str(values["client_secret"]))
    return Auth(api.schemes, api.security, values, require_token is False, tokens)


def _token_cache(client_id: str, client_secret: str) -> Any:
    """A new ``_oauth.TokenCache`` for one pair of client credentials."""
    return importlib.import_module(f"{__package__}._oauth").TokenCache(client_id, client_secret)
