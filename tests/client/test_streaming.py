"""Streaming answers and uploads of the runtime, against a loopback server, sync and async:
server-sent event streams (typed events, early close, idle and total deadlines, ``error`` and
malformed events, WHATWG parsing), binary answers, ``with_streaming_response``, and uploads
streamed from files (100 MB cases measured in a subprocess: peak RSS)."""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.runtime import _transport
from generator.runtime._events import SSEDecoder, StreamDecodeError, StreamEventError
from generator.runtime._exceptions import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    InternalServerError,
    ResponseDecodeError,
    ResponseTooLargeError,
)
from generator.runtime._sse import ServerSentEvent, _TooLarge

from ..conftest import ROOT
from ..streaming_server import Exchange, StreamingServer
from .stream_api import AsyncApi, Delta, Finish, SyncApi

SSE = {"content-type": "text/event-stream"}


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_transport, "INITIAL_RETRY_DELAY", 0.001)


class Flavour:
    """Runs the same test code with the sync and the async client (one loop per test)."""

    def __init__(self, kind: str, server: StreamingServer) -> None:
        self.is_async = kind == "async"
        self.server = server
        self.loop = asyncio.new_event_loop() if self.is_async else None
        self._clients: list[Any] = []

    def run(self, value: Any) -> Any:
        if not self.is_async:
            return value
        assert self.loop is not None
        return self.loop.run_until_complete(value)

    def client(self, **options: Any) -> Any:
        options.setdefault("timeout", 5.0)
        cls = AsyncApi if self.is_async else SyncApi
        client = cls(self.server.url, **options)
        self._clients.append(client)
        return client

    def call(self, client: Any, name: str, **kwargs: Any) -> Any:
        return self.run(getattr(client, name)(**kwargs))

    def next(self, stream: Any) -> Any:
        """The next item, ``None`` at the end."""
        if not self.is_async:
            return next(stream, None)
        try:
            return self.run(stream.__anext__())
        except StopAsyncIteration:
            return None

    def items(self, iterator: Any) -> list[Any]:
        out = []
        while (item := self.next(iterator)) is not None:
            out.append(item)
        return out

    def close(self, thing: Any) -> None:
        self.run(thing.close())

    def enter(self, manager: Any) -> Any:
        return self.run(manager.__aenter__()) if self.is_async else manager.__enter__()

    def exit(self, manager: Any) -> None:
        self.run(manager.__aexit__(None, None, None)) if self.is_async else manager.__exit__(None, None, None)

    def teardown(self) -> None:
        for client in self._clients:
            self.close(client)
        if self.loop is not None:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()


@pytest.fixture(params=["sync", "async"])
def flavour(request: pytest.FixtureRequest, streaming_server: StreamingServer) -> Iterator[Flavour]:
    driver = Flavour(request.param, streaming_server)
    try:
        yield driver
    finally:
        driver.teardown()


def event(data: Any, *, name: str | None = None, id: str | None = None, eol: str = "\n") -> bytes:
    lines = []
    if name is not None:
        lines.append(f"event: {name}")
    if id is not None:
        lines.append(f"id: {id}")
    lines.append("data: " + (data if isinstance(data, str) else json.dumps(data)))
    return (eol.join(lines) + eol + eol).encode()


def stream_of(*pieces: bytes, pause: float = 0.0) -> Callable[[Exchange], None]:
    def answer(ex: Exchange) -> None:
        ex.body()
        ex.start(200, SSE)
        for piece in pieces:
            if pause:
                ex.wait(pause)
            ex.send(piece)
        ex.end()

    return answer


def pool_busy(client: Any) -> int:
    """Requests the client's connection pool still serves (an unreleased answer counts)."""
    pool = client._http._transport._pool
    return len(pool._requests)


# ---------------------------------------------------------------------------------------------
# Event streams over the wire


