"""The pieces of ``_client`` that stream (issue 26): the return type of an event stream or binary
answer, the runtime call that reads it, and the arguments it gets (the event decoder and check,
the ``stream`` switch of an operation answering JSON or events)."""

from __future__ import annotations

from ..ir import Operation
from ..spelling import MODELS, answer_annotation, event_decoder, maybe_empty
from .writing import Writer


def streams(op: Operation) -> bool:
    """The operation may answer a stream of events."""
    return op.response_kind == "sse" or bool(op.stream_switch)


def event_annotation(w: Writer, op: Operation) -> str:
    etype = op.event_type
    if etype is None:
        w.uses.add("ServerSentEvent")
        return "ServerSentEvent"
    if etype.kind == "str":
        return "str"
    if etype.kind == "any":
        w.uses.add("Any")
        return "Any"
    return w.qualified(etype)


def stream_annotation(w: Writer, op: Operation, is_async: bool) -> str:
    cls = "AsyncStream" if is_async else "Stream"
    w.uses.add(cls)
    return f"{cls}[{event_annotation(w, op)}]"


def response_annotation(w: Writer, op: Operation, is_async: bool, answer: str) -> str:
    """The return annotation of the method of ``op`` (``answer``: that of its JSON answer)."""
    if op.response_kind == "sse":
        return stream_annotation(w, op, is_async)
    if op.response_kind == "binary":
        cls = "AsyncBinaryResponse" if is_async else "BinaryResponse"
        w.uses.add(cls)
        return cls
    if op.stream_switch:
        return f"{answer} | {stream_annotation(w, op, is_async)}"
    return answer


def plain_answer(w: Writer, op: Operation) -> str:
    """The annotation of the operation's answer as a plain call returns it (JSON, text, none)."""
    return w.qualified(maybe_empty(op)) if op.response_type is not None else answer_annotation(op)


def raw_body_annotation(w: Writer, text: bool) -> str:
    """A raw body argument: ``str``, else a file (bytes, a path, an open file or a tuple)."""
    if text:
        return "str"
    w.uses.add("FileTypes")
    return "FileTypes"


def request_function(w: Writer, op: Operation, is_async: bool) -> str:
    """What sends the request of ``op``: the transport's ``self._request``, or the function of
    ``_streaming`` or ``_binary`` for an answer of events or bytes (called with ``self`` first:
    only a package with such operations copies those modules)."""
    if op.response_kind == "sse":
        function = "request_events"
    elif op.response_kind == "binary":
        function = "request_binary"
    elif op.stream_switch:
        function = "request_json_or_events"
    else:
        return "self._request"
    function += "_async" if is_async else ""
    w.uses.add(function)
    return function


def event_decode(w: Writer, op: Operation) -> str:
    etype = op.event_type
    if etype is None:
        w.uses.add("raw_event")
        return "raw_event"
    if etype.kind == "str":
        w.uses.add("event_data")
        return "event_data"
    function = event_decoder(op)
    if not function:
        w.uses.add("event_json")
        return "event_json"
    w.uses.add(MODELS)
    return f"{MODELS}.{function}"


def event_check(w: Writer, op: Operation) -> str:
    etype = op.event_type
    if etype is None or etype.kind != "model":
        return ""
    function = next((v.function for v in w.api.response_validators if v.model == etype.name), "")
    if not function:
        return ""
    w.uses.add("_validators")
    return f"_validators.{function}"


def decode_arguments(w: Writer, op: Operation, answer_decode: str) -> list[str]:
    """The ``name=value`` arguments after ``body=`` that say how the answer is read."""
    if op.response_kind == "binary":
        return []
    check = event_check(w, op)
    if op.response_kind == "sse":
        return [f"decode={event_decode(w, op)}"] + ([f"check={check}"] if check else [])
    lines = [f"decode={answer_decode}"]
    if op.stream_switch:
        lines += [f"stream={op.stream_switch} is True", f"event_decode={event_decode(w, op)}"]
        lines += [f"event_check={check}"] if check else []
    return lines


def overload_annotation(w: Writer, op: Operation, variant: str) -> str:
    """The annotation of the ``stream`` argument in one overload: ``true``, ``false`` or ``bool``."""
    w.uses.add("Literal")
    if variant == "true":
        return "Literal[True]"
    w.uses.add("Unset")
    arg = next(a for a in op.arguments if a.name == op.stream_switch)
    null = " | None" if arg.type.nullable else ""  # None (sent as null) answers JSON too
    return f"Literal[False]{null} | Unset" if variant == "false" else f"bool{null} | Unset"


def overloads(w: Writer, op: Operation, is_async: bool) -> list[tuple[str, str, str]]:
    """(stream argument annotation, its default or "", return annotation) of each overload of a
    method answering JSON or events; none for other methods."""
    if not op.stream_switch:
        return []
    w.uses.add("overload")
    answer = plain_answer(w, op)
    events = stream_annotation(w, op, is_async)
    return [
        (overload_annotation(w, op, "true"), "", events),
        (overload_annotation(w, op, "false"), "UNSET", answer),
        (overload_annotation(w, op, "bool"), "UNSET", f"{answer} | {events}"),
    ]
