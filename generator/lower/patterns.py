"""A schema's ``pattern`` (ECMA-262, the dialect of JSON Schema) as a Python ``re`` pattern,
and how long Python's backtracking may take on it.

:func:`translate` parses the ECMA-262 source into a small tree, writes it back in Python's
dialect with the meaning JSON Schema gives it, and bounds its matching cost:

- Translated: ``(?<name>...)`` -> ``(?P<name>...)``, ``\\k<name>`` -> ``(?P=name)``; ``\\d``, ``\\w``,
  ``\\b`` (ASCII in ECMA-262, Unicode in Python) and ``\\s``, ``.`` (ECMA-262's own sets) as explicit
  classes; ``$`` -> ``\\Z`` (Python's ``$`` also matches before a final newline); ``\\p{..}``/``\\P{..}``
  of the general categories (``L``, ``Lu``, ``Letter``, ``gc=Nd``, ...) and of ``Any``, ``ASCII``,
  ``ASCII_Hex_Digit`` as classes built from :mod:`unicodedata`; ``\\cX``, ``\\0``, ``\\xHH``,
  ``\\uHHHH`` (surrogate pairs joined), ``\\u{H..}``, ``\\/`` and the other identity escapes.
- Given up (:class:`Translation` with ``regex`` None and a reason, the generator's warning):
  scripts and other properties, variable-width lookbehind, a backreference to a group that may
  not take part (ECMA-262 matches it as empty, Python fails), a quantified lookaround, a
  repetition bound Python cannot hold, anything Python's ``re`` then refuses to compile.
- Cost (the ReDoS rule): a conservative ``(degree, factor)`` such that matching a string of ``n``
  characters takes at most about ``factor * n ** degree`` steps (see :class:`_Cost`). Degree 1
  with a factor up to :data:`LINEAR_FACTOR` runs on any input; otherwise only on inputs of at most
  ``cap`` characters (``factor * cap ** degree <=`` :data:`STEP_BUDGET`), longer ones being left
  to the server. A cap under :data:`MIN_CAP`, and nested or overlapping repetition under an
  unbounded quantifier (exponential), are given up.

Pure functions; the Unicode tables are built once per process, on first use. The parser and
tree and its writer are :mod:`generator.lower.pattern_tree`, the parser :mod:`generator.lower.pattern_syntax`,
the sets of code points :mod:`generator.lower.pattern_chars`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .pattern_chars import ANY, Ranges, Untranslatable, category, chars_source, intersects, normalize
from .pattern_syntax import parse
from .pattern_tree import Alt, Anchor, Backref, Chars, Group, Look, Node, Repeat, Seq, has_word_boundary, write

__all__ = ["MIN_CAP", "STEP_BUDGET", "Translation", "category", "chars_source", "cost", "parse", "translate"]

# Backtracking steps allowed: 50,000 is 1-5 ms in sre on a busy machine (20-100 ns a step measured)
STEP_BUDGET = 50_000
MIN_CAP = 32  # a check that could only run on shorter inputs is given up instead
LOOP_BOUND = 32  # a bounded repetition above this many counts as unbounded
LINEAR_FACTOR = 10  # factor * n steps: checked on inputs of any length
SHORT_TAIL = 256  # an unbounded loop whose continuation matches at most this many chars is linear


# -- facts of a tree ----------------------------------------------------------------------------
def lengths(node: Node) -> tuple[int, int | None]:
    """Shortest and longest match (None: unbounded)."""
    if isinstance(node, Chars):
        return (1, 1) if node.ranges else (0, 0)
    if isinstance(node, Seq):
        lo = 0
        total: int | None = 0
        for item in node.items:
            a, b = lengths(item)
            lo += a
            total = None if total is None or b is None else total + b
        return lo, total
    if isinstance(node, Alt):
        pairs = [lengths(b) for b in node.branches]
        his = [b for _, b in pairs]
        return min(a for a, _ in pairs), None if None in his else max(h for h in his if h is not None)
    if isinstance(node, Group):
        return lengths(node.body)
    if isinstance(node, Repeat):
        a, b = lengths(node.body)
        return a * node.lo, (0 if b == 0 else None) if node.hi is None or b is None else b * node.hi
    if isinstance(node, Backref):
        return 0, None
    return 0, 0  # Look, Anchor


def first(node: Node) -> Ranges:
    """The code points a non-empty match can start with (a superset)."""
    if isinstance(node, Chars):
        return node.ranges
    if isinstance(node, Seq):
        out: list[tuple[int, int]] = []
        for item in node.items:
            out.extend(first(item))
            if lengths(item)[0] > 0:
                break
        return normalize(out)
    if isinstance(node, Alt):
        return normalize([r for b in node.branches for r in first(b)])
    if isinstance(node, (Group, Repeat)):
        return first(node.body)
    if isinstance(node, Backref):
        return ANY
    return ()


def never_fails(node: Node) -> bool:
    """Matches (the empty string at least) wherever it is tried."""
    if isinstance(node, Seq):
        return all(never_fails(i) for i in node.items)
    if isinstance(node, Alt):
        return any(never_fails(b) for b in node.branches)
    if isinstance(node, Group):
        return never_fails(node.body)
    if isinstance(node, Repeat):
        return node.lo == 0 or never_fails(node.body)
    return False


INFINITE = 1_000_000
MAX_FACTOR = 1 << 40


@dataclass
class _Cost:
    """How long backtracking may take: about ``factor * n ** (1 + degree)`` steps on ``n``
    characters. A choice the next character does not settle (a repetition whose body and
    continuation can start alike, overlapping alternatives) whose wrong branch is found out only
    after the rest of the match was tried: an unbounded repetition adds one to ``degree`` (unless
    that rest is short), a bounded one or an alternation multiplies ``factor`` by its number of
    ways. A lookaround or a backreference reading unbounded text adds one. Any such choice
    inside an unbounded repetition is exponential (:data:`INFINITE`)."""

    degree: int = 0
    factor: int = 1
    fallible_unbounded: bool = False  # some unbounded part may be re-read after a failure

    def times(self, ways: int) -> None:
        self.factor = min(self.factor * ways, MAX_FACTOR)

    def add(self, node: Node, follow: Ranges, tail_safe: bool, tail_max: int | None) -> None:
        """``follow``: what may start right after ``node``; ``tail_safe``: what follows never fails;
        ``tail_max``: the longest the rest of the match can be (None: unbounded)."""
        short_tail = tail_max is not None and tail_max <= SHORT_TAIL
        if isinstance(node, (Chars, Anchor)):
            return
        if isinstance(node, Group):
            self.add(node.body, follow, tail_safe, tail_max)
        elif isinstance(node, Backref):
            self.fallible_unbounded |= not tail_safe
            self.degree += 0 if tail_safe else 1
        elif isinstance(node, Look):
            self.add(node.body, (), True, 0)
            if lengths(node.body)[1] is None:
                self.fallible_unbounded = True
                self.degree += 1
        elif isinstance(node, Seq):
            for item in reversed(node.items):
                self.add(item, follow, tail_safe, tail_max)
                low, high = lengths(item)
                follow = normalize(list(first(item)) + (list(follow) if low == 0 else []))
                tail_safe = tail_safe and never_fails(item)
                tail_max = None if tail_max is None or high is None else tail_max + high
        elif isinstance(node, Alt):
            for branch in node.branches:
                self.add(branch, follow, tail_safe, tail_max)
            starts = [first(b) for b in node.branches]
            empty = [lengths(b)[0] == 0 for b in node.branches]
            overlap = (
                sum(empty) > 1
                or any(intersects(a, b) for i, a in enumerate(starts) for b in starts[i + 1 :])
                or (any(empty) and any(intersects(s, follow) for s in starts))
            )
            if overlap and not tail_safe:
                self.times(len(node.branches))
        elif isinstance(node, Repeat):
            self.repeat(node, follow, tail_safe, tail_max, short_tail)

    def repeat(self, node: Repeat, follow: Ranges, tail_safe: bool, tail_max: int | None, short_tail: bool) -> None:
        low, high = lengths(node.body)
        body_first = first(node.body)
        loops = node.hi is None or node.hi > 1
        inner_follow = normalize(list(follow) + list(body_first)) if loops else follow
        if not loops:
            inner_max = tail_max
        elif node.hi is None or high is None or tail_max is None:
            inner_max = None
        else:
            inner_max = tail_max + high * (node.hi - 1)
        inner = _Cost()
        inner.add(node.body, inner_follow, tail_safe and node.lo <= 1, inner_max)
        self.fallible_unbounded |= inner.fallible_unbounded
        unbounded = node.hi is None or node.hi > LOOP_BOUND
        if unbounded and loops and (inner.degree > 0 or inner.factor > 1 or low == 0):
            self.degree = INFINITE
            return
        count = node.hi or 1
        self.degree = min(self.degree + inner.degree * count, INFINITE)
        self.times(min(inner.factor**count, MAX_FACTOR))
        if node.hi is None and not tail_safe:
            self.fallible_unbounded = True
        if node.hi != node.lo and not tail_safe and intersects(body_first, follow):
            if node.hi is not None:
                self.times(node.hi - node.lo + 1)
            elif short_tail and tail_max is not None:
                self.times(tail_max + 1)  # the short rest is tried after each character given back
            else:
                self.degree += 1


def _reach(node: Node) -> int:
    """How far a failing attempt can read when no unbounded repetition is followed by anything
    that can fail (such a repetition, once reached, ends the match): the longest match with those
    repetitions taken their least number of times."""
    if isinstance(node, Repeat):
        return _reach(node.body) * (node.lo if node.hi is None else node.hi)
    if isinstance(node, Seq):
        return sum(_reach(i) for i in node.items)
    if isinstance(node, Alt):
        return max(_reach(b) for b in node.branches)
    if isinstance(node, (Group, Look)):
        return _reach(node.body)
    return 1 if isinstance(node, Chars) else 0


def _literal(tree: Node) -> bool:
    items = tree.items if isinstance(tree, Seq) else [tree]
    return all(isinstance(i, Chars) and len(i.ranges) == 1 and i.ranges[0][0] == i.ranges[0][1] for i in items)


def cost(tree: Node) -> tuple[int, int]:
    """``(degree, factor)``: Python's ``search`` takes about ``factor * n ** degree`` steps on
    ``n`` characters (see :class:`_Cost`)."""
    items = tree.items if isinstance(tree, Seq) else [tree]
    anchored = bool(items) and isinstance(items[0], Anchor) and items[0].kind == "^"
    once: list[Node] = []  # lookarounds right after a leading ^: tried once, their cost adds
    while anchored and len(items) > len(once) + 1 and isinstance(items[len(once) + 1], Look):
        once.append(items[len(once) + 1])
    found = _Cost()
    found.add(Seq([items[0], *items[len(once) + 1 :]]) if once else tree, (), True, 0)
    degree = 1 + found.degree
    for look in once:
        assert isinstance(look, Look)
        alone = _Cost()
        alone.add(look.body, (), True, 0)
        degree = max(degree, 1 + alone.degree)
        found.factor = min(found.factor + alone.factor, MAX_FACTOR)
    if not anchored and not never_fails(tree):  # search tries every start
        if found.fallible_unbounded:
            degree += 1  # each may read to the end
        elif not _literal(tree):  # (sre finds a literal in one pass)
            found.times(_reach(tree) + 1)  # each may read this far before failing
    return min(degree, INFINITE), found.factor


# -- the result -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Translation:
    """``regex``: the Python source (None: the client does not check this pattern, ``reason``
    says why); ``cap``: the longest input it is tried on (None: any); ``longest``: the longest
    string it can match when anchored at both ends (longer inputs fail without matching)."""

    regex: str | None
    cap: int | None = None
    longest: int | None = None
    reason: str = ""


def _anchored_length(tree: Node) -> int | None:
    items = tree.items if isinstance(tree, Seq) else [tree]
    if (
        len(items) >= 2
        and isinstance(items[0], Anchor)
        and items[0].kind == "^"
        and isinstance(items[-1], Anchor)
        and items[-1].kind == "$"
    ):
        return lengths(tree)[1]
    return None


@functools.lru_cache(maxsize=4096)
def translate(pattern: str) -> Translation:
    """``pattern`` (ECMA-262) in Python's ``re`` dialect, with the bounds its check runs under."""
    try:
        tree = parse(pattern)
    except Untranslatable as e:
        return Translation(None, reason=f"not translatable to Python's re: {e}")
    except RecursionError:
        return Translation(None, reason="not translatable to Python's re: nested too deeply")
    source = ("(?a)" if has_word_boundary(tree) else "") + write(tree)
    try:
        re.compile(source)
    except (re.error, OverflowError, RecursionError) as e:
        return Translation(None, reason=f"Python's re refuses its translation {source!r}: {e}")
    d, factor = cost(tree)
    longest = _anchored_length(tree)
    if d == 1 and factor <= LINEAR_FACTOR:
        return Translation(source, None, longest)
    cap = int((STEP_BUDGET / factor) ** (1 / d)) if d < INFINITE else 0
    if longest is not None and longest <= cap:
        return Translation(source, None, longest)
    if cap < MIN_CAP:
        why = (
            "nested or overlapping repetition under an unbounded quantifier"
            if d >= INFINITE
            else f"matching could take about {factor} * n**{d} steps on n characters"
        )
        return Translation(None, reason=f"catastrophic backtracking (ReDoS): {why}")
    return Translation(source, cap, longest)
