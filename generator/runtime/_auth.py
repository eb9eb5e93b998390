"""Credentials: the API's security schemes (:class:`Scheme`, from the generated client), the
values a client was given for them (:class:`Auth`), which of them an operation's requirement
sends, and how each goes on the wire (header, query, cookie; bearer, basic, other ``http``
schemes). OAuth2 client credentials are fetched, cached and refreshed by ``_oauth`` (``_credentials`` signs).

No credential is ever shown: ``Auth`` has no ``repr`` of its values, errors name the options,
and :func:`shown_url` (used by every log line and error text that shows a URL, and by a filter
on httpx's own logger) hides the values of the query parameters that carry an API key.
"""

from __future__ import annotations

import base64
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

import httpx

from ._encoding import _header_problem, with_query_param
from ._exceptions import ClientError, ConfigurationError

Requirement = tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]
"""An operation's ``security``: alternatives, each a tuple of (scheme key, scopes) all sent."""

TokenSource = str | Callable[[], str]
"""What ``token`` takes on ``Client``: the token, or a callable returning it (called when a
request needs it)."""

AsyncTokenSource = str | Callable[[], str | Awaitable[str]]
"""What ``token`` takes on ``AsyncClient``: the token, or a callable returning it or an
awaitable of it."""

BEARER = "bearer"  # http bearer, oauth2 (any flow but client credentials), openIdConnect
API_KEY = "api_key"
BASIC = "basic"
HTTP = "http"  # another http scheme: ``Authorization: <Scheme> <value>``
CLIENT_CREDENTIALS = "client_credentials"  # oauth2 clientCredentials flow

REDACTED = "<redacted>"


class MissingCredentialsError(ConfigurationError):
    """An operation needs credentials the client was not given; raised before anything is sent.

    Attributes:
        operation: The operation called.
        alternatives: The options that would meet its requirement: any one tuple, each of its
            options set.
    """

    def __init__(self, operation: str, alternatives: tuple[tuple[tuple[str, str], ...], ...]) -> None:
        self.operation = operation
        self.alternatives = tuple(tuple(option for option, _ in alt) for alt in alternatives)
        first = alternatives[0][0] if alternatives and alternatives[0] else ("", "")
        self.option, self.env = first
        ways = " or ".join(
            " and ".join(f"{o}=... (or ${e})" if e else f"{o}=..." for o, e in alt) for alt in alternatives
        )
        ClientError.__init__(self, f"{operation}: no credentials for it: pass {ways}")


@dataclass(frozen=True, slots=True)
class Scheme:
    """One security scheme of the API, as the generated client declares it."""

    key: str
    """Its name in ``components.securitySchemes``."""
    kind: str
    """``bearer``, ``api_key``, ``basic``, ``http`` or ``client_credentials``."""
    option: str
    """The client option giving it (``token`` for bearer-like schemes)."""
    env: str = ""
    """The environment variable read when the option is not given."""
    location: str = ""
    """``api_key``: ``header``, ``query`` or ``cookie``; ``http``: the scheme's word."""
    wire: str = ""
    """``api_key``: the header, query parameter or cookie name."""
    token_url: str = ""
    """``client_credentials``: where tokens are fetched (relative to the base URL)."""
    secret_env: str = ""
    """``client_credentials``: the environment variable of ``client_secret`` (``env`` is that
    of ``client_id``)."""


_SECRET_QUERY: set[str] = set()
"""Query parameters that carry an API key in some client of this package: their values are
never shown."""


def shown_url(url: httpx.URL | str) -> str:
    """``url`` as log lines and errors show it: the values of secret query parameters hidden."""
    if not isinstance(url, httpx.URL):
        try:
            url = httpx.URL(url)
        except (httpx.InvalidURL, TypeError, ValueError):
            return str(url)
    if not _SECRET_QUERY or not url.query:
        return str(url)
    params = url.params
    if not any(name in _SECRET_QUERY for name in params):
        return str(url)
    hidden = [(k, REDACTED if k in _SECRET_QUERY else v) for k, v in params.multi_items()]
    return str(url.copy_with(params=hidden))


