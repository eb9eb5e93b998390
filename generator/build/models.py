"""Models and named unions: built completely (every one reachable) before operations read them."""

from __future__ import annotations

from typing import Any

from ..ir import Field, Model, TypeRef, UnionDef
from ..literals import py_str
from ..load import Document, Node
from ..naming import pascal_case
from .names import Namer
from .schema import default_doc, is_typed, text
from .types import TypeBuilder


class ModelBuilder(TypeBuilder):
    def __init__(self, doc: Document, namer: Namer) -> None:
        super().__init__(doc, namer)
        self.models: dict[str, Model] = {}
        self.unions: dict[str, UnionDef] = {}
        self.union_members: dict[str, tuple[TypeRef, ...]] = {}
        self.union_nodes: dict[str, tuple[Node, str, tuple[tuple[str, TypeRef], ...]]] = {}

    def build_models(self) -> None:
        """Build every model and union discovered so far (each may discover more)."""
        while self.pending_models or self.pending_unions:
            while self.pending_models:
                pending = self.pending_models.pop(0)
                self.models[pending.name] = self.build_model(pending.node, pending.name)
            while self.pending_unions:
                pending = self.pending_unions.pop(0)
                self.collect_union(pending.node, pending.name)

    def collect_union(self, node: Node, name: str) -> None:
        schema = node.value
        combinator = self.union_combinator(schema)
        members: list[TypeRef] = []
        for index, raw in enumerate(schema[combinator]):
            if not is_typed(raw) or self.is_null_schema(raw):
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
                description=text(node.value.get("description")),
                annotation=annotation,
                decoder=TypeRef("union", name=name).union_decoder,
                body=tuple(self.union_body(name, members, prop, tags)),
            )

    def fits(self, t: TypeRef) -> str | None:
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
            subs = [self.fits(v) for v in t.variants]
            cond = None if any(c is None for c in subs) else " or ".join(f"({c})" for c in subs if c)
        else:  # datetime, named union, any: only trying tells
            cond = None
        if cond is not None and t.nullable:
            cond = f"data is None or ({cond})"
        return cond

    def union_body(
        self, name: str, members: tuple[TypeRef, ...], prop: str, tags: tuple[tuple[str, TypeRef], ...]
    ) -> list[str]:
        lines: list[str] = []
        if prop and tags:
            lines += ["if isinstance(data, dict):", f"    tag = data.get({py_str(prop)})"]
            for value, t in tags:
                lines += [f"    if tag == {py_str(value)}:", f"        return {t.decode('data')}"]
        for t in members:
            cond = self.fits(t)
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

    def build_model(self, node: Node, name: str) -> Model:
        props, required, closed, description = self.merged(node)
        fields: list[Field] = []
        names = self.namer.members(list(props))
        used: dict[str, str] = {}
        for wire, prop_node in props.items():
            py = names[wire]
            if py in used:
                self.problem(prop_node, f"member {wire!r} maps to Python name {py!r}, as does {used[py]!r}")
                continue
            used[py] = wire
            prop_schema = self.deref(prop_node).value if isinstance(prop_node.value, dict) else {}
            ftype = self.type_of(prop_node, name + pascal_case(wire))
            fields.append(field(py, wire, ftype, wire in required, prop_node.value, prop_schema, self.where(prop_node)))
        return Model(
            name=name,
            description=description,
            fields=tuple(fields),
            closed=closed,
            keys_const=self.namer.keys_const(name),
            source=self.where(node),
        )




_FITS = {
    "str": "isinstance(data, str)",
    "int": "isinstance(data, int) and not isinstance(data, bool)",
    "float": "isinstance(data, (int, float)) and not isinstance(data, bool)",
    "bool": "isinstance(data, bool)",
    "none": "data is None",
    "list": "isinstance(data, list)",
    "dict": "isinstance(data, dict)",
}




def field(
    py: str, wire: str, ftype: TypeRef, required: bool, raw: Any, schema: dict[str, Any], source: str
) -> Field:
    raw = raw if isinstance(raw, dict) else {}
    description = text(raw.get("description")) or text(schema.get("description"))
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
        default_doc=default_doc(schema) or default_doc(raw),
        source=source,
    )


