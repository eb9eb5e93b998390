"""Schemas that wrap another (``allOf`` beside annotations, unions with a null member) lower to
the type they wrap, and null is admitted where a member or part says so. Found by the test
kit's example check on DigitalOcean's and Box's documents, whose examples the generated types
refused: the types were wrong, not the examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.ir import Api, Model
from generator.load.reader import load_document
from generator.lower.api import build_api
from generator.spelling import annotation


def _lower(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, thing: dict[str, Any], **files: Any) -> Api:
    """The IR of a 3.0 document answering ``{"thing": <thing>}``; ``files`` are written beside it."""
    monkeypatch.chdir(tmp_path)
    for name, data in files.items():  # models__thing: models/thing.json
        path = Path(name.replace("__", "/") + ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    answer = {"type": "object", "properties": {"thing": thing}}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/x": {
                "get": {
                    "operationId": "getX",
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": answer}}}},
                }
            }
        },
        "components": {"schemas": {"A": {"type": "object", "properties": {"k": {"type": "string"}}}}},
    }
    Path("spec.json").write_text(json.dumps(spec), encoding="utf-8")
    return build_api(load_document("spec.json", validate=False), "pkg")


def _thing(api: Api) -> str:
    (model,) = [m for m in api.models if m.name == "GetXResponse"]
    assert isinstance(model, Model)
    (field,) = model.fields
    return annotation(field.type)


def test_an_annotated_ref_in_another_file_is_the_type_it_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``$ref``s inside a referenced file are relative to that file, not to the root document."""
    tags = {"type": "array", "items": {"type": "string"}, "nullable": True}
    wrapper = {
        "type": "object",
        "properties": {"tags": {"allOf": [{"$ref": "attributes/tags.json"}, {"example": "x"}]}},
    }
    api = _lower(
        tmp_path, monkeypatch, {"$ref": "models/thing.json"}, models__thing=wrapper, models__attributes__tags=tags
    )
    (thing,) = [m for m in api.models if m.name != "GetXResponse" and any(f.name == "tags" for f in m.fields)]
    assert annotation(thing.fields[0].type) == "list[str] | None"
    assert not any(m.name.endswith("Tags") for m in api.models)  # no model made of the array


@pytest.mark.parametrize(
    "member",
    [{"type": "object", "nullable": True, "title": "null"}, {"type": "string", "enum": [None], "nullable": True}],
)
def test_a_union_with_a_null_member_is_nullable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, member: dict[str, Any]
) -> None:
    api = _lower(tmp_path, monkeypatch, {"anyOf": [member, {"$ref": "#/components/schemas/A"}]})
    assert _thing(api).endswith(" | None")


def test_an_allof_part_saying_nullable_makes_the_value_nullable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = _lower(tmp_path, monkeypatch, {"allOf": [{"$ref": "#/components/schemas/A"}, {}, {"nullable": True}]})
    assert _thing(api).endswith(" | None")


def test_an_annotated_union_is_the_union(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``allOf: [{$ref: Union}, {example: ...}]``: the union, not an object model around it."""
    api = _lower(
        tmp_path,
        monkeypatch,
        {"type": "object", "additionalProperties": {"allOf": [{"$ref": "u.json"}, {"example": "online"}]}},
        u={"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    )
    assert _thing(api) == "dict[str, U]"  # the union the file holds, named after it
    assert [u.name for u in api.unions] == ["U"] and [m.name for m in api.models] == ["A", "GetXResponse"]
