"""Request validation generated from the spec's rules: one function per request schema
and per operation. They check the JSON about to be sent and raise
:class:`~botpress_client.errors.RequestValidationError` naming the field and the rule.
"""

from __future__ import annotations

from typing import Any, Final, Mapping

from ._serde import _parse_datetime
from ._types import UNSET
from .errors import RequestValidationError
from .models import (
    _COLUMN_DEFINITION_KEYS,
    _COLUMN_METADATA_KEYS,
    _COMPUTED_DEFINITION_KEYS,
    _GET_OR_CREATE_TABLE_BODY_KEYS,
    _TABLE_SCHEMA_KEYS,
)

_MISSING: Final = object()


def _at(at: str, wire: str, display: str) -> str:
    """Path of a member: dotted wire names below the top level, the argument name at it."""
    return f"{at}.{wire}" if at else display


def _is_datetime(value: str) -> bool:
    try:
        _parse_datetime(value)
    except ValueError:
        return False
    return True


def _check_column_definition(data: Any, at: str) -> None:
    """Check the JSON form of ``ColumnDefinition``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "ColumnDefinition", "must be an object")
    if not _COLUMN_DEFINITION_KEYS.issuperset(data):
        _unknown = next(k for k in data if k not in _COLUMN_DEFINITION_KEYS)
        raise RequestValidationError(
            _at(at, _unknown, _unknown), "unknown member (no other members allowed)"
        )
    if "type" not in data:
        raise RequestValidationError(_at(at, "type", "type"), "required")
    v = data["type"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "type", "type"), "must be a string")
    if v not in ("string", "number", "boolean", "object", "array", "null"):
        raise RequestValidationError(
            _at(at, "type", "type"),
            'one of "string", "number", "boolean", "object", "array", "null"',
        )
    v = data.get("format", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "format", "format"), "must be a string")
        if v not in ("date-time",):
            raise RequestValidationError(_at(at, "format", "format"), 'must be "date-time"')
    v = data.get("description", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "description", "description"), "must be a string")
    v = data.get("pattern", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "pattern", "pattern"), "must be a string")
    v = data.get("enum", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, (list, tuple)):
            raise RequestValidationError(_at(at, "enum", "enum"), "must be an array")
        for _n0, _i0 in enumerate(v):
            if not isinstance(_i0, str):
                raise RequestValidationError(
                    _at(at, "enum", "enum") + "[" + str(_n0) + "]", "must be a string"
                )
    v = data.get("items", _MISSING)
    if v is not _MISSING:
        _check_column_items(v, _at(at, "items", "items"))
    v = data.get("nullable", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(_at(at, "nullable", "nullable"), "must be a boolean")
    v = data.get("properties", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, dict):
            raise RequestValidationError(_at(at, "properties", "properties"), "must be an object")
        for _k0, _i0 in v.items():
            _check_column_items(_i0, _at(at, "properties", "properties") + "." + _k0)
    if "x-zui" not in data:
        raise RequestValidationError(_at(at, "x-zui", "x_zui"), "required")
    v = data["x-zui"]
    _check_column_metadata(v, _at(at, "x-zui", "x_zui"))


def _check_column_items(data: Any, at: str) -> None:
    """Check the JSON form of ``ColumnItems``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "ColumnItems", "must be an object")
    if "type" not in data:
        raise RequestValidationError(_at(at, "type", "type"), "required")
    v = data["type"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "type", "type"), "must be a string")
    if v not in ("string", "number", "boolean", "object", "array", "null"):
        raise RequestValidationError(
            _at(at, "type", "type"),
            'one of "string", "number", "boolean", "object", "array", "null"',
        )


