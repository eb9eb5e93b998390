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
- Cost (the ReDoS rule): a conservative count ``degree`` such that matching a string of ``n``
  characters takes at most about ``n ** degree`` steps (see :func:`_Cost`). Degree 1 runs on any
  input. Degree 2 and 3 run only on inputs of at most ``cap`` characters (``cap ** degree <=``
  :data:`STEP_BUDGET`); longer ones are not checked on the client. Higher degrees, and nested or
  overlapping repetition under an unbounded quantifier (exponential), are given up.

Pure functions; the Unicode tables are built once per process, on first use.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

MAX_CODE = 0x10FFFF
# Python's sre refuses repetition counts from this one up (SRE_MAXREPEAT: an unsigned 32-bit code)
MAXREPEAT = 4294967295
# Backtracking steps allowed: 50,000 is 1-5 ms in sre on a busy machine (20-100 ns a step measured)
STEP_BUDGET = 50_000
MIN_CAP = 32  # a check that could only run on shorter inputs is given up instead
LOOP_BOUND = 32  # a bounded repetition above this many counts as unbounded
LINEAR_FACTOR = 10  # factor * n steps: checked on inputs of any length
SHORT_TAIL = 256  # an unbounded loop whose continuation matches at most this many chars is linear

Ranges = tuple[tuple[int, int], ...]


# -- character sets ------------------------------------------------------------------------
def normalize(ranges: list[tuple[int, int]] | Ranges) -> Ranges:
    """Sorted, merged, non-adjacent ranges."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def complement(ranges: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    nxt = 0
    for lo, hi in ranges:
        if lo > nxt:
            out.append((nxt, lo - 1))
        nxt = hi + 1
    if nxt <= MAX_CODE:
        out.append((nxt, MAX_CODE))
    return tuple(out)


def intersects(a: Ranges, b: Ranges) -> bool:
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i][1] < b[j][0]:
            i += 1
        elif b[j][1] < a[i][0]:
            j += 1
        else:
            return True
    return False


DIGIT: Ranges = ((0x30, 0x39),)
WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
LINE_TERMINATORS: Ranges = ((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029))
# ECMA-262 WhiteSpace (TAB, VT, FF, SP, NBSP, ZWNBSP, Zs) and LineTerminator
SPACE: Ranges = normalize(
    [(0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A), (0x2028, 0x2029)]
    + [(0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF)]
)
DOT: Ranges = complement(LINE_TERMINATORS)
ANY: Ranges = ((0, MAX_CODE),)

_CATEGORY_NAMES = {
    "L": "Letter", "LC": "Cased_Letter", "Lu": "Uppercase_Letter", "Ll": "Lowercase_Letter",
    "Lt": "Titlecase_Letter", "Lm": "Modifier_Letter", "Lo": "Other_Letter",
    "M": "Mark", "Mn": "Nonspacing_Mark", "Mc": "Spacing_Mark", "Me": "Enclosing_Mark",
    "N": "Number", "Nd": "Decimal_Number", "Nl": "Letter_Number", "No": "Other_Number",
    "P": "Punctuation", "Pc": "Connector_Punctuation", "Pd": "Dash_Punctuation",
    "Ps": "Open_Punctuation", "Pe": "Close_Punctuation", "Pi": "Initial_Punctuation",
    "Pf": "Final_Punctuation", "Po": "Other_Punctuation",
    "S": "Symbol", "Sm": "Math_Symbol", "Sc": "Currency_Symbol", "Sk": "Modifier_Symbol", "So": "Other_Symbol",
    "Z": "Separator", "Zs": "Space_Separator", "Zl": "Line_Separator", "Zp": "Paragraph_Separator",
    "C": "Other", "Cc": "Control", "Cf": "Format", "Cs": "Surrogate", "Co": "Private_Use", "Cn": "Unassigned",
}  # fmt: skip
_CATEGORY_ALIASES = {"Combining_Mark": "M", "digit": "Nd", "punct": "P", "cntrl": "Cc"}
_CATEGORY_OF = {v: k for k, v in _CATEGORY_NAMES.items()} | {k: k for k in _CATEGORY_NAMES} | _CATEGORY_ALIASES


@functools.lru_cache(maxsize=1)
def _categories() -> dict[str, Ranges]:
    """Every two-letter general category of this Python's Unicode database, as ranges."""
    found: dict[str, list[tuple[int, int]]] = {}
    category = unicodedata.category
    start, current = 0, category("\0")
    for cp in range(1, MAX_CODE + 2):
        cat = category(chr(cp)) if cp <= MAX_CODE else ""
        if cat != current:
            found.setdefault(current, []).append((start, cp - 1))
            start, current = cp, cat
    return {k: tuple(v) for k, v in found.items()}


