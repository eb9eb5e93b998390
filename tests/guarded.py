"""Run ``python -m generator generate`` in a guarded subprocess, for the hostile-spec tests.

The child runs under a time limit, an address-space cap (RLIMIT_AS) and an audit hook that
records every attempt to open a network connection or to open a file under a forbidden path;
its own peak memory is read from ``os.wait4``. A TCP listener on 127.0.0.1 counts the
connections it receives, so a test can give specs a ``$ref`` to it and assert zero.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCATED = re.compile(r"^\S+#(/\S*)?: .+$")
TIME_LIMIT = 10.0
MEMORY_LIMIT = 500 * 1024 * 1024
ADDRESS_SPACE = 1024 * 1024 * 1024
"""RLIMIT_AS of the child: virtual memory is larger than resident; the 500 MB bound is checked on the peak RSS."""

# The child: an audit hook writes a line to $GUARD_EVENTS for each network attempt or each open of
# a path under one of $GUARD_FORBIDDEN (os.pathsep-separated), then the generator runs as usual.
# (openapi-spec-validator reads its own bundled schemas through urllib with file: URLs.)
_CHILD = r"""
import os, runpy, sys
_log = open(os.environ["GUARD_EVENTS"], "a", encoding="utf-8", buffering=1)
_forbidden = tuple(p for p in os.environ.get("GUARD_FORBIDDEN", "").split(os.pathsep) if p)
def _hook(event, args):
    if event in ("socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.sendto"):
        _log.write(f"{event} {args!r:.200}\n")
    elif event == "urllib.Request" and not str(args[0]).startswith("file:"):  # files: see "open"
        _log.write(f"{event} {args!r:.200}\n")
    elif event == "open" and _forbidden and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if path.startswith(_forbidden):
            _log.write(f"open {path}\n")
sys.addaudithook(_hook)
sys.argv = ["generator", *sys.argv[1:]]
runpy.run_module("generator", run_name="__main__", alter_sys=True)
"""


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    """CPU seconds of the child (user + system): the budget is work done, not the wall clock of a
    shared machine; a child that waits instead of working is killed at 3x the limit."""
    peak_bytes: int
    events: list[str]
    """Network attempts and opens of forbidden paths, as recorded by the audit hook."""

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def assert_guarded(self) -> None:
        """Exit 0 or 2, in time and memory, no traceback, no network, one located line per problem."""
        assert "Traceback" not in self.output, self.output
        assert self.returncode in (0, 2), (self.returncode, self.output)
        assert self.seconds < TIME_LIMIT, self.seconds
        assert self.peak_bytes < MEMORY_LIMIT, self.peak_bytes
        assert self.events == [], self.events
        for line in self.stderr.splitlines():
            assert LOCATED.match(line), f"not a located `FILE#/pointer: message` line: {line!r}"
        if self.returncode == 2:
            assert self.stderr.strip(), "exit 2 without a problem"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    os.setsid()


def run_guarded(args: Sequence[str], *, cwd: Path = ROOT, forbidden: Sequence[Path] = ()) -> Outcome:
    """``python -m generator <args>``, guarded; the result with its time, peak memory and events."""
    with tempfile.TemporaryDirectory() as scratch:
        events = Path(scratch) / "events"
        out, err = Path(scratch) / "stdout", Path(scratch) / "stderr"
        env = {
            **os.environ,
            "GUARD_EVENTS": str(events),
            "GUARD_FORBIDDEN": os.pathsep.join(str(p) for p in forbidden),
            "PYTHONPATH": str(ROOT),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        with out.open("wb") as stdout, err.open("wb") as stderr:
            child = subprocess.Popen(
                [sys.executable, "-c", _CHILD, *args],
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                preexec_fn=_limits,
            )
            timer = threading.Timer(TIME_LIMIT * 3, lambda: os.killpg(child.pid, signal.SIGKILL))
            timer.start()
            try:
                _, status, usage = os.wait4(child.pid, 0)
            finally:
                timer.cancel()
            child.returncode = os.waitstatus_to_exitcode(status)
        return Outcome(
            returncode=child.returncode,
            stdout=out.read_text(encoding="utf-8", errors="replace"),
            stderr=err.read_text(encoding="utf-8", errors="replace"),
            seconds=usage.ru_utime + usage.ru_stime,
            peak_bytes=usage.ru_maxrss * 1024,
            events=events.read_text(encoding="utf-8").splitlines() if events.exists() else [],
        )


class Listener:
    """A TCP socket on 127.0.0.1 that accepts and counts connections (and answers nothing)."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.05)
        self.port: int = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    try:
        yield server
    finally:
        server.close()
