"""Response checks: the JSON types and required members of the models answers reach.

Each such model gets a ``_rcheck_<model>(data)`` function in ``_validators``, run on a
decoded answer before ``from_dict`` when the client has ``strict_responses=True``, and on
the failure path only otherwise (to name where a lenient read failed). Only types and
required members are checked: enums are open and unknown members accepted, as ``from_dict``
accepts them. :mod:`generator.emit.writer_responses` writes them.
"""

from __future__ import annotations

from typing import Any

from ..ir import MemberCheck, ModelValidator, Operation, TypeRef, ValueCheck
from ..load.reader import Node
from .checks import CHECKED_TYPES
from .models import ModelBuilder


class ResponseCheckBuilder:
    def __init__(self, builder: ModelBuilder) -> None:
        self.b = builder
        self.validators: dict[str, ModelValidator] = {}
        self.pending: list[str] = []

    def function(self, model: str) -> str:
        return self.b.namer.response_validator(model)

    def want(self, model: str) -> str:
        if model not in self.validators and model not in self.pending:
            self.pending.append(model)
        return self.function(model)

    def value_check(self, node: Node, ftype: TypeRef) -> ValueCheck:
        if ftype.kind == "model":
            return ValueCheck("model", ftype.nullable, (), model=self.want(ftype.name))
        schema = self.b.deref(node).value if isinstance(node.value, dict) else {}
        if not isinstance(schema, dict) or ftype.kind in ("file", "union"):
            return ValueCheck("any", ftype.nullable, ())
        types = [t for t in self.b.types(schema) if t in CHECKED_TYPES]
        kind: Any = types[0] if len(types) == 1 else "any"
        if kind == "any" and ftype.kind == "enum":
            enum = self.b.enums.get(ftype.name)
            kind = "integer" if enum is not None and enum.base == "int" else "string"
        elif kind == "any":
            kind = {"str": "string", "datetime": "string", "dict": "object", "list": "array"}.get(ftype.kind, "any")
        items: ValueCheck | None = None
        if ftype.kind in ("list", "dict") and ftype.items is not None:
            child = "items" if ftype.kind == "list" else "additionalProperties"
            if isinstance(schema.get(child), dict):
                items = self.value_check(self.b.deref(node).child(child), ftype.items)
                if items.kind == "any":
                    items = None
        return ValueCheck(kind, ftype.nullable or self.b.nullable(schema), (), items=items)

    def build(self, operations: list[Operation], model_nodes: dict[str, Node]) -> tuple[ModelValidator, ...]:
        for op in operations:
            rtype = op.response_type
            if op.response_kind == "json" and rtype is not None and rtype.kind == "model":
                self.want(rtype.name)
            etype = op.event_type  # the events of a stream are checked as an answer is
            if etype is not None and etype.kind == "model":
                self.want(etype.name)
        while self.pending:
            name = self.pending.pop(0)
            node = model_nodes[name]
            model = self.b.models[name]
            props = self.b.merged(node)[0]
            members = tuple(
                MemberCheck(f.wire, f.wire, f.required, self.value_check(props[f.wire], f.type)) for f in model.fields
            )
            self.validators[name] = ModelValidator(self.function(name), name, model.keys_const, False, members, ())
        return tuple(v for _, v in sorted(self.validators.items()))
