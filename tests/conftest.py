"""Shared fixtures: paths, the committed generated package on sys.path, the command line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
SPEC = ROOT / "spec" / "openapi.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

if str(GENERATED) not in sys.path:
    sys.path.insert(0, str(GENERATED))

from .loopback import loopback  # noqa: E402,F401 - the fixture, for every test module
from .streaming_server import streaming_server  # noqa: E402,F401 - the same, for streaming tests


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line run in this process: its exit code, stdout and stderr."""
    from generator import cli

    capsys.readouterr()
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
