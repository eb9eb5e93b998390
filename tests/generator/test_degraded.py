"""A local problem never refuses the whole document: each document under tests/fixtures/degraded/
has one class of problem that real public documents have (a name collision, an invalid
``default``, a construct of the other OpenAPI minor version, an empty ``responses``...). Each is
generated (exit 0) with its exact warning lines (``--verbose``: every note too) and the summary
line as a snapshot (``<name>.expected``), every
operation present, its package imports and passes ``mypy --strict``; ``--strict`` refuses it when
a warning loses something (a rename the generator resolved is a note).

To refresh the snapshots after a deliberate change of messages, run

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/generator/test_degraded.py

and review the diff of the ``.expected`` files before committing.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from generator import cli
from generator.pipeline import generate
from generator.problem_classes import of
from generator.problems import SpecError

from .. import mypy_run

ROOT = Path(__file__).resolve().parent.parent.parent
DEGRADED = ROOT / "tests" / "fixtures" / "degraded"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"
WARNING = re.compile(r"^\S+#(/\S*)?: (warning|note): .+ \[[a-z0-9-]+(: first of \d+)?\]$")
SUMMARY = re.compile(r"^\S+#: \d+ operations?, \d+ models?; \d+ left out, \d+ degraded, \d+ resolved by the generator")
CASES = sorted(p for p in DEGRADED.iterdir() if p.suffix in (".yaml", ".json"))
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _package(case: Path) -> str:
    return "degraded_" + case.stem


def _operations(case: Path) -> int:
    import yaml

    paths = yaml.safe_load(case.read_text(encoding="utf-8")).get("paths") or {}
    return sum(1 for item in paths.values() for method in item if method in HTTP_METHODS)


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("degraded")


@pytest.fixture(scope="module")
def generated(out_dir: Path) -> Callable[[Path], subprocess.CompletedProcess[str]]:
    """``generated(case)``: the command line's run generating the case into ``out_dir`` (in this
    process: a ``python -m generator`` each paid ~1.5 s of imports and template compilation;
    tests/generator/test_bad_input.py runs the command itself), made once a module whichever test
    asks first (no test depends on another having run)."""
    runs: dict[Path, subprocess.CompletedProcess[str]] = {}

    def get(case: Path) -> subprocess.CompletedProcess[str]:
        if case not in runs:
            argv = ["generate", "--spec", str(case.relative_to(ROOT)), "--out", str(out_dir)]
            argv += ["--package", _package(case), "--verbose"]
            out, err = io.StringIO(), io.StringIO()
            with pytest.MonkeyPatch.context() as patch, redirect_stdout(out), redirect_stderr(err):
                patch.setenv("CODEGEN_NO_CACHE", "1")
                patch.chdir(ROOT)
                code = cli.main(argv)
            runs[case] = subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())
        return runs[case]

    return get


def _import(folder: Path, package: str) -> None:
    """``import package`` from ``folder``, in this process (the names are the cases' own)."""
    sys.path.insert(0, str(folder))
    try:
        importlib.import_module(package)
    finally:
        sys.path.remove(str(folder))


def test_enough_cases() -> None:
    assert len(CASES) >= 15
    for case in CASES:
        assert UPDATE or case.with_suffix(".expected").is_file(), f"{case.name} has no snapshot"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_generates_with_located_warnings(
    case: Path, out_dir: Path, generated: Callable[[Path], subprocess.CompletedProcess[str]]
) -> None:
    result = generated(case)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    *lines, last = result.stderr.splitlines() or [""]
    assert lines, "a degraded document must say what was degraded"
    for line in lines:
        assert WARNING.match(line), f"not a located warning: {line!r}"
    assert SUMMARY.match(last), f"not the summary line: {last!r}"
    assert f"operations={_operations(case)} " in result.stdout, result.stdout  # no operation left out
    snapshot = case.with_suffix(".expected")
    if UPDATE:
        snapshot.write_text(result.stderr, encoding="utf-8")
    assert result.stderr == snapshot.read_text(encoding="utf-8")

    _import(out_dir, _package(case))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_strict_refuses_what_loses_something(case: Path) -> None:
    """``--strict`` refuses a document whose warnings lose something (left out, degraded), and
    only those; what the generator resolved by itself (a rename: a note) passes."""
    lines = case.with_suffix(".expected").read_text().splitlines()
    if not any(": warning: " in line for line in lines):
        assert any(": note: " in line for line in lines)
        generate(str(case), _package(case), strict=True)
        return
    with pytest.raises(SpecError) as caught:
        generate(str(case), _package(case), strict=True)
    assert caught.value.problems
    assert all(of(p.kind).severity != "resolved" for p in caught.value.problems)


def test_packages_pass_mypy_strict(
    out_dir: Path, generated: Callable[[Path], subprocess.CompletedProcess[str]]
) -> None:
    for case in CASES:
        assert generated(case).returncode == 0, generated(case).stderr
    packages = [_package(c) for c in CASES if (out_dir / _package(c)).is_dir()]
    assert len(packages) == len(CASES)
    result = mypy_run.run(mypy_run.packages(packages), cwd=out_dir, path=[out_dir])
    assert result.returncode == 0, result.stdout[-4000:]


def test_all_of_without_an_object_keeps_the_value_s_type() -> None:
    """``allOf: [{$ref: Id}, {description: ...}]`` is the Id (a string), not an empty model:
    the one part that shapes the value gives its type; the others annotate or constrain it."""
    api, _, warnings = generate(str(DEGRADED / "all_of_without_an_object.yaml"), "all_of_types")
    ops = {op.method_name: op for op in api.operations}
    put = ops["put_thing"]
    assert [(p.name, p.type.kind) for p in put.params] == [("id", "str")]
    assert put.body is not None and [(a.name, a.type.kind) for a in put.body.args] == [("body", "str")]
    assert put.response_type is not None and put.response_type.kind == "model"
    count = next(m for m in api.models if m.name == put.response_type.name).fields[0]
    assert (count.name, count.type.kind) == ("count", "int")
    kinds = [(p.name, p.type.kind, p.type.name) for p in ops["get_mixed"].params]
    assert kinds == [("a", "any", ""), ("b", "enum", "Color"), ("c", "list", "")]
    assert len(warnings) == 1 and "typed Any" in warnings[0].message
    assert not api.models[1:]  # no model made of scalar parts


def test_a_required_member_no_property_declares_is_sent_with_extra_body_and_read_as_extra(tmp_path: Path) -> None:
    """e-conomic's ``Employee`` requires ``canApprove`` and ``canInvoice`` and declares neither (others
    misspell a declared one): a located note, no argument and no check; ``extra_body`` sends them
    and an answer's copies land in ``extra_members``."""
    api, files, warnings = generate(str(DEGRADED / "required_undeclared.yaml"), "synth")
    assert [(w.pointer, w.kind) for w in warnings] == [
        ("/components/schemas/Employee", "required-undeclared"),
        ("/components/schemas/Manager", "required-undeclared"),  # through its allOf part: the same members
    ]
    assert "'canApprove', 'canInvoice'" in warnings[0].message
    op = api.operations[0]
    assert op.body is not None and [a.name for a in op.body.args] == ["name"]
    for path, text in files.items():
        (tmp_path / "synth" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "synth" / path).write_text(text, encoding="utf-8")
    code = (
        "import httpx, json\nfrom synth import Client\nsent = []\n"
        "def handler(request):\n    sent.append(json.loads(request.content))\n"
        "    return httpx.Response(200, json={'name': 'Ada', 'canApprove': True})\n"
        "http = httpx.Client(transport=httpx.MockTransport(handler))\n"
        "with Client(base_url='https://x.test', http_client=http) as client:\n"
        "    got = client.employees.create(name='Ada', extra_body={'canApprove': True, 'canInvoice': False})\n"
        "print(json.dumps([sent[0], got.name, dict(got.extra_members)]))"
    )
    done = subprocess.run([sys.executable, "-B", "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        {"name": "Ada", "canApprove": True, "canInvoice": False},
        "Ada",
        {"canApprove": True},
    ]
