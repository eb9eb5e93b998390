"""No credential is ever shown: with every kind of credential set and logging at DEBUG for every
logger (httpx's ``HTTP Request: GET <url>`` line included), calls that succeed, fail, time out
and are retried leave no secret value in any log line, ``repr`` or exception text."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from ..loopback import Loopback
from .auth_kinds import Driver

SECRETS = {
    "token": "tok-SECRET-a1",
    "api_key_auth": "hdr-SECRET-b2",
    "api_key": "qry-SECRET-c3",
    "session": "ckie-SECRET-d4",
    "basic_auth": ("ann", "pwd-SECRET-e5"),
    "hmac": "sig-SECRET-f6",
}
CLIENT_SECRET = "cs-SECRET-g7"
FETCHED = "fetched-SECRET-h8"
VALUES = [
    "tok-SECRET-a1",
    "hdr-SECRET-b2",
    "qry-SECRET-c3",
    "ckie-SECRET-d4",
    "pwd-SECRET-e5",
    "sig-SECRET-f6",
    CLIENT_SECRET,
    FETCHED,
    "YW5uOnB3ZC1TRUNSRVQtZTU",  # base64 of ann:pwd-SECRET-e5 (the Authorization header)
]
CALLS = (
    "with_header_key",
    "with_query_key",
    "with_cookie_key",
    "with_basic",
    "with_signature",
    "with_bearer",
    "with_both",
)


def texts_of(error: BaseException) -> list[str]:
    out = [str(error), repr(error)]
    cause = error.__cause__ or error.__context__
    return out + (texts_of(cause) if cause is not None else [])


def test_no_secret_in_logs_reprs_or_errors(
    drive: Driver, loopback: Loopback, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG)  # every logger: the package's, httpx's, httpcore's
    monkeypatch.setattr(drive.module._transport, "INITIAL_RETRY_DELAY", 0.001)
    client = drive.client(**SECRETS, client_id="id-1", client_secret=CLIENT_SECRET, max_retries=1, timeout=0.5)
    other = drive.client(**SECRETS, client_id="id-1", client_secret=CLIENT_SECRET, max_retries=1)
    shown: list[str] = [repr(client), repr(client._config), repr(client._config.auth), str(client.__dict__)]
    for name in CALLS:  # success
        loopback.reply(200, {"ok": True})
        drive.call(client, name)
    loopback.reply(200, {"access_token": FETCHED, "expires_in": 60}).reply(200, {"ok": True})
    fetching = drive.client(client_id="id-1", client_secret=CLIENT_SECRET, max_retries=1)  # fetched
    drive.call(fetching, "read_with_client_credentials")
    loopback.reply(401).reply(200, {"access_token": FETCHED + "2"}).reply(500).reply(500)
    with pytest.raises(drive.module.errors.InternalServerError):
        drive.call(fetching, "read_with_client_credentials")  # refreshed after the 401, then fails
    assert loopback.count == 13
    shown += [repr(fetching), repr(fetching._config.auth.tokens)]
    failures: list[tuple[str, Any]] = [
        ("with_query_key", lambda: loopback.reply(500, {"message": "boom"}).reply(500, "again")),
        ("with_header_key", lambda: loopback.reply(503).reply(404, {"message": "gone"})),
        ("with_query_key", lambda: loopback.reply(200, delay=2.0).reply(200, delay=2.0)),  # timeouts
        ("with_basic", lambda: loopback.reply(200, b"{not json")),
        ("with_signature", lambda: loopback.reply(401, {"message": "who?"})),
    ]
    errors: list[BaseException] = []
    for name, script in failures:
        script()
        with pytest.raises(drive.module.errors.ClientError) as info:
            drive.call(client, name)
        errors.append(info.value)
    with pytest.raises(drive.module.errors.MissingCredentialsError) as missing:
        drive.call(client.with_options(api_key=None), "with_both")
    errors.append(missing.value)
    with pytest.raises(drive.module.errors.ConfigurationError) as refused:
        drive.client(basic_auth=("a:b", "pwd-SECRET-e5"))
    errors.append(refused.value)
    shown += [text for error in errors for text in texts_of(error)]
    shown += [record.getMessage() for record in caplog.records]
    shown += [repr(other), repr(client.with_options(timeout=1.0))]
    assert any("HTTP Request: GET" in line and "api_key=" in line for line in shown), "httpx's own log line"
    assert any("<redacted>" in line for line in shown)
    leaks = [(value, line) for line in shown for value in VALUES if value in line]
    assert not leaks, leaks[:3]


def test_the_query_key_is_sent_though_never_shown(drive: Driver, loopback: Loopback) -> None:
    loopback.reply(200, {"ok": True})
    drive.call(drive.client(api_key="qry-SECRET-c3"), "with_query_key")
    assert loopback.requests[0].query["api_key"] == ["qry-SECRET-c3"]
