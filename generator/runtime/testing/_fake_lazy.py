"""The test kit's lazy tables (``testing.FakeApi``): its operations and typed stubs, by module of
``_fakes``, each imported the first time the fake needs one (``_fake_chunks``: a large API's
tables, cut into chunks)."""

from __future__ import annotations

import importlib
from typing import Any

from .._lazy import internal
from ._fake_wire import Router, Routes

__all__ = ["LazyFakes", "methods"]


class LazyFakes:
    """The operations and typed stubs of the test kit's fake API (``testing.FakeApi``), by module
    of ``_fakes`` (one per module of ``_resources``): ``api.<method>`` imports its module on first
    use, and so does the first request to one of its operations (``router`` finds it), so that a
    fake of a large API costs what the test uses, not every operation.

    ``table``: one entry a module: its name, then ``attribute:StubClass[:method]`` of each
    operation (the method, when the fake's attribute is not spelled as it). ``routes``: one entry
    an operation, ``METHOD /path/{template} method_name``."""

    def __init__(self, package: str, table: tuple[str, ...], routes: tuple[str, ...] = ()) -> None:
        self._package = package  # ``testing``: its ``_fakes`` holds the modules
        self._root = package.rpartition(".")[0]  # the package's: its ``_internal`` holds parts
        self._table = table
        self._routes = routes
        self._stubs: dict[str, tuple[str, str, str]] = {}  # attribute -> (module, class, method)
        self._modules: dict[str, str] = {}  # method -> module
        self._all = False

    def _add(self, entries: tuple[str, ...]) -> None:
        for entry in entries:
            module, *names = entry.split()
            for name in names:
                attribute, cls, *method = name.split(":")
                found = self._stubs[attribute] = (module, cls, method[0] if method else attribute)
                self._modules[found[2]] = module

    def _index(self) -> dict[str, tuple[str, str, str]]:
        if not self._all:
            self._all = True
            self._add(self._table)
        return self._stubs

    def _find(self, attribute: str) -> tuple[str, str, str] | None:
        """The stub of ``attribute`` (module, class, method)."""
        return self._index().get(attribute)

    def routes(self) -> list[tuple[str, str, str]]:
        """(HTTP method, path template, method name) of every operation, none imported."""
        return _routes(self._routes)

    def router(self) -> Router:
        """What finds the operation a request is for (``_fake_wire.Routes``), none imported."""
        return Routes(self.routes())

    def operation(self, method: str) -> Any:
        """The operation (``FakeOperation``) of a method name, its module imported (and only
        its module); ``KeyError`` when there is none."""
        if self._find(method) is None or method not in self._modules:
            self._find(method + "_")  # the attribute of a method named as one of FakeApi's
        for fop in self._module(self._modules[method]).OPERATIONS:
            if fop.method_name == method:
                return fop
        raise KeyError(method)

    def stub_classes(self) -> list[str]:
        """The stub class of every operation, by module (the public names of ``testing``)."""
        return [cls for _module, cls, _method in self._index().values()]

    def _module(self, module: str) -> Any:
        if "__" in module:  # a part of a long namespace's (``<module>__p<bits>``), in ``_internal``
            return importlib.import_module(internal(self._root, "fakes", module))
        return importlib.import_module(f"{self._package}._fakes.{module}")

    def operations(self) -> tuple[Any, ...]:
        """Every operation the fake answers (``FakeOperation``), its module imported."""
        modules = dict.fromkeys(module for module, _cls, _method in self._index().values())
        return tuple(fop for module in modules for fop in self._module(module).OPERATIONS)

    def stub(self, api: Any, name: str) -> Any:
        """The typed stub ``api.<name>``, made on first use (keeping the scripts of the untyped
        ``api.stub(method)``, if one came first)."""
        found = self._find(name)
        if found is None:
            raise AttributeError(f"{type(api).__name__!r} object has no attribute {name!r}")
        module, cls, method = found
        earlier = api._stubs.get(method)
        stub = getattr(self._module(module), cls)(api, method)
        if earlier is not None:
            stub._script, stub._scripts = earlier._script, earlier._scripts
        api.__dict__[name] = stub
        return stub

    def attribute(self, name: str) -> Any:
        """A stub class of the ``testing`` module (its ``__getattr__``)."""
        if name.startswith("__") and name.endswith("__"):  # ``__path__``: ``from testing import``
            raise AttributeError(f"module {self._package!r} has no attribute {name!r}")
        for module, cls, _method in self._index().values():
            if cls == name:
                return getattr(self._module(module), cls)
        if name == "_OPERATIONS":
            return self.operations()
        raise AttributeError(f"module {self._package!r} has no attribute {name!r}")


def _routes(entries: tuple[str, ...]) -> list[tuple[str, str, str]]:
    out = []
    for entry in entries:
        method, rest = entry.split(" ", 1)
        path, name = rest.rsplit(" ", 1)  # a path template may hold spaces, a name not
        out.append((method, path, name))
    return out


def methods(table: str) -> dict[str, str]:
    """A namespace's ``FakeSpace._methods``: ``name=attribute`` (``name`` where equal) by spaces."""
    return {n: a or n for n, _, a in (entry.partition("=") for entry in table.split())}
