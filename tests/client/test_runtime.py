"""Runtime behaviour of the generated client against a real HTTP server on 127.0.0.1.

Every test runs for ``Client`` and ``AsyncClient`` (the ``api`` fixture): errors, retries,
timeouts, pagination, configuration, per-call options, raw responses, path encoding, logging and
redaction. The server (tests/loopback.py) is scripted per test and counts requests server-side.
"""

from __future__ import annotations

import email.utils
import json
import logging
import socket
import time
from typing import Any

import botpress_client
import httpx
import pytest
from botpress_client import AsyncClient, Client, _reading, _transport, errors, models
from botpress_client.testing import FakeApi

from ..loopback import Loopback
from .conftest import BOT, TOKEN, Api

pytestmark = pytest.mark.usefixtures("isolation")

SCHEMA = {"type": "object", "properties": {}, "additionalProperties": True}
TABLE = {"id": "tbl_1", "name": "People", "schema": SCHEMA}
GET_TABLE = {"table": TABLE, "rows": 3}
GET_OR_CREATE = {"table": TABLE, "created": True, "rows": 0, "stale": 0, "indexing": 0}
USER_ID = "user_" + "u" * 25  # 28 to 36 characters
CONVERSATION_ID = "conv_" + "c" * 25
MESSAGE_ARGS: dict[str, Any] = {
    "payload": {"text": "hi"},
    "user_id": USER_ID,
    "conversation_id": CONVERSATION_ID,
    "type": "text",
    "tags": {},
}
CREATED_MESSAGE = {"message": {"id": "msg_1", "type": "text", "payload": {"text": "hi"}}}

# api-facts.md: the status of each error type of the platform.
ERROR_STATUS = {
    **dict.fromkeys(
        [
            "InvalidPayload",
            "InvalidJsonSchema",
            "InvalidDataFormat",
            "InvalidIdentifier",
            "ReferenceNotFound",
            "InvalidQuery",
            "Runtime",
            "BreakingChanges",
        ],
        400,
    ),
    "Unauthorized": 401,
    "PaymentRequired": 402,
    "Forbidden": 403,
    "QuotaExceeded": 403,
    "ResourceNotFound": 404,
    "MethodNotFound": 405,
    **dict.fromkeys(["RelationConflict", "ReferenceConstraint", "ResourceLockedConflict", "AlreadyExists"], 409),
    "ResourceGone": 410,
    "PayloadTooLarge": 413,
    "LimitExceeded": 413,
    "UnsupportedMediaType": 415,
    "RateLimited": 429,
    "Unknown": 500,
    "Internal": 500,
    "OperationTimeout": 504,
}


def error_body(kind: str, status: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": f"err_{kind.lower()}",
        "code": status,
        "type": kind,
        "message": f"{kind} happened",
        **extra,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


# --------------------------------------------------------------------------- errors


def test_error_table_covers_every_type_of_the_api_facts() -> None:
    assert set(errors.ERROR_TYPES) == set(ERROR_STATUS)


@pytest.mark.parametrize("kind", sorted(ERROR_STATUS))
def test_error_type_maps_to_its_class(api: Api, loopback: Loopback, kind: str) -> None:
    status = ERROR_STATUS[kind]
    body = error_body(kind, status, metadata={"table": "People"})
    loopback.reply(status, body, headers={"x-request-id": "req_9"})
    client = api.client(max_retries=0)

    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="People"))

    assert type(err) is errors.ERROR_TYPES[kind]
    assert err.status_code == status
    assert err.headers["x-request-id"] == "req_9"
    assert err.body == json.dumps(body)  # the raw text, as sent
    assert (err.type, err.message, err.id) == (kind, f"{kind} happened", f"err_{kind.lower()}")
    assert err.metadata == {"table": "People"}
    line = str(err)
    assert "\n" not in line
    for part in (str(status), kind, f"{kind} happened", f"err_{kind.lower()}"):
        assert part in line


