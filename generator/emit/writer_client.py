"""The writer's part for the client's methods (``_resources``): the annotations, defaults and
JSON forms of arguments, the request mappings of parameters by their style, the return
annotations and the decoders of answers."""

from __future__ import annotations

from ..ir import Api, BodyArg, Operation, Parameter
from ..spelling import MODELS, response_decoder
from . import layout, writer_streams, writer_typeddicts
from .literals import py_literal, py_str
from .writing import Writer


def arg_annotation(w: Writer, a: Parameter | BodyArg) -> str:
    """The annotation of an argument of a method (a line of its own, in a class)."""
    optional = not a.required
    if optional:
        w.uses.add("Unset")
    if isinstance(a, BodyArg) and a.raw:  # text, or a file to upload (streamed)
        text = writer_streams.raw_body_annotation(w, a.type.kind == "str")
    else:
        text = w.qualified(a.type)
        if writer_typeddicts.has_typed_dict(w, a.type):  # the model or its JSON form (a TypedDict)
            text = writer_typeddicts.accepting(w, a.type, MODELS + ".")
    text += " | Unset" if optional else ""
    return layout.parameter_annotation(a.name, text, "UNSET" if optional else "", 2 * layout.STEP)


def arg_default(w: Writer, a: Parameter | BodyArg) -> str:
    if a.required:
        return ""
    w.uses.add("UNSET")
    return "UNSET"


def arg_encode(w: Writer, a: Parameter | BodyArg) -> str:
    """An argument as JSON; object arguments may be their model or a plain mapping."""
    if (isinstance(a, BodyArg) and a.raw) or a.type.is_identity:
        return a.name
    w.uses.add("_to_json")
    return f"_to_json({a.name})"


def param_entry(w: Writer, p: Parameter) -> str:
    """The ``"wire": expression`` entry (or ``**expression``) of a parameter's mapping."""
    if p.style == "joined":
        w.uses.add("_joined")
        return f"{py_str(p.wire)}: _joined({p.name}, {py_str(p.delimiter)})"
    if p.style == "deep_object":
        w.uses.add("_deep_object")
        return f"**_deep_object({py_str(p.wire)}, {arg_encode(w, p)})"
    if p.style == "exploded":
        w.uses.add("_exploded")
        return f"**_exploded({arg_encode(w, p)})"
    if p.style == "joined_object":
        w.uses.add("_joined_object")
        return f"{py_str(p.wire)}: _joined_object({arg_encode(w, p)})"
    if p.style in ("label", "simple_object"):
        function = "_label" if p.style == "label" else "_object_text"
        w.uses.add(function)
        return f"{py_str(p.wire)}: {function}({arg_encode(w, p)}, {p.explode})"
    if p.style == "matrix":
        w.uses.add("_matrix")
        return f"{py_str(p.wire)}: _matrix({py_str(p.wire)}, {arg_encode(w, p)}, {p.explode})"
    return f"{py_str(p.wire)}: {arg_encode(w, p)}"


def response_annotation(w: Writer, op: Operation, is_async: bool) -> str:
    """The return annotation of the method of ``op``."""
    return writer_streams.response_annotation(w, op, is_async, writer_streams.plain_answer(w, op))


def response_decode(w: Writer, op: Operation) -> str:
    """The callable decoding the operation's JSON answer, ``None`` when there is none."""
    function = response_decoder(op)
    if not function:
        return "None"
    w.uses.add(MODELS)
    return f"{MODELS}.{function}"


def iter_return(w: Writer, op: Operation, is_async: bool) -> str:
    """The return annotation of the page iterator of ``op``."""
    assert op.pagination is not None
    iterator = "AsyncIterator" if is_async else "Iterator"
    w.uses.add(iterator)
    return f"{iterator}[{w.qualified(op.pagination.item_type)}]"


def response_check(api: Api, op: Operation) -> str:
    """The response check of an operation's answer, "" when it has none."""
    rtype = op.response_type
    if op.response_kind != "json" or rtype is None or rtype.kind != "model":
        return ""
    return next((v.function for v in api.response_validators if v.model == rtype.name), "")


def constant(w: Writer, op: Operation, validate: str | None) -> str:
    """The statement of the module constant holding the operation's static facts; ``validate``:
    the function checking its arguments, when they have a rule to check."""
    w.uses.add("Operation")
    args = [py_literal(op.operation_id), py_literal(op.http_method), py_literal(op.path), f"idempotent={op.idempotent}"]
    if op.body:  # what differs from the defaults (a JSON body)
        if op.body.content_type != "application/json":
            args.append(f"content_type={py_literal(op.body.content_type)}")
        if op.body.encoding != "json":
            args.append(f"encoding={py_literal(op.body.encoding)}")
        if op.body.part_types:
            args.append(f"part_types={py_literal(op.body.part_types)}")
        if op.body.encoding in ("multipart", "raw"):  # only such a package copies ``_uploads``
            w.uses.add("encode_upload")
            args.append("upload=encode_upload")
    if op.response_kind != "json":
        args.append(f"response={py_literal(op.response_kind)}")
    if op.accept:
        args.append(f"accept={py_literal(', '.join(op.accept))}")
    if op.may_be_empty:
        args.append("empty=True")
    if op.redirects:
        args.append(f"answers={py_literal(op.redirects)}")
    check = response_check(w.api, op)
    if check:  # a stand-in (``_lazy.deferred``): its module is imported on the first check
        w.uses.add(check)
        args.append(f"check_response={check}")
    if validate:
        args.append(f"validate={validate}")
    if op.security is not None:  # its own requirement, not the document's
        args.append(f"security={py_literal(op.security)}")
    if op.required_option_headers:  # ((wire, argument), ...) the client configuration may supply
        args.append(f"required_headers={py_literal(tuple((p.wire, p.name) for p in op.required_option_headers))}")
    return f"{op.const_name} = Operation({', '.join(args)})"  # laid out by the formatter
