"""Packages whose modules load on first use (PEP 562): ``models`` of a large API holds thousands
of definitions, and an application calling three operations should not pay for the rest."""

from __future__ import annotations

import importlib
import sys
import zlib
from typing import Any


def bucket_of(name: str, buckets: tuple[str, ...]) -> str | None:
    """The bucket of ``buckets`` holding ``name``: the one whose bits (lowest first) end the
    CRC-32 of the name, as the generator cut them (``generator/lower/buckets.py``)."""
    found = zlib.crc32(name.encode())
    for bits in buckets:
        if all((found >> i) & 1 == int(bit) for i, bit in enumerate(bits)):
            return bits
    return None


_DOCUMENTING_DEPTH = 12
"""How many callers :func:`documenting` looks through (pydoc's class rendering is 3-4 deep)."""


def documenting() -> bool:
    """Whether the attribute look-up under way comes from ``pydoc`` (``help()``): it reads every
    name ``dir()`` lists, one ``getattr`` each. Asked only on the first look-up of an attribute
    attached on first use (the rare path), never on a plain attribute."""
    frame = sys._getframe(1)
    for _ in range(_DOCUMENTING_DEPTH):
        if frame.f_globals.get("__name__") == "pydoc":
            return True
        if frame.f_back is None:
            return False
        frame = frame.f_back
    return False


class Listed:
    """What ``help()`` reads for an attribute attached on first use (an operation, a namespace)
    that is not loaded yet: its name and one line, without importing its module. pydoc lists it
    with the methods (``name(...)`` and the line); any other look-up of the attribute loads it,
    and after ``help()`` the class behaves as before (nothing is stored)."""

    __signature__ = None  # no signature known without the module: pydoc writes ``(...)``
    __text_signature__ = None

    def __init__(self, owner: type, name: str, doc: str) -> None:
        self.__name__ = name
        self.__qualname__ = f"{owner.__qualname__}.{name}"
        self.__module__ = owner.__module__
        self.__objclass__ = owner  # pydoc lists it under ``owner``
        self.__doc__ = doc

    def __get__(self, instance: object, owner: type | None = None) -> Listed:
        return self  # a descriptor that does not bind: pydoc and inspect see a routine

    def __repr__(self) -> str:
        return f"<{self.__qualname__}, loaded on first use>"


class LazyModules:
    """The module ``__getattr__`` of a package: each name is looked up in the module ``table``
    says defines it, imported then, and kept in the package's ``namespace`` (the next look-up is
    a plain attribute).

    A large package cuts its table into ``chunks`` (modules ``_names__<bits>`` holding a
    ``TABLE``, by a hash of each name): a look-up imports the one chunk of its name, so neither
    the package's ``__init__`` nor any chunk grows past a few thousand lines."""

    def __init__(
        self,
        package: str,
        namespace: dict[str, Any],
        table: tuple[str, ...],
        chunks: tuple[str, ...] = (),
    ) -> None:
        self._package = package
        self._namespace = namespace
        self._table = table
        """One entry a module: its name, then the names it defines, separated by spaces."""
        self._chunks = chunks
        """The bits of each chunk of the table (none: ``table`` is all of it)."""
        self._read: set[str] = set()  # the chunks whose table is in ``_found``
        self._found: dict[str, str] = {}
        self._where: dict[str, str] | None = None

    def _entries(self, chunk: str) -> tuple[str, ...]:
        if chunk in self._read:
            return ()
        self._read.add(chunk)
        loaded = importlib.import_module(f"{self._package}._names__{chunk}")
        entries: tuple[str, ...] = loaded.TABLE
        return entries

    def _add(self, entries: tuple[str, ...]) -> None:
        for entry in entries:
            module, *names = entry.split()
            self._found.update(dict.fromkeys(names, module))

    def _index(self) -> dict[str, str]:
        """Every name of the package and its module: all chunks read."""
        if self._where is None:
            self._add(self._table)
            for chunk in self._chunks:
                self._add(self._entries(chunk))
            self._where = self._found
        return self._where

    def _module(self, name: str) -> str | None:
        """The module defining ``name``: only its chunk read."""
        if not self._chunks:
            return self._index().get(name)
        chunk = bucket_of(name, self._chunks)
        if chunk is not None:
            self._add(self._entries(chunk))
        return self._found.get(name)

    def attribute(self, name: str) -> Any:
        """The value of ``name`` (the package's ``__getattr__``)."""
        if name == "__all__":  # the public names, loaded or not (``from package import *``)
            return [n for n in self._index() if not n.startswith("_")]
        module = self._module(name)
        if module is None:
            raise AttributeError(f"module {self._package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{self._package}.{module}"), name)
        self._namespace[name] = value
        return value

    def names(self) -> list[str]:
        """Every name of the package, loaded or not (its ``__dir__``)."""
        return sorted({*self._namespace, *self._index()})

    def load_all(self) -> None:
        """Import every module now, and bind every name in the package."""
        by_module: dict[str, list[str]] = {}
        for name, module in self._index().items():
            by_module.setdefault(module, []).append(name)
        for module, names in by_module.items():
            loaded = importlib.import_module(f"{self._package}.{module}")
            for name in names:
                self._namespace[name] = getattr(loaded, name)


