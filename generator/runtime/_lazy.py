"""Packages whose modules load on first use (PEP 562): ``models`` of a large API holds thousands
of definitions, and an application calling three operations should not pay for the rest."""

from __future__ import annotations

import importlib
import sys
import zlib
from typing import Any

INTERNAL = "_internal"
"""The package's folder of machinery named by hash bits or numbers (``generator/emit/internal.py``
names its modules): chunks of the lazy tables, parts of long namespaces."""


def internal(root: str, area: str, name: str) -> str:
    """The module ``<area>_<name>`` of the package ``root``'s ``_internal`` folder."""
    return f"{root}.{INTERNAL}.{area}_{name}"


def resource_module(root: str, folder: str, module: str) -> str:
    """The module ``module`` of ``folder`` (``_resources``, ``_fakes``): in ``_internal`` when it
    is a part of a long namespace (``<module>__p<bits>``: no namespace's module has a ``__``)."""
    if "__" in module:
        return internal(root, folder.strip("_"), module)
    return f"{root}.{folder}.{module}"


def bucket_of(name: str, buckets: tuple[str, ...]) -> str | None:
    """The bucket of ``buckets`` holding ``name``: the one whose bits (lowest first) end the
    CRC-32 of the name, as the generator cut them (``generator/lower/buckets.py``)."""
    found = zlib.crc32(name.encode())
    for bits in buckets:
        if all((found >> i) & 1 == int(bit) for i, bit in enumerate(bits)):
            return bits
    return None


class Deferred:
    """A stand-in for a name another module of the package defines (a model, a union's decoder,
    a check), set in the module's globals where an import would be: the first use imports the
    defining module, puts the real value in the globals in its place and uses it, so later
    look-ups are the plain global (one dict look-up). Modules of ``models`` and ``_validators``
    import each other this way at run time (type checkers read the imports under
    ``TYPE_CHECKING``): decoding an answer loads the modules its data reaches, not every
    module its schema can reach, and modules referring to each other load in any order."""

    __slots__ = ("_module", "_name", "_namespace")

    def __init__(self, namespace: dict[str, Any], module: str, name: str) -> None:
        self._namespace = namespace
        self._module = module  # relative to the package of ``namespace`` (``._table``)
        self._name = name

    def resolve(self) -> Any:
        """The value it stands for, now in its place in the module's globals."""
        loaded = importlib.import_module(self._module, self._namespace["__package__"])
        value = getattr(loaded, self._name)
        self._namespace[self._name] = value
        return value

    def __getattr__(self, name: str) -> Any:  # ``Table.from_dict``
        if name.startswith("__"):  # copy, pickle, inspection: no import for what is not a use
            raise AttributeError(name)
        return getattr(self.resolve(), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # ``_decode_union(data)``, a check
        return self.resolve()(*args, **kwargs)

    def __instancecheck__(self, instance: object) -> bool:
        return isinstance(instance, self.resolve())

    def __or__(self, other: Any) -> Any:  # an annotation evaluated (``get_type_hints``)
        return self.resolve() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.resolve()

    def __repr__(self) -> str:
        return f"<{self._name} of {self._module}, imported on first use>"


def deferred(namespace: dict[str, Any], *modules: str) -> None:
    """Put a :class:`Deferred` in ``namespace`` for each name of ``modules``: a module relative to
    the namespace's package, then names it defines (``"._table Table _decode_cell"``). A name
    bound already (a module run again) keeps its value."""
    for entry in modules:
        module, *names = entry.split()
        for name in names:
            if name not in namespace:
                namespace[name] = Deferred(namespace, module, name)


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

    A large package cuts its table into ``chunks`` (modules ``_internal/<area>_names_<bits>``
    holding a ``TABLE``, by a hash of each name): a look-up imports the one chunk of its name, so neither
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
        root, _, area = self._package.rpartition(".")
        loaded = importlib.import_module(internal(root, area.strip("_"), f"names_{chunk}"))
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
    plain method call. A large API cuts the table into ``chunks`` (``_internal.resources_names_<bits>``,
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
            found = importlib.import_module(internal(self._package, "resources", f"names_{chunk}"))
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
        loaded = importlib.import_module(resource_module(self._package, "_resources", module))
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
                loaded = importlib.import_module(
                    resource_module(self._package, "_resources", module)
                )
                setattr(cls, name, getattr(loaded, methods).__dict__[name])
