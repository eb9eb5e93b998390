"""The writer's part for named unions of ``models``: the alias of the members and the decoder,
which reads a JSON value by its discriminator when the union has one, else as the first member
it fits (a test on the JSON value where one tells, trying where only trying does: also where
a later member passes the same test, as ``list[User] | list[Stargazer]`` do)."""

from __future__ import annotations

from ..ir import Model, TypeRef, UnionDef
from ..spelling import annotation
from . import layout
from .json_tests import _FITS
from .literals import py_literal, py_str
from .writing import Writer


def union_alias(w: Writer, u: UnionDef) -> str:
    """The members of a union as a string (a forward-referencing ``TypeAlias``)."""
    w.uses.add("TypeAlias")
    for m in u.members:
        w.annotation(m)  # notes the names the members use
    if not u.members:
        w.uses.add("Any")
    words = [annotation(m) for m in u.members] or ["Any"]
    return layout.string_value(f"{u.name}: TypeAlias = ", words, " | ")


def union_body(w: Writer, u: UnionDef, tabled: bool) -> list[str]:
    """Statements of a union's decoder, ``data`` being the JSON value: a look-up in its table
    where it has one (``tabled``: :func:`by_tag` gave its arguments), else the tests of each
    member in turn."""
    if tabled:
        return [f"value: {u.name} = {u.table}.read(data)", "return value"]
    lines: list[str] = []
    if u.prop and u.tags:
        lines += ["if isinstance(data, dict):", f"    tag = data.get({py_str(u.prop)})"]
        for value, t in u.tags:
            lines += [f"    if tag == {py_str(value)}:", f"        return {w.decode(t, 'data')}"]
    conds = [fits(w, t) for t in u.members]
    for index, t in enumerate(u.members):
        cond = conds[index]
        value = w.decode(t, "data")
        if t.is_identity and not t.is_scalar:  # kept as it came: its nesting is bounded here
            w.uses.add("_bounded")
            value = "_bounded(data)"
        if t.is_identity and t.kind not in _FITS:  # only the _FITS tests narrow the type
            w.uses.add("cast")
            value = f"cast({py_str(annotation(t))}, {value})"
        if cond is None:
            lines += ["try:", f"    return {value}", "except (KeyError, TypeError, ValueError, AttributeError):"]
            lines.append("    pass")
        else:
            terms = _model_fit(w, t.name) if t.kind == "model" and not t.nullable else [cond]
            lines += layout.condition("if", terms, "and", 4)
            if cond in conds[index + 1 :]:  # a later member passes the same test: only trying tells
                lines += [
                    "    try:",
                    f"        return {value}",
                    "    except (KeyError, TypeError, ValueError, AttributeError):",
                ]
                lines.append("        pass")
            else:
                lines.append(f"    return {value}")
    lines.append(f"raise ValueError({py_str(f'value matches no member of {u.name}')})")
    return lines


def _model_fit(w: Writer, name: str) -> list[str]:
    """The tests a JSON value passes when it can be model ``name`` (and-ed)."""
    model = w.models.get(name)
    parts = ["isinstance(data, dict)"]
    if model is not None:
        required = [f.wire for f in model.fields if f.required]
        if required:
            parts.append(f"data.keys() >= {{{', '.join(py_str(w) for w in required)}}}")
        parts += [f"data.get({py_str(wire)}) == {py_literal(value)}" for wire, value in _constants(w, model).items()]
    return parts


def _constants(w: Writer, model: Model) -> dict[str, object]:
    """The members of ``model`` that hold one value (a required member of a closed enum of one
    value): wire name -> that value. A value fits the model only where each holds it."""
    found: dict[str, object] = {}
    for f in model.fields:
        enum = w.enums.get(f.type.name) if f.type.kind == "enum" else None
        if f.required and enum is not None and not enum.open and len(enum.values) == 1:
            found[f.wire] = enum.values[0]
    return found


