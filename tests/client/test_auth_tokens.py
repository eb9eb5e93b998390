"""OAuth2 client credentials against a loopback server, sync and async: the token fetched from
the flow's tokenUrl with the scopes the operation names, cached per scope set, fetched again
before it expires, once for many concurrent first uses, refreshed once after a 401; an explicit
token wins; the token request is bounded by the call's deadline."""

from __future__ import annotations

import asyncio
import base64
import threading
from typing import Any
from urllib.parse import parse_qs

import pytest

from ..loopback import Loopback
from .auth_kinds import Driver

OK = {"ok": True}
ID, SECRET = "client-1", "shh-SECRET-3"
BASIC = "Basic " + base64.b64encode(f"{ID}:{SECRET}".encode()).decode()


class Clock:
    """The client's clock, moved by hand (the waits between retries take no time)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.now += seconds


def token(value: str, expires_in: int | None = 3600) -> dict[str, Any]:
    body: dict[str, Any] = {"access_token": value, "token_type": "Bearer"}
    if expires_in is not None:
        body["expires_in"] = expires_in
    return body


def form(body: bytes) -> dict[str, list[str]]:
    return parse_qs(body.decode())


def test_a_token_is_fetched_with_the_scopes_and_cached_per_scope_set(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(200, token("at-read")).reply(200, OK).reply(200, OK)
    loopback.reply(200, token("at-rw")).reply(200, OK).reply(200, OK)
    drive.call(client, "read_with_client_credentials")
    drive.call(client, "read_with_client_credentials")
    drive.call(client, "write_with_client_credentials", name="x")
    drive.call(client, "read_with_client_credentials")
    fetch, read1, read2, fetch2, write, read3 = loopback.requests
    assert (fetch.method, fetch.path) == ("POST", "/oauth/token")  # tokenUrl /oauth/token, absolute path
    assert fetch.headers["authorization"] == BASIC
    assert form(fetch.body) == {"grant_type": ["client_credentials"], "scope": ["read"]}
    assert form(fetch2.body)["scope"] == ["read write"]
    assert [r.headers["authorization"] for r in (read1, read2, write, read3)] == [
        "Bearer at-read",
        "Bearer at-read",
        "Bearer at-rw",
        "Bearer at-read",
    ]


def test_a_token_is_fetched_again_before_it_expires(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    clock = client._clock = Clock()
    loopback.reply(200, token("first", expires_in=100)).reply(200, OK)
    loopback.reply(200, OK)
    loopback.reply(200, token("second", expires_in=100)).reply(200, OK)
    drive.call(client, "read_with_client_credentials")
    clock.now += 85  # 15 s left: still used
    drive.call(client, "read_with_client_credentials")
    clock.now += 6  # 9 s left, under a tenth of its lifetime: fetched again
    drive.call(client, "read_with_client_credentials")
    sent = [r.headers["authorization"] for r in loopback.requests if r.path != "/oauth/token"]
    assert sent == ["Bearer first", "Bearer first", "Bearer second"]


def test_a_401_refreshes_the_token_once_and_retries_once(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(200, token("old")).reply(401, {"message": "expired"})
    loopback.reply(200, token("new")).reply(200, OK)
    assert drive.call(client, "write_with_client_credentials", name="x").ok is True
    paths = [(r.path, r.headers.get("authorization")) for r in loopback.requests]
    assert paths == [
        ("/oauth/token", BASIC),
        ("/api/write", "Bearer old"),
        ("/oauth/token", BASIC),
        ("/api/write", "Bearer new"),
    ]
    assert loopback.requests[3].json() == {"name": "x"}  # the same request, sent again


def test_a_second_401_is_the_callers_error(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(200, token("old")).reply(401, {"message": "no"})
    loopback.reply(200, token("new")).reply(401, {"message": "still no"})
    with pytest.raises(drive.module.errors.AuthenticationError) as info:
        drive.call(client, "read_with_client_credentials")
    assert info.value.status_code == 401 and loopback.count == 4


def test_an_explicit_token_wins_over_client_credentials(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET, token="explicit")
    loopback.reply(200, OK)
    drive.call(client, "read_with_client_credentials")
    assert loopback.count == 1 and loopback.requests[0].headers["authorization"] == "Bearer explicit"


def test_a_refused_token_request_raises_its_error_without_the_secret(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(401, {"error": "invalid_client"})
    with pytest.raises(drive.module.errors.AuthenticationError) as info:
        drive.call(client, "read_with_client_credentials")
    assert SECRET not in str(info.value) and loopback.count == 1


def test_the_token_request_is_bounded_by_the_calls_deadline(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET, total_timeout=0.5)
    loopback.reply(200, token("late"), delay=3.0)
    with pytest.raises(drive.module.errors.ApiTimeoutError) as info:
        drive.call(client, "read_with_client_credentials")
    assert SECRET not in str(info.value) and "token request" in str(info.value)


def test_concurrent_first_uses_fetch_one_token(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(200, token("shared"), delay=0.3)
    for _ in range(6):
        loopback.reply(200, OK)
    if drive.is_async:

        async def all_at_once() -> None:
            await asyncio.gather(*(client.read_with_client_credentials() for _ in range(6)))

        drive.run(all_at_once())
    else:
        threads = [threading.Thread(target=client.read_with_client_credentials) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    fetches = [r for r in loopback.requests if r.path == "/oauth/token"]
    assert len(fetches) == 1 and loopback.count == 7
    assert {r.headers["authorization"] for r in loopback.requests if r.path != "/oauth/token"} == {"Bearer shared"}


def test_a_relative_token_url_is_relative_to_the_base_url(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET, base_url=loopback.url + "/deep/api")
    loopback.reply(200, token("t")).reply(200, OK)
    drive.call(client, "read_with_client_credentials")
    assert loopback.requests[0].path == "/oauth/token"
    assert loopback.requests[1].path == "/deep/api/read"


def test_with_options_keeps_the_cache_while_the_credentials_stay(drive: Driver, loopback: Loopback) -> None:
    client = drive.client(client_id=ID, client_secret=SECRET)
    loopback.reply(200, token("kept")).reply(200, OK).reply(200, OK)
    drive.call(client, "read_with_client_credentials")
    drive.call(client.with_options(max_retries=1), "read_with_client_credentials")
    assert loopback.count == 3
