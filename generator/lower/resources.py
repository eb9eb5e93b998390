"""Resources: the client's namespaces (:mod:`generator.lower.spaces` places each operation and
names its method there) and the modules of ``_resources`` holding them, one per namespace and
named after it (``files_passages``, ``generator.ir.ResourceModule``).

The cut is by what an operation is, never by how many there are: adding an operation puts it in
its own namespace's module (new or not) and moves no other. A module that would still be too long
(a namespace of many operations) is cut into parts by a hash of the method names, each part's
operations its own, which the namespace's module composes (issue 24).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from ..ir import Operation, Resource, ResourceModule
from ..load.reader import Node
from .buckets import hash_buckets
from .collisions import numbered
from .names import Namer, Scope
from .naming import bounded, pascal_case
from .reserved import RESOURCES_MODULE_NAMES
from .runtime_names import runtime_client_attributes
from .spaces import SPACE_MEMBERS, flat_methods, place_all, short_names

RESOURCE_LINES = 4_000
"""The most lines a module of ``_resources`` is let take (by :func:`op_lines`) before it is cut
into parts, so that none passes 5,000 lines whatever the document (issue 24)."""

Grouped = dict[str, dict[str, list[tuple[Operation, Node, str]]]]  # first -> second -> ops


def build_resources(
    namer: Namer, operations: list[tuple[Operation, Node]], ext: Mapping[str, Any]
) -> tuple[tuple[Resource, ...], list[Operation]]:
    """The namespaces of the operations (named in the sorted order of what they are spelled
    from), and the operations with their namespace and names there."""
    grouped: Grouped = {}
    keys: dict[str, str] = {}
    for placed, (op, node) in zip(place_all(namer, operations, ext), operations, strict=True):
        grouped.setdefault(placed.first, {}).setdefault(placed.second, []).append((op, node, placed.method))
        keys.setdefault(placed.first, placed.key)
    named: dict[str, tuple[tuple[str, ...], str]] = {}  # method -> (namespace, its name there)
    iters: dict[str, str] = {}
    resources: list[Resource] = []
    classes: set[str] = set()  # every namespace's classes: the test kit holds them in one module
    # the client's attributes: its flat methods too when it has them (``flat-methods``)
    top = namer.client if flat_methods(ext) else Scope(runtime_client_attributes())
    for first in sorted(grouped):
        by_second = grouped[first]
        node = next(iter(by_second.values()))[0][1]
        name = _attribute(namer, top, first, node, "the client")
        children = _children(namer, name, by_second)
        modules: list[ResourceModule] = []
        for second in sorted(by_second):
            space = (name, children[second]) if second else (name,)
            ops = by_second[second]
            taken = frozenset(children.values()) if not second else frozenset()
            for method, (short, iter_name) in short_names(namer, space, ops, taken).items():
                named[method] = (space, short)
                iters[method] = iter_name
            modules += _cut(namer, space, second, [op for op, _n, _a in ops], ops[0][1], classes)
        if "" not in by_second:
            module = ResourceModule(_module(namer, (name,), node), "", (), (name,), _class((name,), classes))
            modules.insert(0, module)
        subs = tuple((children[m.segment], m.name, m.class_name) for m in modules if m.segment and not m.is_part)
        modules[0] = dataclasses.replace(modules[0], children=subs)
        resources.append(Resource(name, keys[first], tuple(modules)))
    done = [
        dataclasses.replace(op, space=named[op.method_name][0], space_method=named[op.method_name][1])
        for op, _node in operations
    ]
    return tuple(resources), [dataclasses.replace(op, space_iter=iters[op.method_name]) for op in done]


def _children(namer: Namer, first: str, by_second: Mapping[str, list[Any]]) -> dict[str, str]:
    """The attribute of each second level of namespace ``first`` ("" -> "")."""
    scope = Scope(runtime_client_attributes() | SPACE_MEMBERS)
    out = {"": ""}
    for second in sorted(s for s in by_second if s):
        out[second] = _attribute(namer, scope, second, by_second[second][0][1], f"namespace {first!r}")
    return out


def _attribute(namer: Namer, scope: Any, wanted: str, node: Node, where: str) -> str:
    """A namespace's attribute, free in ``scope``: numbered (a located warning) when taken."""
    name = wanted
    if not scope.free(name):
        name = numbered(wanted, scope.free)
        namer.warn(node, f"namespace {wanted!r} of {where} is a name taken there; named {name}", "namespace-renamed")
    scope.take(name, f"namespace {wanted!r}")
    return name


