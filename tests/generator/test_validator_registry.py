"""generator/load/metaschemas.py changes the cost of openapi-spec-validator's checks, never their result.

Each document is validated twice: with the crawled registries and the reused meta-schema
validators (what the generator runs), and with the library's own validators. The problems,
their locations and their order must be the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.load import metaschemas as crawled
from generator.load import validate
from generator.load.reader import load_document

from ..conftest import FIXTURES

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

INVALID_SCHEMAS = """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    A: {type: objekt}
    B: {type: object, properties: {x: {type: string, minLength: -1}}}
    C: {type: object, required: [missing], allOf: [{type: object}]}
    D: {type: array, items: {$ref: "#/components/schemas/A"}, maxItems: "3"}
    E: {oneOf: [{type: string}, {type: 5}]}
    F: {type: string, format: 7, default: 3}
"""

SEMANTIC = """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a:
    get:
      operationId: same
      responses: {"200": {description: ok}}
  /b:
    get:
      operationId: same
      responses: {"200": {description: ok}}
components:
  schemas:
    C: {type: object, required: [missing], allOf: [{type: object}]}
    F: {type: string, default: 3}
    G: {type: object, properties: {n: {type: integer, default: "x"}}}
"""

# The same invalid sub-schema in several places: each place is its own problem, even where the
# check of a repeated sub-schema is remembered.
REPEATED = """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    A: {type: object, properties: {x: {type: string, minLength: -1}, y: {type: string, minLength: -1}}}
    B: {type: object, properties: {z: {type: string, minLength: -1}, w: {type: string}}}
    C: {type: array, items: {type: string, minLength: -1}}
    D: {type: object, properties: {v: {type: object, properties: {x: {type: string, minLength: -1}}}}}
    E:
      type: object
      properties:
        a: {type: string, description: one}
        b: {type: string, description: two, minLength: -1}
        description: {type: string, description: three, maxLength: -2}
