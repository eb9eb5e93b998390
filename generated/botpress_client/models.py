"""Data models of Botpress API (version 1.82.0).

One dataclass per schema of the spec. ``from_dict`` reads the JSON form (wire names),
``to_dict`` writes it back; members that were never set are left out. Members the
client does not know are kept in ``extra_members`` and written back unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Literal, Mapping, TypeAlias

from ._serde import _format_datetime, _parse_datetime
from ._types import UNSET, Unset

_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})

__all__ = [
    "BotIssueCategory",
    "ColumnDefinitionFormat",
    "ColumnType",
    "ComputedDefinitionAction",
    "CreateMessageBodyOrigin",
    "ErrorType",
    "MessageDirection",
    "MessageOrigin",
    "PassageMetaSubtype",
    "PassageMetaType",
    "StateType",
    "TableSchemaType",
    "TagType",
    "WorkspaceMemberRole",
    "BotIssue",
    "ColumnDefinition",
    "ColumnItems",
    "ColumnMetadata",
    "ComputedDefinition",
    "CreateMessageBody",
    "CreateMessageResponse",
    "DeleteBotIssueResponse",
    "DeleteFileResponse",
    "DeleteWorkspaceResponse",
    "Error",
    "GetBotIssueResponse",
    "GetMessageResponse",
    "GetOrCreateTableBody",
    "GetOrCreateTableResponse",
    "GetTableResponse",
    "GetUserResponse",
    "ListFilePassagesResponse",
    "ListFileTagValuesResponse",
    "ListTagValuesResponse",
    "Message",
    "MessageSchedule",
    "PaginationMeta",
    "Passage",
    "PassageMeta",
    "RenameTableColumnBody",
    "RenameTableColumnResponse",
    "SetStateExpiryBody",
    "SetStateExpiryResponse",
    "State",
    "Table",
    "TableSchema",
    "TagValue",
    "UpdateWorkspaceMemberBody",
    "User",
    "WorkspaceMember",
]

BotIssueCategory: TypeAlias = Literal["user_code"] | str
"""Category of the issue. Open list; `user_code` is one known value.
Open set: values not listed here are accepted and kept as they are."""

ColumnDefinitionFormat: TypeAlias = Literal["date-time"]
"""Only `date-time`."""

ColumnType: TypeAlias = Literal["string", "number", "boolean", "object", "array", "null"]
"""Type of a column value."""

ComputedDefinitionAction: TypeAlias = Literal["ai", "code", "workflow"]
"""How the column value is computed."""

CreateMessageBodyOrigin: TypeAlias = Literal["synthetic"]
"""Origin of the message; only `synthetic`."""

ErrorType: TypeAlias = (
    Literal[
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
    | str
)
"""Error type. Known types and their statuses: 400 InvalidPayload, InvalidJsonSchema,
InvalidDataFormat, InvalidIdentifier, ReferenceNotFound, InvalidQuery, Runtime,
BreakingChanges; 401 Unauthorized; 402 PaymentRequired; 403 Forbidden,
QuotaExceeded; 404 ResourceNotFound; 405 MethodNotFound; 409 RelationConflict,
ReferenceConstraint, ResourceLockedConflict, AlreadyExists; 410 ResourceGone;
413 PayloadTooLarge, LimitExceeded; 415 UnsupportedMediaType; 429 RateLimited;
500 Unknown, Internal; 504 OperationTimeout. Open list.
Open set: values not listed here are accepted and kept as they are."""

MessageDirection: TypeAlias = Literal["incoming"] | str
"""Direction of the message. Open list; `incoming` is one known value.
Open set: values not listed here are accepted and kept as they are."""

MessageOrigin: TypeAlias = Literal["synthetic"]
"""Origin of the message; only `synthetic`."""

PassageMetaSubtype: TypeAlias = Literal["title"] | str
"""Sub-kind of passage. Open list; `title` is one known value.
Open set: values not listed here are accepted and kept as they are."""

PassageMetaType: TypeAlias = Literal["chunk"] | str
"""Kind of passage. Open list; `chunk` is one known value.
Open set: values not listed here are accepted and kept as they are."""

StateType: TypeAlias = Literal["conversation", "user", "bot", "integration", "workflow"]
"""Kind of owner a state is attached to."""

TableSchemaType: TypeAlias = Literal["object"]
"""Always `object`."""

TagType: TypeAlias = Literal["user", "conversation", "message"]

WorkspaceMemberRole: TypeAlias = Literal[
    "viewer", "billing", "developer", "manager", "administrator", "owner"
]
"""Role of a workspace member."""


_BOT_ISSUE_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "code",
        "createdAt",
        "lastSeenAt",
        "title",
        "description",
        "groupedData",
        "eventsCount",
        "category",
        "resolutionLink",
    }
)


@dataclass(slots=True, kw_only=True)
class BotIssue:
    """An issue detected on a bot.

    Attributes:
        id: Issue id.
        code: Issue code.
        created_at: Creation timestamp.
        last_seen_at: When the issue was last seen.
        title: Title of the issue.
        description: Description of the issue.
        grouped_data: Data grouped over the occurrences of the issue.
        events_count: Number of events of the issue.
        category: Category of the issue. Open list; `user_code` is one known value.
        resolution_link: Link to help resolve the issue.
    """

    id: str | Unset = UNSET
    code: str | Unset = UNSET
    created_at: datetime | Unset = UNSET
    last_seen_at: datetime | Unset = UNSET
    title: str | Unset = UNSET
    description: str | Unset = UNSET
    grouped_data: dict[str, Any] | Unset = UNSET
    events_count: float | Unset = UNSET
    category: BotIssueCategory | Unset = UNSET
    resolution_link: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BotIssue:
        """Build a ``BotIssue`` from its JSON form (wire names)."""
        get = data.get
        _created_at = get("createdAt", UNSET)
        _last_seen_at = get("lastSeenAt", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.code = get("code", UNSET)
        obj.created_at = UNSET if _created_at is UNSET else _parse_datetime(_created_at)
        obj.last_seen_at = UNSET if _last_seen_at is UNSET else _parse_datetime(_last_seen_at)
        obj.title = get("title", UNSET)
        obj.description = get("description", UNSET)
        obj.grouped_data = get("groupedData", UNSET)
        obj.events_count = get("eventsCount", UNSET)
        obj.category = get("category", UNSET)
        obj.resolution_link = get("resolutionLink", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _BOT_ISSUE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _BOT_ISSUE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.code is not UNSET:
            out["code"] = self.code
        if self.created_at is not UNSET:
            out["createdAt"] = _format_datetime(self.created_at)
        if self.last_seen_at is not UNSET:
            out["lastSeenAt"] = _format_datetime(self.last_seen_at)
        if self.title is not UNSET:
            out["title"] = self.title
        if self.description is not UNSET:
            out["description"] = self.description
        if self.grouped_data is not UNSET:
            out["groupedData"] = self.grouped_data
        if self.events_count is not UNSET:
            out["eventsCount"] = self.events_count
        if self.category is not UNSET:
            out["category"] = self.category
        if self.resolution_link is not UNSET:
            out["resolutionLink"] = self.resolution_link
        if self.extra_members:
            out.update(self.extra_members)
        return out


_COLUMN_DEFINITION_KEYS: frozenset[str] = frozenset(
    {
        "type",
        "format",
        "description",
        "pattern",
        "enum",
        "items",
        "nullable",
        "properties",
        "x-zui",
    }
)


@dataclass(slots=True, kw_only=True)
class ColumnDefinition:
    """Definition of one column of a table.

    Attributes:
        type: Type of the column values.
        format: Only `date-time`.
        description: Description of the column.
        pattern: Pattern that string values must match.
        enum: Values that string values must be one of.
        items: Shape of the items of an array column.
        nullable: Whether the column accepts null. Default: true.
        properties: For object columns, map from member name to member shape.
        x_zui: Column metadata.
    """

    type: ColumnType
    format: ColumnDefinitionFormat | Unset = UNSET
    description: str | Unset = UNSET
    pattern: str | Unset = UNSET
    enum: list[str] | Unset = UNSET
    items: ColumnItems | Unset = UNSET
    nullable: bool | Unset = UNSET
    properties: dict[str, ColumnItems] | Unset = UNSET
    x_zui: ColumnMetadata
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ColumnDefinition:
        """Build a ``ColumnDefinition`` from its JSON form (wire names)."""
        get = data.get
        _items = get("items", UNSET)
        _properties = get("properties", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.type = data["type"]
        obj.format = get("format", UNSET)
        obj.description = get("description", UNSET)
        obj.pattern = get("pattern", UNSET)
        obj.enum = get("enum", UNSET)
        obj.items = UNSET if _items is UNSET else ColumnItems.from_dict(_items)
        obj.nullable = get("nullable", UNSET)
        obj.properties = (
            UNSET
            if _properties is UNSET
            else {_k0: ColumnItems.from_dict(_v0) for _k0, _v0 in _properties.items()}
        )
        obj.x_zui = ColumnMetadata.from_dict(data["x-zui"])
        obj.extra_members = (
            _NO_EXTRA
            if _COLUMN_DEFINITION_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _COLUMN_DEFINITION_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "type": self.type,
            "x-zui": self.x_zui.to_dict(),
        }
        if self.format is not UNSET:
            out["format"] = self.format
        if self.description is not UNSET:
            out["description"] = self.description
        if self.pattern is not UNSET:
            out["pattern"] = self.pattern
        if self.enum is not UNSET:
            out["enum"] = self.enum
        if self.items is not UNSET:
            out["items"] = self.items.to_dict()
        if self.nullable is not UNSET:
            out["nullable"] = self.nullable
        if self.properties is not UNSET:
            out["properties"] = {_k0: _v0.to_dict() for _k0, _v0 in self.properties.items()}
        if self.extra_members:
            out.update(self.extra_members)
        return out


_COLUMN_ITEMS_KEYS: frozenset[str] = frozenset(
    {
        "type",
    }
)


@dataclass(slots=True, kw_only=True)
class ColumnItems:
    """Shape of the items of an array column, or of one member of an object column. `type` is
    required; other members are allowed.

    Attributes:
        type: Type of the value.
    """

    type: ColumnType
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ColumnItems:
        """Build a ``ColumnItems`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.type = data["type"]
        obj.extra_members = (
            _NO_EXTRA
            if _COLUMN_ITEMS_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _COLUMN_ITEMS_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "type": self.type,
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_COLUMN_METADATA_KEYS: frozenset[str] = frozenset(
    {
        "index",
        "id",
        "searchable",
        "hidden",
        "order",
        "width",
        "schemaId",
        "typings",
        "computed",
    }
)


@dataclass(slots=True, kw_only=True)
class ColumnMetadata:
    """Column metadata (the `x-zui` member of a column definition).

    Attributes:
        index: Index of the column.
        id: Deprecated column id. Deprecated.
        searchable: Whether the column is vectorized and searchable.
        hidden: Whether the column is hidden in the UI.
        order: Column order in the UI.
        width: Column width in the UI.
        schema_id: Id of the schema.
        typings: Typing text for the column; recommended when the type is `object`.
        computed: Computed-column definition.
    """

    index: int
    id: str | Unset = UNSET
    searchable: bool | Unset = UNSET
    hidden: bool | Unset = UNSET
    order: float | Unset = UNSET
    width: float | Unset = UNSET
    schema_id: str | Unset = UNSET
    typings: str | Unset = UNSET
    computed: ComputedDefinition | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ColumnMetadata:
        """Build a ``ColumnMetadata`` from its JSON form (wire names)."""
        get = data.get
        _computed = get("computed", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.index = data["index"]
        obj.id = get("id", UNSET)
        obj.searchable = get("searchable", UNSET)
        obj.hidden = get("hidden", UNSET)
        obj.order = get("order", UNSET)
        obj.width = get("width", UNSET)
        obj.schema_id = get("schemaId", UNSET)
        obj.typings = get("typings", UNSET)
        obj.computed = UNSET if _computed is UNSET else ComputedDefinition.from_dict(_computed)
        obj.extra_members = (
            _NO_EXTRA
            if _COLUMN_METADATA_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _COLUMN_METADATA_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "index": self.index,
        }
        if self.id is not UNSET:
            out["id"] = self.id
        if self.searchable is not UNSET:
            out["searchable"] = self.searchable
        if self.hidden is not UNSET:
            out["hidden"] = self.hidden
        if self.order is not UNSET:
            out["order"] = self.order
        if self.width is not UNSET:
            out["width"] = self.width
        if self.schema_id is not UNSET:
            out["schemaId"] = self.schema_id
        if self.typings is not UNSET:
            out["typings"] = self.typings
        if self.computed is not UNSET:
            out["computed"] = self.computed.to_dict()
        if self.extra_members:
            out.update(self.extra_members)
        return out


_COMPUTED_DEFINITION_KEYS: frozenset[str] = frozenset(
    {
        "action",
        "dependencies",
        "prompt",
        "code",
        "model",
        "workflowId",
        "enabled",
    }
)


@dataclass(slots=True, kw_only=True)
class ComputedDefinition:
    """Definition of a computed column.

    Attributes:
        action: How the column value is computed.
        dependencies: Names of the columns the computation depends on. Default: [].
        prompt: Prompt, used when the action is `ai`.
        code: Code, used when the action is `code`.
        model: Model identifier, used when the action is `ai`. The service defines a default model
            (its value is not given here).
        workflow_id: Workflow id, used when the action is `workflow`.
        enabled: Whether the computation is enabled.
    """

    action: ComputedDefinitionAction
    dependencies: list[str] | Unset = UNSET
    prompt: str | Unset = UNSET
    code: str | Unset = UNSET
    model: str | Unset = UNSET
    workflow_id: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ComputedDefinition:
        """Build a ``ComputedDefinition`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.action = data["action"]
        obj.dependencies = get("dependencies", UNSET)
        obj.prompt = get("prompt", UNSET)
        obj.code = get("code", UNSET)
        obj.model = get("model", UNSET)
        obj.workflow_id = get("workflowId", UNSET)
        obj.enabled = get("enabled", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _COMPUTED_DEFINITION_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _COMPUTED_DEFINITION_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "action": self.action,
        }
        if self.dependencies is not UNSET:
            out["dependencies"] = self.dependencies
        if self.prompt is not UNSET:
            out["prompt"] = self.prompt
        if self.code is not UNSET:
            out["code"] = self.code
        if self.model is not UNSET:
            out["model"] = self.model
        if self.workflow_id is not UNSET:
            out["workflowId"] = self.workflow_id
        if self.enabled is not UNSET:
            out["enabled"] = self.enabled
        if self.extra_members:
            out.update(self.extra_members)
        return out


