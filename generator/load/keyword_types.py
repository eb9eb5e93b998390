"""Our own check of the types of schema keywords, before and independent of the validator (and,
through :mod:`generator.load.contradictions`, of keywords that contradict their own schema).

openapi-spec-validator can fail on a keyword of the wrong type (``maxLength: '200'``), and a
failure of the validator is only a note: the rule would be dropped in silence. Here each such
keyword is dropped from the loaded document, with a located warning, before anything else
reads it (a problem decides the smallest part it touches: one keyword of one schema; the
generator never reads a keyword of the wrong type). Schemas are found by the structure of the
document (schemas of components, parameters, headers and media types, and the subschemas of
those), across files through ``$ref``s, each visited once. Nesting past the limits of
:mod:`generator.load.limits` stays an error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..problems import Problem, SpecError, pointer
from .contradictions import DROP, Finding, contradictions
from .document import Document, Node
from .limits import MAX_ALL_OF_DEPTH, MAX_SCHEMA_DEPTH
from .openapi import HTTP_METHODS

JSON = Any


def _count(value: JSON) -> bool:
    return not isinstance(value, bool) and (
        (isinstance(value, int) and value >= 0) or (isinstance(value, float) and value.is_integer() and value >= 0)
    )


def _number(value: JSON) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _bool_or_number(value: JSON) -> bool:
    return isinstance(value, (int, float))


def _strings(value: JSON) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _type(value: JSON) -> bool:
    return isinstance(value, str) or _strings(value)


_CHECKS: dict[str, tuple[Callable[[JSON], bool], str]] = {
    **{k: (_count, "a non-negative integer") for k in ("maxLength", "minLength", "maxItems", "minItems")},
    **{k: (_count, "a non-negative integer") for k in ("maxProperties", "minProperties", "maxContains", "minContains")},
    **{k: (_number, "a number") for k in ("minimum", "maximum", "multipleOf")},
    **{k: (_bool_or_number, "a number or a boolean") for k in ("exclusiveMinimum", "exclusiveMaximum")},
    **{k: (lambda v: isinstance(v, str), "a string") for k in ("pattern", "format")},
    **{k: (lambda v: isinstance(v, bool), "a boolean") for k in ("nullable", "uniqueItems", "readOnly", "writeOnly")},
    "type": (_type, "a string or a list of strings"),
    "required": (_strings, "a list of strings"),
    "enum": (lambda v: isinstance(v, list), "a list"),
    **{k: (lambda v: isinstance(v, dict), "a mapping") for k in ("properties", "patternProperties", "$defs")},
    **{k: (lambda v: isinstance(v, list), "a list") for k in ("allOf", "anyOf", "oneOf", "prefixItems")},
    "items": (lambda v: isinstance(v, (dict, bool, list)), "a schema"),
    "additionalProperties": (lambda v: isinstance(v, (dict, bool)), "a schema or a boolean"),
    "not": (lambda v: isinstance(v, (dict, bool)), "a schema"),
}

_SUBSCHEMA = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames") + (
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
    "contentSchema",
)
_SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def _kind_name(value: JSON) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}.get(
        type(value), type(value).__name__
    )


Key = tuple[Path, tuple[str, ...]]


class _Walk:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.seen: set[tuple[str, Path, tuple[str, ...]]] = set()
        self.todo: list[tuple[str, Node]] = []
        self.problems: list[Problem] = []
        self.wrong: list[tuple[Node, Finding]] = []  # (schema, (keywords to drop, warning, replacement))
        self.edges: dict[Key, list[Key]] = {}
        """Schema -> its subschemas and the target of its $ref: the graph of schema nesting."""
        self.current: Key | None = None
        self.all_of: dict[Key, list[Key]] = {}
        """Schema -> the schemas its allOf includes ($refs followed): the graph of inclusion."""

    def add(self, kind: str, node: Node) -> None:
        if kind == "schema" and self.current is not None:
            self.edges[self.current].append((node.file, node.ptr))
        self.todo.append((kind, node))

    def run(self) -> list[Problem]:
        while self.todo:
            kind, node = self.todo.pop()
            if not isinstance(node.value, dict):
                continue
            key = (kind, node.file, node.ptr)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.current = None
            if kind == "schema":
                self.current = (node.file, node.ptr)
                self.edges.setdefault(self.current, [])
            ref = node.value.get("$ref")
            if isinstance(ref, str):
                try:
                    self.add(kind, self.doc.resolve_ref(ref, node.file))
                except KeyError:  # dangling: reported elsewhere
                    pass
                if kind != "schema":
                    continue
            getattr(self, kind)(node)
        return self.problems

    def _each(self, kind: str, node: Node, member: str) -> None:
        value = node.value.get(member)
        if isinstance(value, dict):
            for name in value:
                self.add(kind, node.child(member, name))

    def _list(self, kind: str, node: Node, member: str) -> None:
        value = node.value.get(member)
        if isinstance(value, list):
            for index in range(len(value)):
                self.add(kind, node.child(member, index))

    def _one(self, kind: str, node: Node, member: str) -> None:
        if isinstance(node.value.get(member), dict):
            self.add(kind, node.child(member))

    def root(self, node: Node) -> None:
        self._each("path_item", node, "paths")
        self._each("path_item", node, "webhooks")
        if isinstance(node.value.get("components"), dict):
            components = node.child("components")
            for member, kind in (
                ("schemas", "schema"),
                ("responses", "response"),
                ("parameters", "parameter"),
                ("requestBodies", "body"),
                ("headers", "parameter"),
                ("callbacks", "callback"),
                ("pathItems", "path_item"),
            ):
                self._each(kind, components, member)

    def path_item(self, node: Node) -> None:
        self._list("parameter", node, "parameters")
        for method in HTTP_METHODS:
            self._one("operation", node, method)

    def operation(self, node: Node) -> None:
        self._list("parameter", node, "parameters")
        self._one("body", node, "requestBody")
        self._each("response", node, "responses")
        self._each("callback", node, "callbacks")

    def callback(self, node: Node) -> None:
        for name in node.value:
            self._one("path_item", node, name)

    def parameter(self, node: Node) -> None:
        self._one("schema", node, "schema")
        self._each("media", node, "content")

    def body(self, node: Node) -> None:
        self._each("media", node, "content")

    def response(self, node: Node) -> None:
        self._each("parameter", node, "headers")
        self._each("media", node, "content")

    def media(self, node: Node) -> None:
        self._one("schema", node, "schema")

    def schema(self, node: Node) -> None:
        value = node.value
        self._other_version(node)
        for keyword, (valid, what) in _CHECKS.items():
            if keyword in value and not valid(value[keyword]):
                found = value[keyword]
                shown = repr(found) if isinstance(found, (str, int, float, bool)) else ""
                shown = shown if len(shown) <= 40 else shown[:37] + "..."
                message = f"{keyword} must be {what}, not {_kind_name(found)} {shown}".rstrip()
                self.wrong.append((node, ((keyword,), f"{message}; ignored", DROP)))
        dropped = {keyword for at, (keywords, _, _) in self.wrong if at is node for keyword in keywords}
        for finding in contradictions({k: v for k, v in value.items() if k not in dropped}):
            self.wrong.append((node, finding))
        if isinstance(value.get("allOf"), list):
            included = self.all_of.setdefault((node.file, node.ptr), [])
            for index in range(len(value["allOf"])):
                try:
                    target = self.doc.deref(node.child("allOf", index))
                except (KeyError, SpecError):  # dangling or circular: reported elsewhere
                    continue
                included.append((target.file, target.ptr))
        for member in _SUBSCHEMA:
            self._one("schema", node, member)
        for member in _SUBSCHEMA_LISTS:
            self._list("schema", node, member)
        for member in _SUBSCHEMA_MAPS:
            self._each("schema", node, member)

    def _other_version(self, node: Node) -> None:
        """A warning for exclusive bounds written as the other OpenAPI minor version writes them
        (the validator of 3.1 reports them only when the document is otherwise sound; the checks read either form)."""
        is_3_1 = self.doc.openapi_version >= (3, 1)
        for keyword in ("exclusiveMinimum", "exclusiveMaximum"):
            found = node.value.get(keyword)
            if isinstance(found, bool) and is_3_1:
                message = f"{keyword}: {str(found).lower()} is OpenAPI 3.0's form; read as OpenAPI 3.0 defines it"
                self.doc.warnings.append(self.doc.at(node.child(keyword), message, "other-openapi-version"))


def keyword_type_problems(doc: Document) -> list[Problem]:
    """A warning per schema keyword whose value has the wrong type (dropped), and a problem if schemas nest
    (inline or through ``$ref``s, a recursion counted once) deeper than :data:`MAX_SCHEMA_DEPTH`."""
    walk = _Walk(doc)
    walk.add("root", doc.root)
    problems = walk.run()
    for node, (keywords, message, _) in walk.wrong:
        doc.warnings.append(doc.at(node.child(keywords[0]), message, "keyword-dropped"))
    for node, (keywords, _, replacement) in walk.wrong:  # after the walk: it may still visit the node
        for keyword in keywords:
            node.value.pop(keyword, None)
        if replacement is not DROP:
            node.value[keywords[0]] = replacement
    for edges, limit, what in (
        (walk.all_of, MAX_ALL_OF_DEPTH, "allOf including allOf {} levels deep, through $refs"),
        (walk.edges, MAX_SCHEMA_DEPTH, "schemas nested {} levels deep, through $refs"),
    ):
        depth, start = _deepest(edges)
        if depth > limit and start is not None:
            message = f"{what.format(depth)} (the limit is {limit})"
            problems.append(Problem(doc.name_of(start[0]), pointer(*start[1]), message))
            break  # an allOf chain too deep is also a nesting too deep: one problem
    return problems


def _deepest(edges: dict[Key, list[Key]]) -> tuple[int, Key | None]:
    """The longest chain of nested schemas (a strongly connected group, a recursion, counts as
    one level) and where it starts; iterative Tarjan, then the longest path of the condensation."""
    index: dict[Key, int] = {}
    low: dict[Key, int] = {}
    group: dict[Key, int] = {}
    depth: list[int] = []  # per group, in the order found: every group it reaches comes first
    stack: list[Key] = []
    on_stack: set[Key] = set()
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[Key, int]] = [(root, 0)]
        while work:
            key, at = work.pop()
            if at == 0:
                index[key] = low[key] = len(index)
                stack.append(key)
                on_stack.add(key)
            children = edges.get(key, [])
            if at < len(children):
                work.append((key, at + 1))
                child = children[at]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[key] = min(low[key], index[child])
                continue
            if low[key] == index[key]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group[member] = len(depth)
                    members.append(member)
                    if member == key:
                        break
                below = [depth[group[c]] for m in members for c in edges.get(m, []) if group.get(c, -1) != len(depth)]
                depth.append(1 + max(below, default=0))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[key])
    if not depth:
        return 0, None
    deepest = max(range(len(depth)), key=depth.__getitem__)
    return depth[deepest], min(k for k, g in group.items() if g == deepest)
