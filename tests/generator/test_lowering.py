"""The lower stage on its own: a tiny document, loaded (without the validator, for speed) and
lowered, and the IR fields it gives a parameter, a body, a response and an error type. The
goldens show the same end to end; these say which piece of the IR each construct becomes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.ir import Api, Operation, TypeRef, ValueCheck
from generator.load.reader import Document, load_document
from generator.lower.api import build_api
from generator.lower.error_types import status_error_base
from generator.lower.runtime_tables import status_errors
from generator.spelling import response_decoder

ITEM = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {"id": {"type": "string", "readOnly": True}, "name": {"type": "string"}, "size": {"type": "integer"}},
}


def lower(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, operation: dict[str, Any], path: str = "/items") -> Api:
    """The IR of a document with one ``post`` operation at ``path`` and the schema ``Item``."""
    api, _ = lower_document(tmp_path, monkeypatch, {path: {"post": {"operationId": "doIt", **operation}}})
    return api


def lower_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paths: dict[str, Any]) -> tuple[Api, Document]:
    monkeypatch.chdir(tmp_path)
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": paths,
        "components": {"schemas": {"Item": ITEM}},
    }
    Path("spec.json").write_text(json.dumps(spec), encoding="utf-8")
    doc = load_document("spec.json", validate=False)
    return build_api(doc, "pkg"), doc


def only(api: Api) -> Operation:
    (op,) = api.operations
    return op


def param_checks(op: Operation) -> tuple[tuple[str, str, str, bool, ValueCheck], ...]:
    assert op.validator is not None
    return op.validator.params


def ok(content: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"200": {"description": "ok", **({"content": content} if content is not None else {})}}


# -- parameters ----------------------------------------------------------------------------------


def test_a_path_parameter_is_a_required_argument_with_its_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    param = {"name": "itemId", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
    op = only(lower(tmp_path, monkeypatch, {"parameters": [param], "responses": ok()}, "/items/{itemId}"))
    (p,) = op.params
    assert (p.name, p.wire, p.location, p.type, p.required, p.style) == (
        "item_id",
        "itemId",
        "path",
        TypeRef("int"),
        True,
        "plain",
    )
    assert p.source == "spec.json#/paths/~1items~1{itemId}/post/parameters/0"
    ((location, wire, name, required, check),) = param_checks(op)
    assert (location, wire, name, required, check.kind) == ("path", "itemId", "item_id", True, "integer")
    assert [(r.test, r.arg) for r in check.rules] == [("<", 1)]


def test_an_undeclared_path_parameter_is_a_required_string(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api, doc = lower_document(tmp_path, monkeypatch, {"/items/{id}": {"get": {"responses": ok()}}})
    (p,) = only(api).params
    assert (p.name, p.location, p.type, p.required, p.source) == (
        "id",
        "path",
        TypeRef("str"),
        True,
        "spec.json#/paths/~1items~1{id}/get",
    )
    assert [w.message for w in doc.warnings] == ["path parameter 'id' is not declared; taken as a required string"]


def test_a_query_list_not_exploded_is_joined_and_checked_as_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    param = {"name": "tags", "in": "query", "explode": False, "style": "pipeDelimited"}
    param["schema"] = {"type": "array", "items": {"type": "string"}, "maxItems": 3}
    op = only(lower(tmp_path, monkeypatch, {"parameters": [param], "responses": ok()}))
    (p,) = op.params
    assert (p.type, p.required, p.spec_required, p.style, p.delimiter) == (
        TypeRef("list", items=TypeRef("str")),
        False,
        False,
        "joined",
        "|",
    )
    assert param_checks(op)[0][-1].kind == "any"  # one delimited string: its items are not checked


def test_header_arguments_drop_x_unless_that_name_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    header = {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}}
    query = {"name": "request_id", "in": "query", "schema": {"type": "string"}}
    alone = only(lower(tmp_path, monkeypatch, {"parameters": [header], "responses": ok()}))
    assert [p.name for p in alone.params] == ["request_id"]
    # the header is listed first, but named after the query parameter: it is the one that dodges
    both = only(lower(tmp_path, monkeypatch, {"parameters": [header, query], "responses": ok()}))
    assert [(p.wire, p.name) for p in both.params] == [("X-Request-Id", "x_request_id"), ("request_id", "request_id")]


def test_a_client_option_header_is_an_optional_argument(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    header = {"name": "X-Tenant", "in": "header", "required": True, "schema": {"type": "string"}}
    header["x-client-option"] = {"name": "tenant", "env": "PKG_TENANT"}
    api = lower(tmp_path, monkeypatch, {"parameters": [header], "responses": ok()})
    (p,) = only(api).params
    assert p.option is not None and (p.name, p.required, p.spec_required) == ("tenant", False, True)
    assert [(o.name, o.header, o.env) for o in api.client_options] == [("tenant", "X-Tenant", "PKG_TENANT")]


def test_an_operations_parameter_overrides_its_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = {"name": "q", "in": "query", "schema": {"type": "string"}}
    own = {"name": "q", "in": "query", "schema": {"type": "integer"}}
    item = {"parameters": [shared], "get": {"parameters": [own], "responses": ok()}}
    api, _ = lower_document(tmp_path, monkeypatch, {"/search": item})
    (p,) = only(api).params
    assert (p.type, p.source) == (TypeRef("int"), "spec.json#/paths/~1search/get/parameters/0")


# -- bodies --------------------------------------------------------------------------------------


def json_body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def test_an_object_body_is_one_argument_per_member(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = json_body({"$ref": "#/components/schemas/Item"})
    op = only(lower(tmp_path, monkeypatch, {"requestBody": body, "responses": ok()}))
    assert op.body is not None
    assert (op.body.content_type, op.body.encoding, op.body.model, op.body.required) == (
        "application/json",
        "json",
        "Item",
        True,
    )
    # readOnly ``id`` is the server's: no argument
    assert [(a.name, a.wire, a.type, a.required, a.raw) for a in op.body.args] == [
        ("name", "name", TypeRef("str"), True, False),
        ("size", "size", TypeRef("int"), False, False),
    ]
    assert op.validator is not None and op.validator.body_validator == "_check_item"


def test_a_body_that_is_no_object_is_one_argument(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = json_body({"type": "array", "items": {"type": "integer"}}, required=False)
    op = only(lower(tmp_path, monkeypatch, {"requestBody": body, "responses": ok()}))
    assert op.body is not None and (op.body.model, op.body.encoding) == ("", "json")
    ((arg),) = op.body.args
    assert (arg.name, arg.type, arg.required, arg.raw) == ("body", TypeRef("list", items=TypeRef("int")), False, False)
    assert arg.source == "spec.json#/paths/~1items/post/requestBody/content/application~1json/schema"


def test_a_text_body_is_sent_raw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = {"content": {"text/plain": {"schema": {"type": "string"}}}}
    op = only(lower(tmp_path, monkeypatch, {"requestBody": body, "responses": ok()}))
    assert op.body is not None and (op.body.content_type, op.body.encoding) == ("text/plain", "raw")
    assert [(a.name, a.type, a.raw) for a in op.body.args] == [("body", TypeRef("str"), True)]


def test_a_form_body_that_is_no_object_leaves_the_operation_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "array"}}}}
    api, doc = lower_document(tmp_path, monkeypatch, {"/a": {"post": {"requestBody": body, "responses": ok()}}})
    assert api.operations == ()
    assert [(w.pointer, w.message) for w in doc.warnings] == [
        (
            "/paths/~1a/post/requestBody/content/application~1x-www-form-urlencoded/schema",
            "a application/x-www-form-urlencoded body that is not an object is not supported; operation left out",
        )
    ]


# -- responses -----------------------------------------------------------------------------------


def test_a_model_response_is_decoded_by_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    responses = ok({"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}})
    op = only(lower(tmp_path, monkeypatch, {"responses": responses}))
    assert (op.response_type, response_decoder(op), op.response_kind) == (
        TypeRef("model", name="Item"),
        "Item.from_dict",
        "json",
    )


def test_any_other_json_response_gets_a_decoder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    schema = {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}
    api = lower(tmp_path, monkeypatch, {"responses": ok({"application/json": {"schema": schema}})})
    op = only(api)
    assert (op.response_type, op.response_kind) == (TypeRef("list", items=TypeRef("model", name="Item")), "json")
    assert [(d.function, d.type) for d in api.response_decoders] == [(response_decoder(op), op.response_type)]


@pytest.mark.parametrize(
    ("responses", "kind", "rtype"),
    [
        (ok(), "none", None),
        (ok({"text/plain": {}}), "text", None),
        (ok({"application/octet-stream": {}}), "binary", None),  # a BinaryResponse (issue 26)
        (ok({"image/png": {}, "text/event-stream": {}}), "binary", None),
        (ok({"text/event-stream": {}}), "sse", None),  # raw ServerSentEvent: no event type
        (ok({"application/json": {}}), "json", TypeRef("any")),
        ({"default": {"description": "error"}}, "none", None),
    ],
)
def test_responses_without_a_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, responses: dict[str, Any], kind: str, rtype: TypeRef | None
) -> None:
    op = only(lower(tmp_path, monkeypatch, {"responses": responses}))
    assert (op.response_kind, op.response_type, response_decoder(op)) == (kind, rtype, "")


def test_the_default_responses_type_member_names_the_error_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kinds = {
        "type": "string",
        "enum": ["NotFound", "Quota", "Odd"],
        "x-error-statuses": {"NotFound": 404, "Quota": 429},
    }
    error = {"type": "object", "properties": {"type": kinds, "message": {"type": "string"}}}
    responses = {**ok(), "default": {"description": "error", "content": {"application/json": {"schema": error}}}}
    api = lower(tmp_path, monkeypatch, {"responses": responses})
    assert api.error_type_member == "type"
    assert [(e.wire, e.class_name, e.status, e.base, e.own_class) for e in api.error_types] == [
        ("NotFound", "NotFoundError", 404, "NotFoundError", False),  # the runtime's own class
        ("Quota", "QuotaError", 429, "RateLimitError", True),
        ("Odd", "OddError", None, "ApiError", True),
    ]


def test_the_status_classes_are_the_runtimes() -> None:
    assert status_errors()[404] == "NotFoundError" and 500 not in status_errors()
    assert [status_error_base(s) for s in (None, 404, 418, 503)] == [
        "ApiError",
        "NotFoundError",
        "ApiError",
        "InternalServerError",
    ]


def test_a_keyword_argument_taken_twice_gets_its_location_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A query parameter and a body member both named ``async``: ``async_`` and ``async_body``
    (never ``async__body``)."""
    query = {"name": "async", "in": "query", "schema": {"type": "boolean"}}
    body = json_body({"type": "object", "properties": {"async": {"type": "boolean"}}})
    op = only(lower(tmp_path, monkeypatch, {"parameters": [query], "requestBody": body, "responses": ok()}))
    assert [p.name for p in op.params] == ["async_"]
    assert op.body is not None and [a.name for a in op.body.args] == ["async_body"]