def test_error_message_with_newlines_is_still_one_line(api: Api, loopback: Loopback) -> None:
    loopback.reply(400, {**error_body("InvalidPayload", 400), "message": "bad\nvery bad\r\n"})
    client = api.client()
    err = api.raises(errors.InvalidPayloadError, lambda: api.call(client, "get_table", table="T"))
    assert "\n" not in str(err) and "\r" not in str(err)
    assert err.message == "bad\nvery bad\r\n"  # the attribute keeps the text as sent


def test_html_502_gives_api_error_with_raw_body(api: Api, loopback: Loopback) -> None:
    html = "<html><body><h1>502 Bad Gateway</h1>\n</body></html>"
    loopback.reply(502, html, headers={"content-type": "text/html"})
    client = api.client(max_retries=0)
    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert type(err) is errors.InternalServerError  # the status's class, whatever the body
    assert err.status_code == 502
    assert err.body == html
    assert err.type is None and err.message is None and err.id is None and err.metadata is None
    assert "502" in str(err) and "\n" not in str(err)


def test_empty_503_gives_api_error(api: Api, loopback: Loopback) -> None:
    loopback.reply(503, b"")
    client = api.client(max_retries=0)
    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert type(err) is errors.InternalServerError
    assert (err.status_code, err.body, err.type) == (503, "", None)
    assert "503" in str(err)


def test_error_json_of_another_shape_gives_api_error(api: Api, loopback: Loopback) -> None:
    loopback.reply(400, [1, 2, 3]).reply(400, {"type": 7, "message": ["x"]})
    client = api.client()
    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert type(err) is errors.BadRequestError and err.body == "[1, 2, 3]"
    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert type(err) is errors.BadRequestError and err.type is None and err.message is None


def test_unknown_error_type_gives_plain_api_error(api: Api, loopback: Loopback) -> None:
    loopback.reply(418, error_body("Teapot", 418))
    client = api.client()
    err = api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert type(err) is errors.ApiError
    assert (err.status_code, err.type, err.id) == (418, "Teapot", "err_teapot")
    assert "Teapot" in str(err)


def test_truncated_json_on_200_is_a_decode_error(api: Api, loopback: Loopback) -> None:
    truncated = '{"table": {"id": "tbl_1", "na'
    loopback.reply(200, truncated)
    client = api.client()
    err = api.raises(errors.ResponseDecodeError, lambda: api.call(client, "get_table", table="T"))
    assert (err.status_code, err.body) == (200, truncated)
    assert loopback.count == 1  # a 2xx is never retried


@pytest.mark.parametrize("body", [{"table": 5}, {"rows": 1}, [], "null"])
def test_wrong_shape_on_200_is_a_decode_error(api: Api, loopback: Loopback, body: Any) -> None:
    loopback.reply(200, body)
    client = api.client()
    err = api.raises(errors.ResponseDecodeError, lambda: api.call(client, "get_table", table="T"))
    assert err.status_code == 200 and err.body


# --------------------------------------------------------------------------- retries


def test_503_then_200_succeeds_after_one_retry(api: Api, loopback: Loopback) -> None:
    loopback.reply(503).reply(200, GET_TABLE)
    client = api.client()
    table = api.call(client, "get_table", table="People")
    assert isinstance(table, models.GetTableResponse) and table.table.name == "People"
    assert loopback.count == 2


def _fake_client(api: Api, fake: FakeApi) -> Any:
    """A client of the package's test kit, in the flavour of ``api`` (retry waits take no time)."""
    return fake.async_client(bot_id=BOT) if api.is_async else fake.client(bot_id=BOT)