_CREATE_MESSAGE_BODY_KEYS: frozenset[str] = frozenset(
    {
        "payload",
        "userId",
        "conversationId",
        "type",
        "tags",
        "schedule",
        "origin",
    }
)


@dataclass(slots=True, kw_only=True)
class CreateMessageBody:
    """The message to create. Which members are required, the length of `userId` and the
    maximum length of `type` come from the live API docs, not the API description.

    Attributes:
        payload: Message content. Accepted payload kinds: Text, Image, Choice, Dropdown, Card,
            Carousel, File, Audio, Video, Location.
        user_id: Id of the user the message belongs to (28 to 36 characters).
        conversation_id: Id of the conversation the message belongs to (28 to 36 characters).
        type: Message kind (at most 200 characters).
        tags: Key/value labels.
        schedule: When to send the message, for a scheduled message.
        origin: Origin of the message; only `synthetic`.
    """

    payload: dict[str, Any]
    user_id: str
    conversation_id: str
    type: str
    tags: dict[str, str]
    schedule: MessageSchedule | Unset = UNSET
    origin: CreateMessageBodyOrigin | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateMessageBody:
        """Build a ``CreateMessageBody`` from its JSON form (wire names)."""
        get = data.get
        _schedule = get("schedule", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.payload = data["payload"]
        obj.user_id = data["userId"]
        obj.conversation_id = data["conversationId"]
        obj.type = data["type"]
        obj.tags = data["tags"]
        obj.schedule = UNSET if _schedule is UNSET else MessageSchedule.from_dict(_schedule)
        obj.origin = get("origin", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _CREATE_MESSAGE_BODY_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _CREATE_MESSAGE_BODY_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "payload": self.payload,
            "userId": self.user_id,
            "conversationId": self.conversation_id,
            "type": self.type,
            "tags": self.tags,
        }
        if self.schedule is not UNSET:
            out["schedule"] = self.schedule.to_dict()
        if self.origin is not UNSET:
            out["origin"] = self.origin
        if self.extra_members:
            out.update(self.extra_members)
        return out


_CREATE_MESSAGE_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "message",
    }
)