"""

OPENAPI_30 = INVALID_SCHEMAS.replace("openapi: 3.1.0", "openapi: 3.0.3").replace("type: 5", "nullable: 4")
SEMANTIC_30 = SEMANTIC.replace("openapi: 3.1.0", "openapi: 3.0.3")


def _documents(tmp_path: Path) -> list[Path]:
    paths = sorted((FIXTURES / "bad").glob("*.yaml")) + [ROOT / "spec" / "openapi.yaml"]
    paths += [p for p in (CORPUS / "oai" / "petstore-expanded.yaml",) if p.exists()]
    cases = {"invalid31.yaml": INVALID_SCHEMAS, "invalid30.yaml": OPENAPI_30, "semantic31.yaml": SEMANTIC}
    cases |= {"repeated31.yaml": REPEATED, "repeated30.yaml": REPEATED.replace("openapi: 3.1.0", "openapi: 3.0.3")}
    for name, text in {**cases, "semantic30.yaml": SEMANTIC_30}.items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
        paths.append(tmp_path / name)
    return paths


def _problems(path: Path) -> list[tuple[str, str, str]] | str:
    try:
        doc = load_document(path, validate=False)
    except Exception as exc:  # a document our own loader refuses: nothing for the validator
        return f"refused by the loader: {type(exc).__name__}"
    findings = validate._validate(doc)
    notes = [(n.file, n.pointer, n.message) for n in doc.notes]
    return [(f.problem.file, f.problem.pointer, f.problem.message) for f in findings] + notes


def create_jsonschema_validator_of(library: Any) -> Any:
    from openapi_spec_validator.schemas.backend.jsonschema import create_validator

    return create_validator(dict(library.schema))


def test_crawled_registries_give_the_library_s_own_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = _documents(tmp_path)
    ours = {path.name: _problems(path) for path in documents}
    with monkeypatch.context() as patch:
        patch.setattr(crawled, "schema_keyword", lambda cls: cls)
        # the library's own jsonschema backend (with jsonschema-rs installed, its default picks
        # that one, whose messages are worded differently: ours are jsonschema's)
        patch.setattr(crawled, "structure_validator", create_jsonschema_validator_of)
        library = {path.name: _problems(path) for path in documents}
    assert ours == library
    # the comparison is not vacuous: problems were found, structural and semantic, in both versions
    for name in ("invalid31.yaml", "invalid30.yaml", "semantic31.yaml", "semantic30.yaml"):
        assert len(ours[name]) >= 2, (name, ours[name])
    # one problem per schema holding the bad sub-schema (the library names one place of each), located
    for name in ("repeated31.yaml", "repeated30.yaml"):
        pointers = [p for _, p, _ in ours[name]]
        assert [p.split("/")[3] for p in pointers] == list("ABCDE"), ours[name]
        assert all(p.endswith("/minLength") for p in pointers[:4]), pointers


def test_a_repeated_sub_schema_is_checked_once_and_its_errors_are_fresh_copies() -> None:
    from jsonschema.exceptions import ValidationError

    calls: list[object] = []

    def keyword(validator: object, value: object, instance: object, schema: object) -> Iterator[ValidationError]:
        calls.append(instance)
        yield ValidationError("minLength must be >= 0", path=["minLength"])

    recursion = crawled._remembered(keyword)
    first = list(recursion(None, "#meta", {"type": "string", "minLength": -1}, {}))
    first[0].path.appendleft("x")  # what the caller does with the errors it is given
    again = list(recursion(None, "#meta", {"type": "string", "minLength": -1}, {}))
    assert list(recursion(None, "#meta", {"minLength": -1, "type": "string"}, {}))
    assert len(calls) == 2  # key order is part of the text: it decides the order of errors
    assert list(again[0].path) == ["minLength"] and again[0] is not first[0]
    assert list(recursion(None, "#meta", {"description": "x" * 5000}, {})) and len(calls) == 3
    assert list(recursion(None, "#meta", {"description": "x" * 5000}, {})) and len(calls) == 4  # too long to keep


def test_a_sub_schema_that_passed_passes_again_whatever_its_free_text() -> None:
    from jsonschema.exceptions import ValidationError

    calls: list[dict[str, object]] = []

    def keyword(
        validator: object, value: object, instance: dict[str, object], schema: object
    ) -> Iterator[ValidationError]:
        calls.append(instance)
        if "-1" in json.dumps(instance) or not isinstance(instance.get("description", ""), str):
            yield ValidationError("invalid")

    recursion = crawled._remembered(keyword)
    assert not list(recursion(None, "#meta", {"type": "string", "description": "one", "title": "t"}, {}))
    assert not list(recursion(None, "#meta", {"type": "string", "description": "two", "title": "u"}, {}))
    assert len(calls) == 1  # same shape as one that passed
    # one that failed is remembered by its whole text only: its errors may quote it
    assert list(recursion(None, "#meta", {"minLength": -1, "description": "one"}, {}))
    assert list(recursion(None, "#meta", {"minLength": -1, "description": "two"}, {}))
    assert len(calls) == 3
    # a member named description holding a schema is no free text
    assert not list(recursion(None, "#meta", {"properties": {"description": {"type": "string"}}}, {}))
    assert list(recursion(None, "#meta", {"properties": {"description": {"minLength": -1}}}, {}))
    assert len(calls) == 5
    # nor is a description that is not a string
    assert list(recursion(None, "#meta", {"type": "string", "description": 5, "title": "t"}, {}))
    assert len(calls) == 6


@pytest.mark.parametrize("seed", ["0", "4"])  # 4: the library reached the pattern's format check first
def test_a_pattern_re_cannot_parse_is_a_finding_on_every_hash_seed(seed: str) -> None:
    """``a{1,4294967296}`` made Python's re raise OverflowError inside openapi-schema-validator's
    ``regex`` format check, which only catches ``re.error``: on some hash seeds the validator
    crashed and skipped its semantic checks, so the warnings of one document changed from run
    to run. The format check is total now: the same findings whatever the seed."""
    code = textwrap.dedent("""
        from generator.pipeline import generate
        _, _, problems = generate("tests/fixtures/constructs/patterns.yaml", "p")
        print(sorted(p.kind for p in problems))
        """)
    env = {**os.environ, "PYTHONHASHSEED": seed, "CODEGEN_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    kinds = done.stdout.strip()
    assert "validator-failed" not in kinds and "pattern-unchecked" in kinds, done.stdout + done.stderr