def test_a_stream_of_typed_events_is_read_to_its_end(flavour: Flavour) -> None:
    flavour.server.script(
        stream_of(
            b": hello\n\n",
            event({"type": "delta", "text": "Hel"}, id="1"),
            b"retry: 1500\n" + event({"type": "delta", "text": "lo"}, id="2"),
            event({"type": "finish", "reason": "stop"}, name="done", id="3"),
        )
    )
    client = flavour.client()
    stream = flavour.call(client, "events")
    first = flavour.next(stream)
    assert first == Delta("Hel")
    assert stream.current_event == ServerSentEvent("message", '{"type": "delta", "text": "Hel"}', "1", None)
    rest = flavour.items(stream)
    assert rest == [Delta("lo"), Finish("stop")]
    assert stream.current_event.event == "done" and stream.last_event_id == "3" and stream.retry == 1500
    assert flavour.server.exchanges[0].headers["accept"] == "text/event-stream"
    assert pool_busy(client) == 0  # read to the end: the connection went back to the pool


def test_done_ends_the_stream_and_a_json_body_member_asks_for_it(flavour: Flavour) -> None:
    flavour.server.script(stream_of(event({"type": "delta", "text": "a"}), event("[DONE]"), event("junk")))
    client = flavour.client()
    stream = flavour.call(client, "chat_stream", text="hi")
    assert flavour.items(stream) == [Delta("a")]
    received = flavour.server.exchanges[0]
    assert received.headers["accept"] == "text/event-stream"
    assert json.loads(received.body()) == {"text": "hi", "stream": True}
    assert pool_busy(client) == 0


def test_a_stream_closed_early_releases_its_connection(flavour: Flavour) -> None:
    gone = threading.Event()

    def endless(ex: Exchange) -> None:
        ex.start(200, SSE)
        n = 0
        while ex.wait(0.02):
            n += 1
            if not ex.send(event({"type": "delta", "text": str(n)})):
                gone.set()
                return

    flavour.server.script(endless)
    flavour.server.script(
        lambda ex: (ex.start(200, {"content-type": "application/json"}, length=13), ex.send(b'{"name": "x"}'))
    )
    client = flavour.client()
    stream = flavour.call(client, "events")
    manager = stream
    entered = flavour.enter(manager)
    assert flavour.next(entered) == Delta("1")
    assert flavour.next(entered) == Delta("2")
    flavour.exit(manager)
    assert pool_busy(client) == 0
    assert gone.wait(3.0), "the server still writes: the connection was not closed"
    assert flavour.call(client, "get_thing").name == "x"  # the pool serves the next call
    assert flavour.next(stream) is None  # a closed stream has nothing more


def test_an_idle_stream_times_out_within_its_deadline(flavour: Flavour) -> None:
    def one_then_pings(ex: Exchange) -> None:
        ex.start(200, SSE)
        ex.send(event({"type": "delta", "text": "a"}))
        ex.hold_until_gone(0.05)  # comments only: the stream is alive but idle

    flavour.server.script(one_then_pings)
    client = flavour.client(timeout=0.5)
    stream = flavour.call(client, "events")
    assert flavour.next(stream) == Delta("a")
    started = time.monotonic()
    with pytest.raises(ApiTimeoutError, match=r"no event arrived within 0.5 s \(event 2"):
        flavour.next(stream)
    took = time.monotonic() - started
    assert 0.4 <= took < 2.0, took
    assert pool_busy(client) == 0
    assert flavour.server.count == 1  # no retry once an event was read


def test_a_silent_stream_times_out_too(flavour: Flavour) -> None:
    def silent(ex: Exchange) -> None:
        ex.start(200, SSE)
        ex.wait(5)

    flavour.server.script(silent)
    client = flavour.client(timeout=0.4)
    stream = flavour.call(client, "events")
    started = time.monotonic()
    with pytest.raises(ApiTimeoutError):
        flavour.next(stream)
    assert time.monotonic() - started < 2.0


def test_total_timeout_bounds_the_whole_stream(flavour: Flavour) -> None:
    def steady(ex: Exchange) -> None:
        ex.start(200, SSE)
        n = 0
        while ex.wait(0.05) and ex.send(event({"type": "delta", "text": str(n)})):
            n += 1

    flavour.server.script(steady)
    client = flavour.client(timeout=5.0, total_timeout=0.6)
    started = time.monotonic()
    stream = flavour.call(client, "events")
    got = 0
    with pytest.raises(ApiTimeoutError):
        while flavour.next(stream) is not None:
            got += 1
    took = time.monotonic() - started
    assert got >= 3 and 0.5 <= took < 2.0, (got, took)


