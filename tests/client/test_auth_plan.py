"""What ``_auth.Auth.plan`` sends for a requirement, in runtime terms (no client needed): a
document that declares schemes but no ``security`` sends what is given; one that declares none
sends the token when given."""

from __future__ import annotations

import pytest

from generator.runtime._auth import Auth, MissingCredentialsError, Scheme

KEY = Scheme("key", "api_key", "api_key", "ACME_API_KEY", location="query", wire="api_key")
BASIC = Scheme("basic", "basic", "basic", "ACME_BASIC")
BEARER = Scheme("bearer", "bearer", "token", "ACME_TOKEN")


def keys(auth: Auth, security: object = None) -> list[str]:
    return [scheme.key for scheme, _ in auth.plan("op", security).schemes]  # type: ignore[arg-type]


def test_no_requirement_anywhere_sends_what_is_given() -> None:
    assert keys(Auth((KEY, BASIC, BEARER), None, {"api_key": "k", "token": "t"})) == ["key", "bearer"]
    assert keys(Auth((KEY, BASIC, BEARER), None, {})) == []
    assert keys(Auth((), None, {"token": "t"})) == [""]  # no scheme declared: the token
    assert keys(Auth((), None, {})) == []


def test_an_operations_own_requirement_overrides_the_documents() -> None:
    auth = Auth((KEY, BASIC, BEARER), ((("bearer", ()),),), {"api_key": "k", "basic": ("u", "p")})
    with pytest.raises(MissingCredentialsError):
        keys(auth)
    assert keys(auth, ((("basic", ()),), (("key", ()),))) == ["basic"]
    assert keys(auth, ()) == []  # security: []


def test_the_proxy_meets_only_bearer_schemes() -> None:
    auth = Auth((KEY, BEARER), ((("bearer", ()), ("key", ())),), {"api_key": "k"}, proxy=True)
    assert keys(auth) == ["key"]  # the proxy adds the token
    with pytest.raises(MissingCredentialsError):
        keys(Auth((KEY, BEARER), ((("key", ()),),), {}, proxy=True))


def test_auth_repr_names_the_options_only() -> None:
    assert repr(Auth((KEY,), None, {"api_key": "SECRET"})) == "Auth(api_key=<redacted>)"
