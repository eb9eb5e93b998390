"""Pieces of generated code as values: the lines of a piece and the names it needs imported.

Every piece a template places is computed before Jinja runs (by the views of
:mod:`generator.emit.models_module`, :mod:`generator.emit.resources_module`,
:mod:`generator.emit.validators_module`); a module's import block is made from the union of its
pieces' needs, so rendering has no side effect and a template only places values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol


class Needing(Protocol):
    """A piece, or a group of pieces written together (a model, a method)."""

    @property
    def needs(self) -> frozenset[str]: ...

    @property
    def refs(self) -> frozenset[str]: ...

    @property
    def loads(self) -> frozenset[str]: ...


@dataclass(frozen=True, slots=True)
class Code:
    """Lines of generated code (one line for an expression or an annotation), the names of the
    module's import table they use (``needs``), and, in a module of ``models``, the definitions
    of other modules of ``models`` they use (``refs``), in annotations or at run time
    (``loads``, a subset: those its code calls)."""

    lines: tuple[str, ...]
    needs: frozenset[str] = frozenset()
    refs: frozenset[str] = frozenset()
    loads: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls,
        written: str | Sequence[str],
        needs: Iterable[str] = (),
        refs: Iterable[str] = (),
        loads: Iterable[str] = (),
    ) -> Code:
        lines = (written,) if isinstance(written, str) else tuple(written)
        return cls(lines, frozenset(needs), frozenset(refs), frozenset(loads))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def needs_of(pieces: Iterable[Needing]) -> frozenset[str]:
    """What the pieces need imported, together."""
    return frozenset().union(*(piece.needs for piece in pieces))


def refs_of(pieces: Iterable[Needing]) -> frozenset[str]:
    """The definitions of other modules of ``models`` the pieces use, together."""
    return frozenset().union(*(piece.refs for piece in pieces))


def loads_of(pieces: Iterable[Needing]) -> frozenset[str]:
    """The definitions of other modules of ``models`` the pieces' code uses at run time."""
    return frozenset().union(*(piece.loads for piece in pieces))