@functools.cache
def category(name: str) -> Ranges:
    """A general category (``L``, ``Lu``, ``LC``, ...) as ranges."""
    table = _categories()
    if len(name) == 2 and name != "LC":
        return table.get(name, ())
    members = ("Lu", "Ll", "Lt") if name == "LC" else [k for k in table if k[0] == name]
    return normalize([r for k in members for r in table.get(k, ())])


class Untranslatable(Exception):
    """The pattern has no Python equivalent here; the message says what."""


def property_ranges(text: str) -> Ranges:
    """The code points of ``\\p{text}``: general categories and a few exact binary properties."""
    name = text
    if "=" in text:
        key, _, name = text.partition("=")
        if key not in ("General_Category", "gc"):
            raise Untranslatable(f"\\p{{{text}}}: only general categories are translated")
    elif text == "Any":
        return ANY
    elif text == "ASCII":
        return ((0, 0x7F),)
    elif text == "ASCII_Hex_Digit":
        return ((0x30, 0x39), (0x41, 0x46), (0x61, 0x66))
    if name not in _CATEGORY_OF:
        raise Untranslatable(f"\\p{{{text}}}: only general categories, Any, ASCII and ASCII_Hex_Digit are translated")
    return category(_CATEGORY_OF[name])


# -- the tree ----------------------------------------------------------------------------------
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

_QUANTIFIER = re.compile(r"\{(\d+)(?:(,)(\d*))?\}")
_HEX = "0123456789abcdefABCDEF"
_CONTROL = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}


