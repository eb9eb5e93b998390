"""Packages whose modules load on first use (PEP 562): ``models`` of a large API holds thousands
of definitions, and an application calling three operations should not pay for the rest."""

from __future__ import annotations

import importlib
from typing import Any


class LazyModules:
    """The module ``__getattr__`` of a package: each name is looked up in the module ``table``
    says defines it, imported then, and kept in the package's ``namespace`` (the next look-up is
    a plain attribute)."""

    def __init__(self, package: str, namespace: dict[str, Any], table: tuple[str, ...]) -> None:
        self._package = package
        self._namespace = namespace
        self._table = table
        """One entry a module: its name, then the names it defines, separated by spaces."""
        self._where: dict[str, str] | None = None

    def _index(self) -> dict[str, str]:
        if self._where is None:
            where: dict[str, str] = {}
            for entry in self._table:
                module, *names = entry.split()
                where.update(dict.fromkeys(names, module))
            self._where = where
        return self._where

    def attribute(self, name: str) -> Any:
        """The value of ``name`` (the package's ``__getattr__``)."""
        if name == "__all__":  # the public names, loaded or not (``from package import *``)
            return [n for n in self._index() if not n.startswith("_")]
        module = self._index().get(name)
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
        for entry in self._table:
            module, *names = entry.split()
            loaded = importlib.import_module(f"{self._package}.{module}")
            for name in names:
                self._namespace[name] = getattr(loaded, name)
