"""Build the IR from a loaded document: types, names, models and operations."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import keyword
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .checks import CheckBuilder, render_operation, validator_name
from .ir import (
    Api,
    Body,
    BodyArg,
    BodyEncoding,
    ClientOption,
    EnumAlias,
    ErrorType,
    Field,
    Model,
    Operation,
    OperationValidator,
    Pagination,
    Parameter,
    ResponseDecoder,
    ResponseKind,
    TypeRef,
    UnionDef,
    ValueCheck,
)
from .literals import py_literal, py_str
from .load import Document, Node
from .naming import is_builtin, pascal_case, snake_case
from .problems import Problem, SpecError

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
IDEMPOTENT_METHODS = frozenset({"get", "put", "delete", "options", "head", "trace"})
MODELS_MODULE = "models"
# Names every model defines itself; a member with one of these names gets a trailing "_".
RESERVED_MEMBERS = frozenset(
    # the model's own names, and names its annotations use (a member named ``str`` would hide the type)
    {
        "from_dict",
        "to_dict",
        "extra_members",
        "str",
        "int",
        "float",
        "bool",
        "list",
        "dict",
        "datetime",
        "bytes",
        "object",
    }
)
# Names the models module imports or defines: a schema of that name gets a "Model" suffix.
MODULE_NAMES = frozenset(
    {
        "Any",
        "Literal",
        "Mapping",
        "MappingProxyType",
        "TypeAlias",
        "UNSET",
        "Unset",
        "FileTypes",
        "cast",
        "dataclass",
        "field",
    }
)
# Keyword arguments every client method defines itself.
# and names the method bodies use from the module (an argument named ``models`` would hide it).
RESERVED_ARGS = frozenset(
    {"self", "extra_headers", "extra_query", "extra_body", "timeout", "max_retries"}
    | {"models", "warnings", "httpx", "dataclasses", "datetime", "cast"}
)


@dataclass
class _Pending:
    node: Node
    name: str


@dataclass
class Builder:
    doc: Document
    package: str
    problems: list[Problem] = field(default_factory=list)
    # (file, pointer) of a schema -> its TypeRef once named
    named: dict[tuple[Path, tuple[str, ...]], TypeRef] = field(default_factory=dict)
    names_taken: dict[str, str] = field(default_factory=dict)  # python name -> source
    # snake-case stem (of ``_X_KEYS``, ``_check_x``, ``_decode_x``) -> the class name it belongs to
    stems_taken: dict[str, str] = field(default_factory=dict)
    models: dict[str, Model] = field(default_factory=dict)
    enums: dict[str, EnumAlias] = field(default_factory=dict)
    pending_models: list[_Pending] = field(default_factory=list)
    model_nodes: dict[str, Node] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    unions: dict[str, UnionDef] = field(default_factory=dict)
    pending_unions: list[_Pending] = field(default_factory=list)
    union_members: dict[str, tuple[TypeRef, ...]] = field(default_factory=dict)
    union_nodes: dict[str, tuple[Node, str, tuple[tuple[str, TypeRef], ...]]] = field(default_factory=dict)
    resolving: set[tuple[Path, tuple[str, ...]]] = field(default_factory=set)
    in_progress: set[tuple[Path, tuple[str, ...]]] = field(default_factory=set)

    # -- helpers -----------------------------------------------------------------
    def where(self, node: Node) -> str:
        return f"{self.doc.name_of(node.file)}#{node.pointer}"

    def problem(self, node: Node, message: str) -> None:
        self.problems.append(self.doc.at(node, message))

    def warn(self, node: Node, message: str) -> None:
        self.warnings.append(self.doc.at(node, message))

    def deref(self, node: Node) -> Node:
        try:
            return self.doc.deref(node)
        except SpecError as exc:
            self.problems.extend(exc.problems)
            return Node(node.file, node.ptr, {})

    def claim(self, name: str, node: Node, *, derived: bool) -> str:
        """Reserve a class name; derived (inline) names dodge collisions, spec names may not."""
        if name in MODULE_NAMES:
            name += "Model"
        stem = _stem(name)
        if name not in self.names_taken and stem not in self.stems_taken:
            self.names_taken[name] = self.where(node)
            self.stems_taken[stem] = name
            return name
        if not derived and name in self.names_taken:
            self.problem(node, f"schema name maps to Python class {name!r}, already used by {self.names_taken[name]}")
            return name
        n = 2
        while f"{name}{n}" in self.names_taken or _stem(f"{name}{n}") in self.stems_taken:
            n += 1
        if not derived:  # e.g. ABTest and AbTest: their helpers (_AB_TEST_KEYS, ...) would clash
            self.warn(
                node, f"class {name!r} would share helper names with class {self.stems_taken[stem]!r}; named {name}{n}"
            )
        self.names_taken[f"{name}{n}"] = self.where(node)
        self.stems_taken[_stem(f"{name}{n}")] = f"{name}{n}"
        return f"{name}{n}"

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
            self.problem(node, "a schema must be an object")
            return TypeRef("any")
        if "$ref" in schema:
            target = self.deref(node)
            ref = (
                self.name_schema(target, name, derived=derived)
                if self._is_nameable(target.value)
                else self.type_of(target, name)
            )
            self.named[key] = ref
            return ref
        if not self._is_nameable(schema):
            ref = self.type_of(node, name)
            self.named[key] = ref
            return ref
        py_name = self.claim(name, node, derived=derived)
        if self._union_combinator(schema):
            ref = TypeRef("union", name=py_name, nullable=self._nullable(schema))
            self.named[key] = ref
            self.pending_unions.append(_Pending(node, py_name))
            return ref
        if self._enum_values(schema) is not None:
            ref = TypeRef("enum", name=py_name, nullable=self._nullable(schema))
            self.named[key] = ref
            self._build_enum(node, py_name)
            return ref
        ref = TypeRef("model", name=py_name, nullable=self._nullable(schema))
        self.named[key] = ref
        self.pending_models.append(_Pending(node, py_name))
        self.model_nodes[py_name] = node
        return ref

    @staticmethod
    def _types(schema: dict[str, Any]) -> list[str]:
        t = schema.get("type")
        if isinstance(t, list):
            return [x for x in t if isinstance(x, str)]
        if isinstance(t, str):
            return [t]
        return []

    def _nullable(self, schema: dict[str, Any]) -> bool:
        return bool(schema.get("nullable")) or "null" in self._types(schema)

    def _enum_values(self, schema: dict[str, Any]) -> list[Any] | None:
        if "enum" in schema and isinstance(schema["enum"], list):
            return [v for v in schema["enum"] if v is not None]
        if "const" in schema:
            return [schema["const"]] if schema["const"] is not None else []
        ext = schema.get("x-extensible-enum")
        if isinstance(ext, list):
            return list(ext)
        return None

    def _is_nameable(self, schema: Any) -> bool:
        if not isinstance(schema, dict):
            return False
        values = self._enum_values(schema)
        if values is not None:
            return (bool(values) and all(isinstance(v, str) for v in values)) or (
                bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
            )
        if self._single_all_of(schema):
            return False
        if "allOf" in schema:
            return True
        if self._union_combinator(schema):
            return True
        types = [t for t in self._types(schema) if t != "null"]
        return (types == ["object"] or not types) and isinstance(schema.get("properties"), dict)

    @staticmethod
    def _single_all_of(schema: dict[str, Any]) -> bool:
        """``allOf: [X]`` with nothing else that shapes the value: X itself (a common idiom)."""
        all_of = schema.get("allOf")
        shaping = {"properties", "required", "additionalProperties", "type", "items", "oneOf", "anyOf", "enum"}
        return isinstance(all_of, list) and len(all_of) == 1 and not shaping & set(schema)

    def _union_combinator(self, schema: dict[str, Any]) -> str:
        """``oneOf``/``anyOf`` when the schema is a union with a member needing conversion."""
        if "properties" in schema or "allOf" in schema:
            return ""
        for combinator in ("oneOf", "anyOf"):
            variants = schema.get(combinator)
            if not isinstance(variants, list):
                continue
            typed = [v for v in variants if _is_typed(v) and not self._is_null_schema(v)]
            if len(typed) > 1 and not all(self._is_primitive(v) for v in typed):
                return combinator
        return ""

    def _is_null_schema(self, raw: Any) -> bool:
        target = self._peek(raw)
        return isinstance(target, dict) and (self._types(target) == ["null"] or target.get("enum") == [None])

    def _peek(self, raw: Any) -> Any:
        """A schema with its ``$ref`` (local or not) followed, without recording problems."""
        seen = 0
        while isinstance(raw, dict) and isinstance(raw.get("$ref"), str) and seen < 20:
            try:
                raw = self.doc.resolve_ref(raw["$ref"], self.doc.path).value
            except KeyError:
                return None
            seen += 1
        return raw

    def _is_primitive(self, raw: Any) -> bool:
        if isinstance(raw, dict) and "$ref" in raw and raw["$ref"].startswith("#"):
            raw = self._peek(raw)
        elif isinstance(raw, dict) and "$ref" in raw:
            return False
        if not isinstance(raw, dict):
            return False
        if any(k in raw for k in ("oneOf", "anyOf", "allOf", "properties", "items", "additionalProperties")):
            return False
        types = [t for t in self._types(raw) if t != "null"]
        if raw.get("format") == "date-time":
            return False
        return all(t in ("string", "integer", "number", "boolean") for t in types) and (
            bool(types) or "enum" in raw or "const" in raw
        )

    def _build_enum(self, node: Node, name: str) -> None:
        schema = node.value
        values = self._enum_values(schema) or []
        is_open = "x-extensible-enum" in schema and "enum" not in schema
        base = "int" if all(isinstance(v, int) for v in values) else "str"
        reprs = tuple(py_literal(v) for v in values)
        literal = f"Literal[{', '.join(reprs)}]"
        annotation = f"{literal} | {base}" if is_open else literal
        self.enums[name] = EnumAlias(
            name=name,
            description=_text(schema.get("description")),
            values=reprs,
            open=is_open,
            base=base,
            annotation=annotation,
        )

    def type_of(self, node: Node, context: str) -> TypeRef:
        """The TypeRef of the schema at ``node``; ``context`` names inline models."""
        schema = node.value
        if isinstance(schema, bool) and self.doc.openapi_version >= (3, 1):
            return TypeRef("any")  # JSON Schema's true (anything) or false (nothing: no Python type)
        if not isinstance(schema, dict):
            self.problem(node, "a schema must be an object")
            return TypeRef("any")
        if "$ref" in schema:
            target = self.deref(node)
            key = (target.file, target.ptr)
            if key in self.named:
                return self.named[key]
            if self._is_nameable(target.value):
                return self.name_schema(target, _ref_name(target) or context, derived=True)
            if key in self.resolving:  # a recursive schema that is no class: no finite annotation
                self.warn(node, "recursive schema without an object or union to name; typed Any")
                return TypeRef("any")
            self.resolving.add(key)
            try:
                return self.type_of(target, context)
            finally:
                self.resolving.discard(key)
        if self._single_all_of(schema):
            inner = self.type_of(node.child("allOf", 0), context)
            return dataclasses.replace(inner, nullable=True) if self._nullable(schema) else inner
        if self._is_nameable(schema):
            return self.name_schema(node, context, derived=True)
        nullable = self._nullable(schema)
        values = self._enum_values(schema)
        if values is not None and not values:
            return TypeRef("none")
        types = [t for t in self._types(schema) if t != "null"]
        for combinator in ("oneOf", "anyOf"):
            variants = schema.get(combinator)
            if isinstance(variants, list) and any(_is_typed(v) for v in variants):
                return self._union(node, combinator, context, nullable)
        if len(types) > 1:
            members = tuple(self.type_of(Node(node.file, node.ptr, {**schema, "type": t}), context) for t in types)
            if all(m.is_identity for m in members) and not any(m.kind == "any" for m in members):
                return TypeRef("union", variants=members, nullable=nullable)
            return TypeRef("any")
        kind = types[0] if types else ("object" if "properties" in schema or "additionalProperties" in schema else "")
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

    def _union(self, node: Node, combinator: str, context: str, nullable: bool) -> TypeRef:
        members: list[TypeRef] = []
        for index, raw in enumerate(node.value[combinator]):
            child = node.child(combinator, index)
            target = self.deref(child).value if isinstance(raw, dict) else None
            if isinstance(target, dict) and self._types(target) == ["null"]:
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
        for m in members:
            if m.annotation not in [u.annotation for u in unique]:
                unique.append(m)
        if len(unique) == 1:
            return dataclasses.replace(unique[0], nullable=unique[0].nullable or nullable)
        return TypeRef("union", variants=tuple(unique), nullable=nullable)

    def build_models(self) -> None:
        """Build every model and union discovered so far (each may discover more)."""
        while self.pending_models or self.pending_unions:
            while self.pending_models:
                pending = self.pending_models.pop(0)
                self.models[pending.name] = self._build_model(pending.node, pending.name)
            while self.pending_unions:
                pending = self.pending_unions.pop(0)
                self._collect_union(pending.node, pending.name)

    def _collect_union(self, node: Node, name: str) -> None:
        schema = node.value
        combinator = self._union_combinator(schema)
        members: list[TypeRef] = []
        for index, raw in enumerate(schema[combinator]):
            if not _is_typed(raw) or self._is_null_schema(raw):
                continue
            title = raw.get("title") if isinstance(raw, dict) else None
            context = pascal_case(title) if isinstance(title, str) and title.strip() else f"{name}Variant{index + 1}"
            member = self.type_of(node.child(combinator, index), context)
            if member.annotation not in [m.annotation for m in members]:
                members.append(member)
        tags: list[tuple[str, TypeRef]] = []
        discriminator = schema.get("discriminator")
        prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
        if isinstance(prop, str) and isinstance(discriminator, dict):
            mapping = discriminator.get("mapping")
            if isinstance(mapping, dict):
                for value, ref in mapping.items():
                    if not isinstance(ref, str):
                        continue
                    target = ref if ref.startswith("#") or "/" in ref or "." in ref else f"#/components/schemas/{ref}"
                    try:
                        self.doc.resolve_ref(target, node.file)
                    except KeyError:
                        self.warn(
                            node.child("discriminator", "mapping", value),
                            f"mapping target {ref!r} does not resolve; ignored",
                        )
                        continue
                    tagged = self.type_of(Node(node.file, node.ptr, {"$ref": target}), name)
                    if tagged.annotation not in [m.annotation for m in members]:  # its decoder could not return it
                        self.warn(
                            node.child("discriminator", "mapping", value),
                            f"mapping target {ref!r} is not a member of the union; ignored",
                        )
                        continue
                    tags.append((str(value), tagged))
            else:
                for index, raw in enumerate(schema[combinator]):
                    if isinstance(raw, dict) and isinstance(raw.get("$ref"), str):
                        tags.append((raw["$ref"].rsplit("/", 1)[-1], self.type_of(node.child(combinator, index), name)))
        self.union_members[name] = tuple(members)
        self.union_nodes[name] = (node, str(prop) if isinstance(prop, str) else "", tuple(tags))

    def finish_unions(self) -> None:
        for name, members in self.union_members.items():
            node, prop, tags = self.union_nodes[name]
            annotation = " | ".join(m.annotation for m in members) or "Any"
            self.unions[name] = UnionDef(
                name=name,
                description=_text(node.value.get("description")),
                annotation=annotation,
                decoder=TypeRef("union", name=name).union_decoder,
                body=tuple(self._union_body(name, members, prop, tags)),
            )

    def _fits(self, t: TypeRef) -> str | None:
        """A condition on ``data`` true when it can be ``t``; None when only trying tells."""
        cond: str | None
        if t.kind == "model":
            model = self.models.get(t.name)
            parts = ["isinstance(data, dict)"]
            if model is not None:
                required = [f.wire for f in model.fields if f.required]
                if required:
                    parts.append(f"data.keys() >= {{{', '.join(py_str(w) for w in required)}}}")
                for f in model.fields:
                    enum = self.enums.get(f.type.name) if f.type.kind == "enum" else None
                    if f.required and enum is not None and not enum.open and len(enum.values) == 1:
                        parts.append(f"data.get({py_str(f.wire)}) == {enum.values[0]}")
            cond = " and ".join(parts)
        elif t.kind == "enum":
            enum = self.enums.get(t.name)
            if enum is None or enum.open:
                cond = "isinstance(data, int)" if enum is not None and enum.base == "int" else "isinstance(data, str)"
            else:
                cond = f"data in ({', '.join(enum.values)},)"
        elif t.kind in _FITS:
            cond = _FITS[t.kind]
        elif t.kind == "union" and not t.name:
            subs = [self._fits(v) for v in t.variants]
            cond = None if any(c is None for c in subs) else " or ".join(f"({c})" for c in subs if c)
        else:  # datetime, named union, any: only trying tells
            cond = None
        if cond is not None and t.nullable:
            cond = f"data is None or ({cond})"
        return cond

    def _union_body(
        self, name: str, members: tuple[TypeRef, ...], prop: str, tags: tuple[tuple[str, TypeRef], ...]
    ) -> list[str]:
        lines: list[str] = []
        if prop and tags:
            lines += ["if isinstance(data, dict):", f"    tag = data.get({py_str(prop)})"]
            for value, t in tags:
                lines += [f"    if tag == {py_str(value)}:", f"        return {t.decode('data')}"]
        for t in members:
            cond = self._fits(t)
            value = t.decode("data")
            if value == "data" and t.kind not in _FITS:  # only the _FITS tests narrow the type
                value = f"cast({py_str(t.annotation)}, data)"
            if cond is None:
                lines += [
                    "try:",
                    f"    return {value}",
                    "except (KeyError, TypeError, ValueError, AttributeError):",
                    "    pass",
                ]
            else:
                lines += [f"if {cond}:", f"    return {value}"]
        lines.append(f"raise ValueError({py_str(f'value matches no member of {name}')})")
        return lines

    def _merged(
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
        description = _text(schema.get("description"))
        all_of = schema.get("allOf")
        if isinstance(all_of, list):
            for index in range(len(all_of)):
                part = self.deref(node.child("allOf", index))
                sub_props, sub_required, sub_closed, sub_description = self._merged(part, trail + (key,))
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

    def _build_model(self, node: Node, name: str) -> Model:
        props, required, closed, description = self._merged(node)
        fields: list[Field] = []
        names = _member_names(list(props))
        used: dict[str, str] = {}
        for wire, prop_node in props.items():
            py = names[wire]
            if py in used:
                self.problem(prop_node, f"member {wire!r} maps to Python name {py!r}, as does {used[py]!r}")
                continue
            used[py] = wire
            prop_schema = self.deref(prop_node).value if isinstance(prop_node.value, dict) else {}
            ftype = self.type_of(prop_node, name + pascal_case(wire))
            fields.append(_field(py, wire, ftype, wire in required, prop_node.value, prop_schema))
        return Model(
            name=name,
            description=description,
            fields=tuple(fields),
            closed=closed,
            keys_const=f"_{snake_case(name).upper()}_KEYS",
            source=self.where(node),
        )


_PATH_SAFE = "/:@!$&'()*+,;=-._~"  # RFC 3986 pchar (with "/"), sent as they are


def _url_path(template: str) -> str:
    """The path template with its literal text percent-encoded (``{name}`` placeholders and
    existing ``%XX`` escapes kept): quotes, backslashes, ``#`` or spaces cannot go on the wire raw."""
    parts = re.split(r"({[^{}]+}|%[0-9A-Fa-f]{2})", template)
    return "".join(
        part if index % 2 else quote(part, _PATH_SAFE, errors="surrogatepass") for index, part in enumerate(parts)
    )


