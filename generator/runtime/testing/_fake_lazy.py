"""The test kit's lazy tables (``testing.FakeApi``): its operations and typed stubs, by module of
``_fakes``, each imported the first time the fake needs one."""

from __future__ import annotations

import importlib
from typing import Any

from .._lazy import bucket_of, internal


class LazyFakes:
    """The operations and typed stubs of the test kit's fake API (``testing.FakeApi``), by module
    of ``_fakes`` (one per module of ``_resources``): ``api.<method>`` imports its module on first
    use, and so does the first request to one of its operations (``routes`` finds it), so that a
    fake of a large API costs what the test uses, not every operation.

    A large API cuts both tables into chunks (in the package's ``_internal``): the stubs into
    ``fakes_names_<bits>`` by a hash of each attribute, the routes into ``fakes_routes_<bits>`` by
    a hash of their path's key (``_fake_wire.route_key``), so that a stub or a request reads one
    chunk."""

    def __init__(
        self,
        package: str,
        table: tuple[str, ...],
        routes: tuple[str, ...] = (),
        chunks: tuple[str, ...] = (),
        route_chunks: tuple[str, ...] = (),
        segments: tuple[int, ...] = (),
    ) -> None:
        self._package = package
        """The ``testing`` package: its ``_fakes`` holds the modules."""
        self._root = package.rpartition(".")[
            0
        ]  # the package's, whose ``_internal`` holds the chunks and parts
        self._table = table
        """One entry a module: its name, then ``attribute:StubClass[:method]`` of each operation
        (the method, when the fake's attribute is not spelled as it)."""
        self._routes = routes
        """One entry an operation: ``METHOD /path/{template} method_name``, so that a request
        finds its operation without importing any module of ``_fakes``."""
        self._chunks = chunks
        self.route_chunks = route_chunks
        self.segments = segments
        """By depth of a path: how many of its first segments its key holds (-1: no route)."""
        self._stubs: dict[str, tuple[str, str, str]] = {}  # attribute -> (module, class, method)
        self._modules: dict[str, str] = {}  # method -> module
        self._read: set[str] = set()
        self._all = False

    def _add(self, entries: tuple[str, ...]) -> None:
        for entry in entries:
            module, *names = entry.split()
            for name in names:
                attribute, cls, *method = name.split(":")
                found = self._stubs[attribute] = (module, cls, method[0] if method else attribute)
                self._modules[found[2]] = module

    def _chunk(self, name: str) -> tuple[str, ...]:
        table: tuple[str, ...] = importlib.import_module(internal(self._root, "fakes", name)).TABLE
        return table

    def _index(self) -> dict[str, tuple[str, str, str]]:
        if not self._all:
            self._all = True
            self._add(self._table)
            for chunk in self._chunks:
                self._find(chunk, bits=chunk)
        return self._stubs

    def _find(self, attribute: str, bits: str | None = None) -> tuple[str, str, str] | None:
        """The stub of ``attribute``: only its chunk read."""
        if not self._chunks:
            return self._index().get(attribute)
        chunk = bucket_of(attribute, self._chunks) if bits is None else bits
        if chunk is not None and chunk not in self._read:
            self._read.add(chunk)
            self._add(self._chunk(f"names_{chunk}"))
        return self._stubs.get(attribute)

    def routes(self) -> list[tuple[str, str, str]]:
        """(HTTP method, path template, method name) of every operation, none imported."""
        return _routes(self._routes)

    def chunk_routes(self, chunk: str) -> list[tuple[str, str, str]]:
        """The routes of chunk ``chunk`` of ``route_chunks`` (``_fake_wire.RouteChunks`` reads
        the one a request's path can be in), in the listed order."""
        return _routes(self._chunk(f"routes_{chunk}"))

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
        if name.startswith("__") and name.endswith(
            "__"
        ):  # ``__path__`` of every ``from testing import``
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
