"""The garbage collector around loading (generator/load/collector.py): the command line's own
process freezes the loaded document before the validator's fork; a library call (these tests,
an application generating in process) keeps the collector as it was, and parsing never leaves it
disabled or enabled behind its caller's back."""

from __future__ import annotations

import gc
import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from generator import cli
from generator.load import collector

ROOT = Path(__file__).resolve().parent.parent.parent
SPEC = ROOT / "tests" / "fixtures" / "golden" / "minimal" / "spec.yaml"


@pytest.mark.parametrize("enabled", [True, False])
def test_paused_restores_the_collectors_state(enabled: bool) -> None:
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with collector.paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(ValueError), collector.paused():
            raise ValueError("a refused document")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_library_call_freezes_nothing(tmp_path: Path) -> None:
    frozen = gc.get_freeze_count()
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["generate", "--spec", str(SPEC), "--out", str(tmp_path), "--package", "pets"])
    assert code == 0, err.getvalue()
    assert gc.get_freeze_count() == frozen
    assert not collector.settle()


PROBE = """
import gc, sys
from generator.load import collector, reader
seen = []
settle = collector.settle
def probe():
    done = settle()
    seen.append((done, gc.get_freeze_count()))
    return done
collector.settle = probe
from generator import cli
code = cli.main()
assert code == 0, code
assert len(seen) == 1 and seen[0][0] and seen[0][1] > 1000, seen
"""


@pytest.mark.slow
def test_the_command_lines_process_freezes_the_loaded_document(tmp_path: Path) -> None:
    args = ["generate", "--spec", str(SPEC), "--out", str(tmp_path), "--package", "pets"]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
