"""Resources: the operations grouped by their first tag, else by their first path segment, and
each resource cut into modules by the next path segment (``generator.ir.Resource``).

The cut is by what an operation is, never by how many there are: adding an operation puts it in
its own module (new or not) and moves no other. Version segments (``v1``, ``v2.1``) and path
parameters are not segments here: ``/v1/tables/{table}/rows`` is resource ``tables``, module
``rows``. A module that would still be too long (many operations telling nothing more apart, such
as a tag's ``/a``, ``/b``, ...) is cut into parts by a hash of the method names, each part's
operations its own (issue 24).
"""

from __future__ import annotations

import re

from ..ir import Operation, Resource, ResourceModule
from ..load.reader import Node
from .buckets import hash_buckets
from .collisions import numbered
from .names import Namer
from .naming import bounded, snake_case

RESOURCE_LINES = 4_000
"""The most lines a module of ``_resources`` is let take (by :func:`op_lines`) before it is cut
into parts, so that none passes 5,000 lines whatever the document (issue 24)."""
_VERSION = re.compile(r"v\d+(\.\d+)*", re.IGNORECASE)


def segments(path: str) -> list[str]:
    """The literal segments of ``path`` that say what it is about."""
    return [s for s in path.split("/") if s and not s.startswith("{") and not _VERSION.fullmatch(s)]


def _place(op: Operation) -> tuple[str, str]:
    """(the resource's key, the segment of its module) of an operation."""
    parts = segments(op.path)
    key = op.tag or (parts[0] if parts else "")
    return key, parts[1] if len(parts) > 1 else ""


def _spelled(key: str) -> str:
    return snake_case(key).strip("_").lower()


def build_resources(namer: Namer, operations: list[tuple[Operation, Node]]) -> tuple[Resource, ...]:
    """The resources of the operations, named in the sorted order of their keys."""
    grouped: dict[str, dict[str, list[tuple[Operation, Node]]]] = {}
    tags = {_spelled(op.tag): op.tag for op, _ in sorted(operations, key=lambda o: o[0].tag, reverse=True) if op.tag}
    for op, node in operations:
        key, segment = _place(op)
        if not op.tag:  # an untagged operation under a tag's own segment (/responses, "Responses") joins it
            key = tags.get(_spelled(key), key)
        grouped.setdefault(key, {}).setdefault(segment, []).append((op, node))
    resources: list[Resource] = []
    for key in sorted(grouped):
        by_segment = grouped[key]
        first = next(iter(by_segment.values()))[0][1]
        name = resource_name(namer, key, first)
        modules = []
        for segment in sorted(by_segment):
            ops = by_segment[segment]
            module = module_name(namer, name, segment, ops[0][1])
            modules += _cut(namer, module, segment, [op for op, _ in ops])
        resources.append(Resource(name, key, tuple(modules)))
    return tuple(resources)


def _cut(namer: Namer, module: str, segment: str, ops: list[Operation]) -> list[ResourceModule]:
    """The module of operations ``ops``, cut by a hash of their method names when it would be
    too long (``<module>__p<bits>``: ``__``, no resource module is named so): the same cut the
    lazy tables use, so adding an operation rewrites the part it falls in, never the others."""
    weights = {op.method_name: op_lines(op) for op in ops}
    parts = hash_buckets(weights, RESOURCE_LINES, weights.__getitem__)
    if list(parts) == [""]:
        return [ResourceModule(module, segment, tuple(weights))]
    cut = []
    for bits, names in parts.items():
        part = f"{module}__p{bits}"
        namer.resource_modules.take(part, f"part {bits} of {module}")
        members = set(names)  # in the document's order, as a whole module has them
        cut.append(ResourceModule(part, segment, tuple(n for n in weights if n in members)))
    return cut


def op_lines(op: Operation) -> int:
    """About how many lines an operation takes in its module of ``_resources`` (its constant,
    request check, and sync, async, raw and streaming methods), erring long: a module is cut
    when its operations would take more than :data:`RESOURCE_LINES`."""
    args = len(op.params) + (len(op.body.args) if op.body else 0)
    return 150 + 15 * args


def resource_name(namer: Namer, key: str, node: Node) -> str:
    """The identifier of the resource of a tag or first path segment ``key``: its snake_case
    (lowercase); a number where two keys spell the same (a located warning). Asked in the
    sorted order of the keys, so a name depends only on the keys that collide with it."""
    scope = namer.resources
    name = _spelled(key) or "default"
    if not scope.free(name):
        renamed = numbered(name, scope.free)
        namer.warn(
            node,
            f"resource {key!r} maps to {name!r}, as does resource {scope.owners[name]!r}; named {renamed}",
            "module-renamed",
        )
        name = renamed
    scope.take(name, key)
    return name


def module_name(namer: Namer, resource: str, segment: str, node: Node) -> str:
    """The module of ``_resources`` holding the operations of ``resource`` under path segment
    ``segment`` (``""``: the resource's own paths): ``_<resource>[_<segment>]``, a number where
    two spell the same (a located warning); never ``*_test``; a long name cut
    (:func:`~generator.lower.naming.bounded`)."""
    scope = namer.resource_modules
    wanted = bounded(f"_{resource}" + (f"_{_spelled(segment)}" if segment else ""))
    if wanted.endswith("_test"):  # test runners collect *_test.py files of vendored packages
        wanted += "_"
    module = wanted
    if not scope.free(module):
        module = numbered(wanted, scope.free)
        owner = scope.owners[wanted]
        namer.warn(
            node,
            f"operations of {resource!r} under {segment!r} map to module {wanted!r}, as do {owner}; named {module}",
            "module-renamed",
        )
    scope.take(module, f"those of {resource!r} under {segment!r}")
    return module
