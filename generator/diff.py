"""What a regeneration changes for the code that calls the client.

``python -m generator diff OLD_SPEC NEW_SPEC [--format text|json]`` builds the IR of both
documents and compares the IRs, so the report speaks of the generated client (methods, keyword
arguments, models, attributes and their annotations), never of YAML. Each change names the Python
name and the spec location (``FILE#/pointer``: the new document for what exists there, the old one
for what was removed), grouped as breaking and non-breaking. Exit 1 when anything breaking was
found, 0 otherwise, 2 on bad input.

Types are compared by shape (kind, nullability, items, members, enum values; recursively, with
cycle protection), so a schema renamed in ``components`` is reported once, as a rename, and not
as a change of every member that uses it. A model or enum that keeps its name is compared on its
own, once; references to it are "the same type".

:mod:`generator.changes` writes the same report, in Markdown, against the last release of the
spec in git (``CHANGES.md`` of the generated package), and reads ``REV:path`` arguments.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .build import build_api
from .ir import Api, BodyArg, EnumAlias, Field, Model, Operation, Parameter, TypeRef
from .load import Document, Node, load_document
from .naming import pascal_case
from .problems import Problem, SpecError

MODELS = "models"
CLIENT = "Client"
NO_CHANGES = "No changes to the generated client."
Relation = Literal["same", "widened", "narrowed", "changed"]


@dataclass(frozen=True)
class Change:
    """One change of the generated client's surface."""

    kind: str  # e.g. "argument-removed"
    python: str  # e.g. "Client.get_item(id)", "models.Item.name"
    location: str  # FILE#/pointer
    message: str
    breaking: bool

    def as_json(self) -> dict[str, str]:
        return {"kind": self.kind, "python": self.python, "location": self.location, "message": self.message}

    @property
    def sort_key(self) -> tuple[str, str, str, str]:
        return (self.python, self.kind, self.message, self.location)


@dataclass(frozen=True)
class Report:
    old_label: str
    new_label: str
    old_version: str
    new_version: str
    breaking: tuple[Change, ...]
    non_breaking: tuple[Change, ...]


# -- one side of the comparison ----------------------------------------------------------


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _media_key(content: Any) -> str | None:
    if not isinstance(content, dict):
        return None
    for media in content:
        base = str(media).split(";")[0].strip().lower()
        if base == "application/json" or base.endswith("+json"):
            return str(media)
    return None


def _response_model(op: Operation) -> str:
    prefix = MODELS + "."
    return op.response_annotation[len(prefix) :] if op.response_annotation.startswith(prefix) else ""


def _models_in(t: TypeRef) -> list[str]:
    return [x.name for x in t.walk() if x.kind == "model"]


