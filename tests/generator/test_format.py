"""The generated modules are formatted by Ruff's formatter, and the output is Black's too: Black
leaves every module as Ruff wrote it, for this project's spec, every golden case and a corpus
document (``make lint`` runs ``black --check`` over generated/ and the goldens as written)."""

from __future__ import annotations

import os
from pathlib import Path

import black
import pytest
from black.mode import TargetVersion

from generator.emit import layout
from generator.emit.format import format_files
from generator.emit.render import RUNTIME_FILES, render
from generator.load.reader import load_document
from generator.lower.api import build_api
from generator.problems import SpecError
from tests.conftest import SPEC
from tests.corpus_report import CORPUS
from tests.goldens import cases, spec_of

BLACK = black.Mode(target_versions={TargetVersion.PY310}, line_length=layout.WIDTH)
BLACK_STUBS = black.Mode(target_versions={TargetVersion.PY310}, line_length=layout.WIDTH, is_pyi=True)
# a document of the corpus with every kind of construct the others have (unions, enums, long
# names, deep objects), small enough for Black to check in seconds
CORPUS_DOC = CORPUS / "openapi-python-client" / "baseline_openapi_3.1.yaml"


def _sources() -> list[tuple[str, Path]]:
    return [("botpress", SPEC), *((case.name, spec_of(case)) for case in cases())]


def _assert_black_keeps(files: dict[str, str]) -> None:
    for name, text in files.items():
        if name.endswith(".py"):
            assert black.format_str(text, mode=BLACK) == text, name
        elif name.endswith(".pyi"):
            assert black.format_str(text, mode=BLACK_STUBS) == text, name


@pytest.mark.parametrize(("label", "spec"), _sources(), ids=[label for label, _ in _sources()])
def test_the_formatted_package_is_black_formatted(label: str, spec: Path) -> None:
    files = format_files(render(build_api(load_document(spec), label)), label, frozenset(RUNTIME_FILES))
    _assert_black_keeps(files)


def test_a_corpus_package_is_black_formatted() -> None:
    if not CORPUS_DOC.is_file():
        pytest.skip(f"no corpus beside the checkout ({CORPUS_DOC})")
    files = format_files(render(build_api(load_document(CORPUS_DOC), "corpus")), "corpus", frozenset(RUNTIME_FILES))
    _assert_black_keeps(files)


def test_long_annotations_and_long_strings_are_laid_out_as_black_does() -> None:
    """The two statements where the formatters part: both keep the writer's layout."""
    member = "VeryLongModelNameOfAGeneratedUnionMemberNumber"
    alias = layout.string_value("Alias: TypeAlias = ", [f"{member}{i}" for i in range(4)], " | ")
    annotation = layout.parameter_annotation("argument", " | ".join(f"models.{member}{i}" for i in range(3)), "UNSET", 8)
    source = (
        f"Alias: TypeAlias = {alias}\n\n\nclass C:\n    def f(\n        self,\n        *,\n"
        f"        argument: {annotation} = UNSET,\n    ) -> None:\n        pass\n"
    )
    formatted = format_files({"m.py": source}, "m")["m.py"]
    assert formatted == black.format_str(source, mode=BLACK)
    assert alias.startswith("(\n") and annotation.startswith("(")


def test_stubs_are_formatted_in_stub_style() -> None:
    source = "from ._a import *\nclass A:\n    x: int\n\n\n\ndef f() -> None: ...\n"
    formatted = format_files({"m.pyi": source}, "m")["m.pyi"]
    assert formatted == black.format_str(source, mode=BLACK_STUBS)


def test_the_users_ruff_settings_do_not_change_the_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 20\n[tool.ruff.format]\nquote-style = 'single'\n")
    (tmp_path / "ruff.toml").write_text("line-length = 20\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the formatter's folder inside the user's project
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    source = 'value = {"first": 1, "second": 2, "third": 3}\n'
    assert format_files({"build/m.py": source}, "m") == {"build/m.py": source}
    assert not list(tmp_path.rglob(".ruff_cache")), "the formatter wrote a cache"
    assert sorted(os.listdir(tmp_path)) == ["pyproject.toml", "ruff.toml"]


def test_other_files_and_verbatim_modules_pass_unchanged() -> None:
    files = {"README.md": "# x  \n", "_runtime.py": "x = ( 1 )\n", "m.py": "x = ( 1 )\n"}
    assert format_files(files, "m", frozenset({"_runtime.py"})) == {**files, "m.py": "x = 1\n"}


def test_generated_code_that_does_not_parse_is_a_located_problem() -> None:
    with pytest.raises(SpecError) as caught:
        format_files({"models/_a.py": "def f(:\n"}, "pkg")
    assert "generated code does not parse" in str(caught.value) and "_a.py" in str(caught.value)
