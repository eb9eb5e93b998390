"""Formatting block by block (in parallel, cached) gives exactly Black's output for the module."""

from __future__ import annotations

import black
import pytest

from generator.build import build_api
from generator.format import MODE, _blocks, format_files
from generator.load import load_document
from generator.render import render
from tests.conftest import SPEC
from tests.goldens import cases, spec_of


def _sources() -> list[tuple[str, dict[str, str]]]:
    out = [("botpress", render(build_api(load_document(SPEC), "botpress_client")))]
    for case in cases():
        out.append((case.name, render(build_api(load_document(spec_of(case)), case.name))))
    return out


SOURCES = _sources()


@pytest.mark.parametrize(("label", "files"), SOURCES, ids=[label for label, _ in SOURCES])
def test_block_formatting_equals_whole_module_formatting(label: str, files: dict[str, str], tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CODEGEN_CACHE_DIR", str(tmp_path))
    cold = format_files(files, label)
    warm = format_files(files, label)  # every block now comes from the cache
    for name, source in files.items():
        if name.endswith(".py"):
            assert cold[name] == black.format_str(source, mode=MODE), name
    assert warm == cold
    assert any(tmp_path.rglob("*")), "the cache was not written"


def test_blocks_cut_only_between_top_level_definitions() -> None:
    source = "\n".join(
        [
            'x = """',
            "class Fake:",  # inside a string: not a cut
            '"""',
            "",
            "",
            "@decorator",
            "class A:",
            "    def f(self):",
            "        pass",
            "",
            "",
            "def g():",
            "    pass",
            "",
        ]
    )
    units = _blocks(source)
    assert [unit[0][0].splitlines()[0] for unit in units] == ['x = """', "@decorator", "def g():"]
    assert "\n\n".join(part for unit in units for part, _ in unit) == source
