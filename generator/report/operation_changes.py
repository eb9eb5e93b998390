"""The changes of the client's methods: removed, added or renamed (another method for the same
endpoint), their page iterators, their arguments and their return type."""

from __future__ import annotations

import re

from ..ir import BodyArg, Operation, Parameter, TypeRef
from ..spelling import qualified, return_annotation
from .comparison import CLIENT, Comparison, response_model


def _endpoint(op: Operation) -> tuple[str, str]:
    return op.http_method, re.sub(r"\{[^}]*\}", "{}", op.path)


def operation_changes(c: Comparison) -> None:
    old, new = c.old, c.new
    gone = sorted(set(old.ops) - set(new.ops))
    fresh = sorted(set(new.ops) - set(old.ops))
    renamed = c.renames(gone, fresh, lambda a, b: _endpoint(new.ops[b]) == _endpoint(old.ops[a]))
    for name in gone:
        if name in renamed:
            _renamed(c, old.ops[name], new.ops[renamed[name]])
        else:
            _methods(c, old.ops[name], old.operation(old.ops[name]), "removed")
    for name in fresh:
        if name not in renamed.values():
            _methods(c, new.ops[name], new.operation(new.ops[name]), "added")
    for name in sorted(set(old.ops) & set(new.ops)):
        _operation(c, old.ops[name], new.ops[name])


def _methods(c: Comparison, op: Operation, where: str, what: str) -> None:
    """The method of an operation that is removed or added, and its page iterator."""
    methods = [op.method_name] + ([op.pagination.iter_name] if op.pagination is not None else [])
    for method in methods:
        message = f"method {what} ({op.http_method} {op.path})"
        c.add(f"operation-{what}", f"{CLIENT}.{method}", where, message, what == "removed")


def _renamed(c: Comparison, op: Operation, target: Operation) -> None:
    """``op`` is ``target`` under another name (and so may be its page iterator)."""
    endpoint = f"{op.http_method} {op.path}"
    where = c.new.operation(target)
    c.add(
        "method-renamed",
        f"{CLIENT}.{op.method_name}",
        where,
        f"method renamed to {target.method_name} ({endpoint})",
        True,
    )
    pages, target_pages = op.pagination, target.pagination
    if pages is not None and target_pages is not None and pages.iter_name != target_pages.iter_name:
        message = f"method renamed to {target_pages.iter_name} ({endpoint})"
        c.add("method-renamed", f"{CLIENT}.{pages.iter_name}", where, message, True)
    _operation(c, op, target)


def _operation(c: Comparison, a: Operation, b: Operation) -> None:
    """The changes of one method: its endpoint, its page iterator, its arguments, its return type."""
    where = c.new.operation(b)
    if (a.http_method, a.path) != (b.http_method, b.path):
        message = f"now calls {b.http_method} {b.path} (was {a.http_method} {a.path})"
        c.add("endpoint-changed", f"{CLIENT}.{b.method_name}", where, message, False)
    if a.pagination is not None and b.pagination is None:
        message = "method removed (the operation is no longer paginated)"
        c.add("operation-removed", f"{CLIENT}.{a.pagination.iter_name}", where, message, True)
    elif a.pagination is None and b.pagination is not None:
        message = "method added (the operation is now paginated)"
        c.add("operation-added", f"{CLIENT}.{b.pagination.iter_name}", where, message, False)
    args_a = {x.name: x for x in a.arguments}
    args_b = {x.name: x for x in b.arguments}
    for name in sorted(set(args_a) | set(args_b)):
        _argument(c, a, b, args_a.get(name), args_b.get(name), f"{CLIENT}.{b.method_name}({name})")
    _response(c, a, b)


def _argument(
    c: Comparison, a: Operation, b: Operation, x: Parameter | BodyArg | None, y: Parameter | BodyArg | None, python: str
) -> None:
    """The changes of one argument, ``x`` of ``a`` before and ``y`` of ``b`` after."""
    if y is None:
        assert x is not None
        c.add("argument-removed", python, c.old.argument(a, x), "argument removed", True)
        return
    where = c.new.argument(b, y)
    if x is None:
        how = "required" if y.required else "optional"
        c.add(f"argument-added-{how}", python, where, f"{how} argument added: {qualified(y.type)}", y.required)
        return
    if y.required and not x.required:
        c.add("argument-made-required", python, where, "argument made required", True)
    elif x.required and not y.required:
        c.add("argument-made-optional", python, where, "argument made optional", False)
    relation = c.shapes.relation(x.type, y.type)
    if relation != "same":
        message = f"argument type {relation}: {qualified(x.type)} -> {qualified(y.type)}"
        c.add(f"argument-type-{relation}", python, where, message, relation != "widened")


def _response(c: Comparison, a: Operation, b: Operation) -> None:
    old, new = return_annotation(a), return_annotation(b)
    if old == new:
        return
    ma, mb = response_model(a), response_model(b)
    if ma and mb:
        if c.shapes.relation(TypeRef("model", name=ma), TypeRef("model", name=mb)) == "same":
            return
    breaking = old != "None"
    message = f"return type changed: {old} -> {new}"
    c.add("return-type-changed", f"{CLIENT}.{b.method_name}", c.new.operation(b), message, breaking)
