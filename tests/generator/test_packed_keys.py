"""A model's key set and optional members (``_NAME_KEYS``, ``_NAME_OPTIONAL``) are written packed,
as strings the runtime's ``_names`` and ``_optional`` read once at import, and read to exactly the
values the literals held (a ``frozenset`` of wire names; a tuple of attribute names, or
``(attribute, wire name)`` where they differ); a model holding a wire name the packed form cannot
carry (empty, or holding whitespace) keeps the literals."""

from __future__ import annotations

import ast
import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit import layout
from generator.emit import writer_models as code_models
from generator.emit.literals import py_str
from generator.ir import Field, Model, TypeRef
from generator.runtime._types import _names, _optional

from ..examples import examples


class _Writer:
    def __init__(self) -> None:
        self.uses: set[str] = set()


def _model(*members: tuple[str, str, bool]) -> Model:
    """A model of ``(attribute, wire name, required)`` members."""
    fields = tuple(
        Field(name, wire, TypeRef("str"), required, "", False, False, "", "") for name, wire, required in members
    )
    return Model("M", "", fields, False, "_M_KEYS", "", optional_const="_M_OPTIONAL")


def _written(m: Model) -> tuple[str, dict[str, Any], set[str]]:
    """The constants' text, their values once run (with the runtime's readers), and the names
    the writer noted for the module's imports."""
    w = _Writer()
    lines = [*code_models.keys_constant(w, m), *code_models.optional_constant(w, m)]
    text = "\n".join(lines) + "\n"
    scope: dict[str, Any] = {"_names": _names, "_optional": _optional}
    exec(text, scope)  # the generator's own output, for a test
    return text, scope, w.uses


RENAMED = _model(("type", "type", True), ("object_", "object", False), ("id", "id", False), ("name", "name", False))


def test_a_packed_model_reads_to_the_literal_values() -> None:
    text, scope, uses = _written(RENAMED)
    assert text == '_M_KEYS = _names("type object id name")\n_M_OPTIONAL = _optional("object_=object id name")\n'
    assert scope["_M_KEYS"] == frozenset({"type", "object", "id", "name"}) and type(scope["_M_KEYS"]) is frozenset
    assert scope["_M_OPTIONAL"] == (("object_", "object"), "id", "name")
    assert uses == {"_names", "_optional"}


def test_a_wire_name_holding_a_space_keeps_the_literals() -> None:
    m = _model(("display_name", "display name", False), ("object_", "object", False), ("id", "id", True))
    text, scope, uses = _written(m)
    assert "_names" not in text and "_optional" not in text and not uses
    assert text.startswith("_M_KEYS: frozenset[str] = frozenset(")
    assert scope["_M_KEYS"] == frozenset({"display name", "object", "id"})
    assert scope["_M_OPTIONAL"] == (("display_name", "display name"), ("object_", "object"))


def test_quotes_backslashes_and_equal_signs_are_packed() -> None:
    """The string literals escape what they must; an attribute ends at the first ``=``."""
    m = _model(("a_b", "a=b", False), ("q", 'say"hi', False), ("back", "back\\slash", True), ("e", "été", False))
    text, scope, _ = _written(m)
    assert "_names(" in text and "_optional(" in text
    assert scope["_M_KEYS"] == frozenset({"a=b", 'say"hi', "back\\slash", "été"})
    assert scope["_M_OPTIONAL"] == (("a_b", "a=b"), ("q", 'say"hi'), ("e", "été"))


def test_long_constants_are_filled_to_the_width_in_order() -> None:
    wires = [f"member_number_{i}" for i in range(40)]
    m = _model(*((w, w, i % 2 == 0) for i, w in enumerate(wires)))
    text, scope, _ = _written(m)
    lines = text.splitlines()
    assert lines[0] == "_M_KEYS = _names(" and all(layout.fits(0, line) for line in lines)
    parts = [ast.literal_eval(line) for line in lines[1 : lines.index(")")]]
    assert "".join(parts) == " ".join(wires) and len(parts) > 2
    for part, following in itertools.pairwise(parts):  # each as full as the width allows
        assert following.startswith(" ") and not layout.fits(4, py_str(part + " " + following.split(" ")[1]))
    assert scope["_M_KEYS"] == frozenset(wires) and scope["_M_OPTIONAL"] == tuple(wires[1::2])


_WIRE = st.text(min_size=0, max_size=12)
_ATTRIBUTE = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)


@settings(max_examples=examples(200), derandomize=True, deadline=None)
@given(st.lists(st.tuples(_ATTRIBUTE, _WIRE, st.booleans()), min_size=1, max_size=8, unique_by=lambda m: m[0]))
def test_any_names_read_back_as_written(members: list[tuple[str, str, bool]]) -> None:
    """Any wire names (quotes, backslashes, ``=``, control and invisible characters, whitespace,
    empty) read back: packed where the form allows them, else as literals."""
    m = _model(*members)
    text, scope, _ = _written(m)
    assert scope["_M_KEYS"] == frozenset(wire for _, wire, _ in members)
    optional = tuple(name if name == wire else (name, wire) for name, wire, required in members if not required)
    assert scope.get("_M_OPTIONAL", ()) == optional
    assert ("_names(" in text) == all(wire and not any(c.isspace() for c in wire) for _, wire, _ in members)