def fits(w: Writer, t: TypeRef) -> str | None:
    """A condition on ``data`` true when it can be ``t``; None when only trying tells."""
    cond: str | None
    if t.kind == "model":
        cond = " and ".join(_model_fit(w, t.name))
    elif t.kind == "enum":
        enum = w.enums.get(t.name)
        if enum is None or enum.open:
            cond = "isinstance(data, int)" if enum is not None and enum.base == "int" else "isinstance(data, str)"
        else:
            values = [py_literal(v) for v in enum.values]  # a comma only where a tuple needs it
            cond = f"data in ({values[0]},)" if len(values) == 1 else f"data in ({', '.join(values)})"
    elif t.kind in _FITS:
        cond = _FITS[t.kind]
    elif t.kind == "union" and not t.name:
        subs = [fits(w, v) for v in t.variants]
        cond = None if any(c is None for c in subs) else " or ".join(f"({c})" for c in subs if c)
    else:  # datetime, named union, any: only trying tells
        cond = None
    if cond is not None and t.nullable:
        cond = f"data is None or ({cond})"
    return cond


def by_tag(w: Writer, u: UnionDef) -> list[str] | None:
    """The arguments of the ``_unions.UnionByTag`` reading union ``u``, when every member is a
    model and some are told by a constant member (``type``: the member most of them hold one
    for), and its discriminator (if any) maps to models; else None (its decoder tests each
    member in turn). A member tested as a later one is marked ``?`` (only trying its
    ``from_dict`` tells them apart). Words with a space (or a wire name with ``=``) cannot be
    written in the table: None too."""
    tested = [_tested(w, t) for t in u.members]
    if not u.table or not tested or any(t is None for t in tested):
        return None
    members = [t for t in tested if t is not None]
    counts: dict[str, int] = {}
    for _name, _keys, consts in members:
        for key in consts:
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return None
    tag = max(counts, key=counts.__getitem__)  # the first of those most members hold
    if not all(_plain(k) and "=" not in k for _n, keys, _c in members for k in keys):
        return None
    if not all(_plain(v) for _n, _k, consts in members for v in consts.values()):
        return None
    mapped = []
    for value, t in u.tags if u.prop else ():
        if t.kind != "model" or t.nullable or not _plain(value):
            return None
        mapped.append(t.name if value == t.name else f"{value}={t.name}")
    conds = [fits(w, t) for t in u.members]
    words = [
        " ".join(
            [
                ("?" if conds[n] in conds[n + 1 :] else "") + name,
                *(f"{k}={consts[k]}" if k in consts else k for k in keys),
            ]
        )
        for n, (name, keys, consts) in enumerate(members)
    ]
    for t in u.members:
        w.decode(t, "data")  # the classes it reads (imported on first use)
    w.uses.add("UnionByTag")
    args = ["__name__", py_str(u.name), py_str(tag), *(py_str(text) for text in words)]
    if mapped:
        args += [f"mapped_by={py_str(u.prop)}", f"mapped={layout.string_value('    mapped=', mapped, ' ')}"]
    return args


def _tested(w: Writer, t: TypeRef) -> tuple[str, tuple[str, ...], dict[str, str]] | None:
    """(class, required wire names, constant members) of a member that is a model, as
    :func:`_model_fit` tests it; None for another member, or a constant that is no string."""
    model = w.models.get(t.name) if t.kind == "model" and not t.nullable else None
    if model is None or w.decode(t, "data") != f"{t.name}.from_dict(data)":
        return None
    consts = _constants(w, model)
    if not all(isinstance(value, str) for value in consts.values()):
        return None
    return t.name, tuple(f.wire for f in model.fields if f.required), {k: str(v) for k, v in consts.items()}


def _plain(word: str) -> bool:
    """A word the table can hold: no space, no control character, not empty."""
    return bool(word) and word.isprintable() and " " not in word
