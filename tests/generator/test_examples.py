"""Examples of the spec in the IR (issue 27): which example an answer, a schema and a property
carry, what is left out (and said so) when an example breaks its schema or is too large, and the
default answer of the test kit built from them (the generated table's ``default_json``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.emit import testing_module as kit
from generator.ir import Api
from generator.load.reader import Document, load_document
from generator.lower.api import build_api
from generator.lower.examples import MAX_EXAMPLE_CHARS

PET = {
    "type": "object",
    "required": ["id", "kind"],
    "properties": {
        "id": {"type": "string", "example": "p1"},
        "kind": {"type": "string", "enum": ["cat", "dog"]},
        "born": {"type": "string", "format": "date-time"},
    },
}


def build(
    tmp_path: Path, content: dict[str, Any], schemas: dict[str, Any], version: str = "3.1.0"
) -> tuple[Api, Document]:
    spec = {
        "openapi": version,
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/pet": {"get": {"operationId": "getPet", "responses": {"200": {"description": "ok", "content": content}}}}
        },
        "components": {"schemas": schemas},
    }
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    doc = load_document(str(path), validate=False)
    return build_api(doc, "pkg"), doc


def default_of(api: Api) -> Any:
    entry = kit.testing_module(api).ops[0].entry
    text = entry.split("default_json=", 1)[1].rsplit(")", 1)[0]
    return json.loads(eval(text))  # a string literal


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def test_the_schema_example_of_3_0_is_the_default(tmp_path: Path) -> None:
    pet = {**PET, "example": {"id": "p9", "kind": "dog"}}
    api, doc = build(tmp_path, {"application/json": {"schema": ref("Pet")}}, {"Pet": pet}, "3.0.3")
    (model,) = api.models
    assert model.example is not None and model.example.value == {"id": "p9", "kind": "dog"}
    assert model.example.source.endswith("#/components/schemas/Pet/example")
    assert default_of(api) == {"id": "p9", "kind": "dog"}
    assert not doc.warnings


def test_the_media_type_example_comes_first_then_the_first_named_value(tmp_path: Path) -> None:
    pet = {**PET, "examples": [{"id": "from-schema", "kind": "cat"}]}
    examples = {
        "far": {"externalValue": "https://x.test/pet.json"},
        "first": {"value": {"id": "from-media", "kind": "cat"}},
        "second": {"value": {"id": "second", "kind": "cat"}},
    }
    api, _ = build(tmp_path, {"application/json": {"schema": ref("Pet"), "examples": examples}}, {"Pet": pet})
    assert api.operations[0].response_example is not None
    assert default_of(api) == {"id": "from-media", "kind": "cat"}
    api, _ = build(
        tmp_path, {"application/json": {"schema": ref("Pet"), "example": {"id": "one", "kind": "dog"}}}, {"Pet": pet}
    )
    assert default_of(api) == {"id": "one", "kind": "dog"}


def test_the_minimal_instance_uses_the_members_examples(tmp_path: Path) -> None:
    api, _ = build(tmp_path, {"application/json": {"schema": ref("Pet")}}, {"Pet": PET})
    assert default_of(api) == {"id": "p1", "kind": "cat"}  # id's example; kind's first value


def test_an_example_that_breaks_its_schema_is_left_out_with_a_warning(tmp_path: Path) -> None:
    born = "2024-05-01T10:00:00Z"
    pet = {**PET, "example": {"id": "p1", "kind": "bird", "born": born}}
    pet["properties"] = {**PET["properties"], "born": {"type": "string", "format": "date-time", "example": "yesterday"}}
    pet["required"] = ["id", "kind", "born"]
    api, doc = build(
        tmp_path,
        {"application/json": {"schema": ref("Pet"), "example": {"id": 7, "kind": "cat", "born": born}}},
        {"Pet": pet},
    )
    messages = sorted(f"{w.pointer}: {w.message}" for w in doc.warnings)
    assert messages == [
        "/components/schemas/Pet/example: example does not match the schema: kind: not one of the enum's values"
        " ('cat', 'dog'); the test kit does not use it",
        "/components/schemas/Pet/properties/born/example: example does not match the schema: expected a date-time"
        " (RFC 3339), got 'yesterday'; the test kit does not use it",
        "/paths/~1pet/get/responses/200/content/application~1json/example: example does not match the schema: id:"
        " expected string, got integer; the test kit does not use it",
    ]
    assert api.operations[0].response_example is None
    assert api.models[0].example is None
    assert default_of(api) == {"id": "p1", "kind": "cat", "born": "2024-01-01T00:00:00Z"}


def test_a_required_member_missing_and_a_closed_object(tmp_path: Path) -> None:
    closed = {**PET, "additionalProperties": False}
    content = {"application/json": {"schema": ref("Pet"), "examples": {"a": {"value": {"id": "x"}}}}}
    _, doc = build(tmp_path, content, {"Pet": closed})
    assert [w.message.split(";")[0] for w in doc.warnings] == [
        "example does not match the schema: kind: required member missing"
    ]
    content = {"application/json": {"schema": ref("Pet"), "example": {"id": "x", "kind": "cat", "colour": "red"}}}
    _, doc = build(tmp_path, content, {"Pet": closed})
    assert [w.message.split(";")[0] for w in doc.warnings] == [
        "example does not match the schema: colour: unknown member (the object is closed)"
    ]


def test_a_large_example_is_left_out_with_a_note(tmp_path: Path) -> None:
    large = {"id": "x" * (MAX_EXAMPLE_CHARS + 1), "kind": "cat"}
    api, doc = build(tmp_path, {"application/json": {"schema": ref("Pet"), "example": large}}, {"Pet": PET})
    assert api.operations[0].response_example is None
    assert not doc.warnings
    (note,) = doc.notes
    assert note.message.startswith("example larger than 8 KiB") and note.kind == "example-ignored"
    assert default_of(api) == {"id": "p1", "kind": "cat"}


def test_a_property_example_beside_a_ref_and_through_it(tmp_path: Path) -> None:
    schemas = {
        "Name": {"type": "string", "example": "Rex"},
        "Owner": {
            "type": "object",
            "required": ["name", "pet", "alias"],
            "properties": {"name": ref("Name"), "alias": {**ref("Name"), "examples": ["Dodo"]}, "pet": ref("Pet")},
        },
        "Pet": {**PET, "example": {"id": "p3", "kind": "dog"}},
    }
    api, doc = build(tmp_path, {"application/json": {"schema": ref("Owner")}}, schemas)
    assert not doc.warnings
    assert default_of(api) == {"name": "Rex", "pet": {"id": "p3", "kind": "dog"}, "alias": "Dodo"}


@pytest.mark.parametrize("media", ["text/plain", "text/csv"])
def test_a_text_answer_takes_a_string_example(tmp_path: Path, media: str) -> None:
    api, doc = build(tmp_path, {media: {"schema": {"type": "string"}, "example": "a,b"}}, {})
    assert default_of(api) == "a,b"
    api, doc = build(tmp_path, {media: {"schema": {"type": "string"}, "example": {"no": 1}}}, {})
    assert [w.message.split(":")[0] for w in doc.warnings] == ["example does not match the schema"]


def test_a_bad_example_reached_twice_is_named_once(tmp_path: Path) -> None:
    schemas = {
        "Pet": {**PET, "example": {"id": "p1", "kind": "bird"}},
        "Owner": {"type": "object", "required": ["pet"], "properties": {"pet": ref("Pet")}},
    }
    _, doc = build(tmp_path, {"application/json": {"schema": ref("Owner")}}, schemas)
    assert [w.pointer for w in doc.warnings] == ["/components/schemas/Pet/example"]


def test_a_binary_answer_keeps_no_example_and_no_warning(tmp_path: Path) -> None:
    content = {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}, "example": "bytes"}}
    api, doc = build(tmp_path, content, {})
    assert api.operations[0].response_kind == "binary" and api.operations[0].response_example is None
    assert not doc.warnings


def test_a_default_built_from_many_examples_is_bounded(tmp_path: Path) -> None:
    big = "x" * 7000  # each under the bound of one example; twelve of them are not
    props = {f"m{i}": {"type": "string", "example": big} for i in range(12)}
    wide = {"type": "object", "required": sorted(props), "properties": props}
    api, doc = build(tmp_path, {"application/json": {"schema": ref("Wide")}}, {"Wide": wide})
    assert not doc.warnings and not doc.notes
    assert default_of(api) == {name: name for name in sorted(props)}  # the minimal instance


def test_example_objects_by_ref_and_a_dangling_one(tmp_path: Path) -> None:
    examples = {"gone": {"$ref": "#/components/examples/Missing"}, "kept": {"$ref": "#/components/examples/Cat"}}
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/pet": {
                "get": {
                    "operationId": "getPet",
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {"application/json": {"schema": ref("Pet"), "examples": examples}},
                        }
                    },
                }
            }
        },
        "components": {"schemas": {"Pet": PET}, "examples": {"Cat": {"value": {"id": "c1", "kind": "cat"}}}},
    }
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    doc = load_document(str(path), validate=False)
    api = build_api(doc, "pkg")
    assert not doc.warnings
    assert default_of(api) == {"id": "c1", "kind": "cat"}
