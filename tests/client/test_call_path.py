"""What the per-call shortcuts of the client must keep.

- A client's own httpx client sends straight to its transport (``_send``), skipping
  ``httpx.Client.send``: what ``send`` would have done for such a client must still happen
  (cookies kept, proxies from the environment, the response's request and elapsed time, httpx's
  log line, typed errors), and a caller's client still goes through ``send``.
- Request URLs are parsed once per path (``Config.url``): each call still goes to its own path
  under the base URL of the client (or copy) making it, and the cache stays bounded.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

import httpx
import pytest
from botpress_client import _settings, errors

from ..loopback import Loopback
from .conftest import Api
from .test_runtime import GET_TABLE

pytestmark = pytest.mark.usefixtures("isolation")


def test_own_client_sends_directly_and_a_callers_does_not(api: Api) -> None:
    assert api.client()._direct
    assert api.client().with_options(max_retries=0)._direct  # the copy shares the pool
    http: Any = httpx.AsyncClient() if api.is_async else httpx.Client()
    assert not api.client(http_client=http)._direct
    if api.is_async:
        api.run(http.aclose())
    else:
        http.close()


def test_cookies_set_by_the_server_are_sent_back(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE, headers={"set-cookie": "session=s1; Path=/"})
    loopback.reply(200, GET_TABLE).reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table="T")
    api.call(client, "get_table", table="T")
    api.call(client.with_options(max_retries=0), "get_table", table="T")
    assert "cookie" not in loopback.requests[0].headers
    assert loopback.requests[1].headers["cookie"] == "session=s1"
    assert loopback.requests[2].headers["cookie"] == "session=s1"


def test_raw_response_has_its_request_and_elapsed_time(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    raw = api.raw(api.client(), "get_table", table="T")
    assert raw.http_response.request.url.path == "/v1/tables/T"
    assert 0 < raw.http_response.elapsed.total_seconds() < 5
    assert raw.http_response.is_closed


def test_httpx_log_line_is_kept(api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture) -> None:
    loopback.reply(200, GET_TABLE)
    with caplog.at_level(logging.INFO, logger="httpx"):
        api.call(api.client(), "get_table", table="T")
    lines = [r.getMessage() for r in caplog.records if r.name == "httpx"]
    assert lines == [f'HTTP Request: GET {loopback.url}/v1/tables/T "HTTP/1.1 200 OK"']


def test_proxy_from_the_environment_is_used(api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", loopback.url)  # read when the httpx client is made
    loopback.reply(200, GET_TABLE)
    client = api.client(base_url="http://api.example.invalid")
    table = api.call(client, "get_table", table="T")
    assert table.table.name == "People"
    assert loopback.requests[0].headers["host"] == "api.example.invalid"


def test_transport_errors_carry_their_request(api: Api) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = api.client(base_url=f"http://127.0.0.1:{port}", max_retries=0)
    err = api.raises(errors.ApiConnectionError, lambda: api.call(client, "get_table", table="T"))
    assert isinstance(err.__cause__, httpx.ConnectError)
    assert err.__cause__.request.url.path == "/v1/tables/T"


def test_closed_client_refuses_to_send(api: Api, loopback: Loopback) -> None:
    client = api.client()
    api.close(client)
    with pytest.raises(RuntimeError, match="client has been closed"):
        api.call(client, "get_table", table="T")
    assert loopback.count == 0


def test_own_client_through_send_when_not_direct(api: Api, loopback: Loopback) -> None:
    """The path a future httpx without ``_transport_for_url`` would take (``_direct`` is off
    then): the same answer, through ``send``."""
    loopback.reply(200, GET_TABLE, headers={"set-cookie": "session=s1"}).reply(200, GET_TABLE)
    client = api.client()
    client._direct = False
    raw = api.raw(client, "get_table", table="T")
    assert raw.parsed.table.name == "People" and raw.http_response.elapsed.total_seconds() > 0
    api.call(client, "get_table", table="T")
    assert loopback.requests[1].headers["cookie"] == "session=s1"


def test_each_path_gets_its_own_url(api: Api, loopback: Loopback) -> None:
    for _ in range(4):
        loopback.reply(200, GET_TABLE)
    client = api.client()
    for table in ("A", "B b", "A"):
        api.call(client, "get_table", table=table)
    api.call(client.with_options(base_url=loopback.url + "/api/"), "get_table", table="A")
    paths = [r.path for r in loopback.requests]
    assert paths == ["/v1/tables/A", "/v1/tables/B%20b", "/v1/tables/A", "/api/v1/tables/A"]


def test_url_cache_is_bounded_and_per_config(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_settings, "MAX_CACHED_URLS", 3)
    config = api.client(base_url="http://127.0.0.1:9/base/")._config
    first = config.url("/v1/tables/a")
    assert str(first) == "http://127.0.0.1:9/base/v1/tables/a"
    assert config.url("/v1/tables/a") is first
    for name in "bcdefg":
        config.url(f"/v1/tables/{name}")
        assert len(config._urls) <= 3
    assert str(config.url("/v1/tables/a")) == str(first)
    copy = api.client(base_url="http://127.0.0.1:9/base/").with_options(base_url="http://127.0.0.1:9")._config
    assert str(copy.url("/v1/tables/a")) == "http://127.0.0.1:9/v1/tables/a"
