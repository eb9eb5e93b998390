"""The changes of the classes of ``models``: models removed, added or renamed (another of the same
shape), their members; enums removed, added or renamed (same values), their values.

Whether a member's change breaks callers depends on which way the model travels: a response
model may not widen (callers read it), a request model may not narrow (callers build it)."""

from __future__ import annotations

from ..emit.literals import py_literal
from ..ir import EnumAlias, Field, Model
from ..spelling import MODELS, qualified
from .comparison import Comparison
from .shapes import Shapes


def model_changes(c: Comparison) -> None:
    old, new = c.old, c.new
    gone = sorted(set(old.models) - set(new.models))
    fresh = sorted(set(new.models) - set(old.models))
    renamed = c.renames(
        gone, fresh, lambda a, b: c.shapes.model_equal(old.models[a], "old", new.models[b], "new", set())
    )
    for name in gone:
        if name in renamed:
            target = new.models[renamed[name]]
            message = f"model renamed {name} -> {target.name} (same shape)"
            c.add("model-renamed", f"{MODELS}.{name}", target.source, message, False)
        else:
            c.add("model-removed", f"{MODELS}.{name}", old.models[name].source, "model removed", True)
    for name in fresh:
        if name not in renamed.values():
            c.add("model-added", f"{MODELS}.{name}", new.models[name].source, "model added", False)
    for name in sorted(set(old.models) & set(new.models)):
        _model(c, old.models[name], new.models[name])


def _model(c: Comparison, a: Model, b: Model) -> None:
    response = a.name in c.old.response_models or b.name in c.new.response_models
    request = a.name in c.old.request_models or b.name in c.new.request_models
    if not response and not request:  # not reached by any operation: assume both
        response = request = True
    fa = {f.name: f for f in a.fields}
    fb = {f.name: f for f in b.fields}
    for name in sorted(set(fa) | set(fb)):
        x, y = fa.get(name), fb.get(name)
        python = f"{MODELS}.{b.name}.{name}"
        if y is None:
            assert x is not None
            c.add("member-removed", python, c.old.member(a, x), "member removed", True)
        elif x is None:
            where = c.new.member(b, y)
            if y.required:
                c.add("member-added-required", python, where, f"required member added: {qualified(y.type)}", request)
            else:
                c.add("member-added", python, where, f"optional member added: {qualified(y.type)}", False)
        else:
            _member(c, python, c.new.member(b, y), x, y, response=response, request=request)


def _member(c: Comparison, python: str, where: str, x: Field, y: Field, *, response: bool, request: bool) -> None:
    """The changes of a member kept, ``x`` before and ``y`` after."""
    if x.required and not y.required:
        c.add("member-made-optional", python, where, "member made optional", response)
    elif y.required and not x.required:
        c.add("member-made-required", python, where, "member made required", request)
    if x.wire != y.wire:
        c.add("member-wire-renamed", python, where, f"JSON member renamed {x.wire!r} -> {y.wire!r}", False)
    relation = c.shapes.relation(x.type, y.type)
    if relation != "same":
        breaking = relation == "changed" or (relation == "widened" and response) or (relation == "narrowed" and request)
        message = f"member type {relation}: {qualified(x.type)} -> {qualified(y.type)}"
        c.add(f"member-type-{relation}", python, where, message, breaking)


def enum_changes(c: Comparison) -> None:
    old, new = c.old, c.new
    gone = sorted(set(old.enums) - set(new.enums))
    fresh = sorted(set(new.enums) - set(old.enums))
    renamed = c.renames(gone, fresh, lambda a, b: Shapes.enum_equal(old.enums[a], new.enums[b]))
    for name in gone:
        if name in renamed:
            message = f"enum renamed {name} -> {renamed[name]} (same values)"
            c.add("enum-renamed", f"{MODELS}.{name}", new.enum(renamed[name]), message, False)
        else:
            c.add("enum-removed", f"{MODELS}.{name}", old.enum(name), "enum removed", True)
    for name in fresh:
        if name not in renamed.values():
            c.add("enum-added", f"{MODELS}.{name}", new.enum(name), "enum added", False)
    for name in sorted(set(old.enums) & set(new.enums)):
        _enum(c, old.enums[name], new.enums[name], f"{MODELS}.{name}", new.enum(name))


def _enum(c: Comparison, a: EnumAlias, b: EnumAlias, python: str, where: str) -> None:
    if a.base != b.base:
        c.add("enum-type-changed", python, where, f"enum type changed: {a.base} -> {b.base}", True)
    for value in a.values:
        if value not in b.values:
            if a.open:
                message = f"value {py_literal(value)} removed (open enum: still accepted)"
                c.add("enum-value-removed", python, where, message, False)
            else:
                c.add("enum-value-removed", python, where, f"value {py_literal(value)} removed", True)
    for value in b.values:
        if value not in a.values:
            c.add("enum-value-added", python, where, f"value {py_literal(value)} added", False)
    if a.open and not b.open:
        c.add("enum-closed", python, where, "enum closed: values outside the list are refused", True)
    elif b.open and not a.open:
        c.add("enum-opened", python, where, "enum opened: values outside the list are accepted", False)
