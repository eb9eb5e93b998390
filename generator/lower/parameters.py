"""Parameters: the path, query, header and cookie arguments of one operation, each with the check
of its value.

An operation's own parameters override its path item's. A path parameter that the path template
lacks is left out, and one the template names but nobody declares is taken as a required string
(both with a warning); a placeholder in the query a path key fixes (``/search?query={query}``)
names the query parameter of that name when there is one. Header arguments are named last, so
that they are the ones that dodge a taken name; a header marked ``x-client-option`` is filled from the client's configuration.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..ir import ClientOption, Parameter, ParamStyle, TypeRef, ValueCheck
from ..load.reader import Node
from ..problem_classes import Kind
from .checks import CheckBuilder
from .models import ModelBuilder
from .names import Arguments
from .naming import pascal_case, snake_case
from .schema import path_and_query, text

ParamCheck = tuple[str, str, str, bool, ValueCheck]
"""(location, wire name, argument, required, check) of one parameter, as the IR's validator holds it."""

Listed = tuple[Node, str]
"""A parameter and where it is listed (``FILE#/pointer``, for the IR's ``source``)."""


class ParameterBuilder:
    def __init__(self, b: ModelBuilder, checks: CheckBuilder, authorizing: frozenset[str] = frozenset()) -> None:
        self.b = b
        self.checks = checks
        self.authorizing = authorizing  # the schemes whose credential goes in Authorization (security.py)
        self.options: dict[str, ClientOption] = {}  # the client options the headers declare, by name
        self.framing_warned: set[tuple[Path, str]] = set()  # header parameters the client sets, warned about

    def build(
        self, path: str, item: Node, op: Node, context: str, arguments: Arguments
    ) -> tuple[tuple[Parameter, ...], tuple[ParamCheck, ...]]:
        """The parameters of the operation ``op`` of the path item ``item``, and their checks;
        ``context`` names their inline models."""
        listed = self._with_template(path, op, self._listed(item, op))
        built: dict[int, tuple[Parameter, ValueCheck]] = {}
        # Path, query and cookie names first: header arguments dodge them.
        for index in sorted(range(len(listed)), key=lambda i: listed[i][0].value["in"] == "header"):
            built[index] = self._parameter(*listed[index], context, arguments)
        pairs = [built[index] for index in range(len(listed))]
        params = tuple(param for param, _ in pairs)
        return params, tuple((p.location, p.wire, p.name, p.required, check) for p, check in pairs)

    def _listed(self, item: Node, op: Node) -> list[Listed]:
        """The parameters of an operation (its own override its path's), where each is listed."""
        merged: dict[tuple[str, str], Listed] = {}
        for owner in (item, op):
            params = owner.value.get("parameters")
            if not isinstance(params, list):
                continue
            for index in range(len(params)):
                node = self.b.deref(owner.child("parameters", index))
                value = node.value
                if isinstance(value, dict) and isinstance(value.get("name"), str) and isinstance(value.get("in"), str):
                    merged[(value["in"], value["name"])] = (node, self.b.where(owner.child("parameters", index)))
        typed = self._typed_body(op) if "requestBody" in op.value else False
        secured = self._authorizes(op)
        return [listed for listed in merged.values() if not self._set_by_client(listed[0], typed, secured)]

    def _typed_body(self, op: Node) -> bool:
        """A request body every call sends, of one media type, no wildcard (``*/*``,
        ``application/*``): a required body, or an object with required members (each a required
        argument: VTEX's bodies, never marked required)."""
        body = self.b.deref(op.child("requestBody"))
        content = body.value.get("content") if isinstance(body.value, dict) else None
        if not isinstance(content, dict) or len(content) != 1:
            return False
        media = next(iter(content))
        if not isinstance(media, str) or media.endswith("/*"):
            return False
        if body.value.get("required") is True:
            return True
        schema = self.b.deref(body.child("content", media, "schema")).value if _has_schema(content[media]) else None
        if not isinstance(schema, dict) or not isinstance(schema.get("required"), list):
            return False
        props = schema.get("properties")
        members: dict[str, Any] = props if isinstance(props, dict) else {}
        return any(  # a member the server reads only (readOnly) is no argument
            not (isinstance(members.get(name), dict) and members[name].get("readOnly") is True)
            for name in schema["required"]
            if isinstance(name, str)
        )

    def _authorizes(self, op: Node) -> bool:
        """Whether the operation's security requirement (its own, else the document's) names a
        scheme whose credential the client sends in ``Authorization``."""
        root = self.b.doc.root
        security = op.value.get("security") if "security" in op.value else root.value.get("security")
        if not isinstance(security, list):
            return False
        return any(isinstance(alt, dict) and not self.authorizing.isdisjoint(alt) for alt in security)

    def _set_by_client(self, node: Node, typed_body: bool, secured: bool) -> bool:
        """A header parameter the client sets itself, never an argument (one warning per
        parameter): ``Content-Length``, the length of the body it sends (httpx); ``Accept``, the
        media types the operation answers; ``Content-Type`` where every call sends a body of the
        one media type the document gives (elsewhere the argument names it: a wildcard body's
        type, or a header a bodiless call is to carry); ``Authorization`` where the operation's
        security requirement has the client send a credential there (``secured``; elsewhere the
        argument is the only way to send it). (OpenAPI ignores a header parameter named Accept,
        Content-Type or Authorization; servers and mocks ask for them still.)"""
        name = node.value["name"].lower()
        if node.value["in"] != "header" or name not in _SET_BY_CLIENT:
            return False
        if (name == "content-type" and not typed_body) or (name == "authorization" and not secured):
            return False
        if (node.file, node.pointer) not in self.framing_warned:
            self.framing_warned.add((node.file, node.pointer))
            what, kind = _SET_BY_CLIENT[name]
            self.b.warn(
                node, f"header parameter {node.value['name']} is set by the client from {what}; not an argument", kind
            )
        return True

    def _with_template(self, path: str, op: Node, listed: list[Listed]) -> list[Listed]:
        """``listed`` less the path parameters the path template lacks, with the template's
        undeclared ones as required strings."""
        template = re.findall(r"{([^{}]+)}", path)
        kept: list[Listed] = []
        for node, source in listed:
            if node.value["in"] == "path" and node.value["name"] not in template:
                message = f"path parameter {node.value['name']!r} is not in the path {path!r}; left out of the method"
                self.b.warn(node, message, "parameter-left-out")
            else:
                kept.append((node, source))
        declared = {node.value["name"] for node, _ in kept if node.value["in"] == "path"}
        # ``/search?query={query}`` with ``query`` declared in the query: the call sends it there.
        fixed_query = re.findall(r"{([^{}]+)}", path_and_query(path)[1])
        declared |= {node.value["name"] for node, _ in kept if node.value["in"] == "query"} & set(fixed_query)
        for missing in template:
            if missing not in declared:
                self.b.warn(
                    op,
                    f"path parameter {missing!r} is not declared; taken as a required string",
                    "path-parameter-assumed",
                )
                value = {"name": missing, "in": "path", "required": True, "schema": {"type": "string"}}
                kept.append((Node(op.file, op.ptr, value), self.b.where(op)))
        return kept

    def _parameter(self, node: Node, source: str, context: str, arguments: Arguments) -> tuple[Parameter, ValueCheck]:
        value = node.value
        location = value["in"]
        wire = value["name"]
        schema_node = _schema(node)
        from_components = node.ptr[:2] == ("components", "parameters") and len(node.ptr) == 3
        ptype = self.b.type_of(
            schema_node, pascal_case(node.ptr[-1]) if from_components else context + pascal_case(wire)
        )
        schema = self.b.deref(schema_node).value if isinstance(schema_node.value, dict) else {}
        required = bool(value.get("required")) or location == "path"
        option = self._option(node)
        style, delimiter, explode = _style(value, ptype)
        param = Parameter(
            name=_argument(node, option, arguments),
            wire=wire,
            location=location,
            type=ptype,
            required=option is None and required,
            description=text(value.get("description")) or text(schema.get("description")),
            deprecated=bool(value.get("deprecated")),
            option=option,
            spec_required=required,
            style=style,
            delimiter=delimiter,
            source=source,
            explode=explode,
        )
        check = self.checks.value_check(schema_node, ptype)
        if style in ("joined", "label", "matrix", "simple_object"):  # validated as sent: one string
            check = ValueCheck("any", check.nullable, ())
        return param, check

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


