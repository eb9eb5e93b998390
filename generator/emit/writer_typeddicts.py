"""The code writer's part for ``TypedDict`` JSON forms of models (issue 15 item 7).

The views call these: the ``TypedDict`` definitions of ``models``
(functional syntax, wire names as keys and string annotations, so keys that are no identifiers,
keywords or names of builtins and recursive models all work), and the annotations that accept a
model or its JSON form (``models.TableSchema | models.TableSchemaDict``).
"""

from __future__ import annotations

from ..ir import TypedDictDef, TypeRef
from ..spelling import annotation
from . import layout
from .literals import py_str
from .writing import Writer


def dict_names(w: Writer) -> dict[str, str]:
    """Model -> name of its TypedDict, for the models that have one."""
    return {td.model: td.name for td in w.api.typed_dicts}


def accepting(w: Writer, t: TypeRef, prefix: str, *, json_values: bool = False) -> str:
    """The annotation of a value of type ``t`` that may also be written in its JSON form: each model
    (at any depth) or its TypedDict. ``prefix`` qualifies names of ``models`` (``"models."``);
    ``json_values``: a date-time may also be its JSON string."""
    names = dict_names(w)
    if prefix:
        w.qualified(t)  # records the names the plain annotation uses
    else:
        w.annotation(t)
    return _accepting(w, t, prefix, names, json_values)


def _accepting(w: Writer, t: TypeRef, prefix: str, names: dict[str, str], json_values: bool) -> str:
    parts = _accepted(w, t, prefix, names, json_values)
    if parts is None:  # no model in it: its annotation (nullable already)
        return annotation(t)
    if not prefix:  # inside models: each definition of another module is imported there
        for part in parts:
            if part.isidentifier() and part != "None":
                w.ref(part)
    unique = list(dict.fromkeys(parts))
    if t.nullable and "None" not in unique:
        unique.append("None")
    return " | ".join(unique)


def _accepted(w: Writer, t: TypeRef, prefix: str, names: dict[str, str], json_values: bool) -> list[str] | None:
    parts: list[str]
    if t.kind == "model":
        parts = [prefix + t.name] + ([prefix + names[t.name]] if t.name in names else [])
    elif t.kind == "union" and t.name:
        parts = [prefix + t.name]
        union = w.unions.get(t.name)
        for member in union.members if union is not None else ():
            if member.kind == "model" and member.name in names:
                parts.append(prefix + names[member.name])
    elif t.kind in ("list", "dict"):
        assert t.items is not None
        inner = _accepting(w, t.items, prefix, names, json_values)
        parts = [f"list[{inner}]" if t.kind == "list" else f"dict[str, {inner}]"]
    elif t.kind == "union":
        parts = [_accepting(w, v, prefix, names, json_values) for v in t.variants]
    elif t.kind == "datetime" and json_values:
        parts = ["datetime", "str"]
    elif t.kind in ("enum",):
        parts = [prefix + t.name]
    else:
        return None
    return parts


def has_typed_dict(w: Writer, t: TypeRef) -> bool:
    """True when a model of ``t`` (or of a named union in it) has a TypedDict."""
    names = dict_names(w)
    for x in t.walk():
        if x.kind == "model" and x.name in names:
            return True
        union = w.unions.get(x.name) if x.kind == "union" and x.name else None
        if union is not None and any(m.kind == "model" and m.name in names for m in union.members):
            return True
    return False


def typed_dict(w: Writer, td: TypedDictDef) -> list[str]:
    """The statements defining ``td`` in ``models`` (top level)."""
    w.uses.add("TypedDict")
    model = w.models[td.model]
    names = dict_names(w)
    required: list[str] = []
    optional: list[str] = []
    for f in model.fields:
        w.annotation(f.type)  # records datetime, Any, FileTypes
        entry = f"{py_str(f.wire)}: {py_str(_accepting(w, f.type, '', names, True))}"
        (required if f.sent_required and not f.read_only else optional).append(entry)
    doc = f'"""JSON form of ``{model.name}`` (wire names as keys)."""'
    if td.required_base and td.optional_base:
        return [
            *_functional(td.required_base, required, total=True),
            *_functional(td.optional_base, optional, total=False),
            "",
            "",
            *layout.call(f"class {td.name}", [td.required_base, td.optional_base], ":", 0),
            f"    {doc}",
        ]
    return [*_functional(td.name, required + optional, total=bool(required)), doc]


def _functional(name: str, entries: list[str], *, total: bool) -> list[str]:
    """``name = TypedDict("name", {entries})`` laid out as Black would (generator.emit.layout): a
    dict that does not fit on its own line is one entry a line."""
    members = f"{{{', '.join(entries)}}}"
    args = [py_str(name), members] if total else [py_str(name), members, "total=False"]
    lines = layout.call(f"{name} = TypedDict", args, "", 0)
    if len(lines) <= 3 or layout.fits(layout.STEP, f"{members},"):
        return lines
    exploded = ["{", *(f"    {entry}," for entry in entries), "},"]
    return [lines[0], f"    {args[0]},", *layout.indented(exploded), *lines[3:]]