class _Side:
    """The IR of one document, with what it takes to locate its parts in the document."""

    def __init__(self, doc: Document, api: Api) -> None:
        self.doc = doc
        self.api = api
        self.models: dict[str, Model] = {m.name: m for m in api.models}
        self.enums: dict[str, EnumAlias] = {e.name: e for e in api.enums}
        self.ops: dict[str, Operation] = {o.method_name: o for o in api.operations}
        self.files = sorted(((doc.name_of(f), f) for f in doc.files), key=lambda item: -len(item[0]))
        responses = [_response_model(o) for o in api.operations]
        requests: list[str] = []
        for op in api.operations:
            for arg in op.arguments:
                requests.extend(_models_in(arg.type))
            if op.body is not None and op.body.model:
                requests.append(op.body.model)
        self.response_models = self._closure(n for n in responses if n)
        self.request_models = self._closure(requests)

    def _closure(self, roots: Iterable[str]) -> frozenset[str]:
        seen: set[str] = set()
        stack = list(roots)
        while stack:
            name = stack.pop()
            if name in seen or name not in self.models:
                continue
            seen.add(name)
            for f in self.models[name].fields:
                stack.extend(_models_in(f.type))
        return frozenset(seen)

    # -- locations ----------------------------------------------------------------------
    def where(self, node: Node) -> str:
        return f"{self.doc.name_of(node.file)}#{node.pointer}"

    def node_of(self, source: str) -> Node | None:
        """The node at ``FILE#/pointer`` (as written in ``Model.source``/``Operation.source``)."""
        for name, path in self.files:
            if not source.startswith(name + "#"):
                continue
            ptr = source[len(name) + 1 :]
            node = Node(path, (), self.doc.files[path])
            for token in (_unescape(t) for t in ptr.split("/")[1:]) if ptr else ():
                value = node.value
                if isinstance(value, dict) and token in value:
                    node = node.child(token)
                elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                    node = node.child(int(token))
                else:
                    return None
            return node
        return None

    def deref(self, node: Node) -> Node:
        try:
            return self.doc.deref(node)
        except (KeyError, SpecError):
            return node

    def property_node(
        self, schema: Node, wire: str, trail: frozenset[tuple[Path, tuple[str, ...]]] = frozenset()
    ) -> Node | None:
        """Where member ``wire`` of an object schema is declared (own properties win over allOf)."""
        node = self.deref(schema)
        key = (node.file, node.ptr)
        if not isinstance(node.value, dict) or key in trail:
            return None
        props = node.value.get("properties")
        if isinstance(props, dict) and wire in props:
            return node.child("properties", wire)
        parts = node.value.get("allOf")
        if isinstance(parts, list):
            for index in reversed(range(len(parts))):
                found = self.property_node(node.child("allOf", index), wire, trail | {key})
                if found is not None:
                    return found
        return None

    def operation(self, op: Operation) -> str:
        return op.source

    def member(self, model: Model, f: Field) -> str:
        node = self.node_of(model.source)
        found = self.property_node(node, f.wire) if node is not None else None
        return self.where(found) if found is not None else model.source

    def argument(self, op: Operation, arg: Parameter | BodyArg) -> str:
        node = self.argument_node(op, arg)
        return self.where(node) if node is not None else op.source

    def argument_schema(self, op: Operation, arg: Parameter | BodyArg) -> Node | None:
        """The schema of an argument (that of a parameter is under its ``schema``)."""
        node = self.argument_node(op, arg)
        if node is None or not isinstance(arg, Parameter):
            return node
        param = self.deref(node)
        return (
            param.child("schema")
            if isinstance(param.value, dict) and isinstance(param.value.get("schema"), dict)
            else param
        )

    def argument_node(self, op: Operation, arg: Parameter | BodyArg) -> Node | None:
        op_node = self.node_of(op.source)
        if op_node is None:
            return None
        if isinstance(arg, Parameter):
            found: Node | None = None
            owners = [op_node]
            paths = self.doc.root.value.get("paths")
            if isinstance(paths, dict) and op.path in paths:
                owners.insert(0, self.deref(self.doc.root.child("paths", op.path)))
            for owner in owners:
                params = owner.value.get("parameters") if isinstance(owner.value, dict) else None
                for index in range(len(params) if isinstance(params, list) else 0):
                    value = self.deref(owner.child("parameters", index)).value
                    if isinstance(value, dict) and value.get("in") == arg.location and value.get("name") == arg.wire:
                        found = owner.child("parameters", index)
            return found
        if not isinstance(op_node.value, dict) or "requestBody" not in op_node.value:
            return None
        body = self.deref(op_node.child("requestBody"))
        key = _media_key(body.value.get("content")) if isinstance(body.value, dict) else None
        if (
            key is None
            or not isinstance(body.value["content"][key], dict)
            or "schema" not in body.value["content"][key]
        ):
            return body
        schema = body.child("content", key, "schema")
        prop = self.property_node(schema, arg.wire) if arg.wire else None
        return prop if prop is not None else schema

    def enum(self, name: str) -> str:
        """Where enum alias ``name`` is declared: its component, else its first use."""
        root = self.doc.root
        components = root.value.get("components")
        schemas = components.get("schemas") if isinstance(components, dict) else None
        if isinstance(schemas, dict):
            for key in schemas:
                if pascal_case(key) == name:
                    return self.where(self.deref(root.child("components", "schemas", key)))
        for model in sorted(self.models.values(), key=lambda m: m.name):
            node = self.node_of(model.source)
            for f in model.fields:
                if node is not None and any(t.kind == "enum" and t.name == name for t in f.type.walk()):
                    prop = self.property_node(node, f.wire)
                    if prop is not None:
                        return self.where(self._type_node(prop, f.type, name))
        for op in sorted(self.ops.values(), key=lambda o: o.method_name):
            for arg in op.arguments:
                if any(t.kind == "enum" and t.name == name for t in arg.type.walk()):
                    schema = self.argument_schema(op, arg)
                    return self.where(self._type_node(schema, arg.type, name)) if schema is not None else op.source
        return f"{self.doc.display}#"

    def _type_node(self, node: Node, t: TypeRef, name: str) -> Node:
        """The schema of the enum ``name`` inside the schema of type ``t`` at ``node``."""
        node = self.deref(node)
        value = node.value if isinstance(node.value, dict) else {}
        if t.kind == "list" and t.items is not None and isinstance(value.get("items"), dict):
            return self._type_node(node.child("items"), t.items, name)
        if t.kind == "dict" and t.items is not None and isinstance(value.get("additionalProperties"), dict):
            return self._type_node(node.child("additionalProperties"), t.items, name)
        return node


