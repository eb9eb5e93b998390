"""The comparison of two IRs: what a regeneration changes for the code that calls the client.

Operations are matched by method name (a method that disappears while another appears for the
same endpoint is a rename), models and enums by class name (a model that disappears while another
of the same shape appears is a rename); arguments and members by Python name. Types are compared
by shape (:mod:`generator.report.shapes`). Only IRs are read: each change's location is the ``source``
the IR recorded at build time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..emit.literals import py_literal
from ..ir import Api, BodyArg, EnumAlias, Field, Model, Operation, Parameter, TypeRef
from ..load.reader import Document
from .shapes import MODELS, Shapes, show

CLIENT = "Client"


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


def _response_model(op: Operation) -> str:
    t = op.response_type
    return t.name if t is not None and t.kind == "model" and not t.nullable else ""


def _models_in(t: TypeRef) -> list[str]:
    return [x.name for x in t.walk() if x.kind == "model"]


class _Side:
    """The IR of one document. Every location it reports was recorded in the IR at build time
    (``source`` of operations, arguments, models, members and enums): the document is not read."""

    def __init__(self, api: Api, label: str) -> None:
        self.api = api
        self.label = label
        self.models: dict[str, Model] = {m.name: m for m in api.models}
        self.enums: dict[str, EnumAlias] = {e.name: e for e in api.enums}
        self.ops: dict[str, Operation] = {o.method_name: o for o in api.operations}
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
    @staticmethod
    def operation(op: Operation) -> str:
        return op.source

    @staticmethod
    def member(model: Model, f: Field) -> str:
        return f.source or model.source

    @staticmethod
    def argument(op: Operation, arg: Parameter | BodyArg) -> str:
        return arg.source or op.source

    def enum(self, name: str) -> str:
        enum = self.enums.get(name)
        return enum.source if enum is not None else f"{self.label}#"


# -- the comparison ----------------------------------------------------------------------------


def _endpoint(op: Operation) -> tuple[str, str]:
    return op.http_method, re.sub(r"\{[^}]*\}", "{}", op.path)


class _Differ:
    def __init__(self, old: _Side, new: _Side) -> None:
        self.old = old
        self.new = new
        self.shapes = Shapes(old, new)
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
                        f"required argument added: {show(y.type)}",
                        True,
                    )
                else:
                    self.add(
                        "argument-added-optional",
                        python,
                        new.argument(b, y),
                        f"optional argument added: {show(y.type)}",
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
                    f"argument type {relation}: {show(x.type)} -> {show(y.type)}",
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
                        f"required member added: {show(y.type)}",
                        request,
                    )
                else:
                    self.add("member-added", python, new.member(b, y), f"optional member added: {show(y.type)}", False)
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
                    f"member type {relation}: {show(x.type)} -> {show(y.type)}",
                    breaking,
                )

    # -- enums --------------------------------------------------------------------------------
    def enums(self) -> None:
        old, new = self.old, self.new
        gone = sorted(set(old.enums) - set(new.enums))
        fresh = sorted(set(new.enums) - set(old.enums))
        renamed = self._renames(gone, fresh, lambda a, b: Shapes.enum_equal(old.enums[a], new.enums[b]))
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
                            f"value {py_literal(value)} removed (open enum: still accepted)",
                            False,
                        )
                    else:
                        self.add("enum-value-removed", python, where, f"value {py_literal(value)} removed", True)
            for value in b.values:
                if value not in a.values:
                    self.add("enum-value-added", python, where, f"value {py_literal(value)} added", False)
            if a.open and not b.open:
                self.add("enum-closed", python, where, "enum closed: values outside the list are refused", True)
            elif b.open and not a.open:
                self.add("enum-opened", python, where, "enum opened: values outside the list are accepted", False)


def compare(old_doc: Document, old_api: Api, new_doc: Document, new_api: Api) -> Report:
    changes = _Differ(_Side(old_api, old_doc.display), _Side(new_api, new_doc.display)).run()
    ordered = sorted(changes, key=lambda c: c.sort_key)
    return Report(
        old_label=old_doc.display,
        new_label=new_doc.display,
        old_version=old_api.api_version,
        new_version=new_api.api_version,
        breaking=tuple(c for c in ordered if c.breaking),
        non_breaking=tuple(c for c in ordered if not c.breaking),
    )