@pytest.mark.parametrize(
    ("status", "retried"),
    [
        (408, True),
        (429, True),
        (500, True),
        (502, True),
        (504, True),
        (400, False),
        (404, False),
        (409, False),
    ],
)
def test_which_statuses_an_idempotent_call_retries(api: Api, status: int, retried: bool) -> None:
    fake = FakeApi()
    fake.get_table.fails(status=status).returns(GET_TABLE)
    client = _fake_client(api, fake)
    if retried:
        api.call(client, "get_table", table="T")
    else:
        api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T"))
    assert fake.get_table.call_count == (2 if retried else 1)
    assert len(fake.clock.sleeps) == (1 if retried else 0)


def test_429_retry_after_seconds_is_honoured(api: Api, loopback: Loopback) -> None:
    loopback.reply(429, error_body("RateLimited", 429), headers={"retry-after": "1"})
    loopback.reply(200, GET_TABLE)
    client = api.client()
    started = time.monotonic()
    api.call(client, "get_table", table="People")
    elapsed = time.monotonic() - started
    assert 0.9 <= elapsed <= 3.0
    assert loopback.count == 2


def test_retry_after_ms_is_honoured(api: Api, loopback: Loopback) -> None:
    loopback.reply(429, headers={"retry-after-ms": "300", "retry-after": "30"})
    loopback.reply(200, GET_TABLE)
    client = api.client()
    started = time.monotonic()
    api.call(client, "get_table", table="People")
    assert 0.28 <= time.monotonic() - started <= 2.0


def test_retry_after_beyond_the_cap_falls_back_to_backoff(api: Api, loopback: Loopback) -> None:
    loopback.reply(429, headers={"retry-after": "3600"}).reply(200, GET_TABLE)
    client = api.client()
    started = time.monotonic()
    api.call(client, "get_table", table="People")
    assert time.monotonic() - started < 2.0
    assert loopback.count == 2


def test_backoff_without_retry_after(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_transport, "INITIAL_RETRY_DELAY", 0.5)  # the real one: no real wait
    fake = FakeApi()
    fake.get_table.fails(status=500, times=2).returns(GET_TABLE)
    api.call(_fake_client(api, fake), "get_table", table="People")
    # INITIAL_RETRY_DELAY then twice that, each shortened by at most 25 % of jitter
    first, second = fake.clock.sleeps
    assert 0.375 <= first <= 0.5 and 0.75 <= second <= 1.0
    assert fake.get_table.call_count == 3


def test_retry_after_parsing() -> None:
    h = httpx.Headers
    assert _reading._retry_after(h({"retry-after": "2"})) == 2.0
    assert _reading._retry_after(h({"retry-after": "0.5"})) == 0.5
    assert _reading._retry_after(h({"retry-after-ms": "1500"})) == 1.5
    assert _reading._retry_after(h({"retry-after": "garbage"})) is None
    assert _reading._retry_after(h({"retry-after": "-3"})) is None
    assert _reading._retry_after(h({"retry-after": "3600"})) is None
    date = email.utils.formatdate(time.time() + 10, usegmt=True)
    delay = _reading._retry_after(h({"retry-after": date}))
    assert delay is not None and 8.0 <= delay <= 10.5


def test_max_retries_exhausted_raises_the_last_error(api: Api, loopback: Loopback) -> None:
    for n in range(1, 5):
        loopback.reply(500, {**error_body("Internal", 500), "id": f"err_{n}"})
    client = api.client(max_retries=2)
    err = api.raises(errors.InternalError, lambda: api.call(client, "get_table", table="T"))
    assert err.id == "err_3"
    assert loopback.count == 3  # max_retries + 1


def test_non_idempotent_post_answered_500_is_sent_once(api: Api, loopback: Loopback) -> None:
    loopback.reply(500, error_body("Internal", 500)).reply(200, CREATED_MESSAGE)
    client = api.client(max_retries=3)
    api.raises(errors.InternalError, lambda: api.call(client, "create_message", **MESSAGE_ARGS))
    assert loopback.count == 1


