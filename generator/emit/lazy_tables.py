"""The lazy tables of ``models`` and ``_validators`` (name -> module, for PEP 562 ``__getattr__``,
and the stub re-exports type checkers read), cut into chunks once they are large (issue 24).

A table grows by a line or two a schema: past a few thousand schemas its ``__init__`` would pass
5,000 lines. Past :data:`TABLE_NAMES` names, the ``__init__`` lists only its chunks
(``_internal/<area>_names_<bits>.py`` with the table of its names, and ``.pyi`` re-exporting
them from their modules), a chunk being the names whose hash ends in its bits
(:func:`generator.lower.buckets.hash_buckets`): a look-up imports the one chunk it needs, and
adding a schema rewrites the chunks its few names fall in, never all of them. Below the limit
the table stays whole in the ``__init__``, as small packages have always had it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import jinja2

from ..ir import Api
from ..lower.buckets import hash_buckets
from . import internal

TABLE_NAMES = 1_000
"""The most names an ``__init__`` lists, and a chunk holds when it can be cut further. A chunk's
stub spends at most 4 lines a name (an import wrapped over 3 lines, its ``__all__`` entry), so
every file of the table stays under 4,100 lines."""

Entries = list[tuple[str, list[str]]]  # (module, the names the table says it defines), in order


def cut(
    table: Sequence[tuple[str, Sequence[str]]], limit: int | None = None, key: Callable[[str], str] = str
) -> dict[str, Entries]:
    """The chunks of ``table`` (bits -> its entries, in the table's order, each with the names of
    the module that fall in the chunk); one chunk ``""`` (the whole table) when it fits. ``key``:
    what of a name is hashed (the name the run time looks up, without the entry's markers)."""
    names = [key(name) for _module, defined in table for name in defined]
    buckets = hash_buckets(names, TABLE_NAMES if limit is None else limit)
    if list(buckets) == [""]:
        return {"": [(module, list(defined)) for module, defined in table]}
    chunk_of = {name: bits for bits, members in buckets.items() for name in members}
    chunks: dict[str, Entries] = {bits: [] for bits in buckets}
    for module, defined in table:
        by_chunk: dict[str, list[str]] = {}
        for name in defined:
            by_chunk.setdefault(chunk_of[key(name)], []).append(name)
        for bits, members in by_chunk.items():
            chunks[bits].append((module, members))
    return chunks


def stub_chunks(modules: Sequence[str]) -> dict[str, list[str]]:
    """The stubs of a large package's modules for type checkers: bits -> the modules whose name's
    hash ends in them, each stub re-exporting its modules whole (``from ..models._x import *``),
    one line a module. Cut by module, not by name as the run time's table is: a type checker
    reads every stub, so they need not agree, and a module's names stay in one import."""
    return hash_buckets(modules, TABLE_NAMES)


def render_stubs(
    env: jinja2.Environment, api: Api, folder: str, chunks: dict[str, list[str]]
) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of the stub of every chunk of ``folder``'s modules."""
    template = env.get_template("lazy/modules.pyi.jinja")
    for bits, modules in chunks.items():
        module = internal.chunk(folder, "modules", bits)
        yield internal.path(module, "pyi"), template.render(api=api, folder=folder, bits=bits, modules=modules)


def render_chunks(
    env: jinja2.Environment, api: Api, folder: str, chunks: dict[str, Entries], suffixes: Sequence[str] = ("py", "pyi")
) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of the table and the stub of every chunk (none when whole)."""
    if list(chunks) == [""]:
        return
    for suffix in suffixes:
        template = env.get_template(f"lazy/chunk.{suffix}.jinja")
        for bits, entries in chunks.items():
            module = internal.chunk(folder, "names", bits)
            yield internal.path(module, suffix), template.render(
                api=api, folder=folder, module=module, bits=bits, entries=entries
            )
