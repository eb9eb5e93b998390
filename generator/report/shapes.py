"""Types of two IRs compared by shape: kind, nullability, items, members and enum values,
recursively and with cycle protection. A model or enum that keeps its name is compared on its
own, once; references to it are "the same type"."""

from __future__ import annotations

import dataclasses
from typing import Literal, Protocol

from ..ir import EnumAlias, Model, TypeRef

Relation = Literal["same", "widened", "narrowed", "changed"]


class Side(Protocol):
    models: dict[str, Model]
    enums: dict[str, EnumAlias]


class Shapes:
    """Compare types of the old side with types of the new side, by shape."""

    def __init__(self, old: Side, new: Side) -> None:
        self.sides = {"old": old, "new": new}

    def model_equal(self, a: Model, sa: str, b: Model, sb: str, seen: set[tuple[str, str, str, str]]) -> bool:
        key = (sa, a.name, sb, b.name)
        if key in seen:
            return True
        seen.add(key)
        fa = {f.name: f for f in a.fields}
        fb = {f.name: f for f in b.fields}
        if set(fa) != set(fb):
            return False
        return all(
            fa[n].wire == fb[n].wire
            and fa[n].required == fb[n].required
            and self.equal(fa[n].type, sa, fb[n].type, sb, seen)
            for n in fa
        )

    @staticmethod
    def enum_equal(a: EnumAlias, b: EnumAlias) -> bool:
        return set(a.values) == set(b.values) and a.open == b.open and a.base == b.base

    def equal(self, a: TypeRef, sa: str, b: TypeRef, sb: str, seen: set[tuple[str, str, str, str]]) -> bool:
        if a.kind != b.kind or a.nullable != b.nullable:
            return False
        if a.kind in ("model", "enum"):
            if a.name == b.name and sa != sb:  # the same class on both sides: compared on its own
                return True
            if a.kind == "model":
                ma, mb = self.sides[sa].models.get(a.name), self.sides[sb].models.get(b.name)
                if ma is None or mb is None:
                    return a.name == b.name
                return self.model_equal(ma, sa, mb, sb, seen)
            ea, eb = self.sides[sa].enums.get(a.name), self.sides[sb].enums.get(b.name)
            if ea is None or eb is None:
                return a.name == b.name
            return self.enum_equal(ea, eb)
        if a.kind in ("list", "dict"):
            assert a.items is not None and b.items is not None
            return self.equal(a.items, sa, b.items, sb, seen)
        if a.kind == "union":
            return all(any(self.equal(x, sa, y, sb, seen) for y in b.variants) for x in a.variants) and all(
                any(self.equal(x, sa, y, sb, seen) for x in a.variants) for y in b.variants
            )
        return True

    def covers(self, big: TypeRef, sbig: str, small: TypeRef, ssmall: str) -> bool:
        """Every value of ``small`` is a value of ``big``."""
        if big.kind == "any":
            return True
        if small.kind == "any":
            return False
        if small.kind == "none":
            return big.nullable or big.kind == "none"
        if small.nullable and not big.nullable:
            return False
        small = dataclasses.replace(small, nullable=False)
        if small.kind == "union":
            return all(self.covers(big, sbig, v, ssmall) for v in small.variants)
        if big.kind == "union":
            return any(self.covers(v, sbig, small, ssmall) for v in big.variants)
        if big.kind == small.kind:
            if big.kind in ("list", "dict"):
                assert big.items is not None and small.items is not None
                return self.covers(big.items, sbig, small.items, ssmall)
            if big.kind == "model":
                return self.equal(small, ssmall, dataclasses.replace(big, nullable=False), sbig, set())
            if big.kind == "enum":
                if big.name == small.name:  # compared on its own
                    return True
                eb, es = self.sides[sbig].enums.get(big.name), self.sides[ssmall].enums.get(small.name)
                if eb is None or es is None:
                    return False
                if eb.base != es.base:
                    return False
                return eb.open or (not es.open and set(es.values) <= set(eb.values))
            return True
        if small.kind == "int" and big.kind == "float":
            return True
        if small.kind == "enum":
            es = self.sides[ssmall].enums.get(small.name)
            return es is not None and (big.kind == es.base or (es.base == "int" and big.kind == "float"))
        if big.kind == "enum":
            eb = self.sides[sbig].enums.get(big.name)
            return eb is not None and eb.open and small.kind == eb.base
        return False

    def relation(self, old: TypeRef, new: TypeRef) -> Relation:
        wider = self.covers(new, "new", old, "old")
        narrower = self.covers(old, "old", new, "new")
        if wider and narrower:
            return "same"
        if wider:
            return "widened"
        if narrower:
            return "narrowed"
        return "changed"
