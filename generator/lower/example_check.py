"""Whether an example (JSON data) matches the type it illustrates, as the IR knows the type: the
JSON types, null only where nullable, the required members of a model and no unknown member of a
closed one, the values of a closed enum, date-times (RFC 3339), a union's members (by its
discriminator when it has one). What the package's response check and decoders would refuse is
refused here, and a little more (closed enums and objects). Rules of lengths, bounds and patterns
are not checked: the test kit's own check of the answer at run time names any that remains."""

from __future__ import annotations

import re
from typing import Any

from ..ir import EnumAlias, Model, TypeRef, UnionDef
from ..spelling import annotation

Mismatch = tuple[str, str]
"""(path in the example, ``a.b[0]``; the rule it breaks)."""

_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?", re.ASCII)
_JSON_KIND = {"str": "string", "datetime": "string", "int": "integer", "float": "number", "bool": "boolean"}
_JSON_KIND |= {"list": "array", "dict": "object", "model": "object", "none": "null"}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _join(path: str, member: str | int) -> str:
    if isinstance(member, int):
        return f"{path}[{member}]"
    return f"{path}.{member}" if path else member


class ExampleCheck:
    def __init__(self, models: dict[str, Model], enums: dict[str, EnumAlias], unions: dict[str, UnionDef]) -> None:
        self.models = models
        self.enums = enums
        self.unions = unions

    def mismatch(self, value: Any, t: TypeRef, path: str = "") -> Mismatch | None:
        """Where ``value`` breaks ``t`` first, or ``None`` when it matches."""
        kind = t.kind
        if kind in ("any", "file"):
            return None
        if value is None:
            return None if t.nullable or kind == "none" else (path, f"expected {self._expected(t)}, got null")
        if kind == "model":
            return self._model(value, self.models[t.name], path) if t.name in self.models else None
        if kind == "union":
            return self._union(value, t, path)
        if kind == "enum":
            return self._enum(value, t, path)
        expected = _JSON_KIND[kind]
        got = _json_type(value)
        if got != expected and not (expected == "number" and got == "integer"):
            return path, f"expected {expected}, got {got}"
        if kind == "datetime" and not _DATETIME.fullmatch(value):
            return path, f"expected a date-time (RFC 3339), got {value[:40]!r}"
        if kind == "list" and t.items is not None:
            return next((m for i, v in enumerate(value) if (m := self.mismatch(v, t.items, _join(path, i)))), None)
        if kind == "dict" and t.items is not None:
            return next((m for k, v in value.items() if (m := self.mismatch(v, t.items, _join(path, str(k))))), None)
        return None

    def _expected(self, t: TypeRef) -> str:
        if t.kind == "enum":
            enum = self.enums.get(t.name)
            return "integer" if enum is not None and enum.base == "int" else "string"
        return _JSON_KIND.get(t.kind, "a value")

    def _model(self, value: Any, model: Model, path: str) -> Mismatch | None:
        if not isinstance(value, dict):
            return path, f"expected object, got {_json_type(value)}"
        fields = {f.wire: f for f in model.fields}
        for f in model.fields:
            if f.required and f.wire not in value:
                return _join(path, f.wire), "required member missing"
        for key, member in value.items():
            known = fields.get(str(key))
            if known is None:
                if model.closed:
                    return _join(path, str(key)), "unknown member (the object is closed)"
                continue
            found = self.mismatch(member, known.type, _join(path, known.wire))
            if found is not None:
                return found
        return None

    def _enum(self, value: Any, t: TypeRef, path: str) -> Mismatch | None:
        enum = self.enums.get(t.name)
        if enum is None:
            return None
        expected = "integer" if enum.base == "int" else "string"
        if _json_type(value) != expected:
            return path, f"expected {expected}, got {_json_type(value)}"
        if not enum.open and value not in enum.values:
            more = ", ..." if len(enum.values) > 5 else ""
            return path, f"not one of the enum's values ({', '.join(map(repr, enum.values[:5]))}{more})"
        return None

    def _union(self, value: Any, t: TypeRef, path: str) -> Mismatch | None:
        union = self.unions.get(t.name) if t.name else None
        if union is not None and union.prop and union.tags and isinstance(value, dict):
            tagged = dict(union.tags).get(str(value.get(union.prop)))
            if tagged is not None:
                return self.mismatch(value, tagged, path)
        members = union.members if union is not None else t.variants
        first: Mismatch | None = None
        for member in members:
            found = self.mismatch(value, member, path)
            if found is None:
                return None
            first = first or found
        if first is None:
            return None
        return path, f"matches no member of {t.name or annotation(t)} (first: {first[0] or '(example)'}: {first[1]})"
