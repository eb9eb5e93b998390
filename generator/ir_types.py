"""The IR's type of a JSON value (:class:`TypeRef`), part of :mod:`generator.ir`: what a value
is (a kind, a name, items or variants) and whether JSON and Python values differ. Its annotation
is spelled by :mod:`generator.spelling`, never here: the IR holds structure only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TypeKind = Literal[
    "any", "str", "int", "float", "bool", "none", "datetime", "model", "enum", "list", "dict", "union", "file"
]


@dataclass(frozen=True)
class TypeRef:
    """The type of a JSON value: its kind, the name of a model, enum alias or named union, its
    items or variants, and whether it may be null."""

    kind: TypeKind
    name: str = ""  # model or enum alias name
    items: TypeRef | None = None  # list item / dict value type
    variants: tuple[TypeRef, ...] = ()  # union members
    nullable: bool = False

    # -- conversions -------------------------------------------------------------
    @property
    def is_identity(self) -> bool:
        """True when the JSON value is already the Python value (no conversion either way)."""
        if self.kind in ("model", "datetime"):
            return False
        if self.kind == "union":
            return not self.name and all(v.is_identity for v in self.variants)
        if self.kind in ("list", "dict"):
            assert self.items is not None
            return self.items.is_identity
        return True

    @property
    def is_scalar(self) -> bool:
        """True when every JSON value of this type is a string, number, boolean or null."""
        if self.kind == "union":
            return not self.name and all(v.is_scalar for v in self.variants)
        return self.kind in ("str", "int", "float", "bool", "none", "enum")

    def walk(self) -> tuple[TypeRef, ...]:
        """This type and every type inside it."""
        out: tuple[TypeRef, ...] = (self,)
        if self.items is not None:
            out += self.items.walk()
        for variant in self.variants:
            out += variant.walk()
        return out
