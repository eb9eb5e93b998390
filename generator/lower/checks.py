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
from .rule_values import breaks, passes, shortest_match


def _finite(value: Any) -> bool:
    """False for the JSON numbers Python cannot write as a literal (``1e400`` is infinity)."""
    return not isinstance(value, float) or math.isfinite(value)


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


CHECKED_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array"})


def _number_rules(schema: dict[str, Any]) -> list[Rule]:
    """``minimum`` and ``maximum``, inclusive or (3.0 boolean, 3.1 number form) exclusive."""
    rules: list[Rule] = []
    bounds: tuple[tuple[str, RuleTest, RuleTest, str, str], ...] = (
        ("minimum", "<", "<=", ">=", ">"),
        ("maximum", ">", ">=", "<=", "<"),
    )
    # "must be >= 1": the writer adds the value given (", got 0"), so the text says what is wrong.
    for key, op, op_or_equal, inclusive, strict in bounds:
        bound = schema.get(key)
        exclusive = schema.get("exclusiveM" + key[1:])
        if isinstance(bound, (int, float)) and not isinstance(bound, bool) and _finite(bound):
            if exclusive is True:  # OpenAPI 3.0 boolean form
                rules.append(Rule(op_or_equal, bound, f"must be {strict} {_num(bound)}"))
            else:
                rules.append(Rule(op, bound, f"must be {inclusive} {_num(bound)}"))
        if isinstance(exclusive, (int, float)) and not isinstance(exclusive, bool) and _finite(exclusive):
            rules.append(Rule(op_or_equal, exclusive, f"must be {strict} {_num(exclusive)}"))
    return rules


def _size_rules(schema: dict[str, Any], keywords: str, noun: str) -> list[Rule]:
    """``max<keywords>`` and ``min<keywords>`` (``Properties``, ``Items``) of an object or array."""
    rules: list[Rule] = []
    lo, hi = schema.get("min" + keywords), schema.get("max" + keywords)
    if isinstance(hi, int):
        rules.append(Rule("len_over", hi, f"at most {hi} {noun}"))
    if isinstance(lo, int) and lo > 0:
        rules.append(Rule("len_under", lo, f"at least {lo} {noun}"))
    return rules


