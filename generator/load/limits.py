"""Read one input file within bounds: a regular file, of bounded size, nesting and node count.

A spec comes from a pull request: reading it must not hang (FIFOs, devices), exhaust memory
(huge files, YAML alias bombs) or overflow the stack (deep nesting). Every refusal is a located
:class:`Problem`; no message quotes the content of a file that was not read.
"""

from __future__ import annotations

import collections
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..problems import Problem, SpecError, pointer
from .bounds import Limits
from .json_places import NotJson, json_big_int, json_constant, json_nodes, json_too_deep, not_json

# Size, nodes and depth are the user's to set (:class:`Limits`, defaults: 64 MiB per file, the
# largest real spec known being Microsoft Graph beta's 47 MB; 20,000,000 keys and values, real
# specs holding at most about 0.12 a byte; 64 levels of nesting, real specs at most 23).
MAX_ALIAS_NODES = 2_000_000
"""Keys and values repeated through YAML aliases, counted as often as they are used (real specs:
a few hundred): a few kilobytes of aliases cannot stand for millions of values (alias bombs)."""
MAX_SCHEMA_DEPTH = 128
"""Schemas nested in schemas, inline or through ``$ref``s, a recursion counted once (real specs: at most 43)."""
MAX_ALL_OF_DEPTH = 32
"""Schemas including, through ``allOf``, schemas that include others (real specs: at most 6)."""
MAX_REF_HOPS = 64
"""``$ref``s followed in a row before a value (real specs: at most 2)."""
MAX_INT_DIGITS = 4300
"""Decimal digits of an integer (Python's own limit on converting between text and int)."""

JSON = Any


class _YamlLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """Safe YAML loader that keeps JSON's data model: string keys, no date objects."""


_YamlLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict[str, Any]:
    loader.flatten_mapping(node)
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, bool):
            key = "true" if key else "false"
        out[str(key) if key is not None else "null"] = loader.construct_object(value_node, deep=True)
    return out


_YamlLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)


@dataclass
class Budget:
    """What is left of the document-wide allowances as its files are read (and the warnings
    found meanwhile: duplicate keys)."""

    limits: Limits = field(default_factory=Limits)
    nodes: int = -1  # -1: all of limits.nodes
    bytes: int = -1  # -1: all of limits.total_bytes
    aliased: int = MAX_ALIAS_NODES
    warnings: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.nodes = self.limits.nodes if self.nodes < 0 else self.nodes
        self.bytes = self.limits.total_bytes if self.bytes < 0 else self.bytes


