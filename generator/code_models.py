"""The writer's part for models: the statements of ``from_dict``, and the key-set constants.

Each member is read into a local, converted only when it holds a value (not unset, not null),
then stored: plain statements, laid out the way Black would (:mod:`generator.layout`), so that
the largest part of a large package costs Black one pass.
"""

from __future__ import annotations

from typing import Protocol

from . import layout
from .ir import Field, Model, TypeRef
from .literals import py_str


class ModuleWriter(Protocol):
    """What these functions use of :class:`generator.code.ModuleWriter` (which calls them)."""

    uses: set[str]

    def decode(self, t: TypeRef, src: str, depth: int = 0) -> str: ...

    def decode_value(self, t: TypeRef, src: str) -> str: ...


_BODY = 8  # from_dict's statements stand in a method of a class


def local(f: Field) -> str:
    """The local holding member ``f`` in ``from_dict``. Field names are unique, so are these;
    no name of the models module starts so (they are CamelCase, ``_private`` or imports), so a
    member cannot shadow a helper (a member ``parse_datetime`` and ``_parse_datetime``)."""
    return f"m_{f.name}"


def body(w: ModuleWriter, m: Model) -> list[str]:
    """The statements of ``m``'s ``from_dict`` after its docstring."""
    lines: list[str] = []
    if m.optional_fields:
        lines.append("get = data.get")
    lines.append("obj = object.__new__(cls)  # every slot is set below: no __init__ on the hot path")
    for f in m.fields:
        lines += _member(w, f)
    lines += _scalar_guard(w, m)
    lines += _extra_members(w, m)
    lines.append("return obj")
    return lines


def _member(w: ModuleWriter, f: Field) -> list[str]:
    read = f"data[{py_str(f.wire)}]" if f.required else f"get({py_str(f.wire)}, UNSET)"
    if not f.required:
        w.uses.add("UNSET")
    target = f"obj.{f.name}"
    if f.type.is_identity:
        if f.type.is_scalar:  # kept in a local too, for the guard below
            return [f"{target} = {local(f)} = {read}"]
        w.uses.add("_bounded")  # kept as it came: its nesting is bounded here
        return [f"{target} = _bounded({read})"]
    name = local(f)
    if f.required and not f.type.nullable:
        direct = f"{target} = {w.decode(f.type, read)}"
        if layout.fits(_BODY, direct):
            return [direct]
        return [f"{name} = {read}", f"{target} = {w.decode(f.type, name)}"]
    terms = ([] if f.required else [f"{name} is not UNSET"]) + ([f"{name} is not None"] if f.type.nullable else [])
    convert = f"{name} = {w.decode_value(f.type, name)}"
    return [f"{name} = {read}", *layout.condition("if", terms, "and", _BODY), f"    {convert}", f"{target} = {name}"]


def _scalar_guard(w: ModuleWriter, m: Model) -> list[str]:
    """Refuse an object or array read where ``m`` declares a scalar: lenient decoding accepts
    unseen values, never a value of another shape. (The client then finds and names the
    member; this only has to notice, at a few ns a member.)"""
    terms = [f"type({local(f)}) in _NOT_SCALAR" for f in m.fields if f.type.is_identity and f.type.is_scalar]
    if not terms:
        return []
    w.uses.add("_NOT_SCALAR")  # the runtime's _CONTAINERS: what JSON parsers build
    message = 'f"{cls.__name__}: an object or array where a scalar member is declared"'
    return [*layout.condition("if", terms, "or", _BODY), f"    raise TypeError({message})"]


def _extra_members(w: ModuleWriter, m: Model) -> list[str]:
    """``obj.extra_members``: the shared empty mapping on the hot path (no unknown member)."""
    w.uses.add("_extra_members")
    keys = m.keys_const
    value = f"_NO_EXTRA if {keys}.issuperset(data) else _extra_members(data, {keys})"
    if layout.fits(_BODY, f"obj.extra_members = {value}"):
        return [f"obj.extra_members = {value}"]
    if layout.fits(_BODY + 4, value):
        return ["obj.extra_members = (", f"    {value}", ")"]
    otherwise = layout.call("else _extra_members", ["data", keys], "", _BODY + 4)
    return [
        "obj.extra_members = (",
        "    _NO_EXTRA",
        f"    if {keys}.issuperset(data)",
        *layout.indented(otherwise),
        ")",
    ]


def keys_constant(m: Model) -> list[str]:
    """``_NAME_KEYS: frozenset[str] = frozenset({...})``: the model's wire names."""
    if not m.fields:
        return [f"{m.keys_const}: frozenset[str] = frozenset()"]
    wires = [py_str(f.wire) for f in m.fields]

    def value(prefix: str, at: int) -> list[str]:
        members = f"{{{', '.join(wires)}}}"
        if layout.fits(at, f"{prefix}frozenset({members})") or layout.fits(at + layout.STEP, members):
            return layout.call(f"{prefix}frozenset", [members], "", at)
        return [f"{prefix}frozenset(", *layout.indented(["{", *(f"    {w}," for w in wires), "}"]), ")"]

    return layout.assigned(f"{m.keys_const}: frozenset[str] = ", value, 0)
