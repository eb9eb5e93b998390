"""The writer's part for models: members, ``from_dict`` and ``to_dict`` statements, key sets, enum aliases.

Each member is read into a local, converted only when it holds a value (not absent, not null),
then stored: plain statements, laid out the way Black would (:mod:`generator.emit.layout`), so that
the largest part of a large package costs Black one pass.

An optional member that is absent reads as ``None`` (typed ``X | None``). Which members were
present is kept apart only where it can differ from "not ``None``": an optional member holding an
explicit ``null`` is recorded in the model's ``_nulls`` (attribute names), which ``fields_set``,
``to_dict`` and the ``repr`` read. Any optional member: a ``null`` the schema does not allow is
kept too (reading is lenient and loses nothing; ``strict_responses`` refuses it, naming the
member).

Nulls and unknown members are rare, so ``from_dict`` tests for both at once by a length: the JSON
object holds exactly the members read when its length is the number of members less the optional
ones read as ``None`` (every required one was found). Only when it does not (an unknown member or
a null) are the members walked: for the unknown ones, and each optional member read as ``None``
for a null. A model with optional members takes that length, and the check that no scalar member
holds an object or array, from one look-up: its class and the types of the members read (the
runtime's ``_SHAPES``, filled by ``_shape`` the first time a combination is read), instead of a
test of each member (about a third of the time of a model of scalars went to those tests).
"""

from __future__ import annotations

from dataclasses import replace

from ..ir import Api, EnumAlias, Field, Model, TypeRef
from . import layout
from .literals import py_literal, py_str
from .writing import Writer

_BODY = 8  # from_dict's statements stand in a method of a class
_TO_DICT_VALUE = 12  # where to_dict's dict entries and stores stand (in the body, one level in)


def local(f: Field) -> str:
    """The local holding member ``f`` in ``from_dict``. Field names are unique, so are these;
    no name of the models module starts so (they are CamelCase, ``_private`` or imports), so a
    member cannot shadow a helper (a member ``parse_datetime`` and ``_parse_datetime``)."""
    return f"m_{f.name}"


def keeps_null(t: TypeRef) -> bool:
    """Whether ``t`` admits JSON ``null`` (then a null member is kept apart from an absent one)."""
    if t.nullable or t.kind in ("any", "none"):
        return True
    return t.kind == "union" and not t.name and any(keeps_null(v) for v in t.variants)


def null_members(m: Model) -> tuple[Field, ...]:
    """The optional members of ``m`` whose schema admits ``null`` (``None`` given by hand is
    ``null``). Any optional member read from an answer may hold one all the same."""
    return tuple(f for f in m.optional_fields if keeps_null(f.type))


def member_annotation(w: Writer, f: Field) -> str:
    """``X``, or ``X | None`` for an optional member (``None`` when absent)."""
    text = w.annotation(f.type)
    return text if f.required or keeps_null(f.type) else f"{text} | None"


def member_default(w: Writer, f: Field) -> str:
    """`` = None``, `` = ABSENT`` for a nullable optional member (``None`` given is null)."""
    if f.required:
        return ""
    if keeps_null(f.type):
        w.uses.add("ABSENT")
        return " = ABSENT"
    return " = None"


def nulls_slot(w: Writer, m: Model) -> list[str]:
    """``__post_init__`` of a model with nullable optional members (``None`` given by hand is a
    null, kept in ``_nulls``, the slot every model has from ``_Model``); none for the others."""
    names = [py_str(f.name) for f in null_members(m)]
    if not names:
        return []
    w.uses.add("_given_nulls")
    members = f"({', '.join(names)},)" if len(names) == 1 else f"({', '.join(names)})"
    store = layout.assigned(
        "self._nulls = ", lambda prefix, at: layout.call(prefix + "_given_nulls", ["self", members], "", at), 8
    )
    return ["def __post_init__(self) -> None:", *layout.indented(store)]


def body(w: Writer, m: Model) -> list[str]:
    """The statements of ``m``'s ``from_dict`` after its docstring."""
    w.uses.add("_new")
    lines = ["obj = _new(cls)  # object.__new__: every slot is set below, no __init__ on the hot path"]
    for f in m.fields:
        lines += _member(w, f)
    if m.optional_fields:
        return [*lines, *_shape(w, m), *_unread(w, m)]
    return [*lines, *_scalar_guard(w, m), *_unread(w, m), "return obj"]


