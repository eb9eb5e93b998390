"""Models and named unions: built completely (every one reachable) before operations read them."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..ir import Field, Model, TypeRef, UnionDef
from ..load.reader import Document, Node
from ..spelling import annotation
from .examples import ExampleReader
from .names import Namer
from .naming import pascal_case
from .schema import default_doc, is_typed, text
from .types import TypeBuilder


class ModelBuilder(TypeBuilder):
    def __init__(self, doc: Document, namer: Namer) -> None:
        super().__init__(doc, namer)
        self.models: dict[str, Model] = {}
        self.unions: dict[str, UnionDef] = {}
        self.union_members: dict[str, tuple[TypeRef, ...]] = {}
        self.union_nodes: dict[str, tuple[Node, str, tuple[tuple[str, TypeRef], ...]]] = {}
        self.examples = ExampleReader(doc, namer, self.deref)

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
            if annotation(member) not in [annotation(m) for m in members]:  # the decoder could not tell them apart
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
                            "mapping-ignored",
                        )
                        continue
                    tagged = self.type_of(Node(node.file, node.ptr, {"$ref": target}), name)
                    if annotation(tagged) not in [annotation(m) for m in members]:  # its decoder could not return it
                        self.warn(
                            node.child("discriminator", "mapping", value),
                            f"mapping target {ref!r} is not a member of the union; ignored",
                            "mapping-ignored",
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
            self.unions[name] = UnionDef(
                name=name,
                description=text(node.value.get("description")),
                decoder=self.namer.union_decoder(name),
                table=self.namer.union_table(name),
                members=members,
                prop=prop,
                tags=tags,
                source=self.where(node),
            )

    def build_model(self, node: Node, name: str) -> Model:
        props, required, closed, description = self.merged(node)
        undeclared = sorted(required - props.keys())
        if undeclared:  # often a misspelled property: requiring it would make every call send junk
            listed, them = ", ".join(repr(r) for r in undeclared), "them" if len(undeclared) > 1 else "it"
            note = self.doc.at(
                self.deref(node),
                f"required member{'s' * (len(undeclared) > 1)} {listed} declared by no property: no argument"
                f" (send {them} with extra_body), not checked, read into extra_members",
                "required-undeclared",
            )
            if note not in self.doc.notes:
                self.doc.notes.append(note)
        fields: list[Field] = []
        names = self.namer.members(props)
        for wire, prop_node in props.items():
            py = names[wire]
            prop_schema = self.deref(prop_node).value if isinstance(prop_node.value, dict) else {}
            ftype = self.type_of(prop_node, name + pascal_case(wire))
            built = field(py, wire, ftype, wire in required, prop_node.value, prop_schema, self.where(prop_node))
            fields.append(dataclasses.replace(built, example=self.examples.of_property(prop_node)))
        return Model(
            name=name,
            description=description,
            fields=tuple(fields),
            closed=closed,
            keys_const=self.namer.keys_const(name),
            source=self.where(node),
            example=self.examples.of_schema(node),
            optional_const=self.namer.optional_const(name) if any(not f.required for f in fields) else "",
        )


def field(py: str, wire: str, ftype: TypeRef, required: bool, raw: Any, schema: dict[str, Any], source: str) -> Field:
    raw = raw if isinstance(raw, dict) else {}
    description = text(raw.get("description")) or text(schema.get("description"))
    deprecated = bool(raw.get("deprecated") or schema.get("deprecated"))
    read_only = bool(raw.get("readOnly") or schema.get("readOnly"))
    write_only = bool(raw.get("writeOnly") or schema.get("writeOnly"))
    return Field(
        name=py,
        wire=wire,
        type=ftype,
        required=required and not write_only,  # an answer may leave a writeOnly member out
        write_only_required=required and write_only,
        description=description,
        deprecated=deprecated,
        read_only=read_only,
        default_doc=default_doc(schema) or default_doc(raw),
        source=source,
    )
