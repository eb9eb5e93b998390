"""Tests of the hand-maintained OpenAPI document spec/openapi.yaml.

* the document is valid OpenAPI 3.1 (openapi-spec-validator);
* every validation rule of the API description and of the live API facts is encoded: one
  parametrised case per rule, each with a valid and an invalid example checked with a JSON-schema
  validator against the spec's own component schemas;
* open enums accept values never seen before and still name the known ones;
* the structure the generator relies on: operations, tags, parameters, responses, extensions.
"""

from __future__ import annotations

import copy
import importlib.util
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parent.parent.parent / "spec" / "openapi.yaml"
SPEC_URI = "urn:spec"

# jsonschema checks "date-time" only when rfc3339-validator is importable; "uuid" is built in.
HAS_DATE_TIME_CHECK = importlib.util.find_spec("rfc3339_validator") is not None

HTTP_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def load_spec() -> dict[str, Any]:
    with SPEC_PATH.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return load_spec()


def make_validator(spec: dict[str, Any], pointer: str) -> Draft202012Validator:
    """A 2020-12 validator for the subschema at `pointer` of the spec (refs resolved in it)."""
    resource = Resource.from_contents(spec, default_specification=DRAFT202012)
    registry = Registry().with_resource(SPEC_URI, resource)
    return Draft202012Validator(
        {"$ref": f"{SPEC_URI}#{pointer}"},
        registry=registry,
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


def target_pointer(target: str) -> str:
    """`Table` -> the schema component; `parameters/Limit` -> that parameter's schema."""
    if target.startswith("parameters/"):
        return f"/components/{target}/schema"
    return f"/components/schemas/{target}"


def put(base: Any, path: tuple, value: Any) -> Any:
    """Deep copy of `base` with the member at `path` set to `value`."""
    result = copy.deepcopy(base)
    node = result
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return result


def drop(base: Any, path: tuple) -> Any:
    """Deep copy of `base` without the member at `path`."""
    result = copy.deepcopy(base)
    node = result
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return result


def resolve(spec: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = spec
    for part in ref[2:].split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def operations(spec: dict[str, Any]):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield path, method, operation


def operation_by_id(spec: dict[str, Any], operation_id: str) -> dict[str, Any]:
    for _path, _method, operation in operations(spec):
        if operation["operationId"] == operation_id:
            return operation
    raise KeyError(operation_id)


def ref_name(node: dict[str, Any]) -> str:
    return node["$ref"].rsplit("/", 1)[-1]


# --------------------------------------------------------------------------------------------
# Example data
# --------------------------------------------------------------------------------------------

TS = "2025-01-31T12:00:00.000Z"  # 24 characters
CONV = "conv_" + "0" * 23  # 28 characters
USER = "user_" + "0" * 23  # 28 characters


def columns(count: int) -> dict[str, Any]:
    return {f"c{i}": {"type": "string", "x-zui": {"index": i}} for i in range(count)}


COLUMN = {"type": "string", "x-zui": {"index": 0}}
ZUI = {"index": 0}
COMPUTED = {"action": "ai", "prompt": "Summarise the order"}
TABLE_SCHEMA = {"type": "object", "properties": {"status": COLUMN}, "additionalProperties": True}
TABLE = {"id": "table_01", "name": "orders", "schema": TABLE_SCHEMA}
TABLE_BODY = {"schema": TABLE_SCHEMA}
MESSAGE = {"id": "msg_01", "conversationId": CONV, "type": "text", "payload": {"text": "Hi"}}
MESSAGE_BODY = {
    "payload": {"text": "Hello"},
    "userId": USER,
    "conversationId": CONV,
    "type": "text",
    "tags": {},
}
STATE = {"id": "state_01", "name": "session", "type": "conversation", "payload": {}}
USER_OBJ = {"id": "user_01", "name": "Ada", "tags": {"plan": "pro"}}
PASSAGE = {"id": "p1", "content": "Chapter 1", "meta": {"type": "chunk", "pageNumber": 1}}
MEMBER = {"id": "m1", "role": "developer", "userId": "3f2b1c9e-8d4a-4b6f-9e2d-1a2b3c4d5e6f"}
ISSUE = {"id": "iss_1", "code": "E1", "category": "user_code", "eventsCount": 3}
ERROR = {"id": "err_1", "code": 404, "type": "ResourceNotFound", "message": "No such table"}
TABLE_RESPONSE = {"table": TABLE, "created": True, "rows": 0, "stale": 0, "indexing": 0}
PAGE = {"nextToken": "tok"}


class Rule(NamedTuple):
    id: str  # names the rule: "<Schema>.<member>:<keyword>=<value>"
    target: str  # component schema name, or "parameters/<Name>" for a parameter's schema
    valid: Any
    invalid: Any  # differs from `valid` only in breaking the rule
    keyword: str  # JSON-schema keyword that must reject `invalid`
    needs_date_time: bool = False


def required_rule(schema: str, base: dict[str, Any], member: str) -> Rule:
    return Rule(f"{schema}:required={member}", schema, base, drop(base, (member,)), "required")


def date_time_rule(schema: str, base: dict[str, Any], member: str) -> Rule:
    return Rule(
        f"{schema}.{member}:format=date-time",
        schema,
        put(base, (member,), TS),
        put(base, (member,), "31/01/2025 12:00"),
        "format",
        needs_date_time=True,
    )


RULES: list[Rule] = [
    # ---- Table (2.1) ----
    required_rule("Table", TABLE, "id"),
    required_rule("Table", TABLE, "name"),
    required_rule("Table", TABLE, "schema"),
    Rule("Table:additionalProperties=false", "Table", TABLE, put(TABLE, ("rowCount",), 3), "additionalProperties"),
    Rule("Table.name:minLength=1", "Table", put(TABLE, ("name",), "t"), put(TABLE, ("name",), ""), "minLength"),
    Rule("Table.factor:minimum=1", "Table", put(TABLE, ("factor",), 1), put(TABLE, ("factor",), 0.5), "minimum"),
    Rule("Table.factor:maximum=30", "Table", put(TABLE, ("factor",), 30), put(TABLE, ("factor",), 31), "maximum"),
    Rule("Table.frozen:type=boolean", "Table", put(TABLE, ("frozen",), True), put(TABLE, ("frozen",), "yes"), "type"),
    Rule(
        "Table.keyColumn:type=[string,null] (null ok, int not)",
        "Table",
        put(TABLE, ("keyColumn",), None),
        put(TABLE, ("keyColumn",), 5),
        "type",
    ),
    Rule(
        "Table.tags:additionalProperties=string",
        "Table",
        put(TABLE, ("tags",), {"env": "prod"}),
        put(TABLE, ("tags",), {"env": 1}),
        "type",
    ),
    date_time_rule("Table", TABLE, "createdAt"),
    date_time_rule("Table", TABLE, "updatedAt"),
    # ---- Table schema (2.2) ----
    required_rule("TableSchema", TABLE_SCHEMA, "type"),
    required_rule("TableSchema", TABLE_SCHEMA, "properties"),
    required_rule("TableSchema", TABLE_SCHEMA, "additionalProperties"),
    Rule(
        "TableSchema:additionalProperties=false",
        "TableSchema",
        TABLE_SCHEMA,
        put(TABLE_SCHEMA, ("title",), "Orders"),
        "additionalProperties",
    ),
    Rule("TableSchema.type:enum=[object]", "TableSchema", TABLE_SCHEMA, put(TABLE_SCHEMA, ("type",), "array"), "enum"),
    Rule(
        "TableSchema.additionalProperties:enum=[true]",
        "TableSchema",
        TABLE_SCHEMA,
        put(TABLE_SCHEMA, ("additionalProperties",), False),
        "enum",
    ),
    Rule(
        "TableSchema.properties:maxProperties=20",
        "TableSchema",
        put(TABLE_SCHEMA, ("properties",), columns(20)),
        put(TABLE_SCHEMA, ("properties",), columns(21)),
        "maxProperties",
    ),
    Rule(
        "TableSchema.required:items=string",
        "TableSchema",
        put(TABLE_SCHEMA, ("required",), ["status"]),
        put(TABLE_SCHEMA, ("required",), [1]),
        "type",
    ),
    # ---- Column definition (2.3) ----
    required_rule("ColumnDefinition", COLUMN, "type"),
    required_rule("ColumnDefinition", COLUMN, "x-zui"),
    Rule(
        "ColumnDefinition:additionalProperties=false",
        "ColumnDefinition",
        COLUMN,
        put(COLUMN, ("default",), "new"),
        "additionalProperties",
    ),
    Rule(
        "ColumnDefinition.type:enum(ColumnType)",
        "ColumnDefinition",
        put(COLUMN, ("type",), "null"),
        put(COLUMN, ("type",), "integer"),
        "enum",
    ),
    Rule(
        "ColumnDefinition.format:enum=[date-time]",
        "ColumnDefinition",
        put(COLUMN, ("format",), "date-time"),
        put(COLUMN, ("format",), "date"),
        "enum",
    ),
    Rule(
        "ColumnDefinition.enum:items=string",
        "ColumnDefinition",
        put(COLUMN, ("enum",), ["open", "closed"]),
        put(COLUMN, ("enum",), ["open", 2]),
        "type",
    ),
    Rule(
        "ColumnDefinition.nullable:type=boolean",
        "ColumnDefinition",
        put(COLUMN, ("nullable",), False),
        put(COLUMN, ("nullable",), "false"),
        "type",
    ),
    Rule(
        "ColumnDefinition.items:required=type",
        "ColumnDefinition",
        {"type": "array", "items": {"type": "string", "minLength": 1}, "x-zui": ZUI},
        {"type": "array", "items": {"minLength": 1}, "x-zui": ZUI},
        "required",
    ),
    Rule(
        "ColumnDefinition.items.type:enum(ColumnType)",
        "ColumnDefinition",
        {"type": "array", "items": {"type": "number"}, "x-zui": ZUI},
        {"type": "array", "items": {"type": "float"}, "x-zui": ZUI},
        "enum",
    ),
    Rule(
        "ColumnDefinition.properties.*:required=type",
        "ColumnDefinition",
        {"type": "object", "properties": {"city": {"type": "string", "title": "City"}}, "x-zui": ZUI},
        {"type": "object", "properties": {"city": {"title": "City"}}, "x-zui": ZUI},
        "required",
    ),
    Rule(
        "ColumnDefinition.properties.*.type:enum(ColumnType)",
        "ColumnDefinition",
        {"type": "object", "properties": {"city": {"type": "string"}}, "x-zui": ZUI},
        {"type": "object", "properties": {"city": {"type": "text"}}, "x-zui": ZUI},
        "enum",
    ),
    Rule("ColumnType:enum", "ColumnType", "boolean", "bool", "enum"),
    Rule(
        "ColumnItems:required=type",
        "ColumnItems",
        {"type": "string", "format": "email"},
        {"format": "email"},
        "required",
    ),
    # ---- Column metadata, x-zui (2.4) ----
    required_rule("ColumnMetadata", {"index": 0, "hidden": True}, "index"),
    Rule(
        "ColumnMetadata:additionalProperties=false",
        "ColumnMetadata",
        ZUI,
        put(ZUI, ("label",), "Status"),
        "additionalProperties",
    ),
    Rule("ColumnMetadata.index:type=integer", "ColumnMetadata", {"index": 2}, {"index": 2.5}, "type"),
    required_rule("ComputedDefinition", COMPUTED, "action"),
    Rule(
        "ComputedDefinition:additionalProperties=false",
        "ComputedDefinition",
        COMPUTED,
        put(COMPUTED, ("temperature",), 0.2),
        "additionalProperties",
    ),
    Rule(
        "ComputedDefinition.action:enum=[ai,code,workflow]",
        "ComputedDefinition",
        put(COMPUTED, ("action",), "workflow"),
        put(COMPUTED, ("action",), "sql"),
        "enum",
    ),
    Rule(
        "ComputedDefinition.model:maxLength=80",
        "ComputedDefinition",
        put(COMPUTED, ("model",), "m" * 80),
        put(COMPUTED, ("model",), "m" * 81),
        "maxLength",
    ),
    Rule(
        "ComputedDefinition.workflowId:maxLength=20",
        "ComputedDefinition",
        put(COMPUTED, ("workflowId",), "w" * 20),
        put(COMPUTED, ("workflowId",), "w" * 21),
        "maxLength",
    ),
    Rule(
        "ComputedDefinition.dependencies:items=string",
        "ComputedDefinition",
        put(COMPUTED, ("dependencies",), ["status"]),
        put(COMPUTED, ("dependencies",), [None]),
        "type",
    ),
    # ---- getOrCreateTable body and response (4.1) ----
    required_rule("GetOrCreateTableBody", TABLE_BODY, "schema"),
    Rule(
        "GetOrCreateTableBody:additionalProperties=false",
        "GetOrCreateTableBody",
        TABLE_BODY,
        put(TABLE_BODY, ("name",), "orders"),
        "additionalProperties",
    ),
    Rule(
        "GetOrCreateTableBody.factor:minimum=1",
        "GetOrCreateTableBody",
        put(TABLE_BODY, ("factor",), 1.5),
        put(TABLE_BODY, ("factor",), 0),
        "minimum",
    ),
    Rule(
        "GetOrCreateTableBody.factor:maximum=30",
        "GetOrCreateTableBody",
        put(TABLE_BODY, ("factor",), 29.5),
        put(TABLE_BODY, ("factor",), 30.5),
        "maximum",
    ),
    Rule(
        "GetOrCreateTableBody.schema.properties:maxProperties=20",
        "GetOrCreateTableBody",
        put(TABLE_BODY, ("schema", "properties"), columns(20)),
        put(TABLE_BODY, ("schema", "properties"), columns(21)),
        "maxProperties",
    ),
    Rule(
        "GetOrCreateTableBody.keyColumn:type=[string,null] (string ok, int not)",
        "GetOrCreateTableBody",
        put(TABLE_BODY, ("keyColumn",), "status"),
        put(TABLE_BODY, ("keyColumn",), 1),
        "type",
    ),
    Rule(
        "GetOrCreateTableBody.tags:additionalProperties=string",
        "GetOrCreateTableBody",
        put(TABLE_BODY, ("tags",), {"team": "ops"}),
        put(TABLE_BODY, ("tags",), {"team": ["ops"]}),
        "type",
    ),
    *[
        required_rule("GetOrCreateTableResponse", TABLE_RESPONSE, m)
        for m in ("table", "created", "rows", "stale", "indexing")
    ],
    required_rule("GetTableResponse", {"table": TABLE, "rows": 3}, "table"),
    required_rule("RenameTableColumnBody", {"name": "status", "newName": "state"}, "name"),
    required_rule("RenameTableColumnBody", {"name": "status", "newName": "state"}, "newName"),
    required_rule("RenameTableColumnResponse", {"table": TABLE}, "table"),
    # ---- createMessage body (4.2 + live API facts) ----
    *[
        required_rule("CreateMessageBody", MESSAGE_BODY, m)
        for m in ("payload", "userId", "conversationId", "type", "tags")
    ],
    Rule(
        "CreateMessageBody.conversationId:minLength=28",
        "CreateMessageBody",
        MESSAGE_BODY,
        put(MESSAGE_BODY, ("conversationId",), "c" * 27),
        "minLength",
    ),
    Rule(
        "CreateMessageBody.conversationId:maxLength=36",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("conversationId",), "c" * 36),
        put(MESSAGE_BODY, ("conversationId",), "c" * 37),
        "maxLength",
    ),
    Rule(
        "CreateMessageBody.userId:minLength=28",
        "CreateMessageBody",
        MESSAGE_BODY,
        put(MESSAGE_BODY, ("userId",), "u" * 27),
        "minLength",
    ),
    Rule(
        "CreateMessageBody.userId:maxLength=36",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("userId",), "u" * 36),
        put(MESSAGE_BODY, ("userId",), "u" * 37),
        "maxLength",
    ),
    Rule(
        "CreateMessageBody.type:maxLength=200",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("type",), "t" * 200),
        put(MESSAGE_BODY, ("type",), "t" * 201),
        "maxLength",
    ),
    Rule(
        "CreateMessageBody.origin:enum=[synthetic]",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("origin",), "synthetic"),
        put(MESSAGE_BODY, ("origin",), "user"),
        "enum",
    ),
    Rule(
        "CreateMessageBody.payload:type=object",
        "CreateMessageBody",
        MESSAGE_BODY,
        put(MESSAGE_BODY, ("payload",), "Hello"),
        "type",
    ),
    Rule(
        "CreateMessageBody.tags:additionalProperties=string",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("tags",), {"topic": "billing"}),
        put(MESSAGE_BODY, ("tags",), {"topic": 3}),
        "type",
    ),
    Rule(
        "CreateMessageBody.schedule:anyOf=[required dateTime, required delay]",
        "CreateMessageBody",
        put(MESSAGE_BODY, ("schedule",), {"delay": 60000}),
        put(MESSAGE_BODY, ("schedule",), {}),
        "anyOf",
    ),
    Rule(
        "MessageSchedule.dateTime:minLength=24",
        "MessageSchedule",
        {"dateTime": TS},
        {"dateTime": "2025-01-31T12:00:00Z"},
        "minLength",
    ),
    Rule(
        "MessageSchedule.dateTime:maxLength=28",
        "MessageSchedule",
        {"dateTime": "2025-01-31T12:00:00.0000000Z"},
        {"dateTime": "2025-01-31T12:00:00.00000000Z"},
        "maxLength",
    ),
    Rule(
        "MessageSchedule.dateTime:format=date-time",
        "MessageSchedule",
        {"dateTime": TS},
        {"dateTime": "2025-13-31T12:00:00.000Z"},
        "format",
        needs_date_time=True,
    ),
    Rule("MessageSchedule.delay:type=number", "MessageSchedule", {"delay": 1500.5}, {"delay": "1500"}, "type"),
    # ---- Message (2.5) ----
    Rule(
        "Message.conversationId:minLength=28",
        "Message",
        MESSAGE,
        put(MESSAGE, ("conversationId",), "c" * 27),
        "minLength",
    ),
    Rule(
        "Message.conversationId:maxLength=36",
        "Message",
        put(MESSAGE, ("conversationId",), "c" * 36),
        put(MESSAGE, ("conversationId",), "c" * 37),
        "maxLength",
    ),
    Rule(
        "Message.origin:enum=[synthetic]",
        "Message",
        put(MESSAGE, ("origin",), "synthetic"),
        put(MESSAGE, ("origin",), "organic"),
        "enum",
    ),
    Rule(
        "Message.tags:additionalProperties=string",
        "Message",
        put(MESSAGE, ("tags",), {"a": "b"}),
        put(MESSAGE, ("tags",), {"a": True}),
        "type",
    ),
    date_time_rule("Message", MESSAGE, "createdAt"),
    required_rule("CreateMessageResponse", {"message": MESSAGE}, "message"),
    required_rule("GetMessageResponse", {"message": MESSAGE}, "message"),
    # ---- State (2.6) and setStateExpiry (4.2 + live API facts) ----
    Rule("State.type:enum(StateType)", "State", STATE, put(STATE, ("type",), "session"), "enum"),
    Rule("StateType:enum", "StateType", "workflow", "task", "enum"),
    Rule("State.payload:type=object", "State", STATE, put(STATE, ("payload",), [1, 2]), "type"),
    required_rule("SetStateExpiryBody", {"expiry": 3600000}, "expiry"),
    Rule("SetStateExpiryBody.expiry:minimum=1", "SetStateExpiryBody", {"expiry": 1}, {"expiry": 0.5}, "minimum"),
    Rule(
        "SetStateExpiryBody.expiry:maximum=2592000000",
        "SetStateExpiryBody",
        {"expiry": 2592000000},
        {"expiry": 2592000001},
        "maximum",
    ),
    Rule(
        "SetStateExpiryBody.expiry:type=[number,null] (null ok, string not)",
        "SetStateExpiryBody",
        {"expiry": None},
        {"expiry": "3600000"},
        "type",
    ),
    required_rule("SetStateExpiryResponse", {"state": STATE}, "state"),
    # ---- User (2.7) ----
    required_rule("GetUserResponse", {"user": USER_OBJ}, "user"),
    Rule("User.tags:additionalProperties=string", "User", USER_OBJ, put(USER_OBJ, ("tags",), {"plan": None}), "type"),
    # ---- Tags, passages and pagination (2.8, 2.11, 4.2, 4.3) ----
    required_rule("ListTagValuesResponse", {"tags": [{"value": "vip"}], "meta": PAGE}, "tags"),
    required_rule("ListTagValuesResponse", {"tags": [{"value": "vip"}], "meta": PAGE}, "meta"),
    Rule("TagValue.value:type=string", "TagValue", {"value": "vip"}, {"value": 1}, "type"),
    Rule("PaginationMeta.nextToken:type=string", "PaginationMeta", PAGE, {"nextToken": 2}, "type"),
    required_rule("ListFilePassagesResponse", {"passages": [PASSAGE], "meta": {}}, "passages"),
    required_rule("ListFilePassagesResponse", {"passages": [PASSAGE], "meta": {}}, "meta"),
    required_rule("ListFileTagValuesResponse", {"values": ["a", "b"], "meta": PAGE}, "values"),
    required_rule("ListFileTagValuesResponse", {"values": ["a", "b"], "meta": PAGE}, "meta"),
    Rule(
        "ListFileTagValuesResponse.values:items=string",
        "ListFileTagValuesResponse",
        {"values": ["a"], "meta": PAGE},
        {"values": [{"value": "a"}], "meta": PAGE},
        "type",
    ),
    Rule("DeleteFileResponse:type=object", "DeleteFileResponse", {}, [], "type"),
    # ---- Administration (2.9, 2.10, 4.4 + live API facts) ----
    Rule(
        "WorkspaceMember.role:enum(WorkspaceMemberRole)",
        "WorkspaceMember",
        MEMBER,
        put(MEMBER, ("role",), "admin"),
        "enum",
    ),
    Rule(
        "WorkspaceMember.userId:format=uuid", "WorkspaceMember", MEMBER, put(MEMBER, ("userId",), "user-123"), "format"
    ),
    Rule(
        "UpdateWorkspaceMemberBody.role:enum(WorkspaceMemberRole)",
        "UpdateWorkspaceMemberBody",
        {"role": "owner", "note": "other members are allowed"},
        {"role": "root"},
        "enum",
    ),
    required_rule("GetBotIssueResponse", {"issue": ISSUE}, "issue"),
    date_time_rule("BotIssue", ISSUE, "lastSeenAt"),
    # ---- Error body (live API facts) ----
    *[required_rule("Error", ERROR, m) for m in ("id", "code", "type", "message")],
    Rule("Error.code:type=integer", "Error", ERROR, put(ERROR, ("code",), "404"), "type"),
    # ---- Header and query parameter schemas ----
    Rule("Limit:maximum=200", "parameters/Limit", 200, 201, "maximum"),
    Rule("Limit:type=number", "parameters/Limit", 50, "50", "type"),
    Rule("TagType:enum=[user,conversation,message]", "parameters/TagType", "conversation", "bot", "enum"),
]