def _member(w: Writer, f: Field) -> list[str]:
    if f.required:
        return _required(w, f)
    # data.get(...) each time: binding data.get first costs more than it saves
    read, target, name = f"data.get({py_str(f.wire)})", f"obj.{f.name}", local(f)
    if f.type.is_identity and f.type.is_scalar:
        return [f"{target} = {name} = {read}"]
    if f.type.is_identity:
        w.uses.add("_bounded")  # kept as it came: its nesting is bounded here (absent: no call)
        convert = [f"    {name} = _bounded({name})"]
    else:
        convert = layout.indented(_decoded(w, f.type, name, name, _BODY + 4))
    return [f"{name} = {read}", f"if {name} is not None:", *convert, f"{target} = {name}"]


def _required(w: Writer, f: Field) -> list[str]:
    read, target = f"data[{py_str(f.wire)}]", f"obj.{f.name}"
    if f.type.is_identity:
        if f.type.is_scalar:  # kept in a local too, for the guard below
            return [f"{target} = {local(f)} = {read}"]
        w.uses.add("_bounded")  # kept as it came: its nesting is bounded here
        return [f"{target} = _bounded({read})"]
    name = local(f)
    if not f.type.nullable:
        direct = f"{target} = {w.decode(f.type, read)}"
        if layout.fits(_BODY, direct):
            return [direct]
        return [f"{name} = {read}", *_decoded(w, f.type, target, name, _BODY)]
    convert = layout.indented(_decoded(w, f.type, name, name, _BODY + 4))
    return [f"{name} = {read}", f"if {name} is not None:", *convert, f"{target} = {name}"]


def _decoded(w: Writer, t: TypeRef, target: str, src: str, indent: int) -> list[str]:
    """``target = <src read as t>`` (``src`` not null), split as Black would when too long: a
    call at its brackets, a comprehension before its ``for``."""
    value = w.decode_value(t, src)
    if layout.fits(indent, f"{target} = {value}"):
        return [f"{target} = {value}"]
    function = w.decoder(t)
    if function:
        return layout.assigned(f"{target} = ", lambda prefix, at: layout.call(prefix + function, [src], "", at), indent)
    assert t.items is not None  # a list or a dict: the other kinds have a reading function
    return _comprehension(w.decode(t.items, "_v0", 1), t, f"{target} = ", src, "", indent)


def _comprehension(element: str, t: TypeRef, head: str, src: str, tail: str, indent: int) -> list[str]:
    """``head[element for _v0 in src]tail``, or the dict comprehension of a dict ``t``, split
    as Black would: the brackets on their own lines, then before ``for`` if still too long."""
    if t.kind == "list":
        opening, loop, closing = "[", f"for _v0 in {src}", "]"
    else:
        opening, loop, closing, element = "{", f"for _k0, _v0 in {src}.items()", "}", f"_k0: {element}"
    inside = [f"{element} {loop}"] if layout.fits(indent + layout.STEP, f"{element} {loop}") else [element, loop]
    return [f"{head}{opening}", *layout.indented(inside), closing + tail]


def _scalars(m: Model, required: bool) -> list[Field]:
    """The required (or optional) members of ``m`` kept as they came that are scalars."""
    return [f for f in m.fields if f.required == required and f.type.is_identity and f.type.is_scalar]


def _scalar_guard(w: Writer, m: Model) -> list[str]:
    """Refuse an object or array read where ``m`` (no optional members) declares a scalar:
    lenient decoding accepts unseen values, never a value of another shape. (The client then
    finds and names the member; this only has to notice, at a few ns a member.)"""
    terms = [f"type({local(f)}) in _NOT_SCALAR" for f in _scalars(m, True)]
    if not terms:
        return []
    w.uses.add("_NOT_SCALAR")  # the runtime's _CONTAINERS: what JSON parsers build
    message = 'f"{cls.__name__}: an object or array where a scalar member is declared"'
    return [*layout.condition("if", terms, "or", _BODY), f"    raise TypeError({message})"]


def _shape(w: Writer, m: Model) -> list[str]:
    """``length``: the length of ``data`` when it holds the members read and no explicit null,
    looked up by the model's class and the types of its members read (the required scalar ones,
    then the optional scalar ones, then the other optional ones: ``_shape`` reads them so, refuses
    an object or array among the scalar ones, and remembers the length of the others)."""
    w.uses.update(("_SHAPES", "_shape"))
    required, optional = _scalars(m, True), _scalars(m, False)
    scalars = {f.name for f in optional}
    others = [f for f in m.optional_fields if f.name not in scalars]
    types = [f"type({local(f)})" for f in (*required, *optional, *others)]
    counts = f"{len(required)}, {len(required) + len(optional)}, {len(m.fields)}"
    return [
        *layout.call("sig = ", ["cls", *types], "", _BODY),
        "try:",
        "    length = _SHAPES[sig]",
        "except KeyError:  # the first answer of this shape",
        f"    length = _shape(sig, {counts})",
    ]


