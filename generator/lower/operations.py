"""Operations: one client method per path and method, reading the models built before."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from ..ir import (
    Body,
    BodyArg,
    ClientOption,
    ErrorType,
    Model,
    Operation,
    OperationValidator,
    Pagination,
    Parameter,
    ParamStyle,
    ResponseDecoder,
    ResponseKind,
    TypeRef,
    ValueCheck,
)
from ..load.reader import Node
from .checks import CheckBuilder
from .models import ModelBuilder
from .names import Arguments
from .naming import pascal_case, snake_case
from .schema import media_schema, pick_body_media, text, url_path

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
IDEMPOTENT_METHODS = frozenset({"get", "put", "delete", "options", "head", "trace"})
MODELS_MODULE = "models"


@dataclass
class Draft:
    """An operation built before the models: an object body has no arguments yet, nor is
    pagination known (:meth:`OperationBuilder.complete` fills both)."""

    op: Operation
    node: Node
    body_schema: Node | None  # the schema of an object body, whose members become arguments
    arguments: Arguments


class OperationBuilder:
    def __init__(self, b: ModelBuilder) -> None:
        self.b = b
        self.options: dict[str, ClientOption] = {}
        self.error_schemas: list[Node] = []
        self.checks = CheckBuilder(b)
        self.response_decoders: list[ResponseDecoder] = []

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
            args = self._model_args(self.b.models[op.body.model], draft.body_schema, draft.arguments)
            op = dataclasses.replace(op, body=dataclasses.replace(op.body, args=args))
        pagination = self._pagination(op.method_name, op.params, op.response_type)
        if pagination is not None:
            iter_name = self.b.namer.iter_method(op.method_name, draft.node)
            pagination = None if iter_name is None else dataclasses.replace(pagination, iter_name=iter_name)
        return dataclasses.replace(op, pagination=pagination)

    def _params(self, item: Node, op: Node) -> dict[int, Node]:
        """The parameters of an operation (its own override its path's), keyed by ``id()``
        of the parameter as it is listed; with :meth:`_param_sources`, where it is listed."""
        merged: dict[tuple[str, str], Node] = {}
        self.sources: dict[int, str] = {}
        for owner in (item, op):
            params = owner.value.get("parameters")
            if not isinstance(params, list):
                continue
            for index in range(len(params)):
                node = self.b.deref(owner.child("parameters", index))
                value = node.value
                if isinstance(value, dict) and isinstance(value.get("name"), str) and isinstance(value.get("in"), str):
                    merged[(value["in"], value["name"])] = node
                    self.sources[id(node)] = self.b.where(owner.child("parameters", index))
        return {id(node): node for node in merged.values()}

    def draft(self, path: str, method: str, item: Node, op: Node) -> Draft | None:
        if (path, method) in self.b.doc.skipped_operations:
            return None
        try:
            return self._draft(path, method, item, op)
        except _Unsupported as exc:
            self.b.warn(exc.node, f"{exc.message}; operation left out")
            return None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # A shape of document this generator does not handle: a fault of ours, and one
            # operation's, not the whole document's.
            detail = " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
            self.b.warn(op, f"the generator could not build this operation ({detail}; please report it); left out")
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
        take = arguments.take

        param_nodes = list(self._params(item, op).values())
        template = re.findall(r"{([^{}]+)}", path)
        for node in [n for n in param_nodes if n.value["in"] == "path" and n.value["name"] not in template]:
            b.warn(node, f"path parameter {node.value['name']!r} is not in the path {path!r}; left out of the method")
            param_nodes.remove(node)
        declared = {n.value["name"] for n in param_nodes if n.value["in"] == "path"}
        for missing in template:
            if missing not in declared:
                b.warn(op, f"path parameter {missing!r} is not declared; taken as a required string")
                param_nodes.append(
                    Node(
                        op.file, op.ptr, {"name": missing, "in": "path", "required": True, "schema": {"type": "string"}}
                    )
                )
        # Path, query and cookie names first: header arguments dodge them.
        ordered = sorted(param_nodes, key=lambda n: n.value["in"] == "header")
        built: dict[int, Parameter] = {}
        checks: dict[int, ValueCheck] = {}
        for node in ordered:
            value = node.value
            location = value["in"]
            wire = value["name"]
            schema_node = self._param_schema(node)
            from_components = node.ptr[:2] == ("components", "parameters") and len(node.ptr) == 3
            ptype = b.type_of(
                schema_node, pascal_case(node.ptr[-1]) if from_components else context + pascal_case(wire)
            )
            schema = b.deref(schema_node).value if isinstance(schema_node.value, dict) else {}
            required = bool(value.get("required")) or location == "path"
            option = self._option(node)
            if option is not None:
                name = take(option.name, wire, node)
            elif location == "header":
                stripped = snake_case(wire[2:]) if wire.lower().startswith("x-") else snake_case(wire)
                name = take(stripped if stripped not in arguments else snake_case(wire), wire, node, location)
            else:
                name = take(snake_case(wire), wire, node, location)
            optional_arg = option is not None or not required
            style, delimiter = _param_style(value, ptype)
            built[id(node)] = Parameter(
                name=name,
                wire=wire,
                location=location,
                type=ptype,
                required=not optional_arg,
                description=text(value.get("description")) or text(schema.get("description")),
                deprecated=bool(value.get("deprecated")),
                option=option,
                spec_required=required,
                style=style,
                delimiter=delimiter,
                source=self.sources.get(id(node), b.where(op)),
            )
            check = self.checks.value_check(schema_node, ptype)
            if style == "joined":  # validated as sent: one delimited string
                check = ValueCheck("any", check.nullable, ())
            checks[id(node)] = check
        params = [built[id(n)] for n in param_nodes]
        param_checks = tuple(
            (p.location, p.wire, p.name, p.required, checks[id(n)]) for n, p in zip(param_nodes, params, strict=False)
        )

        body, body_schema = self._body(op, context, take)
        response_annotation, response_type, response_decoder, response_kind = self._response(op, context, method_name)
        b.namer.take_method(method_name, op_id)
        body_validator = ""
        if body is not None and body.model:
            self.checks.want(body.model)
            body_validator = b.namer.validator(body.model)
        validator = OperationValidator(
            function=b.namer.operation_check(method_name),
            params=param_checks,
            body_validator=body_validator,
        )
        tags = spec.get("tags")
        operation = Operation(
            operation_id=op_id,
            method_name=method_name,
            const_name=b.namer.operation_const(method_name),
            http_method=method.upper(),
            path=url_path(path),
            tag=tags[0] if isinstance(tags, list) and tags and isinstance(tags[0], str) else "",
            summary=text(spec.get("summary")),
            description=text(spec.get("description")),
            deprecated=bool(spec.get("deprecated")),
            idempotent=method in IDEMPOTENT_METHODS or spec.get("x-idempotent") is True,
            params=tuple(params),
            body=body,
            response_annotation=response_annotation,
            response_type=response_type,
            response_decoder=response_decoder,
            response_kind=response_kind,
            pagination=None,
            source=b.where(op),
            validator=validator,
        )
        return Draft(operation, op, body_schema, arguments)

    def _param_schema(self, node: Node) -> Node:
        value = node.value
        if isinstance(value.get("schema"), dict):
            return node.child("schema")
        content = value.get("content")
        if isinstance(content, dict) and content:
            media = next(iter(content))
            if isinstance(content[media], dict) and isinstance(content[media].get("schema"), dict):
                return node.child("content", media, "schema")
        return Node(node.file, node.ptr, {"type": "string"})

    def _option(self, node: Node) -> ClientOption | None:
        ext = node.value.get("x-client-option")
        if not isinstance(ext, dict) or not isinstance(ext.get("name"), str):
            return None
        name = self.b.namer.client_option(ext["name"], node.value["name"], node.child("x-client-option", "name"))
        option = ClientOption(
            name=name,
            header=node.value["name"],
            env=str(ext["env"]) if isinstance(ext.get("env"), str) else "",
            description=text(node.value.get("description")),
        )
        self.options.setdefault(name, option)
        return option

    def _body(self, op: Node, context: str, take: Any) -> tuple[Body | None, Node | None]:
        """The request body, and the schema of an object body whose members become arguments."""
        b = self.b
        if "requestBody" not in op.value:
            return None, None
        node = b.deref(op.child("requestBody"))
        if not isinstance(node.value, dict):
            return None, None
        content = node.value.get("content")
        required = bool(node.value.get("required"))
        if not isinstance(content, dict) or not content:
            return None, None
        media, encoding = pick_body_media(content)
        if media is None:
            raise _Unsupported(node.child("content"), f"request body media types {sorted(content)} are not supported")
        media_node = node.child("content", media)
        has_schema = isinstance(media_node.value, dict) and isinstance(media_node.value.get("schema"), dict)
        if encoding == "raw" or not has_schema:
            is_text = media.startswith("text/")
            arg_type = TypeRef("str" if is_text else "file")
            name = take("body", "body", node)
            arg = BodyArg(
                name=name,
                wire="",
                type=arg_type,
                required=required,
                description=text(node.value.get("description")),
                raw=True,
                source=b.where(node),
            )
            return Body(content_type=media, encoding="raw", model="", args=(arg,), required=required), None
        schema_node = media_node.child("schema")
        btype = b.type_of(schema_node, context + "Body")
        if btype.kind == "model" and not btype.nullable:  # arguments: once the model is built
            body = Body(content_type=media, encoding=encoding, model=btype.name, args=(), required=required)
            return body, schema_node
        if encoding != "json":
            raise _Unsupported(schema_node, f"a {media} body that is not an object is not supported")
        name = take("body", "body", schema_node)
        arg = BodyArg(
            name=name,
            wire="",
            type=btype,
            required=required,
            description=text(node.value.get("description")),
            raw=False,
            source=b.where(schema_node),
        )
        return Body(content_type=media, encoding="json", model="", args=(arg,), required=required), None

    @staticmethod
    def _model_args(model: Model, schema_node: Node, arguments: Arguments) -> tuple[BodyArg, ...]:
        """One argument per member of an object body (the server's readOnly members excepted).
        Members whose name is free claim it first, so that a member never loses its own name to
        the derived name of another (``id`` -> ``id_body`` beside a member ``id_body``)."""
        fields = [f for f in model.fields if not f.read_only]
        names: dict[str, str] = {}
        for f in sorted(fields, key=lambda f: f.name in arguments):
            names[f.wire] = arguments.take(f.name, f.wire, schema_node, "body")
        return tuple(
            BodyArg(
                name=names[f.wire],
                wire=f.wire,
                type=f.type,
                required=f.required,
                description=" ".join(x for x in (f.description, f.default_doc) if x),
                raw=False,
                source=f.source,
            )
            for f in fields
        )

    def _response(self, op: Node, context: str, method_name: str) -> tuple[str, TypeRef | None, str, ResponseKind]:
        """(qualified annotation, JSON type, decoder in ``models``, kind json|text|bytes|none) of the
        success answer."""
        b = self.b
        responses = op.value.get("responses")
        if not isinstance(responses, dict):
            return "None", None, "", "none"
        if "default" in responses:
            default = b.deref(op.child("responses", "default"))
            media = media_schema(default.value.get("content")) if isinstance(default.value, dict) else None
            if (
                media is not None
                and isinstance(default.value["content"][media[1]], dict)
                and isinstance(default.value["content"][media[1]].get("schema"), dict)
            ):
                self.error_schemas.append(b.deref(default.child("content", media[1], "schema")))
        codes = sorted(c for c in responses if str(c).startswith("2"))
        for code in codes:
            node = b.deref(op.child("responses", code))
            content = node.value.get("content") if isinstance(node.value, dict) else None
            if not isinstance(content, dict) or not content:
                continue
            media = media_schema(content)
            if media is None:
                first = next(iter(content))
                if first.startswith("text/"):
                    return "str", None, "", "text"
                return "bytes", None, "", "bytes"
            media_value = content[media[1]]
            if not isinstance(media_value, dict) or not isinstance(media_value.get("schema"), dict):
                return "Any", TypeRef("any"), "", "json"
            rtype = b.type_of(node.child("content", media[1], "schema"), context + "Response")
            if rtype.kind == "model" and not rtype.nullable:
                return rtype.qualified(MODELS_MODULE), rtype, f"{rtype.name}.from_dict", "json"
            if rtype.kind == "any":
                return "Any", TypeRef("any"), "", "json"
            function = b.namer.response_decoder(method_name)
            self.response_decoders.append(ResponseDecoder(function=function, type=rtype))
            return rtype.qualified(MODELS_MODULE), rtype, function, "json"
        return "None", None, "", "none"

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
        )

    def error_types(self) -> tuple[tuple[ErrorType, ...], str]:
        for node in self.error_schemas:
            props = node.value.get("properties") if isinstance(node.value, dict) else None
            if not isinstance(props, dict) or "type" not in props:
                continue
            type_schema = self.b.deref(node.child("properties", "type")).value
            values = self.b.enum_values(type_schema) if isinstance(type_schema, dict) else None
            if not values:
                continue
            out: list[ErrorType] = []
            statuses = type_schema.get("x-error-statuses") if isinstance(type_schema, dict) else None
            if not isinstance(statuses, dict):
                statuses = {}
            enum_node = self.b.deref(node.child("properties", "type"))
            for value in values:
                if not isinstance(value, str):
                    continue
                raw_enum = enum_node.value.get("enum") if isinstance(enum_node.value, dict) else None
                at = enum_node.child("enum", raw_enum.index(value)) if isinstance(raw_enum, list) else enum_node
                status = statuses.get(value)
                if not (isinstance(status, int) and not isinstance(status, bool) and 400 <= status <= 599):
                    status = None
                runtime_class = pascal_case(value) + "Error"
                if runtime_class in STATUS_CLASSES and status in (None, *STATUS_CLASSES[runtime_class]):
                    # A type named as a status class (NotFound) is that runtime class itself.
                    out.append(ErrorType(value, runtime_class, status, runtime_class, own_class=False))
                    continue
                name = self.b.namer.error_class(value, at)
                if name is not None:
                    out.append(ErrorType(wire=value, class_name=name, status=status, base=status_error_base(status)))
            return tuple(out), "type"
        return (), "type"


STATUS_ERRORS = {
    400: "BadRequestError",
    401: "AuthenticationError",
    403: "PermissionDeniedError",
    404: "NotFoundError",
    409: "ConflictError",
    422: "UnprocessableEntityError",
    429: "RateLimitError",
}
"""The runtime's error class of each status that has one (``STATUS_ERRORS`` of
generator/runtime/_exceptions.py; a test keeps the two equal)."""


STATUS_CLASSES: dict[str, tuple[int, ...]] = {name: (status,) for status, name in STATUS_ERRORS.items()}
STATUS_CLASSES["InternalServerError"] = tuple(range(500, 600))
"""The runtime's status classes and the statuses each stands for."""


def status_error_base(status: int | None) -> str:
    """The runtime class an error type documented with ``status`` derives from."""
    if status is None:
        return "ApiError"
    return STATUS_ERRORS.get(status) or ("InternalServerError" if status >= 500 else "ApiError")


class _Unsupported(Exception):
    """A construct the generator cannot express; the operation is left out with a warning."""

    def __init__(self, node: Node, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


def _param_style(value: dict[str, Any], t: TypeRef) -> tuple[ParamStyle, str]:
    """How a parameter goes into its request mapping (and the delimiter of a joined list)."""
    location = value["in"]
    style = value.get("style") or ("form" if location in ("query", "cookie") else "simple")
    explode = value.get("explode", style == "form")
    if t.kind == "list" and (location != "query" or explode is False):
        return "joined", {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ",")
    if location == "query" and (t.kind == "dict" or t.kind == "model"):
        if style == "deepObject":
            return "deep_object", ""
        return ("exploded" if explode else "joined_object"), ""
    return "plain", ""
