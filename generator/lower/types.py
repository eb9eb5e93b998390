"""Types: the TypeRef of every schema, naming classes, aliases and unions as they are reached."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from ..ir import EnumAlias, TypeRef
from ..load.reader import Document, Node
from ..spelling import annotation
from .names import Namer
from .naming import pascal_case
from .schema import SchemaFacts, is_typed, ref_name, shaping_parts, text
from .shapes import shape_key

Location = tuple[Path, tuple[str, ...]]


@dataclass
class Pending:
    node: Node
    name: str


class TypeBuilder(SchemaFacts):
    def __init__(self, doc: Document, namer: Namer) -> None:
        super().__init__(doc, namer)
        self.named: dict[Location, TypeRef] = {}  # (file, pointer) of a schema -> its TypeRef once named
        self.enums: dict[str, EnumAlias] = {}
        self.pending_models: list[Pending] = []
        self.pending_unions: list[Pending] = []
        self.model_nodes: dict[str, Node] = {}
        self.resolving: set[Location] = set()
        # (file, structural digest) of an inline schema named -> its TypeRef and where it is
        self.shapes: dict[tuple[Path, str], tuple[TypeRef, Node]] = {}

    # -- schemas -----------------------------------------------------------------
    def register_components(self) -> None:
        schemas = self.doc.root.value.get("components", {}).get("schemas", {}) or {}
        if not isinstance(schemas, dict):
            return
        for key in schemas:
            node = self.doc.root.child("components", "schemas", key)
            self.name_schema(node, pascal_case(key), derived=False)

    def name_schema(self, node: Node, name: str, *, derived: bool) -> TypeRef:
        """Give the schema at ``node`` a class or alias name (idempotent per location)."""
        key = (node.file, node.ptr)
        if key in self.named:
            return self.named[key]
        schema = node.value
        if isinstance(schema, bool) and self.doc.openapi_version >= (3, 1):
            return TypeRef("any")
        if not isinstance(schema, dict):
            self.warn(node, "a schema must be an object; read as any value", "typed-any")
            return TypeRef("any")
        if "$ref" in schema:
            target = self.deref(node)
            ref = (
                self.name_schema(target, name, derived=derived)
                if self.is_nameable(target.value)
                else self.type_of(target, name)
            )
            self.named[key] = ref
            return ref
        if not self.is_nameable(schema):
            ref = self.type_of(node, name)
            self.named[key] = ref
            return ref
        shape = (node.file, shape_key(schema)) if derived else None
        if shape is not None and shape in self.shapes:
            return self.share(node, key, *self.shapes[shape])
        ref = self.new_named(node, key, name, derived)
        if shape is not None:
            self.shapes[shape] = (ref, node)
        return ref

    def share(self, node: Node, key: Location, ref: TypeRef, first: Node) -> TypeRef:
        """An inline schema identical to one named before (documentation aside): its class."""
        self.named[key] = ref
        why = f"same structure as the inline schema at #{first.pointer}: shares its class {ref.name}"
        self.warn(node, why, "shape-shared")
        return ref

    def new_named(self, node: Node, key: Location, name: str, derived: bool) -> TypeRef:
        """A new class, enum or union for the nameable schema at ``node``."""
        schema = node.value
        py_name = self.namer.model_class(name, node, derived=derived)
        if self.union_combinator(schema):
            ref = TypeRef("union", name=py_name, nullable=self.nullable(schema))
            self.named[key] = ref
            self.pending_unions.append(Pending(node, py_name))
            return ref
        if self.enum_values(schema) is not None:
            ref = TypeRef("enum", name=py_name, nullable=self.nullable(schema))
            self.named[key] = ref
            self.build_enum(node, py_name)
            return ref
        ref = TypeRef("model", name=py_name, nullable=self.nullable(schema))
        self.named[key] = ref
        self.pending_models.append(Pending(node, py_name))
        self.model_nodes[py_name] = node
        return ref

    def build_enum(self, node: Node, name: str) -> None:
        schema = node.value
        values = self.enum_values(schema) or []
        is_open = "x-extensible-enum" in schema and "enum" not in schema
        base = "int" if all(isinstance(v, int) for v in values) else "str"
        self.enums[name] = EnumAlias(
            name=name,
            description=text(schema.get("description")),
            values=tuple(values),
            open=is_open,
            base=base,
            source=self.where(node),
        )

    def type_of(self, node: Node, context: str) -> TypeRef:
        """The TypeRef of the schema at ``node``; ``context`` names inline models."""
        schema = node.value
        if isinstance(schema, bool) and self.doc.openapi_version >= (3, 1):
            return TypeRef("any")  # JSON Schema's true (anything) or false (nothing: no Python type)
        if not isinstance(schema, dict):
            self.warn(node, "a schema must be an object; read as any value", "typed-any")
            return TypeRef("any")
        if "$ref" in schema:
            return self.referenced_type(node, context)
        value_part = self.all_of_value(schema)
        if value_part is not None:
            inner = self.type_of(node.child("allOf", value_part), context)
            return dataclasses.replace(inner, nullable=True) if self.nullable(schema) else inner
        if self.all_of_without_object(schema):  # no part shapes it (``[{}, {description}]``): any value
            if len(shaping_parts(schema["allOf"])) > 1:
                self.warn(
                    node.child("allOf"),
                    "allOf of parts that shape the value apart, none an object; typed Any",
                    "typed-any",
                )
            return TypeRef("any", nullable=self.nullable(schema))
        if self.is_nameable(schema):
            return self.name_schema(node, context, derived=True)
        nullable = self.nullable(schema)
        values = self.enum_values(schema)
        if values is not None and not values:
            return TypeRef("none")
        types = [t for t in self.types(schema) if t != "null"]
        for combinator in ("oneOf", "anyOf"):
            variants = schema.get(combinator)
            if isinstance(variants, list) and any(is_typed(v) for v in variants):
                return self.union(node, combinator, context, nullable)
        if len(types) > 1:
            members = tuple(self.type_of(Node(node.file, node.ptr, {**schema, "type": t}), context) for t in types)
            if all(m.is_identity for m in members) and not any(m.kind == "any" for m in members):
                return TypeRef("union", variants=members, nullable=nullable)
            return TypeRef("any")
        kind = types[0] if types else ("object" if "properties" in schema or "additionalProperties" in schema else "")
        return self.type_of_kind(node, kind, context, nullable)

    def referenced_type(self, node: Node, context: str) -> TypeRef:
        """The TypeRef of the schema a ``$ref`` at ``node`` names."""
        target = self.deref(node)
        key = (target.file, target.ptr)
        if key in self.named:
            return self.named[key]
        if self.is_nameable(target.value):
            return self.name_schema(target, ref_name(target) or context, derived=True)
        if key in self.resolving:  # a recursive schema that is no class: no finite annotation
            self.warn(node, "recursive schema without an object or union to name; typed Any", "typed-any")
            return TypeRef("any")
        self.resolving.add(key)
        try:
            return self.type_of(target, context)
        finally:
            self.resolving.discard(key)

    def type_of_kind(self, node: Node, kind: str, context: str, nullable: bool) -> TypeRef:
        """The TypeRef of an unnamed schema of the one JSON type ``kind`` (``""``: none given)."""
        schema = node.value
        if kind == "string":
            fmt = schema.get("format")
            if fmt == "binary" or ("contentMediaType" in schema and fmt != "date-time"):
                return TypeRef("file", nullable=nullable)
            return TypeRef("datetime" if fmt == "date-time" else "str", nullable=nullable)
        if kind == "integer":
            return TypeRef("int", nullable=nullable)
        if kind == "number":
            return TypeRef("float", nullable=nullable)
        if kind == "boolean":
            return TypeRef("bool", nullable=nullable)
        if kind == "array":
            items = schema.get("items")
            item_type = (
                self.type_of(node.child("items"), context + "Item") if isinstance(items, dict) else TypeRef("any")
            )
            return TypeRef("list", items=item_type, nullable=nullable)
        if kind == "object":
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra:
                value_type = self.type_of(node.child("additionalProperties"), context + "Value")
                return TypeRef("dict", items=value_type, nullable=nullable)
            return TypeRef("dict", items=TypeRef("any"), nullable=nullable)
        return TypeRef("any")

    def union(self, node: Node, combinator: str, context: str, nullable: bool) -> TypeRef:
        members: list[TypeRef] = []
        for index, raw in enumerate(node.value[combinator]):
            child = node.child(combinator, index)
            target = self.deref(child).value if isinstance(raw, dict) else None
            if isinstance(target, dict) and self.types(target) == ["null"]:
                nullable = True
                continue
            if isinstance(target, dict) and target.get("enum") == [None]:
                nullable = True
                continue
            members.append(self.type_of(child, f"{context}{index}" if len(node.value[combinator]) > 1 else context))
        if not members:
            return TypeRef("none") if nullable else TypeRef("any")
        if len(members) == 1:
            return dataclasses.replace(members[0], nullable=members[0].nullable or nullable)
        if any(m.kind == "any" for m in members):
            return TypeRef("any")
        unique: list[TypeRef] = []
        for m in members:  # members that read the same in Python are one member to the type checker
            if annotation(m) not in [annotation(u) for u in unique]:
                unique.append(m)
        if len(unique) == 1:
            return dataclasses.replace(unique[0], nullable=unique[0].nullable or nullable)
        return TypeRef("union", variants=tuple(unique), nullable=nullable)