_CORE = "tag:yaml.org,2002:"
_JSON_TAGS = frozenset({None, "!", *(_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq"))})
"""The YAML tags of JSON's data model; any other (timestamp, binary, set, omap, python/...) is refused."""
_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")


def _tag_text(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def _tag_problem(tag: str) -> str:
    return (
        f"YAML tag {_tag_text(tag)} is not allowed: a spec holds JSON's data only (strings, numbers, booleans,"
        " null, mappings, lists)"
    )


def _big_int() -> str:
    return f"integer of more than {MAX_INT_DIGITS:,} digits (the limit)"


def _duplicate(key: str) -> str:
    return f"duplicate key {key!r}: the last one is used, the others are ignored"


def read_bytes(path: Path, display: str, budget: Budget) -> bytes:
    """The content of ``path``, which must be a regular file within the size limits."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SpecError([Problem(display, "", "file not found")]) from None
    except OSError as exc:
        raise SpecError([Problem(display, "", f"cannot read file: {exc.strerror}")]) from None
    if not stat.S_ISREG(info.st_mode):
        raise SpecError([Problem(display, "", "not a regular file")])
    limits = budget.limits
    limit = min(limits.file_bytes, budget.bytes)
    if info.st_size > limit:
        raise SpecError([Problem(display, "", _too_big(info.st_size, limit, limits))])
    try:
        # O_NONBLOCK: should the file have been swapped for a FIFO since the check, do not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise SpecError([Problem(display, "", "not a regular file")])
            data = handle.read(limit + 1)
    except OSError as exc:
        raise SpecError([Problem(display, "", f"cannot read file: {exc.strerror}")]) from None
    if len(data) > limit:
        raise SpecError([Problem(display, "", _too_big(len(data), limit, limits))])
    budget.bytes -= len(data)
    return data


def _too_big(size: int, limit: int, limits: Limits) -> str:
    which = "per file" if limit == limits.file_bytes else "left for all the files of the document"
    return (
        f"file too large: more than {limit:,} bytes ({which}; the limit is {limits.file_bytes:,} per file,"
        f" {limits.total_bytes:,} in all: --max-size {limits.size} MiB)"
    )


def parse(path: Path, display: str, budget: Budget) -> JSON:
    """Read and parse one YAML or JSON file within the limits."""
    data = read_bytes(path, display, budget)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(display, "", f"cannot read file: not UTF-8 (byte {exc.start})")]) from None
    try:
        if path.suffix == ".json":
            duplicates: list[tuple[dict[str, Any], list[str]]] = []
            try:
                value = json.loads(text, object_pairs_hook=_pairs_hook(duplicates), parse_constant=not_json)
            except RecursionError:
                deep = json_too_deep(text, budget.limits.depth)
                raise SpecError([Problem(display, pointer(*deep), _deep(budget.limits))]) from None
            except NotJson as exc:
                what = f"{exc.args[0]} is not JSON (JSON has no NaN or infinite numbers)"
                raise SpecError([Problem(display, pointer(*json_constant(text)), what)]) from None
            except ValueError as exc:
                if isinstance(exc, json.JSONDecodeError):
                    raise
                big = json_big_int(text, MAX_INT_DIGITS)
                if big is None:
                    raise
                raise SpecError([Problem(display, pointer(*big), _big_int())]) from None
            _check_shape(value, display, budget, {id(d): keys for d, keys in duplicates})
            return value
        _scan_yaml(text, display, budget)
        return yaml.load(text, Loader=_YamlLoader)
    except json.JSONDecodeError as exc:
        raise SpecError(
            [Problem(display, "", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")]
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = getattr(exc, "problem", None) or str(exc)
        raise SpecError([Problem(display, "", f"invalid YAML{where}: {what}")]) from None


def _deep(limits: Limits) -> str:
    return f"nested more than {limits.depth} levels deep (the limit: --max-depth)"


def _too_many(limits: Limits) -> str:
    return (
        f"too many values: more than {limits.nodes:,} keys and values in all the files (YAML aliases counted as"
        " expanded; the limit: --max-nodes)"
    )


def _too_many_aliased() -> str:
    return f"too many values repeated through YAML aliases: more than {MAX_ALIAS_NODES:,} keys and values (the limit)"


def _pairs_hook(duplicates: list[tuple[dict[str, Any], list[str]]]) -> Any:
    """A json ``object_pairs_hook`` that notes the objects with a key given twice (the dicts are
    kept in ``duplicates``, so alive, so their ids stay theirs until :func:`_check_shape`)."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) < len(pairs):
            counts = collections.Counter(k for k, _ in pairs)
            duplicates.append((out, sorted(k for k, n in counts.items() if n > 1)))
        return out

    return hook


def _check_shape(value: JSON, display: str, budget: Budget, duplicates: dict[int, list[str]]) -> None:
    """Count the nodes of a parsed JSON value and refuse it when too deep or too large; warn of
    the keys given twice (``duplicates``: id of the object -> keys). The children of a mapping or
    list are counted before any is looked at, and only mappings and lists are kept to look at:
    a huge flat list costs no more than its own count."""
    limits = budget.limits
    if not duplicates:  # the common case: counted without spelling where each value stands
        counted = json_nodes(value, limits.depth, budget.nodes)
        if counted is not None:
            budget.nodes -= counted
            return
    count = 1
    if count > budget.nodes:
        raise SpecError([Problem(display, "", _too_many(limits))])
    # (value, where, depth); where: (the parent's where, the key under it), None at the top: a
    # pointer is spelled only for a problem
    stack: list[tuple[JSON, Any, int]] = [(value, None, 0)] if isinstance(value, (dict, list)) else []
    while stack:
        current, here, depth = stack.pop()
        if depth >= limits.depth:
            raise SpecError([Problem(display, _pointer(here), _deep(limits))])
        is_dict = isinstance(current, dict)
        per = 2 if is_dict else 1  # a key and its value
        if count + per * len(current) > budget.nodes:
            index = (budget.nodes - count) // per
            key = list(current)[index] if is_dict else index
            raise SpecError([Problem(display, _pointer((here, str(key))), _too_many(limits))])
        count += per * len(current)
        for twice in duplicates.get(id(current), ()):
            budget.warnings.append(Problem(display, _pointer((here, twice)), _duplicate(twice), "duplicate-key"))
        items = current.items() if is_dict else enumerate(current)
        stack.extend((child, (here, str(key)), depth + 1) for key, child in items if isinstance(child, (dict, list)))
    budget.nodes -= count


def _pointer(where: Any) -> str:
    keys: list[str] = []
    while where is not None:
        where, key = where
        keys.append(key)
    return pointer(*reversed(keys))


class _Frame:
    __slots__ = ("anchor", "height", "is_map", "key", "keys", "nodes", "on_key")

    def __init__(self, anchor: str | None, is_map: bool) -> None:
        self.anchor = anchor
        self.is_map = is_map
        self.nodes = 1
        self.height = 1
        self.on_key = True  # in a mapping: the next node is a key
        self.key: str | int = "" if is_map else 0
        self.keys: set[str] = set()  # in a mapping: the keys seen (duplicates are warned of)


_PLAIN_WORDS = frozenset(
    "yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL".split()
)
_KEYS = _YamlLoader("")
"""Constructs the keys that are not plain words, as :func:`_construct_mapping` will."""


def _key_text(event: yaml.ScalarEvent) -> str:
    """The key a scalar becomes in the dict built (``on`` and ``true`` are both ``'true'``, ``0x1``
    and ``1`` both ``'1'``), for finding duplicates before anything is built."""
    value = str(event.value)
    if event.style or (
        event.tag is None and value and value not in _PLAIN_WORDS and value[0] not in "0123456789+-.~=<"
    ):
        if event.tag in (None, "!", _CORE + "str"):
            return value  # a quoted or plain string
    tag = event.tag if event.tag not in (None, "!") else _KEYS.resolve(yaml.ScalarNode, value, event.implicit)
    try:
        key = _KEYS.yaml_constructors[tag](_KEYS, yaml.ScalarNode(tag, value, style=event.style))
    except Exception:  # an unknown tag, a huge integer: refused elsewhere; the text stands for it
        return value
    if isinstance(key, bool):
        return "true" if key else "false"
    return "null" if key is None else str(key)


class _YamlScan:
    """One walk of :func:`_scan_yaml`: the open collections, the size of what each anchor names
    and the nodes counted so far."""

    def __init__(self, display: str, budget: Budget) -> None:
        self.display = display
        self.budget = budget
        self.anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) of what it names
        self.frames: list[_Frame] = []
        self.count = 0

    def problem(self, message: str) -> Problem:
        return Problem(self.display, pointer(*(f.key for f in self.frames)), message)

    def refusal(self, message: str) -> SpecError:
        return SpecError([self.problem(message)])

    def count_up(self, nodes: int, height: int) -> None:
        self.count += nodes
        if self.count > self.budget.nodes:
            raise self.refusal(_too_many(self.budget.limits))
        if len(self.frames) + height > self.budget.limits.depth:
            raise self.refusal(_deep(self.budget.limits))

    def done(self, nodes: int, height: int) -> None:
        """A node of ``nodes`` nodes and ``height`` levels is complete inside the open collection."""
        if self.frames:
            top = self.frames[-1]
            top.nodes += nodes
            top.height = max(top.height, height + 1)
            if top.is_map:
                top.on_key = not top.on_key
            else:
                assert isinstance(top.key, int)
                top.key += 1

    def event(self, event: yaml.Event) -> None:
        kind = type(event)
        tag = getattr(event, "tag", None)
        if tag not in _JSON_TAGS and kind is not yaml.AliasEvent:
            top = self.frames[-1] if self.frames else None
            if top is not None and top.is_map and top.on_key and kind is yaml.ScalarEvent:
                top.key = event.value  # so that the refusal points at the key
            raise self.refusal(_tag_problem(str(tag)))
        if kind is yaml.ScalarEvent:
            self.scalar(event, tag)
        elif kind in (yaml.MappingStartEvent, yaml.SequenceStartEvent):
            self.count_up(1, 1)
            self.frames.append(_Frame(event.anchor, kind is yaml.MappingStartEvent))
        elif kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent):
            frame = self.frames.pop()
            if frame.anchor:
                self.anchors[frame.anchor] = (frame.nodes, frame.height)
            self.done(frame.nodes, frame.height)
        elif kind is yaml.AliasEvent:
            self.alias(event)

    def scalar(self, event: yaml.ScalarEvent, tag: str | None) -> None:
        top = self.frames[-1] if self.frames else None
        if top is not None and top.is_map and top.on_key:
            top.key = event.value
            key = _key_text(event)
            if key in top.keys and event.value != "<<":
                self.budget.warnings.append(self.problem(_duplicate(key)).classed("duplicate-key"))
            top.keys.add(key)
        value = event.value.replace("_", "").lstrip("+-")
        if (
            len(value) > MAX_INT_DIGITS
            and (tag == _CORE + "int" or (tag is None and not event.style))
            and _DECIMAL.fullmatch(event.value)
        ):
            raise self.refusal(_big_int())
        self.count_up(1, 0)
        if event.anchor:
            self.anchors[event.anchor] = (1, 0)
        self.done(1, 0)

    def alias(self, event: yaml.AliasEvent) -> None:
        if any(f.anchor == event.anchor for f in self.frames):
            raise self.refusal(f"YAML alias *{event.anchor} inside its own anchor")
        nodes, height = self.anchors.get(event.anchor or "", (1, 0))
        self.budget.aliased -= nodes
        if self.budget.aliased < 0:
            raise self.refusal(_too_many_aliased())
        self.count_up(nodes, height)
        self.done(nodes, height)


def _scan_yaml(text: str, display: str, budget: Budget) -> None:
    """Walk the YAML events (iteratively, before anything is built) to refuse a document that
    is too deep or has too many nodes, aliases expanded: alias bombs stop here, in linear time."""
    scan = _YamlScan(display, budget)
    for event in yaml.parse(text, Loader=_YamlLoader):
        scan.event(event)
    budget.nodes -= scan.count
