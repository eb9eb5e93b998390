"""Answers whose framing lies: a Content-Length that announces less or more than is sent, a
small one dripped slowly, a huge one, headers dripped byte by byte. Each call ends in a typed
error (keeping the status and the body read) within its deadline, for ``Client`` and
``AsyncClient``, on the client's own httpx client (sent straight to the transport) and on a
caller's (through ``httpx.Client.send``).

The server is a bare socket (``Script``): the loopback server of the other tests always frames
its answers correctly.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from botpress_client import errors

from .conftest import Api
from .test_adversarial_server import bounded, get_table
from .test_runtime import GET_TABLE

pytestmark = pytest.mark.usefixtures("isolation")

BODY = json.dumps(GET_TABLE).encode()


class Script:
    """A server on 127.0.0.1 answering each connection's first request with ``parts``: bytes
    sent as they are, a float slept (seconds); then the connection is closed (or held open
    until the test ends, with ``hold``)."""

    def __init__(self, *parts: bytes | float, hold: bool = False) -> None:
        self.parts = parts
        self.hold = hold
        self.done = threading.Event()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.1)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.done.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:  # the accept timeout: look at done again
                continue
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.recv(65536)
                for part in self.parts:
                    if isinstance(part, float):
                        if self.done.wait(part):
                            return
                    else:
                        conn.sendall(part)
                if self.hold:
                    self.done.wait(30)
            except OSError:  # the client gave up and closed its end
                pass

    def close(self) -> None:
        self.done.set()
        self.thread.join(5)
        self.sock.close()


@pytest.fixture
def script() -> Iterator[Any]:
    made: list[Script] = []

    def make(*parts: bytes | float, hold: bool = False) -> Script:
        made.append(Script(*parts, hold=hold))
        return made[-1]

    yield make
    for server in made:
        server.close()


def head(status: int = 200, length: int | None = None, extra: str = "") -> bytes:
    framing = f"content-length: {length}\r\n" if length is not None else ""
    reason = {200: "OK", 500: "Internal Server Error"}[status]
    return f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n{framing}{extra}\r\n".encode()


@pytest.fixture(params=["own", "injected"])
def make_client(request: pytest.FixtureRequest, api: Api) -> Iterator[Any]:
    """The client of a test: with its own httpx client, or a caller's."""
    injected: list[Any] = []

    def make(**kwargs: Any) -> Any:
        kwargs.setdefault("max_retries", 0)
        if request.param == "injected":
            injected.append(httpx.AsyncClient() if api.is_async else httpx.Client())
            kwargs["http_client"] = injected[-1]
        client = api.client(**kwargs)
        assert client._direct == (request.param == "own")
        return client

    yield make
    for http in injected:
        if api.is_async:
            api.run(http.aclose())
        else:
            http.close()


def test_body_shorter_than_announced_is_a_connection_error(api: Api, script: Any, make_client: Any) -> None:
    server = script(head(length=len(BODY) + 500) + BODY)  # then the connection closes
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url)))
    assert type(err) is errors.ApiConnectionError, repr(err)
    assert isinstance(err.__cause__, httpx.RemoteProtocolError)
    assert elapsed < 2.0


def test_body_longer_than_announced_is_cut_at_the_announced_length(api: Api, script: Any, make_client: Any) -> None:
    server = script(head(length=10) + BODY)
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url)))
    assert type(err) is errors.ResponseDecodeError, repr(err)
    assert err.status_code == 200 and err.body == BODY[:10].decode()
    assert elapsed < 2.0


