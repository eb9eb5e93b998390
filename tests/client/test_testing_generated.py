"""The generated ``testing`` module of botpress_client: every operation's default answer is a
valid instance of its response schema, the typed stubs cover every operation, and the README
documents the kit. (How a user drives it: test_testing_kit.py; the engine: test_testing_engine.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import botpress_client
import pytest
from botpress_client import Client, testing
from botpress_client.testing._testing import FakeOperation, OperationStub, checked_answer

from generator.pipeline import generate_files
from generator.write.files import write_package

from ..conftest import GENERATED
from ..generations import Generations
from ..goldens import cases, spec_of


def test_every_operation_has_a_typed_stub() -> None:
    api = testing.FakeApi()
    client = Client(token="t")  # its dir() lists the methods of modules not loaded yet too
    methods = {n for n in dir(client) if not n.startswith("_") and callable(getattr(client, n))}
    operations = {fop.method_name for fop in testing._OPERATIONS}
    assert len(operations) == 15 and operations <= methods
    for name in operations:
        stub = getattr(api, name)
        assert isinstance(stub, OperationStub) and type(stub).__name__.endswith("Stub")
        assert hasattr(stub, "pages") == name.startswith("list_")


@pytest.mark.parametrize("fop", testing._OPERATIONS, ids=lambda fop: fop.method_name)
def test_every_default_answer_is_valid(fop: FakeOperation) -> None:
    assert checked_answer(fop, fop.default) == fop.default
    if fop.decode is not None:
        fop.decode(fop.default)


def test_the_readme_documents_the_kit() -> None:
    readme = (GENERATED / "botpress_client" / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Testing your code", 1)[1]
    for text in (
        "def api() -> Iterator[FakeApi]",
        "fake.verify()",
        "SpecViolation",
        "InvalidStub",
        ".pages(",
        "rate_limited(retry_after=2)",
        "assert_called_once_with",
    ):
        assert text in section, text


def test_the_package_does_not_import_the_kit() -> None:
    source = (GENERATED / "botpress_client" / "__init__.py").read_text(encoding="utf-8")
    assert "testing" not in source and botpress_client.Client is Client


KIT_CHECK = """
import {package}.testing as testing
api = testing.FakeApi()
for fop in testing._OPERATIONS:
    api._default_answer(fop)  # InvalidStub when a default breaks the response schema
    assert isinstance(getattr(api, fop.method_name, None) or getattr(api, fop.method_name + "_"),
                      testing.OperationStub)
print(len(testing._OPERATIONS))
"""


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.name)
def test_every_golden_package_has_a_working_kit(case: Path, generations: Generations) -> None:
    """Any document the generator accepts gets a kit whose defaults are valid."""
    done = subprocess.run(
        [sys.executable, "-c", KIT_CHECK.format(package=case.name)],
        cwd=generations.folder(spec_of(case), case.name),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_document_without_operations_gets_an_empty_kit(tmp_path: Path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(
        "openapi: 3.1.0\ninfo: {title: Hooks, version: '1.0'}\npaths: {}\n"
        "components: {schemas: {Event: {type: object, properties: {id: {type: string}}}}}\n",
        encoding="utf-8",
    )
    files = generate_files(str(spec), "hooks")
    assert "## Testing your code" in files["README.md"]
    write_package(files, tmp_path / "out" / "hooks")
    check = "from hooks.testing import FakeApi\nassert FakeApi().calls == []\n"
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=tmp_path / "out", capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_kit_whose_answers_are_nullable_unions_imports(tmp_path: Path) -> None:
    """A stub's answer type is a base class, read at run time, where an alias of a union is a
    string: ``list[Alias | None]`` there failed with ``str | None`` (discord's corpus package)."""
    spec = tmp_path / "spec.yaml"
    spec.write_text(
        "openapi: 3.1.0\ninfo: {title: U, version: '1.0'}\n"
        "paths: {/u: {get: {operationId: listU, responses: {'200': {description: ok, content: {application/json:"
        " {schema: {type: array, items: {oneOf: [{type: 'null'}, {$ref: '#/components/schemas/A'},"
        " {$ref: '#/components/schemas/B'}]}}}}}}}}}\n"
        "components: {schemas: {A: {type: object, properties: {a: {type: string}}},"
        " B: {type: object, properties: {b: {type: integer}}}}}\n",
        encoding="utf-8",
    )
    write_package(generate_files(str(spec), "unions"), tmp_path / "out" / "unions")
    done = subprocess.run(
        [sys.executable, "-c", KIT_CHECK.format(package="unions")],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