# --------------------------------------------------------------------------------------------
# Validity of the document
# --------------------------------------------------------------------------------------------


def test_spec_is_valid_openapi(spec):
    validate_openapi(spec)  # raises on an invalid document


def test_spec_declares_openapi_3_1(spec):
    assert spec["openapi"] == "3.1.0"


# --------------------------------------------------------------------------------------------
# One case per rule
# --------------------------------------------------------------------------------------------


def test_rule_ids_are_unique_and_numerous():
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 60


@pytest.mark.parametrize("rule", RULES, ids=[rule.id for rule in RULES])
def test_rule(spec, rule: Rule):
    if rule.needs_date_time:
        assert HAS_DATE_TIME_CHECK, "rfc3339-validator (a dev dependency) is needed to check date-time"
    validator = make_validator(spec, target_pointer(rule.target))

    valid_errors = [error.message for error in validator.iter_errors(rule.valid)]
    assert valid_errors == [], f"valid example rejected: {valid_errors}"

    invalid_errors = list(validator.iter_errors(rule.invalid))
    assert invalid_errors, "invalid example accepted"
    keywords = {error.validator for error in invalid_errors}
    assert keywords == {rule.keyword}, f"rejected by {keywords}, expected only {rule.keyword!r}"


# --------------------------------------------------------------------------------------------
# Open enums: unseen values accepted, known values named
# --------------------------------------------------------------------------------------------