def test_an_error_event_is_a_typed_error_naming_the_event(flavour: Flavour) -> None:
    error = {"error": {"type": "server_error", "message": "The model overloaded", "id": "e-1"}}
    flavour.server.script(stream_of(event({"type": "delta", "text": "a"}), event(error, name="error", id="7")))
    client = flavour.client()
    stream = flavour.call(client, "events")
    assert flavour.next(stream) == Delta("a")
    with pytest.raises(StreamEventError) as info:
        flavour.next(stream)
    exc = info.value
    assert isinstance(exc, ApiError)
    assert exc.event.event == "error" and exc.event.id == "7" and exc.index == 2
    assert exc.type == "server_error" and exc.message == "The model overloaded" and exc.id == "e-1"
    assert str(exc).startswith("event 2 (id '7', type 'error'): 200 server_error: The model overloaded")
    assert pool_busy(client) == 0


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("{not json", "data is not valid JSON"),
        ('{"type": "delta"}', "unexpected shape: KeyError"),
        ('{"type": "other"}', "type: expected one of 'delta', 'finish'"),
    ],
)
def test_a_malformed_event_is_a_typed_error_naming_the_event(flavour: Flavour, data: str, reason: str) -> None:
    flavour.server.script(stream_of(event({"type": "delta", "text": "a"}), event(data, name="chunk", id="9")))
    client = flavour.client()
    stream = flavour.call(client, "events")
    flavour.next(stream)
    with pytest.raises(StreamDecodeError) as info:
        flavour.next(stream)
    assert info.value.index == 2 and info.value.event is not None and info.value.event.data == data
    assert f"event 2 (id '9', type 'chunk'): {reason}" in str(info.value)
    assert pool_busy(client) == 0


def test_an_event_larger_than_the_bound_is_refused(flavour: Flavour) -> None:
    flavour.server.script(stream_of(event({"type": "delta", "text": "x" * 5000})))
    client = flavour.client(max_response_bytes=1000)
    stream = flavour.call(client, "events")
    with pytest.raises(StreamDecodeError, match="event 1: a line longer than 1000 bytes"):
        flavour.next(stream)


def test_events_split_across_reads_with_crlf_and_multi_line_data_parse_per_whatwg(flavour: Flavour) -> None:
    body = (
        "\ufeff: comment\r\n"
        "event: delta\r\n"
        'data: {"type": "delta",\r\n'
        'data:  "text": "a\\nb"}\r\n'
        "\r\n"
        'data: {"type": "finish", "reason": "é"}\r'
        "\r"
    ).encode()

    def trickle(ex: Exchange) -> None:
        ex.start(200, SSE)
        for i in range(len(body)):  # one byte per read: CRLF, BOM and UTF-8 split everywhere
            ex.send(body[i : i + 1])
        ex.end()

    flavour.server.script(trickle)
    client = flavour.client()
    stream = flavour.call(client, "events")
    assert flavour.next(stream) == Delta("a\nb")
    assert stream.current_event.data == '{"type": "delta",\n "text": "a\\nb"}'
    assert flavour.items(stream) == [Finish("é")]


def test_no_retry_once_the_first_event_was_read(flavour: Flavour) -> None:
    def cut(ex: Exchange) -> None:
        ex.start(200, SSE)
        ex.send(event({"type": "delta", "text": "a"}))
        ex.wait(0.05)
        ex.drop()

    flavour.server.script(cut)
    client = flavour.client(max_retries=3)
    stream = flavour.call(client, "events")
    assert flavour.next(stream) == Delta("a")
    with pytest.raises(ApiConnectionError) as info:
        flavour.next(stream)
    assert not isinstance(info.value, ApiTimeoutError)
    assert flavour.server.count == 1