@dataclass(slots=True, kw_only=True)
class CreateMessageResponse:
    """The created message.

    Attributes:
        message: The created message.
    """

    message: Message
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateMessageResponse:
        """Build a ``CreateMessageResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.message = Message.from_dict(data["message"])
        obj.extra_members = (
            _NO_EXTRA
            if _CREATE_MESSAGE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _CREATE_MESSAGE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "message": self.message.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_DELETE_BOT_ISSUE_RESPONSE_KEYS: frozenset[str] = frozenset()


@dataclass(slots=True, kw_only=True)
class DeleteBotIssueResponse:
    """Empty object."""

    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DeleteBotIssueResponse:
        """Build a ``DeleteBotIssueResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.extra_members = (
            _NO_EXTRA
            if _DELETE_BOT_ISSUE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _DELETE_BOT_ISSUE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.extra_members:
            out.update(self.extra_members)
        return out


_DELETE_FILE_RESPONSE_KEYS: frozenset[str] = frozenset()


@dataclass(slots=True, kw_only=True)
class DeleteFileResponse:
    """Empty object."""

    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DeleteFileResponse:
        """Build a ``DeleteFileResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.extra_members = (
            _NO_EXTRA
            if _DELETE_FILE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _DELETE_FILE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.extra_members:
            out.update(self.extra_members)
        return out


_DELETE_WORKSPACE_RESPONSE_KEYS: frozenset[str] = frozenset()


@dataclass(slots=True, kw_only=True)
class DeleteWorkspaceResponse:
    """Empty object."""

    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DeleteWorkspaceResponse:
        """Build a ``DeleteWorkspaceResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.extra_members = (
            _NO_EXTRA
            if _DELETE_WORKSPACE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _DELETE_WORKSPACE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.extra_members:
            out.update(self.extra_members)
        return out


_ERROR_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "code",
        "type",
        "message",
        "metadata",
    }
)


