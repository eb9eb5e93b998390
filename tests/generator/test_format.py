"""Formatting block by block (in parallel, cached) gives exactly Black's output for the module;
the runtime modules, copied without formatting, are Black's output already."""

from __future__ import annotations

import black
import pytest

from generator.emit.blocks import ONE_BLANK_LINE, PART, STATEMENT, TWO_BLANK_LINES, UNIT, Unit, blocks, without_cuts
from generator.emit.format import MODE, format_files
from generator.emit.render import RUNTIME_FILES, render
from generator.load.reader import load_document
from generator.lower.api import build_api
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
    verbatim = frozenset(RUNTIME_FILES)
    cold = format_files(files, label, verbatim)
    warm = format_files(files, label, verbatim)  # every block now comes from the cache
    for name, source in files.items():
        if name.endswith(".py"):
            assert cold[name] == black.format_str(without_cuts(source), mode=MODE), name
    assert warm == cold
    assert any(tmp_path.rglob("*")), "the cache was not written"
    # the cuts were used: top-level units and methods formatted one by one
    cut = {name: blocks(files[name]) for name in ("models/_table.py", "_client.py") if name in files}
    assert all(len(units) > 1 for units in cut.values()), cut.keys()
    if "_client.py" in cut:
        assert any(indent == 4 for unit in cut["_client.py"] for _, indent in unit.parts)


def test_blocks_are_cut_at_the_marks_only() -> None:
    source = "\n".join(
        [
            'x = """',
            "class NotCut:",  # inside a string, unmarked: not a cut
            '"""',
            UNIT,
            "",
            "",
            "@decorator",
            "class A:",
            '    """Doc."""',
            f"    {PART}",
            "",
            "    def f(self):",
            "        pass",
            PART,
            "",
            "    def g(self):",
            "        pass",
            UNIT,
            "",
            "",
            "def h():",
            "    pass",
            "",
        ]
    )
    units = blocks(source)
    assert [[(text.splitlines()[0], indent) for text, indent in unit.parts] for unit in units] == [
        [('x = """', 0)],
        [("@decorator", 0), ("def f(self):", 4), ("def g(self):", 4)],
        [("def h():", 0)],
    ]
    assert UNIT not in without_cuts(source) and PART not in without_cuts(source)


def test_a_method_that_cannot_be_dedented_stays_in_its_class() -> None:
    source = "\n".join(["class A:", PART, "    def f(self):", '        s = """', "at column 0", '"""', ""])
    assert blocks(source) == [Unit(TWO_BLANK_LINES, [(without_cuts(source), 0)])]


def test_statement_cuts_keep_the_one_blank_line_between_statements() -> None:
    doc = '"""Doc of A."""'
    source = "\n".join(['A: TypeAlias = Literal["a"]', doc, STATEMENT, "B = 1", STATEMENT, "C = 2", ""])
    units = blocks(source)
    assert [unit.gap for unit in units] == [TWO_BLANK_LINES, ONE_BLANK_LINE, ONE_BLANK_LINE]
    assert [unit.parts for unit in units] == [
        [(f'A: TypeAlias = Literal["a"]\n{doc}\n', 0)],
        [("B = 1\n", 0)],
        [("C = 2\n", 0)],
    ]
    assert without_cuts(source) == f'A: TypeAlias = Literal["a"]\n{doc}\n\nB = 1\n\nC = 2\n'
    formatted = format_files({"m.py": source}, "m")["m.py"]
    assert formatted == black.format_str(without_cuts(source), mode=MODE) == without_cuts(source)
