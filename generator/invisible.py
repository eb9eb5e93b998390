"""Characters that show nothing or reorder what follows (Trojan Source), made visible.

Spec text reaches generated comments, docstrings and the README, and the lines the tool prints
about a document; in both, such a character is written as its ``\\uXXXX`` escape.
"""

from __future__ import annotations

import unicodedata

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