@pytest.mark.parametrize("status", [408, 502, 504])
def test_non_idempotent_post_not_retried_on_other_statuses(api: Api, loopback: Loopback, status: int) -> None:
    loopback.reply(status).reply(200, CREATED_MESSAGE)
    client = api.client(max_retries=3)
    api.raises(errors.ApiError, lambda: api.call(client, "create_message", **MESSAGE_ARGS))
    assert loopback.count == 1


def test_idempotent_post_answered_500_is_retried(api: Api, loopback: Loopback) -> None:
    loopback.reply(500).reply(200, GET_OR_CREATE)
    client = api.client()
    result = api.call(client, "get_or_create_table", table="People", schema=SCHEMA)
    assert result.created is True
    assert loopback.count == 2
    assert loopback.requests[0].method == loopback.requests[1].method == "POST"
    assert loopback.requests[0].body == loopback.requests[1].body


@pytest.mark.parametrize("status", [429, 503])
def test_non_idempotent_post_refused_by_server_is_retried(api: Api, loopback: Loopback, status: int) -> None:
    loopback.reply(status).reply(200, CREATED_MESSAGE)
    client = api.client()
    result = api.call(client, "create_message", **MESSAGE_ARGS)
    assert result.message.id == "msg_1"
    assert loopback.count == 2


def test_connection_refused(api: Api, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="botpress_client")
    client = api.client(base_url=f"http://127.0.0.1:{free_port()}", max_retries=1)
    err = api.raises(errors.ApiConnectionError, lambda: api.call(client, "create_message", **MESSAGE_ARGS))
    assert not isinstance(err, errors.ApiTimeoutError)
    # the connection was never established: even a non-idempotent POST is retried
    assert sum("retrying" in r.getMessage() for r in caplog.records) == 1


def test_stall_past_the_timeout(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE, delay=3.0).reply(200, GET_TABLE, delay=3.0)
    client = api.client(timeout=0.25, max_retries=1)
    started = time.monotonic()
    api.raises(errors.ApiTimeoutError, lambda: api.call(client, "get_table", table="T"))
    assert time.monotonic() - started < 2.0
    assert loopback.count == 2  # an idempotent GET is retried after a timeout


def test_non_idempotent_post_not_retried_after_read_timeout(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, CREATED_MESSAGE, delay=3.0).reply(200, CREATED_MESSAGE)
    client = api.client(timeout=0.25, max_retries=2)
    api.raises(errors.ApiTimeoutError, lambda: api.call(client, "create_message", **MESSAGE_ARGS))
    assert loopback.count == 1  # the server got it and may have acted on it


def test_connection_closed_without_answer(api: Api, loopback: Loopback) -> None:
    loopback.reply(close=True).reply(200, GET_TABLE)
    client = api.client()
    assert api.call(client, "get_table", table="T").table.id == "tbl_1"
    assert loopback.count == 2
    loopback.reply(close=True).reply(200, CREATED_MESSAGE)
    err = api.raises(errors.ApiConnectionError, lambda: api.call(client, "create_message", **MESSAGE_ARGS))
    assert not isinstance(err, errors.ApiTimeoutError)
    assert loopback.count == 3  # the POST reached the server: not sent again


def test_per_call_max_retries_overrides(api: Api, loopback: Loopback) -> None:
    loopback.reply(503).reply(503).reply(200, GET_TABLE)
    client = api.client(max_retries=5)
    api.raises(errors.ApiError, lambda: api.call(client, "get_table", table="T", max_retries=0))
    assert loopback.count == 1
    loopback.replies.clear()
    loopback.reply(503).reply(200, GET_TABLE)
    client0 = api.client(max_retries=0)
    api.call(client0, "get_table", table="T", max_retries=1)
    assert loopback.count == 3


# --------------------------------------------------------------------------- pagination


def passages_page(ids: list[str], token: str | None) -> dict[str, Any]:
    meta = {} if token is None else {"nextToken": token}
    return {"passages": [{"id": i, "content": f"text {i}"} for i in ids], "meta": meta}