def test_small_announced_body_dripped_slowly_ends_at_the_deadline(api: Api, script: Any, make_client: Any) -> None:
    drip: list[bytes | float] = [head(length=len(BODY))]
    for i in range(len(BODY)):  # one byte every 0.1 s: 10 s in all
        drip += [BODY[i : i + 1], 0.1]
    server = script(*drip)
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url, timeout=1.0)))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def test_huge_announced_body_is_refused_at_the_size_bound(api: Api, script: Any, make_client: Any) -> None:
    server = script(head(length=1 << 40) + b"[" + b"1," * 5000, hold=True)  # then silence
    client = make_client(base_url=server.url, max_response_bytes=4096, timeout=5.0)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.ResponseTooLargeError, repr(err)
    assert err.status_code == 200 and err.body_truncated
    assert elapsed < 2.0  # stopped at the bound, not at the 5 s timeout


def test_error_status_with_a_lying_length_keeps_its_status(api: Api, script: Any, make_client: Any) -> None:
    server = script(head(500, length=4) + b'{"message": "boom"}')
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url)))
    assert type(err) is errors.InternalServerError, repr(err)
    assert err.status_code == 500 and err.body == '{"me'
    assert elapsed < 2.0


def test_headers_dripped_byte_by_byte_end_at_the_deadline(api: Api, script: Any, make_client: Any) -> None:
    drip: list[bytes | float] = []
    for byte in head(length=len(BODY)):  # about 75 bytes, one every 0.05 s
        drip += [bytes([byte]), 0.05]
    server = script(*drip, BODY)
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url, timeout=1.0)))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def _dripped(data: bytes, every: float) -> list[bytes | float]:
    parts: list[bytes | float] = []
    for byte in data:
        parts += [bytes([byte]), every]
    return parts


CHUNKED = head(extra="transfer-encoding: chunked\r\n")


@pytest.mark.parametrize(
    "drip",
    [
        # a chunked body whose chunk-size line drips (h11 allows 16 KiB of it: hours at this pace)
        [CHUNKED, *_dripped(b"0" * 400, 0.05)],
        # chunk extensions, dripped: no data ever, only framing
        [CHUNKED, *_dripped(b"1;" + b"x" * 400, 0.05)],
        # one byte of body per chunk, each chunk dripped
        [CHUNKED, *[p for i in range(100) for p in _dripped(b"1\r\n" + BODY[i : i + 1] + b"\r\n", 0.02)]],
    ],
    ids=["chunk-size", "chunk-extension", "one-byte-chunks"],
)
def test_chunked_body_dripped_ends_at_the_deadline(api: Api, script: Any, make_client: Any, drip: list[Any]) -> None:
    server = script(*drip)
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url, timeout=1.0)))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def test_endless_continue_answers_end_at_the_deadline(api: Api, script: Any, make_client: Any) -> None:
    server = script(*[p for _ in range(200) for p in (b"HTTP/1.1 100 Continue\r\n\r\n", 0.05)])
    err, elapsed = bounded(api, get_table(make_client(base_url=server.url, timeout=1.0)))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def test_total_timeout_ends_a_dripped_answer(api: Api, script: Any, make_client: Any) -> None:
    """Each attempt bounded by the time left of the call's: ``total_timeout`` holds too."""
    server = script(*_dripped(head(length=len(BODY)), 0.05), BODY)
    client = make_client(base_url=server.url, timeout=30.0, total_timeout=1.0, max_retries=3)
    err, elapsed = bounded(api, get_table(client))
    assert type(err) is errors.ApiTimeoutError, repr(err)
    assert 0.9 <= elapsed < 2.0


def test_watchdog_keeps_few_alarms(loopback: Any) -> None:
    """Each sync attempt arms an alarm and cancels it; cancelled ones do not pile up."""
    from botpress_client import Client, _reading

    for _ in range(1000):
        loopback.reply(200, GET_TABLE)
    with Client(token="t", bot_id="b", base_url=loopback.url, timeout=60.0) as client:
        for _ in range(1000):
            client.get_table(table="T")
    watchdog = _reading._WATCHDOG
    assert watchdog._thread is not None and watchdog._thread.is_alive()
    assert len(watchdog._heap) <= 2 * 256 + 2
    assert all(entry[2].cancelled for entry in watchdog._heap)
