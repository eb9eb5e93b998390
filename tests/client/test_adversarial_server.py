"""Issue 15: the generated client against a scripted loopback server that misbehaves.

Each scenario asserts the typed outcome and a bounded duration, for ``Client`` and
``AsyncClient`` (the ``api`` fixture of test_runtime). Async calls run under
``asyncio.wait_for``, so a hang fails the test instead of blocking it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import struct
import time
import traceback
import zlib
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from botpress_client import _exceptions as exc_module
from botpress_client import _pages, _reading, _settings, errors
from botpress_client import _serde as serde

from ..loopback import Loopback
from .conftest import TOKEN, Api
from .test_runtime import ERROR_STATUS, GET_TABLE, error_body, passages_page

pytestmark = pytest.mark.usefixtures("isolation")

LIMIT = 10.0
"""Seconds any one scenario may take; async calls are cancelled past it."""


def bounded(api: Api, fn: Callable[[], Any], limit: float = LIMIT) -> tuple[Any, float]:
    """Run ``fn`` (a client call; awaited under ``wait_for`` when async); its result or error,
    and the seconds it took, asserted below ``limit``."""
    started = time.monotonic()
    outcome: Any
    try:
        result = fn()
        if api.is_async:
            result = api.run(asyncio.wait_for(result, limit))
        outcome = result
    except Exception as exc:  # the typed error the test expects, checked by the caller
        outcome = exc
    elapsed = time.monotonic() - started
    assert elapsed < limit, f"took {elapsed:.1f} s"
    return outcome, elapsed


def get_table(client: Any, **kwargs: Any) -> Callable[[], Any]:
    return lambda: client.get_table(table="People", **kwargs)


# --------------------------------------------------------------------------- Retry-After


@pytest.mark.parametrize(
    "headers",
    [
        {"retry-after": "nan"},
        {"retry-after-ms": "nan"},
        {"retry-after": "inf"},
        {"retry-after": "-inf"},
        {"retry-after": "1e999"},
        {"retry-after-ms": "1e999", "retry-after": "NaN"},
        {"retry-after": "99999999999999999999"},
        {"retry-after": "Fri, 31 Dec 9999 23:59:59 GMT"},
        {"retry-after": "Mon, 99 Foo 0000 99:99:99 GMT"},
    ],
)
def test_absurd_retry_after_falls_back_to_backoff(api: Api, loopback: Loopback, headers: dict[str, str]) -> None:
    loopback.reply(429, error_body("RateLimited", 429), headers=headers).reply(200, GET_TABLE)
    client = api.client()
    table, elapsed = bounded(api, get_table(client), limit=5.0)
    assert not isinstance(table, Exception), table
    assert table.table.name == "People"
    assert loopback.count == 2
    assert elapsed < 2.0  # backoff (1 ms in the tests), not the header's value


def test_absurd_retry_after_when_out_of_retries_is_a_rate_limit_error(api: Api, loopback: Loopback) -> None:
    loopback.reply(429, b"", headers={"retry-after": "nan", "retry-after-ms": "nan"})
    client = api.client(max_retries=0)
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.RateLimitError and err.status_code == 429


def test_retry_after_parsing_refuses_non_finite_values() -> None:
    for value in ("nan", "NaN", "inf", "-inf", "1e999", "Infinity"):
        assert _reading._retry_after(httpx.Headers({"retry-after": value})) is None
        assert _reading._retry_after(httpx.Headers({"retry-after-ms": value})) is None
    assert _reading._retry_after(httpx.Headers({"retry-after-ms": "nan", "retry-after": "1"})) == 1.0


# --------------------------------------------------------------------------- deep nesting


DEEP = "[" * 100_000


@pytest.mark.parametrize("status", [200, 400, 500])
def test_deeply_nested_body_is_a_typed_error(api: Api, loopback: Loopback, status: int) -> None:
    loopback.reply(status, DEEP)
    client = api.client(max_retries=0)
    err, _ = bounded(api, get_table(client))
    expected = {200: errors.ResponseDecodeError, 400: errors.BadRequestError, 500: errors.InternalServerError}
    assert type(err) is expected[status], repr(err)
    assert err.status_code == status
    if status == 200:
        # the body is read whole (it is below max_response_bytes); the error keeps its start
        assert "nested deeper" in str(err)
        assert err.body == DEEP[: exc_module.MAX_ERROR_BODY_CHARS] and err.body_truncated
    else:
        # an error body is read up to MAX_ERROR_BODY_CHARS bytes only
        assert err.body == DEEP[: exc_module.MAX_ERROR_BODY_CHARS] and err.body_truncated


def test_nesting_limit_of_json_loads() -> None:
    depth = serde.MAX_JSON_DEPTH
    assert serde.json_loads("[" * depth + "]" * depth) is not None
    for text in ("[" * (depth + 1) + "]" * (depth + 1), '{"a":' * 5000 + "1" + "}" * 5000, DEEP):
        with pytest.raises(ValueError, match="nested deeper"):
            serde.json_loads(text)
        with pytest.raises(ValueError, match="nested deeper"):
            serde.json_loads(text.encode())


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(
    "where",
    ["tags", "extra", "name"],  # kept as it came (dict[str, str]), an unknown member, a declared string
)
def test_deep_value_inside_a_model_is_a_typed_error(api: Api, loopback: Loopback, where: str) -> None:
    """The models bound what they keep as it came (json_loads does not walk a model's answer)."""
    deep = _deep(serde.MAX_JSON_DEPTH + 50)
    member = {"tags": '"tags": {"a": ' + deep + "}", "extra": '"newMember": ' + deep, "name": '"name": ' + deep}
    schema = '"schema": {"type": "object", "properties": {}, "additionalProperties": true}'
    body = '{"table": {"id": "t", ' + member[where] + ", " + schema + ("" if where == "name" else ', "name": "x"')
    body += '}, "rows": 3}'
    loopback.reply(200, body)
    err, _ = bounded(api, get_table(api.client(max_retries=0)))
    assert isinstance(err, errors.ResponseDecodeError), repr(err)
    assert err.status_code == 200 and err.body == body[: exc_module.MAX_ERROR_BODY_CHARS]
    if where == "extra":  # no rule of the spec applies: the bound does
        assert "nested deeper" in str(err), str(err)
    else:  # a string declared there: the member is named
        path = {"tags": "table.tags.a", "name": "table.name"}[where]
        assert isinstance(err, errors.ResponseValidationError) and err.path == path, repr(err)


def test_models_keep_values_up_to_the_bound() -> None:
    from botpress_client import models

    schema = {"type": "object", "properties": {}, "additionalProperties": True}
    text = '{"id": "t", "name": "x", "tags": {"a": "b"}, "x": ' + _deep(500) + "}"
    fine = {**serde.json_loads(text), "schema": schema}
    table = models.Table.from_dict(fine)
    assert table.extra_members["x"] == fine["x"]
    too_deep = serde.json_loads(_deep(serde.MAX_JSON_DEPTH + 1), bound_depth=False)
    assert serde.json_loads(_deep(serde.MAX_JSON_DEPTH), bound_depth=False) is not None
    with pytest.raises(ValueError, match="nested deeper"):
        models.Table.from_dict({"id": "t", "name": "x", "schema": schema, "x": too_deep})
    with pytest.raises(ValueError, match="nested deeper"):
        serde.json_loads(_deep(serde.MAX_JSON_DEPTH + 1))  # the default still walks


# --------------------------------------------------------------------------- non-finite numbers


@pytest.mark.parametrize("number", ["1e999", "-1e999", "NaN", "Infinity", "-Infinity"])
def test_non_finite_number_on_200_is_a_decode_error(api: Api, loopback: Loopback, number: str) -> None:
    body = '{"table": {"id": "t", "name": "People", "schema": {}}, "rows": ' + number + "}"
    loopback.reply(200, body)
    client = api.client()
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.ResponseDecodeError, repr(err)
    assert (err.status_code, err.body, err.body_truncated) == (200, body, False)


def test_non_finite_number_in_an_error_body_keeps_the_status_class(api: Api, loopback: Loopback) -> None:
    body = '{"id": "err_1", "code": 404, "type": "ResourceNotFound", "message": "x", "metadata": {"n": NaN}}'
    loopback.reply(404, body)
    client = api.client()
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.NotFoundError and err.body == body and err.type is None


def test_non_finite_number_in_a_request_is_refused_before_sending(api: Api, loopback: Loopback) -> None:
    client = api.client()
    err, _ = bounded(api, get_table(client, extra_body={"x": float("nan")}))
    assert type(err) is errors.RequestValidationError and err.field == "body"
    assert loopback.count == 0


def test_json_loads_refuses_non_finite_numbers() -> None:
    for text in ("NaN", "[Infinity]", '{"a": -Infinity}', "1e999", "[-1E400]"):
        with pytest.raises(ValueError):
            serde.json_loads(text)
    assert serde.json_loads("[1e308, -0.0, 1E-400]") == [1e308, -0.0, 0.0]


# --------------------------------------------------------------------------- sizes, gzip bomb


def gzip_bomb(mib: int) -> bytes:
    """``mib`` MiB of zeros, gzipped: one deflated MiB (state reset after it) repeated."""
    block = b"\0" * (1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    deflated = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(mib):
        crc = zlib.crc32(block, crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    trailer = struct.pack("<II", crc, (mib << 20) & 0xFFFFFFFF)
    return header + deflated * mib + packer.flush() + trailer


@pytest.fixture(scope="module")
def bomb() -> bytes:
    data = gzip_bomb(300)  # 300 MiB of zeros in about 300 KB
    assert len(data) < 400_000
    return data


@pytest.mark.parametrize("status", [200, 500])
def test_gzip_bomb_is_not_inflated_in_full(api: Api, loopback: Loopback, bomb: bytes, status: int) -> None:
    loopback.reply(status, bomb, headers={"content-encoding": "gzip"})
    client = api.client(max_retries=0)
    err, elapsed = bounded(api, get_table(client))
    if status == 200:
        assert type(err) is errors.ResponseTooLargeError, repr(err)
        assert isinstance(err, errors.ResponseDecodeError)
        assert "max_response_bytes" in str(err)
    else:
        assert type(err) is errors.InternalServerError, repr(err)
    assert err.status_code == status and err.body_truncated
    assert len(err.body) <= exc_module.MAX_ERROR_BODY_CHARS
    assert len(err.response.content) <= exc_module.MAX_ERROR_BODY_CHARS
    assert elapsed < 5.0


def _deflate(data: bytes, wbits: int) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, wbits)
    return packer.compress(data) + packer.flush()


@pytest.mark.parametrize(
    ("encoding", "wbits"),
    [("gzip", 31), ("x-gzip", 31), ("deflate", 15), ("deflate", -15), ("identity", 0), ("gzip, identity", 31)],
    ids=["gzip", "x-gzip", "deflate-zlib", "deflate-raw", "identity", "gzip-identity"],
)
def test_compressed_answers_are_decoded(api: Api, loopback: Loopback, encoding: str, wbits: int) -> None:
    raw = json.dumps({**GET_TABLE, "padding": "abc" * 50_000}).encode()
    loopback.reply(200, _deflate(raw, wbits) if wbits else raw, headers={"content-encoding": encoding})
    client = api.client()
    table, _ = bounded(api, get_table(client))
    assert not isinstance(table, Exception), table
    assert table.table.name == "People"


def test_pieces_of_a_bomb_are_bounded() -> None:
    request = httpx.Request("GET", "http://127.0.0.1/")
    inflater = _reading._Inflater("gzip", request)
    pieces = [len(piece) for piece in inflater.feed(gzip_bomb(4))]
    assert sum(pieces) == 4 << 20 and max(pieces) <= _reading._INFLATE_STEP
    with pytest.raises(httpx.DecodingError):
        list(_reading._Inflater("deflate", request).feed(b"\x78\x9c not deflate"))


def test_max_response_bytes_bounds_a_plain_body(api: Api, loopback: Loopback) -> None:
    body = json.dumps({**GET_TABLE, "padding": "x" * 5000})
    loopback.reply(200, body).reply(200, body)
    small = api.client(max_response_bytes=1000)
    err, _ = bounded(api, get_table(small))
    assert type(err) is errors.ResponseTooLargeError and err.body == body[:1000]
    large = small.with_options(max_response_bytes=len(body))
    table, _ = bounded(api, get_table(large))
    assert table.table.name == "People"
    assert loopback.count == 2  # a 2xx too large is not retried


# --------------------------------------------------------------------------- timeouts


def test_timeout_is_a_deadline_for_a_trickled_body(api: Api, loopback: Loopback) -> None:
    body = json.dumps(GET_TABLE)  # about 100 bytes at 10 bytes/s: 10 s in all
    loopback.reply(200, body, trickle=0.1)
    client = api.client(timeout=1.0, max_retries=0)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def test_timeout_is_a_deadline_for_a_stalled_body(api: Api, loopback: Loopback) -> None:
    body = json.dumps(GET_TABLE)
    loopback.reply(200, body, trickle=30.0, chunk=10)  # 10 bytes, then a stall
    client = api.client(timeout=1.0, max_retries=0)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.5


def test_each_retry_gets_its_own_deadline(api: Api, loopback: Loopback) -> None:
    body = json.dumps(GET_TABLE)
    loopback.reply(200, body, trickle=0.1).reply(200, body)
    client = api.client(timeout=1.0, max_retries=1)
    table, elapsed = bounded(api, get_table(client))
    assert not isinstance(table, Exception), table
    assert table.table.name == "People" and loopback.count == 2
    assert 0.9 <= elapsed < 2.5


def test_total_timeout_bounds_the_call_across_retries(api: Api, loopback: Loopback) -> None:
    body = json.dumps(GET_TABLE)
    for _ in range(6):
        loopback.reply(200, body, trickle=0.1)
    client = api.client(timeout=1.0, max_retries=5, total_timeout=2.5)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 2.0 <= elapsed < 3.5
    assert loopback.count == 3  # 1 s, 1 s, then the 0.5 s left


def test_no_retry_sleep_past_the_total_timeout(api: Api, loopback: Loopback) -> None:
    loopback.reply(503, headers={"retry-after": "5"}).reply(200, GET_TABLE)
    client = api.client(total_timeout=2.0)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.InternalServerError and err.status_code == 503
    assert elapsed < 1.0 and loopback.count == 1  # waiting 5 s would pass the 2 s bound


def test_attempt_limit() -> None:
    assert _settings.attempt_limit(httpx.Timeout(2.0)) == 2.0
    assert _settings.attempt_limit(httpx.Timeout(60.0, connect=5.0)) == 60.0
    assert _settings.attempt_limit(httpx.Timeout(5.0, read=None)) is None
    assert _settings.attempt_limit(httpx.Timeout(None)) is None


# --------------------------------------------------------------------------- configuration


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("127.0.0.1:8765", "http:// or https://"),
        ("localhost:8765", "http:// or https://"),
        ("ftp://127.0.0.1", "http:// or https://"),
        ("http://", "no host"),
        ("", "not set"),
        ("http://127.0.0.1:8765/api?x=1", "query"),
        ("http://127.0.0.1:8765/api#top", "fragment"),
        ("http://user:pw-SECRET-42@127.0.0.1:8765", "credentials"),
        ("http://user@127.0.0.1:8765", "credentials"),
    ],
)
@pytest.mark.parametrize("source", ["argument", "environment"])
def test_bad_base_url_is_refused_when_the_client_is_built(
    api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch, url: str, problem: str, source: str
) -> None:
    if source == "environment":
        monkeypatch.setenv("BP_API_URL", url)
        kwargs: dict[str, Any] = {}
        if not url:  # an empty variable counts as unset: the default address
            assert str(api.new(token=TOKEN)._config.base_url) == "https://api.botpress.cloud"
            return
    else:
        kwargs = {"base_url": url}
    started = time.monotonic()
    with pytest.raises(errors.ConfigurationError) as info:
        api.cls(token=TOKEN, **kwargs)
    assert time.monotonic() - started < 1.0
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, errors.ClientError)
    assert (err.option, err.env) == ("base_url", "BP_API_URL")
    assert "base_url" in str(err) and "BP_API_URL" in str(err) and problem in str(err)
    shown = str(err) + repr(err) + "".join(traceback.format_exception(err))
    assert "SECRET" not in shown and "user" not in shown.replace("user:password@", "")
    assert err.__cause__ is None and (err.__context__ is None or err.__suppress_context__)
    assert loopback.count == 0


