"""Unit tests of generator/runtime, where it lives (the modules copied into every package)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest

from generator.render import RUNTIME, RUNTIME_FILES
from generator.runtime import _base_client, _exceptions, _serde

from .conftest import GENERATED


def test_generated_package_holds_the_runtime_verbatim() -> None:
    for name in RUNTIME_FILES:
        source = (RUNTIME / name).read_text(encoding="utf-8")
        assert (GENERATED / "botpress_client" / name).read_text(encoding="utf-8") == source, name


def test_runtime_is_everything_render_copies() -> None:
    on_disk = sorted(p.name for p in RUNTIME.glob("*.py") if p.name != "__init__.py")
    assert sorted(RUNTIME_FILES) == on_disk


def test_runtime_learns_its_package_name_at_run_time() -> None:
    assert _base_client._PACKAGE == "generator.runtime"
    assert _base_client.user_agent("9.9").startswith("generator.runtime/9.9 python/")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-05-01T12:00:00.000Z", datetime(2024, 5, 1, 12, tzinfo=UTC)),
        ("2024-05-01T12:00:00Z", datetime(2024, 5, 1, 12, tzinfo=UTC)),
        ("2024-05-01T12:00:00.1234567+02:00", datetime(2024, 5, 1, 12, 0, 0, 123456, timezone(timedelta(hours=2)))),
        ("2024-05-01 12:00", datetime(2024, 5, 1, 12, tzinfo=UTC)),
    ],
)
def test_datetimes_parse_aware_and_write_back_their_wire_text(text: str, expected: datetime) -> None:
    parsed = _serde._parse_datetime(text)
    assert parsed == expected and parsed.tzinfo is not None
    assert _serde._format_datetime(parsed) == text


def test_datetime_written_by_the_client_uses_the_apis_form() -> None:
    assert _serde._format_datetime(datetime(2024, 5, 1, 12)) == "2024-05-01T12:00:00.000Z"
    assert _serde._format_datetime(datetime(2024, 5, 1, 12, 0, 0, 1, tzinfo=UTC)) == "2024-05-01T12:00:00.000001Z"


def test_not_a_datetime_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not an ISO 8601 date-time"):
        _serde._parse_datetime("yesterday")


class _NotFound(_exceptions.ApiError):
    pass


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b'{"type": "ResourceNotFound", "message": "no table"}', _NotFound),
        (b'{"type": "Unheard", "message": "?"}', _exceptions.NotFoundError),
        (b"<html>bad gateway</html>", _exceptions.NotFoundError),
        (b"", _exceptions.NotFoundError),
        (b"[1, 2]", _exceptions.NotFoundError),
    ],
)
def test_error_from_response_picks_the_class_of_the_type(body: bytes, expected: type) -> None:
    response = httpx.Response(404, content=body)
    error = _exceptions.error_from_response(response, {"ResourceNotFound": _NotFound}, "type")
    assert type(error) is expected  # the type's class, else the status's class
    assert error.status_code == 404 and error.body == body.decode()


class _Documented404(_exceptions.NotFoundError):
    documented_status = 404


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (404, _Documented404),
        (400, _exceptions.BadRequestError),
        (500, _exceptions.InternalServerError),
        (418, _exceptions.ApiError),
    ],
)
def test_a_type_class_is_used_only_when_the_status_agrees(status: int, expected: type) -> None:
    response = httpx.Response(status, content=b'{"type": "ResourceNotFound", "message": "no"}')
    error = _exceptions.error_from_response(response, {"ResourceNotFound": _Documented404}, "type")
    assert type(error) is expected and error.type == "ResourceNotFound"


def test_status_error_class() -> None:
    assert {s: _exceptions.status_error_class(s).__name__ for s in (400, 401, 402, 403, 404, 409, 422, 429)} == {
        400: "BadRequestError",
        401: "AuthenticationError",
        402: "ApiError",
        403: "PermissionDeniedError",
        404: "NotFoundError",
        409: "ConflictError",
        422: "UnprocessableEntityError",
        429: "RateLimitError",
    }
    assert all(_exceptions.status_error_class(s) is _exceptions.InternalServerError for s in (500, 502, 599))
    assert _exceptions.status_error_class(302) is _exceptions.ApiError


def test_error_body_is_cut_at_the_bound() -> None:
    body = b"x" * (_exceptions.MAX_ERROR_BODY_CHARS + 10)
    error = _exceptions.error_from_response(httpx.Response(502, content=body), {}, "type")
    assert len(error.body) == _exceptions.MAX_ERROR_BODY_CHARS and error.body_truncated
    small = _exceptions.error_from_response(httpx.Response(502, content=b"bad"), {}, "type")
    assert small.body == "bad" and not small.body_truncated


def test_configuration_checks_never_show_the_url() -> None:
    with pytest.raises(_exceptions.ConfigurationError) as info:
        _base_client.resolve_base_url("https://me:hunter2@h.example", "API_URL", "https://h.example")
    assert "hunter2" not in str(info.value) and "API_URL" in str(info.value)
    assert str(_base_client.resolve_base_url(None, "", "https://h.example/v")) == "https://h.example/v"
    assert _base_client.resolve_token(None, "", required=False) is None
    with pytest.raises(_exceptions.ConfigurationError, match="TOKEN_VAR"):
        _base_client.resolve_token(None, "TOKEN_VAR", required=True)


def test_error_summary_is_one_line() -> None:
    body = b'{"type": "X", "message": "line one\\nline two", "id": "err_1"}'
    error = _exceptions.error_from_response(httpx.Response(400, content=body), {}, "type")
    assert str(error) == "400 X: line one line two (error id err_1)"


def test_retry_after_reads_seconds_and_milliseconds() -> None:
    assert _base_client._retry_after(httpx.Headers({"retry-after-ms": "1500"})) == 1.5
    assert _base_client._retry_after(httpx.Headers({"retry-after": "2"})) == 2.0
    assert _base_client._retry_after(httpx.Headers({"retry-after": "3600"})) is None  # above the cap
    assert _base_client._retry_after(httpx.Headers({})) is None
