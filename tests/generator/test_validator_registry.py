"""generator/load/metaschemas.py changes the cost of openapi-spec-validator's checks, never their result.

Each document is validated twice: with the crawled registries and the reused meta-schema
validators (what the generator runs), and with the library's own validators. The problems,
their locations and their order must be the same.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

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

OPENAPI_30 = INVALID_SCHEMAS.replace("openapi: 3.1.0", "openapi: 3.0.3").replace("type: 5", "nullable: 4")
SEMANTIC_30 = SEMANTIC.replace("openapi: 3.1.0", "openapi: 3.0.3")


def _documents(tmp_path: Path) -> list[Path]:
    paths = sorted((FIXTURES / "bad").glob("*.yaml")) + [ROOT / "spec" / "openapi.yaml"]
    paths += [p for p in (CORPUS / "oai" / "petstore-expanded.yaml",) if p.exists()]
    cases = {"invalid31.yaml": INVALID_SCHEMAS, "invalid30.yaml": OPENAPI_30, "semantic31.yaml": SEMANTIC}
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


def test_crawled_registries_give_the_library_s_own_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = _documents(tmp_path)
    ours = {path.name: _problems(path) for path in documents}
    with monkeypatch.context() as patch:
        patch.setattr(crawled, "schema_keyword", lambda cls: cls)
        patch.setattr(crawled, "structure_validator", lambda library: library)
        library = {path.name: _problems(path) for path in documents}
    assert ours == library
    # the comparison is not vacuous: problems were found, structural and semantic, in both versions
    for name in ("invalid31.yaml", "invalid30.yaml", "semantic31.yaml", "semantic30.yaml"):
        assert len(ours[name]) >= 2, (name, ours[name])
