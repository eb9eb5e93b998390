"""A scripted HTTP server on 127.0.0.1 for the runtime tests of the generated client.

Each test queues canned replies (``server.reply(...)``) and reads back what the server received
(``server.requests``). The ``loopback`` fixture starts a fresh server on a free port and stops it.

    def test_x(loopback):
        loopback.reply(503).reply(200, {"ok": True})
        ...
        assert len(loopback.requests) == 2
        assert loopback.requests[1].query["nextToken"] == ["t2"]
"""

from __future__ import annotations

import json
import sys
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

__all__ = ["Loopback", "Received", "Reply", "loopback"]


@dataclass
class Reply:
    """One canned answer. ``body`` is bytes as given, str as UTF-8, anything else as JSON."""

    status: int = 200
    body: Any = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    """Seconds to wait before answering (or before closing, with ``close``)."""
    close: bool = False
    """Close the connection without sending any answer."""
    trickle: float = 0.0
    """Seconds between chunks of the body (``chunk`` bytes each), after the headers at once."""
    chunk: int = 1

    def encoded(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode("utf-8")
        return json.dumps(self.body).encode("utf-8")


@dataclass
class Received:
    """One request as the server saw it. ``path`` is the raw (still percent-encoded) path."""

    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    """Lower-cased names."""
    body: bytes
    raw_query: str = ""
    """The query as sent (still percent-encoded)."""

    def json(self) -> Any:
        return json.loads(self.body)


class Loopback:
    """The server's script (replies to give) and record (requests received)."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Received] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        self._server.loopback = self  # type: ignore[attr-defined]
        self.port: int = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True)

    def reply(
        self,
        status: int = 200,
        body: Any = b"",
        *,
        headers: dict[str, str] | None = None,
        delay: float = 0.0,
        close: bool = False,
        trickle: float = 0.0,
        chunk: int = 1,
    ) -> Loopback:
        """Queue one answer; returns self so calls chain."""
        self.replies.append(Reply(status, body, dict(headers or {}), delay, close, trickle, chunk))
        return self

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.requests)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers that are delaying an answer
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _take(self, received: Received) -> Reply:
        with self._lock:
            self.requests.append(received)
            if self.replies:
                return self.replies.popleft()
        return Reply(599, {"error": "loopback: no reply scripted"})


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return  # the client closed its end (a timeout, an unread body): nothing to report
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the client's connection pool expects
    disable_nagle_algorithm = True  # no 40 ms stalls between the header and body writes

    def _handle(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        url = urlsplit(self.path)
        owner: Loopback = self.server.loopback  # type: ignore[attr-defined]
        reply = owner._take(
            Received(
                method=self.command,
                path=url.path,
                query=parse_qs(url.query, keep_blank_values=True),
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
                raw_query=url.query,
            )
        )
        if reply.delay and owner._stopping.wait(reply.delay):
            reply.close = True  # the server is stopping: do not answer a client long gone
        if reply.close:
            self.close_connection = True
            return
        content = reply.encoded()
        try:
            self.send_response(reply.status)
            for name, value in reply.headers.items():
                self.send_header(name, value)
            if "content-type" not in {k.lower() for k in reply.headers}:
                self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(content)))
            self.end_headers()
            if not reply.trickle:
                self.wfile.write(content)
                return
            self.wfile.flush()
            for start in range(0, len(content), reply.chunk):
                self.wfile.write(content[start : start + reply.chunk])
                self.wfile.flush()
                if owner._stopping.wait(reply.trickle):
                    self.close_connection = True
                    return
        except OSError:  # the client gave up (timeout) and closed its end
            self.close_connection = True

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def loopback() -> Iterator[Loopback]:
    server = Loopback()
    server.start()
    try:
        yield server
    finally:
        server.stop()
