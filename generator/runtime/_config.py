"""Client options (declared in ``_options``, which the generator reads): what a
client knows of its API (:class:`ApiDefaults`), the checks of the options given (or read from
the environment) when a client is built or changed, into a ``_settings.Config``; logging and
the user agent.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import platform
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

import httpx

from ._auth import Requirement, Scheme
from ._credentials import make_auth
from ._encoding import _header_problem
from ._exceptions import ConfigurationError
from ._settings import _TOKEN_PROBLEM, DEFAULT_MAX_RETRIES, Config, make_timeout

# Re-exported: ``_options.CLIENT_OPTIONS`` names it as a default, and the generated client imports
# the names of its option defaults from this module.
from ._settings import DEFAULT_MAX_RESPONSE_BYTES as DEFAULT_MAX_RESPONSE_BYTES
from ._types import TimeoutTypes, Unset

T = TypeVar("T")

_PACKAGE = __package__ or __name__.rpartition(".")[0]
"""The name of the package this module runs in (the generated package)."""


log = logging.getLogger(_PACKAGE)


def user_agent(version: str) -> str:
    """The ``User-Agent`` of the package at ``version``: package, Python and httpx versions."""
    return f"{_PACKAGE}/{version} python/{platform.python_version()} httpx/{httpx.__version__}"


def env_str(name: str) -> str | None:
    value = os.environ.get(name) if name else None
    return value if value else None


def resolve_token(token: object, env: str, required: bool) -> str | Callable[[], object] | None:
    """The token given (or its callable), else from ``$env``; raises :class:`ConfigurationError`
    when there is none and one is ``required``, or when it cannot be sent as it is. Never shows
    the token."""
    if callable(token):
        return token
    value = token if token is not None else env_str(env)
    if value:
        if not isinstance(value, str) or _header_problem("authorization", value) is not None:
            raise ConfigurationError("token", env if token is None else "", _TOKEN_PROBLEM)
        return value
    if required:
        where = f"pass token=... or set ${env}" if env else "pass token=..."
        raise ConfigurationError(
            "token",
            env,
            f"no token ({where}; require_token=False sends no Authorization header, for a "
            "proxy that adds authentication itself)",
        )
    return None


def resolve_base_url(value: str | httpx.URL | None, env: str, default: str) -> httpx.URL:
    """The base URL given, else from ``$env``, else ``default``; checked.

    Refused with a :class:`ConfigurationError` (that never repeats the URL, which may hold
    secrets): no ``http``/``https`` scheme or no host, a query or fragment, credentials.
    """
    if value is None:
        value = env_str(env) or default
    if not str(value):
        where = f"pass base_url=... or set ${env}" if env else "pass base_url=..."
        problem = "not set" if default else "required, the API's document names no server"
        raise ConfigurationError("base_url", env, f"{problem} ({where})")
    try:
        url = httpx.URL(value)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise ConfigurationError("base_url", env, "not a valid URL") from None
    problem = ""
    if url.scheme not in ("http", "https"):
        problem = "must start with http:// or https://"
    elif not url.host:
        problem = "has no host"
    elif url.userinfo:
        problem = "must not hold credentials (user:password@); pass the token as token=..."
    elif url.query:
        problem = "must not have a query (?...)"
    elif url.fragment:
        problem = "must not have a fragment (#...)"
    if problem:
        raise ConfigurationError("base_url", env, problem)
    return url


def setup_logging(env_var: str) -> None:
    """Turn on the package logger when ``env_var`` is ``debug`` or ``info``."""
    level = {"debug": logging.DEBUG, "info": logging.INFO}.get((env_str(env_var) or "").lower())
    if level is None:
        return
    log.setLevel(level)
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        log.addHandler(handler)


@dataclass(frozen=True, slots=True)
class ApiDefaults:
    """What a generated client knows of its API's configuration (from the spec)."""

    token_env: str
    """Environment variable of the token ("" when none)."""
    base_url_env: str
    """Environment variable of the base URL ("" when none)."""
    base_url: str
    """The address used when neither the argument nor the environment gives one."""
    header_env: tuple[tuple[str, str], ...] = ()
    """(wire header, environment variable) of the header options (``x-client-option``)."""
    schemes: tuple[Scheme, ...] = ()
    """The API's security schemes (``components.securitySchemes``)."""
    security: Requirement | None = None
    """The document's requirement (``None``: none: the token is sent when given)."""


