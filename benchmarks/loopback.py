"""A tiny threaded HTTP/1.1 server on 127.0.0.1 for the client-overhead benchmark.

Run as a child process by bench.py (so that its threads do not share the measuring
process's GIL): it prints its port on stdout, then answers, with keep-alive,
- GET  -> 200, a canned GetTable JSON body;
- POST -> 200, a canned GetOrCreateTable JSON body (the request body is read and dropped).
It stops on SIGTERM, when its stdin closes, or by itself after ``--lifetime`` seconds.
"""

from __future__ import annotations

import argparse
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import payloads

GET_BODY = payloads.wire(payloads.get_table_response())
POST_BODY = payloads.wire(payloads.get_or_create_table_response())


def _response(body: bytes) -> bytes:
    head = (
        "HTTP/1.1 200 OK\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: keep-alive\r\n"
        "\r\n"
    )
    return head.encode("ascii") + body


GET_RESPONSE = _response(GET_BODY)
POST_RESPONSE = _response(POST_BODY)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_GET(self) -> None:
        self.wfile.write(GET_RESPONSE)  # status line, headers and body in one write

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        if length:
            self.rfile.read(length)
        self.wfile.write(POST_RESPONSE)

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=600.0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    stop = threading.Event()

    def watch_stdin() -> None:
        sys.stdin.read()  # returns at EOF: the parent is gone or done
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True).start()
    print(server.server_address[1], flush=True)
    stop.wait(args.lifetime)
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