ERROR_TYPES = [
    "InvalidPayload",
    "InvalidJsonSchema",
    "InvalidDataFormat",
    "InvalidIdentifier",
    "ReferenceNotFound",
    "InvalidQuery",
    "Runtime",
    "BreakingChanges",
    "Unauthorized",
    "PaymentRequired",
    "Forbidden",
    "QuotaExceeded",
    "ResourceNotFound",
    "MethodNotFound",
    "RelationConflict",
    "ReferenceConstraint",
    "ResourceLockedConflict",
    "AlreadyExists",
    "ResourceGone",
    "PayloadTooLarge",
    "LimitExceeded",
    "UnsupportedMediaType",
    "RateLimited",
    "Unknown",
    "Internal",
    "OperationTimeout",
]

OPEN_ENUMS = [
    ("Message", "direction", MESSAGE, ["incoming"]),
    ("PassageMeta", "type", {"pageNumber": 1}, ["chunk"]),
    ("PassageMeta", "subtype", {"pageNumber": 1}, ["title"]),
    ("BotIssue", "category", ISSUE, ["user_code"]),
    ("Error", "type", ERROR, ERROR_TYPES),
]


@pytest.mark.parametrize(
    "schema_name, member, base, known",
    OPEN_ENUMS,
    ids=[f"{name}.{member}:open" for name, member, _base, _known in OPEN_ENUMS],
)
def test_open_enum(spec, schema_name, member, base, known):
    prop = spec["components"]["schemas"][schema_name]["properties"][member]
    assert prop["type"] == "string"
    assert "enum" not in prop, "an open enum must not be closed with `enum`"
    assert prop["x-extensible-enum"] == known

    validator = make_validator(spec, f"/components/schemas/{schema_name}")
    for value in [*known, "outgoing-v2-never-seen"]:
        errors = [error.message for error in validator.iter_errors(put(base, (member,), value))]
        assert errors == [], f"{value!r} rejected: {errors}"
    # still a string: a non-string value is rejected
    assert not validator.is_valid(put(base, (member,), 7))


