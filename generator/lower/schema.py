"""Raw-schema facts: what a schema of the spec is, read without building anything."""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..ir import BodyEncoding
from ..load.reader import Document, Node
from ..problem_classes import Kind
from ..problems import SpecError
from .names import Namer
from .naming import pascal_case


class SchemaFacts:
    """Reads schemas of one document; problems and warnings go to the namer's located lists."""

    def __init__(self, doc: Document, namer: Namer) -> None:
        self.doc = doc
        self.namer = namer

    def where(self, node: Node) -> str:
        return self.namer.where(node)

    def problem(self, node: Node, message: str) -> None:
        self.namer.problem(node, message)

    def warn(self, node: Node, message: str, kind: Kind) -> None:
        self.namer.warn(node, message, kind)

    def deref(self, node: Node) -> Node:
        try:
            return self.doc.deref(node)
        except SpecError as exc:
            self.namer.problems.extend(exc.problems)
            return Node(node.file, node.ptr, {})

    @staticmethod
    def types(schema: dict[str, Any]) -> list[str]:
        t = schema.get("type")
        if isinstance(t, list):
            return [x for x in t if isinstance(x, str)]
        if isinstance(t, str):
            return [t]
        return []

    def nullable(self, schema: dict[str, Any]) -> bool:
        return bool(schema.get("nullable")) or "null" in self.types(schema) or self._null_variant(schema)

    def _null_variant(self, schema: dict[str, Any]) -> bool:
        """Whether a ``oneOf``/``anyOf`` admits null through a member: ``{type: "null"}``,
        ``{enum: [null]}``, or (OpenAPI 3.0) a member marked ``nullable``; or an ``allOf`` has a
        part that only says ``nullable: true`` (``[{$ref: X}, {nullable: true}]``: a common 3.0
        idiom, which real APIs answer with null), or every part that shapes it admits null
        (``[{$ref: NullableX}, {description: ...}]``: null meets each part, as DigitalOcean's
        droplets answer ``next_backup_window: null``), the schema itself naming no ``type``."""
        all_of = schema.get("allOf")
        if isinstance(all_of, list) and any(
            isinstance(part, dict) and part.get("nullable") is True and not _SHAPING & set(part) for part in all_of
        ):
            return True
        if isinstance(all_of, list) and "type" not in schema:
            shaping = [self.peek(all_of[i]) for i in shaping_parts(all_of)]
            if shaping and all(
                isinstance(t, dict) and (t.get("nullable") is True or "null" in self.types(t)) for t in shaping
            ):
                return True
        for combinator in ("oneOf", "anyOf"):
            variants = schema.get(combinator)
            if not isinstance(variants, list):
                continue
            for raw in variants:
                target = self.peek(raw)
                if isinstance(target, dict) and (
                    target.get("nullable") is True or "null" in self.types(target) or target.get("enum") == [None]
                ):
                    return True
        return False

    def enum_values(self, schema: dict[str, Any]) -> list[Any] | None:
        if "enum" in schema and isinstance(schema["enum"], list):
            return [v for v in schema["enum"] if v is not None]
        if "const" in schema:
            return [schema["const"]] if schema["const"] is not None else []
        ext = schema.get("x-extensible-enum")
        if isinstance(ext, list):
            return list(ext)
        return None

    def is_nameable(self, schema: Any) -> bool:
        if not isinstance(schema, dict):
            return False
        values = self.enum_values(schema)
        if values is not None:
            return (bool(values) and all(isinstance(v, str) for v in values)) or (
                bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
            )
        if self.all_of_value(schema) is not None or self.all_of_without_object(schema):
            return False
        if "allOf" in schema:
            return True
        if self.union_combinator(schema):
            return True
        types = [t for t in self.types(schema) if t != "null"]
        return (types == ["object"] or not types) and isinstance(schema.get("properties"), dict)

    def all_of_value(self, schema: dict[str, Any]) -> int | None:
        """The ``allOf`` part that alone gives the value its type, the others only annotating or
        constraining it: ``allOf: [X]`` with nothing else shaping the value (X itself, a common
        idiom), or one part that is no object beside annotations and constraints (``[{$ref: Id},
        {description: ...}]``, ``[{type: integer}, {minimum: 1}]``: real documents are full of
        them). None otherwise (an object's parts are merged into a model)."""
        all_of = schema.get("allOf")
        if not isinstance(all_of, list) or not all_of:
            return None
        own = _SHAPING & set(schema)
        if len(all_of) == 1 and not own:
            return 0
        if own - {"type"} or "object" in self.types(schema):
            return None
        shaping = shaping_parts(all_of)
        if len(shaping) != 1:
            return None
        part = self.peek(all_of[shaping[0]])
        if not isinstance(part, dict):
            return None
        if self.union_parts_only(part):  # a union (of objects too) annotated: the union itself
            return shaping[0]
        return shaping[0] if not self.object_like(part) else None

    def union_parts_only(self, schema: dict[str, Any]) -> bool:
        """A ``oneOf``/``anyOf`` that declares no members or type of its own."""
        own = {"properties", "additionalProperties", "patternProperties", "allOf", "type"}
        return any(isinstance(schema.get(c), list) for c in ("oneOf", "anyOf")) and not own & set(schema)

    def all_of_without_object(self, schema: dict[str, Any]) -> bool:
        """``allOf`` whose parts shape the value in more than one way and none of them as an
        object (``[{type: string}, {type: integer}]``): no model to merge them into."""
        all_of = schema.get("allOf")
        if not isinstance(all_of, list) or self.all_of_value(schema) is not None:
            return False
        if "properties" in schema or "object" in self.types(schema):
            return False
        parts = [self.peek(raw) for raw in all_of]
        return all(isinstance(p, dict) and not self.object_like(p) for p in parts)

    def object_like(self, schema: dict[str, Any]) -> bool:
        """Whether a schema (its ``$ref`` followed) describes an object, or may (nested parts)."""
        shapes = ("properties", "additionalProperties", "patternProperties", "allOf", "oneOf", "anyOf")
        return "object" in self.types(schema) or any(k in schema for k in shapes)

    def union_combinator(self, schema: dict[str, Any]) -> str:
        """``oneOf``/``anyOf`` when the schema is a union with a member needing conversion."""
        if "properties" in schema or "allOf" in schema:
            return ""
        for combinator in ("oneOf", "anyOf"):
            variants = schema.get(combinator)
            if not isinstance(variants, list):
                continue
            typed = [v for v in variants if is_typed(v) and not self.is_null_schema(v)]
            if len(typed) > 1 and not all(self.is_primitive(v) for v in typed):
                return combinator
        return ""

    def is_null_schema(self, raw: Any) -> bool:
        target = self.peek(raw)
        return isinstance(target, dict) and (self.types(target) == ["null"] or target.get("enum") == [None])

    def peek(self, raw: Any) -> Any:
        """A schema with its ``$ref`` (local or not) followed, without recording problems."""
        seen = 0
        base = self.doc.file_holding(raw)  # a relative $ref is relative to the file it is in
        while isinstance(raw, dict) and isinstance(raw.get("$ref"), str) and seen < 20:
            try:
                node = self.doc.resolve_ref(raw["$ref"], base)
            except KeyError:
                return None
            raw, base = node.value, node.file
            seen += 1
        return raw

    def is_primitive(self, raw: Any) -> bool:
        if isinstance(raw, dict) and "$ref" in raw and raw["$ref"].startswith("#"):
            raw = self.peek(raw)
        elif isinstance(raw, dict) and "$ref" in raw:
            return False
        if not isinstance(raw, dict):
            return False
        if any(k in raw for k in ("oneOf", "anyOf", "allOf", "properties", "items", "additionalProperties")):
            return False
        types = [t for t in self.types(raw) if t != "null"]
        if raw.get("format") == "date-time":
            return False
        return all(t in ("string", "integer", "number", "boolean") for t in types) and (
            bool(types) or "enum" in raw or "const" in raw
        )

    def merged(
        self, node: Node, trail: tuple[tuple[Path, tuple[str, ...]], ...] = ()
    ) -> tuple[dict[str, Node], set[str], bool, str]:
        """Properties (in order), required names, closedness and description, with allOf merged."""
        key = (node.file, node.ptr)
        if key in trail:
            self.problem(node, "cyclic allOf: a schema includes itself")
            return {}, set(), False, ""
        schema = node.value
        if not isinstance(schema, dict):  # e.g. a boolean schema among allOf parts: no members
            return {}, set(), False, ""
        props: dict[str, Node] = {}
        required: set[str] = set()
        closed = schema.get("additionalProperties") is False
        description = text(schema.get("description"))
        all_of = schema.get("allOf")
        if isinstance(all_of, list):
            for index in range(len(all_of)):
                part = self.deref(node.child("allOf", index))
                sub_props, sub_required, sub_closed, sub_description = self.merged(part, trail + (key,))
                props.update(sub_props)
                required |= sub_required
                closed = closed or sub_closed
                description = description or sub_description
        properties = schema.get("properties")
        if isinstance(properties, dict):
            for prop in properties:
                props[prop] = node.child("properties", prop)
        req = schema.get("required")
        if isinstance(req, list):
            required |= {r for r in req if isinstance(r, str)}
        return props, required, closed, description


