"""Which operations of a document to keep: the ``--include``/``--exclude`` selectors.

A selector is ``KIND:PATTERN``:

- ``tag:pets``: the operations tagged ``pets`` (case-insensitive);
- ``path:/v1/files/**``: the operations whose path template matches (``*`` is one segment,
  ``**`` any number of them, ``?`` one character; ``{id}`` stands for itself);
- ``op:listFiles``: the operation with that operationId (case-sensitive);
- ``method:get``: the operations of that HTTP method (case-insensitive).

In a ``tag``, ``op`` or ``method`` pattern ``*`` matches any run of characters (``op:list*``,
``op:repos/*``) and ``?`` any one. An operation is kept when it matches one of the includes (every
operation, when there is none) and none of the excludes.

This module is the one owner of that syntax and its matching. It imports only the standard
library and nothing of the generator, so that a runtime module (an MCP server's ``--include``)
can reuse it as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

KINDS = ("tag", "path", "op", "method")
SYNTAX = "KIND:PATTERN with KIND one of tag, path, op, method (e.g. tag:pets, path:/v1/files/**, op:list*)"


class SelectorError(ValueError):
    """A selector that cannot be read; the message names it."""


class OperationFacts(NamedTuple):
    """What a selector looks at in one operation."""

    method: str
    path: str
    operation_id: str
    tags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Selector:
    """One parsed selector: its text (as the user wrote it), kind and compiled pattern."""

    text: str
    kind: str
    regex: re.Pattern[str] = field(compare=False)

    def matches(self, op: OperationFacts) -> bool:
        if self.kind == "tag":
            return any(self.regex.fullmatch(tag) for tag in op.tags)
        value = {"path": op.path, "op": op.operation_id, "method": op.method}[self.kind]
        return bool(value) and self.regex.fullmatch(value) is not None


def _glob(pattern: str, segments: bool) -> str:
    """The regular expression of a glob: with ``segments``, ``*`` stops at ``/`` and ``**`` does not."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        if pattern.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        char = pattern[index]
        if char == "*":
            out.append("[^/]*" if segments else ".*")
        elif char == "?":
            out.append("[^/]" if segments else ".")
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


def parse(text: str) -> Selector:
    """The selector ``text`` (``KIND:PATTERN``); raises :class:`SelectorError` naming it."""
    kind, colon, pattern = text.partition(":")
    kind = kind.strip().lower()
    if not colon or kind not in KINDS:
        raise SelectorError(f"{text!r}: not a selector: {SYNTAX}")
    if not pattern.strip():
        raise SelectorError(f"{text!r}: empty pattern: {SYNTAX}")
    flags = re.IGNORECASE if kind in ("tag", "method") else 0
    return Selector(text, kind, re.compile(_glob(pattern.strip(), kind == "path"), flags))


@dataclass(frozen=True, slots=True)
class Selection:
    """The include and exclude selectors of one run, as written (parse them with :func:`parse`)."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.include or self.exclude)

    def record(self) -> dict[str, list[str]]:
        """The selection as JSON (the manifest's record): empty lists left out."""
        out: dict[str, list[str]] = {}
        if self.include:
            out["include"] = list(self.include)
        if self.exclude:
            out["exclude"] = list(self.exclude)
        return out

    def problems(self) -> list[str]:
        """One line per selector that cannot be read (naming the option it was given to)."""
        lines = []
        for option, texts in (("include", self.include), ("exclude", self.exclude)):
            for text in texts:
                try:
                    parse(text)
                except SelectorError as exc:
                    lines.append(f"--{option} {exc}")
        return lines


def select(
    operations: Iterable[OperationFacts], include: Sequence[str], exclude: Sequence[str]
) -> tuple[list[bool], set[str]]:
    """For each operation whether it is kept (it matches an include, or there is none, and no
    exclude), and the selectors (their text) that match no operation at all. Raises
    :class:`SelectorError` on a selector that cannot be read."""
    includes = [parse(text) for text in include]
    excludes = [parse(text) for text in exclude]
    unmatched = {s.text for s in (*includes, *excludes)}
    kept: list[bool] = []
    for op in operations:
        hits_in = [s for s in includes if s.matches(op)]
        hits_out = [s for s in excludes if s.matches(op)]
        unmatched.difference_update(s.text for s in (*hits_in, *hits_out))
        kept.append((bool(hits_in) or not includes) and not hits_out)
    return kept, unmatched


__all__ = ["KINDS", "SYNTAX", "OperationFacts", "Selection", "Selector", "SelectorError", "parse", "select"]