class LazyMethods:
    """The methods of the client classes, by resource module: ``Client`` defines none of its
    operations itself; the first look-up of one (the class's run-time ``__getattr__``) imports
    its module of ``_resources`` and installs the method on the class, so every later call is a
    plain method call. A large API cuts the table into ``chunks`` (``_resources._names__<bits>``,
    by a hash of each method name, as ``LazyModules``): a look-up reads its name's chunk only."""

    def __init__(self, package: str, table: tuple[str, ...], chunks: tuple[str, ...] = ()) -> None:
        self._package = package
        self._table = table
        """One entry a module of ``_resources``: its name, then its methods, separated by spaces;
        a method that is no operation of the API (a page iterator) is marked with a ``+``."""
        self._chunks = chunks
        self._read: set[str] = set()
        self._found: dict[str, str] = {}
        self._operations: set[str] = set()
        self._all = False

    def _add(self, entries: tuple[str, ...]) -> None:
        for entry in entries:
            module, *names = entry.split()
            for name in names:
                self._found[name.lstrip("+")] = module
                if not name.startswith("+"):
                    self._operations.add(name)

    def _read_chunk(self, chunk: str) -> None:
        if chunk not in self._read:
            self._read.add(chunk)
            found = importlib.import_module(f"{self._package}._resources._names__{chunk}")
            self._add(found.TABLE)

    def _index(self) -> dict[str, str]:
        """Every method and its module: all chunks read."""
        if not self._all:
            self._all = True
            self._add(self._table)
            for chunk in self._chunks:
                self._read_chunk(chunk)
        return self._found

    def _module(self, name: str) -> str | None:
        """The module of method ``name``: only its chunk read."""
        if not self._chunks:
            return self._index().get(name)
        chunk = bucket_of(name, self._chunks)
        if chunk is not None:
            self._read_chunk(chunk)
        return self._found.get(name)

    def listed(self, cls: type, name: str) -> Listed:
        """What ``help(cls)`` shows of method ``name`` before its module is imported (none is);
        AttributeError when no method has that name."""
        if self._module(name) is None:
            raise AttributeError(name)
        if name in self._operations:
            doc = "An operation of the API; its module is imported on first use (then help() shows it in full)."
        else:
            doc = "Iterates over every page of an operation; imported on first use."
        return Listed(cls, name, doc)

    def install(self, cls: type, name: str, methods: str) -> Any:
        """The function ``name`` of class ``methods`` (``Client`` or ``AsyncClient``) of its
        module, set on ``cls``; AttributeError when no operation has that name."""
        module = self._module(name)
        if module is None:
            raise AttributeError(f"{cls.__name__!r} object has no attribute {name!r}")
        loaded = importlib.import_module(f"{self._package}._resources.{module}")
        function = getattr(loaded, methods).__dict__[name]
        setattr(cls, name, function)
        return function

    def base(self, transport: type, methods: str) -> type:
        """The run-time base of a client class: ``transport`` under a metaclass that installs a
        method looked up on the class itself too (``Client.get_table``, ``inspect.signature``)
        and lists every method in ``dir(Client)``; ``help(Client)`` lists them without
        importing any (:func:`documenting`, :class:`Listed`)."""
        lazy = self

        class LazyClass(type(transport)):  # type: ignore[misc]
            def __getattr__(cls, name: str) -> Any:
                if name.startswith("__") or any(name in k.__dict__ for k in cls.__mro__):
                    # Installed already: only ``inspect`` (``help()``) calls this directly then,
                    # to find which class defines it; the class itself, not this metaclass, does.
                    raise AttributeError(name)
                try:
                    if documenting():  # help(Client): listed from the table, nothing imported
                        return lazy.listed(cls, name)
                    return lazy.install(cls, name, methods)
                except AttributeError:
                    raise AttributeError(
                        f"type object {cls.__name__!r} has no attribute {name!r}"
                    ) from None

            def __dir__(cls) -> list[str]:
                """Every method, loaded or not (``dir(Client)``, ``help(Client)``): the names
                come from the table, no module of ``_resources`` is imported to list them."""
                return sorted({*super().__dir__(), *lazy.names()})

        namespace = {"__module__": transport.__module__, "__doc__": transport.__doc__}
        return LazyClass(f"_{methods}", (transport,), namespace)

    def operation(self, client: object, name: str) -> Any:
        """The bound method of operation ``name`` of ``client`` (for ``with_raw_response`` and
        ``with_streaming_response``, which wrap operations only)."""
        if self._module(name) is None or name not in self._operations:
            raise AttributeError(f"no operation named {name!r}")
        return getattr(client, name)

    def names(self) -> list[str]:
        """Every method, loaded or not (for the clients' ``__dir__``)."""
        return list(self._index())

    def load_all(self, cls: type, methods: str) -> None:
        """Import every module of ``_resources`` now, and install every method on ``cls``."""
        for name, module in self._index().items():
            if name not in cls.__dict__:
                loaded = importlib.import_module(f"{self._package}._resources.{module}")
                setattr(cls, name, getattr(loaded, methods).__dict__[name])


