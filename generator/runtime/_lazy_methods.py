"""The flat methods of a client (``flat-methods``: ``client.list_items(...)`` beside
``client.items.list(...)``), attached on first use from a table of the methods of each module of
``_resources`` (:class:`LazyMethods`), and listed by ``help()`` without importing them. Copied
only into a package whose client has flat methods."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from ._lazy import bucket_of, internal


def resource_module(root: str, folder: str, module: str) -> str:
    """The module ``module`` of ``folder`` (``_resources``, ``_fakes``): in ``_internal`` when it
    is a part of a long namespace (``<module>__p<bits>``: no namespace's module has a ``__``)."""
    if "__" in module:
        return internal(root, folder.strip("_"), module)
    return f"{root}.{folder}.{module}"


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
                    raise AttributeError(f"type object {cls.__name__!r} has no attribute {name!r}") from None

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
                loaded = importlib.import_module(resource_module(self._package, "_resources", module))
                setattr(cls, name, getattr(loaded, methods).__dict__[name])
