"""Python literals for values from the spec, written the way Black writes them.

Spec text reaches generated code only through here (or as sanitised identifiers), so a
quote, backslash, newline or lone surrogate in a spec can never break out of a literal; a
literal shows every invisible character as an escape (``repr`` does). In docstrings, comments
and the README, :func:`escape_invisible` does the same for invisible and bidi characters.
"""

from __future__ import annotations

import unicodedata
from typing import Any

_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Zl", "Zp"})
"""Controls, format characters (bidi overrides and isolates, zero-width characters, tag
characters), private use, line and paragraph separators."""
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
"""Hangul fillers: letters that show nothing."""


def escape_invisible(text: str, backslash: str = "\\") -> str:
    """``text`` with every non-ASCII character that shows nothing or reorders what follows (see
    :data:`_INVISIBLE_CATEGORIES`; Trojan Source) written as ``\\uXXXX``/``\\UXXXXXXXX`` text,
    the backslash given by ``backslash`` (doubled inside a docstring, so that its value shows the
    escape too). ASCII is returned as is: its controls are the caller's."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii() or (unicodedata.category(char) not in _INVISIBLE_CATEGORIES and char not in _BLANK_LETTERS):
            out.append(char)
        elif ord(char) <= 0xFFFF:
            out.append(f"{backslash}u{ord(char):04x}")
        else:
            out.append(f"{backslash}U{ord(char):08x}")
    return "".join(out)


def py_literal(value: Any) -> str:
    """A Python literal of ``value`` (str, int, float, bool, None, or lists/tuples of them)."""
    if isinstance(value, str):
        return py_str(value)
    if isinstance(value, tuple):
        inner = ", ".join(py_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(py_literal(v) for v in value) + "]"
    return repr(value)


def py_str(text: str) -> str:
    """A string literal, double-quoted unless that needs more escapes (Black's preference)."""
    literal = escape_invisible(repr(text), "\\")  # repr escapes all but the blank letters
    if literal.startswith("'") and '"' not in text:
        literal = '"' + literal[1:-1].replace("\\'", "'") + '"'
    return literal
