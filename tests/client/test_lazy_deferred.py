"""The run time's stand-ins for names of sibling modules (generator/runtime/_lazy.py ``deferred``,
where it lives): nothing is imported until a use, the first use imports the defining module and
puts the real value in the module's globals in the stand-in's place, and modules referring to
each other (a cycle) load in any order."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from generator.runtime._lazy import Deferred, deferred

PACKAGE = "deferred_pkg"

# Two modules in a cycle, as modules of ``models`` are: each reaches the other's names through
# stand-ins, none at its top.
NODE = """
from deferred_pkg._lazy import deferred

deferred(globals(), "._leaf Leaf parse_leaf")


class Node:
    @staticmethod
    def from_dict(data):
        return [Leaf.from_dict(d) for d in data]

    def parse(self, text):
        return parse_leaf(text)
"""
LEAF = """
from deferred_pkg._lazy import deferred

deferred(globals(), "._node Node")


class Leaf:
    def __init__(self, value):
        self.value = value

    @classmethod
    def from_dict(cls, data):
        return cls(data)

    def parent(self):
        return Node


def parse_leaf(text):
    return Leaf(text.upper())
"""


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / PACKAGE
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "_lazy.py").write_text((Path(__file__).parents[2] / "generator/runtime/_lazy.py").read_text())
    (folder / "_node.py").write_text(NODE)
    (folder / "_leaf.py").write_text(LEAF)
    sys.path.insert(0, str(tmp_path))
    try:
        yield folder
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def _import(name: str) -> ModuleType:
    __import__(f"{PACKAGE}.{name}")
    return sys.modules[f"{PACKAGE}.{name}"]


def _stand_in(value: object) -> bool:
    """A stand-in of the package's own copy of the runtime (as a generated package has)."""
    return isinstance(value, sys.modules[f"{PACKAGE}._lazy"].Deferred)


def test_loading_a_module_loads_none_it_refers_to(package: Path) -> None:
    node = _import("_node")
    assert f"{PACKAGE}._leaf" not in sys.modules
    assert _stand_in(node.__dict__["Leaf"]) and _stand_in(node.__dict__["parse_leaf"])


def test_the_first_use_imports_the_module_and_takes_the_stand_ins_place(package: Path) -> None:
    node = _import("_node")
    leaves = node.Node.from_dict([1, 2])
    leaf = sys.modules[f"{PACKAGE}._leaf"]
    assert [x.value for x in leaves] == [1, 2] and all(type(x) is leaf.Leaf for x in leaves)
    assert node.__dict__["Leaf"] is leaf.Leaf  # later look-ups are the plain global
    assert _stand_in(node.__dict__["parse_leaf"])  # another name: still a stand-in
    assert node.Node().parse("a").value == "A"  # a function called through its stand-in
    assert node.__dict__["parse_leaf"] is leaf.parse_leaf


def test_modules_in_a_cycle_load_in_either_order(package: Path) -> None:
    leaf = _import("_leaf")
    node_class = leaf.Leaf(0).parent()
    assert _stand_in(node_class)  # returned, not used: nothing imported yet
    assert f"{PACKAGE}._node" not in sys.modules
    assert [x.value for x in node_class.from_dict([3])] == [3]  # a use: imported now
    assert leaf.__dict__["Node"] is sys.modules[f"{PACKAGE}._node"].Node
    assert sys.modules[f"{PACKAGE}._node"].Leaf.from_dict(4).value == 4


def test_isinstance_unions_and_repr_resolve_or_describe(package: Path) -> None:
    node = _import("_node")
    stand_in = node.__dict__["Leaf"]
    assert repr(stand_in) == "<Leaf of ._leaf, imported on first use>"
    assert f"{PACKAGE}._leaf" not in sys.modules  # repr imports nothing
    assert not hasattr(stand_in, "__wrapped__")  # a dunder is no use: no import for inspection
    assert f"{PACKAGE}._leaf" not in sys.modules
    assert not isinstance(1, stand_in)  # a use: the module is imported
    leaf = sys.modules[f"{PACKAGE}._leaf"]
    assert isinstance(leaf.Leaf(1), stand_in) and node.__dict__["Leaf"] is leaf.Leaf
    assert (stand_in | None) == (leaf.Leaf | None) and (None | stand_in) == (None | leaf.Leaf)


def test_a_name_bound_already_keeps_its_value() -> None:
    namespace: dict[str, object] = {"__package__": "json", "loads": len}
    deferred(namespace, ".decoder JSONDecoder JSONDecodeError", ". loads")
    assert namespace["loads"] is len
    error = namespace["JSONDecodeError"]
    assert isinstance(error, Deferred)
    assert error.resolve() is __import__("json").JSONDecodeError is namespace["JSONDecodeError"]