class CheckBuilder:
    def __init__(self, builder: ModelBuilder) -> None:
        self.b = builder
        self.validators: dict[str, ModelValidator] = {}
        self.pending: list[str] = []
        self.pattern_warned: dict[Path, set[object]] = {}  # pattern nodes (and rules) already warned about
        self.regexes: dict[str, str] = {}  # the Python regex of each pattern constant

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
        kind = self.checked_kind(schema, ftype)
        rules: list[Rule] = []
        if kind == "string":
            rules.extend(self.string_rules(node, schema))
        if kind in ("number", "integer"):
            rules.extend(_number_rules(schema))
        if kind == "object":
            rules.extend(_size_rules(schema, "Properties", "keys"))
        if kind == "array":
            rules.extend(_size_rules(schema, "Items", "items"))
        enum = self.enum_rules(schema)
        if enum:
            rules = self.agreeing(self.b.deref(node), enum[0], rules)
        items = self.items_check(node, schema, ftype)
        if enum and items is not None:
            refused = [v for v in enum[0].arg if not passes(ValueCheck(kind, False, (), items=items), v, self.regexes)]
            if refused:
                self.warn_once(
                    self.b.deref(node),
                    f"the items' rules refuse the enum's value {json.dumps(refused[0])}; not checked",
                )
                items = None
        return ValueCheck(kind, ftype.nullable or self.b.nullable(schema), tuple(rules), items=items)

    def checked_kind(self, schema: dict[str, Any], ftype: TypeRef) -> Any:
        """The JSON type the value is checked as: the schema's one type, else the one the field's
        Python type implies, else ``"any"``."""
        types = [t for t in self.b.types(schema) if t in CHECKED_TYPES]  # not "null", nor unknown names
        if len(types) == 1:
            return types[0]
        if ftype.kind in ("str", "datetime"):
            return "string"
        if ftype.kind == "enum":
            enum = self.b.enums.get(ftype.name, None)
            return "string" if enum is None or enum.base == "str" else "integer"
        return {"dict": "object", "list": "array"}.get(ftype.kind, "any")

    def agreeing(self, node: Node, enum: Rule, rules: list[Rule]) -> list[Rule]:
        """The enum's rule, then the other ``rules`` that no value of the enum breaks: the enum
        lists what may be sent, so a rule refusing one of its values contradicts it (dropped, with
        a located warning; else that value, or every call, would be refused)."""
        kept = [enum]
        for rule in rules:
            refused = [v for v in enum.arg if breaks(rule, v, self.regexes)]
            if not refused:
                kept.append(rule)
                continue
            self.warn_once(
                node, f"the rule {rule.message!r} refuses the enum's value {json.dumps(refused[0])}; not checked"
            )
        return kept

    def warn_once(self, node: Node, message: str) -> None:
        if (node.pointer, message) not in self.pattern_warned.setdefault(node.file, set()):
            self.pattern_warned[node.file].add((node.pointer, message))
            self.b.namer.warn(node, message, "keyword-dropped")

    def enum_rules(self, schema: dict[str, Any]) -> list[Rule]:
        values = self.b.enum_values(schema)
        is_open = "x-extensible-enum" in schema and "enum" not in schema
        if not values or is_open or not all(_finite(x) for x in values):
            return []
        shown = ", ".join(json.dumps(x) for x in values)
        return [Rule("not_in", tuple(values), f"one of {shown}" if len(values) > 1 else f"must be {shown}")]

    def string_rules(self, node: Node, schema: dict[str, Any]) -> list[Rule]:
        rules: list[Rule] = []
        lo, hi = schema.get("minLength"), schema.get("maxLength")
        if isinstance(lo, int) and isinstance(hi, int):
            rules.append(Rule("len_outside", (lo, hi), f"length {lo}..{hi}"))
        elif isinstance(hi, int):
            rules.append(Rule("len_over", hi, f"at most {hi} characters"))
        elif isinstance(lo, int) and lo > 0:
            rules.append(Rule("len_under", lo, f"at least {lo} character{'s' if lo != 1 else ''}"))
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            found = self.pattern_rule(self.b.deref(node).child("pattern"), pattern)
            shortest = shortest_match(self.regexes[found[0].arg[0]]) if found else 0
            if found and isinstance(hi, int) and shortest > hi:
                self.warn_once(
                    self.b.deref(node).child("pattern"),
                    f"pattern {json.dumps(pattern)} matches no string of at most {hi} characters (maxLength); not checked",
                )
            else:
                rules.extend(found)
        if schema.get("format") == "date-time":
            rules.append(Rule("not_datetime", None, "must be an ISO 8601 date-time"))
        elif schema.get("format") == "date":  # RFC 3339 full-date: a date-time is refused (impala's bookings)
            rules.append(Rule("not_date", None, "must be an ISO 8601 date (YYYY-MM-DD)"))
        return rules

    def items_check(self, node: Node, schema: dict[str, Any], ftype: TypeRef) -> ValueCheck | None:
        """The check of a list's items or a dict's values; None when there is nothing to check."""
        if ftype.kind not in ("list", "dict") or ftype.items is None:
            return None
        child = "items" if ftype.kind == "list" else "additionalProperties"
        if not isinstance(schema.get(child), dict):
            return None
        items = self.value_check(self.b.deref(node).child(child), ftype.items)
        return None if items.kind == "any" and not items.rules else items

    def pattern_rule(self, node: Node, pattern: str) -> list[Rule]:
        """The ``no_match`` rule of a ``pattern`` (its Python translation, the longest input it is
        tried on, the longest it can match); none, with a located warning, when the client cannot
        check it safely (see :mod:`generator.lower.patterns`)."""
        found = translate(pattern)
        if found.regex is None:
            if node.pointer not in self.pattern_warned.setdefault(node.file, set()):
                self.pattern_warned[node.file].add(node.pointer)
                self.b.namer.warn(
                    node,
                    f"pattern {json.dumps(pattern)} is not checked by the client: {found.reason}",
                    "pattern-unchecked",
                )
            return []
        const = self.b.namer.pattern(found.regex)
        self.regexes[const] = found.regex
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
            object_rules.extend(_size_rules(schema, "Properties", "keys"))
            validator = ModelValidator(
                function=self.b.namer.validator(name),
                model=name,
                keys_const=model.keys_const,
                closed=closed,
                members=tuple(members),
                object_rules=tuple(object_rules),
            )
            self.validators[name] = validator
