"""What the generated modules may import (runtime helpers among them), in the order their import
lines are written. Data only: :func:`generator.emit.import_lines.import_lines` writes the lines of
the names a module's pieces need; tests/generator/test_code.py checks that every runtime name here
exists in generator/runtime.
"""

from __future__ import annotations

# The imports each module may have, in the order (and grouping) they are written: ``(module,
# names)``; ``names`` empty for ``import module``; ``""`` starts a new group. A line is written
# when the module uses one of its names (:data:`ALWAYS` names count as used).
IMPORTS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "_client.py": (
        ("typing", ("TYPE_CHECKING", "Any", "Mapping")),
        ("", ()),
        ("httpx", ()),
        ("", ()),
        (".", ("errors", "models")),
        ("._async_client", ("AsyncClientBase", "raw_async")),
        ("._auth", ("AsyncTokenSource", "Scheme", "TokenSource")),
        ("._base_client", ("SyncClientBase", "raw_sync")),
        (
            "._config",
            (
                "DEFAULT_MAX_RESPONSE_BYTES",
                "ApiDefaults",
                "make_config",
                "setup_logging",
                "update_config",
                "user_agent",
            ),
        ),
        ("._lazy_methods", ("LazyMethods",)),
        ("._spaces", ("Space", "load_spaces")),
        ("._streamed", ("streaming_async", "streaming_sync")),
        ("._types", ("UNSET", "TimeoutTypes", "Unset")),
        ("._version", ("__version__",)),
    ),
    "_resources.py": (
        ("warnings", ()),
        ("datetime", ("datetime",)),
        ("typing", ("TYPE_CHECKING", "Any", "AsyncIterator", "Iterator", "Literal", "Mapping", "overload")),
        ("", ()),
        (".", ("_validators", "models")),
        ("._async_client", ("AsyncTransport", "raw_async")),
        ("._base_client", ("SyncTransport", "raw_sync")),
        ("._binary", ("AsyncBinaryResponse", "BinaryResponse", "request_binary", "request_binary_async")),
        ("._encoding", ("_deep_object", "_exploded", "_joined", "_joined_object")),
        ("._events", ("event_data", "event_json", "raw_event")),
        ("._lazy", ("deferred",)),
        ("._pages", ("PageTokens",)),
        ("._styles", ("_label", "_matrix", "_object_text")),
        ("._serde", ("_to_json",)),
        ("._spaces", ("AsyncSpace", "Space", "SyncSpace")),
        ("._sse", ("ServerSentEvent",)),
        ("._streamed", ("streaming_async", "streaming_sync")),
        (
            "._streaming",
            (
                "AsyncStream",
                "Stream",
                "request_events",
                "request_events_async",
                "request_json_or_events",
                "request_json_or_events_async",
            ),
        ),
        ("._transport", ("Operation", "RequestOptions")),
        ("._types", ("UNSET", "Body", "FileTypes", "Headers", "Params", "Query", "TimeoutTypes", "Unset")),
        ("._uploads", ("encode_upload",)),
        (".errors", ("RequestValidationError",)),
    ),
    "models.py": (
        ("dataclasses", ("dataclass",)),
        ("dataclasses", ("field as _field",)),
        ("datetime", ("datetime",)),
        ("typing", ("TYPE_CHECKING", "Any", "Literal", "Mapping", "TypeAlias", "TypedDict", "cast")),
        ("", ()),
        ("._lazy", ("deferred",)),
        (
            "._serde",
            (
                "_CONTAINERS as _NOT_SCALAR",
                "_NO_EXTRA",
                "_SHAPES",
                "_bounded",
                "_extra_members",
                "_format_datetime",
                "_parse_datetime",
                "_shape",
                "_to_json",
            ),
        ),
        (
            "._types",
            (
                "UNSET",
                "_NO_NULLS",
                "ABSENT",
                "FileTypes",
                "Unset",
                "_Model",
                "_given_nulls",
                "_names",
                "_new",
                "_optional",
                "_unusual",
            ),
        ),
        ("._unions", ("UnionByTag",)),
    ),
    "_checks.py": (
        ("typing", ("TYPE_CHECKING", "Any", "Mapping")),
        ("", ()),
        (".", ("models",)),
        ("._checks", ("AnswerCheck",)),
        ("._exceptions", ("_Mismatch",)),
        ("._lazy", ("deferred",)),
        ("._types", ("UNSET",)),
        (".errors", ("RequestValidationError",)),
    ),
}
# What ``_client``'s text uses when the client has its flat methods (``flat-methods``).
FLAT_CLIENT = frozenset({"raw_sync", "raw_async", "streaming_sync", "streaming_async", "LazyMethods", "Any"})
# Names a module's fixed text uses whatever the IR holds.
ALWAYS: dict[str, frozenset[str]] = {
    "_client.py": frozenset(
        {"TYPE_CHECKING", "Mapping", "httpx", "errors", "models", "AsyncClientBase", "SyncClientBase"}
        | {"setup_logging", "load_spaces"}
        | {"user_agent", "UNSET", "TimeoutTypes", "Unset", "__version__", "DEFAULT_MAX_RESPONSE_BYTES"}
        | {"ApiDefaults", "make_config", "update_config", "AsyncTokenSource", "TokenSource"}
    ),
}
# Where the line of these modules is written exploded (one name a line), as Black keeps it.
EXPLODED = frozenset({("_client.py", "._config")})