@dataclass
class _Parser:
    src: str
    pos: int = 0
    groups: int = 0
    names: dict[str, int] = field(default_factory=dict)
    backrefs: list[Backref] = field(default_factory=list)

    def fail(self, what: str) -> Untranslatable:
        return Untranslatable(f"{what} at offset {self.pos}")

    def peek(self, n: int = 0) -> str:
        i = self.pos + n
        return self.src[i] if i < len(self.src) else ""

    def parse(self) -> Node:
        node = self.disjunction()
        if self.pos < len(self.src):
            raise self.fail(f"unbalanced {self.src[self.pos]!r}")
        for ref in self.backrefs:
            if ref.name is not None:
                if ref.name not in self.names:
                    raise Untranslatable(f"\\k<{ref.name}> names no group")
                ref.index = self.names[ref.name]
            if ref.index > self.groups:
                raise Untranslatable(f"backreference \\{ref.index} to a group that does not exist")
        return node

    def disjunction(self) -> Node:
        branches = [self.alternative()]
        while self.peek() == "|":
            self.pos += 1
            branches.append(self.alternative())
        return branches[0] if len(branches) == 1 else Alt(branches)

    def alternative(self) -> Node:
        items: list[Node] = []
        while self.pos < len(self.src) and self.peek() not in "|)":
            items.append(self.term())
        return items[0] if len(items) == 1 else Seq(items)

    def term(self) -> Node:
        start = self.pos
        atom = self.atom()
        quantified = self.quantifier(atom)
        if quantified is not atom and isinstance(atom, (Look, Anchor)):
            self.pos = start
            raise self.fail("a quantified assertion")
        return quantified

    def quantifier(self, atom: Node) -> Node:
        c = self.peek()
        lo: int
        hi: int | None
        if c == "*":
            lo, hi, self.pos = 0, None, self.pos + 1
        elif c == "+":
            lo, hi, self.pos = 1, None, self.pos + 1
        elif c == "?":
            lo, hi, self.pos = 0, 1, self.pos + 1
        elif c == "{" and (m := _QUANTIFIER.match(self.src, self.pos)):
            lo = int(m.group(1))
            hi = lo if not m.group(2) else (int(m.group(3)) if m.group(3) else None)
            if max(lo, hi or 0) >= MAXREPEAT:
                raise self.fail(f"repetition bound {m.group(0)} beyond Python's limit ({MAXREPEAT - 1})")
            if hi is not None and hi < lo:
                raise self.fail(f"repetition bounds out of order {m.group(0)}")
            self.pos = m.end()
        else:
            return atom
        lazy = self.peek() == "?"
        if lazy:
            self.pos += 1
        if self.peek() in ("*", "+", "?") or (self.peek() == "{" and _QUANTIFIER.match(self.src, self.pos)):
            raise self.fail("nothing to repeat")
        return Repeat(atom, lo, hi, lazy)

    def atom(self) -> Node:
        c = self.peek()
        if c == "(":
            return self.group()
        if c == "[":
            return Chars(self.char_class())
        if c == "\\":
            return self.atom_escape()
        self.pos += 1
        if c == ".":
            return Chars(DOT)
        if c in "^$":
            return Anchor(c)
        if c in "*+?":
            self.pos -= 1
            raise self.fail("nothing to repeat")
        if c == "{" and _QUANTIFIER.match(self.src, self.pos - 1):
            self.pos -= 1
            raise self.fail("nothing to repeat")
        # a lone "{", "}" or "]" is itself (ECMA-262 Annex B)
        cp = ord(c)
        if 0xD800 <= cp <= 0xDBFF and 0xDC00 <= ord(self.peek() or "\0") <= 0xDFFF:
            cp = 0x10000 + ((cp - 0xD800) << 10) + (ord(self.peek()) - 0xDC00)
            self.pos += 1
        return Chars(((cp, cp),))

    def group(self) -> Node:
        self.pos += 1
        look: tuple[bool, bool] | None = None
        name: str | None = None
        capturing = True
        if self.src.startswith("?:", self.pos):
            self.pos += 2
            capturing = False
        elif self.src.startswith(("?=", "?!"), self.pos):
            look = (False, self.src[self.pos + 1] == "!")
            self.pos += 2
        elif self.src.startswith(("?<=", "?<!"), self.pos):
            look = (True, self.src[self.pos + 2] == "!")
            self.pos += 3
        elif self.src.startswith("?<", self.pos):
            end = self.src.find(">", self.pos)
            if end < 0:
                raise self.fail("unterminated group name")
            name = self.src[self.pos + 2 : end]
            if not name.isidentifier():
                raise self.fail(f"group name {name!r} (Python's must be an identifier)")
            if name in self.names:
                raise self.fail(f"duplicate group name {name!r}")
            self.pos = end + 1
        elif self.peek() == "?":
            raise self.fail("unknown group syntax")
        index = None
        if capturing and look is None:
            self.groups += 1
            index = self.groups
            if name is not None:
                self.names[name] = index
        body = self.disjunction()
        if self.peek() != ")":
            raise self.fail("missing )")
        self.pos += 1
        if look is not None:
            return Look(body, behind=look[0], negative=look[1])
        return Group(body, index, name)

    def atom_escape(self) -> Node:
        self.pos += 1
        c = self.peek()
        if c == "":
            raise self.fail("\\ at end of pattern")
        if c in "bB":
            self.pos += 1
            return Anchor(c)
        if c in "123456789":
            end = self.pos
            while end < len(self.src) and self.src[end].isdigit():
                end += 1
            ref = Backref(int(self.src[self.pos : end]))
            self.pos = end
            self.backrefs.append(ref)
            return ref
        if c == "k" and self.peek(1) == "<":
            end = self.src.find(">", self.pos)
            if end < 0:
                raise self.fail("unterminated \\k<")
            ref = Backref(0, self.src[self.pos + 2 : end])
            self.pos = end + 1
            self.backrefs.append(ref)
            return ref
        klass = self.class_escape()
        if klass is not None:
            return Chars(klass)
        cp = self.char_escape(in_class=False)
        return Chars(((cp, cp),))

    def class_escape(self) -> Ranges | None:
        """``\\d \\D \\s \\S \\w \\W \\p{..} \\P{..}`` (the backslash already read), or None."""
        c = self.peek()
        simple = {"d": DIGIT, "s": SPACE, "w": WORD}
        if c.lower() in simple:
            self.pos += 1
            ranges = simple[c.lower()]
            return complement(ranges) if c.isupper() else ranges
        if c in "pP" and self.peek(1) == "{":
            end = self.src.find("}", self.pos)
            if end < 0:
                raise self.fail("unterminated \\p{")
            ranges = property_ranges(self.src[self.pos + 2 : end])
            self.pos = end + 1
            return complement(ranges) if c == "P" else ranges
        if c in "pP":
            raise self.fail(f"\\{c} without {{...}}")
        return None

    def char_escape(self, *, in_class: bool) -> int:
        """The code point of a character escape (the backslash already read)."""
        c = self.peek()
        self.pos += 1
        if c in _CONTROL:
            return _CONTROL[c]
        if c == "b" and in_class:
            return 0x08
        if c == "c" and self.peek().isascii() and self.peek().isalpha():
            self.pos += 1
            return ord(self.src[self.pos - 1]) % 32
        if c == "0" and not self.peek().isdigit():
            return 0
        if c == "x" and len(h := self.src[self.pos : self.pos + 2]) == 2 and all(x in _HEX for x in h):
            self.pos += 2
            return int(h, 16)
        if c == "u":
            return self.unicode_escape()
        if c.isascii() and c.isalnum():
            self.pos -= 1
            raise self.fail(f"unknown escape \\{c}")
        return ord(c)  # identity escape: \/ \. \- \\ ...

    def unicode_escape(self) -> int:
        if self.peek() == "{":
            end = self.src.find("}", self.pos)
            digits = self.src[self.pos + 1 : end] if end > 0 else ""
            if not digits or not all(x in _HEX for x in digits) or int(digits, 16) > MAX_CODE:
                raise self.fail("bad \\u{...}")
            self.pos = end + 1
            return int(digits, 16)
        h = self.src[self.pos : self.pos + 4]
        if len(h) != 4 or not all(x in _HEX for x in h):
            raise self.fail("bad \\u escape")
        self.pos += 4
        cp = int(h, 16)
        low = self.src[self.pos : self.pos + 6]
        if 0xD800 <= cp <= 0xDBFF and low[:2] == "\\u" and all(x in _HEX for x in low[2:]) and len(low) == 6:
            lo = int(low[2:], 16)
            if 0xDC00 <= lo <= 0xDFFF:
                self.pos += 6
                return 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
        return cp

    def char_class(self) -> Ranges:
        self.pos += 1
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        ranges: list[tuple[int, int]] = []
        while True:
            c = self.peek()
            if c == "":
                raise self.fail("unterminated [")
            if c == "]":
                self.pos += 1
                break
            first = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                second = self.class_atom()
                if isinstance(first, tuple) or isinstance(second, tuple):
                    raise self.fail("a class escape in a range")
                if second < first:
                    raise self.fail("range out of order in character class")
                ranges.append((first, second))
            elif isinstance(first, tuple):
                ranges.extend(first)
            else:
                ranges.append((first, first))
        result = normalize(ranges)
        return complement(result) if negated else result

    def class_atom(self) -> int | Ranges:
        c = self.peek()
        if c != "\\":
            self.pos += 1
            cp = ord(c)
            if 0xD800 <= cp <= 0xDBFF and 0xDC00 <= ord(self.peek() or "\0") <= 0xDFFF:
                cp = 0x10000 + ((cp - 0xD800) << 10) + (ord(self.peek()) - 0xDC00)
                self.pos += 1
            return cp
        self.pos += 1
        klass = self.class_escape()
        if klass is not None:
            return klass
        if self.peek() == "-":
            self.pos += 1
            return ord("-")
        if self.peek().isdigit() and self.peek() != "0":
            raise self.fail("a backreference or octal escape in a character class")
        return self.char_escape(in_class=True)


