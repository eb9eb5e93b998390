"""Request bodies: the media type an operation sends and the arguments that make up its body.

An object body whose schema is a model becomes one argument per member, named once the model is
built (:func:`body_arguments`); any other body is one argument ``body``, sent whole: JSON, or
raw bytes or text for a media type the client does not encode.
"""

from __future__ import annotations

import re

from ..ir import Body, BodyArg, BodyEncoding, Model, TypeRef
from ..load.reader import Node
from .models import ModelBuilder
from .names import Arguments
from .schema import pick_body_media, text


class Unsupported(Exception):
    """A construct the generator cannot express; the operation is left out with a warning."""

    def __init__(self, node: Node, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


def request_body(b: ModelBuilder, op: Node, context: str, arguments: Arguments) -> tuple[Body | None, Node | None]:
    """The request body of ``op``, and the schema of an object body whose members become
    arguments; raises :class:`Unsupported` for a body the client cannot send."""
    if "requestBody" not in op.value:
        return None, None
    node = b.deref(op.child("requestBody"))
    if not isinstance(node.value, dict):
        return None, None
    content = node.value.get("content")
    required = bool(node.value.get("required"))
    if not isinstance(content, dict) or not content:
        return None, None
    key, encoding = pick_body_media(content)
    if key is None:
        raise Unsupported(node.child("content"), f"request body media types {sorted(content)} are not supported")
    media_node = node.child("content", key)
    has_schema = isinstance(media_node.value, dict) and isinstance(media_node.value.get("schema"), dict)
    schema = b.deref(media_node.child("schema")).value if has_schema else None
    media, encoding = sent_as(key, encoding, schema)
    if encoding == "json" and not has_schema:  # a JSON media type with no usable schema: any JSON
        return _whole(b, node, node, media, "json", TypeRef("any"), arguments), None
    if encoding == "raw" or not has_schema:
        arg_type = TypeRef("str" if media.startswith("text/") else "file")
        return _whole(b, node, node, media, "raw", arg_type, arguments), None
    schema_node = media_node.child("schema")
    btype = b.type_of(schema_node, context + "Body")
    if btype.kind == "model" and not btype.nullable:  # arguments: once the model is built
        parts = part_types(media_node) if encoding == "multipart" else ()
        body = Body(media, encoding, btype.name, (), required, parts)
        return body, schema_node
    if encoding != "json":
        raise Unsupported(schema_node, f"a {media} body that is not an object is not supported")
    return _whole(b, node, schema_node, media, "json", btype, arguments), None


def part_types(media: Node) -> tuple[tuple[str, str], ...]:
    """The ``contentType`` the media type's ``encoding`` gives each multipart member (a list of
    types, ``image/png, image/jpeg``, is sent as its first), sorted by member."""
    found = media.value.get("encoding") if isinstance(media.value, dict) else None
    out: dict[str, str] = {}
    for name, spec in (found or {}).items() if isinstance(found, dict) else ():
        kind = spec.get("contentType") if isinstance(spec, dict) else None
        first = kind.split(",")[0].strip() if isinstance(kind, str) else ""
        if isinstance(name, str) and _MEDIA_TYPE.fullmatch(first):
            out[name] = first
    return tuple(sorted(out.items()))


_MEDIA_TYPE = re.compile(r"[A-Za-z0-9][\w.+-]*/[\w.+*-]+(?:\s*;\s*[\w.+-]+=[\w.+-]+)*")


_STRUCTURE = frozenset({"properties", "items", "additionalProperties", "allOf", "oneOf", "anyOf"})


def sent_as(key: str, encoding: BodyEncoding, schema: object) -> tuple[str, BodyEncoding]:
    """The media type a body listed under ``key`` is sent as, and how. A wildcard (``*/*``,
    ``application/*``) is read as what it admits: JSON when its schema says so (a structure, or a
    number, boolean or null type), else bytes (``application/octet-stream``; text for ``text/*``)."""
    if "*" not in key:
        return key, encoding
    if isinstance(schema, dict) and _says_json(schema):
        return "application/json", "json"
    return ("text/plain" if key.lower().startswith("text/") else "application/octet-stream"), "raw"


def _says_json(schema: dict[str, object]) -> bool:
    kinds = schema.get("type")
    types = set(kinds) if isinstance(kinds, list) else {kinds}
    if types & {"object", "array", "number", "integer", "boolean", "null"}:
        return True
    return "type" not in schema and not _STRUCTURE.isdisjoint(schema)


def _whole(
    b: ModelBuilder, node: Node, at: Node, media: str, encoding: BodyEncoding, arg_type: TypeRef, arguments: Arguments
) -> Body:
    """A body sent whole as the one argument ``body`` (``node`` is the request body, ``at`` where
    the argument comes from)."""
    required = bool(node.value.get("required"))
    arg = BodyArg(
        name=arguments.take("body", "body", at),
        wire="",
        type=arg_type,
        required=required,
        description=text(node.value.get("description")),
        raw=encoding == "raw",
        source=b.where(at),
    )
    return Body(content_type=media, encoding=encoding, model="", args=(arg,), required=required)


def body_arguments(model: Model, schema_node: Node, arguments: Arguments) -> tuple[BodyArg, ...]:
    """One argument per member of an object body (the server's readOnly members excepted).
    Members whose name is free claim it first, so that a member never loses its own name to
    the derived name of another (``id`` -> ``id_body`` beside a member ``id_body``)."""
    fields = [f for f in model.fields if not f.read_only]
    names: dict[str, str] = {}
    for f in sorted(fields, key=lambda f: f.name in arguments):
        names[f.wire] = arguments.take(f.name, f.wire, schema_node, "body")
    return tuple(
        BodyArg(
            name=names[f.wire],
            wire=f.wire,
            type=f.type,
            required=f.sent_required,
            description=" ".join(x for x in (f.description, f.default_doc) if x),
            raw=False,
            source=f.source,
        )
        for f in fields
    )
