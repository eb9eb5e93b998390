"""The limits of the spec read (issue 38): defaults that admit the largest real documents, and a
flag and a pyproject.toml key to raise or lower each (size, nodes, depth)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.load.bounds import Limits
from generator.load.reader import load_document
from generator.problems import SpecError

from ..conftest import FIXTURES, run

SPEC = FIXTURES / "golden" / "minimal" / "spec.yaml"
TABLE = '[tool.botpress-codegen]\nspec = "openapi.yaml"\nout = "out"\npackage = "pkg"\n'


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(SPEC, tmp_path / "openapi.yaml")
    return tmp_path


def _padded(path: Path, megabytes: int, values: int = 0) -> Path:
    """A valid document of more than ``megabytes`` MiB (one long description) holding
    ``values`` more values in a list."""
    doc = {"openapi": "3.1.0", "info": {"title": "T", "version": "1", "description": "x" * (megabytes << 20)}}
    path.write_text(json.dumps({**doc, "paths": {}, "x-values": [0] * values}))
    return path


def test_the_defaults_admit_more_than_the_old_limits(tmp_path: Path) -> None:
    """The old limits (16 MiB a file, 2,000,000 values) refused Microsoft Graph's documents."""
    doc = load_document(_padded(tmp_path / "big.json", 17, 2_100_000), validate=False)
    assert len(doc.files[doc.path]["x-values"]) == 2_100_000
    with pytest.raises(SpecError) as caught:
        load_document(_padded(tmp_path / "big.json", 17), validate=False, limits=Limits(size=16))
    assert str(caught.value.problems[0]).startswith(f"{tmp_path / 'big.json'}#: file too large: more than 16,777,216")
    with pytest.raises(SpecError) as caught:
        load_document(_padded(tmp_path / "many.json", 0, 30), validate=False, limits=Limits(nodes=20))
    assert str(caught.value.problems[0]) == (
        f"{tmp_path / 'many.json'}#/x-values/11: too many values: more than 20 keys and values in all the files"
        " (YAML aliases counted as expanded; the limit: --max-nodes)"
    )


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        (
            "--max-nodes=50",
            "openapi.yaml#/paths/~1things~1{id}/get/responses/200/content/application~1json: too many values: more than 50",
        ),
        (
            "--max-depth=4",
            "openapi.yaml#/paths/~1things~1{id}/get/parameters: nested more than 4 levels deep (the limit: --max-depth)",
        ),
        ("--max-size=0", "--max-size must be an integer from 1 to 4,096, not 0"),
        ("--max-depth=257", "--max-depth must be an integer from 1 to 256, not 257"),
    ],
)
def test_a_flag_lowers_a_limit(work: Path, capsys: pytest.CaptureFixture[str], flag: str, message: str) -> None:
    code, _, err = run(capsys, "generate", "--spec", "openapi.yaml", "--out", "out", "--package", "pkg", flag)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(message), err
    assert not (work / "out").exists()


def test_the_table_sets_a_limit_and_the_flag_overrides_it(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (work / "pyproject.toml").write_text(TABLE + "max-nodes = 50\n")
    code, _, err = run(capsys, "generate")
    assert code == 2 and "too many values: more than 50 keys" in err
    code, _, err = run(capsys, "generate", "--max-nodes", "100000")
    assert code == 0, err
    assert (work / "out" / "pkg" / "__init__.py").is_file()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('max-size = "64MB"', "max-size must be an integer, not '64MB'"),
        ("max-depth = true", "max-depth must be an integer, not True"),
        ("max-nodes = 0", "max-nodes must be an integer from 1 to 1,000,000,000, not 0"),
    ],
)
def test_a_bad_limit_in_the_table_is_one_line(
    work: Path, capsys: pytest.CaptureFixture[str], line: str, message: str
) -> None:
    (work / "pyproject.toml").write_text(TABLE + line + "\n")
    code, _, err = run(capsys, "generate")
    assert code == 2
    assert err == f"pyproject.toml: [tool.botpress-codegen]: {message}\n"


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, {"b": [[], {}, "x"]}], "c": {"d": {"e": None}}},
        [[[[[]]]]],
        "text",
        {"k": list(range(50)), "m": {str(n): {"n": n} for n in range(20)}},
    ],
)
def test_the_quick_count_is_the_one_that_says_where(value: object) -> None:
    """A document without duplicate keys is counted without spelling where each value stands
    (Microsoft Graph's parse: 1.5 -> 0.8 s of CPU); the count, and every refusal, are those of the
    walk that spells it (run when a key is given twice, or to say where a refusal stands)."""
    from generator.load.json_places import json_nodes as _counted
    from generator.load.limits import Budget, _check_shape

    slow = Budget(Limits())
    _check_shape(value, "doc.json", slow, {id(object()): ["forced"]})  # a duplicate elsewhere: the slow walk
    quick = Budget(Limits())
    _check_shape(value, "doc.json", quick, {})
    assert quick.nodes == slow.nodes and _counted(value, 64, 10**9) == Limits().nodes - slow.nodes
    used = Limits().nodes - slow.nodes
    for depth, nodes in ((64, used - 1), (2, used), (64, used)):
        refused = [None, None]
        for n, dups in enumerate(({}, {id(object()): ["forced"]})):
            budget = Budget(Limits())
            budget.nodes, budget.limits = nodes, Limits(depth=depth)
            try:
                _check_shape(value, "doc.json", budget, dups)
            except SpecError as exc:
                refused[n] = str(exc.problems[0])
        assert refused[0] == refused[1]
    assert _counted(value, 64, used) == used and _counted(value, 64, used - 1) is None