@dataclass(slots=True, kw_only=True)
class Error:
    """Body of every failed call (non-2xx status). From the live API docs, not the API
    description.

    Attributes:
        id: Error id (`err_...`).
        code: HTTP status code.
        type: Error type. Known types and their statuses: 400 InvalidPayload, InvalidJsonSchema,
            InvalidDataFormat, InvalidIdentifier, ReferenceNotFound, InvalidQuery, Runtime,
            BreakingChanges; 401 Unauthorized; 402 PaymentRequired; 403 Forbidden, QuotaExceeded;
            404 ResourceNotFound; 405 MethodNotFound; 409 RelationConflict, ReferenceConstraint,
            ResourceLockedConflict, AlreadyExists; 410 ResourceGone; 413 PayloadTooLarge,
            LimitExceeded; 415 UnsupportedMediaType; 429 RateLimited; 500 Unknown, Internal; 504
            OperationTimeout. Open list.
        message: Human-readable error message.
        metadata: Extra data about the error.
    """

    id: str
    code: int
    type: ErrorType
    message: str
    metadata: dict[str, Any] | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Error:
        """Build a ``Error`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = data["id"]
        obj.code = data["code"]
        obj.type = data["type"]
        obj.message = data["message"]
        obj.metadata = get("metadata", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _ERROR_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _ERROR_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "id": self.id,
            "code": self.code,
            "type": self.type,
            "message": self.message,
        }
        if self.metadata is not UNSET:
            out["metadata"] = self.metadata
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_BOT_ISSUE_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "issue",
    }
)


@dataclass(slots=True, kw_only=True)
class GetBotIssueResponse:
    """The requested bot issue.

    Attributes:
        issue: The bot issue.
    """

    issue: BotIssue
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetBotIssueResponse:
        """Build a ``GetBotIssueResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.issue = BotIssue.from_dict(data["issue"])
        obj.extra_members = (
            _NO_EXTRA
            if _GET_BOT_ISSUE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_BOT_ISSUE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "issue": self.issue.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_MESSAGE_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "message",
    }
)


@dataclass(slots=True, kw_only=True)
class GetMessageResponse:
    """The requested message.

    Attributes:
        message: The message.
    """

    message: Message
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetMessageResponse:
        """Build a ``GetMessageResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.message = Message.from_dict(data["message"])
        obj.extra_members = (
            _NO_EXTRA
            if _GET_MESSAGE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_MESSAGE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "message": self.message.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_OR_CREATE_TABLE_BODY_KEYS: frozenset[str] = frozenset(
    {
        "schema",
        "factor",
        "frozen",
        "keyColumn",
        "tags",
        "isComputeEnabled",
    }
)


@dataclass(slots=True, kw_only=True)
class GetOrCreateTableBody:
    """Definition of the table to create when it does not exist yet.

    Attributes:
        schema: Column definitions (at most 20 columns).
        factor: Multiplies the per-row data storage limit (4KB per unit) and the row count charged
            to the quota. Can only be increased after creation. Default: 1.
        frozen: When true the table's name and schema structure are immutable and only deletion is
            allowed; the schema given here is final.
        key_column: Column used as the unique key; a unique index is created on it and all its
            values must be unique. Null means no key column.
        tags: Free key/value labels.
        is_compute_enabled: Whether the table is enabled for computation.
    """

    schema: TableSchema
    factor: float | Unset = UNSET
    frozen: bool | Unset = UNSET
    key_column: str | None | Unset = UNSET
    tags: dict[str, str] | Unset = UNSET
    is_compute_enabled: bool | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetOrCreateTableBody:
        """Build a ``GetOrCreateTableBody`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.schema = TableSchema.from_dict(data["schema"])
        obj.factor = get("factor", UNSET)
        obj.frozen = get("frozen", UNSET)
        obj.key_column = get("keyColumn", UNSET)
        obj.tags = get("tags", UNSET)
        obj.is_compute_enabled = get("isComputeEnabled", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _GET_OR_CREATE_TABLE_BODY_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_OR_CREATE_TABLE_BODY_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "schema": self.schema.to_dict(),
        }
        if self.factor is not UNSET:
            out["factor"] = self.factor
        if self.frozen is not UNSET:
            out["frozen"] = self.frozen
        if self.key_column is not UNSET:
            out["keyColumn"] = self.key_column
        if self.tags is not UNSET:
            out["tags"] = self.tags
        if self.is_compute_enabled is not UNSET:
            out["isComputeEnabled"] = self.is_compute_enabled
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_OR_CREATE_TABLE_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "table",
        "created",
        "rows",
        "stale",
        "indexing",
    }
)


@dataclass(slots=True, kw_only=True)
class GetOrCreateTableResponse:
    """The table, found or created, with its row counts.

    Attributes:
        table: The table.
        created: True when the table was newly created.
        rows: Total number of rows.
        stale: Number of rows waiting to be processed.
        indexing: Number of rows waiting to be indexed for search.
    """

    table: Table
    created: bool
    rows: float
    stale: float
    indexing: float
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetOrCreateTableResponse:
        """Build a ``GetOrCreateTableResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.table = Table.from_dict(data["table"])
        obj.created = data["created"]
        obj.rows = data["rows"]
        obj.stale = data["stale"]
        obj.indexing = data["indexing"]
        obj.extra_members = (
            _NO_EXTRA
            if _GET_OR_CREATE_TABLE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_OR_CREATE_TABLE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "table": self.table.to_dict(),
            "created": self.created,
            "rows": self.rows,
            "stale": self.stale,
            "indexing": self.indexing,
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_TABLE_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "table",
        "rows",
        "stale",
        "indexing",
    }
)


@dataclass(slots=True, kw_only=True)
class GetTableResponse:
    """The table with its row counts.

    Attributes:
        table: The table.
        rows: Total number of rows.
        stale: Number of rows waiting to be processed.
        indexing: Number of rows waiting to be indexed for search.
    """

    table: Table
    rows: float | Unset = UNSET
    stale: float | Unset = UNSET
    indexing: float | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetTableResponse:
        """Build a ``GetTableResponse`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.table = Table.from_dict(data["table"])
        obj.rows = get("rows", UNSET)
        obj.stale = get("stale", UNSET)
        obj.indexing = get("indexing", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _GET_TABLE_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_TABLE_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "table": self.table.to_dict(),
        }
        if self.rows is not UNSET:
            out["rows"] = self.rows
        if self.stale is not UNSET:
            out["stale"] = self.stale
        if self.indexing is not UNSET:
            out["indexing"] = self.indexing
        if self.extra_members:
            out.update(self.extra_members)
        return out


