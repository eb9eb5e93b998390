"""The union decoder as a table (``_unions.UnionByTag``): over drawn unions of models told apart
by a constant ``type`` (several members may share a value, told apart by another constant or by
the members they require; some have no constant and may fit any value; some are tested alike,
so only trying tells), a drawn discriminator mapping and drawn values, it reads what testing
each member in turn reads (:func:`reference`, the generated decoder's logic): the same member,
or ``ValueError`` for a value no member fits."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.runtime._lazy import Deferred
from generator.runtime._unions import UnionByTag

MODULE = "union_by_tag_module"
CLASSES = ("M0", "M1", "M2", "M5")  # M0, M1 fail on some values; M5 stands deferred
KEYS = ("type", "role", "a")
VALUES = ("x", "y", "x=y", "")


class _Member:
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        if cls.__name__ in ("M0", "M1") and data.get("a") == "x":  # a value these cannot read
            raise ValueError("bad a")
        return cls.__name__, data


@pytest.fixture(autouse=True, scope="module")
def module() -> Iterator[types.ModuleType]:
    """A module holding the members; ``M5`` stands deferred there, defined by another module
    imported on its first use."""
    made, defining = types.ModuleType(MODULE), types.ModuleType(f"{MODULE}_defining")
    made.__package__ = ""
    for name in CLASSES:
        setattr(made, name, type(name, (_Member,), {}))
    defining.M5 = made.M5  # type: ignore[attr-defined]
    made.M5 = Deferred(vars(made), defining.__name__, "M5")  # type: ignore[attr-defined]
    sys.modules[MODULE], sys.modules[defining.__name__] = made, defining
    yield made
    del sys.modules[MODULE], sys.modules[defining.__name__]


Member = tuple[str, tuple[str, ...], dict[str, str]]  # class, required wire names, constants


@st.composite
def members(draw: st.DrawFn) -> list[Member]:
    drawn: list[Member] = []
    for _ in range(draw(st.integers(1, 5))):
        consts = {"type": draw(st.sampled_from(VALUES[:3]))} if draw(st.integers(0, 3)) else {}
        if draw(st.booleans()):
            consts["role"] = draw(st.sampled_from(VALUES))
        keys = tuple(dict.fromkeys([*consts, *draw(st.lists(st.sampled_from(KEYS), max_size=3))]))
        if drawn and draw(st.booleans()):  # tested as an earlier member: only trying tells them apart
            _name, keys, consts = draw(st.sampled_from(drawn))
        drawn.append((draw(st.sampled_from(CLASSES)), keys, consts))
    return drawn


JSON = st.one_of(st.sampled_from(VALUES), st.none(), st.integers(0, 1), st.just(["x"]), st.just({"k": "x"}))
DATA = st.one_of(st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4), JSON)


def reference(union: list[Member], by: str, mapped: dict[str, str], data: Any) -> str:
    """What the generated decoder that tests each member in turn gives: its class's name, or the
    text of the error it raises (a member's own, where it is not tried)."""
    if isinstance(data, dict):
        for value, name in mapped.items():
            if data.get(by) == value:
                return "bad a" if name in ("M0", "M1") and data.get("a") == "x" else name
    for n, (name, keys, consts) in enumerate(union):
        if isinstance(data, dict) and data.keys() >= set(keys) and all(data.get(k) == v for k, v in consts.items()):
            if not (name in ("M0", "M1") and data.get("a") == "x"):
                return name
            if not _trying(union, n):
                return "bad a"
    return "value matches no member of Drawn"


def _trying(union: list[Member], n: int) -> bool:
    """Whether a later member is tested as member ``n`` is (the emitter's rule)."""
    _name, keys, consts = union[n]
    return any((k, c) == (keys, consts) for _m, k, c in union[n + 1 :])


def table(union: list[Member], by: str, mapped: dict[str, str]) -> UnionByTag:
    words = [
        " ".join(["?" * _trying(union, n) + name, *(f"{k}={consts[k]}" if k in consts else k for k in keys)])
        for n, (name, keys, consts) in enumerate(union)
    ]
    pairs = " ".join(name if value == name else f"{value}={name}" for value, name in mapped.items())
    return UnionByTag(MODULE, "Drawn", "type", *words, mapped_by=by if mapped else "", mapped=pairs)


@settings(max_examples=300, deadline=None)
@given(
    members(),
    st.sampled_from(("type", "role")),  # the discriminator's member, the constants' or another
    st.dictionaries(st.sampled_from(("x", "M1", "z=w")), st.sampled_from(CLASSES), max_size=2),
    DATA,
)
@example([("M0", ("type",), {"type": "x"}), ("M2", ("type",), {"type": "x"})], "type", {}, {"type": "x", "a": "x"})
@example([("M2", ("type",), {"type": "y"})], "role", {"x": "M1", "M2": "M2"}, {"type": "y", "role": "x"})
def test_the_table_reads_what_testing_each_member_reads(
    union: list[Member], by: str, mapped: dict[str, str], data: Any
) -> None:
    try:
        got = table(union, by, mapped).read(data)[0]
    except ValueError as e:
        got = str(e)
    assert got == reference(union, by, mapped, data)


def test_a_deferred_class_is_imported_on_the_first_read(module: types.ModuleType) -> None:
    union = UnionByTag(MODULE, "Late", "type", "M5 type=x")
    if not isinstance(module.__dict__["M5"], Deferred):  # a drawn union read it already
        module.M5 = Deferred(vars(module), f"{MODULE}_defining", "M5")
    assert union.read({"type": "x"})[0] == "M5"
    assert not isinstance(module.__dict__["M5"], Deferred)  # in its place now
    with pytest.raises(ValueError, match="matches no member of Late"):
        union.read({"type": ["x"]})  # an unhashable value is no constant