def _children(node: Node) -> list[Node]:
    if isinstance(node, Seq):
        return node.items
    if isinstance(node, Alt):
        return node.branches
    if isinstance(node, (Group, Look, Repeat)):
        return [node.body]
    return []


def parse(pattern: str) -> Node:
    """The tree of an ECMA-262 pattern; :class:`Untranslatable` when it has none here."""
    parser = _Parser(pattern)
    tree = parser.parse()
    optional: set[int] = set()
    _mark_optional(tree, optional, False)
    for ref in parser.backrefs:
        if ref.index in optional:
            raise Untranslatable(f"backreference \\{ref.index} to a group that may not take part in the match")
    return tree


def _mark_optional(node: Node, optional: set[int], inside: bool) -> None:
    """Groups under an alternative, an optional repetition or a repetition (ECMA-262 resets a
    repeated group's capture on each iteration) may not hold a value a backreference can use."""
    if isinstance(node, Group) and node.index is not None and inside:
        optional.add(node.index)
    if isinstance(node, Alt) or (isinstance(node, Look) and node.negative):
        inside = True
    if isinstance(node, Repeat) and (node.lo == 0 or node.hi != 1):
        inside = True
    for child in _children(node):
        _mark_optional(child, optional, inside)


# -- writing Python's dialect -------------------------------------------------------------------
# \b and \B stay Python's, made ASCII (ECMA-262's) by the flag (?a) the pattern then starts with;
# \d \w \s are written as classes, so the flag changes nothing else (patterns have no i flag).
_ANCHORS = {"^": "^", "$": r"\Z", "b": r"\b", "B": r"\B"}