def _module(namer: Namer, space: tuple[str, ...], node: Node) -> str:
    """The module of ``_resources`` of namespace ``space``: its levels joined by ``_``; a number
    where two spell the same (a located warning); never ``*_test``; a long name cut."""
    scope = namer.resource_modules
    wanted = re.sub("__+", "_", bounded("_".join(space)))  # ``async_`` + ``client``: no ``__`` (a part's)
    if wanted.endswith("_test"):  # test runners collect *_test.py files of vendored packages
        wanted += "_"
    module = wanted
    if not scope.free(module):
        module = numbered(wanted, scope.free)
        why = f"namespace {'.'.join(space)!r} maps to module {wanted!r}, as does {scope.owners[wanted]}"
        namer.warn(node, f"{why}; named {module}", "module-renamed")
    scope.take(module, f"namespace {'.'.join(space)!r}")
    return module


def _cut(
    namer: Namer, space: tuple[str, ...], segment: str, ops: list[Operation], node: Node, classes: set[str]
) -> list[ResourceModule]:
    """The module of namespace ``space`` holding ``ops``, cut by a hash of their method names when
    it would be too long: its parts (``<module>__p<bits>``: ``__``, no namespace's module is named
    so) after it, which it composes; the same cut the lazy tables use, so adding an operation
    rewrites the part it falls in, never the others."""
    module = _module(namer, space, node)
    cls = _class(space, classes)
    weights = {op.method_name: op_lines(op) for op in ops}
    parts = hash_buckets(weights, RESOURCE_LINES, weights.__getitem__)
    if list(parts) == [""]:
        return [ResourceModule(module, segment, tuple(weights), space, cls)]
    cut = []
    for bits, names in parts.items():
        part = f"{module}__p{bits}"
        namer.resource_modules.take(part, f"part {bits} of {module}")
        members = set(names)  # in the document's order, as a whole module has them
        cut.append(ResourceModule(part, segment, tuple(n for n in weights if n in members), space, cls, is_part=True))
    return [ResourceModule(module, segment, (), space, cls, parts=tuple(p.name for p in cut)), *cut]


def _class(space: tuple[str, ...], taken: set[str]) -> str:
    """The class of namespace ``space``: its levels in PascalCase; ``...Space`` where a class of
    its module would hide a name the module imports; numbered where another namespace's classes
    are spelled so (``cash_payments`` and ``cash.payments``: the test kit holds every namespace's
    class in one module). ``taken`` gets its classes."""
    cls = pascal_case("_".join(space))
    if not RESOURCES_MODULE_NAMES.isdisjoint(space_classes(cls)):
        cls += "Space"
    base, n = cls, 2
    while not taken.isdisjoint(space_classes(cls)):
        cls, n = f"{base}{n}", n + 1
    taken.update(space_classes(cls))
    return cls


def space_classes(cls: str) -> tuple[str, ...]:
    """The classes the module of a namespace of class ``cls`` defines: ``Transport`` also
    defines ``AsyncTransport``, which its module imports from the runtime (so it is
    ``TransportSpace``)."""
    variants = (cls, f"{cls}WithRawResponse", f"{cls}WithStreamingResponse")
    return (*variants, *(f"Async{name}" for name in variants))


def op_lines(op: Operation) -> int:
    """About how many lines an operation takes in its module of ``_resources`` (its constant,
    request check, and sync, async, raw and streaming methods), erring long: a module is cut
    when its operations would take more than :data:`RESOURCE_LINES`."""
    args = len(op.params) + (len(op.body.args) if op.body else 0)
    return 150 + 15 * args