def test_iter_follows_next_token_lazily(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, passages_page(["p1", "p2"], "tok2"))
    loopback.reply(200, passages_page(["p3", "p4"], "tok3"))
    loopback.reply(200, passages_page(["p5"], None))
    client = api.client()
    items = api.iterate(client, "iter_file_passages", id="file_1", limit=2)

    first = next(items)
    assert first.id == "p1" and isinstance(first, models.Passage)
    assert loopback.count == 1  # lazy: page 2 not fetched yet
    rest = [p.id for p in items]
    assert rest == ["p2", "p3", "p4", "p5"]
    assert loopback.count == 3
    sent = loopback.requests
    assert all(r.path == "/v1/files/file_1/passages" for r in sent)
    assert all(r.query["limit"] == ["2"] for r in sent)
    assert "nextToken" not in sent[0].query
    assert sent[1].query["nextToken"] == ["tok2"]
    assert sent[2].query["nextToken"] == ["tok3"]


def test_iter_stops_on_empty_token(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, passages_page(["p1"], "tok2"))
    loopback.reply(200, passages_page(["p2"], ""))
    loopback.reply(200, passages_page(["p3"], None))
    client = api.client()
    assert [p.id for p in api.iterate(client, "iter_file_passages", id="f")] == ["p1", "p2"]
    assert loopback.count == 2
    assert "limit" not in loopback.requests[0].query  # unset: not sent


def test_iter_stops_when_the_server_repeats_the_token(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, passages_page(["p1"], "tok2"))
    loopback.reply(200, passages_page(["p2"], "tok2"))  # a broken server: would loop forever
    loopback.reply(200, passages_page(["p3"], None))
    client = api.client()
    assert [p.id for p in api.iterate(client, "iter_file_passages", id="f")] == ["p1", "p2"]
    assert loopback.count == 2


# --------------------------------------------------------------------------- configuration


