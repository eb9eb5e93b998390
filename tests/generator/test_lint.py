"""`make lint` reaches every Python file of the repository: a file a tool silently skips is a bug.

Black's default excludes hold folder names such as ``build`` (a stage folder named so was once
skipped without a word): the file lists come from the tools themselves, run the way the Makefile
runs them, and are compared with what git tracks.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED_BY_BLACK = re.compile(r"^(/.*\.pyi?) (?:already well formatted|wasn't modified on disk)", re.M)


def _tracked() -> set[Path]:
    out = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    return {(ROOT / line).resolve() for line in out.stdout.splitlines()}


def _lint_commands(tool: str) -> list[list[str]]:
    """The Makefile's lint commands of ``tool`` (a dry run of ``make lint``), verbose."""
    dry = subprocess.run(
        ["make", "--no-print-directory", "-n", "lint", "BLACK_FLAGS=--verbose"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    commands = [shlex.split(line) for line in dry.stdout.splitlines() if f"/{tool} " in line]
    assert commands, dry.stdout
    return commands


def test_black_checks_every_tracked_python_file() -> None:
    seen: set[Path] = set()
    for command in _lint_commands("black"):
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr[-2000:]
        seen |= {Path(path).resolve() for path in CHECKED_BY_BLACK.findall(run.stderr)}
    missed = sorted(str(p.relative_to(ROOT)) for p in _tracked() - seen)
    assert not missed, f"Black skips {missed}"


def test_ruff_checks_every_tracked_python_file_but_the_generated_ones() -> None:
    (command,) = _lint_commands("ruff")
    listed = subprocess.run([*command, "--show-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    seen = {Path(line).resolve() for line in listed.stdout.splitlines() if line.endswith(".py")}
    # Generated code is Black's and mypy's (make typecheck), not ruff's: its style is the output's.
    generated = {p for p in _tracked() if p.is_relative_to(ROOT / "generated") or "fixtures" in p.parts}
    missed = sorted(str(p.relative_to(ROOT)) for p in _tracked() - generated - seen)
    assert not missed, f"ruff skips {missed}"
