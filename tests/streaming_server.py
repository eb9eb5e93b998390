"""A scripted HTTP/1.1 server on 127.0.0.1 for streaming tests: each request is handed to a
function that writes the answer piece by piece (chunked or not, with pauses), reads the request
body as a stream (never all in memory unless asked), and learns when the client went away.

    def test_x(streaming_server):
        def answer(ex: Exchange) -> None:
            ex.start(200, {"content-type": "text/event-stream"})
            ex.send(b"data: 1\\n\\n")
            ex.end()
        streaming_server.script(answer)
        ...
"""

from __future__ import annotations

import hashlib
import socket
import socketserver
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import pytest

__all__ = ["Exchange", "StreamingServer", "streaming_server"]


class Exchange:
    """One request and the writing of its answer."""

    def __init__(self, server: StreamingServer, rfile: Any, sock: socket.socket) -> None:
        self._server = server
        self._rfile = rfile
        self._sock = sock
        line = rfile.readline(65537).decode("latin-1").rstrip("\r\n")
        if not line:
            raise ConnectionResetError("no request")
        self.method, self.path, _ = line.split(" ", 2)
        self.headers: dict[str, str] = {}
        while True:
            header = rfile.readline(65537).decode("latin-1").rstrip("\r\n")
            if not header:
                break
            name, _, value = header.partition(":")
            self.headers[name.strip().lower()] = value.strip()
        self._chunked_out = False
        self._body_done = False
        self.received = b""
        self.disconnected = threading.Event()
        """Set when a write failed: the client closed its end."""

    # -- the request body

    def body_chunks(self) -> Iterator[bytes]:
        """The request body as it arrives (Content-Length or chunked)."""
        if self._body_done:
            return
        self._body_done = True
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            while True:
                size = int(self._rfile.readline(1024).split(b";")[0].strip(), 16)
                if size == 0:
                    while self._rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                        pass
                    return
                left = size
                while left:
                    data = self._rfile.read(min(left, 1 << 16))
                    if not data:
                        raise ConnectionResetError("body cut")
                    left -= len(data)
                    yield data
                self._rfile.readline(1024)
        else:
            left = int(self.headers.get("content-length") or 0)
            while left:
                data = self._rfile.read(min(left, 1 << 16))
                if not data:
                    raise ConnectionResetError("body cut")
                left -= len(data)
                yield data

    def body(self) -> bytes:
        """The request body (read whole, then kept)."""
        if not self._body_done:
            self.received = b"".join(self.body_chunks())
        return self.received

    def body_digest(self) -> tuple[int, str]:
        """The body's size and SHA-256, read without keeping it."""
        digest = hashlib.sha256()
        size = 0
        for chunk in self.body_chunks():
            digest.update(chunk)
            size += len(chunk)
        return size, digest.hexdigest()

    # -- the answer

    def start(self, status: int = 200, headers: dict[str, str] | None = None, *, length: int | None = None) -> None:
        """Send the status line and headers: chunked unless ``length`` is given."""
        lines = [f"HTTP/1.1 {status} X"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if length is None:
            lines.append("transfer-encoding: chunked")
            self._chunked_out = True
        else:
            lines.append(f"content-length: {length}")
        self._write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))

    def send(self, data: bytes) -> bool:
        """Send a piece of the body now; ``False`` when the client has gone."""
        if not data:
            return not self.disconnected.is_set()
        if self._chunked_out:
            data = f"{len(data):x}\r\n".encode() + data + b"\r\n"
        return self._write(data)

    def end(self) -> None:
        if self._chunked_out:
            self._write(b"0\r\n\r\n")

    def drop(self) -> None:
        """Cut the connection now (no end of the body)."""
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.disconnected.set()

    def wait(self, seconds: float) -> bool:
        """Sleep; ``False`` when the server is stopping."""
        return not self._server._stopping.wait(seconds)

    def hold_until_gone(self, interval: float = 0.05, data: bytes = b": keep-alive\n\n") -> bool:
        """Send ``data`` every ``interval`` until the client goes (``True``) or the server stops."""
        while self.wait(interval):
            if not self.send(data):
                return True
        return False

    def _write(self, data: bytes) -> bool:
        if self.disconnected.is_set():
            return False
        try:
            self._sock.sendall(data)
            return True
        except OSError:
            self.disconnected.set()
            return False


Handler = Callable[[Exchange], None]


class StreamingServer:
    """Requests are answered by the scripted handlers in turn (one per request)."""

    def __init__(self) -> None:
        self.handlers: deque[Handler] = deque()
        self.exchanges: list[Exchange] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        owner = self

        class _Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                while not owner._stopping.is_set():
                    try:
                        ex = Exchange(owner, self.rfile, self.connection)
                    except (ConnectionError, OSError, ValueError):
                        return
                    with owner._lock:
                        owner.exchanges.append(ex)
                        handler = owner.handlers.popleft() if owner.handlers else _unscripted
                    try:
                        handler(ex)
                        for _ in ex.body_chunks():  # what the handler left unread
                            pass
                    except (ConnectionError, OSError):
                        ex.disconnected.set()
                        return
                    if ex.disconnected.is_set():
                        return

        class _Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                if isinstance(sys.exc_info()[1], (ConnectionError, OSError)):
                    return
                super().handle_error(request, client_address)

        self._server = _Server(("127.0.0.1", 0), _Handler)
        self.port: int = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True)

    def script(self, *handlers: Handler) -> StreamingServer:
        self.handlers.extend(handlers)
        return self

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.exchanges)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def _unscripted(ex: Exchange) -> None:
    body = b'{"error": "no answer scripted"}'
    ex.start(599, {"content-type": "application/json"}, length=len(body))
    ex.send(body)


@pytest.fixture
def streaming_server() -> Iterator[StreamingServer]:
    server = StreamingServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
