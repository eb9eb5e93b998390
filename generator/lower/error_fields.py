"""Error fields: where the document's error bodies put what ``ApiError`` reads (``message``,
``type``, ``code``, ``id``, ``metadata``), so that a CMS's ``{"errors": [{"message": ...}]}``
gives ``exc.message`` as GitHub's ``{"message": ..., "documentation_url": ...}`` does.

The error schemas are those of the operations' ``default``, ``4XX`` and ``5XX`` answers
(:class:`generator.lower.responses.ResponseBuilder`). Each role is looked for by name among the
members of the body, then of its ``error`` object, then of the first item of its ``errors``
list; the paths found, over all schemas in document order, are tried in turn at run time. When
error schemas exist but none names a message, a located note says so: the error's text is then
the start of the raw body.
"""

from __future__ import annotations

from typing import Any

from ..ir import ErrorFields, ErrorPath
from ..load.reader import Node
from .models import ModelBuilder

ROLES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # (role, member names in order of preference, JSON types accepted)
    ("message", ("message", "detail", "error_description", "title", "error_message", "msg"), ("string",)),
    ("type", ("type", "error_type"), ("string",)),
    ("code", ("code", "error_code", "error"), ("string", "integer")),
    ("id", ("id", "request_id", "requestId", "error_id"), ("string",)),
    ("metadata", ("metadata", "details", "context_info"), ("object",)),
)


def error_fields(b: ModelBuilder, schemas: list[Node]) -> ErrorFields:
    """The paths of each role over ``schemas`` (deduplicated, in document order)."""
    found: dict[str, list[ErrorPath]] = {role: [] for role, _, _ in ROLES}
    for node in schemas:
        places = _places(b, node)
        for role, names, types in ROLES:
            path = _first(b, places, names, types)
            if path is not None and path not in found[role]:
                found[role].append(path)
    if schemas and not found["message"]:
        note = b.doc.at(
            schemas[0],
            "no error schema names a message (message, detail, title...); ApiError's text is the start of"
            " the raw body",
            "error-text-raw",
        )
        if note not in b.doc.notes:
            b.doc.notes.append(note)
    return tuple((role, tuple(paths)) for role, paths in found.items() if paths)


def _places(b: ModelBuilder, node: Node) -> list[tuple[ErrorPath, dict[str, Any], Node]]:
    """The objects of an error body whose members may hold a role: the body, its ``error``
    object, the first item of its ``errors`` list; each with its path and properties node."""
    out: list[tuple[ErrorPath, dict[str, Any], Node]] = []
    props = _properties(b, node)
    if props is None:
        return out
    out.append(((), props[0], props[1]))
    if "error" in props[0]:
        inner = _properties(b, b.deref(props[1].child("error")))
        if inner is not None:
            out.append((("error",), *inner))
    if "errors" in props[0]:
        listed = b.deref(props[1].child("errors"))
        if isinstance(listed.value, dict) and isinstance(listed.value.get("items"), dict):
            inner = _properties(b, b.deref(listed.child("items")))
            if inner is not None:
                out.append((("errors", 0), *inner))
    return out


def _properties(b: ModelBuilder, node: Node, depth: int = 0) -> tuple[dict[str, Any], Node] | None:
    """The ``properties`` of an object schema, or of the first part of its ``allOf`` holding some
    (a few levels deep: an ``allOf`` cycle ends there)."""
    value = node.value
    if not isinstance(value, dict) or depth > 8:
        return None
    props = value.get("properties")
    if isinstance(props, dict) and props:
        return props, node.child("properties")
    for i, part in enumerate(value.get("allOf") or ()):  # an error extending a base error
        if isinstance(part, dict):
            found = _properties(b, b.deref(node.child("allOf", i)), depth + 1)
            if found is not None:
                return found
    return None


def _first(
    b: ModelBuilder,
    places: list[tuple[ErrorPath, dict[str, Any], Node]],
    names: tuple[str, ...],
    types: tuple[str, ...],
) -> ErrorPath | None:
    """The first member named as the role (by preference, the body's own first) of an
    accepted type (or of no declared type)."""
    for prefix, props, at in places:
        for name in names:
            if name in props:
                schema = b.deref(at.child(name)).value
                declared = b.types(schema) if isinstance(schema, dict) else []
                if not declared or any(t in types for t in declared):
                    return (*prefix, name)
    return None
