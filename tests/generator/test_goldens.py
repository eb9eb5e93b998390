"""Each fixture spec generates exactly its committed golden package (``make goldens`` updates)."""

from __future__ import annotations

import pytest

from generator.write.files import diff_package
from tests.goldens import cases, expected_dir, render_case

CASES = cases()


def test_there_are_golden_cases() -> None:
    assert len(CASES) >= 7


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden(case) -> None:  # type: ignore[no-untyped-def]
    files = render_case(case)
    diff = diff_package(files, expected_dir(case), f"expected/{case.name}")
    assert not diff, f"generated output differs from the golden files (run `make goldens`):\n{diff}"


@pytest.mark.parametrize("case", CASES[:2], ids=[c.name for c in CASES[:2]])
def test_generation_is_deterministic(case) -> None:  # type: ignore[no-untyped-def]
    assert render_case(case) == render_case(case)