def is_typed(schema: Any) -> bool:
    return isinstance(schema, dict) and any(
        k in schema for k in ("$ref", "type", "properties", "items", "enum", "const", "allOf", "oneOf", "anyOf")
    )


def ref_name(node: Node) -> str:
    if len(node.ptr) >= 1 and node.ptr[-2:-1] in (("schemas",), ("definitions",), ("$defs",)):
        return pascal_case(node.ptr[-1])
    if not node.ptr:
        return pascal_case(node.file.stem)
    return ""


# Keywords that give a value its shape (the rest annotate or constrain it).
_SHAPING = frozenset({"properties", "required", "additionalProperties", "type", "items", "oneOf", "anyOf", "enum"})


def shaping_parts(all_of: list[Any]) -> list[int]:
    """The indexes of the ``allOf`` parts that shape the value (the others only annotate or
    constrain it: ``{description: ...}``, ``{minimum: 1}``, ``{}``)."""
    return [i for i, raw in enumerate(all_of) if not isinstance(raw, dict) or "$ref" in raw or _SHAPING & set(raw)]


def text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def default_doc(schema: dict[str, Any]) -> str:
    if "default" not in schema:
        return ""
    return f"Default: {json.dumps(schema['default'], ensure_ascii=False)}."


def media_schema(content: Any) -> tuple[str, str] | None:
    """(content type, key) of the JSON-like media type of a content map, if any."""
    if not isinstance(content, dict):
        return None
    for media in content:
        base = media.split(";")[0].strip().lower()
        if base == "application/json" or base.endswith("+json"):
            return media, media
    return None