# --------------------------------------------------------------------------------------------
# Document-level structure
# --------------------------------------------------------------------------------------------


def test_info_servers_tags(spec):
    assert spec["info"]["title"] == "Botpress API"
    assert spec["info"]["version"] == "1.82.0"
    assert spec["info"]["description"].strip()
    assert [server["url"] for server in spec["servers"]] == ["https://api.botpress.cloud"]
    tags = {tag["name"]: tag for tag in spec["tags"]}
    assert list(tags) == ["tables", "chat", "files", "admin"]
    assert all(tag["description"].strip() for tag in tags.values())


def test_client_extension(spec):
    assert spec["x-client"] == {
        "token-env": "BP_TOKEN",
        "flat-methods": True,
        "base-url-env": "BP_API_URL",
        "log-env": "BP_LOG",
    }


def test_bearer_security_applies_to_every_operation(spec):
    assert spec["components"]["securitySchemes"]["bearerAuth"]["type"] == "http"
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    assert spec["security"] == [{"bearerAuth": []}]
    for _path, _method, operation in operations(spec):
        # an operation-level `security` would override (or, if empty, remove) the global one
        assert operation.get("security", spec["security"]) == [{"bearerAuth": []}], operation["operationId"]


def test_components_order(spec):
    assert list(spec["components"]) == ["parameters", "responses", "schemas", "securitySchemes"]