_GET_USER_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "user",
    }
)


@dataclass(slots=True, kw_only=True)
class GetUserResponse:
    """The requested user.

    Attributes:
        user: The user.
    """

    user: User
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GetUserResponse:
        """Build a ``GetUserResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.user = User.from_dict(data["user"])
        obj.extra_members = (
            _NO_EXTRA
            if _GET_USER_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _GET_USER_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "user": self.user.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_LIST_FILE_PASSAGES_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "passages",
        "meta",
    }
)


@dataclass(slots=True, kw_only=True)
class ListFilePassagesResponse:
    """One page of passages of a file.

    Attributes:
        passages: Passages of this page.
        meta: Pagination data.
    """

    passages: list[Passage]
    meta: PaginationMeta
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListFilePassagesResponse:
        """Build a ``ListFilePassagesResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.passages = [Passage.from_dict(_v0) for _v0 in data["passages"]]
        obj.meta = PaginationMeta.from_dict(data["meta"])
        obj.extra_members = (
            _NO_EXTRA
            if _LIST_FILE_PASSAGES_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _LIST_FILE_PASSAGES_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "passages": [_v0.to_dict() for _v0 in self.passages],
            "meta": self.meta.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_LIST_FILE_TAG_VALUES_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "values",
        "meta",
    }
)


@dataclass(slots=True, kw_only=True)
class ListFileTagValuesResponse:
    """One page of values of a file tag.

    Attributes:
        values: Tag values of this page.
        meta: Pagination data.
    """

    values: list[str]
    meta: PaginationMeta
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListFileTagValuesResponse:
        """Build a ``ListFileTagValuesResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.values = data["values"]
        obj.meta = PaginationMeta.from_dict(data["meta"])
        obj.extra_members = (
            _NO_EXTRA
            if _LIST_FILE_TAG_VALUES_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _LIST_FILE_TAG_VALUES_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "values": self.values,
            "meta": self.meta.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_LIST_TAG_VALUES_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "tags",
        "meta",
    }
)


@dataclass(slots=True, kw_only=True)
class ListTagValuesResponse:
    """One page of tag values.

    Attributes:
        tags: Tag values of this page.
        meta: Pagination data.
    """

    tags: list[TagValue]
    meta: PaginationMeta
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListTagValuesResponse:
        """Build a ``ListTagValuesResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.tags = [TagValue.from_dict(_v0) for _v0 in data["tags"]]
        obj.meta = PaginationMeta.from_dict(data["meta"])
        obj.extra_members = (
            _NO_EXTRA
            if _LIST_TAG_VALUES_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _LIST_TAG_VALUES_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "tags": [_v0.to_dict() for _v0 in self.tags],
            "meta": self.meta.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_MESSAGE_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "createdAt",
        "updatedAt",
        "type",
        "payload",
        "direction",
        "userId",
        "conversationId",
        "tags",
        "origin",
    }
)


