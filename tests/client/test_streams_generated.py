"""The package generated from the ``streams`` golden spec, used as a user would: an operation
answering JSON or events as ``stream`` asks (typed by overloads, events decoded by their
discriminator), an event stream, binary and text answers, uploads from paths, and
``with_streaming_response``; ``mypy --strict`` on user code of it."""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from .. import mypy_run
from ..generations import Generations
from ..goldens import GOLDEN, spec_of
from ..streaming_server import Exchange, StreamingServer

SSE = {"content-type": "text/event-stream"}


@pytest.fixture(scope="module")
def package(generations: Generations) -> Iterator[tuple[ModuleType, Path]]:
    root = generations.folder(spec_of(GOLDEN / "streams"), "streams")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("streams"), root
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "streams" or m.startswith("streams.")]:
            del sys.modules[name]


def answer_json(body: Any, status: int = 200) -> Any:
    def answer(ex: Exchange) -> None:
        ex.body()
        data = json.dumps(body).encode()
        ex.start(status, {"content-type": "application/json"}, length=len(data))
        ex.send(data)

    return answer


def answer_events(*events: Any) -> Any:
    def answer(ex: Exchange) -> None:
        ex.body()
        ex.start(200, SSE)
        for e in events:
            ex.send(f"data: {json.dumps(e)}\n\n".encode())
        ex.send(b"data: [DONE]\n\n")
        ex.end()

    return answer


def test_json_or_a_stream_of_events_as_stream_asks(
    package: tuple[ModuleType, Path], streaming_server: StreamingServer
) -> None:
    streams = package[0]
    streaming_server.script(
        answer_json({"id": "c1", "text": "Hello"}),
        answer_events(
            {"type": "delta", "text": "Hel"}, {"type": "delta", "text": "lo"}, {"type": "done", "reason": "stop"}
        ),
        answer_events({"type": "delta", "text": "a"}),
    )
    with streams.Client(base_url=streaming_server.url) as client:
        chat = client.create_chat(prompt="hi")
        assert chat.text == "Hello"
        with client.create_chat(prompt="hi", stream=True) as stream:
            events = list(stream)
        assert [type(e).__name__ for e in events] == ["ChatDelta", "ChatDelta", "ChatDone"]
        assert "".join(e.text for e in events if isinstance(e, streams.models.ChatDelta)) == "Hello"

    async def run() -> list[Any]:
        async with streams.AsyncClient(base_url=streaming_server.url) as ac:
            stream = await ac.create_chat(prompt="hi", stream=True)
            return [e async for e in stream]

    assert [e.text for e in asyncio.run(run())] == ["a"]
    sent = [json.loads(ex.received) for ex in streaming_server.exchanges]
    assert sent == [{"prompt": "hi"}, {"prompt": "hi", "stream": True}, {"prompt": "hi", "stream": True}]
    assert [ex.headers["accept"] for ex in streaming_server.exchanges] == [
        "application/json",
        "text/event-stream",
        "text/event-stream",
    ]


def test_an_event_breaking_the_schema_is_a_decode_error_with_strict_responses(
    package: tuple[ModuleType, Path], streaming_server: StreamingServer
) -> None:
    streams = package[0]
    streaming_server.script(answer_events({"n": "one"}))
    with streams.Client(base_url=streaming_server.url, strict_responses=True) as client:
        stream = client.watch_ticks()
        with pytest.raises(streams.errors.StreamDecodeError, match=r"event 1 .*n: expected integer"):
            next(stream)


def test_binary_text_and_uploads(
    package: tuple[ModuleType, Path], streaming_server: StreamingServer, tmp_path: Path
) -> None:
    streams = package[0]
    content = os.urandom(300_000)
    source = tmp_path / "in.bin"
    source.write_bytes(content)

    def binary(ex: Exchange) -> None:
        ex.start(200, {"content-type": "application/octet-stream"}, length=len(content))
        ex.send(content)

    def csv(ex: Exchange) -> None:
        ex.start(200, {"content-type": "text/csv; charset=utf-8"}, length=8)
        ex.send(b"a,b\r\n1,2")

    bodies: list[bytes] = []

    def stored(ex: Exchange) -> None:
        bodies.append(ex.body())
        answer_json({"id": "f1", "bytes": len(bodies[-1])})(ex)

    streaming_server.script(binary, csv, stored, stored, csv)
    with streams.Client(base_url=streaming_server.url) as client:
        out = tmp_path / "out.bin"
        with client.download_file(id="f1") as answer:
            assert answer.write_to_file(out) == len(content)
        assert out.read_bytes() == content
        assert client.get_report() == "a,b\r\n1,2"
        client.upload_file(file=source, purpose="batch")
        client.replace_file_content(id="f1", body=source)
        with client.with_streaming_response.get_report() as response:
            assert response.headers["content-type"].startswith("text/csv")
            assert list(response.iter_lines()) == ["a,b", "1,2"]
    assert b'filename="in.bin"' in bodies[0] and content in bodies[0]
    assert bodies[1] == content


def test_mypy_types_stream_true_calls_as_streams(package: tuple[ModuleType, Path], tmp_path: Path) -> None:
    root = package[1]
    user = tmp_path / "user_code.py"
    user.write_text(textwrap.dedent("""
            from pathlib import Path
            from typing import assert_type

            from streams import AsyncClient, AsyncStream, BinaryResponse, Client, Stream, models


            def use(client: Client) -> None:
                stream = client.create_chat(prompt="hi", stream=True)
                assert_type(stream, Stream[models.ChatDelta | models.ChatDone])
                for event in stream:
                    if isinstance(event, models.ChatDelta):
                        print(event.text.upper())
                answer = client.create_chat(prompt="hi")
                assert_type(answer, models.Chat)
                print(answer.text.upper())
                assert_type(client.download_file(id="f"), BinaryResponse)
                assert_type(client.get_report(), str)
                client.replace_file_content(id="f", body=Path("file.bin"))
                with client.with_streaming_response.create_chat(prompt="x", stream=True) as r:
                    assert_type(r.parse(), Stream[models.ChatDelta | models.ChatDone])


            async def use_async(client: AsyncClient) -> None:
                stream = await client.create_chat(prompt="hi", stream=True)
                assert_type(stream, AsyncStream[models.ChatDelta | models.ChatDone])
                async for event in stream:
                    print(event)
            """))
    done = mypy_run.run([user], cwd=tmp_path, path=[root], python_version="3.11")
    assert done.returncode == 0, done.stdout + done.stderr
