"""The view of the package's README: the operations and names its sections show as examples,
chosen from the IR before Jinja runs, so the README's templates only place them."""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api, ErrorType, Operation


@dataclass(frozen=True, slots=True)
class ReadmeView:
    """What the README's sections show (each list in the order of the operations)."""

    method: str  # the first operation's method, the example of the test kit and of lazy loading
    route: str  # the first operation's HTTP method and path
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
    return ReadmeView(
        method=first.method_name if first else "<method>",
        route=f"{first.http_method} {first.path}" if first else "<HTTP method> <path>",
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
    )