def _check_column_metadata(data: Any, at: str) -> None:
    """Check the JSON form of ``ColumnMetadata``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "ColumnMetadata", "must be an object")
    if not _COLUMN_METADATA_KEYS.issuperset(data):
        _unknown = next(k for k in data if k not in _COLUMN_METADATA_KEYS)
        raise RequestValidationError(
            _at(at, _unknown, _unknown), "unknown member (no other members allowed)"
        )
    if "index" not in data:
        raise RequestValidationError(_at(at, "index", "index"), "required")
    v = data["index"]
    if type(v) is not int:
        raise RequestValidationError(_at(at, "index", "index"), "must be an integer")
    v = data.get("id", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "id", "id"), "must be a string")
    v = data.get("searchable", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(_at(at, "searchable", "searchable"), "must be a boolean")
    v = data.get("hidden", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(_at(at, "hidden", "hidden"), "must be a boolean")
    v = data.get("order", _MISSING)
    if v is not _MISSING:
        if type(v) not in (int, float):
            raise RequestValidationError(_at(at, "order", "order"), "must be a number")
    v = data.get("width", _MISSING)
    if v is not _MISSING:
        if type(v) not in (int, float):
            raise RequestValidationError(_at(at, "width", "width"), "must be a number")
    v = data.get("schemaId", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "schemaId", "schema_id"), "must be a string")
    v = data.get("typings", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "typings", "typings"), "must be a string")
    v = data.get("computed", _MISSING)
    if v is not _MISSING:
        _check_computed_definition(v, _at(at, "computed", "computed"))


def _check_computed_definition(data: Any, at: str) -> None:
    """Check the JSON form of ``ComputedDefinition``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "ComputedDefinition", "must be an object")
    if not _COMPUTED_DEFINITION_KEYS.issuperset(data):
        _unknown = next(k for k in data if k not in _COMPUTED_DEFINITION_KEYS)
        raise RequestValidationError(
            _at(at, _unknown, _unknown), "unknown member (no other members allowed)"
        )
    if "action" not in data:
        raise RequestValidationError(_at(at, "action", "action"), "required")
    v = data["action"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "action", "action"), "must be a string")
    if v not in ("ai", "code", "workflow"):
        raise RequestValidationError(_at(at, "action", "action"), 'one of "ai", "code", "workflow"')
    v = data.get("dependencies", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, (list, tuple)):
            raise RequestValidationError(
                _at(at, "dependencies", "dependencies"), "must be an array"
            )
        for _n0, _i0 in enumerate(v):
            if not isinstance(_i0, str):
                raise RequestValidationError(
                    _at(at, "dependencies", "dependencies") + "[" + str(_n0) + "]",
                    "must be a string",
                )
    v = data.get("prompt", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "prompt", "prompt"), "must be a string")
    v = data.get("code", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "code", "code"), "must be a string")
    v = data.get("model", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "model", "model"), "must be a string")
        if len(v) > 80:
            raise RequestValidationError(_at(at, "model", "model"), "at most 80 characters")
    v = data.get("workflowId", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "workflowId", "workflow_id"), "must be a string")
        if len(v) > 20:
            raise RequestValidationError(
                _at(at, "workflowId", "workflow_id"), "at most 20 characters"
            )
    v = data.get("enabled", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(_at(at, "enabled", "enabled"), "must be a boolean")


def _check_create_message_body(data: Any, at: str) -> None:
    """Check the JSON form of ``CreateMessageBody``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "CreateMessageBody", "must be an object")
    if "payload" not in data:
        raise RequestValidationError(_at(at, "payload", "payload"), "required")
    v = data["payload"]
    if not isinstance(v, dict):
        raise RequestValidationError(_at(at, "payload", "payload"), "must be an object")
    if "userId" not in data:
        raise RequestValidationError(_at(at, "userId", "user_id"), "required")
    v = data["userId"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "userId", "user_id"), "must be a string")
    if not 28 <= len(v) <= 36:
        raise RequestValidationError(_at(at, "userId", "user_id"), "length 28..36")
    if "conversationId" not in data:
        raise RequestValidationError(_at(at, "conversationId", "conversation_id"), "required")
    v = data["conversationId"]
    if not isinstance(v, str):
        raise RequestValidationError(
            _at(at, "conversationId", "conversation_id"), "must be a string"
        )
    if not 28 <= len(v) <= 36:
        raise RequestValidationError(_at(at, "conversationId", "conversation_id"), "length 28..36")
    if "type" not in data:
        raise RequestValidationError(_at(at, "type", "type"), "required")
    v = data["type"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "type", "type"), "must be a string")
    if len(v) > 200:
        raise RequestValidationError(_at(at, "type", "type"), "at most 200 characters")
    if "tags" not in data:
        raise RequestValidationError(_at(at, "tags", "tags"), "required")
    v = data["tags"]
    if not isinstance(v, dict):
        raise RequestValidationError(_at(at, "tags", "tags"), "must be an object")
    for _k0, _i0 in v.items():
        if not isinstance(_i0, str):
            raise RequestValidationError(_at(at, "tags", "tags") + "." + _k0, "must be a string")
    v = data.get("schedule", _MISSING)
    if v is not _MISSING:
        _check_message_schedule(v, _at(at, "schedule", "schedule"))
    v = data.get("origin", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "origin", "origin"), "must be a string")
        if v not in ("synthetic",):
            raise RequestValidationError(_at(at, "origin", "origin"), 'must be "synthetic"')


def _check_get_or_create_table_body(data: Any, at: str) -> None:
    """Check the JSON form of ``GetOrCreateTableBody``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "GetOrCreateTableBody", "must be an object")
    if not _GET_OR_CREATE_TABLE_BODY_KEYS.issuperset(data):
        _unknown = next(k for k in data if k not in _GET_OR_CREATE_TABLE_BODY_KEYS)
        raise RequestValidationError(
            _at(at, _unknown, _unknown), "unknown member (no other members allowed)"
        )
    if "schema" not in data:
        raise RequestValidationError(_at(at, "schema", "schema"), "required")
    v = data["schema"]
    _check_table_schema(v, _at(at, "schema", "schema"))
    v = data.get("factor", _MISSING)
    if v is not _MISSING:
        if type(v) not in (int, float):
            raise RequestValidationError(_at(at, "factor", "factor"), "must be a number")
        if v < 1:
            raise RequestValidationError(_at(at, "factor", "factor"), "minimum 1")
        if v > 30:
            raise RequestValidationError(_at(at, "factor", "factor"), "maximum 30")
    v = data.get("frozen", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(_at(at, "frozen", "frozen"), "must be a boolean")
    v = data.get("keyColumn", _MISSING)
    if v is not _MISSING:
        if v is not None:
            if not isinstance(v, str):
                raise RequestValidationError(
                    _at(at, "keyColumn", "key_column"), "must be a string or null"
                )
    v = data.get("tags", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, dict):
            raise RequestValidationError(_at(at, "tags", "tags"), "must be an object")
        for _k0, _i0 in v.items():
            if not isinstance(_i0, str):
                raise RequestValidationError(
                    _at(at, "tags", "tags") + "." + _k0, "must be a string"
                )
    v = data.get("isComputeEnabled", _MISSING)
    if v is not _MISSING:
        if type(v) is not bool:
            raise RequestValidationError(
                _at(at, "isComputeEnabled", "is_compute_enabled"), "must be a boolean"
            )


def _check_message_schedule(data: Any, at: str) -> None:
    """Check the JSON form of ``MessageSchedule``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "MessageSchedule", "must be an object")
    if not ("dateTime" in data) and not ("delay" in data):
        raise RequestValidationError(at or "MessageSchedule", "one of dateTime, delay is required")
    v = data.get("dateTime", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "dateTime", "date_time"), "must be a string")
        if not 24 <= len(v) <= 28:
            raise RequestValidationError(_at(at, "dateTime", "date_time"), "length 24..28")
        if not _is_datetime(v):
            raise RequestValidationError(
                _at(at, "dateTime", "date_time"), "must be an ISO 8601 date-time"
            )
    v = data.get("delay", _MISSING)
    if v is not _MISSING:
        if type(v) not in (int, float):
            raise RequestValidationError(_at(at, "delay", "delay"), "must be a number")


def _check_rename_table_column_body(data: Any, at: str) -> None:
    """Check the JSON form of ``RenameTableColumnBody``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "RenameTableColumnBody", "must be an object")
    if "name" not in data:
        raise RequestValidationError(_at(at, "name", "name"), "required")
    v = data["name"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "name", "name"), "must be a string")
    if "newName" not in data:
        raise RequestValidationError(_at(at, "newName", "new_name"), "required")
    v = data["newName"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "newName", "new_name"), "must be a string")


