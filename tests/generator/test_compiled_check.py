"""generator/load/compiled.py may only skip jsonschema's structure check where jsonschema finds nothing.

Each document is checked against the OpenAPI schema of its version by both validators: jsonschema-rs
(generator.load.compiled.sound) and jsonschema (the library's structure validator, which gives the
located errors). Their verdicts must agree on sound and on broken documents; where jsonschema-rs
cannot answer, the answer is "not sound" (jsonschema then walks the document as before).
"""

from __future__ import annotations

import copy
import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.load import compiled, metaschemas, validate
from generator.load.reader import load_document

from ..conftest import FIXTURES

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

BASE: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "t", "version": "1"},
    "paths": {
        "/a/{id}": {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": {"operationId": "getA", "responses": {"200": {"description": "ok"}}},
        }
    },
    "components": {"schemas": {"A": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
}


def _with(version: str, where: tuple[str | int, ...], value: object) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    doc["openapi"] = version
    target = doc
    for token in where[:-1]:
        target = target[token]
    target[where[-1]] = value
    return doc


SCHEMA_A = ("components", "schemas", "A")
GET = ("paths", "/a/{id}", "get")
# (where, value): each a change of the sound BASE, most of them faults of the structure
CHANGES: list[tuple[tuple[str | int, ...], object]] = [
    (("info", "version"), "2"),
    ((*SCHEMA_A, "maxLength"), 5.0),  # 5.0 is no integer for draft 4 (3.0), one for 2020-12 (3.1)
    ((*SCHEMA_A, "maxLength"), 5.5),
    ((*SCHEMA_A, "minLength"), -1),
    ((*SCHEMA_A, "required"), []),
    ((*SCHEMA_A, "required"), ["x", "x"]),
    ((*SCHEMA_A, "type"), "objekt"),
    ((*SCHEMA_A, "nullable"), 4),
    ((*SCHEMA_A, "x-extension"), {"any": 1}),
    ((*SCHEMA_A, "unknown"), 1),
    ((*SCHEMA_A, "enum"), []),
    ((*SCHEMA_A, "multipleOf"), 0),
    ((*SCHEMA_A, "exclusiveMinimum"), True),
    ((*SCHEMA_A, "default"), datetime.date(2020, 1, 1)),  # YAML gives dates
    ((*SCHEMA_A, "example"), 10**30),
    ((*SCHEMA_A, "properties", "x"), 1),
    ((*GET, "responses"), {}),
    ((*GET, "responses"), {"2XX": {"description": "x"}, "600": {"description": "x"}}),
    ((*GET, "responses", "200"), {"content": {}}),
    ((*GET, "parameters"), [{"name": "q", "in": "body"}]),
    ((*GET, "parameters"), [{"$ref": 5}]),
    (("paths", "a"), {}),
    (("servers",), [{"url": "x", "variables": {"v": {"default": "1", "enum": []}}}]),
    (("servers",), [{"url": 1}]),
    (("tags",), [{"name": "a"}, {"description": "no name"}]),
    (("info", "contact"), {"email": "not an email"}),  # formats are not asserted by either
    (("info", "title"), None),
]


def _verdicts(doc: Any) -> tuple[bool, bool]:
    """(jsonschema-rs finds the document sound, jsonschema finds no error)."""
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

    version = str(doc.get("openapi", "")) if isinstance(doc, dict) else ""
    library = OpenAPIV31SpecValidator if version.startswith("3.1") else OpenAPIV30SpecValidator
    structure = metaschemas.structure_validator(library.schema_validator)
    return compiled.sound(dict(structure.schema), doc), next(structure.iter_errors(doc), None) is None


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_the_compiled_check_agrees_with_jsonschema_on_each_change(version: str) -> None:
    verdicts = {repr(change): _verdicts(_with(version, *change)) for change in CHANGES}
    verdicts["base"] = _verdicts(_with(version, ("openapi",), version))
    disagree = {change: v for change, v in verdicts.items() if v[0] != v[1]}
    assert not disagree
    assert verdicts["base"] == (True, True)
    # not vacuous: many changes break the document, for both (3.1's schema leaves schemas to the
    # semantic checks, so fewer there)
    assert sum(not rs for rs, _ in verdicts.values()) >= (8 if version == "3.1.0" else len(CHANGES) // 2)


def _documents() -> list[Path]:
    paths = sorted((FIXTURES / "bad").glob("*.yaml")) + [ROOT / "spec" / "openapi.yaml"]
    return paths + [
        p for p in (CORPUS / "oai" / "petstore-expanded.yaml", CORPUS / "discord" / "openapi.json") if p.exists()
    ]


def test_the_compiled_check_agrees_with_jsonschema_on_documents() -> None:
    checked = 0
    for path in _documents():
        try:
            doc = load_document(path, validate=False)
        except Exception:  # refused by our own loader: never validated
            continue
        view = validate._validation_view(doc)
        rs, library = _verdicts(view)
        assert rs == library, path
        checked += 1
    assert checked >= 3


def test_no_answer_is_not_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    sound = _with("3.0.3", ("info", "version"), "1")
    schema = {"$ref": "https://example.invalid/schema.json"}  # a resource never fetched
    assert not compiled.sound(schema, sound)
    strings = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert not compiled.sound(strings, {"a": object()})  # a value that is not JSON: refused
    assert compiled.sound(strings, {"a": "x"})
    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "jsonschema_rs", None)  # not installed
        assert not compiled.sound({"type": "object"}, {})
    assert compiled.sound({"type": "object"}, {})


def test_a_broken_document_still_gets_jsonschema_s_located_errors(tmp_path: Path) -> None:
    doc = _with("3.0.3", (*SCHEMA_A, "minLength"), -1)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    findings = validate._validate(load_document(path, validate=False))
    assert [f.problem.pointer for f in findings] == ["/components/schemas/A/minLength"]
