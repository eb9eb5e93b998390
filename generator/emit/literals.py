"""Python literals for values from the spec, written the way Black writes them.

Spec text reaches generated code only through here (or as sanitised identifiers), so a
quote, backslash, newline or lone surrogate in a spec can never break out of a literal; a
literal shows every invisible character as an escape (``repr`` does). In docstrings, comments
and the README, :func:`escape_invisible` does the same for invisible and bidi characters.
"""

from __future__ import annotations

import re
from typing import Any

from ..invisible import escape_invisible


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


def suffixed_path(path: str, suffix: str) -> str:
    """The path ``path`` (an expression) followed by ``suffix`` (the text of an f-string): one
    f-string where ``path`` is a plain string literal (``f"tags[{_n0}]"``)."""
    if re.fullmatch(r'"[^"\\{}]*"', path):
        return f'f"{path[1:-1]}{suffix}"'
    return f'{path} + f"{suffix}"'
