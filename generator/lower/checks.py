"""Request validation: the spec's rules, per schema, as IR (:class:`~generator.ir.Rule`).

Each model reachable from a request body gets a ``_check_<model>(data, at)`` function and
each operation a ``check_<operation>(path, query, headers, body)`` function. The checks
run on the JSON form about to be sent; no JSON-schema interpreter runs in the client.
:mod:`generator.emit.writer` writes them.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from ..ir import MemberCheck, ModelValidator, Rule, RuleTest, TypeRef, ValueCheck
from ..load.reader import Node
from .models import ModelBuilder
from .patterns import translate


def _finite(value: Any) -> bool:
    """False for the JSON numbers Python cannot write as a literal (``1e400`` is infinity)."""
    return not isinstance(value, float) or math.isfinite(value)


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


CHECKED_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array"})


class CheckBuilder:
    def __init__(self, builder: ModelBuilder) -> None:
        self.b = builder
        self.validators: dict[str, ModelValidator] = {}
        self.pending: list[str] = []
        self.pattern_warned: dict[Path, set[str]] = {}  # pattern nodes already warned about

    # -- schema -> ValueCheck ------------------------------------------------------
    def value_check(self, node: Node, ftype: TypeRef) -> ValueCheck:
        schema = self.b.deref(node).value if isinstance(node.value, dict) else {}
        if not isinstance(schema, dict):
            schema = {}
        if ftype.kind == "model":
            self.want(ftype.name)
            return ValueCheck("model", ftype.nullable, (), model=self.b.namer.validator(ftype.name))
        if ftype.kind == "file":  # bytes, a file object or a (name, content[, type]) tuple
            return ValueCheck("any", ftype.nullable, ())
        types = [t for t in self.b.types(schema) if t in CHECKED_TYPES]  # not "null", nor unknown names
        kind: Any = types[0] if len(types) == 1 else "any"
        if kind == "any" and ftype.kind in ("str", "datetime", "enum"):
            kind = (
                "string"
                if ftype.kind != "enum"
                or self.b.enums.get(ftype.name, None) is None
                or self.b.enums[ftype.name].base == "str"
                else "integer"
            )
        if kind == "any" and ftype.kind in ("dict",):
            kind = "object"
        if kind == "any" and ftype.kind == "list":
            kind = "array"
        if kind == "null":
            kind = "any"
        rules: list[Rule] = []
        values = self.b.enum_values(schema)
        is_open = "x-extensible-enum" in schema and "enum" not in schema
        if values and not is_open and all(_finite(x) for x in values):
            shown = ", ".join(json.dumps(x) for x in values)
            rules.append(Rule("not_in", tuple(values), f"one of {shown}" if len(values) > 1 else f"must be {shown}"))
        if kind == "string":
            lo, hi = schema.get("minLength"), schema.get("maxLength")
            if isinstance(lo, int) and isinstance(hi, int):
                rules.append(Rule("len_outside", (lo, hi), f"length {lo}..{hi}"))
            elif isinstance(hi, int):
                rules.append(Rule("len_over", hi, f"at most {hi} characters"))
            elif isinstance(lo, int) and lo > 0:
                rules.append(Rule("len_under", lo, f"at least {lo} character{'s' if lo != 1 else ''}"))
            pattern = schema.get("pattern")
            if isinstance(pattern, str):
                rules.extend(self.pattern_rule(self.b.deref(node).child("pattern"), pattern))
            if schema.get("format") == "date-time":
                rules.append(Rule("not_datetime", None, "must be an ISO 8601 date-time"))
        if kind in ("number", "integer"):
            bounds: tuple[tuple[str, RuleTest, RuleTest, str], ...] = (
                ("minimum", "<", "<=", "minimum"),
                ("maximum", ">", ">=", "maximum"),
            )
            for key, op, op_or_equal, text in bounds:
                bound = schema.get(key)
                exclusive = schema.get("exclusiveM" + key[1:])
                if isinstance(bound, (int, float)) and not isinstance(bound, bool) and _finite(bound):
                    if exclusive is True:  # OpenAPI 3.0 boolean form
                        rules.append(
                            Rule(op_or_equal, bound, f"{'greater' if op == '<' else 'less'} than {_num(bound)}")
                        )
                    else:
                        rules.append(Rule(op, bound, f"{text} {_num(bound)}"))
                if isinstance(exclusive, (int, float)) and not isinstance(exclusive, bool) and _finite(exclusive):
                    rules.append(
                        Rule(op_or_equal, exclusive, f"{'greater' if op == '<' else 'less'} than {_num(exclusive)}")
                    )
        if kind == "object":
            lo, hi = schema.get("minProperties"), schema.get("maxProperties")
            if isinstance(hi, int):
                rules.append(Rule("len_over", hi, f"at most {hi} keys"))
            if isinstance(lo, int) and lo > 0:
                rules.append(Rule("len_under", lo, f"at least {lo} keys"))
        if kind == "array":
            lo, hi = schema.get("minItems"), schema.get("maxItems")
            if isinstance(hi, int):
                rules.append(Rule("len_over", hi, f"at most {hi} items"))
            if isinstance(lo, int) and lo > 0:
                rules.append(Rule("len_under", lo, f"at least {lo} items"))
        items: ValueCheck | None = None
        if ftype.kind in ("list", "dict") and ftype.items is not None:
            child = "items" if ftype.kind == "list" else "additionalProperties"
            if isinstance(schema.get(child), dict):
                target = self.b.deref(node)
                items = self.value_check(target.child(child), ftype.items)
                if items.kind == "any" and not items.rules:
                    items = None
        return ValueCheck(kind, ftype.nullable or self.b.nullable(schema), tuple(rules), items=items)

    def pattern_rule(self, node: Node, pattern: str) -> list[Rule]:
        """The ``no_match`` rule of a ``pattern`` (its Python translation, the longest input it is
        tried on, the longest it can match); none, with a located warning, when the client cannot
        check it safely (see :mod:`generator.lower.patterns`)."""
        found = translate(pattern)
        if found.regex is None:
            if node.pointer not in self.pattern_warned.setdefault(node.file, set()):
                self.pattern_warned[node.file].add(node.pointer)
                self.b.namer.warn(node, f"pattern {json.dumps(pattern)} is not checked by the client: {found.reason}")
            return []
        const = self.b.namer.pattern(found.regex)
        return [Rule("no_match", (const, found.cap, found.longest), f"must match pattern {json.dumps(pattern)}")]

    def want(self, model: str) -> None:
        if model not in self.validators and model not in self.pending:
            self.pending.append(model)

    # -- models ---------------------------------------------------------------------
    def build_model_validators(self, model_nodes: dict[str, Node]) -> None:
        while self.pending:
            name = self.pending.pop(0)
            node = model_nodes[name]
            model = self.b.models[name]
            props, required, closed, _ = self.b.merged(node)
            members: list[MemberCheck] = []
            for f in model.fields:
                # readOnly members are sent by the server only: never required in a request
                is_required = f.wire in required and not f.read_only
                members.append(MemberCheck(f.wire, f.name, is_required, self.value_check(props[f.wire], f.type)))
            object_rules: list[Rule] = []
            schema = node.value
            for combinator in ("anyOf", "oneOf"):
                branches = schema.get(combinator)
                if (
                    isinstance(branches, list)
                    and branches
                    and all(
                        isinstance(br, dict) and set(br) == {"required"} and isinstance(br["required"], list)
                        for br in branches
                    )
                ):
                    groups = [br["required"] for br in branches]
                    shown = ", ".join(" + ".join(g) for g in groups)
                    object_rules.append(
                        Rule("lacks_all_groups", tuple(tuple(g) for g in groups), f"one of {shown} is required")
                    )
            hi, lo = schema.get("maxProperties"), schema.get("minProperties")
            if isinstance(hi, int):
                object_rules.append(Rule("len_over", hi, f"at most {hi} keys"))
            if isinstance(lo, int) and lo > 0:
                object_rules.append(Rule("len_under", lo, f"at least {lo} keys"))
            validator = ModelValidator(
                function=self.b.namer.validator(name),
                model=name,
                keys_const=model.keys_const,
                closed=closed,
                members=tuple(members),
                object_rules=tuple(object_rules),
            )
            self.validators[name] = validator
