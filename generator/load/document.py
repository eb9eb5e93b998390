"""A loaded OpenAPI document: its files in memory, and values that know where they stand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from ..problem_classes import Kind
from ..problems import Problem, SpecError, pointer
from ..selection import Selection

if TYPE_CHECKING:  # verdicts does not import this module: no cycle at run time either way
    from .verdicts import Finding

JSON = Any
Ptr = tuple[str, ...]


@dataclass(frozen=True)
class Node:
    """A value of the document together with where it stands."""

    file: Path
    ptr: Ptr
    value: JSON

    @property
    def pointer(self) -> str:
        return pointer(*self.ptr)

    def child(self, *tokens: str | int) -> Node:
        value = self.value
        for token in tokens:
            value = value[token]
        return Node(self.file, self.ptr + tuple(str(t) for t in tokens), value)


@dataclass
class Document:
    """A loaded OpenAPI document and every file its ``$ref``s reach."""

    path: Path
    display: str
    files: dict[Path, JSON] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    """What is wrong but does not stop generation (resolved, degraded or left out)."""
    notes: list[Problem] = field(default_factory=list)
    """What the user should know that is not a fault of the document (a dependency failed)."""
    skipped_operations: set[tuple[str, str]] = field(default_factory=set)
    """(path, method) of operations that failed validation and are left out."""
    selection: Selection = field(default_factory=Selection)
    """The operations kept (:mod:`generator.load.subset` cut the root document down to them)."""
    unmatched_selectors: set[str] = field(default_factory=set)
    """Selectors of ``selection`` that match no operation (loaded with a lenient selection)."""
    # openapi-spec-validator's findings, once they are known (it may run in another process)
    pending_validation: Callable[[], list[Finding]] | None = None
    _holders: dict[int, Path] | None = field(default=None, repr=False, compare=False)

    @property
    def root(self) -> Node:
        return Node(self.path, (), self.files[self.path])

    @property
    def openapi_version(self) -> tuple[int, int]:
        major, minor = str(self.files[self.path]["openapi"]).split(".")[:2]
        return int(major), int(minor)

    def file_holding(self, value: object) -> Path:
        """The file a value of the document (an object or array, by identity) was read from: a
        relative ``$ref`` in it is relative to that file. The root for any other value."""
        if len(self.files) > 1 and self._holders is None:
            holders: dict[int, Path] = {}
            for path, data in self.files.items():
                stack: list[object] = [data]
                while stack:  # iterative: a document's depth is bounded by the loader, not here
                    item = stack.pop()
                    if isinstance(item, dict):
                        holders.setdefault(id(item), path)
                        stack.extend(item.values())
                    elif isinstance(item, list):
                        holders.setdefault(id(item), path)
                        stack.extend(item)
            self._holders = holders
        return self._holders.get(id(value), self.path) if self._holders else self.path

    def name_of(self, file: Path) -> str:
        """The file as it appears in messages (relative to the root document's folder)."""
        if file == self.path:
            return self.display
        try:
            rel = file.relative_to(self.path.parent)
        except ValueError:
            return str(file)
        return str(Path(self.display).parent / rel)

    def at(self, node: Node, message: str, kind: Kind | None = None) -> Problem:
        """A problem at ``node``: an error, or a warning of class ``kind``."""
        return Problem(self.name_of(node.file), node.pointer, message, kind or "")

    def resolve_ref(self, ref: str, base: Path) -> Node:
        """Resolve one reference relative to ``base``; raises KeyError when it dangles."""
        file_part, _, fragment = ref.partition("#")
        try:
            target = (base.parent / unquote(file_part)).resolve() if file_part else base
        except (OSError, RuntimeError, ValueError):
            raise KeyError(f"file {file_part!r} cannot be resolved") from None
        if target not in self.files:
            raise KeyError(f"file {file_part!r} is not loaded")
        value = self.files[target]
        tokens: list[str] = []
        if fragment:
            if not fragment.startswith("/"):
                raise KeyError(f"fragment {fragment!r} is not a JSON pointer")
            for raw in fragment[1:].split("/"):
                token = unquote(raw).replace("~1", "/").replace("~0", "~")
                if isinstance(value, dict) and token in value:
                    value = value[token]
                elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                    value = value[int(token)]
                else:
                    raise KeyError(f"{'/'.join(tokens) or 'the document'} has no member {token!r}")
                tokens.append(token)
        return Node(target, tuple(tokens), value)

    def value_at(self, key: tuple[Path, Ptr]) -> JSON:
        """The value at a (file, tokens) location; raises KeyError when there is none."""
        value = self.files[key[0]]
        for token in key[1]:
            if isinstance(value, dict) and token in value:
                value = value[token]
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                raise KeyError(token)
        return value

    def deref(self, node: Node) -> Node:
        """Follow ``$ref`` chains until a node that is not a reference."""
        seen: set[tuple[Path, Ptr]] = set()
        while isinstance(node.value, dict) and isinstance(node.value.get("$ref"), str):
            key = (node.file, node.ptr)
            if key in seen:
                raise SpecError([self.at(node, "circular $ref chain")])
            seen.add(key)
            node = self.resolve_ref(node.value["$ref"], node.file)
        return node
