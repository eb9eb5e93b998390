"""Where the ``$ref``s of a document are, what they may point at, and where their chains end.

A ``$ref`` is followed wherever it is a reference, and only there: the values of the keywords
``example``, ``examples``, ``default`` and ``const`` are literal data (but a *property named*
``example`` is a schema). A ``$ref`` may name a file only under the allowed folder (the root
document's, or ``--ref-root``); never a URL. Chains of ``$ref``s are followed in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from ..problems import Problem, pointer
from .limits import MAX_REF_HOPS

if TYPE_CHECKING:
    from .document import Document

JSON = Any
Ptr = tuple[str, ...]
Key = tuple[Path, Ptr]

LITERAL_KEYWORDS = frozenset({"example", "examples", "default", "const"})
"""Keywords whose values are data, never followed."""
NAME_MAPS = frozenset(
    {
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
        "schemas",
        "parameters",
        "responses",
        "requestBodies",
        "headers",
        "securitySchemes",
        "links",
        "callbacks",
        "pathItems",
        "content",
        "encoding",
        "paths",
        "webhooks",
        "variables",
        "mapping",
    }
)
"""Keywords whose value is a mapping of names chosen by the author (a key there is no keyword)."""

_ONLY = "only files under the spec's folder (or --ref-root) are read"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def mappings(value: JSON, ptr: Ptr, having: str | None = None) -> Iterator[tuple[dict[str, JSON], Ptr]]:
    """Every mapping of ``value`` that is not literal data (with ``having``: only those holding that
    key), with its pointer (iteratively). A pointer is spelled only for a mapping yielded: the walk
    keeps a link to the parent's, not a tuple for every value."""
    # (value, where, is a name map); where: (the parent's where, the key under it), None for ``ptr``
    stack: list[tuple[JSON, Any, bool]] = [(value, None, False)]
    while stack:
        current, link, names = stack.pop()
        if isinstance(current, dict):
            if having is None or having in current:
                yield current, _spelled(ptr, link)
            for key, child in current.items():
                if isinstance(child, (dict, list)) and key != "$ref":
                    if not names and key in LITERAL_KEYWORDS:
                        continue
                    stack.append((child, (link, key), not names and key in NAME_MAPS))
        elif isinstance(current, list):
            stack.extend(
                (child, (link, str(i)), False) for i, child in enumerate(current) if isinstance(child, (dict, list))
            )


def _spelled(ptr: Ptr, link: Any) -> Ptr:
    keys: list[str] = []
    while link is not None:
        link, key = link
        keys.append(key)
    return (*ptr, *reversed(keys))


def walk_refs(value: JSON, ptr: Ptr) -> Iterator[tuple[Ptr, str]]:
    """``(pointer of the $ref member, its text)`` for every reference in ``value``."""
    for mapping, here in mappings(value, ptr, "$ref"):
        ref = mapping["$ref"]
        if isinstance(ref, str):
            yield (*here, "$ref"), ref


def is_url(file_part: str) -> bool:
    """``http://x``, ``file:/etc/passwd``, ``//host/x``: anything but a relative or absolute path."""
    return bool(_SCHEME.match(file_part)) or file_part.startswith("//")


def confine(file_part: str, base: Path, root: Path) -> tuple[Path | None, str]:
    """The file a ``$ref`` names, or ``None`` and why it may not be read."""
    if is_url(file_part):
        return None, f"is a URL: {_ONLY}; vendor the file"
    name = unquote(file_part)
    if "\0" in name:
        return None, "names no file"
    try:
        target = (base.parent / name).resolve()
    except (OSError, RuntimeError, ValueError):
        return None, "names no file that can be resolved"
    if not target.is_relative_to(root):
        return None, f"points outside the allowed folder: {_ONLY}"
    return target, ""


def _next(doc: Document, key: Key, cache: dict[Key, Key | None]) -> Key | None:
    """Where the ``$ref`` standing at ``key`` leads (``None``: not a reference, or dangling)."""
    if key in cache:
        return cache[key]
    result: Key | None = None
    try:
        value = doc.value_at(key)
        if isinstance(value, dict) and isinstance(value.get("$ref"), str):
            target = doc.resolve_ref(value["$ref"], key[0])
            result = (target.file, target.ptr)
    except KeyError:
        result = None
    cache[key] = result
    return result


def key_name(doc: Document, key: Key) -> str:
    """``#/components/schemas/A`` in the root document, ``parts/x.yaml#/A`` elsewhere."""
    file, ptr = key
    return f"{'' if file == doc.path else doc.name_of(file)}#{pointer(*ptr)}"


def ref_chains(doc: Document) -> tuple[list[Problem], list[Problem]]:
    """The circular ``$ref`` chains (one problem each) and the chains longer than the limit
    (one problem at each start), in time linear in the number of references."""
    sites = sorted(
        ((doc.name_of(file), ptr[:-1]), (file, ptr[:-1]))
        for file in doc.files
        for ptr, _ in walk_refs(doc.files[file], ())
    )
    cache: dict[Key, Key | None] = {}
    hops: dict[Key, int] = {}  # references to follow from here to a value (-1: on or into a cycle)
    cycles: list[Problem] = []
    for _, start in sites:
        trail: list[Key] = []
        on_trail: set[Key] = set()
        key: Key | None = start
        while key is not None and key not in hops and key not in on_trail:
            trail.append(key)
            on_trail.add(key)
            key = _next(doc, key, cache)
        if key is None:
            base = 0
        elif key in hops:
            base = hops[key]
        else:  # back on the trail: a cycle, whose first member in the sorted order reports it
            members = trail[trail.index(key) :]
            first = min(range(len(members)), key=lambda i: (doc.name_of(members[i][0]), members[i][1]))
            members = members[first:] + members[:first]
            names = " -> ".join(key_name(doc, k) for k in [*members, members[0]])
            file, ptr = members[0]
            cycles.append(
                Problem(
                    doc.name_of(file), pointer(*ptr, "$ref"), f"circular $ref chain {names}: a $ref must end at a value"
                )
            )
            base = -1
        for index, member in enumerate(reversed(trail)):
            hops[member] = -1 if base < 0 else base + (index if key is None else index + 1)
    long_ones = [k for _, k in sites if hops.get(k, 0) > MAX_REF_HOPS]
    targets = {cache.get(k) for k in long_ones}
    too_long = [
        Problem(
            doc.name_of(file),
            pointer(*ptr, "$ref"),
            f"$ref chain of {hops[(file, ptr)]} references before a value (the limit is {MAX_REF_HOPS})",
        )
        for file, ptr in long_ones
        if (file, ptr) not in targets
    ]
    return cycles, too_long
