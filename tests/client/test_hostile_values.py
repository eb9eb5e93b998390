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
