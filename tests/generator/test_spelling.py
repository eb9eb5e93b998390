"""The Python spelling of IR types (:mod:`generator.spelling`), kind by kind, inside the models
module (:func:`annotation`) and outside it (:func:`qualified`, ``models.Table``)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import generator.ir as ir
from generator.ir import TypeRef
from generator.spelling import annotation, qualified

TABLE = TypeRef("model", "Table")
COLOR = TypeRef("enum", "Color")
SHAPE = TypeRef("union", "Shape", variants=(TABLE, TypeRef("str")))

# (type, its annotation inside models, outside models)
CASES = [
    (TypeRef("str"), "str", "str"),
    (TypeRef("int", nullable=True), "int | None", "int | None"),
    (TypeRef("float"), "float", "float"),
    (TypeRef("bool"), "bool", "bool"),
    (TypeRef("datetime", nullable=True), "datetime | None", "datetime | None"),
    (TypeRef("file"), "FileTypes", "FileTypes"),
    # Any and None already hold null: no second None
    (TypeRef("any", nullable=True), "Any", "Any"),
    (TypeRef("none", nullable=True), "None", "None"),
    (TABLE, "Table", "models.Table"),
    (TypeRef("model", "Table", nullable=True), "Table | None", "models.Table | None"),
    (COLOR, "Color", "models.Color"),
    (TypeRef("enum", "Color", nullable=True), "Color | None", "models.Color | None"),
    (TypeRef("list", items=TABLE), "list[Table]", "list[models.Table]"),
    (TypeRef("list", items=TypeRef("str", nullable=True), nullable=True), "list[str | None] | None", None),
    (TypeRef("dict", items=TypeRef("any")), "dict[str, Any]", "dict[str, Any]"),
    (TypeRef("dict", items=COLOR), "dict[str, Color]", "dict[str, models.Color]"),
    (SHAPE, "Shape", "models.Shape"),
    (
        TypeRef("union", variants=(TypeRef("str"), TABLE), nullable=True),
        "str | Table | None",
        "str | models.Table | None",
    ),
    (
        TypeRef("list", items=TypeRef("union", variants=(TypeRef("int"), TypeRef("dict", items=SHAPE)))),
        "list[int | dict[str, Shape]]",
        "list[int | dict[str, models.Shape]]",
    ),
]


@pytest.mark.parametrize(("t", "inside", "outside"), CASES)
def test_each_kind_is_spelled_inside_and_outside_models(t: TypeRef, inside: str, outside: str | None) -> None:
    assert annotation(t) == inside
    assert qualified(t) == (inside if outside is None else outside)


def test_qualified_names_the_module_it_is_given() -> None:
    assert qualified(TypeRef("list", items=TABLE, nullable=True), "m") == "list[m.Table] | None"


IR_MODULES = ("ir.py", "ir_types.py", "ir_checks.py")


def test_the_ir_holds_no_spelling() -> None:
    """The IR is structure only: no class of it spells itself, and no IR module builds text with
    an f-string, a join or a concatenation (generator.spelling is the one owner of the spelling)."""
    for value in vars(ir).values():
        if isinstance(value, type) and dataclasses.is_dataclass(value):
            for word in ("annotation", "base_annotation", "qualified", "response_decoder", "event_decoder"):
                assert not hasattr(value, word), f"{value.__name__}.{word}"
    root = Path(ir.__file__).parent
    for name in IR_MODULES:
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            assert not isinstance(node, ast.JoinedStr), f"{name}:{node.lineno}: an f-string"
            if isinstance(node, ast.Attribute):
                assert node.attr != "join", f"{name}:{node.lineno}: a join"
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                sides = (node.left, node.right)
                assert not any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in sides), name