def _unread(w: Writer, m: Model) -> list[str]:
    """``obj.extra_members`` and ``obj._nulls``: the shared empty ones when ``data`` holds just
    the members read (the usual answer), told by its length; else found by a walk (the
    runtime's ``_unusual``)."""
    w.uses.update(("_NO_EXTRA", "_NO_NULLS"))
    count, keys = len(m.fields), m.keys_const
    if not m.optional_fields:
        w.uses.add("_extra_members")
        nulls = "obj._nulls = _NO_NULLS  # none: no optional member"
        value = f"_NO_EXTRA if len(data) == {count} else _extra_members(data, {keys})"
        if layout.fits(_BODY, f"obj.extra_members = {value}"):
            return [f"obj.extra_members = {value}", nulls]
        return ["obj.extra_members = (", f"    {value}", ")", nulls]
    w.uses.add("_unusual")
    return [
        "if len(data) == length:  # no null, no unknown member: the usual answer",
        "    obj.extra_members = _NO_EXTRA",
        "    obj._nulls = _NO_NULLS",
        "    return obj",
        *layout.call("return _unusual", ["obj", "data", keys, m.optional_const], "", _BODY),
    ]


def to_dict_body(w: Writer, m: Model) -> list[str]:
    """Statements of ``to_dict``: the required members in the dict literal, each optional one
    when it is present (not ``None``, or an explicit null: then its value is ``None``), then the
    unknown members kept. Unrolled: ``to_dict`` is on the call path of a request body."""
    lines = ["out: dict[str, Any] = {}"]
    if m.required_fields:
        entries = [line for f in m.required_fields for line in _encoded(w, f, f"{py_literal(f.wire)}: ", ",")]
        lines = ["out: dict[str, Any] = {", *layout.indented(entries), "}"]
    for f in m.optional_fields:
        terms = [f"self.{f.name} is not None", f"{py_str(f.name)} in self._nulls"]
        value = replace(f, type=replace(f.type, nullable=True))  # None (a null) is written as it is
        lines += [*layout.condition("if", terms, "or", _TO_DICT_VALUE - layout.STEP)]
        lines += layout.indented(_encoded(w, value, f"out[{py_literal(f.wire)}] = ", ""))
    return [*lines, "if self.extra_members:", "    out.update(self.extra_members)", "return out"]


def _encoded(w: Writer, f: Field, head: str, tail: str) -> list[str]:
    """``head <f as JSON>tail`` (a dict entry ``"wire": `` and ``,``, or ``out["wire"] = ``) in
    ``to_dict``; a nullable member's conditional expression that does not fit is put in
    parentheses, and split before ``if`` and ``else`` if it still does not fit, as Black does."""
    value = w.field_encode(f)
    src = f"self.{f.name}"
    if layout.fits(_TO_DICT_VALUE, f"{head}{value}{tail}") or f.type.is_identity:
        return [f"{head}{value}{tail}"]
    if not f.type.nullable:
        if f.type.items is None:
            return [f"{head}{value}{tail}"]
        return _comprehension(w.encode(f.type.items, "_v0", 1), f.type, head, src, tail, _TO_DICT_VALUE)
    if layout.fits(_TO_DICT_VALUE + layout.STEP, value):
        return [f"{head}(", f"    {value}", f"){tail}"]
    inner = w.encode(replace(f.type, nullable=False), src)
    return [f"{head}(", "    None", f"    if {src} is None", f"    else {inner}", f"){tail}"]


def packable(m: Model) -> bool:
    """Whether the names of ``m`` can be written packed (:func:`keys_constant`): no wire name is
    empty or holds whitespace (the separator is a space; any whitespace, a ``\\n`` or a no-break
    space too, keeps the literal form) and each attribute is an identifier (``attribute=wire`` is
    cut at its first ``=``, so a wire name may hold one); else both constants are literals."""
    return all(f.wire != "" and not any(c.isspace() for c in f.wire) and f.name.isidentifier() for f in m.fields)


