"""The Python spelling of the IR: the annotation of a type (:func:`annotation`, and
:func:`qualified` outside the models module) and of an operation's answer and decoders. The IR
holds structure only (kinds, names, nesting, flags); this module alone turns it into text, and
every stage that shows a type reads it here: emit writes the code with it, ``diff`` (the report
stage) shows return and field types with it, and lower asks it whether two union members read
the same (a decoder could not tell them apart)."""

from __future__ import annotations

import dataclasses

from .ir import Operation, TypeRef

MODELS = "models"
"""The package's module of definitions, as code outside it names them (``models.Table``)."""

# The annotations of the types that hold no other type, by kind.
_SCALARS = {
    "any": "Any",
    "str": "str",
    "int": "int",
    "float": "float",
    "bool": "bool",
    "none": "None",
    "datetime": "datetime",
    "file": "FileTypes",
}


def _named(t: TypeRef) -> bool:
    """True when ``t`` is spelled by its name: a model, an enum alias or a named union."""
    return t.kind in ("model", "enum") or (t.kind == "union" and bool(t.name))


def _base(t: TypeRef, module: str) -> str:
    """The annotation of ``t`` without its ``| None``; named types prefixed with ``module.``
    when ``module`` is given."""
    if _named(t):
        return f"{module}.{t.name}" if module else t.name
    if t.kind in ("list", "dict"):
        assert t.items is not None
        inner = _spell(t.items, module)
        return f"list[{inner}]" if t.kind == "list" else f"dict[str, {inner}]"
    if t.kind == "union":
        return " | ".join(_spell(v, module) for v in t.variants)
    return _SCALARS[t.kind]


def _spell(t: TypeRef, module: str) -> str:
    # ``Any`` and ``None`` already hold null: no ``| None`` after them.
    base = _base(t, module)
    return f"{base} | None" if t.nullable and t.kind not in ("any", "none") else base


def annotation(t: TypeRef) -> str:
    """The annotation of ``t`` inside the models module (``list[Table] | None``)."""
    return _spell(t, "")


def qualified(t: TypeRef, module: str = MODELS) -> str:
    """The annotation of ``t`` as written outside the models module (``list[models.Table]``)."""
    return _spell(t, module)


# The answers that are no JSON value, by kind (an event stream is spelled by its events).
_FIXED = {"none": "None", "text": "str", "binary": "BinaryResponse"}


def event_annotation(op: Operation) -> str:
    """One event of the operation's stream: the raw ``ServerSentEvent`` when it has no schema."""
    return "ServerSentEvent" if op.event_type is None else qualified(op.event_type)


def answer_annotation(op: Operation) -> str:
    """The answer of ``op`` as a plain call returns it (its JSON value, text, bytes or none)."""
    if op.response_type is not None:
        return qualified(maybe_empty(op))
    return _FIXED.get(op.response_kind) or f"Stream[{event_annotation(op)}]"


def maybe_empty(op: Operation) -> TypeRef:
    """The type of the operation's JSON answer, nullable when a success answer may have no
    content (read as ``None``)."""
    assert op.response_type is not None
    if op.may_be_empty and not op.response_type.nullable:
        return dataclasses.replace(op.response_type, nullable=True)
    return op.response_type


def return_annotation(op: Operation) -> str:
    """What the method of ``op`` returns, as ``diff`` shows it (``models.Table``, ``str``,
    ``Stream[models.Event]``, ``models.Answer | Stream[models.Event]``)."""
    answer = answer_annotation(op)
    return f"{answer} | Stream[{event_annotation(op)}]" if op.stream_switch else answer


def decoder(t: TypeRef | None, function: str) -> str:
    """The callable of ``models`` that reads a JSON value of type ``t``: the generated decoder
    ``function`` when there is one, else a model's ``from_dict``; "" when the value is kept as is."""
    if function:
        return function
    return f"{t.name}.from_dict" if t is not None and t.kind == "model" and not t.nullable else ""


def response_decoder(op: Operation) -> str:
    """:func:`decoder` of the operation's JSON answer."""
    return decoder(op.response_type, op.response_function)


def event_decoder(op: Operation) -> str:
    """:func:`decoder` of one event's JSON data."""
    return decoder(op.event_type, op.event_function)