def test_a_stream_is_retried_until_its_headers_arrive(flavour: Flavour) -> None:
    def busy(ex: Exchange) -> None:
        ex.start(503, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    flavour.server.script(busy, stream_of(event({"type": "finish", "reason": "ok"})))
    client = flavour.client()
    assert flavour.items(flavour.call(client, "events")) == [Finish("ok")]
    assert flavour.server.count == 2


def test_a_json_answer_to_a_stream_request_is_a_decode_error(flavour: Flavour) -> None:
    def json_answer(ex: Exchange) -> None:
        ex.start(200, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    flavour.server.script(json_answer)
    client = flavour.client()
    with pytest.raises(ResponseDecodeError, match="expected an event stream"):
        flavour.call(client, "events")
    assert pool_busy(client) == 0


# ---------------------------------------------------------------------------------------------
# The parser, byte by byte


def parse(*chunks: bytes, **bounds: int) -> list[ServerSentEvent]:
    decoder = SSEDecoder(**bounds)
    events: list[ServerSentEvent] = []
    for chunk in chunks:
        events.extend(decoder.feed(chunk))
    return events


WHATWG_CASES = [
    (b"data: a\n\n", [ServerSentEvent("message", "a")]),
    (b"data:a\ndata: b\ndata\n\n", [ServerSentEvent("message", "a\nb\n")]),
    (b"data:  two spaces\n\n", [ServerSentEvent("message", " two spaces")]),
    (b"event: x\nid: 1\nretry: 10\ndata: a\r\n\r\n", [ServerSentEvent("x", "a", "1", 10)]),
    (b"data: a\r\rdata: b\r\n\r\ndata: c\n\n", [ServerSentEvent("message", x) for x in "abc"]),
    (b":comment\n: another\ndata: a\n\n", [ServerSentEvent("message", "a")]),
    (b"event: only\n\n", []),  # no data: not dispatched, and the type resets
    (b"event: only\n\ndata: a\n\n", [ServerSentEvent("message", "a")]),
    (b"id: 5\ndata: a\n\ndata: b\n\n", [ServerSentEvent("message", "a", "5"), ServerSentEvent("message", "b", "5")]),
    (
        b"id: 5\ndata: a\n\nid: a\x00b\ndata: b\n\n",
        [ServerSentEvent("message", "a", "5"), ServerSentEvent("message", "b", "5")],
    ),
    (b"retry: 1x\ndata: a\n\n", [ServerSentEvent("message", "a")]),  # not all digits: ignored
    (b"unknown: z\ndata: a\n\n", [ServerSentEvent("message", "a")]),
    (b"data: a\n\ndata: incomplete", [ServerSentEvent("message", "a")]),  # discarded at the end
    (b"\xef\xbb\xbfdata: bom\n\n", [ServerSentEvent("message", "bom")]),
    (b"\xef\xbb\xbf\xef\xbb\xbfdata: x\n\n", []),  # only one BOM is skipped: a field named BOM+data
    (b"data: \xff\n\n", [ServerSentEvent("message", "\ufffd")]),
    (b"data: a\n\n\n\n", [ServerSentEvent("message", "a")]),
]


@pytest.mark.parametrize(("stream", "expected"), WHATWG_CASES)
def test_parser_follows_whatwg_whatever_the_chunks(stream: bytes, expected: list[ServerSentEvent]) -> None:
    assert parse(stream) == expected
    assert parse(*(stream[i : i + 1] for i in range(len(stream)))) == expected  # byte by byte
    for cut in range(len(stream) + 1):  # every split in two
        assert parse(stream[:cut], stream[cut:]) == expected, cut


def test_parser_bounds_lines_and_events() -> None:
    with pytest.raises(_TooLarge, match="a line longer than 10 bytes"):
        parse(b"data: 0123456789\n\n", max_line=10)
    with pytest.raises(_TooLarge, match="a line longer than 10 bytes"):
        parse(*([b"x" * 4] * 4), max_line=10)  # an unfinished line, across reads
    with pytest.raises(_TooLarge, match="event data longer than 12 bytes"):
        parse(b"data: 123456\ndata: 12345\n\n", max_event=12)
    assert parse(b"data: 1234\ndata: 1234\n\n", max_event=12) == [ServerSentEvent("message", "1234\n1234")]


# ---------------------------------------------------------------------------------------------
# Binary answers


PATTERN = bytes(range(256)) * 256  # 64 KiB


def big_body(size: int) -> Callable[[Exchange], None]:
    def answer(ex: Exchange) -> None:
        ex.start(200, {"content-type": "application/octet-stream"}, length=size)
        left = size
        while left > 0:
            piece = PATTERN[: min(left, len(PATTERN))]
            if not ex.send(piece):
                return
            left -= len(piece)

    return answer


def test_a_binary_answer_reads_whole_within_the_bound(flavour: Flavour, tmp_path: Path) -> None:
    flavour.server.script(big_body(100_000), big_body(100_000), big_body(100_000), big_body(100_001))
    client = flavour.client(max_response_bytes=100_000)
    binary = flavour.call(client, "download", id="f1")
    assert binary.status_code == 200 and binary.content_type == "application/octet-stream"
    data = flavour.run(binary.read())
    assert data == (PATTERN * 2)[:100_000]
    assert flavour.run(binary.read()) is data  # kept
    binary = flavour.call(client, "download", id="f1")
    chunks = flavour.items(binary.iter_bytes(30_000))
    assert [len(c) for c in chunks] == [30_000, 30_000, 30_000, 10_000]
    binary = flavour.call(client, "download", id="f1")
    assert flavour.run(binary.write_to_file(tmp_path / "out.bin")) == 100_000
    assert (tmp_path / "out.bin").read_bytes() == data
    binary = flavour.call(client, "download", id="f1")
    with pytest.raises(ResponseTooLargeError, match=r"max_response_bytes \(100000 bytes\)"):
        flavour.run(binary.read())
    assert pool_busy(client) == 0
    assert [ex.path for ex in flavour.server.exchanges] == ["/files/f1"] * 4


def test_an_unread_binary_answer_closed_releases_its_connection(flavour: Flavour) -> None:
    flavour.server.script(big_body(50_000_000))
    client = flavour.client()
    binary = flavour.call(client, "download", id="f1")
    assert pool_busy(client) == 1
    flavour.run(binary.__aexit__(None, None, None)) if flavour.is_async else binary.__exit__(None, None, None)
    assert pool_busy(client) == 0
    with pytest.raises(RuntimeError, match="already read"):
        flavour.run(binary.read())


def test_an_iteration_of_a_body_left_early_releases_its_connection(flavour: Flavour) -> None:
    """``iter_bytes`` of a binary answer and of a streamed one, left after one chunk and closed
    (``break`` out of ``for``, then the iterator collected; ``aclose()`` for ``async for``)."""
    flavour.server.script(big_body(5_000_000), big_body(5_000_000))
    client = flavour.client()
    binary = flavour.call(client, "download", id="f1")
    manager = client.with_streaming_response.download(id="f2")
    streamed = flavour.enter(manager)
    for busy, answer in ((2, binary), (1, streamed)):
        chunks = answer.iter_bytes(1000)
        assert len(flavour.next(chunks)) == 1000 and pool_busy(client) == busy
        flavour.run(chunks.aclose()) if flavour.is_async else chunks.close()
        assert pool_busy(client) == busy - 1  # at once, not when the iterator is collected
        del chunks
    flavour.exit(manager)


def _measure(flavour: str, action: str, url: str, path: Path) -> dict[str, int]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.client.stream_api", flavour, action, url, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


HUNDRED_MB = 100 * 1024 * 1024
BOUND_KIB = 32 * 1024  # growth of peak RSS allowed while moving 100 MB: a third of it


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_100_mb_binary_answer_streams_to_a_file_in_bounded_memory(
    kind: str, streaming_server: StreamingServer, tmp_path: Path
) -> None:
    streaming_server.script(big_body(HUNDRED_MB))
    out = tmp_path / "big.bin"
    result = _measure(kind, "download", streaming_server.url, out)
    assert result["bytes"] == HUNDRED_MB and out.stat().st_size == HUNDRED_MB
    growth = result["peak_kib"] - result["baseline_kib"]
    print(f"download {kind}: peak RSS {result['peak_kib']} KiB, growth {growth} KiB")
    assert growth < BOUND_KIB, result
    with open(out, "rb") as written:
        assert written.read(len(PATTERN)) == PATTERN


def test_the_memory_measure_sees_a_body_read_whole(streaming_server: StreamingServer, tmp_path: Path) -> None:
    """The control of the measure above: ``read()`` (bounded by max_response_bytes) keeps it all."""
    streaming_server.script(big_body(HUNDRED_MB))
    result = _measure("sync", "download-read", streaming_server.url, tmp_path / "unused")
    growth = result["peak_kib"] - result["baseline_kib"]
    print(f"download read whole: growth {growth} KiB")
    assert result["bytes"] == HUNDRED_MB and growth > 90 * 1024, result


# ---------------------------------------------------------------------------------------------
# with_streaming_response


def test_with_streaming_response_reads_nothing_until_asked(flavour: Flavour) -> None:
    release = threading.Event()

    def held(ex: Exchange) -> None:
        ex.start(200, {"content-type": "application/json"}, length=13)
        release.wait(5)
        ex.send(b'{"name": "x"}')

    flavour.server.script(held)
    client = flavour.client(timeout=3.0)
    manager = client.with_streaming_response.get_thing()
    started = time.monotonic()
    response = flavour.enter(manager)
    assert time.monotonic() - started < 1.0  # the body is held back: nothing was read
    assert response.status_code == 200 and response.headers["content-length"] == "13"
    release.set()
    thing = flavour.run(response.parse())
    assert thing.name == "x" and flavour.run(response.parse()) is thing
    assert flavour.run(response.read()) == b'{"name": "x"}'
    flavour.exit(manager)
    assert pool_busy(client) == 0


def test_with_streaming_response_iterates_bytes_and_lines(flavour: Flavour) -> None:
    text = b"line 1\r\nline 2\nline 3\rlast"
    flavour.server.script(big_body(200_000), stream_of(text[:9], text[9:]))
    client = flavour.client()
    manager = client.with_streaming_response.download(id="f")
    response = flavour.enter(manager)
    sizes = [len(c) for c in flavour.items(response.iter_bytes(65_536))]
    assert sum(sizes) == 200_000 and sizes[:3] == [65_536] * 3
    with pytest.raises(RuntimeError, match="already read"):
        flavour.run(response.read())
    flavour.exit(manager)
    manager = client.with_streaming_response.events()
    response = flavour.enter(manager)
    assert flavour.items(response.iter_lines()) == ["line 1", "line 2", "line 3", "last"]
    flavour.exit(manager)
    assert pool_busy(client) == 0


def test_with_streaming_response_parses_a_stream_and_closes_on_exit(flavour: Flavour) -> None:
    gone = threading.Event()

    def endless(ex: Exchange) -> None:
        ex.start(200, SSE)
        while ex.wait(0.02):
            if not ex.send(event({"type": "delta", "text": "x"})):
                gone.set()
                return

    flavour.server.script(endless)
    client = flavour.client()
    manager = client.with_streaming_response.events()
    response = flavour.enter(manager)
    stream = flavour.run(response.parse())
    assert flavour.next(stream) == Delta("x")
    flavour.exit(manager)
    assert gone.wait(3.0)
    assert pool_busy(client) == 0


def test_with_streaming_response_raises_the_error_of_an_error_status(flavour: Flavour) -> None:
    def failed(ex: Exchange) -> None:
        body = b'{"message": "boom"}'
        ex.start(500, {"content-type": "application/json"}, length=len(body))
        ex.send(body)

    flavour.server.script(failed)
    client = flavour.client(max_retries=0)
    with pytest.raises(InternalServerError, match="boom"):
        flavour.enter(client.with_streaming_response.get_thing())


# ---------------------------------------------------------------------------------------------
# Uploads


def test_an_upload_is_sent_from_a_path_a_file_bytes_or_a_tuple(flavour: Flavour, tmp_path: Path) -> None:
    content = os.urandom(200_000)
    path = tmp_path / "photo.png"
    path.write_bytes(content)
    seen: list[tuple[str, dict[str, str], bytes]] = []

    def record(ex: Exchange) -> None:
        seen.append((ex.path, dict(ex.headers), ex.body()))
        ex.start(200, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    flavour.server.script(*[record] * 6)
    client = flavour.client()
    flavour.call(client, "upload_raw", body=path)
    with open(path, "rb") as file:
        file.seek(1000)  # sent from where it stands
        flavour.call(client, "upload_raw", body=file)
        assert not file.closed
    flavour.call(client, "upload_raw", body=("x.png", content[:10], "image/png"))
    flavour.call(client, "upload_form", file=path)
    flavour.call(client, "upload_form", file=("named.bin", io.BytesIO(content), "application/x-thing"))
    flavour.call(client, "upload_form", file=content[:5])
    assert seen[0][2] == content and seen[0][1]["content-length"] == "200000"
    assert seen[0][1]["content-type"] == "application/octet-stream"
    assert seen[1][2] == content[1000:] and seen[1][1]["content-length"] == "199000"
    assert seen[2][2] == content[:10] and seen[2][1]["content-type"] == "image/png"
    assert b'filename="photo.png"\r\nContent-Type: image/png\r\n\r\n' + content in seen[3][2]
    assert b'name="title"' in seen[3][2]
    assert b'filename="named.bin"\r\nContent-Type: application/x-thing\r\n\r\n' + content in seen[4][2]
    assert b'name="file"; filename="file"' in seen[5][2]


def test_an_upload_retried_is_read_again_from_its_start(flavour: Flavour, tmp_path: Path) -> None:
    content = os.urandom(300_000)
    path = tmp_path / "data.bin"
    path.write_bytes(content)
    bodies: list[bytes] = []

    def refuse(ex: Exchange) -> None:
        bodies.append(ex.body())
        ex.start(503, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    def accept(ex: Exchange) -> None:
        bodies.append(ex.body())
        ex.start(200, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    flavour.server.script(refuse, accept, refuse, accept, refuse, accept)
    client = flavour.client()
    flavour.call(client, "upload_raw", body=path)
    with open(path, "rb") as file:
        file.seek(7)
        flavour.call(client, "upload_raw", body=file)
        file.seek(7)
        flavour.call(client, "upload_form", file=file)
    assert bodies[0] == bodies[1] == content
    assert bodies[2] == bodies[3] == content[7:]
    assert bodies[4] == bodies[5] and content[7:] in bodies[5]


def test_an_upload_from_a_pipe_is_sent_once(flavour: Flavour) -> None:
    def refuse(ex: Exchange) -> None:
        ex.body()
        ex.start(503, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    flavour.server.script(refuse, refuse)
    client = flavour.client(max_retries=3)
    read_end, write_end = os.pipe()
    os.write(write_end, b"streamed from a pipe")
    os.close(write_end)
    with open(read_end, "rb") as pipe:
        with pytest.raises(InternalServerError):
            flavour.call(client, "upload_raw", body=pipe)
    assert flavour.server.count == 1


def test_an_upload_of_a_missing_file_is_refused_before_sending(flavour: Flavour, tmp_path: Path) -> None:
    from generator.runtime._exceptions import RequestValidationError

    client = flavour.client()
    with pytest.raises(RequestValidationError, match="body: cannot read the file to upload"):
        flavour.call(client, "upload_raw", body=tmp_path / "missing.bin")
    with pytest.raises(RequestValidationError, match="file: cannot read the file to upload"):
        flavour.call(client, "upload_form", file=tmp_path / "missing.bin")
    with pytest.raises(RequestValidationError, match="body: a file to upload must be opened in binary mode"):
        flavour.call(client, "upload_raw", body=io.StringIO("text"))
    assert flavour.server.count == 0


@pytest.mark.parametrize(
    ("kind", "action"),
    [("sync", "upload-raw"), ("async", "upload-raw"), ("sync", "upload-form"), ("async", "upload-form")],
)
def test_a_100_mb_upload_is_not_read_into_memory(
    kind: str, action: str, streaming_server: StreamingServer, tmp_path: Path
) -> None:
    path = tmp_path / "big.bin"
    digest = hashlib.sha256()
    with open(path, "wb") as out:
        for i in range(HUNDRED_MB // len(PATTERN)):
            piece = PATTERN[i % 256 :] + PATTERN[: i % 256]
            out.write(piece)
            digest.update(piece)
    received: list[tuple[int, str]] = []

    def count(ex: Exchange) -> None:
        received.append(ex.body_digest())
        ex.start(200, {"content-type": "application/json"}, length=2)
        ex.send(b"{}")

    streaming_server.script(count)
    result = _measure(kind, action, streaming_server.url, path)
    growth = result["peak_kib"] - result["baseline_kib"]
    print(f"{action} {kind}: peak RSS {result['peak_kib']} KiB, growth {growth} KiB")
    assert growth < BOUND_KIB, result
    size, sha = received[0]
    if action == "upload-raw":
        assert (size, sha) == (HUNDRED_MB, digest.hexdigest())
    else:
        assert HUNDRED_MB < size < HUNDRED_MB + 1000
