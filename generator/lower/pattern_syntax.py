"""ECMA-262 pattern syntax read into the tree of :mod:`generator.lower.pattern_tree` (:func:`parse`),
for :mod:`generator.lower.patterns`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .pattern_chars import (
    DIGIT,
    DOT,
    MAX_CODE,
    SPACE,
    WORD,
    Ranges,
    Untranslatable,
    complement,
    normalize,
    property_ranges,
)
from .pattern_tree import Alt, Anchor, Backref, Chars, Group, Look, Node, Repeat, Seq, children

# Python's sre refuses repetition counts from this one up (SRE_MAXREPEAT: an unsigned 32-bit code)
MAXREPEAT = 4294967295

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
    for child in children(node):
        _mark_optional(child, optional, inside)