# -- type shapes -----------------------------------------------------------------------------


def _show(t: TypeRef) -> str:
    return t.qualified(MODELS)


class _Shapes:
    """Compare types of the old side with types of the new side, by shape."""

    def __init__(self, old: _Side, new: _Side) -> None:
        self.sides = {"old": old, "new": new}

    def model_equal(self, a: Model, sa: str, b: Model, sb: str, seen: set[tuple[str, str, str, str]]) -> bool:
        key = (sa, a.name, sb, b.name)
        if key in seen:
            return True
        seen.add(key)
        fa = {f.name: f for f in a.fields}
        fb = {f.name: f for f in b.fields}
        if set(fa) != set(fb):
            return False
        return all(
            fa[n].wire == fb[n].wire
            and fa[n].required == fb[n].required
            and self.equal(fa[n].type, sa, fb[n].type, sb, seen)
            for n in fa
        )

    @staticmethod
    def enum_equal(a: EnumAlias, b: EnumAlias) -> bool:
        return set(a.values) == set(b.values) and a.open == b.open and a.base == b.base

    def equal(self, a: TypeRef, sa: str, b: TypeRef, sb: str, seen: set[tuple[str, str, str, str]]) -> bool:
        if a.kind != b.kind or a.nullable != b.nullable:
            return False
        if a.kind in ("model", "enum"):
            if a.name == b.name and sa != sb:  # the same class on both sides: compared on its own
                return True
            if a.kind == "model":
                ma, mb = self.sides[sa].models.get(a.name), self.sides[sb].models.get(b.name)
                if ma is None or mb is None:
                    return a.name == b.name
                return self.model_equal(ma, sa, mb, sb, seen)
            ea, eb = self.sides[sa].enums.get(a.name), self.sides[sb].enums.get(b.name)
            if ea is None or eb is None:
                return a.name == b.name
            return self.enum_equal(ea, eb)
        if a.kind in ("list", "dict"):
            assert a.items is not None and b.items is not None
            return self.equal(a.items, sa, b.items, sb, seen)
        if a.kind == "union":
            return all(any(self.equal(x, sa, y, sb, seen) for y in b.variants) for x in a.variants) and all(
                any(self.equal(x, sa, y, sb, seen) for x in a.variants) for y in b.variants
            )
        return True

    def covers(self, big: TypeRef, sbig: str, small: TypeRef, ssmall: str) -> bool:
        """Every value of ``small`` is a value of ``big``."""
        if big.kind == "any":
            return True
        if small.kind == "any":
            return False
        if small.kind == "none":
            return big.nullable or big.kind == "none"
        if small.nullable and not big.nullable:
            return False
        small = dataclasses.replace(small, nullable=False)
        if small.kind == "union":
            return all(self.covers(big, sbig, v, ssmall) for v in small.variants)
        if big.kind == "union":
            return any(self.covers(v, sbig, small, ssmall) for v in big.variants)
        if big.kind == small.kind:
            if big.kind in ("list", "dict"):
                assert big.items is not None and small.items is not None
                return self.covers(big.items, sbig, small.items, ssmall)
            if big.kind == "model":
                return self.equal(small, ssmall, dataclasses.replace(big, nullable=False), sbig, set())
            if big.kind == "enum":
                if big.name == small.name:  # compared on its own
                    return True
                eb, es = self.sides[sbig].enums.get(big.name), self.sides[ssmall].enums.get(small.name)
                if eb is None or es is None:
                    return False
                if eb.base != es.base:
                    return False
                return eb.open or (not es.open and set(es.values) <= set(eb.values))
            return True
        if small.kind == "int" and big.kind == "float":
            return True
        if small.kind == "enum":
            es = self.sides[ssmall].enums.get(small.name)
            return es is not None and (big.kind == es.base or (es.base == "int" and big.kind == "float"))
        if big.kind == "enum":
            eb = self.sides[sbig].enums.get(big.name)
            return eb is not None and eb.open and small.kind == eb.base
        return False

    def relation(self, old: TypeRef, new: TypeRef) -> Relation:
        wider = self.covers(new, "new", old, "old")
        narrower = self.covers(old, "old", new, "new")
        if wider and narrower:
            return "same"
        if wider:
            return "widened"
        if narrower:
            return "narrowed"
        return "changed"