# --------------------------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------------------------

BOT_FULL = ["XBotId", "XIntegrationId", "XIntegrationAlias", "XIntegrationName", "XUserId", "XUserRole"]
BOT_CHAT = ["XBotId", "XIntegrationId", "XIntegrationAlias"]
ADMIN = ["XWorkspaceId", "XMultipleIntegrations"]

# operationId: method, path, tag, query params, header params, request body schema, 200 schema
OPERATIONS = {
    "getOrCreateTable": (
        "post",
        "/v1/tables/{table}",
        "tables",
        [],
        BOT_FULL,
        "GetOrCreateTableBody",
        "GetOrCreateTableResponse",
    ),
    "getTable": ("get", "/v1/tables/{table}", "tables", [], BOT_FULL, None, "GetTableResponse"),
    "renameTableColumn": (
        "put",
        "/v1/tables/{table}/column",
        "tables",
        [],
        BOT_FULL,
        "RenameTableColumnBody",
        "RenameTableColumnResponse",
    ),
    "createMessage": ("post", "/v1/chat/messages", "chat", [], BOT_CHAT, "CreateMessageBody", "CreateMessageResponse"),
    "getMessage": ("get", "/v1/chat/messages/{id}", "chat", [], BOT_CHAT, None, "GetMessageResponse"),
    "setStateExpiry": (
        "post",
        "/v1/chat/states/{type}/{id}/{name}/expiry",
        "chat",
        [],
        BOT_CHAT,
        "SetStateExpiryBody",
        "SetStateExpiryResponse",
    ),
    "getUser": ("get", "/v1/chat/users/{id}", "chat", [], BOT_CHAT, None, "GetUserResponse"),
    "listTagValues": (
        "get",
        "/v1/chat/tags/{key}/values",
        "chat",
        ["NextToken", "TagType"],
        BOT_CHAT,
        None,
        "ListTagValuesResponse",
    ),
    "listFilePassages": (
        "get",
        "/v1/files/{id}/passages",
        "files",
        ["NextToken", "Limit"],
        BOT_FULL,
        None,
        "ListFilePassagesResponse",
    ),
    "listFileTagValues": (
        "get",
        "/v1/files/tags/{tag}/values",
        "files",
        ["NextToken"],
        BOT_FULL,
        None,
        "ListFileTagValuesResponse",
    ),
    "deleteFile": ("delete", "/v1/files/{id}", "files", [], BOT_FULL, None, "DeleteFileResponse"),
    "updateWorkspaceMember": (
        "put",
        "/v1/admin/workspace-members/{id}",
        "admin",
        [],
        ADMIN,
        "UpdateWorkspaceMemberBody",
        "WorkspaceMember",
    ),
    "deleteWorkspace": (
        "delete",
        "/v1/admin/workspaces/{id}",
        "admin",
        [],
        ["XMultipleIntegrations"],
        None,
        "DeleteWorkspaceResponse",
    ),
    "getBotIssue": ("get", "/v1/admin/bots/{id}/issues/{issueId}", "admin", [], ADMIN, None, "GetBotIssueResponse"),
    "deleteBotIssue": (
        "delete",
        "/v1/admin/bots/{id}/issues/{issueId}",
        "admin",
        [],
        ADMIN,
        None,
        "DeleteBotIssueResponse",
    ),
}