_SET_BY_CLIENT: dict[str, tuple[str, Kind]] = {
    "content-length": ("the body", "framing-header"),
    "content-type": ("the body's media type", "media-header"),
    "accept": ("the media types the operation answers", "media-header"),
    "authorization": ("the credential the operation's security requirement names", "credential-header"),
}


def _argument(node: Node, option: ClientOption | None, arguments: Arguments) -> str:
    """The argument of a parameter: a client option's own name; a header's name without its
    ``X-`` unless that name is taken."""
    location = node.value["in"]
    wire = node.value["name"]
    if option is not None:
        return arguments.take(option.name, wire, node)
    if location == "header":
        stripped = snake_case(wire[2:]) if wire.lower().startswith("x-") else snake_case(wire)
        return arguments.take(stripped if stripped not in arguments else snake_case(wire), wire, node, location)
    return arguments.take(snake_case(wire), wire, node, location)


def _schema(node: Node) -> Node:
    """The schema of a parameter: its own, its first media type's, else a string's."""
    value = node.value
    if isinstance(value.get("schema"), dict):
        return node.child("schema")
    content = value.get("content")
    if isinstance(content, dict) and content:
        media = next(iter(content))
        if isinstance(content[media], dict) and isinstance(content[media].get("schema"), dict):
            return node.child("content", media, "schema")
    return Node(node.file, node.ptr, {"type": "string"})


def _style(value: dict[str, Any], t: TypeRef) -> tuple[ParamStyle, str, bool]:
    """How a parameter goes into its request mapping (the delimiter of a joined list, whether
    a ``label``, ``matrix`` or object style explodes)."""
    location = value["in"]
    style = value.get("style") or ("form" if location in ("query", "cookie") else "simple")
    explode = value.get("explode", style == "form") is True
    if location == "path" and style == "label":
        return "label", "", explode
    if location == "path" and style == "matrix":
        return "matrix", "", explode
    if t.kind == "list" and (location != "query" or not explode):
        return "joined", {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ","), False
    objects = t.kind == "dict" or t.kind == "model"
    if location == "query" and objects:
        if style == "deepObject":
            return "deep_object", "", False
        return ("exploded" if explode else "joined_object"), "", False
    if objects:  # in a path, a header or a cookie
        return "simple_object", "", explode and location != "cookie"
    return "plain", "", False


def _has_schema(media: Any) -> bool:
    return isinstance(media, dict) and isinstance(media.get("schema"), dict)
