"""Error types: the error classes the values of an error body's ``type`` member name.

The error schema is that of an operation's ``default`` answer (gathered by
:class:`generator.lower.responses.ResponseBuilder`); ``x-error-statuses`` on its ``type`` member
gives the status each value comes with, whose runtime class the error class derives from.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ..ir import ErrorType
from ..load.reader import Node
from .models import ModelBuilder
from .naming import pascal_case
from .runtime_tables import status_errors

ERROR_TYPE_MEMBER = "type"


@cache
def status_classes() -> Mapping[str, tuple[int, ...]]:
    """The runtime's status classes and the statuses each stands for."""
    classes: dict[str, tuple[int, ...]] = {name: (status,) for status, name in status_errors().items()}
    classes["InternalServerError"] = tuple(range(500, 600))
    return classes


def status_error_base(status: int | None) -> str:
    """The runtime class an error type documented with ``status`` derives from."""
    if status is None:
        return "ApiError"
    return status_errors().get(status) or ("InternalServerError" if status >= 500 else "ApiError")


def error_types(b: ModelBuilder, error_schemas: list[Node]) -> tuple[tuple[ErrorType, ...], str]:
    """The error types of the first error schema whose ``type`` member is an enum, and the name
    of that member."""
    for node in error_schemas:
        props = node.value.get("properties") if isinstance(node.value, dict) else None
        if not isinstance(props, dict) or ERROR_TYPE_MEMBER not in props:
            continue
        enum_node = b.deref(node.child("properties", ERROR_TYPE_MEMBER))
        type_schema = enum_node.value
        values = b.enum_values(type_schema) if isinstance(type_schema, dict) else None
        if not values:
            continue
        statuses = type_schema.get("x-error-statuses")
        if not isinstance(statuses, dict):
            statuses = {}
        raw_enum = type_schema.get("enum")
        out: list[ErrorType] = []
        for value in values:
            if not isinstance(value, str):
                continue
            at = enum_node.child("enum", raw_enum.index(value)) if isinstance(raw_enum, list) else enum_node
            error = _error_type(b, value, statuses.get(value), at)
            if error is not None:
                out.append(error)
        return tuple(out), ERROR_TYPE_MEMBER
    return (), ERROR_TYPE_MEMBER


def _error_type(b: ModelBuilder, value: str, status: object, at: Node) -> ErrorType | None:
    """The error type of the ``type`` value ``value`` (documented with ``status``); None when its
    class cannot be named (the namer warns)."""
    known = status if isinstance(status, int) and not isinstance(status, bool) and 400 <= status <= 599 else None
    runtime_class = pascal_case(value) + "Error"
    classes = status_classes()
    if runtime_class in classes and known in (None, *classes[runtime_class]):
        # A type named as a status class (NotFound) is that runtime class itself.
        return ErrorType(value, runtime_class, known, runtime_class, own_class=False)
    name = b.namer.error_class(value, at)
    if name is None:
        return None
    return ErrorType(wire=value, class_name=name, status=known, base=status_error_base(known))