class _HideSecrets(logging.Filter):
    """On httpx's logger: its ``HTTP Request: GET <url>`` line shows the URL without secrets."""

    def filter(self, record: logging.LogRecord) -> bool:
        if _SECRET_QUERY and isinstance(record.args, tuple):
            record.args = tuple(shown_url(a) if isinstance(a, httpx.URL) else a for a in record.args)
        return True


_FILTER = _HideSecrets()


def _protect_logs() -> None:
    logger = logging.getLogger("httpx")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)


def basic_value(username: str, password: str) -> str:
    """The ``Authorization`` value of HTTP basic credentials."""
    raw = f"{username}:{password}".encode()
    return "Basic " + base64.b64encode(raw).decode("ascii")


def _check_value(scheme: Scheme, value: object, env: bool) -> object:
    """``value`` checked for ``scheme``'s option: :class:`ConfigurationError` naming the option
    and the rule, never the value."""
    option, where = scheme.option, scheme.env if env else ""
    if scheme.kind == BASIC:
        if env and isinstance(value, str):
            if ":" not in value:
                raise ConfigurationError(option, where, "must hold username:password")
            value = tuple(value.split(":", 1))
        if not isinstance(value, tuple) or len(value) != 2 or not all(isinstance(v, str) for v in value):
            raise ConfigurationError(option, where, "must be a (username, password) tuple")
        if ":" in value[0]:
            raise ConfigurationError(option, where, "the username must not contain ':'")
        if _header_problem("authorization", basic_value(*value)) is not None:
            raise ConfigurationError(option, where, "not sendable")
        return value
    if not isinstance(value, str) or not value:
        raise ConfigurationError(option, where, "must be a non-empty string")
    if scheme.kind == API_KEY and scheme.location == "query":
        return value
    if _header_problem("authorization", value) is not None:
        raise ConfigurationError(option, where, "not sendable in a header: printable ASCII, no space at either end")
    return value


@dataclass(frozen=True, slots=True)
class Plan:
    """What one request sends: the schemes chosen, each with its scopes."""

    schemes: tuple[tuple[Scheme, tuple[str, ...]], ...]


@dataclass(slots=True)
class Auth:
    """The credentials of a client: the API's schemes and default requirement, and the values
    given for their options (never shown). ``with_options`` makes changed copies; the cache of
    fetched tokens (``_oauth.TokenCache``) is shared while the client credentials stay."""

    schemes: tuple[Scheme, ...] = ()
    security: Requirement | None = None
    """The document's requirement (``None``: none declared: an operation without its own
    sends every credential given, the token when the API declares no scheme)."""
    values: dict[str, object] = field(default_factory=dict, repr=False)
    """Option -> value (``token`` may be a callable)."""
    proxy: bool = False
    """``require_token=False``: a bearer requirement is met without a token (a proxy adds it)."""
    tokens: Any = field(default=None, repr=False, compare=False)
    """The ``_oauth.TokenCache`` of tokens fetched with the client credentials."""

    def __repr__(self) -> str:
        given = ", ".join(f"{name}={REDACTED}" for name in sorted(self.values))
        return f"Auth({given})"

    def __post_init__(self) -> None:
        secret = [s.wire for s in self.schemes if s.kind == API_KEY and s.location == "query"]
        if secret:
            _SECRET_QUERY.update(secret)
            _protect_logs()

    def given(self, option: str) -> bool:
        return self.values.get(option) is not None

    def _met(self, scheme: Scheme) -> bool:
        if scheme.kind == CLIENT_CREDENTIALS:
            return self.given("token") or (self.given("client_id") and self.given("client_secret"))
        return self.given(scheme.option)

    def plan(self, operation: str, security: Requirement | None) -> Plan:
        """The schemes an operation's call sends: the first alternative whose credentials are
        all given; nothing for an optional (``{}``) one; else :class:`MissingCredentialsError`."""
        if security is None:
            security = self.security
        if security is None:  # none declared: whatever is given (the token, without schemes)
            schemes = self.schemes or (Scheme("", BEARER, "token"),)
            return Plan(tuple((s, ()) for s in schemes if self._met(s)))
        by_key = {s.key: s for s in self.schemes}
        alternatives = [tuple((by_key[k], tuple(scopes)) for k, scopes in alt if k in by_key) for alt in security]
        for alt in alternatives:
            if alt and all(self._met(s) for s, _ in alt):
                return Plan(alt)
        if not security or any(not alt for alt in security):
            return Plan(())
        if self.proxy:
            for alt in alternatives:
                if all(self._met(s) or s.kind == BEARER for s, _ in alt):
                    return Plan(tuple((s, sc) for s, sc in alt if self._met(s)))
        raise MissingCredentialsError(operation, tuple(self._wanted(alt) for alt in alternatives))

    @staticmethod
    def _wanted(alt: tuple[tuple[Scheme, tuple[str, ...]], ...]) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        for scheme, _ in alt:
            if scheme.kind == CLIENT_CREDENTIALS:
                out += [("client_id", scheme.env), ("client_secret", scheme.secret_env)]
            else:
                out.append((scheme.option, scheme.env))
        return tuple(dict.fromkeys(out))