# -- the comparison ----------------------------------------------------------------------------


def _endpoint(op: Operation) -> tuple[str, str]:
    return op.http_method, re.sub(r"\{[^}]*\}", "{}", op.path)


class _Differ:
    def __init__(self, old: _Side, new: _Side) -> None:
        self.old = old
        self.new = new
        self.shapes = _Shapes(old, new)
        self.changes: list[Change] = []

    def add(self, kind: str, python: str, location: str, message: str, breaking: bool) -> None:
        self.changes.append(Change(kind, python, location, message, breaking))

    def run(self) -> list[Change]:
        self.operations()
        self.models()
        self.enums()
        return self.changes

    # -- operations ---------------------------------------------------------------------------
    def operations(self) -> None:
        old, new = self.old, self.new
        gone = sorted(set(old.ops) - set(new.ops))
        fresh = sorted(set(new.ops) - set(old.ops))
        renamed: dict[str, str] = {}
        for name in gone:
            match = next(
                (n for n in fresh if n not in renamed.values() and _endpoint(new.ops[n]) == _endpoint(old.ops[name])),
                None,
            )
            if match is not None:
                renamed[name] = match
        for name in gone:
            op = old.ops[name]
            endpoint = f"{op.http_method} {op.path}"
            if name in renamed:
                target = new.ops[renamed[name]]
                self.add(
                    "method-renamed",
                    f"{CLIENT}.{name}",
                    new.operation(target),
                    f"method renamed to {target.method_name} ({endpoint})",
                    True,
                )
                if (
                    op.pagination is not None
                    and target.pagination is not None
                    and op.pagination.iter_name != target.pagination.iter_name
                ):
                    self.add(
                        "method-renamed",
                        f"{CLIENT}.{op.pagination.iter_name}",
                        new.operation(target),
                        f"method renamed to {target.pagination.iter_name} ({endpoint})",
                        True,
                    )
                self.operation(op, target)
                continue
            self.add("operation-removed", f"{CLIENT}.{name}", old.operation(op), f"method removed ({endpoint})", True)
            if op.pagination is not None:
                self.add(
                    "operation-removed",
                    f"{CLIENT}.{op.pagination.iter_name}",
                    old.operation(op),
                    f"method removed ({endpoint})",
                    True,
                )
        for name in fresh:
            if name in renamed.values():
                continue
            op = new.ops[name]
            endpoint = f"{op.http_method} {op.path}"
            self.add("operation-added", f"{CLIENT}.{name}", new.operation(op), f"method added ({endpoint})", False)
            if op.pagination is not None:
                self.add(
                    "operation-added",
                    f"{CLIENT}.{op.pagination.iter_name}",
                    new.operation(op),
                    f"method added ({endpoint})",
                    False,
                )
        for name in sorted(set(old.ops) & set(new.ops)):
            self.operation(old.ops[name], new.ops[name])

    def operation(self, a: Operation, b: Operation) -> None:
        old, new = self.old, self.new
        method = f"{CLIENT}.{b.method_name}"
        if (a.http_method, a.path) != (b.http_method, b.path):
            self.add(
                "endpoint-changed",
                method,
                new.operation(b),
                f"now calls {b.http_method} {b.path} (was {a.http_method} {a.path})",
                False,
            )
        if a.pagination is not None and b.pagination is None:
            self.add(
                "operation-removed",
                f"{CLIENT}.{a.pagination.iter_name}",
                new.operation(b),
                "method removed (the operation is no longer paginated)",
                True,
            )
        elif a.pagination is None and b.pagination is not None:
            self.add(
                "operation-added",
                f"{CLIENT}.{b.pagination.iter_name}",
                new.operation(b),
                "method added (the operation is now paginated)",
                False,
            )
        args_a = {x.name: x for x in a.arguments}
        args_b = {x.name: x for x in b.arguments}
        for name in sorted(set(args_a) | set(args_b)):
            python = f"{method}({name})"
            x, y = args_a.get(name), args_b.get(name)
            if y is None:
                assert x is not None
                self.add("argument-removed", python, old.argument(a, x), "argument removed", True)
                continue
            if x is None:
                if y.required:
                    self.add(
                        "argument-added-required",
                        python,
                        new.argument(b, y),
                        f"required argument added: {_show(y.type)}",
                        True,
                    )
                else:
                    self.add(
                        "argument-added-optional",
                        python,
                        new.argument(b, y),
                        f"optional argument added: {_show(y.type)}",
                        False,
                    )
                continue
            if y.required and not x.required:
                self.add("argument-made-required", python, new.argument(b, y), "argument made required", True)
            elif x.required and not y.required:
                self.add("argument-made-optional", python, new.argument(b, y), "argument made optional", False)
            relation = self.shapes.relation(x.type, y.type)
            if relation != "same":
                self.add(
                    f"argument-type-{relation}",
                    python,
                    new.argument(b, y),
                    f"argument type {relation}: {_show(x.type)} -> {_show(y.type)}",
                    relation != "widened",
                )
        self.response(a, b)

    def response(self, a: Operation, b: Operation) -> None:
        if a.response_annotation == b.response_annotation:
            return
        ma, mb = _response_model(a), _response_model(b)
        if ma and mb:
            if self.shapes.relation(TypeRef("model", name=ma), TypeRef("model", name=mb)) == "same":
                return
        breaking = a.response_annotation != "None"
        self.add(
            "return-type-changed",
            f"{CLIENT}.{b.method_name}",
            self.new.operation(b),
            f"return type changed: {a.response_annotation} -> {b.response_annotation}",
            breaking,
        )

    # -- models -------------------------------------------------------------------------------
    def _renames(self, gone: list[str], fresh: list[str], same: Callable[[str, str], bool]) -> dict[str, str]:
        out: dict[str, str] = {}
        for name in gone:
            target = next((n for n in fresh if n not in out.values() and same(name, n)), None)
            if target is not None:
                out[name] = target
        return out

    def models(self) -> None:
        old, new = self.old, self.new
        gone = sorted(set(old.models) - set(new.models))
        fresh = sorted(set(new.models) - set(old.models))
        renamed = self._renames(
            gone, fresh, lambda a, b: self.shapes.model_equal(old.models[a], "old", new.models[b], "new", set())
        )
        for name in gone:
            if name in renamed:
                target = new.models[renamed[name]]
                self.add(
                    "model-renamed",
                    f"{MODELS}.{name}",
                    target.source,
                    f"model renamed {name} -> {target.name} (same shape)",
                    False,
                )
            else:
                self.add("model-removed", f"{MODELS}.{name}", old.models[name].source, "model removed", True)
        for name in fresh:
            if name not in renamed.values():
                self.add("model-added", f"{MODELS}.{name}", new.models[name].source, "model added", False)
        for name in sorted(set(old.models) & set(new.models)):
            self.model(old.models[name], new.models[name])

    def model(self, a: Model, b: Model) -> None:
        old, new = self.old, self.new
        response = a.name in old.response_models or b.name in new.response_models
        request = a.name in old.request_models or b.name in new.request_models
        if not response and not request:  # not reached by any operation: assume both
            response = request = True
        fa = {f.name: f for f in a.fields}
        fb = {f.name: f for f in b.fields}
        for name in sorted(set(fa) | set(fb)):
            python = f"{MODELS}.{b.name}.{name}"
            x, y = fa.get(name), fb.get(name)
            if y is None:
                assert x is not None
                self.add("member-removed", python, old.member(a, x), "member removed", True)
                continue
            if x is None:
                if y.required:
                    self.add(
                        "member-added-required",
                        python,
                        new.member(b, y),
                        f"required member added: {_show(y.type)}",
                        request,
                    )
                else:
                    self.add("member-added", python, new.member(b, y), f"optional member added: {_show(y.type)}", False)
                continue
            if x.required and not y.required:
                self.add("member-made-optional", python, new.member(b, y), "member made optional", response)
            elif y.required and not x.required:
                self.add("member-made-required", python, new.member(b, y), "member made required", request)
            if x.wire != y.wire:
                self.add(
                    "member-wire-renamed",
                    python,
                    new.member(b, y),
                    f"JSON member renamed {x.wire!r} -> {y.wire!r}",
                    False,
                )
            relation = self.shapes.relation(x.type, y.type)
            if relation != "same":
                breaking = (
                    relation == "changed"
                    or (relation == "widened" and response)
                    or (relation == "narrowed" and request)
                )
                self.add(
                    f"member-type-{relation}",
                    python,
                    new.member(b, y),
                    f"member type {relation}: {_show(x.type)} -> {_show(y.type)}",
                    breaking,
                )

    # -- enums --------------------------------------------------------------------------------
    def enums(self) -> None:
        old, new = self.old, self.new
        gone = sorted(set(old.enums) - set(new.enums))
        fresh = sorted(set(new.enums) - set(old.enums))
        renamed = self._renames(gone, fresh, lambda a, b: _Shapes.enum_equal(old.enums[a], new.enums[b]))
        for name in gone:
            if name in renamed:
                self.add(
                    "enum-renamed",
                    f"{MODELS}.{name}",
                    new.enum(renamed[name]),
                    f"enum renamed {name} -> {renamed[name]} (same values)",
                    False,
                )
            else:
                self.add("enum-removed", f"{MODELS}.{name}", old.enum(name), "enum removed", True)
        for name in fresh:
            if name not in renamed.values():
                self.add("enum-added", f"{MODELS}.{name}", new.enum(name), "enum added", False)
        for name in sorted(set(old.enums) & set(new.enums)):
            a, b = old.enums[name], new.enums[name]
            python = f"{MODELS}.{name}"
            where = new.enum(name)
            if a.base != b.base:
                self.add("enum-type-changed", python, where, f"enum type changed: {a.base} -> {b.base}", True)
            for value in a.values:
                if value not in b.values:
                    if a.open:
                        self.add(
                            "enum-value-removed",
                            python,
                            where,
                            f"value {value} removed (open enum: still accepted)",
                            False,
                        )
                    else:
                        self.add("enum-value-removed", python, where, f"value {value} removed", True)
            for value in b.values:
                if value not in a.values:
                    self.add("enum-value-added", python, where, f"value {value} added", False)
            if a.open and not b.open:
                self.add("enum-closed", python, where, "enum closed: values outside the list are refused", True)
            elif b.open and not a.open:
                self.add("enum-opened", python, where, "enum opened: values outside the list are accepted", False)


