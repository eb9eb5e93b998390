"""Credentials from the document's security schemes, sent by real clients (sync and async) to a
loopback server: API keys in a header, the query and a cookie; basic; bearer; another http
scheme; token callables; per-operation requirements (alternatives, AND, ``[]``, ``{}``) and the
error when none can be met; environment variables; the generator's warnings."""

from __future__ import annotations

import base64
import threading
from types import ModuleType
from typing import Any

import pytest

from ..loopback import Loopback
from .auth_kinds import Driver

OK = {"ok": True}
KEY = "key-SECRET-1"
QKEY = "qkey-SECRET-2"


def test_the_generator_warns_once_for_each_scheme_it_cannot_send(kinds: tuple[ModuleType, list[str], Any]) -> None:
    warnings = kinds[1]
    mine = [w for w in warnings if "invalid OpenAPI" not in w]
    assert len(mine) == 3, mine
    assert any("securitySchemes/tls" in w and "mutualTLS" in w for w in mine)
    assert any("securitySchemes/broken" in w and "apiKey" in w for w in mine)
    assert any("~1undeclared/get/security/0" in w and "'nope'" in w for w in mine)


def test_api_keys_go_where_their_scheme_says(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(api_key_auth=KEY, api_key=QKEY, session="s-1")
    for _ in range(3):
        loopback.reply(200, OK)
    assert drive.call(client, "with_header_key").ok is True
    drive.call(client, "with_query_key")
    drive.call(client, "with_cookie_key", theme="dark")
    header, query, cookie = loopback.requests
    assert header.headers["x-api-key"] == KEY
    assert "authorization" not in header.headers and not header.query
    assert query.query == {"api_key": [QKEY]} and "x-api-key" not in query.headers
    assert sorted(cookie.headers["cookie"].split("; ")) == ["SESSION=s-1", "theme=dark"]


def test_basic_bearer_and_other_http_schemes(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(basic_auth=("ann", "pa:ss"), token="tok-1", hmac="sig=abc")
    for _ in range(4):
        loopback.reply(200, OK)
    drive.call(client, "with_basic")
    drive.call(client, "with_bearer")
    drive.call(client, "with_signature")
    drive.call(client, "with_none")
    basic, bearer, signed, none = (r.headers.get("authorization") for r in loopback.requests)
    assert basic == "Basic " + base64.b64encode(b"ann:pa:ss").decode()
    assert bearer == "Bearer tok-1"
    assert signed == "HMAC-SHA256 sig=abc"
    assert none is None  # security: [] sends nothing, whatever is configured


def test_token_callables_are_called_for_each_request(drive: Driver, loopback: Loopback) -> None:
    issued = iter(["t1", "t2"])
    if drive.is_async:

        async def token() -> str:
            return next(issued)

        client = drive.client(token=token)
    else:
        client = drive.client(token=lambda: next(issued))
    loopback.reply(200, OK).reply(200, OK)
    drive.call(client, "with_bearer")
    drive.call(client, "with_bearer")
    assert [r.headers["authorization"] for r in loopback.requests] == ["Bearer t1", "Bearer t2"]
    assert "t1" not in repr(client) and "token='<redacted>'" in repr(client)


def test_a_sync_callable_works_on_the_async_client_too(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(token=lambda: "plain")
    loopback.reply(200, OK)
    drive.call(client, "with_bearer")
    assert loopback.requests[0].headers["authorization"] == "Bearer plain"


def test_a_token_callable_returning_no_string_is_refused_before_sending(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(token=lambda: 42)
    with pytest.raises(drive.module.errors.ConfigurationError, match="token"):
        drive.call(client, "with_bearer")
    assert loopback.count == 0


def test_the_first_alternative_configured_is_sent(drive: Driver, loopback: Loopback) -> None:
    for _ in range(2):
        loopback.reply(200, OK)
    drive.call(drive.client(basic_auth=("u", "p")), "with_either")
    drive.call(drive.client(basic_auth=("u", "p"), api_key_auth=KEY), "with_either")
    first, second = loopback.requests
    assert first.headers["authorization"].startswith("Basic ") and "x-api-key" not in first.headers
    assert second.headers["x-api-key"] == KEY and "authorization" not in second.headers


def test_every_scheme_of_an_alternative_is_sent(drive: Driver, loopback: Loopback) -> None:
    loopback.reply(200, OK)
    drive.call(drive.client(api_key_auth=KEY, api_key=QKEY), "with_both")
    sent = loopback.requests[0]
    assert sent.headers["x-api-key"] == KEY and sent.query["api_key"] == [QKEY]


def test_an_alternative_half_configured_is_not_met(drive: Driver, loopback: Loopback) -> None:
    errors = drive.module.errors
    with pytest.raises(errors.MissingCredentialsError) as info:
        drive.call(drive.client(api_key_auth=KEY), "with_both")
    assert info.value.alternatives == (("api_key_auth", "api_key"),)
    assert "api_key=... (or $ACME_API_KEY)" in str(info.value) and KEY not in str(info.value)
    assert loopback.count == 0


def test_an_optional_requirement_goes_without_or_with_the_key(drive: Driver, loopback: Loopback) -> None:
    loopback.reply(200, OK).reply(200, OK)
    drive.call(drive.client(), "with_optional_key")
    drive.call(drive.client(api_key_auth=KEY), "with_optional_key")
    assert "x-api-key" not in loopback.requests[0].headers
    assert loopback.requests[1].headers["x-api-key"] == KEY


def test_missing_credentials_raise_before_sending_naming_the_options(drive: Driver, loopback: Loopback) -> None:
    errors = drive.module.errors
    client = drive.client()
    with pytest.raises(errors.MissingCredentialsError) as info:
        drive.call(client, "with_either")
    error = info.value
    assert isinstance(error, errors.ConfigurationError)
    assert error.operation == "withEither"
    assert error.alternatives == (("api_key_auth",), ("basic_auth",))
    text = str(error)
    assert "api_key_auth=... (or $ACME_API_KEY_AUTH) or basic_auth=... (or $ACME_BASIC_AUTH)" in text
    with pytest.raises(errors.MissingCredentialsError) as info:
        drive.call(client, "read_with_client_credentials")
    error = info.value
    assert error.alternatives == (("client_id", "client_secret"),)
    with pytest.raises(errors.MissingCredentialsError):
        drive.call(client, "with_bearer")  # the document's
    assert loopback.count == 0


def test_require_token_false_lets_a_proxy_add_the_token(drive: Driver, loopback: Loopback) -> None:
    loopback.reply(200, OK)
    drive.call(drive.client(require_token=False), "with_bearer")
    assert "authorization" not in loopback.requests[0].headers
    with pytest.raises(drive.module.errors.MissingCredentialsError):  # only bearer tokens
        drive.call(drive.client(require_token=False), "with_header_key")


def test_require_token_true_refuses_a_client_without_a_token(drive: Driver) -> None:
    with pytest.raises(drive.module.errors.ConfigurationError, match=r"\$ACME_TOKEN"):
        drive.client(require_token=True)


def test_a_scheme_dropped_from_a_requirement_leaves_the_others(drive: Driver, loopback: Loopback) -> None:
    loopback.reply(200, OK)
    drive.call(drive.client(api_key=QKEY), "with_undeclared")
    assert loopback.requests[0].query["api_key"] == [QKEY]


def test_credentials_come_from_the_environment(
    drive: Driver, loopback: Loopback, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ACME_API_KEY_AUTH", KEY)
    monkeypatch.setenv("ACME_BASIC_AUTH", "ann:pa:ss")
    monkeypatch.setenv("ACME_TOKEN", "env-token")
    client = drive.client()
    for _ in range(3):
        loopback.reply(200, OK)
    drive.call(client, "with_header_key")
    drive.call(client, "with_basic")
    drive.call(client, "with_bearer")
    header, basic, bearer = loopback.requests
    assert header.headers["x-api-key"] == KEY
    assert basic.headers["authorization"] == "Basic " + base64.b64encode(b"ann:pa:ss").decode()
    assert bearer.headers["authorization"] == "Bearer env-token"


def test_a_basic_variable_without_a_colon_is_refused_naming_it(drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACME_BASIC_AUTH", "nocolon-SECRET")
    with pytest.raises(drive.module.errors.ConfigurationError) as info:
        drive.client()
    error = info.value
    assert "basic_auth (or $ACME_BASIC_AUTH)" in str(error) and "SECRET" not in str(error)


@pytest.mark.parametrize(
    ("option", "value", "rule"),
    [
        ("api_key_auth", "bad\nkey", "not sendable"),
        ("basic_auth", ("a:b", "p"), "username"),
        ("basic_auth", "user:pass", "tuple"),
        ("hmac", "", "non-empty"),
    ],
)
def test_unusable_credentials_are_refused_when_the_client_is_built(
    drive: Driver, option: str, value: object, rule: str
) -> None:
    with pytest.raises(drive.module.errors.ConfigurationError) as info:
        drive.client(**{option: value})
    error = info.value
    assert option in str(error) and rule in str(error)


def test_with_options_changes_and_removes_credentials(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(api_key_auth=KEY)
    changed = client.with_options(api_key_auth="other")
    loopback.reply(200, OK)
    drive.call(changed, "with_header_key")
    assert loopback.requests[0].headers["x-api-key"] == "other"
    with pytest.raises(drive.module.errors.MissingCredentialsError):
        drive.call(client.with_options(api_key_auth=None), "with_header_key")


def test_extra_headers_and_query_win_over_the_configured_credentials(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(api_key_auth=KEY, api_key=QKEY)
    loopback.reply(200, OK).reply(200, OK)
    drive.call(client, "with_header_key", extra_headers={"X-API-Key": "per-call"})
    drive.call(client, "with_query_key", extra_query={"api_key": "per-call"})
    assert loopback.requests[0].headers["x-api-key"] == "per-call"
    assert loopback.requests[1].query["api_key"] == ["per-call"]


def test_threads_share_a_client_with_a_token_callable(
    kinds: tuple[ModuleType, list[str], Any], loopback: Loopback, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ACME_TOKEN", raising=False)
    calls: list[int] = []
    lock = threading.Lock()

    def token() -> str:
        with lock:
            calls.append(1)
        return "t"

    driver = Driver(kinds[0], "sync", loopback)
    client = driver.client(token=token)
    for _ in range(8):
        loopback.reply(200, OK)
    threads = [threading.Thread(target=client.with_bearer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    driver.close()
    assert len(calls) == 8 and loopback.count == 8
    assert all(r.headers["authorization"] == "Bearer t" for r in loopback.requests)
