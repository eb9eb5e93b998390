"""The ``_resources`` package: the methods of ``Client`` and ``AsyncClient``, one module per
resource and path segment (:class:`generator.ir.ResourceModule`), each loaded the first time one
of its methods is used (``_lazy.LazyMethods``). A module holds its operations' ``Operation``
constants, their request checks and the classes of their sync and async methods (with, for type
checkers, those of ``with_raw_response`` and ``with_streaming_response``).

Everything a template places is computed here first: the constants' statements and the entry of
the lazy table; the import of what the request checks call from ``_validators`` is made of the
names the writer recorded.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import jinja2

from ..ir import Api, Operation
from .json_tests import Index
from .literals import py_literal
from .validators_package import common_names
from .writer import IMPORTS_MARK, ModuleWriter

RESOURCES = "_resources"
TEMPLATE = "resources/module.py.jinja"
GROUPS = 32
"""How many groups the modules are composed in for type checkers (``_group__NN``): a module's
group is a hash of its name, so adding a module never moves another, and ``_client`` lists the
groups, not the modules."""


def group_of(module: str) -> str:
    """The typing-only module that composes ``module``'s classes (``__``: no resource is named so)."""
    return f"_group__{zlib.crc32(module.encode()) % GROUPS:02d}"


def groups(names: Iterable[str]) -> dict[str, list[str]]:
    """The modules of each group, both in sorted order."""
    found: dict[str, list[str]] = {}
    for name in sorted(names):
        found.setdefault(group_of(name), []).append(name)
    return dict(sorted(found.items()))


@dataclass(frozen=True, slots=True)
class ResourceView:
    """What the template of one module of ``_resources`` places."""

    name: str  # the module
    key: str  # the tag or path segment of its resource
    segment: str
    operations: tuple[Operation, ...]
    constants: tuple[str, ...] = ()  # ``_NAME = Operation(...)`` of each operation

    @property
    def entry(self) -> str:
        """Its entry of the client's lazy table: the module, its methods (``+``: a page iterator)."""
        names = [self.name]
        for op in self.operations:
            names.append(op.method_name)
            if op.pagination is not None:
                names.append("+" + op.pagination.iter_name)
        return " ".join(names)


def views(api: Api) -> Iterator[ResourceView]:
    """One view a module of ``_resources``, in the order of the resources."""
    by_method = {op.method_name: op for op in api.operations}
    for resource in api.resources:
        for module in resource.modules:
            ops = tuple(by_method[name] for name in module.operations)
            yield ResourceView(module.name, resource.key, module.segment, ops)


def render_resources(env: jinja2.Environment, api: Api) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of every module of ``_resources`` and of its ``__init__``."""
    template = env.get_template(TEMPLATE)
    index = Index.of(api)
    checks_names = {v.function for v in api.validators} | set(common_names(api))
    for view in views(api):
        path = f"{RESOURCES}/{view.name}.py"
        writer = ModuleWriter(api, path, index=index)
        constants = tuple(_constant(writer, op) for op in view.operations)
        unit = ResourceView(view.name, view.key, view.segment, view.operations, constants)
        text = template.render(api=api, w=writer, unit=unit)
        checks = sorted(writer.uses & checks_names)  # what the operations' checks call
        line = f"from .._validators import {', '.join(checks)}" if checks else ""
        yield path, text.replace(IMPORTS_MARK, _with_checks(writer.imports(), line), 1)
    yield f"{RESOURCES}/__init__.py", env.get_template("resources/__init__.py.jinja").render(api=api)
    group = env.get_template("resources/group.py.jinja")
    for name, modules in groups(view.name for view in views(api)).items():
        yield f"{RESOURCES}/{name}.py", group.render(api=api, modules=modules)


def _with_checks(imports: str, checks: str) -> str:
    """The module's import lines with that of the request checks, before ``..errors``'s (isort's order)."""
    if not checks:
        return imports
    lines = imports.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("from ..errors ")), len(lines))
    return "\n".join([*lines[:at], checks, *lines[at:]])


def _constant(w: ModuleWriter, op: Operation) -> str:
    """The statement of the module constant holding the operation's static facts."""
    w.uses.add("Operation")
    args = [
        f"name={py_literal(op.operation_id)}",
        f"method={py_literal(op.http_method)}",
        f"path={py_literal(op.path)}",
        f"idempotent={op.idempotent}",
    ]
    if op.body:
        args += [f"content_type={py_literal(op.body.content_type)}", f"encoding={py_literal(op.body.encoding)}"]
    if op.response_kind != "json":
        args.append(f"response={py_literal(op.response_kind)}")
    check = w.response_check(op)
    if check:
        w.uses.add("_validators")
        args.append(f"check_response=_validators.{check}")
    if op.validator:
        args.append(f"validate={op.validator.function}")
    if op.required_option_headers:
        args.append(f"required_headers={w.required_headers(op)}")
    return f"{op.const_name} = Operation(\n" + "".join(f"    {a},\n" for a in args) + ")"