# -- entry points ------------------------------------------------------------------------------


def load_api(spec: str | Path, package: str = "client") -> tuple[Document, Api]:
    """Load and build one document; raises :class:`SpecError`."""
    doc = load_document(spec)
    return doc, build_api(doc, package)


def compare(old_doc: Document, old_api: Api, new_doc: Document, new_api: Api) -> Report:
    changes = _Differ(_Side(old_doc, old_api), _Side(new_doc, new_api)).run()
    ordered = sorted(changes, key=lambda c: c.sort_key)
    return Report(
        old_label=old_doc.display,
        new_label=new_doc.display,
        old_version=old_api.api_version,
        new_version=new_api.api_version,
        breaking=tuple(c for c in ordered if c.breaking),
        non_breaking=tuple(c for c in ordered if not c.breaking),
    )


def diff_specs(old: str | Path, new: str | Path) -> Report:
    """The report from ``old`` to ``new``; raises one :class:`SpecError` with the problems of both."""
    problems: list[Problem] = []
    loaded: list[tuple[Document, Api]] = []
    for spec in (old, new):
        try:
            loaded.append(load_api(spec))
        except SpecError as exc:
            problems.extend(exc.problems)
    if problems:
        raise SpecError(problems)
    (old_doc, old_api), (new_doc, new_api) = loaded
    return compare(old_doc, old_api, new_doc, new_api)