def test_exactly_the_fifteen_operations(spec):
    found = {operation["operationId"]: (method, path) for path, method, operation in operations(spec)}
    expected = {op_id: (entry[0], entry[1]) for op_id, entry in OPERATIONS.items()}
    assert found == expected
    assert len(found) == 15


def test_paths_in_description_order(spec):
    expected = list(dict.fromkeys(entry[1] for entry in OPERATIONS.values()))
    assert list(spec["paths"]) == expected


@pytest.mark.parametrize("operation_id", list(OPERATIONS))
def test_operation_documentation(spec, operation_id):
    operation = operation_by_id(spec, operation_id)
    assert operation["tags"] == [OPERATIONS[operation_id][2]]
    summary = operation["summary"]
    assert summary.strip() and "\n" not in summary.strip() and len(summary) <= 60
    assert not summary.endswith(".")
    assert len(operation["description"].strip()) > len(summary)


@pytest.mark.parametrize("operation_id", list(OPERATIONS))
def test_operation_parameters(spec, operation_id):
    _method, path, _tag, query, headers, _body, _response = OPERATIONS[operation_id]
    operation = operation_by_id(spec, operation_id)
    path_params = re.findall(r"{(\w+)}", path)
    expected = [("path", name) for name in path_params] + [("ref", name) for name in query + headers]
    actual = []
    for param in operation["parameters"]:
        if "$ref" in param:
            assert param["$ref"].startswith("#/components/parameters/")
            actual.append(("ref", ref_name(param)))
        else:
            # only path parameters are written inline; header and query ones are components
            assert param["in"] == "path", param
            assert param["required"] is True
            assert param["description"].strip()
            actual.append(("path", param["name"]))
    assert actual == expected
    assert "parameters" not in spec["paths"][path]


@pytest.mark.parametrize("operation_id", list(OPERATIONS))
def test_path_parameter_schemas(spec, operation_id):
    operation = operation_by_id(spec, operation_id)
    for param in operation["parameters"]:
        if "$ref" in param:
            continue
        if (operation_id, param["name"]) == ("setStateExpiry", "type"):
            assert param["schema"] == {"$ref": "#/components/schemas/StateType"}
        else:
            assert param["schema"] == {"type": "string"}