def test_environment_configuration(api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BP_TOKEN", TOKEN)
    monkeypatch.setenv("BP_BOT_ID", "bot_env")
    monkeypatch.setenv("BP_WORKSPACE_ID", "ws_env")
    monkeypatch.setenv("BP_INTEGRATION_ID", "int_env")
    monkeypatch.setenv("BP_API_URL", loopback.url)
    client = api.new()
    loopback.reply(200, GET_TABLE).reply(404, error_body("ResourceNotFound", 404))
    api.call(client, "get_table", table="T")
    api.raises(
        errors.ResourceNotFoundError,
        lambda: api.call(client, "get_bot_issue", id="b", issue_id="i"),
    )
    first, second = loopback.requests
    assert first.headers["authorization"] == f"Bearer {TOKEN}"
    assert first.headers["x-bot-id"] == "bot_env"
    assert first.headers["x-integration-id"] == "int_env"
    assert second.headers["x-workspace-id"] == "ws_env"
    assert "x-bot-id" not in second.headers  # getBotIssue does not declare it


def test_arguments_win_over_environment(api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BP_TOKEN", "env-token")
    monkeypatch.setenv("BP_BOT_ID", "bot_env")
    monkeypatch.setenv("BP_INTEGRATION_ID", "int_env")
    monkeypatch.setenv("BP_API_URL", f"http://127.0.0.1:{free_port()}")
    client = api.new(base_url=loopback.url, token="arg-token", bot_id="bot_arg", integration_id="int_arg")
    loopback.reply(200, GET_TABLE)
    api.call(client, "get_table", table="T")
    headers = loopback.requests[0].headers
    assert headers["authorization"] == "Bearer arg-token"
    assert (headers["x-bot-id"], headers["x-integration-id"]) == ("bot_arg", "int_arg")


def test_defaults(api: Api) -> None:
    config = api.new(require_token=False)._config
    assert str(config.base_url) == botpress_client.DEFAULT_BASE_URL == "https://api.botpress.cloud"
    assert config.timeout == httpx.Timeout(60.0)
    assert config.max_retries == 2
    assert config.token is None
    assert config.max_response_bytes == 64 * 1024 * 1024
    assert config.total_timeout is None


def test_per_call_header_argument_overrides_the_client(api: Api, loopback: Loopback) -> None:
    client = api.client(bot_id="bot_client")
    loopback.reply(200, GET_TABLE).reply(200, GET_TABLE)
    api.call(client, "get_table", table="T", bot_id="bot_call")
    api.call(client, "get_table", table="T")
    assert [r.headers["x-bot-id"] for r in loopback.requests] == ["bot_call", "bot_client"]


def test_missing_bot_id_is_refused_before_sending(api: Api, loopback: Loopback) -> None:
    client = api.client(bot_id=None)
    err = api.raises(errors.RequestValidationError, lambda: api.call(client, "get_table", table="T"))
    assert err.field == "bot_id"
    assert loopback.count == 0


def test_with_options_copies_and_shares_the_pool(api: Api, loopback: Loopback) -> None:
    client = api.client(bot_id="bot_a", max_retries=2)
    copy = client.with_options(bot_id="bot_b", max_retries=0, timeout=1.5)
    assert copy is not client and type(copy) is type(client)
    assert copy._http is client._http
    assert copy._config.max_retries == 0 and client._config.max_retries == 2
    assert copy._config.timeout == httpx.Timeout(1.5)
    assert client._config.timeout == httpx.Timeout(5.0)
    loopback.reply(503).reply(200, GET_TABLE).reply(200, GET_TABLE)
    api.raises(errors.ApiError, lambda: api.call(copy, "get_table", table="T"))  # no retry
    api.call(client, "get_table", table="T")
    api.close(copy)  # the copy does not own the pool
    assert not client._http.is_closed
    api.call(client, "get_table", table="T")
    assert [r.headers["x-bot-id"] for r in loopback.requests] == ["bot_b", "bot_a", "bot_a"]


def test_injected_http_client_is_used_and_not_closed(api: Api, loopback: Loopback) -> None:
    seen: list[str] = []
    if api.is_async:

        async def async_hook(request: httpx.Request) -> None:
            seen.append(request.url.path)

        http: Any = httpx.AsyncClient(headers={"x-injected": "yes"}, event_hooks={"request": [async_hook]})
    else:
        http = httpx.Client(
            headers={"x-injected": "yes"},
            event_hooks={"request": [lambda request: seen.append(request.url.path)]},
        )
    client = api.client(http_client=http)
    assert client._http is http
    loopback.reply(200, GET_TABLE)
    api.call(client, "get_table", table="T")
    assert seen == ["/v1/tables/T"]
    assert loopback.requests[0].headers.get("x-injected") == "yes"
    assert loopback.requests[0].headers["user-agent"].startswith("botpress_client/")
    api.close(client)
    assert not http.is_closed
    if api.is_async:
        api.run(http.aclose())
    else:
        http.close()


def test_context_manager(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    kwargs: dict[str, Any] = {"base_url": loopback.url, "token": TOKEN, "bot_id": BOT}
    if api.is_async:

        async def use() -> Any:
            async with AsyncClient(**kwargs) as client:
                result = await client.get_table(table="T")
            return client, result

        client, result = api.run(use())
    else:
        with Client(**kwargs) as client:
            result = client.get_table(table="T")
    assert result.table.name == "People"
    assert client._http.is_closed


# --------------------------------------------------------------------------- per-call options


def test_extra_headers_query_body(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_OR_CREATE)
    client = api.client()
    api.call(
        client,
        "get_or_create_table",
        table="People",
        schema=SCHEMA,
        factor=2,
        extra_headers={"x-extra": "1", "x-bot-id": "bot_override"},
        extra_query={"debug": "true", "n": 3},
        extra_body={"extraMember": [1, 2]},
    )
    sent = loopback.requests[0]
    assert sent.headers["x-extra"] == "1"
    assert sent.headers["x-bot-id"] == "bot_override"
    assert sent.query == {"debug": ["true"], "n": ["3"]}
    assert sent.json() == {"schema": SCHEMA, "factor": 2, "extraMember": [1, 2]}
    assert sent.headers["content-type"] == "application/json"


def test_extra_body_on_an_operation_without_body(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table="T", extra_body={"x": 1})
    assert loopback.requests[0].json() == {"x": 1}


@pytest.mark.parametrize("timeout", [0.25, httpx.Timeout(0.25)], ids=["float", "httpx.Timeout"])
def test_per_call_timeout(api: Api, loopback: Loopback, timeout: Any) -> None:
    loopback.reply(200, GET_TABLE, delay=3.0)
    client = api.client(timeout=10.0, max_retries=0)
    started = time.monotonic()
    api.raises(errors.ApiTimeoutError, lambda: api.call(client, "get_table", table="T", timeout=timeout))
    assert time.monotonic() - started < 2.0


# --------------------------------------------------------------------------- raw responses


def test_with_raw_response(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE, headers={"x-request-id": "req_1"})
    client = api.client()
    raw = api.raw(client, "get_table", table="People")
    assert raw.status_code == 200
    assert raw.headers["x-request-id"] == "req_1"
    assert isinstance(raw.parsed, models.GetTableResponse)
    assert raw.parsed.table.name == "People" and raw.parsed.rows == 3
    assert isinstance(raw, botpress_client.RawResponse)


def test_with_raw_response_after_a_retry(api: Api, loopback: Loopback) -> None:
    loopback.reply(503, headers={"x-request-id": "req_1"})
    loopback.reply(200, GET_TABLE, headers={"x-request-id": "req_2"})
    client = api.client()
    raw = api.raw(client, "get_table", table="People")
    assert raw.headers["x-request-id"] == "req_2"


# --------------------------------------------------------------------------- path and headers


@pytest.mark.parametrize(
    ("table", "wire"),
    [("a/b", "a%2Fb"), ("a b?#%", "a%20b%3F%23%25"), ("é", "%C3%A9"), ("...", "...")],
)
def test_path_segments_are_percent_encoded(api: Api, loopback: Loopback, table: str, wire: str) -> None:
    loopback.reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table=table)
    assert loopback.requests[0].path == f"/v1/tables/{wire}"


@pytest.mark.parametrize("table", [".", "..", ""])
def test_dot_segments_are_refused(api: Api, loopback: Loopback, table: str) -> None:
    client = api.client()
    err = api.raises(errors.RequestValidationError, lambda: api.call(client, "get_table", table=table))
    assert err.field == "table"
    assert loopback.count == 0


def test_base_url_with_a_path_prefix(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    client = api.client(base_url=loopback.url + "/proxy/")
    api.call(client, "get_table", table="T")
    assert loopback.requests[0].path == "/proxy/v1/tables/T"


@pytest.mark.parametrize("where", ["argument", "client", "extra_headers"], ids=["argument", "client", "extra"])
@pytest.mark.parametrize("value", ["bot\r\nx-evil: 1", "bot\nx", "bot\rx"])
def test_header_with_cr_or_lf_is_refused(api: Api, loopback: Loopback, where: str, value: str) -> None:
    if where == "client":  # refused when the client is built
        err = api.raises(errors.ConfigurationError, lambda: api.client(bot_id=value))
        assert err.option == "x-bot-id" and "CR or LF" in str(err)
        assert loopback.count == 0
        return
    if where == "argument":
        client = api.client()
        kwargs = {"bot_id": value}
    else:
        client = api.client()
        kwargs = {"extra_headers": {"x-custom": value}}
    api.raises(errors.RequestValidationError, lambda: api.call(client, "get_table", table="T", **kwargs))
    assert loopback.count == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"bot_id": "bøt"},
        {"bot_id": "a\x00b"},
        {"extra_headers": {"x a": "1"}},
        {"extra_headers": {"x-ü": "1"}},
    ],
    ids=["non-ascii", "nul", "space-in-name", "non-ascii-name"],
)
def test_unsendable_header_is_refused(api: Api, loopback: Loopback, kwargs: dict[str, Any]) -> None:
    client = api.client()
    api.raises(errors.RequestValidationError, lambda: api.call(client, "get_table", table="T", **kwargs))
    assert loopback.count == 0