def _check_set_state_expiry_body(data: Any, at: str) -> None:
    """Check the JSON form of ``SetStateExpiryBody``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "SetStateExpiryBody", "must be an object")
    if "expiry" not in data:
        raise RequestValidationError(_at(at, "expiry", "expiry"), "required")
    v = data["expiry"]
    if v is not None:
        if type(v) not in (int, float):
            raise RequestValidationError(_at(at, "expiry", "expiry"), "must be a number or null")
        if v < 1:
            raise RequestValidationError(_at(at, "expiry", "expiry"), "minimum 1")
        if v > 2592000000:
            raise RequestValidationError(_at(at, "expiry", "expiry"), "maximum 2592000000")


def _check_table_schema(data: Any, at: str) -> None:
    """Check the JSON form of ``TableSchema``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "TableSchema", "must be an object")
    if not _TABLE_SCHEMA_KEYS.issuperset(data):
        _unknown = next(k for k in data if k not in _TABLE_SCHEMA_KEYS)
        raise RequestValidationError(
            _at(at, _unknown, _unknown), "unknown member (no other members allowed)"
        )
    if "type" not in data:
        raise RequestValidationError(_at(at, "type", "type"), "required")
    v = data["type"]
    if not isinstance(v, str):
        raise RequestValidationError(_at(at, "type", "type"), "must be a string")
    if v not in ("object",):
        raise RequestValidationError(_at(at, "type", "type"), 'must be "object"')
    if "properties" not in data:
        raise RequestValidationError(_at(at, "properties", "properties"), "required")
    v = data["properties"]
    if not isinstance(v, dict):
        raise RequestValidationError(_at(at, "properties", "properties"), "must be an object")
    if len(v) > 20:
        raise RequestValidationError(_at(at, "properties", "properties"), "at most 20 keys")
    for _k0, _i0 in v.items():
        _check_column_definition(_i0, _at(at, "properties", "properties") + "." + _k0)
    if "additionalProperties" not in data:
        raise RequestValidationError(
            _at(at, "additionalProperties", "additional_properties"), "required"
        )
    v = data["additionalProperties"]
    if type(v) is not bool:
        raise RequestValidationError(
            _at(at, "additionalProperties", "additional_properties"), "must be a boolean"
        )
    if v not in (True,):
        raise RequestValidationError(
            _at(at, "additionalProperties", "additional_properties"), "must be true"
        )
    v = data.get("required", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, (list, tuple)):
            raise RequestValidationError(_at(at, "required", "required"), "must be an array")
        for _n0, _i0 in enumerate(v):
            if not isinstance(_i0, str):
                raise RequestValidationError(
                    _at(at, "required", "required") + "[" + str(_n0) + "]", "must be a string"
                )
    v = data.get("$schema", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "$schema", "schema"), "must be a string")


