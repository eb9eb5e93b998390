"""The lazy tables of ``_client`` (each module of ``_resources`` and its methods) and of
``testing`` (each module of ``_fakes`` and its stubs; each operation's route), cut into chunks
once large, as :mod:`generator.emit.lazy_tables` cuts those of ``models`` (issue 24).

They grow by a line a module of ``_resources``, and the routes by a line an operation: past a few
thousand operations ``_client.py`` and ``testing.py`` would pass 5,000 lines. Past the limit a
table lists its chunks only (in ``_internal``): the methods in ``resources_names_<bits>.py`` by a
hash of each method name, the stubs in ``fakes_names_<bits>.py`` by a hash of each attribute, and
the routes in ``fakes_routes_<bits>.py`` by a hash of the key of each path (:func:`route_keys`), so that a
method, a stub or a request reads one chunk, and adding an operation rewrites the chunks it falls
in. Below the limit the tables stay whole, as small packages have always had them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import jinja2

from ..ir import Api
from ..lower.buckets import hash_buckets
from . import internal, lazy_tables

TABLE_ROUTES = 1_000
"""The most routes ``testing`` lists, and a chunk holds when it can be cut further (a line each)."""


@dataclass(frozen=True)
class Table:
    """A lazy table as its owner lists it: ``entries`` whole, or only the bits of its ``chunks``."""

    entries: tuple[str, ...]
    chunks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # bits -> its entries


def _entry_table(table: Sequence[tuple[str, Sequence[str]]], key: Callable[[str], str]) -> Table:
    """The table of ``module name name...`` entries, cut by a hash of ``key(name)``: the name
    the run time looks up, without the entry's markers."""
    chunks = lazy_tables.cut(table, key=key)
    entries = {bits: tuple(" ".join([module, *names]) for module, names in got) for bits, got in chunks.items()}
    if list(entries) == [""]:
        return Table(entries[""])
    return Table((), entries)


def method_table(table: Sequence[tuple[str, Sequence[str]]]) -> Table:
    """The methods of each module of ``_resources``, by method (a page iterator marked ``+``)."""
    return _entry_table(table, lambda name: name.lstrip("+"))


def stub_table(table: Sequence[tuple[str, Sequence[str]]]) -> Table:
    """The stubs of each module of ``_fakes`` (``attribute:StubClass[:method]``), by attribute."""
    return _entry_table(table, lambda name: name.split(":", 1)[0])


def _segments(path: str) -> list[str]:
    """The segments of a path template after its leading ``/``, each parameter spelled ``{}``
    (a parameter's name may hold a ``/``; the value it matches never does), less a fragment
    (``#...``: never sent)."""
    return re.sub(r"\{[^}]*\}", "{}", path.split("#", 1)[0].split("?", 1)[0]).split("/")[1:]


def route_segments(paths: Sequence[str]) -> tuple[int, ...]:
    """By depth (``/``s of a path): how many first segments every template of that depth spells
    literally, -1 where none has that depth. Keying routes by those, two routes of different keys
    never match one request: ``_fake_wire.route_key`` finds its key from the request's path."""
    literal: dict[int, int] = {}
    for path in paths:
        parts = _segments(path)
        lead = next((i for i, part in enumerate(parts) if "{" in part), len(parts))
        literal[len(parts)] = min(literal.get(len(parts), lead), lead)
    return tuple(literal.get(depth, -1) for depth in range(max(literal, default=-1) + 1))


def route_key(path: str, segments: tuple[int, ...]) -> str:
    """The key of a template: its depth and its first ``segments[depth]`` segments, as
    ``_fake_wire.route_key`` keys a request's path."""
    parts = _segments(path)
    return f"{len(parts)} " + "/".join(parts[: segments[len(parts)]])


@dataclass(frozen=True)
class Routes:
    """The routes of ``testing``: whole, or cut into chunks by their keys (``segments``)."""

    table: Table
    segments: tuple[int, ...] = ()


def route_table(routes: Sequence[tuple[str, str]], limit: int | None = None) -> Routes:
    """The routes (``METHOD /path name``, its path template), in the listed order."""
    if len(routes) <= (TABLE_ROUTES if limit is None else limit):
        return Routes(Table(tuple(route for route, _path in routes)))
    segments = route_segments([path for _route, path in routes])
    keys = [route_key(path, segments) for _route, path in routes]
    weights: dict[str, int] = {}
    for key in keys:
        weights[key] = weights.get(key, 0) + 1
    buckets = hash_buckets(weights, TABLE_ROUTES if limit is None else limit, weights.__getitem__)
    chunk_of = {key: bits for bits, members in buckets.items() for key in members}
    chunks: dict[str, list[str]] = {bits: [] for bits in buckets}
    for (route, _path), key in zip(routes, keys, strict=True):
        chunks[chunk_of[key]].append(route)  # in the listed order: a tie among templates ends the same
    return Routes(Table((), {bits: tuple(got) for bits, got in chunks.items()}), segments)


def render_chunks(env: jinja2.Environment, api: Api, folder: str, kind: str, table: Table) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of every chunk of ``table`` (none when whole), in
    ``_internal`` (``kind``: ``names`` or ``routes``)."""
    template = env.get_template("lazy/entries.py.jinja")
    for bits, entries in table.chunks.items():
        module = internal.chunk(folder, kind, bits)
        yield internal.path(module), template.render(api=api, folder=folder, bits=bits, entries=entries)
