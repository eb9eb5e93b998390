"""The lazy tables of the test kit of a large API (copied into the packages that need them): its
stubs cut into chunks (``_internal/fakes_names_<bits>``) by a hash of each attribute, its routes
(``_internal/fakes_routes_<bits>``) by a hash of their path's key, so that a stub or a request
reads one chunk."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from .._lazy import bucket_of, internal
from ._fake_lazy import LazyFakes, _routes
from ._fake_wire import Router, Routes, SpecViolation

__all__ = ["ChunkedFakes", "RouteChunks", "route_key"]


class ChunkedFakes(LazyFakes):
    """``LazyFakes`` of a large API: ``chunks`` (hash bits) of its stubs' table, ``route_chunks``
    of its routes' and, by depth of a path, how many of its first segments its key holds
    (``segments``; -1: no route)."""

    def __init__(
        self,
        package: str,
        table: tuple[str, ...],
        routes: tuple[str, ...] = (),
        chunks: tuple[str, ...] = (),
        route_chunks: tuple[str, ...] = (),
        segments: tuple[int, ...] = (),
    ) -> None:
        super().__init__(package, table, routes)
        self._chunks = chunks
        self._route_chunks = route_chunks
        self._segments = segments
        self._read: set[str] = set()

    def _chunk(self, name: str) -> tuple[str, ...]:
        table: tuple[str, ...] = importlib.import_module(internal(self._root, "fakes", name)).TABLE
        return table

    def _index(self) -> dict[str, tuple[str, str, str]]:
        if not self._all:
            for chunk in self._chunks:
                self._find(chunk, bits=chunk)
        return super()._index()

    def _find(self, attribute: str, bits: str | None = None) -> tuple[str, str, str] | None:
        """The stub of ``attribute``: only its chunk read."""
        if not self._chunks:
            return super()._find(attribute)
        chunk = bucket_of(attribute, self._chunks) if bits is None else bits
        if chunk is not None and chunk not in self._read:
            self._read.add(chunk)
            self._add(self._chunk(f"names_{chunk}"))
        return self._stubs.get(attribute)

    def router(self) -> Router:
        if not self._route_chunks:
            return super().router()

        def load(bits: str) -> list[tuple[str, str, str]]:
            return _routes(self._chunk(f"routes_{bits}"))

        return RouteChunks(load, self._route_chunks, self._segments)


def route_key(path: str, segments: tuple[int, ...]) -> str | None:
    """The key of the routes a request path can match: its depth (a template's ``{name}``
    matches one segment, so a match has the template's depth) and as many of its first
    segments as every template of that depth spells literally (``segments[depth]``); ``None``
    when no template has its depth. The generator keys each route the same way
    (``generator/emit/route_tables.py``), so that two routes of different keys never match one
    path: a request reads one chunk, and the precedence among its candidates is the whole one."""
    parts = path.split("/")
    depth = len(parts) - 1
    if depth >= len(segments) or segments[depth] < 0:
        return None
    return f"{depth} " + "/".join(parts[1 : 1 + segments[depth]])


class RouteChunks:
    """``Routes`` cut into chunks by a hash of each route's key (``route_key``): a request reads
    the one chunk its path's key falls in (``load(bits)``: its routes, in the listed order)."""

    def __init__(
        self,
        load: Callable[[str], Iterable[tuple[str, str, str]]],
        chunks: tuple[str, ...],
        segments: tuple[int, ...],
    ) -> None:
        self._load = load
        self._chunks = chunks
        self._segments = segments
        self._read: dict[str, Routes] = {}

    def find_all(self, method: str, path: str) -> list[tuple[str, dict[str, str]]]:
        """As :meth:`Routes.find_all`, its chunk read on first use."""
        key = route_key(path, self._segments)
        chunk = None if key is None else bucket_of(key, self._chunks)
        if chunk is None:
            raise SpecViolation(f"{method} {path}", "path", "no such path")
        routes = self._read.get(chunk)
        if routes is None:
            routes = self._read[chunk] = Routes(self._load(chunk))
        return routes.find_all(method, path)