def _stem(class_name: str) -> str:
    """The snake-case stem the module-level helpers of a class are named from."""
    return snake_case(class_name).rstrip("_")


def _member_names(wires: list[str]) -> dict[str, str]:
    """Attribute names of a model's members: their snake_case, or, where two members share
    a snake_case (``mixedCase`` and ``mixed_case``), the wire name of the one that is itself a
    Python identifier (``mixedCase``). Left colliding (an error) only when neither is."""

    def snake(wire: str) -> str:
        py = snake_case(wire)
        return py + "_" if py in RESERVED_MEMBERS else py

    names = {wire: snake(wire) for wire in wires}
    for py in sorted({p for p in names.values() if list(names.values()).count(p) > 1}):
        sharing = [w for w in wires if names[w] == py]
        keeper = next((w for w in sharing if w == py), sharing[0])
        for wire in sharing:
            verbatim = wire.isidentifier() and not keyword.iskeyword(wire) and wire not in RESERVED_MEMBERS
            if wire != keeper and verbatim and wire not in names.values():
                names[wire] = wire
    return names


# What a JSON value must be to decode as a member of these kinds, inside a union.
_FITS = {
    "str": "isinstance(data, str)",
    "int": "isinstance(data, int) and not isinstance(data, bool)",
    "float": "isinstance(data, (int, float)) and not isinstance(data, bool)",
    "bool": "isinstance(data, bool)",
    "none": "data is None",
    "list": "isinstance(data, list)",
    "dict": "isinstance(data, dict)",
}


