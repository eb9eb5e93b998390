"""The IR's type of a JSON value (:class:`TypeRef`), part of :mod:`generator.ir`: what a value
is (a kind, a name, items or variants), how its annotation is spelled, and whether JSON and
Python values differ."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TypeKind = Literal[
    "any", "str", "int", "float", "bool", "none", "datetime", "model", "enum", "list", "dict", "union", "file"
]


@dataclass(frozen=True)
class TypeRef:
    """A Python type of a JSON value, able to spell its own annotation."""

    kind: TypeKind
    name: str = ""  # model or enum alias name
    items: TypeRef | None = None  # list item / dict value type
    variants: tuple[TypeRef, ...] = ()  # union members
    nullable: bool = False

    # -- annotations -------------------------------------------------------------
    @property
    def base_annotation(self) -> str:
        if self.kind in ("model", "enum") or (self.kind == "union" and self.name):
            return self.name
        if self.kind == "list":
            assert self.items is not None
            return f"list[{self.items.annotation}]"
        if self.kind == "dict":
            assert self.items is not None
            return f"dict[str, {self.items.annotation}]"
        if self.kind == "union":
            return " | ".join(v.annotation for v in self.variants)
        return {
            "any": "Any",
            "str": "str",
            "int": "int",
            "float": "float",
            "bool": "bool",
            "none": "None",
            "datetime": "datetime",
            "file": "FileTypes",
        }[self.kind]

    @property
    def annotation(self) -> str:
        base = self.base_annotation
        if self.nullable and self.kind not in ("any", "none"):
            return f"{base} | None"
        return base

    def qualified(self, module: str) -> str:
        """The annotation as written outside the models module (``models.Table``)."""
        if self.kind in ("model", "enum") or (self.kind == "union" and self.name):
            base = f"{module}.{self.name}"
        elif self.kind == "list":
            assert self.items is not None
            base = f"list[{self.items.qualified(module)}]"
        elif self.kind == "dict":
            assert self.items is not None
            base = f"dict[str, {self.items.qualified(module)}]"
        elif self.kind == "union":
            base = " | ".join(v.qualified(module) for v in self.variants)
        else:
            return self.annotation
        return f"{base} | None" if self.nullable else base

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