def token_value(value: object) -> str:
    """What a token callable returned, checked (never shown)."""
    if not isinstance(value, str) or not value:
        raise ConfigurationError("token", "", "the token callable must return a non-empty string")
    if _header_problem("authorization", value) is not None:
        raise ConfigurationError("token", "", "the token returned is not sendable in a header")
    return value


def call_token(source: object) -> str:
    """The token of ``token=``: itself, or what its callable returns."""
    return token_value(source() if callable(source) else source)


async def call_token_async(source: object) -> str:
    value = source() if callable(source) else source
    if inspect.isawaitable(value):
        value = await value
    return token_value(value)


def put(request: httpx.Request, scheme: Scheme, value: object) -> None:
    """Send ``value`` (checked already) as ``scheme`` says, unless the request carries that
    header, query parameter or cookie already (``extra_headers``, ``default_headers``)."""
    headers = request.headers
    if scheme.kind == API_KEY:
        text = str(value)
        if scheme.location == "query":
            if scheme.wire not in request.url.params:
                request.url = with_query_param(request.url, scheme.wire, text)
        elif scheme.location == "cookie":
            jar = headers.get("cookie")
            pair = f"{scheme.wire}={text}"
            headers["cookie"] = f"{jar}; {pair}" if jar else pair
        elif scheme.wire not in headers:
            headers[scheme.wire] = text
        return
    if "authorization" in headers:
        return
    if scheme.kind == BASIC:
        username, password = cast("tuple[str, str]", value)  # checked by _check_value
        headers["authorization"] = basic_value(username, password)
    elif scheme.kind == HTTP:
        headers["authorization"] = f"{scheme.location} {value}"
    else:
        headers["authorization"] = f"Bearer {value}"


def _carried(request: httpx.Request, scheme: Scheme) -> bool:
    """Whether ``request`` carries a credential of ``scheme`` (for the test kit's fake API)."""
    if scheme.kind == API_KEY:
        if scheme.location == "query":
            return bool(request.url.params.get(scheme.wire))
        if scheme.location == "cookie":
            jar = request.headers.get("cookie", "")
            return any(p.strip().split("=", 1)[0] == scheme.wire for p in jar.split(";"))
        return bool(request.headers.get(scheme.wire))
    word = {BASIC: "basic", HTTP: scheme.location.lower()}.get(scheme.kind, "bearer")
    given, _, value = request.headers.get("authorization", "").partition(" ")
    return given.lower() == word and bool(value.strip())


def carries(request: httpx.Request, schemes: tuple[Scheme, ...], security: Requirement) -> bool:
    """Whether ``request`` meets ``security``: every scheme of one of its alternatives (a
    scheme ``schemes`` does not hold counts as met)."""
    by_key = {s.key: s for s in schemes}
    return not security or any(
        all(key not in by_key or _carried(request, by_key[key]) for key, _ in alt) for alt in security
    )