def _is_typed(schema: Any) -> bool:
    return isinstance(schema, dict) and any(
        k in schema for k in ("$ref", "type", "properties", "items", "enum", "const", "allOf", "oneOf", "anyOf")
    )


def _ref_name(node: Node) -> str:
    if len(node.ptr) >= 1 and node.ptr[-2:-1] in (("schemas",), ("definitions",), ("$defs",)):
        return pascal_case(node.ptr[-1])
    if not node.ptr:
        return pascal_case(node.file.stem)
    return ""


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _default_doc(schema: dict[str, Any]) -> str:
    if "default" not in schema:
        return ""
    return f"Default: {json.dumps(schema['default'], ensure_ascii=False)}."


def _field(py: str, wire: str, ftype: TypeRef, required: bool, raw: Any, schema: dict[str, Any]) -> Field:
    raw = raw if isinstance(raw, dict) else {}
    description = _text(raw.get("description")) or _text(schema.get("description"))
    deprecated = bool(raw.get("deprecated") or schema.get("deprecated"))
    read_only = bool(raw.get("readOnly") or schema.get("readOnly"))
    key = py_str(wire)
    local = f"_{py.rstrip('_')}"
    if required:
        annotation = ftype.annotation
        if ftype.is_identity or not ftype.nullable:
            decode = ftype.decode(f"data[{key}]")
            decode_local = ""
        else:
            decode_local = f"{local} = data[{key}]"
            decode = ftype.decode(local)
        encode = ftype.encode(f"self.{py}")
    else:
        annotation = f"{ftype.annotation} | Unset"
        if ftype.is_identity:
            decode_local = ""
            decode = f"get({key}, UNSET)"
        else:
            decode_local = f"{local} = get({key}, UNSET)"
            decode = f"UNSET if {local} is UNSET else {ftype.decode(local)}"
        encode = ftype.encode(f"self.{py}")
    return Field(
        name=py,
        wire=wire,
        type=ftype,
        required=required,
        description=description,
        deprecated=deprecated,
        read_only=read_only,
        annotation=annotation,
        decode=decode,
        decode_local=decode_local,
        encode=encode,
        default_doc=_default_doc(schema) or _default_doc(raw),
    )


