"""The test suite's own machinery: expected type errors proven in place by ``# type: ignore[code]``
under ``mypy --strict`` (tests/mypy_run.py), and the session's shared generations
(tests/generations.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from . import mypy_run
from .generations import Generations
from .goldens import GOLDEN, spec_of

MARKED = "x: int = 'a'  # type: ignore[assignment]\n"  # the error is there: the marker holds it
VANISHED = "x: int = 1  # type: ignore[assignment]\n"  # no error any more: the marker fails
OTHER_CODE = "x: int = 'a'  # type: ignore[arg-type]\n"  # another error than the one expected
SNIPPETS = {"marked.py": MARKED, "vanished.py": VANISHED, "other_code.py": OTHER_CODE}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    tmp = tmp_path_factory.mktemp("markers")
    for name, source in SNIPPETS.items():
        (tmp / name).write_text(source, encoding="utf-8")
    return mypy_run.run(list(SNIPPETS), cwd=tmp)


@pytest.mark.slow
def test_a_marked_error_that_is_there_passes(checked: subprocess.CompletedProcess[str]) -> None:
    assert "(checked 3 source files)" in checked.stdout, checked.stdout + checked.stderr
    assert mypy_run.errors(checked, "marked.py") == []


@pytest.mark.slow
def test_a_marked_error_that_went_away_fails_the_run(checked: subprocess.CompletedProcess[str]) -> None:
    assert checked.returncode == 1
    assert mypy_run.errors(checked, "vanished.py") == [
        'vanished.py:1: error: Unused "type: ignore" comment  [unused-ignore]'
    ], checked.stdout


@pytest.mark.slow
def test_a_marker_of_another_code_fails_the_run(checked: subprocess.CompletedProcess[str]) -> None:
    assert mypy_run.errors(checked, "other_code.py") == [
        'other_code.py:1: error: Unused "type: ignore" comment  [unused-ignore]',
        'other_code.py:1: error: Incompatible types in assignment (expression has type "str", variable has type'
        ' "int")  [assignment]',
    ], checked.stdout


def test_a_generation_is_made_once_and_shared(tmp_path: Path) -> None:
    spec = spec_of(GOLDEN / "minimal")
    generations = Generations(tmp_path / "shared", tmp_path / "own")
    (tmp_path / "shared").mkdir()
    files = generations.files(spec, "minimal")
    assert generations.files(spec, "minimal") is files
    assert Generations(tmp_path / "shared", tmp_path / "other").files(spec, "minimal") == files  # read, not made
    assert len(list((tmp_path / "shared").glob("*.json"))) == 1
    assert generations.files(spec, "other_name") != files  # the package name is part of the key
    folder = generations.folder(spec, "minimal")
    assert folder.is_relative_to(tmp_path / "own")
    assert (folder / "minimal" / "__init__.py").read_text(encoding="utf-8") == files["__init__.py"]