_FORM = "application/x-www-form-urlencoded"


def pick_body_media(content: dict[str, Any]) -> tuple[str | None, BodyEncoding]:
    """The media type to send and how: json, form, multipart or raw bytes."""
    medias = list(content)
    for media in medias:
        base = media.split(";")[0].strip().lower()
        if base == "application/json" or base.endswith("+json"):
            return media, "json"
    for media in medias:
        if media.split(";")[0].strip().lower() == _FORM:
            return media, "form"
    for media in medias:
        if media.split(";")[0].strip().lower() == "multipart/form-data":
            return media, "multipart"
    for media in medias:
        if "*" not in media:
            return media, "raw"
    return (medias[0], "raw") if medias else (None, "raw")  # a wildcard: what it admits, see bodies


_PATH_SAFE = "/:@!$&'()*+,;=-._~"  # RFC 3986 pchar (with "/"), sent as they are


def path_and_query(template: str) -> tuple[str, str]:
    """A path key's path and the query it fixes (``/templates?desc=html``), less its fragment."""
    path, _, query = template.split("#", 1)[0].partition("?")
    return path, query


def url_path(template: str, query_names: Collection[str] = ()) -> str:
    """The path template with its literal text percent-encoded (``{name}`` placeholders and
    existing ``%XX`` escapes kept): quotes, backslashes or spaces cannot go on the wire raw. A
    ``#`` starts the URL's fragment (RFC 3986), which is never sent: documents use it to tell
    apart operations of one path and method (Box's ``/files/{file_id}#get_shared_link`` is
    ``GET /files/{file_id}``); a ``#`` meant literally is spelled ``%23``. A ``?`` starts a query
    the path key fixes (formapi's ``/templates?desc=html``): kept, sent before the call's own,
    less a pair whose placeholder names one of ``query_names`` (``/search?query={query}`` with
    ``query`` a query parameter: the call sends it)."""
    path, query = path_and_query(template)
    pairs = [p for p in query.split("&") if not set(re.findall(r"{([^{}]+)}", p)) & set(query_names)]
    fixed = _encoded("&".join(pairs), _PATH_SAFE + "?")
    return _encoded(path, _PATH_SAFE) + ("?" + fixed if fixed else "")


def _encoded(text: str, safe: str) -> str:
    """``text`` percent-encoded but for ``safe``, its ``{name}`` placeholders and ``%XX`` escapes."""
    parts = re.split(r"({[^{}]+}|%[0-9A-Fa-f]{2})", text)
    return "".join(part if index % 2 else quote(part, safe, errors="surrogatepass") for index, part in enumerate(parts))


# What a JSON value must be to decode as a member of these kinds, inside a union.