# -- operations ------------------------------------------------------------------


def _media_schema(content: Any) -> tuple[str, str] | None:
    """(content type, key) of the JSON-like media type of a content map, if any."""
    if not isinstance(content, dict):
        return None
    for media in content:
        base = media.split(";")[0].strip().lower()
        if base == "application/json" or base.endswith("+json"):
            return media, media
    return None


class OperationBuilder:
    def __init__(self, b: Builder) -> None:
        self.b = b
        self.options: dict[str, ClientOption] = {}
        self.method_names: dict[str, str] = {}
        self.error_schemas: list[Node] = []
        self.checks = CheckBuilder(b)
        self.response_decoders: list[ResponseDecoder] = []

    def build_all(self) -> list[Operation]:
        root = self.b.doc.root
        paths = root.value.get("paths") or {}
        ops: list[Operation] = []
        if not isinstance(paths, dict):
            return ops
        for path in paths:
            item = self.b.deref(root.child("paths", path))
            if not isinstance(item.value, dict):
                continue
            for method in item.value:
                if method not in HTTP_METHODS:
                    continue
                op_node = self.b.deref(item.child(method))
                if not isinstance(op_node.value, dict):
                    continue
                op = self.build(path, method, item, op_node)
                if op is not None:
                    ops.append(op)
        return ops

    def _params(self, item: Node, op: Node) -> list[Node]:
        merged: dict[tuple[str, str], Node] = {}
        for owner in (item, op):
            params = owner.value.get("parameters")
            if not isinstance(params, list):
                continue
            for index in range(len(params)):
                node = self.b.deref(owner.child("parameters", index))
                value = node.value
                if isinstance(value, dict) and isinstance(value.get("name"), str) and isinstance(value.get("in"), str):
                    merged[(value["in"], value["name"])] = node
        return list(merged.values())

    def build(self, path: str, method: str, item: Node, op: Node) -> Operation | None:
        if (path, method) in self.b.doc.skipped_operations:
            return None
        try:
            return self._build(path, method, item, op)
        except _Unsupported as exc:
            self.b.warn(exc.node, f"{exc.message}; operation left out")
            return None

    def _build(self, path: str, method: str, item: Node, op: Node) -> Operation | None:
        b = self.b
        spec = op.value
        op_id = spec.get("operationId")
        if not isinstance(op_id, str) or not snake_case(op_id).strip("_"):
            op_id = snake_case(f"{method} {path}")
        method_name = snake_case(op_id)
        if method_name in self.method_names:
            b.problem(
                op.child("operationId") if "operationId" in spec else op,
                f"operationId {op_id!r} maps to method {method_name!r}, as does {self.method_names[method_name]!r}",
            )
            return None
        context = pascal_case(op_id)
        taken: dict[str, str] = {}

        def take(name: str, wire: str, node: Node, location: str = "") -> str:
            if name in RESERVED_ARGS:
                name += "_"
            if name in taken and location and f"{name}_{location}" not in taken:
                name = f"{name}_{location}"  # e.g. a path and a query parameter of the same name
            if name in taken:
                b.problem(node, f"{wire!r} maps to argument {name!r} of {method_name}, as does {taken[name]!r}")
            taken[name] = wire
            return name

        param_nodes = self._params(item, op)
        declared = {n.value["name"] for n in param_nodes if n.value["in"] == "path"}
        for missing in re.findall(r"{([^{}]+)}", path):
            if missing not in declared:
                b.warn(op, f"path parameter {missing!r} is not declared; taken as a required string")
                param_nodes.append(
                    Node(
                        op.file, op.ptr, {"name": missing, "in": "path", "required": True, "schema": {"type": "string"}}
                    )
                )
        # Path, query and cookie names first: header arguments dodge them.
        ordered = sorted(param_nodes, key=lambda n: n.value["in"] == "header")
        built: dict[int, Parameter] = {}
        checks: dict[int, ValueCheck] = {}
        for node in ordered:
            value = node.value
            location = value["in"]
            wire = value["name"]
            schema_node = self._param_schema(node)
            from_components = node.ptr[:2] == ("components", "parameters") and len(node.ptr) == 3
            ptype = b.type_of(
                schema_node, pascal_case(node.ptr[-1]) if from_components else context + pascal_case(wire)
            )
            schema = b.deref(schema_node).value if isinstance(schema_node.value, dict) else {}
            required = bool(value.get("required")) or location == "path"
            option = self._option(node)
            if option is not None:
                name = take(option.name, wire, node)
            elif location == "header":
                stripped = snake_case(wire[2:]) if wire.lower().startswith("x-") else snake_case(wire)
                name = take(stripped if stripped not in taken else snake_case(wire), wire, node, location)
            else:
                name = take(snake_case(wire), wire, node, location)
            optional_arg = option is not None or not required
            annotation = ptype.qualified(MODELS_MODULE) + (" | Unset" if optional_arg else "")
            built[id(node)] = Parameter(
                name=name,
                wire=wire,
                location=location,
                type=ptype,
                required=not optional_arg,
                description=_text(value.get("description")) or _text(schema.get("description")),
                deprecated=bool(value.get("deprecated")),
                annotation=annotation,
                default="" if not optional_arg else "UNSET",
                option=option,
                spec_required=required,
                entry=_param_entry(value, ptype, schema, name),
            )
            check = self.checks.value_check(schema_node, ptype)
            if "_joined(" in built[id(node)].entry:  # validated as sent: one delimited string
                check = ValueCheck("any", check.nullable, ())
            checks[id(node)] = check
        params = [built[id(n)] for n in param_nodes]
        param_checks = tuple(
            (p.location, p.wire, p.name, p.required, checks[id(n)]) for n, p in zip(param_nodes, params, strict=False)
        )

        body = self._body(op, context, take)
        response_annotation, response_decode, response_kind = self._response(op, context, method_name)
        self.method_names[method_name] = op_id
        pagination = self._pagination(method_name, params, response_annotation, op)
        body_validator = ""
        if body is not None and body.model:
            self.checks.want(body.model)
            body_validator = validator_name(body.model)
        validator = OperationValidator(
            function=f"check_{method_name.rstrip('_')}",
            params=param_checks,
            body_validator=body_validator,
        )
        validator = dataclasses.replace(validator, body=tuple(render_operation(validator)))
        tags = spec.get("tags")
        return Operation(
            operation_id=op_id,
            method_name=method_name,
            http_method=method.upper(),
            path=_url_path(path),
            tag=tags[0] if isinstance(tags, list) and tags and isinstance(tags[0], str) else "",
            summary=_text(spec.get("summary")),
            description=_text(spec.get("description")),
            deprecated=bool(spec.get("deprecated")),
            idempotent=method in IDEMPOTENT_METHODS or spec.get("x-idempotent") is True,
            params=tuple(params),
            body=body,
            response_annotation=response_annotation,
            response_decode=response_decode,
            response_kind=response_kind,
            pagination=pagination,
            source=b.where(op),
            validator=validator,
        )

    def _param_schema(self, node: Node) -> Node:
        value = node.value
        if isinstance(value.get("schema"), dict):
            return node.child("schema")
        content = value.get("content")
        if isinstance(content, dict) and content:
            media = next(iter(content))
            if isinstance(content[media], dict) and isinstance(content[media].get("schema"), dict):
                return node.child("content", media, "schema")
        return Node(node.file, node.ptr, {"type": "string"})

    def _option(self, node: Node) -> ClientOption | None:
        ext = node.value.get("x-client-option")
        if not isinstance(ext, dict) or not isinstance(ext.get("name"), str):
            return None
        name = snake_case(ext["name"])
        option = ClientOption(
            name=name,
            header=node.value["name"],
            env=str(ext["env"]) if isinstance(ext.get("env"), str) else "",
            description=_text(node.value.get("description")),
        )
        known = self.options.get(name)
        if known is not None and known.header.lower() != option.header.lower():
            self.b.problem(
                node.child("x-client-option"), f"client option {name!r} already names header {known.header!r}"
            )
        elif known is None:
            self.options[name] = option
        return option

    def _body(self, op: Node, context: str, take: Any) -> Body | None:
        b = self.b
        if "requestBody" not in op.value:
            return None
        node = b.deref(op.child("requestBody"))
        if not isinstance(node.value, dict):
            return None
        content = node.value.get("content")
        required = bool(node.value.get("required"))
        if not isinstance(content, dict) or not content:
            return None
        media, encoding = _pick_body_media(content)
        if media is None:
            raise _Unsupported(node.child("content"), f"request body media types {sorted(content)} are not supported")
        media_node = node.child("content", media)
        has_schema = isinstance(media_node.value, dict) and isinstance(media_node.value.get("schema"), dict)
        if encoding == "raw" or not has_schema:
            is_text = media.startswith("text/")
            arg_type = TypeRef("str" if is_text else "file")
            annotation = "str" if is_text else "bytes"
            name = take("body", "body", node)
            arg = BodyArg(
                name=name,
                wire="",
                type=arg_type,
                required=required,
                description=_text(node.value.get("description")),
                annotation=annotation + ("" if required else " | Unset"),
                default="" if required else "UNSET",
                encode=name,
            )
            return Body(content_type=media, encoding="raw", model="", args=(arg,), required=required)
        schema_node = media_node.child("schema")
        btype = b.type_of(schema_node, context + "Body")
        if btype.kind == "model" and not btype.nullable:
            b.build_models()
            model = b.models[btype.name]
            args = []
            for f in model.fields:
                if f.read_only:
                    continue
                name = take(f.name, f.wire, schema_node)
                arg_annotation = f.type.qualified(MODELS_MODULE)
                if f.type.kind == "model":
                    arg_annotation = f"{arg_annotation} | Mapping[str, Any]"
                args.append(
                    BodyArg(
                        name=name,
                        wire=f.wire,
                        type=f.type,
                        required=f.required,
                        description=" ".join(x for x in (f.description, f.default_doc) if x),
                        annotation=arg_annotation if f.required else f"{arg_annotation} | Unset",
                        default="" if f.required else "UNSET",
                        encode=_arg_encode(f.type, name),
                    )
                )
            return Body(content_type=media, encoding=encoding, model=btype.name, args=tuple(args), required=required)
        if encoding != "json":
            raise _Unsupported(schema_node, f"a {media} body that is not an object is not supported")
        name = take("body", "body", schema_node)
        arg = BodyArg(
            name=name,
            wire="",
            type=btype,
            required=required,
            description=_text(node.value.get("description")),
            annotation=btype.qualified(MODELS_MODULE) + ("" if required else " | Unset"),
            default="" if required else "UNSET",
            encode=_arg_encode(btype, name),
        )
        return Body(content_type=media, encoding="json", model="", args=(arg,), required=required)

    def _response(self, op: Node, context: str, method_name: str) -> tuple[str, str, ResponseKind]:
        """(qualified annotation, decoder expression, kind json|text|bytes|none) of the success answer."""
        b = self.b
        responses = op.value.get("responses")
        if not isinstance(responses, dict):
            return "None", "", "none"
        if "default" in responses:
            default = b.deref(op.child("responses", "default"))
            media = _media_schema(default.value.get("content")) if isinstance(default.value, dict) else None
            if (
                media is not None
                and isinstance(default.value["content"][media[1]], dict)
                and isinstance(default.value["content"][media[1]].get("schema"), dict)
            ):
                self.error_schemas.append(b.deref(default.child("content", media[1], "schema")))
        codes = sorted(c for c in responses if str(c).startswith("2"))
        for code in codes:
            node = b.deref(op.child("responses", code))
            content = node.value.get("content") if isinstance(node.value, dict) else None
            if not isinstance(content, dict) or not content:
                continue
            media = _media_schema(content)
            if media is None:
                first = next(iter(content))
                if first.startswith("text/"):
                    return "str", "", "text"
                return "bytes", "", "bytes"
            media_value = content[media[1]]
            if not isinstance(media_value, dict) or not isinstance(media_value.get("schema"), dict):
                return "Any", "", "json"
            rtype = b.type_of(node.child("content", media[1], "schema"), context + "Response")
            if rtype.kind == "model" and not rtype.nullable:
                return rtype.qualified(MODELS_MODULE), f"{MODELS_MODULE}.{rtype.name}.from_dict", "json"
            if rtype.kind == "any":
                return "Any", "", "json"
            function = f"_response_{method_name.rstrip('_')}"
            self.response_decoders.append(
                ResponseDecoder(function=function, annotation=rtype.annotation, expression=rtype.decode("data"))
            )
            return rtype.qualified(MODELS_MODULE), f"{MODELS_MODULE}.{function}", "json"
        return "None", "", "none"

    def _pagination(
        self, method_name: str, params: list[Parameter], response_annotation: str, op: Node
    ) -> Pagination | None:
        token = next((p for p in params if p.location == "query" and p.wire == "nextToken"), None)
        if token is None or not response_annotation.startswith(f"{MODELS_MODULE}."):
            return None
        page = self.b.models.get(response_annotation.split(".", 1)[1])
        if page is None:
            self.b.build_models()
            page = self.b.models.get(response_annotation.split(".", 1)[1])
        if page is None:
            return None
        meta = next((f for f in page.fields if f.wire == "meta" and f.type.kind == "model"), None)
        lists = [f for f in page.fields if f.type.kind == "list" and f.type.items is not None]
        if meta is None or len(lists) != 1:
            return None
        meta_model = self.b.models.get(meta.type.name)
        if meta_model is None:
            self.b.build_models()
            meta_model = self.b.models[meta.type.name]
        next_field = next((f for f in meta_model.fields if f.wire == "nextToken"), None)
        if next_field is None:
            return None
        rest = method_name[len("list_") :] if method_name.startswith("list_") else method_name
        items = lists[0]
        assert items.type.items is not None
        return Pagination(
            iter_name=f"iter_{rest}",
            items_attr=items.name,
            item_annotation=items.type.items.qualified(MODELS_MODULE),
            token_param=token.name,
            token_path=(meta.name, next_field.name),
        )

    def error_types(self) -> tuple[tuple[ErrorType, ...], str]:
        for node in self.error_schemas:
            props = node.value.get("properties") if isinstance(node.value, dict) else None
            if not isinstance(props, dict) or "type" not in props:
                continue
            type_schema = self.b.deref(node.child("properties", "type")).value
            values = self.b._enum_values(type_schema) if isinstance(type_schema, dict) else None
            if not values:
                continue
            statuses = type_schema.get("x-error-statuses") if isinstance(type_schema, dict) else None
            if not isinstance(statuses, dict):
                statuses = {}
            seen: set[str] = set()
            out: list[ErrorType] = []
            for value in values:
                if not isinstance(value, str):
                    continue
                name = pascal_case(value) + "Error"
                if is_builtin(name) or name in (
                    "ApiError",
                    "ApiConnectionError",
                    "ApiTimeoutError",
                    "ResponseDecodeError",
                    "RequestValidationError",
                    "ResponseTooLargeError",
                    "ConfigurationError",
                    "ClientError",
                ):
                    name = pascal_case(value) + "ApiError"
                if name in seen:
                    continue
                seen.add(name)
                status = statuses.get(value)
                valid = isinstance(status, int) and not isinstance(status, bool) and 400 <= status <= 599
                out.append(ErrorType(wire=value, class_name=name, status=status if valid else None))
            return tuple(out), "type"
        return (), "type"


