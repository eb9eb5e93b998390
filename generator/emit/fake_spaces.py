"""The test kit's namespaces (``api.tables.get_or_create.returns(...)``): one class per namespace
of the client, in the module of ``_fakes`` that mirrors the namespace's module of ``_resources``
(beside the stubs of its operations), whose names are the stubs of ``FakeApi`` of the operations
the client's namespace calls so (``_spaces.FakeSpace``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api
from . import internal
from .testing_module import KIT_NAMES, RESERVED, TestingModule


def alias(module: str) -> str:
    """The name a module of ``_fakes`` holding a namespace is imported as for type checkers
    (``from ._fakes import files as _kit_files``): module names are unique, so the aliases are."""
    return "_kit_" + module


@dataclass(frozen=True, slots=True)
class FakeSpaceView:
    """One namespace of the test kit."""

    cls: str  # its class, in the module of ``_fakes`` named as its module of ``_resources``
    module: str  # that module (``files_passages``)
    path: str  # ``files.passages``
    methods: tuple[tuple[str, str, str, str], ...]  # (name there, FakeApi attribute, stub class, _fakes module)
    children: tuple[tuple[str, str, str], ...]  # (attribute, module, class) of its sub-namespaces

    @property
    def table(self) -> str:
        """Its methods as ``_fake_lazy.methods`` reads them: ``name=attribute`` (``name`` alone
        where the attribute is spelled so)."""
        return " ".join(name if name == attr else f"{name}={attr}" for name, attr, _cls, _module in self.methods)

    @property
    def child_rows(self) -> list[tuple[str, str, str, str]]:
        """(attribute, annotation, module, class) of each sub-namespace: its ``Space`` line."""
        return [(attribute, f"{alias(module)}.{cls}", module, cls) for attribute, module, cls in self.children]

    def type_imports(self) -> list[str]:
        """What its module imports for type checkers: the stub classes of its operations kept in
        the parts of a long namespace (in ``_internal``), and its sub-namespaces' modules."""
        parts: dict[str, list[str]] = {}
        for _name, _attribute, cls, module in self.methods:
            if module != self.module:
                parts.setdefault(module, []).append(cls)
        lines = [
            f"from ...{internal.dotted('_fakes', m)} import {', '.join(sorted(c))}" for m, c in sorted(parts.items())
        ]
        return lines + [f"from . import {m} as {alias(m)}" for m in sorted({m for _a, m, _c in self.children})]


def fake_spaces(api: Api, fakes: TestingModule) -> tuple[tuple[FakeSpaceView, ...], tuple[tuple[str, str, str], ...]]:
    """The test kit's namespaces, and (attribute, module, class) of those of the first level (an
    attribute ``FakeApi`` has itself, or an operation's stub there, gets a ``_``, or as many as
    make it free)."""
    ops = {op.method_name: (op, module.name) for module in fakes.modules for op in module.ops}
    by_method = {op.method_name: op for op in api.operations}
    fake = _fake_classes(api, {op.stub_class for op, _module in ops.values()})
    views: list[FakeSpaceView] = []
    top: list[tuple[str, str, str]] = []
    taken = RESERVED | {op.attr for op, _module in ops.values()}
    for resource in api.resources:
        for module in resource.modules:
            if module.is_part:
                continue
            names = [n for m in resource.modules if m.space == module.space for n in m.operations]
            methods = tuple((by_method[n].space_method, ops[n][0].attr, ops[n][0].stub_class, ops[n][1]) for n in names)
            children = tuple((attribute, child, fake[cls]) for attribute, child, cls in module.children)
            path = ".".join(module.space)
            views.append(FakeSpaceView(fake[module.class_name], module.name, path, methods, children))
        name = resource.name
        while name in taken:  # ``client_`` may be an operation's stub already: ``client__``
            name += "_"
        top.append((name, resource.module.name, fake[resource.module.class_name]))
    return tuple(views), tuple(top)


def _fake_classes(api: Api, stubs: set[str]) -> dict[str, str]:
    """Namespace class -> its class in the kit's module of namespaces: ``Fake<class>``, with
    ``Space`` after it where that is an operation's stub class the module imports (a namespace
    ``thing_stub`` beside an operation ``fakeThing``: ``FakeThingStub``) or a name it imports."""
    taken = stubs | {"FakeSpace", "Space", "TYPE_CHECKING", "methods"} | KIT_NAMES
    classes = {m.class_name for r in api.resources for m in r.modules}
    return {cls: f"Fake{cls}Space" if f"Fake{cls}" in taken else f"Fake{cls}" for cls in classes}
