"""Structural deduplication (issue 35): identical inline schemas, documentation aside, are one
class named by the first reached, with one located ``shape-shared`` note per copy; a copy that
differs in structure keeps its own class."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from generator.ir import Api
from generator.load.reader import Document, load_document
from generator.lower.api import build_api
from generator.lower.shapes import shape_key, structure
from generator.problems import Problem

ADDRESS: dict[str, Any] = {
    "type": "object",
    "description": "Where it goes.",
    "required": ["city"],
    "properties": {
        "city": {"type": "string", "description": "The city.", "example": "Paris"},
        "zip": {"type": "string", "pattern": "^[0-9]{5}$"},
        "lines": {"type": "array", "items": {"type": "object", "properties": {"text": {"type": "string"}}}},
    },
}


def _with_address(address: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"name": {"type": "string"}, "address": address}}


def _ok(schema: dict[str, Any]) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def lower(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second_address: dict[str, Any]) -> tuple[Api, Document]:
    """Two operations, each answering an inline object with an inline ``address`` member."""
    monkeypatch.chdir(tmp_path)
    paths = {
        "/a": {"get": {"operationId": "getA", "responses": _ok(_with_address(ADDRESS))}},
        "/b": {"get": {"operationId": "getB", "responses": _ok(_with_address(second_address))}},
    }
    spec = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths}
    Path("spec.json").write_text(json.dumps(spec), encoding="utf-8")
    doc = load_document("spec.json", validate=False)
    return build_api(doc, "pkg"), doc


def _classes(api: Api) -> list[str]:
    return [model.name for model in api.models]


def _address_classes(api: Api) -> list[str]:
    return sorted(name for name in _classes(api) if "Address" in name and "Lines" not in name)


def _notes(doc: Document) -> list[Problem]:
    return [w for w in doc.warnings if w.kind == "shape-shared"]


def test_identical_copies_documentation_aside_share_one_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = copy.deepcopy(ADDRESS)
    other["description"] = "Another text."
    other["title"] = "Postal address"
    other["properties"]["city"]["example"] = "Lyon"
    other["properties"]["lines"]["items"]["description"] = "One line."
    api, doc = lower(tmp_path, monkeypatch, other)
    # The outer objects differ only in their address's docs: they are one class too.
    assert _address_classes(api) == ["GetAResponseAddress"]
    op_a, op_b = api.operations
    assert op_a.response_type == op_b.response_type
    notes = _notes(doc)
    # One note for the copy the builder meets (the outer object); its members are never visited.
    assert len(notes) == 1
    (note,) = notes
    assert note.pointer == "/paths/~1b/get/responses/200/content/application~1json/schema"
    assert "/paths/~1a/get/responses/200/content/application~1json/schema" in note.message
    assert "GetAResponse" in note.message


def test_a_changed_copy_keeps_its_own_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = copy.deepcopy(ADDRESS)
    other["properties"]["zip"]["pattern"] = "^[0-9]{4}$"  # a different rule: another class
    api, doc = lower(tmp_path, monkeypatch, other)
    assert _address_classes(api) == ["GetAResponseAddress", "GetBResponseAddress"]
    assert sorted(m.name for m in api.models if m.name.startswith("GetB")) == ["GetBResponse", "GetBResponseAddress"]
    # The unchanged ``lines`` items inside both copies are still one class, with one note.
    assert sorted(name for name in _classes(api) if "Lines" in name) == ["GetAResponseAddressLinesItem"]
    (note,) = _notes(doc)
    assert note.pointer.endswith("/properties/address/properties/lines/items")
    assert note.pointer.startswith("/paths/~1b/")


def test_names_are_deterministic_first_reached_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = lower(tmp_path, monkeypatch, copy.deepcopy(ADDRESS))
    again, _ = lower(tmp_path, monkeypatch, copy.deepcopy(ADDRESS))
    assert _classes(first) == _classes(again)
    assert "GetBResponse" not in _classes(first) and "GetAResponse" in _classes(first)


def test_structure_keeps_property_names_that_look_like_keywords() -> None:
    one = {"type": "object", "properties": {"description": {"type": "string"}, "title": {"type": "integer"}}}
    other = {"type": "object", "properties": {"description": {"type": "string"}}}
    assert structure(one)["properties"].keys() == {"description", "title"}
    assert shape_key(one) != shape_key(other)
    assert shape_key({**one, "description": "x"}) == shape_key(one)
    assert shape_key({**one, "deprecated": True}) != shape_key(one)  # the client reads it
