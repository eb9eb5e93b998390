"""Python names for spec names. Every identifier in the output is decided here."""

from __future__ import annotations

import builtins
import hashlib
import re
import unicodedata

_WORD = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z0-9])|[A-Z]?[a-z0-9]+|[A-Z]+|[0-9]+")
"""A word: an acronym's plural (``VMs``, ``IPs``, ``URLs``: one word, not ``v_ms``), an acronym
before a word (``HTTPServer``), a word, an acronym, a number."""
_BUILTINS = frozenset(dir(builtins))

# Fixed lists, not the running interpreter's: the output must not depend on the Python version
# that runs the generator (3.12 made ``type`` a soft keyword; a member ``type`` stays ``type``).
# Python's hard keywords have not changed since 3.7; the soft keywords are those of 3.11.
KEYWORDS = frozenset(
    {"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del"}
    | {"elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda"}
    | {"nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"}
)
SOFT_KEYWORDS = frozenset({"_", "case", "match"})


def is_keyword(name: str) -> bool:
    """A keyword or soft keyword of the fixed lists (a name that gets a trailing ``_``)."""
    return name in KEYWORDS or name in SOFT_KEYWORDS


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
    if is_keyword(result):
        result += "_"
    return result


def pascal_case(name: str) -> str:
    """``get-or-create table`` -> ``GetOrCreateTable``."""
    words = _words(name)
    result = "".join(w[:1].upper() + w[1:] for w in words) or "Model"
    if result[0].isdigit():
        result = "M" + result
    if result in KEYWORDS:
        result += "_"
    return result


def constant_case(name: str) -> str:
    return snake_case(name).rstrip("_").upper()


def is_builtin(name: str) -> bool:
    return name in _BUILTINS


MAX_MODULE_NAME = 90
"""The longest module name the namer gives (before a number, ``_2``, or a part's suffix,
``__p01``, is added, and ``.py``): file names stay within 100 characters whatever the document
(Microsoft Graph's inline schemas named from their paths gave names of 270 characters, which
file systems refuse; GitHub's longest are 80 to 100)."""


def bounded(name: str, limit: int = MAX_MODULE_NAME) -> str:
    """``name`` itself when at most ``limit`` characters, else its beginning and its end (cut at
    ``_``s where they allow) around 8 hex digits of its SHA-256: readable, a function of the name
    alone (stable when other names change), and distinct from the cut of any other name."""
    if len(name) <= limit:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    room = limit - len(digest) - 2  # the two "_" around the digest
    head_len = room * 2 // 3
    head, tail = name[:head_len], name[len(name) - (room - head_len) :]
    cut = head.rfind("_")
    if cut > head_len // 2:
        head = head[:cut]
    cut = tail.find("_")
    if 0 <= cut < len(tail) // 2:
        tail = tail[cut + 1 :]
    return f"{head.rstrip('_')}_{digest}_{tail.strip('_')}".rstrip("_")
