"""The calls harness (benchmarks/calls, ``make calls``): the values it gives a ``pattern``, and the
copies of a document it gives Prism where Prism cannot serve the document itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.calls import mockdoc, regex
from benchmarks.calls.values import Values, _from_pattern
from generator.load.document import Document

ARNS = [
    r"^(arn:aws([a-z-]+)?:outposts:[a-z\d-]+:\d{12}:site/)?(os-[a-f0-9]{17})$",
    r"^arn:aws:codeguru-security:[\S]+:[\d]{12}:scans\/[a-zA-Z0-9-_$:.]*$",
    r"arn:aws((-us-gov)|(-iso))?:medical-imaging:[a-z0-9-]+:[0-9]{12}:datastore/[0-9a-z]{32}",
    r"arn:aws(-[^:]+)?:iam::[0-9]{12}:role/.+",
    r"^[a-zA-Z0-9/+]{43}=$",
    r"^(a|b)\1$",
]


@pytest.mark.parametrize("pattern", ARNS)
def test_a_pattern_gets_a_value_it_matches(pattern: str) -> None:
    value = _from_pattern(pattern)
    assert value and re.search(pattern, value), value


def test_length_bounds_pick_the_repetition_count() -> None:
    assert len(_from_pattern(r"^[a-z]+$", low=5, high=9)) in range(5, 10)
    assert _from_pattern(r"^[a-z]{20}$", high=5) == ""
    # no power of two is the length asked: the bounds themselves are tried (IAM's six-digit codes)
    assert _from_pattern(r"[\d]+", low=6, high=6) == "111111"


def test_a_pattern_python_cannot_read_gives_none() -> None:
    assert regex.example(r"\p{L}+", 1) is None


def _doc(paths: dict[str, object]) -> dict[str, object]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths}


def _answer(media: str) -> dict[str, object]:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    return {"responses": {"200": {"description": "ok", "content": {media: {"schema": schema}}}}}


def test_structured_answers_prism_cannot_serialise_are_served_as_it_can() -> None:
    root = _doc(
        {"/a": {"get": _answer("*/*")}, "/b": {"get": _answer("text/xml")}, "/c": {"get": _answer("application/json")}}
    )
    served = mockdoc.served(root)
    assert served is not None
    assert list(served["paths"]["/a"]["get"]["responses"]["200"]["content"]) == ["application/json"]
    assert served["paths"]["/b"]["get"]["responses"]["200"]["content"] == {"text/xml": {"schema": {"type": "string"}}}
    assert list(root["paths"]["/a"]["get"]["responses"]["200"]["content"]) == ["*/*"]  # type: ignore[index]
    assert mockdoc.served(_doc({"/c": {"get": _answer("application/json")}})) is None


def test_fragment_keys_are_judged_in_rounds_of_distinct_routes() -> None:
    root = _doc(
        {
            "/#Action=A": {"get": _answer("application/json"), "post": _answer("application/json")},
            "/#Action=B": {"get": _answer("application/json")},
            "/tags/{arn}#keys": {"delete": _answer("application/json")},
            "/templates?desc=html": {"post": _answer("application/json")},
            "/plain": {"get": _answer("application/json")},
        }
    )
    keys = mockdoc.fragment_keys(root)
    assert keys == ["/#Action=A", "/#Action=B", "/tags/{arn}#keys", "/templates?desc=html"]
    rounds = mockdoc.rounds(root, keys)
    judged = [pair for _, pairs in rounds for pair in pairs]
    assert sorted(judged) == [
        ("/#Action=A", "get"),
        ("/#Action=A", "post"),
        ("/#Action=B", "get"),
        ("/tags/{arn}#keys", "delete"),
        ("/templates?desc=html", "post"),
    ]
    for doc, pairs in rounds:
        routes = [(path, method) for path, item in doc["paths"].items() for method in item if method in mockdoc.METHODS]
        assert len(routes) == len(pairs) and all("#" not in path and "?" not in path for path, _ in routes)


def test_a_form_body_states_its_default_encoding_for_prism() -> None:
    schema = {"type": "object", "properties": {"T": {"type": "array", "items": {}}, "D": {"type": "string"}}}
    body = {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/F"}}}}
    root = _doc({"/a": {"post": {"requestBody": body, "responses": {"204": {"description": "ok"}}}}})
    root["components"] = {"schemas": {"F": schema}}
    served = mockdoc.served(root)
    assert served is not None
    encoding = served["paths"]["/a"]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"]["encoding"]
    assert encoding == {"T": {"style": "form", "explode": True}, "D": {"style": "form", "explode": True}}
    assert "encoding" not in body["content"]["application/x-www-form-urlencoded"]


def test_an_answers_framing_headers_are_left_to_prism() -> None:
    answer = _answer("application/json")
    answer["responses"]["200"]["headers"] = {"Content-Length": {"schema": {"type": "integer"}}, "ETag": {"schema": {"type": "string"}}}  # type: ignore[index]
    served = mockdoc.served(_doc({"/a": {"get": answer}}))
    assert served is not None
    assert list(served["paths"]["/a"]["get"]["responses"]["200"]["headers"]) == ["ETag"]


def test_a_head_answer_has_no_body_in_prisms_copy() -> None:
    served = mockdoc.served(_doc({"/a": {"head": _answer("application/json"), "get": _answer("application/json")}}))
    assert served is not None
    assert "content" not in served["paths"]["/a"]["head"]["responses"]["200"]
    assert "content" in served["paths"]["/a"]["get"]["responses"]["200"]


def test_a_member_a_part_requires_and_the_schema_declares_again_is_given() -> None:
    """Azure's AllowlistCustomAlertRule: ``allOf`` a rule requiring ``ruleType``, and its own
    ``ruleType`` (an enum) not in its own ``required``: the value holds it, as declared here."""
    schemas = {
        "Rule": {
            "type": "object",
            "required": ["isEnabled", "ruleType"],
            "properties": {"isEnabled": {"type": "boolean"}, "ruleType": {"type": "string"}},
        },
        "Allow": {
            "allOf": [{"$ref": "#/components/schemas/Rule"}],
            "required": ["values"],
            "properties": {
                "values": {"type": "array", "items": {"type": "string"}},
                "ruleType": {"type": "string", "enum": ["ProcessNotAllowed"]},
            },
        },
    }
    root = {**_doc({}), "components": {"schemas": schemas}}
    doc = Document(Path("doc.json"), "doc.json", {Path("doc.json"): root})
    value = Values(doc).of(doc.root.child("components", "schemas", "Allow"))
    assert value == {"values": ["abc"], "isEnabled": True, "ruleType": "ProcessNotAllowed"}


def test_a_member_the_schema_requires_and_only_a_part_declares_is_made_as_declared() -> None:
    """DigitalOcean's project update: ``allOf`` the project (its members declared inside a nested
    ``allOf``, none required) and its own ``required`` naming them: each value as the part
    declares it, not a made-up string."""
    schemas = {
        "Project": {
            "allOf": [
                {
                    "properties": {
                        "name": {"type": "string"},
                        "environment": {"type": "string", "enum": ["Development", "Production"]},
                        "is_default": {"type": "boolean"},
                    }
                }
            ]
        },
        "Update": {
            "allOf": [{"$ref": "#/components/schemas/Project"}],
            "required": ["name", "environment", "is_default"],
        },
    }
    root = {**_doc({}), "components": {"schemas": schemas}}
    doc = Document(Path("doc.json"), "doc.json", {Path("doc.json"): root})
    value = Values(doc).of(doc.root.child("components", "schemas", "Update"))
    assert value == {"name": "abc", "environment": "Development", "is_default": True}


def test_a_json_part_prism_reads_as_text_is_named_its_limit() -> None:
    from benchmarks.calls.worker import _JSON_PART

    assert _JSON_PART.match("422 body: Request body property podcast must be object")
    assert _JSON_PART.match("400 body: Request body property tags must be array")
    assert not _JSON_PART.match("422 body: Request body property podcast must be string")
    assert not _JSON_PART.match("422 query: Request query property podcast must be object")


def test_a_default_of_null_is_no_value_of_a_schema_refusing_null() -> None:
    """VTEX's ``orderCustomDataAppId``: a string, ``default: null`` (the client refuses null)."""
    root = {**_doc({}), "components": {"schemas": {"S": {"type": "string", "default": None, "example": None}}}}
    doc = Document(Path("doc.json"), "doc.json", {Path("doc.json"): root})
    assert isinstance(Values(doc).of(doc.root.child("components", "schemas", "S")), str)
    root["components"]["schemas"]["S"]["nullable"] = True
    assert Values(doc).of(doc.root.child("components", "schemas", "S")) is None


def test_an_enum_gives_its_first_value_that_is_neither_null_nor_empty() -> None:
    """brex.io's path parameter ``dataset``: ``enum: ["", "mini", ...]``; an empty path segment is
    refused by the client (rightly), so the harness passes the first value a call can send."""
    schemas = {"E": {"type": "string", "enum": ["", "mini", "full"]}, "N": {"enum": [None, ""]}}
    root = {**_doc({}), "components": {"schemas": schemas}}
    doc = Document(Path("doc.json"), "doc.json", {Path("doc.json"): root})
    assert Values(doc).of(doc.root.child("components", "schemas", "E")) == "mini"
    assert Values(doc).of(doc.root.child("components", "schemas", "N")) == ""  # the only one left