def test_undecodable_body_is_a_client_error_not_an_httpx_one(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, b"not gzip at all", headers={"content-encoding": "gzip"})
    client = api.client()
    api.raises(errors.ApiConnectionError, lambda: api.call(client, "get_table", table="T"))
    assert loopback.count == 1  # not retried: it would fail the same way


# --------------------------------------------------------------------------- logging, redaction


def test_debug_log_of_a_call(api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="botpress_client")
    loopback.reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table="People")
    records = [r for r in caplog.records if r.name == "botpress_client"]
    assert records, "no log record"
    message = records[-1].getMessage()
    assert records[-1].levelno == logging.DEBUG
    assert "GET" in message
    assert f"{loopback.url}/v1/tables/People" in message
    assert "200" in message
    assert " ms" in message


def test_retry_is_logged_at_info(api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="botpress_client")
    loopback.reply(503).reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table="People")
    retries = [r for r in caplog.records if r.name == "botpress_client" and r.levelno == logging.INFO]
    assert len(retries) == 1
    assert "503" in retries[0].getMessage() and "retry 1 of 2" in retries[0].getMessage()


def test_token_is_never_shown(
    api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, httpx and httpcore included
    monkeypatch.setenv("BP_TOKEN", TOKEN)
    client = api.client(token=None)
    assert TOKEN not in repr(client)
    assert TOKEN not in repr(client.with_options(bot_id="b2"))
    assert TOKEN not in repr(client._config)
    loopback.reply(503).reply(401, error_body("Unauthorized", 401)).reply(200, GET_TABLE)
    err = api.raises(errors.UnauthorizedError, lambda: api.call(client, "get_table", table="T"))
    assert loopback.requests[0].headers["authorization"] == f"Bearer {TOKEN}"
    assert TOKEN not in str(err) and TOKEN not in repr(err)
    api.call(client, "get_table", table="T")
    refused = api.client(base_url=f"http://127.0.0.1:{free_port()}", max_retries=1)
    conn_err = api.raises(errors.ApiConnectionError, lambda: api.call(refused, "get_table", table="T"))
    assert TOKEN not in str(conn_err)
    assert caplog.records
    for record in caplog.records:
        assert TOKEN not in record.getMessage()
        assert TOKEN not in repr(record.args)
    assert TOKEN not in caplog.text


def test_bp_log_turns_the_logger_on(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    logger = logging.getLogger("botpress_client")
    logger.setLevel(logging.NOTSET)
    monkeypatch.setenv("BP_LOG", "debug")
    api.client()
    assert logger.level == logging.DEBUG
    assert logger.isEnabledFor(logging.DEBUG)
    monkeypatch.setenv("BP_LOG", "info")
    api.client()
    assert logger.level == logging.INFO
    assert len(logger.handlers) <= 1  # creating clients does not pile up handlers


def test_user_agent_names_package_and_version(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    client = api.client()
    api.call(client, "get_table", table="T")
    agent = loopback.requests[0].headers["user-agent"]
    assert agent.startswith(f"botpress_client/{botpress_client.__version__} ")
    assert "python/" in agent and "httpx/" in agent
    assert loopback.requests[0].headers["accept"] == "application/json"