def _has_word_boundary(node: Node) -> bool:
    if isinstance(node, Anchor):
        return node.kind in ("b", "B")
    return any(_has_word_boundary(child) for child in _children(node))


def _char(cp: int) -> str:
    c = chr(cp)
    if c.isascii() and (c.isalnum() or c == "_"):
        return c
    if 0x20 < cp < 0x7F:
        return "\\" + c
    return f"\\x{cp:02x}" if cp <= 0xFF else f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}"


def _class_body(ranges: Ranges) -> str:
    parts = []
    for lo, hi in ranges:
        if lo == hi:
            parts.append(_char(lo))
        elif hi == lo + 1:
            parts.append(_char(lo) + _char(hi))
        else:
            parts.append(f"{_char(lo)}-{_char(hi)}")
    return "".join(parts)


def chars_source(ranges: Ranges) -> str:
    """A set of code points in Python's dialect: a character, a class or a negated class."""
    if not ranges:
        return "(?!)"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _char(ranges[0][0])
    inverse = complement(ranges)
    if not inverse:
        return r"[\x00-\U0010ffff]"
    if len(inverse) < len(ranges):
        return f"[^{_class_body(inverse)}]"
    return f"[{_class_body(ranges)}]"


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
    source = ("(?a)" if _has_word_boundary(tree) else "") + write(tree)
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
