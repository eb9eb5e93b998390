"""What the media types of a success answer make of it (issue 26): JSON, text, binary, a stream of
server-sent events, or JSON or a stream as a boolean body member asks (``stream: true``)."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from ..ir import Body, Operation, ResponseDecoder, TypeRef
from ..load.reader import Node
from .models import ModelBuilder

MediaKind = Literal["json", "text", "binary", "sse"]


EVENT_STREAM = "text/event-stream"


def base(media: str) -> str:
    """The media type without parameters, lower-cased."""
    return media.split(";")[0].strip().lower()


def is_binary_schema(schema: Any) -> bool:
    """A schema of raw bytes: ``format: binary`` (3.0), or ``contentMediaType`` /
    ``contentEncoding`` without a structure (3.1)."""
    if not isinstance(schema, dict):
        return False
    if schema.get("format") == "binary":
        return True
    return ("contentMediaType" in schema or "contentEncoding" in schema) and schema.get("type") in (None, "string")


_WILDCARDS = ("*/*", "application/*")


def kind_of(media: str, value: Any) -> MediaKind:
    """How an answer of ``media`` (its media type object ``value``) is read."""
    name = base(media)
    if name == EVENT_STREAM:
        return "sse"
    schema = value.get("schema") if isinstance(value, dict) else None
    if is_binary_schema(schema):
        return "binary"
    if name == "application/json" or name.endswith("+json"):
        return "json"
    if name in _WILDCARDS and isinstance(schema, dict) and schema and not _bare_string(value):
        return "json"  # any media type, a structure: JSON, as servers answer it (Google's APIs)
    if name.startswith("text/") or name.endswith("+xml") or name == "application/xml":
        return "text"
    if isinstance(schema, dict) and schema.get("type") == "string" and "format" not in schema:
        return "text"  # a non-JSON media type holding text (``application/sdp``)
    return "binary"  # octet-stream, image/*, audio/*, video/*, zip... with no schema or a binary one


def pick(content: dict[str, Any]) -> tuple[str | None, str | None]:
    """(the media type the answer is read as, the event stream's media type): a JSON media type
    first, else the first listed; the event stream apart (``None`` when absent)."""
    stream = next((m for m in content if base(m) == EVENT_STREAM), None)
    others = [m for m in content if m != stream]
    main = next((m for m in others if kind_of(m, content[m]) == "json"), others[0] if others else None)
    binary = next((m for m in others if kind_of(m, content[m]) == "binary"), None)
    if main is not None and binary is not None and _bare_string(content[main]):
        main = binary  # bytes listed beside "JSON" that is a bare string: the bytes are the answer
    return main, stream


def _bare_string(value: Any) -> bool:
    schema = value.get("schema") if isinstance(value, dict) else None
    return isinstance(schema, dict) and schema.get("type") == "string" and "$ref" not in schema


Event = tuple[TypeRef | None, str]
"""(type, decoder function of ``models`` or "") of one event of a stream."""


def event_of(
    b: ModelBuilder, node: Node, media: str, context: str, method_name: str, decoders: list[ResponseDecoder]
) -> Event:
    """One event of an event stream answer (``node``, its ``media`` type): a model or a union
    (decoded from the event's JSON data; a union's decoder is added to ``decoders``), ``str``
    (its data as sent), or the raw ``ServerSentEvent`` when the stream has no schema."""
    value = node.value["content"][media]
    if not isinstance(value, dict) or not isinstance(value.get("schema"), dict):
        return None, ""
    etype = b.type_of(node.child("content", media, "schema"), context + "Event")
    if etype.kind == "model" and not etype.nullable:
        return etype, ""  # read by the model's from_dict
    if etype.kind in ("str", "any"):
        return etype, ""
    function = b.namer.response_decoder(method_name + "_event")
    decoders.append(ResponseDecoder(function=function, type=etype))
    return etype, function


def with_events(op: Operation, event: Event, decoders: list[ResponseDecoder]) -> Operation:
    """``op`` answering JSON, or its events when its boolean body member ``stream`` is true;
    ``op`` as it is when it has no such member (its events' decoder dropped from ``decoders``)."""
    switch = stream_switch(op.body)
    if not switch:
        decoders[:] = [d for d in decoders if d.function != event[1]]
        return op
    return dataclasses.replace(
        op,
        event_type=event[0],
        event_function=event[1],
        stream_switch=switch,
    )


def stream_switch(body: Body | None) -> str:
    """The argument of a boolean body member ``stream`` (asks for the event stream)."""
    if body is None or not body.model:
        return ""
    arg = next((a for a in body.args if a.wire == "stream" and a.type.kind == "bool"), None)
    return "" if arg is None else arg.name
