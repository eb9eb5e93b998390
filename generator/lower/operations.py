"""Operations: one client method per path and method, reading the models built before.

Each operation's parts are lowered by their own module: :mod:`~generator.lower.parameters`,
:mod:`~generator.lower.bodies`, :mod:`~generator.lower.responses` (and, from the error schemas
the responses gather, :mod:`~generator.lower.error_types`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..ir import ErrorFields, ErrorType, Operation, OperationValidator, Pagination, Parameter, TypeRef
from ..load.openapi import HTTP_METHODS
from ..load.reader import Node
from .bodies import Unsupported, body_arguments, request_body
from .checks import CheckBuilder
from .error_fields import error_fields
from .error_types import error_types
from .media import with_events
from .models import ModelBuilder
from .names import Arguments
from .naming import pascal_case, snake_case
from .parameters import ParameterBuilder
from .responses import ResponseBuilder
from .schema import text, url_path

IDEMPOTENT_METHODS = frozenset({"get", "put", "delete", "options", "head", "trace"})


@dataclass
class Draft:
    """An operation built before the models: an object body has no arguments yet, nor is
    pagination known (:meth:`OperationBuilder.complete` fills both)."""

    op: Operation
    node: Node
    body_schema: Node | None  # the schema of an object body, whose members become arguments
    arguments: Arguments
    event: tuple[TypeRef | None, str] | None = None  # events of a JSON answer, if asked for


class OperationBuilder:
    def __init__(self, b: ModelBuilder, authorizing: frozenset[str] = frozenset()) -> None:
        self.b = b
        self.checks = CheckBuilder(b)
        self.parameters = ParameterBuilder(b, self.checks, authorizing)
        self.responses = ResponseBuilder(b)

    def draft_all(self) -> list[Draft]:
        """Every operation, before the models are built: the types it reaches are named (and
        so queued for building); what needs a built model is left for :meth:`complete`."""
        root = self.b.doc.root
        paths = root.value.get("paths") or {}
        drafts: list[Draft] = []
        if not isinstance(paths, dict):
            return drafts
        for path in paths:
            item = self.b.deref(root.child("paths", path))
            if not isinstance(item.value, dict):
                continue
            for method in item.value:
                if method not in HTTP_METHODS:
                    continue
                op_node = self.b.deref(item.child(method))
                if not isinstance(op_node.value, dict):
                    continue
                draft = self.draft(path, method, item, op_node)
                if draft is not None:
                    drafts.append(draft)
        return drafts

    def complete(self, draft: Draft) -> Operation:
        """The operation with what needs built models: the arguments of an object body (one per
        member) and the page iterator (named once every method is: methods come first)."""
        op = draft.op
        if draft.body_schema is not None and op.body is not None:
            args = body_arguments(self.b.models[op.body.model], draft.body_schema, draft.arguments)
            op = dataclasses.replace(op, body=dataclasses.replace(op.body, args=args))
        if draft.event is not None:
            op = with_events(op, draft.event, self.responses.decoders)
        pagination = self._pagination(op.method_name, op.params, op.response_type)
        if pagination is not None:
            iter_name = self.b.namer.iter_method(op.method_name, draft.node)
            pagination = None if iter_name is None else dataclasses.replace(pagination, iter_name=iter_name)
        return dataclasses.replace(op, pagination=pagination)

    def error_fields(self) -> ErrorFields:
        """Where the error bodies put what ``ApiError`` reads (after every operation is built)."""
        return error_fields(self.b, self.responses.failure_schemas)

    def error_types(self) -> tuple[tuple[ErrorType, ...], str]:
        """The error classes the operations' error schemas name, and the member that names them."""
        return error_types(self.b, self.responses.error_schemas)

    def draft(self, path: str, method: str, item: Node, op: Node) -> Draft | None:
        if (path, method) in self.b.doc.skipped_operations:
            return None
        try:
            return self._draft(path, method, item, op)
        except Unsupported as exc:
            self.b.warn(exc.node, f"{exc.message}; operation left out", "operation-left-out")
            return None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # A shape of document this generator does not handle: a fault of ours, and one
            # operation's, not the whole document's.
            detail = " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
            self.b.warn(
                op,
                f"the generator could not build this operation ({detail}; please report it); left out",
                "operation-left-out",
            )
            return None

    def _draft(self, path: str, method: str, item: Node, op: Node) -> Draft | None:
        b = self.b
        spec = op.value
        op_id = spec.get("operationId")
        if not isinstance(op_id, str) or not snake_case(op_id).strip("_"):
            op_id = snake_case(f"{method} {path}")
        method_name = b.namer.method(op_id, op.child("operationId") if "operationId" in spec else op)
        context = pascal_case(op_id)
        arguments = b.namer.arguments(method_name)
        params, param_checks = self.parameters.build(path, item, op, context, arguments)
        body, body_schema = request_body(b, op, context, arguments)
        response_type, decoder, response_kind = self.responses.result(op, context, method_name)
        event, deferred = self.responses.event, None  # JSON, or events when a body member asks (built later)
        if event is not None and response_kind != "sse":
            deferred, event = (event if response_kind == "json" else None), None
        b.namer.take_method(method_name, op_id)
        body_validator = ""
        if body is not None and body.model:
            self.checks.want(body.model)
            body_validator = b.namer.validator(body.model)
        validator = OperationValidator(
            function=b.namer.operation_check(method_name), params=param_checks, body_validator=body_validator
        )
        listed = spec.get("tags")
        tags = tuple(t for t in listed if isinstance(t, str)) if isinstance(listed, list) else ()
        operation = Operation(
            operation_id=op_id,
            method_name=method_name,
            const_name=b.namer.operation_const(method_name),
            http_method=method.upper(),
            path=url_path(path, [p.wire for p in params if p.location == "query"]),
            tag=tags[0] if tags else "",
            tags=tags,
            summary=text(spec.get("summary")),
            description=text(spec.get("description")),
            deprecated=bool(spec.get("deprecated")),
            idempotent=method in IDEMPOTENT_METHODS or spec.get("x-idempotent") is True,
            params=params,
            body=body,
            response_type=response_type,
            response_function=decoder,
            response_kind=response_kind,
            pagination=None,
            source=b.where(op),
            validator=validator,
            event_type=None if event is None else event[0],
            event_function="" if event is None else event[1],
            response_example=self.responses.example,
            event_example=self.responses.event_example,
            accept=_accept(self.responses.accept, response_kind, self._accept_values(item, op)),
            may_be_empty=self.responses.may_be_empty and response_kind == "json",
            redirects=_redirects(spec.get("responses")),
        )
        return Draft(operation, op, body_schema, arguments, deferred)

    def _accept_values(self, item: Node, op: Node) -> tuple[str, ...]:
        """The values the document allows its ``Accept`` header parameter (an ``enum``), where
        it declares one (va.gov's: one media type of three, each a format of the answer)."""
        for owner in (op, item):
            listed = owner.value.get("parameters")
            for index in range(len(listed) if isinstance(listed, list) else 0):
                node = self.b.deref(owner.child("parameters", index))
                param = node.value
                if not isinstance(param, dict) or str(param.get("name", "")).lower() != "accept":
                    continue
                if param.get("in") == "header" and isinstance(param.get("schema"), dict):
                    values = self.b.deref(node.child("schema")).value.get("enum")
                    return tuple(v for v in values if isinstance(v, str)) if isinstance(values, list) else ()
        return ()

    def _pagination(
        self, method_name: str, params: tuple[Parameter, ...], response: TypeRef | None
    ) -> Pagination | None:
        token = next((p for p in params if p.location == "query" and p.wire == "nextToken"), None)
        if token is None or response is None or response.kind != "model" or response.nullable:
            return None
        page = self.b.models.get(response.name)
        if page is None:
            return None
        meta = next((f for f in page.fields if f.wire == "meta" and f.type.kind == "model"), None)
        lists = [f for f in page.fields if f.type.kind == "list" and f.type.items is not None]
        if meta is None or len(lists) != 1:
            return None
        meta_model = self.b.models[meta.type.name]
        next_field = next((f for f in meta_model.fields if f.wire == "nextToken"), None)
        if next_field is None:
            return None
        items = lists[0]
        assert items.type.items is not None
        return Pagination(
            iter_name="",  # named once every method is (methods come first)
            items_attr=items.name,
            item_type=items.type.items,
            token_param=token.name,
            token_path=(meta.name, next_field.name),
            items_may_be_none=not items.required or items.type.nullable,
            meta_may_be_none=not meta.required or meta.type.nullable,
        )


