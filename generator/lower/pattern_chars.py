"""Sets of code points for :mod:`generator.lower.patterns`: ECMA-262's classes (``\\d \\w \\s .``), the
Unicode general categories (built from :mod:`unicodedata` once, on first use) and how a set is
written in Python's ``re`` dialect."""

from __future__ import annotations

import functools
import unicodedata

MAX_CODE = 0x10FFFF
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
    """A set of code points in Python's dialect: a character, a class or a negated class.

    Negated only when that names no code point beyond U+FFFF (``[^a]``, ``.``, ``\\S``) or few:
    sre tests a character of the Basic Multilingual Plane against a bitmap, but goes through the
    class's ranges beyond it one by one whenever the bitmap misses. A positive class misses only
    for the characters that end a repetition; a negated one (``[^<letters>]`` for ``\\P{L}``)
    would miss for every character it accepts (~1 us each for ``\\P{L}``)."""
    if not ranges:
        return "(?!)"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _char(ranges[0][0])
    inverse = complement(ranges)
    if not inverse:
        return r"[\x00-\U0010ffff]"
    if len(inverse) < len(ranges) and (len(inverse) <= 8 or inverse[-1][1] <= 0xFFFF):
        return f"[^{_class_body(inverse)}]"
    return f"[{_class_body(ranges)}]"
