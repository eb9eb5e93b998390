"""The test kit's streams and bytes (issue 27 over issue 26): ``api.<op>.streams(...)`` serves
typed events (or their JSON form) as a ``text/event-stream`` body that the client's own parser
reads, ``api.error_event(...)`` and ``api.malformed_event()`` fake a failing stream, and
``api.<op>.returns_bytes(...)`` a binary answer. Over the package of the ``streams`` golden case,
sync and async."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from generator.write.files import write_package

from ..goldens import GOLDEN, render_case
from ..mypy_run import errors
from ..mypy_run import run as mypy


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    out = tmp_path_factory.mktemp("kit")
    write_package(render_case(GOLDEN / "streams", full=True), out / "streams")
    sys.path.insert(0, str(out))
    try:
        importlib.import_module("streams.testing")
        importlib.import_module("streams.errors")
        yield importlib.import_module("streams")
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == "streams" or n.startswith("streams.")]:
            del sys.modules[name]


def test_typed_events_stream_through_the_clients_parser(pkg: ModuleType) -> None:
    models = pkg.models
    api = pkg.testing.FakeApi()
    api.create_chat.streams(
        models.ChatDelta(type="delta", text="Hel"),
        {"type": "delta", "text": "lo"},  # the JSON form, checked the same
        models.ChatDone(type="done", reason="stop"),
    )
    with api.client() as client:
        with client.create_chat(prompt="hi", stream=True) as stream:
            events = list(stream)
    assert [type(e).__name__ for e in events] == ["ChatDelta", "ChatDelta", "ChatDone"]
    assert "".join(e.text for e in events[:2]) == "Hello" and events[2].reason == "stop"
    api.create_chat.assert_called_once_with(prompt="hi", stream=True)
    assert api.create_chat.last_call.headers["accept"] == "text/event-stream"


def test_an_error_event_and_a_malformed_event(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    delta = {"type": "delta", "text": "a"}
    api.watch_events.streams(delta, api.error_event(type="Overloaded", message="slow down"))
    with api.client() as client:
        stream = client.watch_events()
        assert next(stream).text == "a"
        with pytest.raises(pkg.errors.StreamEventError) as failed:
            next(stream)
        assert (failed.value.type, failed.value.message, failed.value.index) == ("Overloaded", "slow down", 2)
        api.watch_events.streams(api.malformed_event("{oops"))
        with pytest.raises(pkg.errors.StreamDecodeError, match="not valid JSON") as broken:
            list(client.watch_events())
        assert broken.value.index == 1 and broken.value.event.data == "{oops"


def test_an_event_that_breaks_the_event_schema_fails_at_once(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    with pytest.raises(pkg.testing.InvalidStub) as caught:
        api.watch_ticks.streams({"n": 1}, {"n": "two"})
    assert caught.value.operation == "watch_ticks (GET /ticks) event 2" and caught.value.path == "n"
    with pytest.raises(pkg.testing.InvalidStub, match="event 1"):
        api.create_chat.streams({"type": "other"})


def test_unstubbed_streams_answer_one_default_event(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    with api.client() as client:
        assert [t.n for t in client.watch_ticks()] == [0]
        assert [e.text for e in client.create_chat(prompt="hi", stream=True)] == ["text"]
        assert client.create_chat(prompt="hi").text == "text"  # the JSON answer when not streaming


def test_a_stream_stub_for_a_json_call_and_back_fail_clearly(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    with api.client() as client:
        api.create_chat.streams({"type": "delta", "text": "a"})
        with pytest.raises(AssertionError, match="stubbed with streams"):
            client.create_chat(prompt="hi")
        api.create_chat.returns({"id": "c1", "text": "whole"})
        with pytest.raises(AssertionError, match="asked for a stream"):
            client.create_chat(prompt="hi", stream=True)
        assert client.create_chat(prompt="hi").id == "c1"


def test_scripts_chain_a_failure_then_a_stream(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    api.watch_ticks.fails(status=503).streams({"n": 1}, {"n": 2})
    with api.client() as client:
        assert [t.n for t in client.watch_ticks()] == [1, 2]  # retried once, no real wait
    assert api.watch_ticks.call_count == 2 and len(api.clock.sleeps) == 1


def test_binary_answers(pkg: ModuleType) -> None:
    api = pkg.testing.FakeApi()
    api.get_image.returns_bytes(b"\x89PNG...", content_type="image/png")
    api.download_file.returns(b"one", b"two")
    with api.client() as client:
        with client.get_image(id="i1") as image:
            assert (image.read(), image.content_type) == (b"\x89PNG...", "image/png")
        assert [client.download_file(id="f").read() for _ in range(3)] == [b"one", b"two", b"two"]
        assert client.get_video_content(id="v").read() == b""  # not stubbed: empty
    with pytest.raises(pkg.testing.InvalidStub, match="must be bytes"):
        api.download_file.returns("text")  # type: ignore[arg-type]


def test_streams_and_bytes_async(pkg: ModuleType) -> None:
    async def main() -> None:
        api = pkg.testing.FakeApi()
        api.watch_events.streams({"type": "delta", "text": "x"}, {"type": "done", "reason": "end"})
        api.get_image.returns_bytes(b"img", content_type="image/webp")
        async with api.async_client() as client:
            stream = await client.watch_events()
            assert [type(e).__name__ async for e in stream] == ["ChatDelta", "ChatDone"]
            chunks = await client.create_chat(prompt="hi", stream=True)
            assert [e.text async for e in chunks] == ["text"]
            api.watch_events.streams(api.error_event(type="Boom"))
            with pytest.raises(pkg.errors.StreamEventError):
                async for _ in await client.watch_events():
                    pass
            image = await client.get_image(id="i")
            assert (await image.read(), image.content_type) == (b"img", "image/webp")

    asyncio.run(main())


def test_the_readme_shows_streams_and_bytes() -> None:
    readme = render_case(GOLDEN / "streams")["README.md"].split("## Testing your code", 1)[1]
    for text in (
        "api.create_chat.streams(event1, event2)",
        "client.chat.create(..., stream=True)",
        'api.error_event(type="Overloaded"',
        "api.malformed_event()",
        'api.download_file.returns_bytes(b"...", content_type="image/png")',
    ):
        assert text in readme, text


TYPED_USE = """from streams.testing import FakeApi

api = FakeApi()
api.create_chat.streams({"type": "delta", "text": "a"}, api.error_event(type="Overloaded"))
api.watch_events.streams(api.malformed_event())
api.create_chat.when(prompt="hi").returns_bytes(b"")
api.create_chat.when(promt="hi")  # type: ignore[call-arg]
api.create_chat.assert_called_once_with(prompt="hi", stream=True)
api.download_file.returns_bytes(b"x", content_type="image/png")
api.download_file.returns_bytes("x")  # type: ignore[arg-type]
api.watch_events.pages([])  # type: ignore[attr-defined]
"""


@pytest.mark.slow
def test_a_users_streams_and_bytes_pass_mypy_strict(tmp_path: Path) -> None:
    """The stubs of streams and bytes and ``api.error_event()`` are typed for a user's tests (a
    wrong argument, a wrong body, ``pages`` of an operation that has none: type errors)."""
    write_package(render_case(GOLDEN / "streams", full=True), tmp_path / "streams")
    (tmp_path / "use.py").write_text(TYPED_USE, encoding="utf-8")
    result = mypy(["use.py"], cwd=tmp_path, path=[tmp_path])
    assert errors(result) == [] and result.returncode == 0, result.stdout