def test_bad_base_url_in_with_options_is_refused(api: Api) -> None:
    client = api.client()
    with pytest.raises(errors.ConfigurationError, match="credentials"):
        client.with_options(base_url="https://u:SECRET@api.example")


def test_missing_token_is_refused_when_the_client_is_built(api: Api, loopback: Loopback) -> None:
    with pytest.raises(errors.ConfigurationError) as info:
        api.cls(base_url=loopback.url, token=None)
    err = info.value
    assert (err.option, err.env) == ("token", "BP_TOKEN")
    assert "BP_TOKEN" in str(err) and "require_token=False" in str(err)
    with pytest.raises(errors.ConfigurationError):
        api.cls(base_url=loopback.url, token="")
    client = api.client()
    with pytest.raises(errors.ConfigurationError):
        client.with_options(token=None)
    assert loopback.count == 0


def test_require_token_false_sends_no_authorization(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE).reply(200, GET_TABLE)
    client = api.client(token=None, require_token=False)
    table, _ = bounded(api, get_table(client))
    assert table.table.name == "People"
    assert "authorization" not in loopback.requests[0].headers
    authed = client.with_options(token=TOKEN)
    bounded(api, get_table(authed))
    assert loopback.requests[1].headers["authorization"] == f"Bearer {TOKEN}"


