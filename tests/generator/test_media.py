"""How the media types of a success answer decide what a method returns (issue 26)."""

from __future__ import annotations

from typing import Any

import pytest

from generator.lower.media import kind_of, pick

BINARY = {"schema": {"type": "string", "format": "binary"}}


@pytest.mark.parametrize(
    ("media", "value", "kind"),
    [
        ("application/json", {"schema": {"type": "object"}}, "json"),
        ("application/problem+json", {}, "json"),
        ("application/json", BINARY, "binary"),
        ("text/event-stream", {}, "sse"),
        ("text/event-stream; charset=utf-8", {}, "sse"),
        ("application/octet-stream", BINARY, "binary"),
        ("application/octet-stream", {}, "binary"),
        ("image/png", {}, "binary"),
        ("audio/mpeg", {"schema": {"type": "string", "contentMediaType": "audio/mpeg"}}, "binary"),
        ("application/zip", BINARY, "binary"),
        ("text/csv", {"schema": {"type": "string"}}, "text"),
        ("text/plain", {}, "text"),
        ("text/csv", BINARY, "binary"),
        ("application/sdp", {"schema": {"type": "string"}}, "text"),
        ("application/xml", {}, "text"),
    ],
)
def test_kind_of_a_media_type(media: str, value: Any, kind: str) -> None:
    assert kind_of(media, value) == kind


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ({"application/json": {}, "text/event-stream": {}}, ("application/json", "text/event-stream")),
        ({"text/event-stream": {}}, (None, "text/event-stream")),
        (
            {"application/octet-stream": BINARY, "text/event-stream": {}},
            ("application/octet-stream", "text/event-stream"),
        ),
        ({"image/png": {}, "application/json": {"schema": {"type": "object"}}}, ("application/json", None)),
        # bytes beside a "JSON" answer that is a bare string (a spec's workaround): the bytes
        ({"video/mp4": BINARY, "application/json": {"schema": {"type": "string"}}}, ("video/mp4", None)),
        ({"text/csv": {}, "text/plain": {}}, ("text/csv", None)),
    ],
)
def test_pick_the_answer_and_its_event_stream(content: dict[str, Any], expected: tuple[str | None, str | None]) -> None:
    assert pick(content) == expected