@pytest.mark.parametrize("operation_id", list(OPERATIONS))
def test_operation_bodies_and_responses(spec, operation_id):
    _method, _path, _tag, _query, _headers, body, response = OPERATIONS[operation_id]
    operation = operation_by_id(spec, operation_id)
    if body is None:
        assert "requestBody" not in operation
    else:
        request = operation["requestBody"]
        assert request["required"] is True
        assert list(request["content"]) == ["application/json"]
        assert request["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{body}"}
    responses = operation["responses"]
    assert set(responses) == {"200", "default"}
    ok = responses["200"]
    assert ok["description"].strip()
    assert ok["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{response}"}
    assert responses["default"] == {"$ref": "#/components/responses/Error"}
    error = resolve(spec, responses["default"]["$ref"])
    assert error["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_get_or_create_table_notes_its_default_response(spec):
    text = operation_by_id(spec, "getOrCreateTable")["responses"]["200"]["x-spec-note"]
    assert "default" in text and "error" in text


def test_idempotent_extension_only_on_safe_posts(spec):
    marked = {operation["operationId"] for _path, _method, operation in operations(spec) if "x-idempotent" in operation}
    assert marked == {"getOrCreateTable", "setStateExpiry"}
    for operation_id in marked:
        assert operation_by_id(spec, operation_id)["x-idempotent"] is True


# --------------------------------------------------------------------------------------------
# Reusable parameters
# --------------------------------------------------------------------------------------------

PARAMETERS = {
    # name: (wire name, in, required, x-client-option)
    "XBotId": ("x-bot-id", "header", True, {"name": "bot_id", "env": "BP_BOT_ID"}),
    "XIntegrationId": ("x-integration-id", "header", False, {"name": "integration_id", "env": "BP_INTEGRATION_ID"}),
    "XIntegrationAlias": ("x-integration-alias", "header", False, {"name": "integration_alias"}),
    "XIntegrationName": ("x-integration-name", "header", False, None),
    "XUserId": ("x-user-id", "header", False, None),
    "XUserRole": ("x-user-role", "header", False, None),
    "XWorkspaceId": ("x-workspace-id", "header", True, {"name": "workspace_id", "env": "BP_WORKSPACE_ID"}),
    "XMultipleIntegrations": ("x-multiple-integrations", "header", False, None),
    "NextToken": ("nextToken", "query", False, None),
    "Limit": ("limit", "query", False, None),
    "TagType": ("type", "query", True, None),
}


def test_component_parameter_set(spec):
    assert list(spec["components"]["parameters"]) == list(PARAMETERS)


@pytest.mark.parametrize("component", list(PARAMETERS))
def test_component_parameter(spec, component):
    wire_name, location, required, client_option = PARAMETERS[component]
    param = spec["components"]["parameters"][component]
    assert param["name"] == wire_name
    assert param["in"] == location
    assert param["required"] is required
    assert param["description"].strip()
    assert param["schema"]["type"] == ("number" if component == "Limit" else "string")
    assert param.get("x-client-option") == client_option
    assert param.get("deprecated", False) is (component == "XMultipleIntegrations")


def test_special_parameter_schemas(spec):
    params = spec["components"]["parameters"]
    assert params["Limit"]["schema"] == {"type": "number", "default": 20, "maximum": 200}
    assert params["TagType"]["schema"] == {"type": "string", "enum": ["user", "conversation", "message"]}
    assert '"true"' in params["XMultipleIntegrations"]["description"]


# --------------------------------------------------------------------------------------------
# Schemas
# --------------------------------------------------------------------------------------------

SCHEMA_NAMES = [
    "Table",
    "TableSchema",
    "ColumnType",
    "ColumnItems",
    "ColumnDefinition",
    "ColumnMetadata",
    "ComputedDefinition",
    "Message",
    "MessageSchedule",
    "StateType",
    "State",
    "User",
    "TagValue",
    "Passage",
    "PassageMeta",
    "WorkspaceMemberRole",
    "WorkspaceMember",
    "BotIssue",
    "PaginationMeta",
    "Error",
    "GetOrCreateTableBody",
    "RenameTableColumnBody",
    "CreateMessageBody",
    "SetStateExpiryBody",
    "UpdateWorkspaceMemberBody",
    "GetOrCreateTableResponse",
    "GetTableResponse",
    "RenameTableColumnResponse",
    "CreateMessageResponse",
    "GetMessageResponse",
    "SetStateExpiryResponse",
    "GetUserResponse",
    "ListTagValuesResponse",
    "ListFilePassagesResponse",
    "ListFileTagValuesResponse",
    "DeleteFileResponse",
    "DeleteWorkspaceResponse",
    "GetBotIssueResponse",
    "DeleteBotIssueResponse",
]

CLOSED = {"Table", "TableSchema", "ColumnDefinition", "ColumnMetadata", "ComputedDefinition", "GetOrCreateTableBody"}


def test_schema_names(spec):
    assert set(spec["components"]["schemas"]) == set(SCHEMA_NAMES)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_documented(spec, name):
    schema = spec["components"]["schemas"][name]
    assert schema["description"].strip()
    if "enum" in schema:
        assert schema["type"] == "string"
        return
    assert schema["type"] == "object"
    assert isinstance(schema["properties"], dict)
    for member, prop in schema["properties"].items():
        assert prop.get("description", "").strip(), f"{name}.{member} has no description"
    for member in schema.get("required", []):
        assert member in schema["properties"], f"{name} requires undeclared {member}"


def test_closed_objects_are_exactly_the_described_ones(spec):
    closed = {
        name for name, schema in spec["components"]["schemas"].items() if schema.get("additionalProperties") is False
    }
    assert closed == CLOSED


@pytest.mark.parametrize("name", ["DeleteFileResponse", "DeleteWorkspaceResponse", "DeleteBotIssueResponse"])
def test_empty_object_responses(spec, name):
    schema = spec["components"]["schemas"][name]
    assert schema["type"] == "object"
    assert schema["properties"] == {}
    assert "additionalProperties" not in schema
    assert "required" not in schema


def test_enum_components(spec):
    schemas = spec["components"]["schemas"]
    assert schemas["ColumnType"]["enum"] == ["string", "number", "boolean", "object", "array", "null"]
    assert schemas["StateType"]["enum"] == ["conversation", "user", "bot", "integration", "workflow"]
    assert schemas["WorkspaceMemberRole"]["enum"] == [
        "viewer",
        "billing",
        "developer",
        "manager",
        "administrator",
        "owner",
    ]


def test_column_items_shape_reused(spec):
    column = spec["components"]["schemas"]["ColumnDefinition"]["properties"]
    assert column["items"]["$ref"] == "#/components/schemas/ColumnItems"
    assert column["properties"]["additionalProperties"] == {"$ref": "#/components/schemas/ColumnItems"}
    assert spec["components"]["schemas"]["ColumnItems"]["required"] == ["type"]
    assert make_validator(spec, "/components/schemas/ColumnItems").is_valid({"type": "string", "minLength": 3})


def test_defaults(spec):
    schemas = spec["components"]["schemas"]
    assert schemas["Table"]["properties"]["factor"]["default"] == 1
    assert schemas["GetOrCreateTableBody"]["properties"]["factor"]["default"] == 1
    assert schemas["ColumnDefinition"]["properties"]["nullable"]["default"] is True
    assert schemas["ComputedDefinition"]["properties"]["dependencies"]["default"] == []
    assert spec["components"]["parameters"]["Limit"]["schema"]["default"] == 20


def test_required_members(spec):
    schemas = spec["components"]["schemas"]
    expected = {
        "Table": ["id", "name", "schema"],
        "TableSchema": ["type", "properties", "additionalProperties"],
        "ColumnDefinition": ["type", "x-zui"],
        "ColumnItems": ["type"],
        "ColumnMetadata": ["index"],
        "ComputedDefinition": ["action"],
        "GetOrCreateTableBody": ["schema"],
        "RenameTableColumnBody": ["name", "newName"],
        "CreateMessageBody": ["payload", "userId", "conversationId", "type", "tags"],
        "SetStateExpiryBody": ["expiry"],
        "Error": ["id", "code", "type", "message"],
        "GetOrCreateTableResponse": ["table", "created", "rows", "stale", "indexing"],
        "GetTableResponse": ["table"],
        "RenameTableColumnResponse": ["table"],
        "CreateMessageResponse": ["message"],
        "GetMessageResponse": ["message"],
        "SetStateExpiryResponse": ["state"],
        "GetUserResponse": ["user"],
        "GetBotIssueResponse": ["issue"],
        "ListTagValuesResponse": ["tags", "meta"],
        "ListFilePassagesResponse": ["passages", "meta"],
        "ListFileTagValuesResponse": ["values", "meta"],
    }
    for name, schema in schemas.items():
        assert schema.get("required", []) == expected.get(name, []), name


def test_message_schedule_any_of_and_delay_unit(spec):
    schedule = spec["components"]["schemas"]["MessageSchedule"]
    assert schedule["anyOf"] == [{"required": ["dateTime"]}, {"required": ["delay"]}]
    assert "millisecond" in schedule["properties"]["delay"]["description"]
    validator = make_validator(spec, "/components/schemas/MessageSchedule")
    assert validator.is_valid({"dateTime": TS, "delay": 10})


# Items that come from api-facts.md rather than the description must say so, in a note for the
# maintainers (`x-spec-note`, which the generator does not emit), not in the description users read.
LIVE_FACT_POINTERS = [
    "#/servers/0",
    "#/components/parameters/XBotId",
    "#/components/parameters/XIntegrationId",
    "#/components/parameters/XWorkspaceId",
    "#/components/parameters/XMultipleIntegrations",
    "#/components/parameters/NextToken",
    "#/components/parameters/Limit",
    "#/components/parameters/TagType",
    "#/components/responses/Error",
    "#/components/schemas/Error",
    "#/components/schemas/CreateMessageBody",
    "#/components/schemas/MessageSchedule/properties/dateTime",
    "#/components/schemas/MessageSchedule/properties/delay",
    "#/components/schemas/SetStateExpiryBody/properties/expiry",
    "#/components/schemas/UpdateWorkspaceMemberBody",
]


@pytest.mark.parametrize("pointer", LIVE_FACT_POINTERS)
def test_live_api_facts_are_marked(spec, pointer):
    note = " ".join(resolve(spec, pointer)["x-spec-note"].split())
    assert "live API docs" in note


MAINTAINER_WORDS = ("live API docs", "API description", "official clients", "this spec")


def _descriptions(value, where=""):
    if isinstance(value, dict):
        for key, child in value.items():
            if key in ("description", "summary") and isinstance(child, str):
                yield f"{where}/{key}", child
            elif not key.startswith("x-"):
                yield from _descriptions(child, f"{where}/{key}")
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _descriptions(child, f"{where}/{index}")


def test_descriptions_are_written_for_users(spec):
    """Descriptions become the client's docstrings: notes for the spec's maintainers are in
    `x-spec-note` members."""
    found = [
        where for where, text in _descriptions(spec) if any(word in " ".join(text.split()) for word in MAINTAINER_WORDS)
    ]
    assert found == []
