"""The tree of an ECMA-262 pattern (built by :func:`generator.lower.pattern_syntax.parse`) and
its source in Python's ``re`` dialect (:func:`write`), for :mod:`generator.lower.patterns`."""

from __future__ import annotations

from dataclasses import dataclass

from .pattern_chars import Ranges, chars_source


@dataclass
class Chars:
    ranges: Ranges


@dataclass
class Seq:
    items: list[Node]


@dataclass
class Alt:
    branches: list[Node]


@dataclass
class Group:
    body: Node
    index: int | None = None  # capturing: its number
    name: str | None = None


@dataclass
class Look:
    body: Node
    behind: bool
    negative: bool


@dataclass
class Repeat:
    body: Node
    lo: int
    hi: int | None  # None: unbounded
    lazy: bool = False


@dataclass
class Anchor:
    kind: str  # "^", "$", "b", "B"


@dataclass
class Backref:
    index: int
    name: str | None = None


Node = Chars | Seq | Alt | Group | Look | Repeat | Anchor | Backref


def children(node: Node) -> list[Node]:
    """The subtrees of ``node``, in pattern order."""
    if isinstance(node, Seq):
        return node.items
    if isinstance(node, Alt):
        return node.branches
    if isinstance(node, (Group, Look, Repeat)):
        return [node.body]
    return []


# -- writing Python's dialect -------------------------------------------------------------------
# \b and \B stay Python's, made ASCII (ECMA-262's) by the flag (?a) the pattern then starts with;
# \d \w \s are written as classes, so the flag changes nothing else (patterns have no i flag).
_ANCHORS = {"^": "^", "$": r"\Z", "b": r"\b", "B": r"\B"}


def has_word_boundary(node: Node) -> bool:
    if isinstance(node, Anchor):
        return node.kind in ("b", "B")
    return any(has_word_boundary(child) for child in children(node))


def write(node: Node) -> str:
    """The Python source of a tree."""
    if isinstance(node, Chars):
        return chars_source(node.ranges)
    if isinstance(node, Seq):
        return "".join(write(i) for i in node.items)
    if isinstance(node, Alt):
        return "|".join(write(b) for b in node.branches)
    if isinstance(node, Group):
        head = "(?:" if node.index is None else f"(?P<{node.name}>" if node.name else "("
        return head + write(node.body) + ")"
    if isinstance(node, Look):
        return "(?" + ("<" if node.behind else "") + ("!" if node.negative else "=") + write(node.body) + ")"
    if isinstance(node, Anchor):
        return _ANCHORS[node.kind]
    if isinstance(node, Backref):
        return f"(?P={node.name})" if node.name else f"(?:\\{node.index})"
    body = write(node.body)
    if not isinstance(node.body, (Chars, Group)) or body == "(?!)":
        body = f"(?:{body})"
    if (node.lo, node.hi) == (0, None):
        q = "*"
    elif (node.lo, node.hi) == (1, None):
        q = "+"
    elif (node.lo, node.hi) == (0, 1):
        q = "?"
    elif node.hi == node.lo:
        q = f"{{{node.lo}}}"
    else:
        q = f"{{{node.lo},{'' if node.hi is None else node.hi}}}"
    return body + q + ("?" if node.lazy else "")