def make_config(
    api: ApiDefaults,
    headers: Mapping[str, str | None],
    credentials: Mapping[str, object],
    *,
    token: object,
    base_url: str | httpx.URL | None,
    timeout: TimeoutTypes | Unset,
    max_retries: int | None,
    default_headers: Mapping[str, str] | None,
    validate_requests: bool,
    require_token: bool | None,
    max_response_bytes: int,
    total_timeout: float | None,
    strict_responses: bool,
) -> Config:
    """The configuration of a new client: arguments, else the environment, else defaults.
    ``headers``: the header options given (wire header -> value, ``None`` when not given);
    ``credentials``: the options of the security schemes (option -> value or ``None``)."""
    env = dict(api.header_env)
    values = {wire: value if value is not None else env_str(env.get(wire, "")) for wire, value in headers.items()}
    source = resolve_token(token, api.token_env, require_token is True)
    return Config(
        token=source if isinstance(source, str) else None,
        auth=make_auth(api, source, credentials, require_token),
        base_url=resolve_base_url(base_url, api.base_url_env, api.base_url),
        timeout=make_timeout(timeout),
        max_retries=DEFAULT_MAX_RETRIES if max_retries is None else max_retries,
        header_options=tuple((k, v) for k, v in values.items() if v is not None),
        default_headers=tuple((default_headers or {}).items()),
        validate_requests=validate_requests,
        require_token=require_token is True,
        max_response_bytes=max_response_bytes,
        total_timeout=total_timeout,
        strict_responses=strict_responses,
    )


def _changed(value: T | Unset, current: T) -> T:
    return current if isinstance(value, Unset) else value


def update_config(
    config: Config,
    api: ApiDefaults,
    headers: Mapping[str, str | Unset | None],
    credentials: Mapping[str, object],
    *,
    token: object,
    base_url: str | httpx.URL | Unset | None,
    timeout: TimeoutTypes | Unset,
    max_retries: int | Unset | None,
    default_headers: Mapping[str, str] | Unset | None,
    validate_requests: bool | Unset,
    require_token: bool | Unset | None,
    max_response_bytes: int | Unset,
    total_timeout: float | Unset | None,
    strict_responses: bool | Unset,
) -> Config:
    """``config`` with the options given changed (``with_options``); the others are kept."""
    values: dict[str, str | None] = dict(config.header_options)
    for wire, value in headers.items():
        if not isinstance(value, Unset):
            values[wire] = value
    old = config.auth
    current: bool | None = True if config.require_token else (False if old.proxy else None)
    require = _changed(require_token, current)
    retries = _changed(max_retries, config.max_retries)
    source = resolve_token(_changed(token, old.values.get("token")), "", require is True)
    given = dict(old.values)
    given.update({k: v for k, v in credentials.items() if not isinstance(v, Unset)})
    return dataclasses.replace(
        config,
        token=source if isinstance(source, str) else None,
        auth=make_auth(api, source, given, require, False, old),
        base_url=(
            config.base_url
            if isinstance(base_url, Unset)
            else resolve_base_url(base_url, api.base_url_env, api.base_url)
        ),
        timeout=config.timeout if isinstance(timeout, Unset) else make_timeout(timeout),
        max_retries=DEFAULT_MAX_RETRIES if retries is None else retries,
        header_options=tuple((k, v) for k, v in values.items() if v is not None),
        default_headers=(
            config.default_headers if isinstance(default_headers, Unset) else tuple((default_headers or {}).items())
        ),
        validate_requests=_changed(validate_requests, config.validate_requests),
        require_token=require is True,
        max_response_bytes=_changed(max_response_bytes, config.max_response_bytes),
        total_timeout=_changed(total_timeout, config.total_timeout),
        strict_responses=_changed(strict_responses, config.strict_responses),
    )