_DEFAULT_ACCEPT = {"json": ("application/json",), "sse": ("text/event-stream",)}


def _accept(media: tuple[str, ...], kind: str, allowed: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The ``Accept`` of an operation: the media types its success answers declare, unless they
    are only what the client sends for its kind of answer anyway (``application/json``), or a
    wildcard is among them (the runtime's default of the kind then; JSON read from a wildcard
    asks for JSON first: ``application/json, */*``). An answer the client does not read (kind
    ``none``: spinbot.net's ``default`` answer of ``*/*``) asks for what is declared: the
    runtime's default for it, JSON, would narrow it (a server may refuse with 406). Where the
    document's ``Accept`` parameter allows a list of values (``allowed``), the first of the
    media types read that it allows, alone."""
    media = tuple(m for m in media if m.split(";")[0].strip().lower() != "text/event-stream")
    chosen = [m for m in media if m in allowed]
    if chosen:  # an Accept parameter allows one value of a list: the first it allows, of those read
        return (chosen[0],)
    if any("*" in m for m in media) and kind == "json":
        return tuple(dict.fromkeys(("application/json", *media)))
    if kind == "none" and media:
        return media
    if kind == "sse" or not media or media == _DEFAULT_ACCEPT.get(kind) or any("*" in m for m in media):
        return ()
    return media


def _redirects(responses: object) -> tuple[int, ...]:
    """The ``3XX`` answers an operation declares when it declares no ``2XX`` one (GitHub's
    ``GET /repos/{owner}/{repo}/tarball/{ref}``: ``302``): the answer it gives, not an error."""
    if not isinstance(responses, dict) or any(str(code).startswith("2") for code in responses):
        return ()
    return tuple(sorted(int(code) for code in map(str, responses) if code.isdigit() and code.startswith("3")))
