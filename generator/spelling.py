"""The Python spelling of an operation's answer, shared by the emitted code and by ``diff``
(:mod:`generator.report.operation_changes`), so a return type reads the same in both. The IR
holds the structure (the answer's kind and types, the names of its decoders); this module alone
turns it into text."""

from __future__ import annotations

from .ir import Operation, TypeRef

MODELS = "models"
"""The package's module of definitions, as code outside it names them (``models.Table``)."""

# The answers that are no JSON value, by kind (an event stream is spelled by its events).
_FIXED = {"none": "None", "text": "str", "binary": "BinaryResponse"}


def event_annotation(op: Operation) -> str:
    """One event of the operation's stream: the raw ``ServerSentEvent`` when it has no schema."""
    return "ServerSentEvent" if op.event_type is None else op.event_type.qualified(MODELS)


def answer_annotation(op: Operation) -> str:
    """The answer of ``op`` as a plain call returns it (its JSON value, text, bytes or none)."""
    if op.response_type is not None:
        return op.response_type.qualified(MODELS)
    return _FIXED.get(op.response_kind) or f"Stream[{event_annotation(op)}]"


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