def keys_constant(w: Writer, m: Model) -> list[str]:
    """``_NAME_KEYS = _names("id object created_at")``: the model's wire names, packed in one
    string (split over lines, joined implicitly) that the runtime's ``_names`` reads once at import
    into a ``frozenset[str]``; ``_NAME_KEYS: frozenset[str] = frozenset({...})`` where they cannot
    be packed (:func:`packable`). Packed, a large package's key sets take a few lines each, not one
    a wire name."""
    if not m.fields:
        return [f"{m.keys_const}: frozenset[str] = frozenset()"]
    if packable(m):
        w.uses.add("_names")
        return _packed(m.keys_const, "_names", [f.wire for f in m.fields])
    wires = [py_str(f.wire) for f in m.fields]

    def value(prefix: str, at: int) -> list[str]:
        members = f"{{{', '.join(wires)}}}"
        if layout.fits(at, f"{prefix}frozenset({members})") or layout.fits(at + layout.STEP, members):
            return layout.call(f"{prefix}frozenset", [members], "", at)
        return [f"{prefix}frozenset(", *layout.indented(["{", *(f"    {wire}," for wire in wires), "}"]), ")"]

    return layout.assigned(f"{m.keys_const}: frozenset[str] = ", value, 0)


def optional_constant(w: Writer, m: Model) -> list[str]:
    """``_NAME_OPTIONAL = _optional("type object_=object id")``: the model's optional members, each
    its attribute name, or ``attribute=wire name`` where they differ, packed as the key set is (the
    runtime's ``_optional`` reads it once at import into the tuple ``_unusual`` reads); where they
    cannot be, the tuple itself: each attribute name or ``(attribute, wire name)``."""
    if not m.optional_fields:
        return []
    if packable(m):
        w.uses.add("_optional")
        words = [f.name if f.name == f.wire else f"{f.name}={f.wire}" for f in m.optional_fields]
        return _packed(m.optional_const, "_optional", words)
    members = [
        py_str(f.name) if f.name == f.wire else f"({py_str(f.name)}, {py_str(f.wire)})" for f in m.optional_fields
    ]
    if len(members) == 1:
        members[0] += ","
    return layout.assigned(f"{m.optional_const} = ", lambda prefix, at: layout.call(prefix, members, "", at), 0)


def _packed(name: str, reader: str, words: list[str]) -> list[str]:
    """``name = reader("word word ...")``: on one line, else the string split over lines
    (:func:`layout.packed`) between the call's parentheses, as Black and Ruff's formatter keep it."""

    def value(prefix: str, at: int) -> list[str]:
        whole = py_str(" ".join(words))
        if layout.fits(at, f"{prefix}{reader}({whole})"):
            return [f"{prefix}{reader}({whole})"]
        return [f"{prefix}{reader}(", *layout.indented(layout.packed(words, at + layout.STEP)), ")"]

    return layout.assigned(f"{name} = ", value, 0)


def enum_alias(e: EnumAlias) -> list[str]:
    """The lines of ``Name: TypeAlias = Literal[...]`` (``| base`` for an open set)."""
    values = [py_literal(v) for v in e.values]
    head = f"{e.name}: TypeAlias = "
    if not e.open:
        return layout.assigned(head, lambda prefix, at: layout.call(f"{prefix}Literal", values, "", at, "[]"), 0)
    literal = layout.call("Literal", values, "", layout.STEP, "[]")
    return layout.union_in_parentheses(head, literal, [e.base], 0)


def optional_example(api: Api) -> tuple[str, str, str] | None:
    """(a call answering a model, the model holding an optional string member, that member) for
    the README's example of optional members (``client.get_user(id=...)``, ``answer.user``,
    ``name``): the shallowest such member under an answer, through required model members; None
    when there is none."""
    models = {m.name: m for m in api.models}
    best: tuple[int, str, tuple[str, ...]] | None = None
    for op in api.operations:
        t = op.response_type
        if op.response_kind != "json" or t is None or t.kind != "model" or op.stream_switch:
            continue
        found = _optional_string(models, t.name)
        if found is not None and (best is None or len(found) < best[0]):
            args = ", ".join(f"{a.name}=..." for a in op.arguments if a.required)
            best = (len(found), f"client.{'.'.join((*op.space, op.space_method))}({args})", found)
    if best is None:
        return None
    return best[1], ".".join(("answer", *best[2][:-1])), best[2][-1]


def _optional_string(models: dict[str, Model], root: str) -> tuple[str, ...] | None:
    """The path of attribute names to the first optional string member, breadth first."""
    level: list[tuple[str, tuple[str, ...]]] = [(root, ())]
    seen = {root}
    for _ in range(3):
        below: list[tuple[str, tuple[str, ...]]] = []
        for name, path in level:
            model = models.get(name)
            if model is None:
                continue
            for f in model.optional_fields:
                if f.type.kind == "str" and not keeps_null(f.type):
                    return (*path, f.name)
            for f in model.required_fields:
                if f.type.kind == "model" and not f.type.nullable and f.type.name not in seen:
                    seen.add(f.type.name)
                    below.append((f.type.name, (*path, f.name)))
        level = below
    return None
