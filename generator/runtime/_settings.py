"""The resolved configuration of a client (:class:`Config`), checked when it is built, and its
timeouts: defaults, how a timeout is read and checked, how long one attempt may take.

``_config`` declares the client options and resolves their values (arguments, environment,
defaults) into a :class:`Config`; this module holds what a client reads at every call, so that
the transport needs no option declarations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import httpx

from ._auth import Auth
from ._encoding import _header_problem
from ._exceptions import ConfigurationError
from ._types import UNSET, TimeoutTypes, Unset

DEFAULT_TIMEOUT = httpx.Timeout(60.0)
"""Seconds each attempt may take: connect, send and read the whole answer (see ``attempt_limit``)."""


DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
"""Largest answer body read, in bytes after decompression; larger: ``ResponseTooLargeError``."""


DEFAULT_MAX_RETRIES = 2


MAX_CACHED_URLS = 256
"""Request URLs a client keeps parsed (see ``Config.url``); past it the cache starts over."""


_TOKEN_PROBLEM = "not sendable in an Authorization header: printable ASCII without spaces or tabs at " "either end"


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved configuration of a client; ``with_options`` makes changed copies."""

    token: str | None = field(repr=False)
    """Never shown by ``repr``."""
    base_url: httpx.URL
    timeout: httpx.Timeout
    max_retries: int
    header_options: tuple[tuple[str, str], ...]
    """(wire header, value) pairs sent on every operation that declares the header."""
    default_headers: tuple[tuple[str, str], ...] = ()
    validate_requests: bool = True
    require_token: bool = True
    """Refuse to build a client without a token (``False``: a proxy adds authentication)."""
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    total_timeout: float | None = None
    """Seconds a whole call may take, retries and their waits included (``None``: no bound
    beyond ``(max_retries + 1) * timeout`` plus the waits between attempts)."""
    strict_responses: bool = False
    """Check every JSON answer against its schema (types, required members) before reading it."""
    auth: Auth = field(default_factory=Auth, repr=False)
    """The credentials (the token, its callable, the keys of the API's security schemes)."""
    _urls: dict[str, httpx.URL] = field(default_factory=dict, init=False, repr=False, compare=False)
    """``url``'s cache; a copy made by ``with_options`` starts its own (its base may differ)."""

    def __post_init__(self) -> None:
        """Refuse what could not be sent (the client's constructor and ``with_options`` build a
        ``Config``): :class:`ConfigurationError` naming the option and header, never a value."""
        if self.token is not None and _header_problem("authorization", self.token) is not None:
            raise ConfigurationError("token", "", _TOKEN_PROBLEM)
        if self.token is not None and not self.auth.given("token"):  # a Config built directly
            self.auth.values["token"] = self.token
        for wire, value in self.header_options:
            problem = _header_problem(wire, value)
            if problem is not None:
                raise ConfigurationError(wire, "", problem)
        for name, value in self.default_headers:
            problem = _header_problem(name, value)
            if problem is not None:
                raise ConfigurationError("default_headers", "", f"header {name!r}: {problem}")
        problem = timeout_problem(self.timeout)
        if problem is not None:
            raise ConfigurationError("timeout", "", problem)
        if self.total_timeout is not None and not _seconds(self.total_timeout, zero=False):
            raise ConfigurationError("total_timeout", "", "must be a finite number of seconds > 0, or None")
        for option, number in (
            ("max_retries", self.max_retries),
            ("max_response_bytes", self.max_response_bytes),
        ):
            if not isinstance(number, int) or isinstance(number, bool) or number < 0:
                raise ConfigurationError(option, "", "must be an integer >= 0")

    def url(self, path: str) -> httpx.URL:
        """``base_url`` followed by ``path`` (percent-encoded already).

        Building an ``httpx.URL`` parses and checks the whole URL again (about 20 us, as httpx
        does for every URL given as text); the same path gets the same immutable URL back, for
        the last :data:`MAX_CACHED_URLS` paths at most.
        """
        url = self._urls.get(path)
        if url is None:
            base = self.base_url
            url = base.copy_with(raw_path=base.raw_path.rstrip(b"/") + path.encode("ascii"))
            if len(self._urls) >= MAX_CACHED_URLS:
                self._urls.clear()
            self._urls[path] = url
        return url

    def header_option(self, wire: str) -> str | None:
        for name, value in self.header_options:
            if name == wire:
                return value
        return None


def make_timeout(value: TimeoutTypes | Unset) -> httpx.Timeout:
    if value is UNSET:
        return DEFAULT_TIMEOUT
    if isinstance(value, httpx.Timeout):
        return value
    return httpx.Timeout(value)


def _seconds(value: object, *, zero: bool = True) -> bool:
    """Whether ``value`` is a finite number of seconds, at least 0 (above 0 without ``zero``)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and (value >= 0 if zero else value > 0)
    )


def timeout_problem(value: object) -> str | None:
    """Why ``value`` is no timeout (``nan``, infinite, negative, not a number), else ``None``."""
    try:
        timeout = make_timeout(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "must be seconds, an httpx.Timeout or None"
    for step, part in timeout.as_dict().items():
        if part is not None and not _seconds(part):
            return f"{step} timeout must be a finite number of seconds >= 0, or None"
    return None


def attempt_limit(timeout: httpx.Timeout) -> float | None:
    """Seconds one attempt may take in all (connect, send, read the whole body).

    The largest of the timeout's parts; ``None`` (no limit) when its read part is ``None``.
    Each part also bounds its own step (e.g. one wait for data), as in httpx.
    """
    if timeout.read is None:
        return None
    parts = [t for t in (timeout.connect, timeout.read, timeout.write, timeout.pool) if t is not None]
    return max(parts)


def _clipped(timeout: httpx.Timeout, remaining: float | None) -> dict[str, float | None]:
    """httpx's per-step timeouts, none longer than the time left to the deadline."""
    parts: dict[str, float | None] = timeout.as_dict()
    if remaining is None:
        return parts
    left = max(remaining, 0.001)
    return {k: left if v is None else min(v, left) for k, v in parts.items()}
