"""Each fixture spec generates exactly its committed golden package (``make goldens`` updates)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.write.files import diff_package
from tests.generations import Generations
from tests.goldens import SPEC_INDEPENDENT, cases, expected_dir, render_case, spec_of

CASES = cases()


def test_there_are_golden_cases() -> None:
    assert len(CASES) >= 7


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden(case: Path, generations: Generations) -> None:
    generated = generations.files(spec_of(case), case.name)
    files = {name: text for name, text in generated.items() if name not in SPEC_INDEPENDENT}
    diff = diff_package(files, expected_dir(case), f"expected/{case.name}")
    assert not diff, f"generated output differs from the golden files (run `make goldens`):\n{diff}"


@pytest.mark.parametrize("case", CASES[:2], ids=[c.name for c in CASES[:2]])
def test_generation_is_deterministic(case: Path) -> None:
    assert render_case(case) == render_case(case)  # two generations, never the shared one
