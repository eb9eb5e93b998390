"""Requests are checked against the spec's rules before anything is sent (issue 6)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from botpress_client import Client, errors, models

C28 = "c" * 28
U28 = "u" * 28


def schema(**columns: Any) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": True, "properties": columns}


def col(**extra: Any) -> dict[str, Any]:
    return {"type": "string", "x-zui": {"index": 0}, **extra}


def zui(**extra: Any) -> dict[str, Any]:
    return col(**{"x-zui": {"index": 0, **extra}})


def computed(**extra: Any) -> dict[str, Any]:
    return zui(computed={"action": "ai", **extra})


def table(**kwargs: Any) -> Callable[[Client], Any]:
    kwargs.setdefault("schema", schema(c0=col()))
    return lambda c: c.get_or_create_table(table="t", **kwargs)


def message(**kwargs: Any) -> Callable[[Client], Any]:
    base: dict[str, Any] = {
        "payload": {"text": "hi"},
        "user_id": U28,
        "conversation_id": C28,
        "type": "text",
        "tags": {},
    }
    base.update(kwargs)
    return lambda c: c.create_message(**base)


# (call, field, rule): one case per rule of the spec that a request can break.
CASES: dict[str, tuple[Callable[[Client], Any], str, str]] = {
    "factor:maximum": (table(factor=31), "factor", "must be <= 30, got 31"),
    "factor:minimum": (table(factor=0.5), "factor", "must be >= 1, got 0.5"),
    "factor:type": (table(factor="2"), "factor", "must be a number"),
    "frozen:type": (table(frozen="yes"), "frozen", "must be a boolean"),
    "keyColumn:type": (table(key_column=5), "key_column", "must be a string or null"),
    "tags:values": (table(tags={"a": 1}), "tags.a", "must be a string"),
    "isComputeEnabled:type": (table(is_compute_enabled=1), "is_compute_enabled", "must be a boolean"),
    "schema:type": (table(schema="x"), "schema", "must be an object"),
    "schema:closed": (
        table(schema={**schema(), "extra": 1}),
        "schema.extra",
        "unknown member (no other members allowed)",
    ),
    "schema.type:required": (table(schema={"additionalProperties": True, "properties": {}}), "schema.type", "required"),
    "schema.type:enum": (table(schema={**schema(), "type": "array"}), "schema.type", 'must be "object"'),
    "schema.properties:required": (
        table(schema={"type": "object", "additionalProperties": True}),
        "schema.properties",
        "required",
    ),
    "schema.properties:maxProperties": (
        table(schema=schema(**{f"c{i}": col() for i in range(21)})),
        "schema.properties",
        "at most 20 keys",
    ),
    "schema.additionalProperties:required": (
        table(schema={"type": "object", "properties": {}}),
        "schema.additionalProperties",
        "required",
    ),
    "schema.additionalProperties:enum": (
        table(schema={**schema(), "additionalProperties": False}),
        "schema.additionalProperties",
        "must be true",
    ),
    "schema.required:items": (table(schema={**schema(), "required": [1]}), "schema.required[0]", "must be a string"),
    "column:closed": (
        table(schema=schema(c0=col(bogus=1))),
        "schema.properties.c0.bogus",
        "unknown member (no other members allowed)",
    ),
    "column.type:required": (table(schema=schema(c0={"x-zui": {"index": 0}})), "schema.properties.c0.type", "required"),
    "column.type:enum": (
        table(schema=schema(c0=col(type="text"))),
        "schema.properties.c0.type",
        'one of "string", "number", "boolean", "object", "array", "null"',
    ),
    "column.format:enum": (
        table(schema=schema(c0=col(format="date"))),
        "schema.properties.c0.format",
        'must be "date-time"',
    ),
    "column.nullable:type": (
        table(schema=schema(c0=col(nullable="no"))),
        "schema.properties.c0.nullable",
        "must be a boolean",
    ),
    "column.enum:items": (
        table(schema=schema(c0=col(enum=["a", 2]))),
        "schema.properties.c0.enum[1]",
        "must be a string",
    ),
    "column.items.type:required": (
        table(schema=schema(c0=col(type="array", items={}))),
        "schema.properties.c0.items.type",
        "required",
    ),
    "column.properties.type:enum": (
        table(schema=schema(c0=col(type="object", properties={"p": {"type": "date"}}))),
        "schema.properties.c0.properties.p.type",
        'one of "string", "number", "boolean", "object", "array", "null"',
    ),
    "column.x-zui:required": (table(schema=schema(c0={"type": "string"})), "schema.properties.c0.x-zui", "required"),
    "x-zui:closed": (
        table(schema=schema(c0=zui(color="red"))),
        "schema.properties.c0.x-zui.color",
        "unknown member (no other members allowed)",
    ),
    "x-zui.index:required": (
        table(schema=schema(c0=col(**{"x-zui": {}}))),
        "schema.properties.c0.x-zui.index",
        "required",
    ),
    "x-zui.index:integer": (
        table(schema=schema(c0=col(**{"x-zui": {"index": 1.5}}))),
        "schema.properties.c0.x-zui.index",
        "must be an integer",
    ),
    "x-zui.searchable:type": (
        table(schema=schema(c0=zui(searchable="y"))),
        "schema.properties.c0.x-zui.searchable",
        "must be a boolean",
    ),
    "computed:closed": (
        table(schema=schema(c0=computed(extra=1))),
        "schema.properties.c0.x-zui.computed.extra",
        "unknown member (no other members allowed)",
    ),
    "computed.action:required": (
        table(schema=schema(c0=zui(computed={}))),
        "schema.properties.c0.x-zui.computed.action",
        "required",
    ),
    "computed.action:enum": (
        table(schema=schema(c0=zui(computed={"action": "magic"}))),
        "schema.properties.c0.x-zui.computed.action",
        'one of "ai", "code", "workflow"',
    ),
    "computed.model:maxLength": (
        table(schema=schema(c0=computed(model="m" * 81))),
        "schema.properties.c0.x-zui.computed.model",
        "at most 80 characters",
    ),
    "computed.workflowId:maxLength": (
        table(schema=schema(c0=computed(workflowId="w" * 21))),
        "schema.properties.c0.x-zui.computed.workflowId",
        "at most 20 characters",
    ),
    "computed.dependencies:items": (
        table(schema=schema(c0=computed(dependencies=[1]))),
        "schema.properties.c0.x-zui.computed.dependencies[0]",
        "must be a string",
    ),
    "renameTableColumn.name:type": (
        lambda c: c.rename_table_column(table="t", name=1, new_name="b"),
        "name",
        "must be a string",
    ),
    "renameTableColumn.newName:type": (
        lambda c: c.rename_table_column(table="t", name="a", new_name=None),
        "new_name",
        "must be a string",
    ),
    "conversationId:minLength": (message(conversation_id="c" * 27), "conversation_id", "length 28..36"),
    "conversationId:maxLength": (message(conversation_id="c" * 37), "conversation_id", "length 28..36"),
    "userId:length": (message(user_id="u"), "user_id", "length 28..36"),
    "message.type:maxLength": (message(type="t" * 201), "type", "at most 200 characters"),
    "message.payload:type": (message(payload="hi"), "payload", "must be an object"),
    "message.tags:values": (message(tags={"k": 1}), "tags.k", "must be a string"),
    "message.origin:enum": (message(origin="human"), "origin", 'must be "synthetic"'),
    "schedule:anyOf": (message(schedule={}), "schedule", "one of dateTime, delay is required"),
    "schedule.dateTime:minLength": (
        message(schedule={"dateTime": "2024-01-01T00:00Z"}),
        "schedule.dateTime",
        "length 24..28",
    ),
    "schedule.dateTime:format": (
        message(schedule={"dateTime": "not a date at all, really!"}),
        "schedule.dateTime",
        "must be an ISO 8601 date-time",
    ),
    "schedule.delay:type": (message(schedule={"delay": "soon"}), "schedule.delay", "must be a number"),
    "expiry:minimum": (
        lambda c: c.set_state_expiry(type="user", id="u", name="n", expiry=0),
        "expiry",
        "must be >= 1, got 0",
    ),
    "expiry:maximum": (
        lambda c: c.set_state_expiry(type="user", id="u", name="n", expiry=2_592_000_001),
        "expiry",
        "must be <= 2592000000, got 2592000001",
    ),
    "state type:enum": (
        lambda c: c.set_state_expiry(type="team", id="u", name="n", expiry=1),
        "type",
        'one of "conversation", "user", "bot", "integration", "workflow"',
    ),
    "tag type:enum": (
        lambda c: c.list_tag_values(key="k", type="bot"),
        "type",
        'one of "user", "conversation", "message"',
    ),
    "limit:maximum": (lambda c: c.list_file_passages(id="f", limit=201), "limit", "must be <= 200, got 201"),
    "limit:type": (lambda c: c.list_file_passages(id="f", limit="20"), "limit", "must be a number"),
    "role:enum": (
        lambda c: c.update_workspace_member(id="m", role="god"),
        "role",
        'one of "viewer", "billing", "developer", "manager", "administrator", "owner"',
    ),
    "path:string": (lambda c: c.get_table(table=5), "table", "must be a string"),
    "x-bot-id:required": (
        lambda c: c.with_options(bot_id=None).get_table(table="t"),
        "bot_id",
        "required (header 'x-bot-id': pass bot_id= or configure the client)",
    ),
}


class NoNetwork:
    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(500)


@pytest.fixture
def recorder() -> NoNetwork:
    return NoNetwork()


@pytest.fixture
def client(recorder: NoNetwork) -> Client:
    return Client(
        token="t",
        bot_id="b",
        workspace_id="w",
        max_retries=0,
        http_client=httpx.Client(transport=httpx.MockTransport(recorder)),
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_rule_is_enforced_before_sending(case: str, client: Client, recorder: NoNetwork) -> None:
    call, field, rule = CASES[case]
    with pytest.raises(errors.RequestValidationError) as info:
        call(client)
    assert (info.value.field, info.value.rule) == (field, rule)
    assert str(info.value) == f"{field}: {rule}"
    assert isinstance(info.value, ValueError)
    assert recorder.requests == []


def test_models_are_validated_like_dicts(client: Client, recorder: NoNetwork) -> None:
    bad = models.TableSchema.from_dict(schema(c0=computed(model="m" * 81)))
    with pytest.raises(errors.RequestValidationError) as info:
        client.get_or_create_table(table="t", schema=bad)
    assert info.value.field == "schema.properties.c0.x-zui.computed.model"
    assert recorder.requests == []


def test_valid_request_is_sent_unchanged(client: Client, recorder: NoNetwork) -> None:
    body = schema(**{f"c{i}": computed(model="m" * 80, workflowId="w" * 20) for i in range(20)})
    sent = copy.deepcopy(body)
    with pytest.raises(errors.ApiError):
        client.get_or_create_table(table="t", schema=body, factor=30, key_column=None)
    assert len(recorder.requests) == 1
    assert body == sent


def test_validation_can_be_turned_off(recorder: NoNetwork) -> None:
    client = Client(
        token="t",
        bot_id="b",
        max_retries=0,
        validate_requests=False,
        http_client=httpx.Client(transport=httpx.MockTransport(recorder)),
    )
    with pytest.raises(errors.ApiError):
        client.get_or_create_table(table="t", schema=schema(c0=col()), factor=31)
    assert len(recorder.requests) == 1