def test_token_from_the_environment_is_enough(api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BP_TOKEN", TOKEN)
    loopback.reply(200, GET_TABLE)
    client = api.client(token=None)
    bounded(api, get_table(client))
    assert loopback.requests[0].headers["authorization"] == f"Bearer {TOKEN}"


# --------------------------------------------------------------------------- pagination


def test_iter_stops_on_a_token_cycle(api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="botpress_client")
    for n, token in enumerate(["A", "B", "A", "B", "A", "B"]):
        loopback.reply(200, passages_page([f"p{n}"], token))
    client = api.client()
    started = time.monotonic()
    items = [p.id for p in api.iterate(client, "iter_file_passages", id="f")]
    assert time.monotonic() - started < LIMIT
    assert items == ["p0", "p1", "p2"]  # page 3 sent A again: followed no further
    assert loopback.count == 3
    sent = [r.query.get("nextToken") for r in loopback.requests]
    assert sent == [None, ["A"], ["B"]]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "iter_file_passages" in warnings[0] and "page token again" in warnings[0]


def test_page_tokens() -> None:
    tokens = _pages.PageTokens("iter_x")
    assert [tokens.follow(t) for t in ["a", "b", "c", "b"]] == [True, True, True, False]
    assert not _pages.PageTokens("iter_x").follow("")
    assert not _pages.PageTokens("iter_x").follow(None)


# --------------------------------------------------------------------------- errors by status


STATUS_CLASSES = {
    400: errors.BadRequestError,
    401: errors.AuthenticationError,
    403: errors.PermissionDeniedError,
    404: errors.NotFoundError,
    409: errors.ConflictError,
    422: errors.UnprocessableEntityError,
    429: errors.RateLimitError,
    500: errors.InternalServerError,
    502: errors.InternalServerError,
    503: errors.InternalServerError,
    504: errors.InternalServerError,
    402: errors.ApiError,
    418: errors.ApiError,
}


@pytest.mark.parametrize(
    "body", ["", "<html><body>Not Found</body></html>", "null", "{}"], ids=["empty", "html", "null", "object"]
)
@pytest.mark.parametrize("status", sorted(STATUS_CLASSES))
def test_status_picks_the_class_whatever_the_body(api: Api, loopback: Loopback, status: int, body: str) -> None:
    loopback.reply(status, body, headers={"content-type": "text/html"})
    client = api.client(max_retries=0)
    err, _ = bounded(api, get_table(client))
    assert type(err) is STATUS_CLASSES[status], repr(err)
    assert (err.status_code, err.body) == (status, body)


@pytest.mark.parametrize("kind", sorted(ERROR_STATUS))
def test_type_classes_derive_from_their_status_class(kind: str) -> None:
    cls = errors.ERROR_TYPES[kind]
    status_cls = exc_module.status_error_class(ERROR_STATUS[kind])
    assert issubclass(cls, status_cls) and cls is not status_cls
    named = {c for c in STATUS_CLASSES.values() if c is not errors.ApiError}
    assert [c for c in cls.__mro__ if c in named] == ([status_cls] if status_cls in named else [])


def test_not_found_error_catches_every_404(api: Api, loopback: Loopback) -> None:
    loopback.reply(404, b"").reply(404, "<html>nope</html>").reply(404, error_body("ResourceNotFound", 404))
    client = api.client()
    caught = []
    for _ in range(3):
        err, _ = bounded(api, get_table(client))
        try:
            raise err
        except errors.NotFoundError as found:
            caught.append(type(found))
    assert caught == [errors.NotFoundError, errors.NotFoundError, errors.ResourceNotFoundError]


def test_a_type_documented_for_another_status_gives_the_status_class(api: Api, loopback: Loopback) -> None:
    loopback.reply(400, error_body("ResourceNotFound", 404)).reply(500, error_body("InvalidPayload", 400))
    client = api.client(max_retries=0)
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.BadRequestError and err.type == "ResourceNotFound"
    assert not isinstance(err, errors.NotFoundError)
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.InternalServerError and err.type == "InvalidPayload"


def test_unknown_type_gives_the_status_class(api: Api, loopback: Loopback) -> None:
    loopback.reply(409, error_body("SomethingNew", 409))
    client = api.client()
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.ConflictError and err.type == "SomethingNew"


def test_error_body_is_bounded(api: Api, loopback: Loopback) -> None:
    message = "m" * 200_000
    loopback.reply(400, error_body("InvalidPayload", 400, message=message))
    client = api.client()
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.BadRequestError  # the body was cut: not parsed as the platform's JSON
    assert len(err.body) == exc_module.MAX_ERROR_BODY_CHARS and err.body_truncated
    assert len(str(err)) < 300
