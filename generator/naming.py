"""Python names for spec names. Every identifier in the output is decided here."""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z0-9])|[A-Z]?[a-z0-9]+|[A-Z]+|[0-9]+")
_BUILTINS = frozenset(dir(builtins))


def _words(name: str) -> list[str]:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    words: list[str] = []
    for chunk in re.split(r"[^A-Za-z0-9]+", ascii_name):
        words.extend(_WORD.findall(chunk))
    return words


def snake_case(name: str) -> str:
    """``keyColumn`` -> ``key_column``, ``x-bot-id`` -> ``x_bot_id``; keywords get a ``_``."""
    result = "_".join(w.lower() for w in _words(name)) or "value"
    if result[0].isdigit():
        result = "n" + result
    if keyword.iskeyword(result) or keyword.issoftkeyword(result):
        result += "_"
    return result


def pascal_case(name: str) -> str:
    """``get-or-create table`` -> ``GetOrCreateTable``."""
    words = _words(name)
    result = "".join(w[:1].upper() + w[1:] for w in words) or "Model"
    if result[0].isdigit():
        result = "M" + result
    if keyword.iskeyword(result):
        result += "_"
    return result


def constant_case(name: str) -> str:
    return snake_case(name).rstrip("_").upper()


def is_builtin(name: str) -> bool:
    return name in _BUILTINS
