"""Issue 22, the client side: values that used to end in an untyped error, or in an error whose
text holds a secret. Each ends in a typed error that names the field, never its value, before
anything is sent (or, for an answer, with the answer's status), for ``Client`` and
``AsyncClient``.
"""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
from botpress_client import _encoding, errors

from ..loopback import Loopback
from .conftest import Api
from .test_adversarial_server import bounded, get_table
from .test_runtime import GET_TABLE

pytestmark = pytest.mark.usefixtures("isolation")

SECRET = "SECRET-TOKEN"

# --------------------------------------------------------------------------- header values

# Each passes a check of printable ASCII and is refused by h11 (which quotes it in its error).
UNSENDABLE = [f"Bearer {SECRET} ", f"{SECRET}\t", f" {SECRET}", f"\t{SECRET}", f"{SECRET}\x7f", f"{SECRET}\x00"]
UNSENDABLE_IDS = ["trailing-space", "trailing-tab", "leading-space", "leading-tab", "del", "nul"]


def _no_secret(err: BaseException) -> None:
    """Neither the error, nor what it was raised from, holds the value."""
    seen: BaseException | None = err
    while seen is not None:
        assert SECRET not in str(seen) and SECRET not in repr(seen), repr(seen)
        seen = (
            seen.__cause__ if seen.__cause__ is not None else (None if seen.__suppress_context__ else seen.__context__)
        )


@pytest.mark.parametrize("value", UNSENDABLE, ids=UNSENDABLE_IDS)
def test_unsendable_token_is_refused_when_the_client_is_built(api: Api, loopback: Loopback, value: str) -> None:
    err = api.raises(errors.ConfigurationError, lambda: api.client(token=value))
    assert err.option == "token"
    _no_secret(err)
    good = api.client()
    err = api.raises(errors.ConfigurationError, lambda: good.with_options(token=value))
    assert err.option == "token"
    _no_secret(err)
    assert loopback.count == 0


