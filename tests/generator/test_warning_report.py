"""Warnings that help (issue 36): on a public document of ../shared/corpus, what loses something
comes first, one line each; what the generator resolved by itself is one line per class with a
count and the first example (every line with ``--verbose``); one summary line ends the run,
under ``--strict`` too. The outputs are snapshots (tests/fixtures/warnings/), read from the corpus
in place (nothing of it is copied here).

To refresh the snapshots after a deliberate change, run

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/generator/test_warning_report.py

and review the diff of the ``.expected`` files before committing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from generator.problem_classes import CLASSES, Kind, of
from generator.problems import Problem
from generator.warning_report import Policy, counts, report_lines, summary

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
DOCUMENT = CORPUS / "openapi-python-client" / "baseline_openapi_3.0.json"
SNAPSHOTS = ROOT / "tests" / "fixtures" / "warnings"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"
CLASS = re.compile(r" \[([a-z0-9-]+)(?:: first of (\d+))?\]$")


def _generate(out: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    if not DOCUMENT.is_file():
        pytest.fail(f"{DOCUMENT} is missing: the corpus lives in ../shared/corpus")
    return subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", os.path.relpath(DOCUMENT, ROOT)]
        + ["--out", str(out), "--package", "baseline", "--overwrite", *flags],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CODEGEN_NO_CACHE": "1"},
    )


def _snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    out = tmp_path_factory.mktemp("warnings")
    return {
        "grouped": _generate(out),
        "verbose": _generate(out, "--verbose"),
        "strict": _generate(out, "--strict"),
    }


def test_grouped_output_and_summary(runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = runs["grouped"]
    assert result.returncode == 0, result.stderr
    _snapshot("baseline_openapi_3.0.grouped.expected", result.stderr)
    *lines, last = result.stderr.splitlines()
    severities = [of(CLASS.search(line).group(1)).severity for line in lines]  # type: ignore[union-attr]
    # what loses something first, then the notes: one per class
    assert severities == sorted(severities, key=lambda s: s == "resolved")
    notes = [CLASS.search(line).group(1) for line in lines if ": note: " in line]  # type: ignore[union-attr]
    assert len(notes) == len(set(notes)) and any(" first of " in line for line in lines)
    assert last.endswith("; see --verbose")


def test_verbose_shows_every_line_the_summary_counts(runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = runs["verbose"]
    assert result.returncode == 0, result.stderr
    _snapshot("baseline_openapi_3.0.verbose.expected", result.stderr)
    *lines, last = result.stderr.splitlines()
    found = re.search(r"; (\d+) left out, (\d+) degraded, (\d+) resolved by the generator$", last)
    assert found, last
    assert sum(map(int, found.groups())) == len(lines)
    assert all(" first of " not in line for line in lines)
    grouped = runs["grouped"].stderr.splitlines()
    assert grouped[-1] == last + "; see --verbose"  # the same counts, grouped or not


def test_strict_fails_after_every_line_with_the_summary(runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = runs["strict"]
    assert result.returncode == 2
    _snapshot("baseline_openapi_3.0.strict.expected", result.stderr)
    last = result.stderr.splitlines()[-1]
    assert "; fatal: " in last and last.endswith("(exit 2); see --verbose")


def _p(kind: str, n: int) -> Problem:
    return Problem("api.yaml", f"/components/schemas/S{n}", f"problem {n}", kind)


def test_silenced_classes_are_counted_never_shown_nor_fatal() -> None:
    problems = [_p("member-renamed", 1), _p("member-renamed", 2), _p("typed-any", 3), _p("pattern-unchecked", 4)]
    policy = Policy(strict=True, silence=frozenset({"typed-any", "member-renamed"}))
    lines, hidden = report_lines(problems, policy)
    assert lines == ["api.yaml#/components/schemas/S4: warning: problem 4 [pattern-unchecked]"]
    assert not hidden
    assert policy.fatal_classes(counts(problems)) == ["pattern-unchecked"]
    text = summary("api.yaml", 1, 4, counts(problems), policy, hidden)
    assert text == (
        "api.yaml#: 1 operation, 4 models; 0 left out, 2 degraded, 2 resolved by the generator (3 silenced);"
        " fatal: pattern-unchecked (exit 2)"
    )


def test_a_fatal_resolved_class_shows_every_line() -> None:
    problems = [_p("class-renamed", 1), _p("class-renamed", 2)]
    lines, _ = report_lines(problems, Policy(fatal=frozenset({"class-renamed"})))
    assert [line.split(": ")[1] for line in lines] == ["warning", "warning"]
    lines, hidden = report_lines(problems, Policy())
    assert lines == ["api.yaml#/components/schemas/S1: note: problem 1 [class-renamed: first of 2]"] and hidden


def test_the_registry_holds_every_class_name() -> None:
    assert set(get_args(Kind)) == set(CLASSES)
    assert all(name == c.name for name, c in CLASSES.items())


def test_every_class_is_documented_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [name for name in CLASSES if f"`{name}`" not in readme]
    assert not missing, f"README.md does not document: {missing}"
