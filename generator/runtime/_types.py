"""Small shared types of the generated package."""

from __future__ import annotations

import dataclasses
import enum
import os
import reprlib
from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, Final, Literal, TypeVar, Union

import httpx

from ._serde import _extra_members

__all__ = [
    "ABSENT",
    "UNSET",
    "_NO_NULLS",
    "Body",
    "FileTypes",
    "Headers",
    "Params",
    "Query",
    "TimeoutTypes",
    "Unset",
    "_Model",
    "_given_nulls",
    "_model_repr",
    "_names",
    "_new",
    "_optional",
    "_unusual",
]


class Unset(enum.Enum):
    """The type of :data:`UNSET`: a member or argument that was not given at all.

    Distinct from ``None``, which is sent as JSON ``null`` where the API allows it.
    """

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> Literal[False]:
        return False


UNSET: Final = Unset.UNSET
"""Marks an optional argument that was not given; it is left out on the wire."""

ABSENT: Any = UNSET
"""The default of a nullable optional member of a model (the signature reads ``= ABSENT``): not
given, so left out on the wire (``None`` given is JSON ``null``). Read back, an absent member is
``None``: see ``fields_set``."""

_NO_NULLS: frozenset[str] = frozenset()
"""The ``_nulls`` of a model that holds no explicit null (shared)."""

Headers = Mapping[str, str]
Query = Mapping[str, object]
Params = Mapping[str, object]
"""A request's path, query or header arguments by wire name, as its check reads them."""
Body = Mapping[str, object]
TimeoutTypes = Union[float, httpx.Timeout, None]  # noqa: UP007 - a runtime alias, valid on 3.10
FileContent = Union[bytes, IO[bytes], "os.PathLike[str]"]  # a runtime alias, valid on 3.10
"""The content of a file to upload: bytes, an open binary file (read from its position), or a
path (``pathlib.Path``; a ``str`` is text, not a path). Files are streamed, not read whole."""
FileTypes = Union[FileContent, "tuple[str | None, FileContent]", "tuple[str | None, FileContent, str | None]"]
"""A file to upload: its content, or ``(filename, content)``, or ``(filename, content, media type)``."""


_M = TypeVar("_M")

if TYPE_CHECKING:

    def _new(cls: type[_M]) -> _M:
        """A new instance of ``cls``, no ``__init__`` run (the models' ``from_dict`` sets every slot)."""

else:
    _new = object.__new__  # the same, without looking ``object.__new__`` up at each model read


_MEMBERS: dict[type, tuple[frozenset[str], tuple[str, ...]]] = {}


def _members(cls: type) -> tuple[frozenset[str], tuple[str, ...]]:
    """(required members, optional members) of a model class, by attribute name (cached)."""
    found = _MEMBERS.get(cls)
    if found is None:
        required: list[str] = []
        optional: list[str] = []
        for f in dataclasses.fields(cls):
            if f.name in ("extra_members", "_nulls"):
                continue
            absent = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            (required if absent else optional).append(f.name)
        found = _MEMBERS[cls] = (frozenset(required), tuple(optional))
    return found


def _given_nulls(obj: Any, names: tuple[str, ...]) -> frozenset[str]:
    """The nullable optional members ``names`` of a model built by hand given ``None`` (sent as
    ``null``); those not given (:data:`ABSENT`) are set to ``None`` and left out."""
    nulls = []
    for name in names:
        value = getattr(obj, name)
        if value is UNSET:
            setattr(obj, name, None)
        elif value is None:
            nulls.append(name)
    return frozenset(nulls) if nulls else _NO_NULLS


_OptionalMembers = Sequence[Union[str, "tuple[str, str]"]]
"""A model's optional members (its ``_<NAME>_OPTIONAL``): each its attribute name, or
``(attribute, wire name)`` where the two differ."""


def _names(packed: str) -> frozenset[str]:
    """A model's wire names (its ``_<NAME>_KEYS``) from the one string the models module writes
    them in, separated by spaces (``"id object created_at"``): read once, at import. A model
    holding a wire name that is empty or holds whitespace is written as a set instead."""
    return frozenset(packed.split(" "))


def _optional(packed: str) -> tuple[str | tuple[str, str], ...]:
    """A model's optional members (its ``_<NAME>_OPTIONAL``, as :func:`_unusual` reads them) from
    the one string the models module writes them in, separated by spaces: each its attribute name,
    or ``attribute=wire name`` where the two differ (``"type object_=object id"``; the attribute,
    an identifier, ends at the first ``=``). Read once, at import."""
    members: list[str | tuple[str, str]] = []
    for member in packed.split(" "):
        name, _, wire = member.partition("=")
        members.append((name, wire) if wire else name)
    return tuple(members)


def _unusual(obj: _M, data: Mapping[str, Any], keys: frozenset[str], optional: _OptionalMembers) -> _M:
    """The end of a model's ``from_dict`` for an answer holding an unknown member or an explicit
    null (the rare one: its length told it): ``extra_members`` and ``_nulls`` found by a walk."""
    model: Any = obj
    model.extra_members = _extra_members(data, keys)
    nulls = []
    for member in optional:
        name, wire = (member, member) if isinstance(member, str) else member
        if wire in data and data[wire] is None:
            nulls.append(name)
    model._nulls = frozenset(nulls) if nulls else _NO_NULLS
    return obj


@reprlib.recursive_repr()
def _model_repr(obj: Any) -> str:
    """The ``repr`` of a model: ``Table(id='t1', name='People')``. The members present only
    (those of ``fields_set``), and ``extra_members`` only when it is not empty."""
    present = obj.fields_set
    parts = [f"{f.name}={getattr(obj, f.name)!r}" for f in dataclasses.fields(obj) if f.name in present]
    if obj.extra_members:
        parts.append(f"extra_members={dict(obj.extra_members)!r}")
    return f"{type(obj).__name__}({', '.join(parts)})"


@dataclasses.dataclass(slots=True, kw_only=True, repr=False)
class _Model:
    """The base of every generated model: the members every model has, its ``repr``
    (:func:`_model_repr`) and ``fields_set``, so that the models module does not repeat them in
    each of its classes."""

    extra_members: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Members of the JSON object that this model does not declare, kept as they came
    (read-only on decoded models: assign a new mapping to change them)."""
    _nulls: frozenset[str] = dataclasses.field(default=_NO_NULLS, init=False, repr=False)
    """The optional members holding an explicit ``null`` (attribute names; see ``fields_set``)."""

    @property
    def fields_set(self) -> frozenset[str]:
        """The members present (attribute names): every required member, each optional member
        that is not ``None``, and each one holding an explicit ``null`` (read from the answer,
        even where the schema does not allow it, or ``None`` given to a nullable one).
        ``to_dict()`` writes exactly these; an absent member reads as ``None`` and is not in it."""
        required, optional = _members(type(self))
        return required.union([n for n in optional if getattr(self, n) is not None], self._nulls)

    def __repr__(self) -> str:
        return _model_repr(self)

    @classmethod
    def from_dict(cls: type[_M], data: Mapping[str, Any]) -> _M:
        """Build the model from its JSON form (wire names), as an answer holds it: members it does
        not declare are kept in ``extra_members``, an explicit ``null`` in ``fields_set``."""
        raise NotImplementedError  # each model defines it

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this model (wire names): the members of ``fields_set`` only, then
        ``extra_members``."""
        raise NotImplementedError  # each model defines it