def test_unsendable_token_from_the_environment_names_the_variable(
    api: Api, loopback: Loopback, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BP_TOKEN", f"{SECRET} ")
    err = api.raises(errors.ConfigurationError, lambda: api.new(base_url=loopback.url))
    assert (err.option, err.env) == ("token", "BP_TOKEN")
    _no_secret(err)


@pytest.mark.parametrize("value", UNSENDABLE, ids=UNSENDABLE_IDS)
def test_unsendable_default_header_is_refused_when_the_client_is_built(
    api: Api, loopback: Loopback, value: str
) -> None:
    err = api.raises(errors.ConfigurationError, lambda: api.client(default_headers={"x-api-key": value}))
    assert err.option == "default_headers" and "'x-api-key'" in str(err)
    _no_secret(err)
    good = api.client()
    err = api.raises(errors.ConfigurationError, lambda: good.with_options(default_headers={"x-api-key": value}))
    assert err.option == "default_headers" and "'x-api-key'" in str(err)
    _no_secret(err)


@pytest.mark.parametrize("value", UNSENDABLE, ids=UNSENDABLE_IDS)
def test_unsendable_header_option_is_refused_when_the_client_is_built(api: Api, value: str) -> None:
    err = api.raises(errors.ConfigurationError, lambda: api.client(bot_id=value))
    assert err.option == "x-bot-id"
    _no_secret(err)
    err = api.raises(errors.ConfigurationError, lambda: api.client().with_options(bot_id=value))
    assert err.option == "x-bot-id"
    _no_secret(err)


@pytest.mark.parametrize("value", UNSENDABLE, ids=UNSENDABLE_IDS)
@pytest.mark.parametrize("where", ["extra_headers", "argument"])
def test_unsendable_header_of_a_call_is_refused_before_sending(
    api: Api, loopback: Loopback, caplog: pytest.LogCaptureFixture, value: str, where: str
) -> None:
    caplog.set_level(logging.DEBUG)
    client = api.client()
    kwargs: dict[str, Any] = {"extra_headers": {"x-api-key": value}} if where == "extra_headers" else {"bot_id": value}
    err, _ = bounded(api, get_table(client, **kwargs))
    assert type(err) is errors.RequestValidationError, repr(err)
    assert err.field == ("x-api-key" if where == "extra_headers" else "x-bot-id")
    _no_secret(err)
    assert all(SECRET not in r.getMessage() for r in caplog.records)
    assert loopback.count == 0


def test_header_check_agrees_with_h11() -> None:
    """What the check lets through, h11 writes; it refuses what h11 refuses, and control
    characters besides (h11 lets most through)."""
    import h11

    samples = [
        "",
        "a",
        "a b",
        "a\tb",
        "a  \t b",
        "Bearer x",
        " a",
        "a ",
        "\ta",
        "a\t",
        " ",
        "\t",
        "a\x7fb",
        "a\x00",
        "a\x1fb",
        "~!",
    ]
    for value in samples:
        ours = _encoding._header_problem("x-h", value) is None
        try:
            h11.Request(method="GET", target="/", headers=[("host", "h"), ("x-h", value)])
            theirs = True
        except h11.LocalProtocolError:
            theirs = False
        control = any((c < " " and c != "\t") or c == "\x7f" for c in value)
        assert ours == (theirs and not control), repr(value)
        if not ours:
            with pytest.raises(errors.RequestValidationError):
                _encoding._check_header_value("x-h", value)
        else:
            assert _encoding._check_header_value("x-h", value) == value


def test_h11_refusal_is_reported_without_the_value(api: Api, loopback: Loopback) -> None:
    """Should a header the check let through ever be refused by h11, the error (and its cause
    shown in a traceback) names no value: here the check is bypassed."""
    client = api.client(max_retries=0)
    original = _encoding._check_header_value
    try:
        _encoding._check_header_value = lambda name, value: value  # type: ignore[assignment]
        import botpress_client._transport as transport

        transport._check_header_value = _encoding._check_header_value  # type: ignore[attr-defined]
        err, _ = bounded(api, get_table(client, extra_headers={"x-api-key": f"{SECRET} "}))
    finally:
        _encoding._check_header_value = original  # type: ignore[assignment]
        transport._check_header_value = original  # type: ignore[attr-defined]
    assert type(err) is errors.ApiConnectionError, repr(err)
    assert "LocalProtocolError" in str(err)
    _no_secret(err)
    assert loopback.count == 0
    loopback.reply(200, GET_TABLE)
    assert api.call(client, "get_table", table="T").table.name == "People"
    assert isinstance(httpx.LocalProtocolError("x"), httpx.RequestError)


# --------------------------------------------------------------------------- charsets

NOT_TEXT_CHARSETS = ["rot13", "idna", "hex", "base64", "punycode", "zlib", "undefined", "no-such-charset"]
BODY_TEXT = '{"message": "caf\u00e9 \u2603"}'


def _text_op() -> Any:
    from botpress_client._transport import Operation

    return Operation(name="getNote", method="GET", path="/v1/note", idempotent=True, response="text")


def _call_text_op(api: Api, client: Any) -> Any:
    from botpress_client._transport import RequestOptions

    # a coroutine for AsyncClient: ``bounded`` awaits it
    return client._request(_text_op(), path={}, query={}, headers={}, body=None, decode=None, options=RequestOptions())


@pytest.mark.parametrize("charset", NOT_TEXT_CHARSETS)
def test_error_answer_in_a_codec_that_is_no_charset_is_an_api_error(api: Api, loopback: Loopback, charset: str) -> None:
    loopback.reply(404, BODY_TEXT.encode() + b"\xff", headers={"content-type": f"application/json; charset={charset}"})
    err, _ = bounded(api, get_table(api.client(max_retries=0)))
    assert type(err) is errors.NotFoundError, repr(err)
    assert err.body == BODY_TEXT + "\ufffd"  # read as UTF-8, the stray byte replaced


@pytest.mark.parametrize("charset", NOT_TEXT_CHARSETS)
def test_text_answer_in_a_codec_that_is_no_charset_is_read_as_utf8(api: Api, loopback: Loopback, charset: str) -> None:
    loopback.reply(200, BODY_TEXT.encode() + b"\xff", headers={"content-type": f"text/plain; charset={charset}"})
    text, _ = bounded(api, lambda: _call_text_op(api, api.client(max_retries=0)))
    assert text == BODY_TEXT + "\ufffd", repr(text)


@pytest.mark.parametrize("charset", ["latin-1", "utf-16", "cp1252"])
def test_text_charsets_are_still_honoured(api: Api, loopback: Loopback, charset: str) -> None:
    text = '{"message": "caf\u00e9 \u00e0 \u00fc"}'  # in each of them, and not UTF-8 in two
    loopback.reply(200, text.encode(charset), headers={"content-type": f"text/plain; charset={charset}"})
    loopback.reply(500, text.encode(charset), headers={"content-type": f"text/plain; charset={charset}"})
    client = api.client(max_retries=0)
    got, _ = bounded(api, lambda: _call_text_op(api, client))
    assert got == text
    err, _ = bounded(api, get_table(client))
    assert type(err) is errors.InternalServerError and err.body == text


# --------------------------------------------------------------------------- unsendable arguments

LONE = "x\ud800y"
HUGE = "V" * 1_000_000


def _deep_dict(levels: int) -> dict[str, Any]:
    top: dict[str, Any] = {}
    level = top
    for _ in range(levels):
        level["a"] = {}
        level = level["a"]
    return top


def _deep_list(levels: int) -> list[Any]:
    top: list[Any] = []
    level = top
    for _ in range(levels):
        level.append([])
        level = level[0]
    return top


MESSAGE = {"user_id": "user_" + "u" * 25, "conversation_id": "conv_" + "c" * 25, "type": "text", "tags": {}}

UNSENDABLE_CALLS: dict[str, tuple[str, dict[str, Any], str]] = {
    # id: (method, arguments, the field the error names)
    "path-surrogate": ("get_table", {"table": LONE}, "table"),
    "path-1MB": ("get_table", {"table": HUGE}, "table"),
    "query-surrogate": ("list_file_passages", {"id": "f", "next_token": LONE}, "nextToken"),
    "query-1MB": ("list_file_passages", {"id": "f", "next_token": HUGE}, "nextToken"),
    "extra-query-surrogate": ("get_table", {"table": "t", "extra_query": {"q": LONE}}, "q"),
    "extra-query-1MB": ("get_table", {"table": "t", "extra_query": {"q": HUGE}}, "q"),
    "extra-query-name-surrogate": ("get_table", {"table": "t", "extra_query": {LONE: "v"}}, "extra_query"),
    "body-deep-dict": ("create_message", {**MESSAGE, "payload": _deep_dict(100_000)}, "body"),
    "body-deep-list": ("create_message", {**MESSAGE, "payload": {"a": _deep_list(100_000)}}, "body"),
    "body-surrogate": ("create_message", {**MESSAGE, "payload": {"t": LONE}}, "body"),
    "extra-body-deep": ("get_table", {"table": "t", "extra_body": {"x": _deep_dict(100_000)}}, "body"),
    "converted-arg-deep": ("get_or_create_table", {"table": "t", "schema": _deep_dict(100_000)}, "body"),
    "timeout-nan": ("get_table", {"table": "t", "timeout": float("nan")}, "timeout"),
    "timeout-negative": ("get_table", {"table": "t", "timeout": httpx.Timeout(5.0, read=-1.0)}, "timeout"),
    "timeout-text": ("get_table", {"table": "t", "timeout": "5"}, "timeout"),
}


@pytest.mark.parametrize("case", list(UNSENDABLE_CALLS))
@pytest.mark.parametrize("validate", [True, False], ids=["validated", "unvalidated"])
def test_unsendable_argument_is_a_request_validation_error(
    api: Api, loopback: Loopback, case: str, validate: bool
) -> None:
    method, kwargs, field = UNSENDABLE_CALLS[case]
    client = api.client(max_retries=0, validate_requests=validate)
    err, elapsed = bounded(api, lambda: getattr(client, method)(**kwargs))
    if case == "converted-arg-deep" and validate:  # the spec's rules see it first
        assert type(err) is errors.RequestValidationError and err.field.startswith("schema"), repr(err)
    else:
        assert type(err) is errors.RequestValidationError, repr(err)
        assert err.field == field, repr(err)
    assert "\ud800" not in str(err) and "VVVV" not in str(err) and "nan" not in str(err).lower()
    assert elapsed < 5.0
    assert loopback.count == 0


def test_urls_up_to_the_bound_are_sent(api: Api, loopback: Loopback) -> None:
    loopback.reply(200, GET_TABLE)
    client = api.client(max_retries=0)
    assert api.call(client, "get_table", table="T", extra_query={"q": "v" * 20_000}).table.name == "People"
    assert loopback.requests[0].query["q"] == ["v" * 20_000]


@pytest.mark.parametrize("token", ["\ud800", "t" * 70_000], ids=["surrogate", "70KB"])
def test_unsendable_page_token_from_the_server_is_a_typed_error(api: Api, loopback: Loopback, token: str) -> None:
    from .test_runtime import passages_page

    body = passages_page(["p1"], token)
    loopback.reply(
        200, '{"passages": [{"id": "p1", "content": "x"}], "meta": {"nextToken": ' + json_string(token) + "}}"
    )
    client = api.client(max_retries=0)
    items: list[Any] = []

    def run() -> Any:
        for item in api.iterate(client, "iter_file_passages", id="f"):
            items.append(item)

    err, elapsed = bounded(api, run)
    assert [i.id for i in items] == ["p1"] and body["meta"]["nextToken"] == token
    assert type(err) is errors.RequestValidationError and err.field == "nextToken", repr(err)
    assert token not in str(err)
    assert loopback.count == 1 and elapsed < 5.0


def json_string(text: str) -> str:
    import json

    return json.dumps(text)  # a lone surrogate as the escape \ud800


@pytest.mark.parametrize(
    "kwargs, option",
    [
        ({"timeout": float("nan")}, "timeout"),
        ({"timeout": float("inf")}, "timeout"),
        ({"timeout": -1.0}, "timeout"),
        ({"timeout": httpx.Timeout(5.0, connect=float("nan"))}, "timeout"),
        ({"timeout": "5"}, "timeout"),
        ({"total_timeout": float("nan")}, "total_timeout"),
        ({"total_timeout": 0.0}, "total_timeout"),
        ({"total_timeout": -1.0}, "total_timeout"),
        ({"max_response_bytes": -1}, "max_response_bytes"),
        ({"max_response_bytes": 1.5}, "max_response_bytes"),
        ({"max_retries": -1}, "max_retries"),
    ],
    ids=lambda v: repr(v) if not isinstance(v, dict) else "-".join(f"{k}={v[k]!r}" for k in v),
)
def test_unusable_numbers_are_refused_when_the_client_is_built(api: Api, kwargs: dict[str, Any], option: str) -> None:
    err = api.raises(errors.ConfigurationError, lambda: api.client(**kwargs))
    assert err.option == option
    err = api.raises(errors.ConfigurationError, lambda: api.client().with_options(**kwargs))
    assert err.option == option


def test_usable_numbers_are_kept(api: Api) -> None:
    client = api.client(timeout=None, total_timeout=None, max_response_bytes=0, max_retries=0)
    assert client._config.timeout == httpx.Timeout(None)
    client = api.client(timeout=httpx.Timeout(1.0, read=None), total_timeout=0.5)
    assert client._config.total_timeout == 0.5