@dataclass(slots=True, kw_only=True)
class Message:
    """A message; it belongs to a conversation and a user.

    Attributes:
        id: Message id.
        created_at: Creation timestamp.
        updated_at: Last update timestamp.
        type: Message kind.
        payload: Message content. Accepted payload kinds: Text, Image, Choice, Dropdown, Card,
            Carousel, File, Audio, Video, Location.
        direction: Direction of the message. Open list; `incoming` is one known value.
        user_id: Id of the user the message belongs to.
        conversation_id: Id of the conversation the message belongs to (28 to 36 characters).
        tags: Key/value labels.
        origin: Origin of the message; only `synthetic`.
    """

    id: str | Unset = UNSET
    created_at: datetime | Unset = UNSET
    updated_at: datetime | Unset = UNSET
    type: str | Unset = UNSET
    payload: dict[str, Any] | Unset = UNSET
    direction: MessageDirection | Unset = UNSET
    user_id: str | Unset = UNSET
    conversation_id: str | Unset = UNSET
    tags: dict[str, str] | Unset = UNSET
    origin: MessageOrigin | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """Build a ``Message`` from its JSON form (wire names)."""
        get = data.get
        _created_at = get("createdAt", UNSET)
        _updated_at = get("updatedAt", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.created_at = UNSET if _created_at is UNSET else _parse_datetime(_created_at)
        obj.updated_at = UNSET if _updated_at is UNSET else _parse_datetime(_updated_at)
        obj.type = get("type", UNSET)
        obj.payload = get("payload", UNSET)
        obj.direction = get("direction", UNSET)
        obj.user_id = get("userId", UNSET)
        obj.conversation_id = get("conversationId", UNSET)
        obj.tags = get("tags", UNSET)
        obj.origin = get("origin", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _MESSAGE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _MESSAGE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.created_at is not UNSET:
            out["createdAt"] = _format_datetime(self.created_at)
        if self.updated_at is not UNSET:
            out["updatedAt"] = _format_datetime(self.updated_at)
        if self.type is not UNSET:
            out["type"] = self.type
        if self.payload is not UNSET:
            out["payload"] = self.payload
        if self.direction is not UNSET:
            out["direction"] = self.direction
        if self.user_id is not UNSET:
            out["userId"] = self.user_id
        if self.conversation_id is not UNSET:
            out["conversationId"] = self.conversation_id
        if self.tags is not UNSET:
            out["tags"] = self.tags
        if self.origin is not UNSET:
            out["origin"] = self.origin
        if self.extra_members:
            out.update(self.extra_members)
        return out


_MESSAGE_SCHEDULE_KEYS: frozenset[str] = frozenset(
    {
        "dateTime",
        "delay",
    }
)


@dataclass(slots=True, kw_only=True)
class MessageSchedule:
    """When to send a scheduled message; either `dateTime` or `delay` must be given.

    Attributes:
        date_time: When to send the message, an ISO 8601 date-time (24 to 28 characters). Format and
            length come from the live API docs, not the API description.
        delay: Delay before sending the message, in milliseconds. The unit comes from the live API
            docs, not the API description.
    """

    date_time: datetime | Unset = UNSET
    delay: float | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MessageSchedule:
        """Build a ``MessageSchedule`` from its JSON form (wire names)."""
        get = data.get
        _date_time = get("dateTime", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.date_time = UNSET if _date_time is UNSET else _parse_datetime(_date_time)
        obj.delay = get("delay", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _MESSAGE_SCHEDULE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _MESSAGE_SCHEDULE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.date_time is not UNSET:
            out["dateTime"] = _format_datetime(self.date_time)
        if self.delay is not UNSET:
            out["delay"] = self.delay
        if self.extra_members:
            out.update(self.extra_members)
        return out


_PAGINATION_META_KEYS: frozenset[str] = frozenset(
    {
        "nextToken",
    }
)


@dataclass(slots=True, kw_only=True)
class PaginationMeta:
    """Pagination envelope of a list response.

    Attributes:
        next_token: Token to pass as `nextToken` to get the next page.
    """

    next_token: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PaginationMeta:
        """Build a ``PaginationMeta`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.next_token = get("nextToken", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _PAGINATION_META_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _PAGINATION_META_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.next_token is not UNSET:
            out["nextToken"] = self.next_token
        if self.extra_members:
            out.update(self.extra_members)
        return out


_PASSAGE_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "content",
        "meta",
    }
)


@dataclass(slots=True, kw_only=True)
class Passage:
    """A passage (text chunk) of a file.

    Attributes:
        id: Passage id.
        content: Text of the passage.
        meta: Metadata of the passage.
    """

    id: str | Unset = UNSET
    content: str | Unset = UNSET
    meta: PassageMeta | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Passage:
        """Build a ``Passage`` from its JSON form (wire names)."""
        get = data.get
        _meta = get("meta", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.content = get("content", UNSET)
        obj.meta = UNSET if _meta is UNSET else PassageMeta.from_dict(_meta)
        obj.extra_members = (
            _NO_EXTRA
            if _PASSAGE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _PASSAGE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.content is not UNSET:
            out["content"] = self.content
        if self.meta is not UNSET:
            out["meta"] = self.meta.to_dict()
        if self.extra_members:
            out.update(self.extra_members)
        return out


_PASSAGE_META_KEYS: frozenset[str] = frozenset(
    {
        "type",
        "subtype",
        "pageNumber",
        "position",
        "sourceUrl",
    }
)


@dataclass(slots=True, kw_only=True)
class PassageMeta:
    """Metadata of a passage.

    Attributes:
        type: Kind of passage. Open list; `chunk` is one known value.
        subtype: Sub-kind of passage. Open list; `title` is one known value.
        page_number: Page number of the passage in the file.
        position: Position of the passage in the file.
        source_url: URL of the passage's source.
    """

    type: PassageMetaType | Unset = UNSET
    subtype: PassageMetaSubtype | Unset = UNSET
    page_number: float | Unset = UNSET
    position: float | Unset = UNSET
    source_url: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PassageMeta:
        """Build a ``PassageMeta`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.type = get("type", UNSET)
        obj.subtype = get("subtype", UNSET)
        obj.page_number = get("pageNumber", UNSET)
        obj.position = get("position", UNSET)
        obj.source_url = get("sourceUrl", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _PASSAGE_META_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _PASSAGE_META_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.type is not UNSET:
            out["type"] = self.type
        if self.subtype is not UNSET:
            out["subtype"] = self.subtype
        if self.page_number is not UNSET:
            out["pageNumber"] = self.page_number
        if self.position is not UNSET:
            out["position"] = self.position
        if self.source_url is not UNSET:
            out["sourceUrl"] = self.source_url
        if self.extra_members:
            out.update(self.extra_members)
        return out


_RENAME_TABLE_COLUMN_BODY_KEYS: frozenset[str] = frozenset(
    {
        "name",
        "newName",
    }
)


@dataclass(slots=True, kw_only=True)
class RenameTableColumnBody:
    """Current and new name of the column to rename.

    Attributes:
        name: Current column name.
        new_name: New column name.
    """

    name: str
    new_name: str
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RenameTableColumnBody:
        """Build a ``RenameTableColumnBody`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.name = data["name"]
        obj.new_name = data["newName"]
        obj.extra_members = (
            _NO_EXTRA
            if _RENAME_TABLE_COLUMN_BODY_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _RENAME_TABLE_COLUMN_BODY_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "name": self.name,
            "newName": self.new_name,
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_RENAME_TABLE_COLUMN_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "table",
    }
)


@dataclass(slots=True, kw_only=True)
class RenameTableColumnResponse:
    """The table with its updated schema.

    Attributes:
        table: The table, with the updated schema.
    """

    table: Table
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RenameTableColumnResponse:
        """Build a ``RenameTableColumnResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.table = Table.from_dict(data["table"])
        obj.extra_members = (
            _NO_EXTRA
            if _RENAME_TABLE_COLUMN_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _RENAME_TABLE_COLUMN_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "table": self.table.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_SET_STATE_EXPIRY_BODY_KEYS: frozenset[str] = frozenset(
    {
        "expiry",
    }
)


@dataclass(slots=True, kw_only=True)
class SetStateExpiryBody:
    """The new expiry of a state.

    Attributes:
        expiry: Expiry in milliseconds (1 to 2,592,000,000, may be fractional); null means the state
            never expires. Unit, range, null and required come from the live API docs, not the API
            description.
    """

    expiry: float | None
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetStateExpiryBody:
        """Build a ``SetStateExpiryBody`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.expiry = data["expiry"]
        obj.extra_members = (
            _NO_EXTRA
            if _SET_STATE_EXPIRY_BODY_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _SET_STATE_EXPIRY_BODY_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "expiry": self.expiry,
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_SET_STATE_EXPIRY_RESPONSE_KEYS: frozenset[str] = frozenset(
    {
        "state",
    }
)


@dataclass(slots=True, kw_only=True)
class SetStateExpiryResponse:
    """The state with its new expiry.

    Attributes:
        state: The state.
    """

    state: State
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetStateExpiryResponse:
        """Build a ``SetStateExpiryResponse`` from its JSON form (wire names)."""
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.state = State.from_dict(data["state"])
        obj.extra_members = (
            _NO_EXTRA
            if _SET_STATE_EXPIRY_RESPONSE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _SET_STATE_EXPIRY_RESPONSE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "state": self.state.to_dict(),
        }
        if self.extra_members:
            out.update(self.extra_members)
        return out


_STATE_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "createdAt",
        "updatedAt",
        "botId",
        "name",
        "type",
        "payload",
        "conversationId",
        "userId",
    }
)


@dataclass(slots=True, kw_only=True)
class State:
    """A named state attached to a conversation, user, bot, integration or workflow.

    Attributes:
        id: State id.
        created_at: Creation timestamp.
        updated_at: Last update timestamp.
        bot_id: Id of the bot.
        name: State name, declared in the bot definition.
        type: Kind of owner the state is attached to (not a lifecycle stage).
        payload: State content.
        conversation_id: Id of the conversation the state is attached to.
        user_id: Id of the user the state is attached to.
    """

    id: str | Unset = UNSET
    created_at: datetime | Unset = UNSET
    updated_at: datetime | Unset = UNSET
    bot_id: str | Unset = UNSET
    name: str | Unset = UNSET
    type: StateType | Unset = UNSET
    payload: dict[str, Any] | Unset = UNSET
    conversation_id: str | Unset = UNSET
    user_id: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Build a ``State`` from its JSON form (wire names)."""
        get = data.get
        _created_at = get("createdAt", UNSET)
        _updated_at = get("updatedAt", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.created_at = UNSET if _created_at is UNSET else _parse_datetime(_created_at)
        obj.updated_at = UNSET if _updated_at is UNSET else _parse_datetime(_updated_at)
        obj.bot_id = get("botId", UNSET)
        obj.name = get("name", UNSET)
        obj.type = get("type", UNSET)
        obj.payload = get("payload", UNSET)
        obj.conversation_id = get("conversationId", UNSET)
        obj.user_id = get("userId", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _STATE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _STATE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.created_at is not UNSET:
            out["createdAt"] = _format_datetime(self.created_at)
        if self.updated_at is not UNSET:
            out["updatedAt"] = _format_datetime(self.updated_at)
        if self.bot_id is not UNSET:
            out["botId"] = self.bot_id
        if self.name is not UNSET:
            out["name"] = self.name
        if self.type is not UNSET:
            out["type"] = self.type
        if self.payload is not UNSET:
            out["payload"] = self.payload
        if self.conversation_id is not UNSET:
            out["conversationId"] = self.conversation_id
        if self.user_id is not UNSET:
            out["userId"] = self.user_id
        if self.extra_members:
            out.update(self.extra_members)
        return out


_TABLE_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "name",
        "schema",
        "factor",
        "frozen",
        "keyColumn",
        "tags",
        "isComputeEnabled",
        "createdAt",
        "updatedAt",
    }
)


@dataclass(slots=True, kw_only=True)
class Table:
    """A named table of a bot, with its column schema.

    Attributes:
        id: Unique identifier of the table.
        name: Name identifying the table.
        schema: Column definitions of the table.
        factor: Multiplies the per-row data storage limit (4KB per unit) and the row count charged
            to the quota (factor 2 = 8KB and counts as 2 rows). May only be increased after
            creation, via an update-table operation. Default: 1.
        frozen: When true the table's name and schema structure are immutable; only deletion is
            allowed and the schema given at creation is final.
        key_column: Column used as the unique key. When set, a unique index is created on it (faster
            upsert) and all values in that column must be unique. Null removes the key index.
        tags: Free key/value labels.
        is_compute_enabled: Whether the table is enabled for computation.
        created_at: Creation timestamp.
        updated_at: Last update timestamp.
    """

    id: str
    name: str
    schema: TableSchema
    factor: float | Unset = UNSET
    frozen: bool | Unset = UNSET
    key_column: str | None | Unset = UNSET
    tags: dict[str, str] | Unset = UNSET
    is_compute_enabled: bool | Unset = UNSET
    created_at: datetime | Unset = UNSET
    updated_at: datetime | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """Build a ``Table`` from its JSON form (wire names)."""
        get = data.get
        _created_at = get("createdAt", UNSET)
        _updated_at = get("updatedAt", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = data["id"]
        obj.name = data["name"]
        obj.schema = TableSchema.from_dict(data["schema"])
        obj.factor = get("factor", UNSET)
        obj.frozen = get("frozen", UNSET)
        obj.key_column = get("keyColumn", UNSET)
        obj.tags = get("tags", UNSET)
        obj.is_compute_enabled = get("isComputeEnabled", UNSET)
        obj.created_at = UNSET if _created_at is UNSET else _parse_datetime(_created_at)
        obj.updated_at = UNSET if _updated_at is UNSET else _parse_datetime(_updated_at)
        obj.extra_members = (
            _NO_EXTRA
            if _TABLE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _TABLE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "schema": self.schema.to_dict(),
        }
        if self.factor is not UNSET:
            out["factor"] = self.factor
        if self.frozen is not UNSET:
            out["frozen"] = self.frozen
        if self.key_column is not UNSET:
            out["keyColumn"] = self.key_column
        if self.tags is not UNSET:
            out["tags"] = self.tags
        if self.is_compute_enabled is not UNSET:
            out["isComputeEnabled"] = self.is_compute_enabled
        if self.created_at is not UNSET:
            out["createdAt"] = _format_datetime(self.created_at)
        if self.updated_at is not UNSET:
            out["updatedAt"] = _format_datetime(self.updated_at)
        if self.extra_members:
            out.update(self.extra_members)
        return out


_TABLE_SCHEMA_KEYS: frozenset[str] = frozenset(
    {
        "type",
        "properties",
        "additionalProperties",
        "required",
        "$schema",
    }
)


@dataclass(slots=True, kw_only=True)
class TableSchema:
    """JSON-schema-like definition of the columns of a table.

    Attributes:
        type: Always `object`.
        properties: Map from column name to column definition; at most 20 columns.
        additional_properties: Always `true`: extra properties of a row are accepted and ignored
            when no column matches.
        required: Names of the required columns.
        schema: Schema dialect marker.
    """

    type: TableSchemaType
    properties: dict[str, ColumnDefinition]
    additional_properties: bool
    required: list[str] | Unset = UNSET
    schema: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSchema:
        """Build a ``TableSchema`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.type = data["type"]
        obj.properties = {
            _k0: ColumnDefinition.from_dict(_v0) for _k0, _v0 in data["properties"].items()
        }
        obj.additional_properties = data["additionalProperties"]
        obj.required = get("required", UNSET)
        obj.schema = get("$schema", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _TABLE_SCHEMA_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _TABLE_SCHEMA_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {
            "type": self.type,
            "properties": {_k0: _v0.to_dict() for _k0, _v0 in self.properties.items()},
            "additionalProperties": self.additional_properties,
        }
        if self.required is not UNSET:
            out["required"] = self.required
        if self.schema is not UNSET:
            out["$schema"] = self.schema
        if self.extra_members:
            out.update(self.extra_members)
        return out


_TAG_VALUE_KEYS: frozenset[str] = frozenset(
    {
        "value",
    }
)


@dataclass(slots=True, kw_only=True)
class TagValue:
    """One value of a tag.

    Attributes:
        value: The tag value.
    """

    value: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TagValue:
        """Build a ``TagValue`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.value = get("value", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _TAG_VALUE_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _TAG_VALUE_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.value is not UNSET:
            out["value"] = self.value
        if self.extra_members:
            out.update(self.extra_members)
        return out


_UPDATE_WORKSPACE_MEMBER_BODY_KEYS: frozenset[str] = frozenset(
    {
        "role",
    }
)


@dataclass(slots=True, kw_only=True)
class UpdateWorkspaceMemberBody:
    """Workspace member metadata to update. `role` is the only documented member and nothing
    is required (from the live API docs, not the API description); other members are
    accepted.

    Attributes:
        role: New role of the member.
    """

    role: WorkspaceMemberRole | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UpdateWorkspaceMemberBody:
        """Build a ``UpdateWorkspaceMemberBody`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.role = get("role", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _UPDATE_WORKSPACE_MEMBER_BODY_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _UPDATE_WORKSPACE_MEMBER_BODY_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.role is not UNSET:
            out["role"] = self.role
        if self.extra_members:
            out.update(self.extra_members)
        return out


_USER_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "createdAt",
        "updatedAt",
        "tags",
        "name",
        "pictureUrl",
        "properties",
        "attributes",
    }
)


@dataclass(slots=True, kw_only=True)
class User:
    """Someone interacting with a bot through one integration; the same person on two
    integrations is two users.

    Attributes:
        id: User id.
        created_at: Creation timestamp.
        updated_at: Last update timestamp.
        tags: Key/value labels.
        name: Name of the user.
        picture_url: URL of the user's picture.
        properties: Properties of the user (inner fields not documented).
        attributes: Attributes of the user (inner fields not documented).
    """

    id: str | Unset = UNSET
    created_at: datetime | Unset = UNSET
    updated_at: datetime | Unset = UNSET
    tags: dict[str, str] | Unset = UNSET
    name: str | Unset = UNSET
    picture_url: str | Unset = UNSET
    properties: dict[str, Any] | Unset = UNSET
    attributes: dict[str, Any] | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> User:
        """Build a ``User`` from its JSON form (wire names)."""
        get = data.get
        _created_at = get("createdAt", UNSET)
        _updated_at = get("updatedAt", UNSET)
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.created_at = UNSET if _created_at is UNSET else _parse_datetime(_created_at)
        obj.updated_at = UNSET if _updated_at is UNSET else _parse_datetime(_updated_at)
        obj.tags = get("tags", UNSET)
        obj.name = get("name", UNSET)
        obj.picture_url = get("pictureUrl", UNSET)
        obj.properties = get("properties", UNSET)
        obj.attributes = get("attributes", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _USER_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _USER_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.created_at is not UNSET:
            out["createdAt"] = _format_datetime(self.created_at)
        if self.updated_at is not UNSET:
            out["updatedAt"] = _format_datetime(self.updated_at)
        if self.tags is not UNSET:
            out["tags"] = self.tags
        if self.name is not UNSET:
            out["name"] = self.name
        if self.picture_url is not UNSET:
            out["pictureUrl"] = self.picture_url
        if self.properties is not UNSET:
            out["properties"] = self.properties
        if self.attributes is not UNSET:
            out["attributes"] = self.attributes
        if self.extra_members:
            out.update(self.extra_members)
        return out


_WORKSPACE_MEMBER_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "email",
        "createdAt",
        "role",
        "userId",
        "profilePicture",
        "displayName",
    }
)


@dataclass(slots=True, kw_only=True)
class WorkspaceMember:
    """A member of a workspace.

    Attributes:
        id: Workspace member id.
        email: Email address of the member.
        created_at: Creation timestamp.
        role: Role of the member in the workspace.
        user_id: Id of the user (a UUID).
        profile_picture: Profile picture of the member.
        display_name: Display name of the member.
    """

    id: str | Unset = UNSET
    email: str | Unset = UNSET
    created_at: str | Unset = UNSET
    role: WorkspaceMemberRole | Unset = UNSET
    user_id: str | Unset = UNSET
    profile_picture: str | Unset = UNSET
    display_name: str | Unset = UNSET
    extra_members: Mapping[str, Any] = _field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WorkspaceMember:
        """Build a ``WorkspaceMember`` from its JSON form (wire names)."""
        get = data.get
        obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path
        obj.id = get("id", UNSET)
        obj.email = get("email", UNSET)
        obj.created_at = get("createdAt", UNSET)
        obj.role = get("role", UNSET)
        obj.user_id = get("userId", UNSET)
        obj.profile_picture = get("profilePicture", UNSET)
        obj.display_name = get("displayName", UNSET)
        obj.extra_members = (
            _NO_EXTRA
            if _WORKSPACE_MEMBER_KEYS.issuperset(data)
            else {k: v for k, v in data.items() if k not in _WORKSPACE_MEMBER_KEYS}
        )
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names); unset members are left out."""
        out: dict[str, Any] = {}
        if self.id is not UNSET:
            out["id"] = self.id
        if self.email is not UNSET:
            out["email"] = self.email
        if self.created_at is not UNSET:
            out["createdAt"] = self.created_at
        if self.role is not UNSET:
            out["role"] = self.role
        if self.user_id is not UNSET:
            out["userId"] = self.user_id
        if self.profile_picture is not UNSET:
            out["profilePicture"] = self.profile_picture
        if self.display_name is not UNSET:
            out["displayName"] = self.display_name
        if self.extra_members:
            out.update(self.extra_members)
        return out