def _check_update_workspace_member_body(data: Any, at: str) -> None:
    """Check the JSON form of ``UpdateWorkspaceMemberBody``."""
    if not isinstance(data, dict):
        raise RequestValidationError(at or "UpdateWorkspaceMemberBody", "must be an object")
    v = data.get("role", _MISSING)
    if v is not _MISSING:
        if not isinstance(v, str):
            raise RequestValidationError(_at(at, "role", "role"), "must be a string")
        if v not in ("viewer", "billing", "developer", "manager", "administrator", "owner"):
            raise RequestValidationError(
                _at(at, "role", "role"),
                'one of "viewer", "billing", "developer", "manager", "administrator", "owner"',
            )


def check_get_or_create_table(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``get_or_create_table``."""
    v: Any
    v = path.get("table", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("table", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")
    _check_get_or_create_table_body(body, "")


def check_get_table(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``get_table``."""
    v: Any
    v = path.get("table", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("table", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")


def check_rename_table_column(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``rename_table_column``."""
    v: Any
    v = path.get("table", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("table", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")
    _check_rename_table_column_body(body, "")


def check_create_message(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``create_message``."""
    v: Any
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    _check_create_message_body(body, "")


def check_get_message(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``get_message``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")


def check_set_state_expiry(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``set_state_expiry``."""
    v: Any
    v = path.get("type", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("type", "must be a string")
        if v not in ("conversation", "user", "bot", "integration", "workflow"):
            raise RequestValidationError(
                "type", 'one of "conversation", "user", "bot", "integration", "workflow"'
            )
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = path.get("name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("name", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    _check_set_state_expiry_body(body, "")


def check_get_user(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``get_user``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")


def check_list_tag_values(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``list_tag_values``."""
    v: Any
    v = path.get("key", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("key", "must be a string")
    v = query.get("nextToken", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("next_token", "must be a string")
    v = query.get("type", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("type", "must be a string")
        if v not in ("user", "conversation", "message"):
            raise RequestValidationError("type", 'one of "user", "conversation", "message"')
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")


def check_list_file_passages(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``list_file_passages``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = query.get("nextToken", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("next_token", "must be a string")
    v = query.get("limit", UNSET)
    if v is not UNSET:
        if type(v) not in (int, float):
            raise RequestValidationError("limit", "must be a number")
        if v > 200:
            raise RequestValidationError("limit", "maximum 200")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")


def check_list_file_tag_values(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``list_file_tag_values``."""
    v: Any
    v = path.get("tag", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("tag", "must be a string")
    v = query.get("nextToken", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("next_token", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")


def check_delete_file(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``delete_file``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = headers.get("x-bot-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("bot_id", "must be a string")
    v = headers.get("x-integration-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_id", "must be a string")
    v = headers.get("x-integration-alias", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_alias", "must be a string")
    v = headers.get("x-integration-name", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("integration_name", "must be a string")
    v = headers.get("x-user-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_id", "must be a string")
    v = headers.get("x-user-role", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("user_role", "must be a string")


def check_update_workspace_member(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``update_workspace_member``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = headers.get("x-workspace-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("workspace_id", "must be a string")
    v = headers.get("x-multiple-integrations", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("multiple_integrations", "must be a string")
    _check_update_workspace_member_body(body, "")


def check_delete_workspace(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``delete_workspace``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = headers.get("x-multiple-integrations", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("multiple_integrations", "must be a string")


def check_get_bot_issue(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``get_bot_issue``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = path.get("issueId", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("issue_id", "must be a string")
    v = headers.get("x-workspace-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("workspace_id", "must be a string")
    v = headers.get("x-multiple-integrations", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("multiple_integrations", "must be a string")


def check_delete_bot_issue(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    """Check the arguments of ``delete_bot_issue``."""
    v: Any
    v = path.get("id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("id", "must be a string")
    v = path.get("issueId", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("issue_id", "must be a string")
    v = headers.get("x-workspace-id", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("workspace_id", "must be a string")
    v = headers.get("x-multiple-integrations", UNSET)
    if v is not UNSET:
        if not isinstance(v, str):
            raise RequestValidationError("multiple_integrations", "must be a string")
