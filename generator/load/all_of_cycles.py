"""Cycles of schemas that include each other through ``allOf`` (the validator recurses on them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..problems import Problem, SpecError, pointer
from .document import Document, Node
from .refs import key_name, mappings

JSON = Any
Ptr = tuple[str, ...]


def _all_of_parents(value: JSON, ptr: Ptr) -> Iterator[tuple[Ptr, list[JSON]]]:
    """Every ``allOf`` list of a document (literal data excluded), with the pointer of its schema."""
    for mapping, here in mappings(value, ptr, "allOf"):
        if isinstance(mapping["allOf"], list):
            yield here, mapping["allOf"]


def all_of_cycles(doc: Document) -> list[Problem]:
    """One problem per cycle of schemas that include each other through ``allOf``."""
    edges: dict[tuple[Path, Ptr], list[tuple[int, tuple[Path, Ptr]]]] = {}
    for file in sorted(doc.files, key=doc.name_of):
        for ptr, parts in _all_of_parents(doc.files[file], ()):
            targets = edges.setdefault((file, ptr), [])
            for index in range(len(parts)):
                try:
                    target = doc.deref(Node(file, ptr, {"allOf": parts}).child("allOf", index))
                except (KeyError, SpecError):  # dangling or circular: reported elsewhere
                    continue
                targets.append((index, (target.file, target.ptr)))
    problems: list[Problem] = []
    reported: set[frozenset[tuple[Path, Ptr]]] = set()
    done: set[tuple[Path, Ptr]] = set()

    def visit(key: tuple[Path, Ptr], trail: list[tuple[Path, Ptr]], via: list[int]) -> None:
        if key in trail:
            cycle = trail[trail.index(key) :]
            exits = via[trail.index(key) :]
            first = min(range(len(cycle)), key=lambda i: (doc.name_of(cycle[i][0]), cycle[i][1]))
            cycle, exits = cycle[first:] + cycle[:first], exits[first:] + exits[:first]
            if frozenset(cycle) not in reported:
                reported.add(frozenset(cycle))
                file, ptr = cycle[0]
                names = " -> ".join(key_name(doc, k) for k in cycle + [cycle[0]])
                problems.append(
                    Problem(
                        doc.name_of(file),
                        pointer(*ptr, "allOf", exits[0]),
                        f"cyclic allOf {names}: a schema cannot include itself",
                    )
                )
            return
        if key in done or key not in edges:
            return
        for index, target in edges[key]:
            visit(target, trail + [key], via + [index])
        done.add(key)

    for key in edges:
        visit(key, [], [])
    return problems
