"""The ``_resources`` package: the methods of ``Client`` and ``AsyncClient``, one module per
resource and path segment (:class:`generator.ir.ResourceModule`), each loaded the first time one
of its methods is used (``_lazy_methods.LazyMethods``). A module holds its operations' ``Operation``
constants, their request checks and the classes of their sync and async methods (with, for type
checkers, those of ``with_raw_response`` and ``with_streaming_response``).

Everything a template places is computed before Jinja runs: the entry of the lazy table here,
each module's pieces and imports in :mod:`generator.emit.resources_module`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import jinja2

from ..ir import Api, Operation, ResourceModule
from ..lower.buckets import hash_buckets
from . import internal
from .json_tests import Index
from .resources_module import module_code
from .validators_package import common_names
from .writer import PieceWriter

RESOURCES = "_resources"
TEMPLATE = "resources/module.py.jinja"
GROUPS = 32
"""How many groups the modules are composed in for type checkers (``_internal/<area>_group_NN``): a module's
group is a hash of its name, so adding a module never moves another, and ``_client`` lists the
groups, not the modules."""
GROUP_LINES = 4_000
"""The most lines a group is let take (:func:`group_lines`) before it is cut, by more bits of the
same hash (``<area>_group_NN_<bits>``), so that none passes 5,000 lines whatever the document."""


def group_of(module: str) -> str:
    """The number of the typing-only group that composes ``module``'s classes."""
    return f"{zlib.crc32(module.encode()) % GROUPS:02d}"


def group_lines(operations: int) -> int:
    """About how many lines a module of ``operations`` takes in its group of ``_resources`` (its
    import and six class bases) or of ``_fakes`` (its imports, base and stubs' names), erring long."""
    return 7 + 2 * operations


def groups(modules: Mapping[str, int]) -> dict[str, list[str]]:
    """The modules of each group (module -> its number of operations), both in sorted order; a
    group over :data:`GROUP_LINES` is cut into the buckets of its modules' hashes. A group is
    named ``NN`` or ``NN_<bits>``: :func:`generator.emit.internal.group` names its module."""
    found: dict[str, list[str]] = {}
    for name in sorted(modules):
        found.setdefault(group_of(name), []).append(name)
    cut: dict[str, list[str]] = {}
    for group, names in sorted(found.items()):
        weight = {name: group_lines(modules[name]) for name in names}
        buckets = hash_buckets(names, GROUP_LINES, weight.__getitem__)
        for bits, members in buckets.items():  # a group's modules share the lowest bits of the hash
            cut[f"{group}_{bits}" if bits else group] = members
    return cut


@dataclass(frozen=True, slots=True)
class ResourceView:
    """What the template of one module of ``_resources`` places."""

    name: str  # the module
    key: str  # the tag or path segment of its resource
    segment: str
    operations: tuple[Operation, ...]
    module: ResourceModule

    @property
    def parts(self) -> list[str]:
        """The modules of its parts in ``_internal``, as its module imports them."""
        return [internal.part(RESOURCES, part) for part in self.module.parts]

    @property
    def path(self) -> str:
        """Its file in the package: a part's is in ``_internal``."""
        if self.module.is_part:
            return internal.path(internal.part(RESOURCES, self.name))
        return f"{RESOURCES}/{self.name}.py"

    @property
    def entry(self) -> str:
        """Its entry of the client's lazy table of flat methods: the module, its methods (``+``:
        a page iterator)."""
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
            yield ResourceView(module.name, resource.key, module.segment, ops, module)


def flat_modules(api: Api) -> dict[str, int]:
    """The modules holding flat methods (those with operations) -> their number of operations."""
    return {view.name: len(view.operations) for view in views(api) if view.operations}


def render_resources(env: jinja2.Environment, api: Api) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of every module of ``_resources`` and of its ``__init__``."""
    template = env.get_template(TEMPLATE)
    index = Index.of(api)
    checks_names = {v.function for v in api.validators} | set(common_names(api))
    for view in views(api):
        # written as a module of _resources (its imports', its depth's): a part's file is in _internal
        code = module_code(PieceWriter(api, f"{RESOURCES}/{view.name}.py", index=index), view, checks_names)
        yield view.path, template.render(api=api, unit=code)
    yield f"{RESOURCES}/__init__.py", env.get_template("resources/__init__.py.jinja").render(api=api)
    if not api.flat_methods:
        return
    group = env.get_template("resources/group.py.jinja")
    for name, modules in groups(flat_modules(api)).items():
        yield internal.path(internal.group(RESOURCES, name)), group.render(
            api=api, modules=member_imports(RESOURCES, modules), bound=[bound_name(RESOURCES, m) for m in modules]
        )


_SELF_BOUND = frozenset({"annotations"})
"""What a module importing the modules of a folder binds itself (``from __future__ import
annotations``): a namespace's module named so is bound to ``_<name>`` there."""


def bound_name(folder: str, module: str) -> str:
    """The name a module of ``folder`` (``_resources``, ``_fakes``) is bound to where it is
    imported: its own (``_`` before one the importing module binds itself: ``_annotations``), or a
    part's in ``_internal`` (``<area>_<module>``)."""
    if is_part(module):
        return internal.part(folder, module)
    return f"_{module}" if module in _SELF_BOUND else module


is_part = internal.is_part


def member_imports(folder: str, modules: Iterable[str], package: str = "") -> list[tuple[str, str]]:
    """(package, names) of the import lines of ``modules`` of ``folder`` from a module at the
    package's first level: ``_internal``'s parts first, then ``folder``'s own modules (from
    ``package``, the folder's dotted path from the root, when it is not ``folder``)."""
    parts = [bound_name(folder, m) for m in modules if is_part(m)]
    own = [m if bound_name(folder, m) == m else f"{m} as {bound_name(folder, m)}" for m in modules if not is_part(m)]
    lines = ((internal.FOLDER, parts), (package or folder, own))
    return [(where, ", ".join(names)) for where, names in lines if names]
