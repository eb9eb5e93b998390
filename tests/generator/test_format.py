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


_KEPT: set[tuple[bool, str]] = set()
"""(is a stub, text) of the modules Black already left unchanged in this process: every package
copies the same runtime modules, and Black is a pure function of the text and the mode, so each
distinct text is given to Black once (~3 s of CPU per package before)."""


def _assert_black_keeps(files: dict[str, str]) -> None:
    for name, text in files.items():
        if not name.endswith((".py", ".pyi")):
            continue
        stub = name.endswith(".pyi")
        if (stub, text) not in _KEPT:
            assert black.format_str(text, mode=BLACK_STUBS if stub else BLACK) == text, name
            _KEPT.add((stub, text))


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
    annotation = layout.parameter_annotation(
        "argument", " | ".join(f"models.{member}{i}" for i in range(3)), "UNSET", 8
    )
    assert layout.parameter_annotation("argument", f"list[{member}0 | {member}1 | {member}2]", "", 8).startswith("list")
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
    (tmp_path / "pyproject.toml").write_text(
        "[tool.ruff]\nline-length = 20\n[tool.ruff.format]\nquote-style = 'single'\n"
    )
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


_LONG = "ActionsSetSelfHostedRunnersPermissionsOrganizationBodyEnabledRepositoriesItemSettingsEntry"
_PARTING = (  # a module holding each statement where Ruff's output parts from Black's
    '"""A module."""\n\nfrom typing import TypeAlias, Literal\n\n'
    f'{_LONG}ReviewerTypeName: TypeAlias = Literal["TEAM", "ROLE"]\n\n'
    f'_{_LONG.upper()}_KEYS: frozenset[str] = frozenset({{"reviewer_id", "reviewer_type", "mode"}})\n\n\n'
    "class A:\n"
    '    """A class whose docstring ends on a line over the width with its closing quotes: Black puts\n'
    '    them on a line of their own, whatever Ruff does, so the module takes Black\'s form of it too."""\n\n'
    f"    enabled: {_LONG}Reviewer | None = None\n"
    '    """An attribute\'s docstring: not one to Black, so its last line stays as it is, however longer."""\n\n'
    "    def f(self, data: dict[str, list[object]]) -> object:\n"
    f"        return {{_k0: None if _v0 is None else [{_LONG}.from_dict(_v1) for _v1 in _v0] for _k0, _v0 in data.items()}}\n"
    "\n\ndef g(items: list[object]) -> list[object]:\n"
    f"    return [None if _v0 is None else {_LONG}Assignee.from_dict(_v0) for _v0 in items]\n"
)


def test_the_statements_where_ruff_parts_from_black_are_mended_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each statement is given Black's form without Black formatting the whole module (the cost
    on large documents): Black only ever sees single statements."""
    expected = black.format_str(_PARTING, mode=BLACK)
    seen: list[str] = []
    real = black.format_str

    def spy(source: str, *, mode: black.Mode) -> str:
        seen.append(source)
        return real(source, mode=mode)

    monkeypatch.setattr(black, "format_str", spy)
    assert format_files({"m.py": _PARTING}, "m")["m.py"] == expected
    assert len(seen) == 3, seen  # the alias and the two comprehensions (Ruff lays out the keys as Black)
    assert not any(word in source for source in seen for word in ("class ", "def ", '"""')), seen


def test_a_module_the_shortcut_cannot_mend_is_given_whole_to_black() -> None:
    """A flagged line outside any simple statement (a signature's parameter): Black's output of the
    module, as before."""
    source = (
        f"def f(\n    value: int,\n) -> object:\n"
        f"    x: {_LONG}ReviewerTypeName | {_LONG}Other = make({_LONG}ReviewerTypeName)\n"
        f"    return x\n\n\nclass C:\n    def g(self, *, enabled_repositories: models.{_LONG}Name | models.{_LONG}Other | None = None) -> None:\n        pass\n"
    )
    assert format_files({"m.py": source}, "m")["m.py"] == black.format_str(source, mode=BLACK)


def test_the_package_goes_through_a_memory_file_system_where_there_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.emit import format as formatting

    shm = tmp_path / "shm"
    shm.mkdir()
    monkeypatch.setattr(formatting, "_SHM", str(shm))
    monkeypatch.delenv("TMPDIR", raising=False)
    assert formatting._scratch() == str(shm)
    seen: list[str] = []
    monkeypatch.setattr(formatting, "_run_ruff", lambda root, package: seen.append(str(root.parent.parent)))
    assert format_files({"m.py": "x = 1\n"}, "m") == {"m.py": "x = 1\n"}
    assert seen == [str(shm)] and not list(shm.iterdir())  # used, and nothing left behind
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the user's choice wins
    assert formatting._scratch() is None
    monkeypatch.delenv("TMPDIR")
    monkeypatch.setattr(formatting, "_SHM", str(tmp_path / "none"))  # no such folder
    assert formatting._scratch() is None


_W = "w" * layout.WIDTH
_TEXT_OR_CODE = (
    # a docstring's lines that start as annotations: text; then code after strings that end
    f'class C:\n    """Fields.\n\n    name: {_W}\n    kind: é {_W}"""  # a comment\n\n'
    f'    x: int = 1\n    y = ("""ünïcode\nname: {_W}""", 1)\n    z = b"""\nbytes: {_W}\n"""\n'
    f'    v = f"""\nvalue: {{x}} {_W}\n"""\n'  # an f-string's lines stay code (a false alarm at most)
    f"    label: str = 'a' + 'b' + '{_W}'\n"
    f"    items = [\n        None\n        if x is None\n        else {_W}(x)\n        for x in y\n    ]\n"
)


@pytest.mark.parametrize(
    "text",
    [
        _TEXT_OR_CODE,
        _PARTING,
        _TEXT_OR_CODE.replace("name:", "\fname:"),  # a form feed: the tokens' way, lines numbered as they number them
    ],
)
def test_the_lines_that_may_part_are_found_from_the_syntax_tree_as_from_the_tokens(text: str) -> None:
    """The syntax tree tells code from text as the tokens do (the tokens took 2.4 s of Microsoft
    Graph's generation by one tag, the tree is parsed once for this and for mending)."""
    from generator.emit import format as formatting

    found = formatting._black_may_differ(text)
    expected = formatting._tokenized(text)
    f_string = {n for n, line in enumerate(text.split("\n"), 1) if line.startswith("value:") and "\f" not in text}
    assert found - f_string == expected and len(expected) >= 3
    if text == _TEXT_OR_CODE:
        assert expected == {9, 16, 20}, expected  # code after a string, the concatenation, the conditional
        assert formatting._flagged(text)[1] is not None  # the tree goes to mend


def test_a_module_that_does_not_parse_has_every_candidate_flagged() -> None:
    from generator.emit import format as formatting

    text = _TEXT_OR_CODE.replace("x: int = 1", "x: int = (1")
    assert formatting._flagged(text) == ({4, 5, 9, 11, 14, 16, 20}, None)