def _version(v: str) -> str:
    return v or "no version"


def format_text(report: Report) -> str:
    lines = [
        f"API changes from {report.old_label} ({_version(report.old_version)}) "
        f"to {report.new_label} ({_version(report.new_version)})",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        lines.append(NO_CHANGES)
        return "\n".join(lines) + "\n"
    for title, group in (("BREAKING", report.breaking), ("NON-BREAKING", report.non_breaking)):
        lines.append(f"{title} ({len(group)})")
        lines.extend(f"  - {c.python}: {c.message}  [{c.location}]" for c in group)
        if not group:
            lines.append("  (none)")
        lines.append("")
    return "\n".join(lines[:-1]) + "\n"


def format_json(report: Report) -> str:
    data = {
        "breaking": [c.as_json() for c in report.breaking],
        "non_breaking": [c.as_json() for c in report.non_breaking],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def format_markdown(report: Report) -> str:
    lines = [
        "# API changes",
        "",
        f"API version {_version(report.old_version)} -> {_version(report.new_version)}: "
        f"`{report.new_label}` compared with the previous version of the spec in git, `{report.old_label}`.",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        lines += [NO_CHANGES, ""]
        return "\n".join(lines)
    for title, group in (("Breaking changes", report.breaking), ("Non-breaking changes", report.non_breaking)):
        lines += [f"## {title} ({len(group)})", ""]
        lines += [f"- `{c.python}`: {c.message} (`{c.location}`)" for c in group] or ["None."]
        lines.append("")
    return "\n".join(lines)


def run(old: str, new: str, fmt: str = "text") -> int:
    """``python -m generator diff``: exit 1 when a change is breaking, 0 otherwise, 2 on bad input."""
    try:
        report = diff_specs(old, new)
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    sys.stdout.write(format_json(report) if fmt == "json" else format_text(report))
    return 1 if report.breaking else 0


__all__ = [
    "Change",
    "Report",
    "compare",
    "diff_specs",
    "format_json",
    "format_markdown",
    "format_text",
    "load_api",
    "run",
]
