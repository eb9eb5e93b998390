"""The view of the package's README: the operations and names its sections show as examples,
chosen from the IR before Jinja runs, so the README's templates only place them."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..ir import Api, ErrorType, Model, Operation


@dataclass(frozen=True, slots=True)
class ReadmeView:
    """What the README's sections show (each list in the order of the operations)."""

    method: str  # the first operation's method, the example of the test kit and of lazy loading
    route: str  # the first operation's HTTP method and path
    space: str  # the first operation's namespace (``files.passages``), the example of lazy loading
    iterators: tuple[Operation, ...]  # with a page iterator
    retried: tuple[Operation, ...]  # idempotent: retried on any transient failure
    guarded: tuple[Operation, ...]  # retried only when the request was not acted on
    switched: tuple[Operation, ...]  # answering JSON or, when asked, events
    event_ops: tuple[Operation, ...]  # answering events
    streamed: tuple[Operation, ...]  # the two above, in that order
    binaries: tuple[Operation, ...]  # answering bytes
    uploads: tuple[Operation, ...]  # sending files (multipart or raw bodies)
    missing: tuple[ErrorType, ...]  # the error types of status 404
    option_args: tuple[str, ...]  # the client options that required headers take, once each
    option_headers: tuple[str, ...]  # those headers
    model: str  # a model of the document, the example of ``models``
    client_args: str  # what ``Client(...)`` needs: ``base_url=...`` when the document names no server
    mismatch: tuple[str, str, str]  # an answer breaking its schema: (path, rule, JSON), or ("", "", "")
    error_fields: tuple[tuple[str, str], ...]  # (attribute of ApiError, where the body holds it)


def readme_view(api: Api) -> ReadmeView:
    ops = api.operations
    first = ops[0] if ops else None
    switched = tuple(op for op in ops if op.stream_switch)
    event_ops = tuple(op for op in ops if op.response_kind == "sse")
    options: dict[str, str] = {}  # client option -> header, the first header naming it
    for op in ops:
        for p in op.required_option_headers:
            assert p.option is not None
            options.setdefault(p.option.name, p.wire)
    model = _example_model(api)
    return ReadmeView(
        method=first.method_name if first else "<method>",
        route=f"{first.http_method} {first.path}" if first else "<HTTP method> <path>",
        space=".".join(first.space) if first else "<namespace>",
        iterators=tuple(op for op in ops if op.pagination),
        retried=tuple(op for op in ops if op.idempotent),
        guarded=tuple(op for op in ops if not op.idempotent),
        switched=switched,
        event_ops=event_ops,
        streamed=switched + event_ops,
        binaries=tuple(op for op in ops if op.response_kind == "binary"),
        uploads=tuple(op for op in ops if op.body and op.body.encoding in ("multipart", "raw")),
        missing=tuple(e for e in api.error_types if e.status == 404),
        option_args=tuple(options),
        option_headers=tuple(options.values()),
        model=model.name if model else "<Model>",
        client_args="" if api.base_url else 'base_url="https://..."',
        mismatch=_mismatch(model),
        error_fields=tuple((role, _path_text(paths[0])) for role, paths in api.error_fields),
    )


def _example_model(api: Api) -> Model | None:
    """The model the first operation answering one returns, else the document's first."""
    models = {m.name: m for m in api.models}
    for op in api.operations:
        if op.response_type is not None and op.response_type.name in models:
            return models[op.response_type.name]
    return api.models[0] if api.models else None


_RULES = {"str": ("expected string", "123"), "int": ("expected integer", '"1"'), "bool": ("expected boolean", '"yes"')}


def _mismatch(model: Model | None) -> tuple[str, str, str]:
    """A member of ``model`` of a scalar type and a JSON answer breaking it: (path, rule, JSON)."""
    for f in model.required_fields if model else ():
        if f.type.kind in _RULES and not f.type.nullable:
            rule, value = _RULES[f.type.kind]
            return f.wire, rule, "{" + json.dumps(f.wire) + f": {value}, ...}}"
    return "", "", ""


def _path_text(path: tuple[str | int, ...]) -> str:
    """``errors[0].message``: a path of an error body as the README writes it."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out