class _Unsupported(Exception):
    """A construct the generator cannot express; the operation is left out with a warning."""

    def __init__(self, node: Node, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


_FORM = "application/x-www-form-urlencoded"


def _pick_body_media(content: dict[str, Any]) -> tuple[str | None, BodyEncoding]:
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
    return ("application/octet-stream", "raw") if medias else (None, "raw")


def _param_entry(value: dict[str, Any], t: TypeRef, schema: dict[str, Any], name: str) -> str:
    """The ``"wire": expression`` entry (or ``**expression``) of a parameter's mapping."""
    wire = value["name"]
    location = value["in"]
    style = value.get("style") or ("form" if location in ("query", "cookie") else "simple")
    explode = value.get("explode", style == "form")
    if t.kind == "list" and (location != "query" or explode is False):
        delimiter = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ",")
        return f"{py_str(wire)}: _joined({name}, {py_str(delimiter)})"
    if location == "query" and (t.kind == "dict" or t.kind == "model"):
        encoded = _arg_encode(t, name)
        if style == "deepObject":
            return f"**_deep_object({py_str(wire)}, {encoded})"
        if explode:
            return f"**_exploded({encoded})"
        return f"{py_str(wire)}: _joined_object({encoded})"
    return f"{py_str(wire)}: {_arg_encode(t, name)}"


