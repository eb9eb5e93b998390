"""The decoder of a union of models each told by a constant member (OpenAI's stream events, by
``type``): one dict look-up finds the member, where testing each member in turn cost a test a
member (tens of microseconds an event for a union of fifty)."""

from __future__ import annotations

import sys
from typing import Any

from ._lazy import Deferred

_Entry = tuple[Any, frozenset[str], tuple[tuple[str, str], ...]]
"""A member: its class, the wire names it requires, and its constant members (wire, value)."""


class UnionByTag:
    """Reads a JSON value as the union ``union``: the member the discriminator maps its
    ``mapped_by`` member's value to (``mapped``: ``"value=Class ..."``, ``Class`` alone where the
    value is the class's name) when it has one, else the
    first of ``members`` (in the document's order) whose required members are all present and
    whose constant members hold their values. Each member is ``"Class wire wire=value ..."``: a
    required member's wire name, ``=`` and its constant value where it has one, every member
    having one for ``tag``; only the members with the value given for ``tag`` can fit, so they
    are the only ones tested. The outcome is that of testing every member in turn; a value no
    member fits raises ``ValueError``. The classes are looked up in the module ``module`` on
    the first read."""

    __slots__ = (
        "_by_tag",
        "_mapped",
        "_mapped_by",
        "_members",
        "_module",
        "_source",
        "_tag",
        "_union",
    )

    def __init__(
        self,
        module: str,
        union: str,
        tag: str,
        *members: str,
        mapped_by: str = "",
        mapped: str = "",
    ) -> None:
        self._module, self._union, self._tag, self._members = module, union, tag, members
        self._mapped_by, self._source = mapped_by, mapped
        self._mapped: dict[object, Any] | None = None
        self._by_tag: dict[object, tuple[_Entry, ...]] = {}

    def read(self, data: Any) -> Any:
        """The member ``data`` is, decoded by its ``from_dict``."""
        mapped = self._mapped if self._mapped is not None else self._build()
        if isinstance(data, dict):
            if mapped:
                try:
                    cls = mapped.get(data.get(self._mapped_by))
                except TypeError:  # an unhashable value (an array, an object) is no constant
                    cls = None
                if cls is not None:
                    return cls.from_dict(data)
            try:
                found = self._by_tag.get(data.get(self._tag), ())
            except TypeError:
                found = ()
            for member, keys, constants in found:
                if data.keys() >= keys and (
                    not constants or all(data.get(k) == v for k, v in constants)
                ):
                    return member.from_dict(data)
        raise ValueError(f"value matches no member of {self._union}")

    def _build(self) -> dict[object, Any]:
        names = sys.modules[self._module].__dict__
        by_tag: dict[str, list[_Entry]] = {}
        for text in self._members:
            name, *words = text.split(" ")
            parts = [word.partition("=") for word in words]
            constants = {key: value for key, has, value in parts if has}
            rest = tuple((key, value) for key, value in constants.items() if key != self._tag)
            entry = (_class(names, name), frozenset(key for key, _has, _value in parts), rest)
            by_tag.setdefault(constants[self._tag], []).append(entry)
        self._by_tag = {value: tuple(entries) for value, entries in by_tag.items()}
        mapped: dict[object, Any] = {}
        for pair in self._source.split(" ") if self._source else ():
            value, has, name = pair.rpartition("=")
            mapped.setdefault(value if has else name, _class(names, name))
        self._mapped = mapped
        return mapped


def _class(names: dict[str, Any], name: str) -> Any:
    """The class ``name`` of a module's globals, imported now when it stands deferred."""
    value = names[name]
    return value.resolve() if isinstance(value, Deferred) else value
