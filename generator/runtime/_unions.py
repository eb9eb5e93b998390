"""The decoder of a union of models told apart by a constant member (OpenAI's stream events,
by ``type``): one dict look-up finds the members a value can be, where testing each member in
turn cost a test a member (tens of microseconds an event for a union of fifty)."""

from __future__ import annotations

import sys
from typing import Any

from ._lazy import Deferred

_Entry = tuple[Any, frozenset[str], tuple[tuple[str, str], ...], bool]
"""A member: its class, the wire names it requires, its constant members (wire, value) but the
tag's, and whether only trying its ``from_dict`` tells (a later member is tested alike)."""
_TRIED = (KeyError, TypeError, ValueError, AttributeError)
"""What a member's ``from_dict`` raises on a value it cannot read: the next member is tried."""


class UnionByTag:
    """Reads a JSON value as the union ``union``: the member the discriminator maps its
    ``mapped_by`` member's value to (``mapped``: ``"value=Class ..."``, ``Class`` alone where the
    value is the class's name) when it has one, else the first of ``members`` (in the
    document's order) whose required members are all present and whose constant members hold
    their values. Each member is ``"Class wire wire=value ..."``: a required member's wire name,
    ``=`` and its constant value where it has one; ``?Class`` where a later member is tested
    alike, so that only trying its ``from_dict`` tells (its errors pass to the next member).
    Only the members whose constant for ``tag`` is the value's, and those without one, can fit:
    they are the only ones tested. The outcome is that of testing every member in turn; a value
    no member fits raises ``ValueError``. The classes are looked up in the module ``module`` on
    the first read."""

    __slots__ = (
        "_any",
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
        self._any: tuple[_Entry, ...] = ()  # the members without a constant for the tag

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
                found = self._by_tag.get(data.get(self._tag), self._any)
            except TypeError:
                found = self._any
            for member, keys, constants, trying in found:
                if data.keys() >= keys and (not constants or all(data.get(k) == v for k, v in constants)):
                    if not trying:
                        return member.from_dict(data)
                    try:
                        return member.from_dict(data)
                    except _TRIED:
                        pass
        raise ValueError(f"value matches no member of {self._union}")

    def _build(self) -> dict[object, Any]:
        names = sys.modules[self._module].__dict__
        entries: list[tuple[str | None, _Entry]] = []  # (the tag's constant, the member)
        for text in self._members:
            name, *words = text.split(" ")
            parts = [word.partition("=") for word in words]
            constants = {key: value for key, has, value in parts if has}
            rest = tuple((key, value) for key, value in constants.items() if key != self._tag)
            keys = frozenset(key for key, _has, _value in parts)
            cls = _class(names, name.removeprefix("?"))
            entries.append((constants.get(self._tag), (cls, keys, rest, name.startswith("?"))))
        values = dict.fromkeys(value for value, _entry in entries if value is not None)
        self._by_tag = {v: tuple(e for value, e in entries if value in (v, None)) for v in values}
        self._any = tuple(e for value, e in entries if value is None)
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
