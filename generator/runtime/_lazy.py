"""Packages whose modules load on first use (PEP 562): ``models`` of a large API holds thousands
of definitions, and an application calling three operations should not pay for the rest."""

from __future__ import annotations

import importlib
import zlib
from typing import Any

INTERNAL = "_internal"
"""The package's folder of machinery named by hash bits or numbers (``generator/emit/internal.py``
names its modules): chunks of the lazy tables, parts of long namespaces."""


def internal(root: str, area: str, name: str) -> str:
    """The module ``<area>_<name>`` of the package ``root``'s ``_internal`` folder."""
    return f"{root}.{INTERNAL}.{area}_{name}"


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
