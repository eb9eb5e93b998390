"""The default answers of the test kit's operations (``testing_module``): the answer's example,
else the schema's, else a minimal valid instance whose members use their own examples;
deterministic, as compact JSON text."""

from __future__ import annotations

import copy
import json

from ..ir import Api, Model, TypeRef, ValueCheck
from .literals import py_str

_DATETIME = "2024-01-01T00:00:00Z"
MAX_DEFAULT_CHARS = 64 * 1024
"""The largest default answer built from the spec's examples, as JSON text."""


class Defaults:
    """Minimal valid JSON instances of the response types."""

    def __init__(self, api: Api, examples: bool = True) -> None:
        self.examples = examples  # False: minimal instances only (a default built from examples too large)
        self.models = {m.name: m for m in api.models}
        self.enums = {e.name: e for e in api.enums}
        self.unions = {u.name: u for u in api.unions}
        self.checks = {v.model: {m.wire: m.check for m in v.members} for v in api.validators}
        self.stack: list[str] = []

    def value(self, t: TypeRef, hint: str = "string") -> object:
        kind = t.kind
        if kind in ("any", "none") or (t.nullable and t.name and t.name in self.stack):
            return None
        if kind == "str":
            return hint
        if kind == "datetime":
            return _DATETIME
        if kind in ("int", "float"):
            return 0
        if kind == "bool":
            return False
        if kind == "enum":
            enum = self.enums.get(t.name)
            return enum.values[0] if enum is not None and enum.values else hint
        if kind == "list" or kind == "file":
            return [] if kind == "list" else ""
        if kind == "dict":
            return {}
        if kind == "model":
            model = self.models[t.name]
            if model.example is not None and self.examples:
                return copy.deepcopy(model.example.value)
            return self.model(model)
        if kind == "union":
            union = self.unions.get(t.name) if t.name else None
            if union is not None and union.prop and union.tags:
                tag, member = union.tags[0]
                data = self.value(member)
                if isinstance(data, dict):
                    data[union.prop] = tag
                return data
            variants = union.members if union is not None else t.variants
            usable = [v for v in variants if v.kind != "none"] or list(variants)
            return self.value(usable[0], hint) if usable else None
        return None

    def model(self, m: Model) -> object:
        if m.name in self.stack:
            return {}
        self.stack.append(m.name)
        try:
            checks = self.checks.get(m.name, {})
            return {
                f.wire: (
                    copy.deepcopy(f.example.value)
                    if f.example is not None and self.examples
                    else _within_rules(self.value(f.type, f.wire), checks.get(f.wire))
                )
                for f in m.fields
                if f.required
            }
        finally:
            self.stack.pop()


def _within_rules(value: object, check: ValueCheck | None) -> object:
    """``value`` moved within the request-side rules of the same member, where a model is
    also sent (a constant, an enum, a length, a bound): the answer reads as a real one."""
    if check is None or isinstance(value, (dict, list)) or value is None:
        return value
    for rule in check.rules:
        if rule.test == "not_in" and rule.arg:
            return rule.arg[0]
        if isinstance(value, str) and rule.test in ("len_under", "len_outside", "len_over"):
            bounds = {"len_under": (rule.arg, None), "len_over": (0, rule.arg)}
            lo, hi = bounds.get(rule.test, rule.arg)
            if isinstance(lo, int) and len(value) < lo:
                value = ((value or "x") * lo)[:lo]
            if isinstance(hi, int) and len(value) > hi:
                value = value[:hi]
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            bound = rule.arg
            if isinstance(bound, (int, float)):
                if (rule.test == "<" and value < bound) or (rule.test == ">" and value > bound):
                    value = bound
                elif rule.test == "<=" and value <= bound:
                    value = bound + 1
                elif rule.test == ">=" and value >= bound:
                    value = bound - 1
    return value


def json_text(value: object) -> str:
    """``value`` as a string literal of its compact JSON: one line, whatever its size (a Python
    literal of a large example would take a line per member once formatted)."""
    return py_str(json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