def _arg_encode(t: TypeRef, name: str) -> str:
    """An argument as JSON; object arguments may be their model or a plain mapping."""
    if t.is_identity:
        return name
    return f"_to_json({name})"


def spec_checksum(doc: Document) -> str:
    """SHA-256 of the document's content (every file it reaches), independent of formatting."""
    digest = hashlib.sha256()
    base = doc.path.parent

    def rel(path: Path) -> str:
        return path.relative_to(base).as_posix() if path.is_relative_to(base) else path.name

    for path in sorted(doc.files, key=rel):
        digest.update(rel(path).encode())
        digest.update(json.dumps(doc.files[path], sort_keys=True, ensure_ascii=True).encode())
    return digest.hexdigest()


def build_api(doc: Document, package: str) -> Api:
    b = Builder(doc=doc, package=package)
    b.register_components()
    ops_builder = OperationBuilder(b)
    operations = ops_builder.build_all()
    b.build_models()
    ops_builder.checks.build_model_validators(b.model_nodes)
    b.build_models()
    b.finish_unions()
    error_types, error_member = ops_builder.error_types()
    doc.warnings.extend(b.warnings)
    if b.problems:
        raise SpecError(b.problems)
    root = doc.root.value
    info = root.get("info") or {}
    ext = root.get("x-client")
    if not isinstance(ext, dict):
        ext = {}
    servers = root.get("servers") or []
    base_url = servers[0].get("url", "") if servers and isinstance(servers[0], dict) else ""
    return Api(
        package=package,
        base_error=pascal_case(package) + "Error",
        title=_text(info.get("title")) or package,
        description=_text(info.get("description")),
        api_version=str(info.get("version", "")),
        spec_checksum=spec_checksum(doc),
        base_url=base_url if isinstance(base_url, str) else "",
        token_env=str(ext.get("token-env", "")),
        base_url_env=str(ext.get("base-url-env", "")),
        log_env=str(ext.get("log-env", "")),
        client_options=tuple(ops_builder.options.values()),
        enums=tuple(b.enums[k] for k in sorted(b.enums)),
        models=tuple(b.models[k] for k in sorted(b.models)),
        unions=tuple(b.unions[k] for k in sorted(b.unions)),
        response_decoders=tuple(ops_builder.response_decoders),
        operations=tuple(operations),
        error_types=error_types,
        error_type_member=error_member,
        validators=tuple(v for _, v in sorted(ops_builder.checks.validators.items())),
        patterns=tuple((const, regex) for regex, const in ops_builder.checks.patterns.items()),
    )