class LazyFakes:
    """The operations and typed stubs of the test kit's fake API (``testing.FakeApi``), by module
    of ``_fakes`` (one per module of ``_resources``): ``api.<method>`` imports its module on first
    use, and so does the first request to one of its operations (``routes`` finds it), so that a
    fake of a large API costs what the test uses, not every operation.

    A large API cuts both tables into chunks: the stubs into ``_fakes._names__<bits>`` by a hash
    of each attribute, the routes into ``_fakes._routes__<bits>`` by a hash of their path's key
    (``_fake_wire.route_key``), so that a stub or a request reads one chunk."""

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
        table: tuple[str, ...] = self._module(name).TABLE
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
            self._add(self._chunk(f"_names__{chunk}"))
        return self._stubs.get(attribute)

    def routes(self) -> list[tuple[str, str, str]]:
        """(HTTP method, path template, method name) of every operation, none imported."""
        return _routes(self._routes)

    def chunk_routes(self, chunk: str) -> list[tuple[str, str, str]]:
        """The routes of chunk ``chunk`` of ``route_chunks`` (``_fake_wire.RouteChunks`` reads
        the one a request's path can be in), in the listed order."""
        return _routes(self._chunk(f"_routes__{chunk}"))

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
            raise AttributeError(f"module {self._package + '.testing'!r} has no attribute {name!r}")
        for module, cls, _method in self._index().values():
            if cls == name:
                return getattr(self._module(module), cls)
        if name == "_OPERATIONS":
            return self.operations()
        raise AttributeError(f"module {self._package + '.testing'!r} has no attribute {name!r}")


def _routes(entries: tuple[str, ...]) -> list[tuple[str, str, str]]:
    out = []
    for entry in entries:
        method, rest = entry.split(" ", 1)
        path, name = rest.rsplit(" ", 1)  # a path template may hold spaces, a name not
        out.append((method, path, name))
    return out
