"""How colliding names are told apart: the rules of :class:`generator.lower.names.Namer`, as
pure functions of the names that collide (never of the order of unrelated parts of a document).

Model members: the member spelled as the Python name keeps it, or the plain word the name adds
``_`` to (``class`` for ``class_``); another whose wire name is itself a plain lowercase ASCII
identifier keeps it (``mixedCase``); members without a letter spell their symbols (``+1`` ->
``plus_1``); the rest get ``_2``, ``_3``... in the sorted order of their wire names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .naming import is_keyword, snake_case

# Names every model defines itself, and names its annotations use (a member named ``str`` would
# hide the type): a member with one of these names gets a trailing "_".
MODEL_MEMBERS = frozenset(
    {
        "from_dict",
        "to_dict",
        "extra_members",
        "fields_set",
        "str",
        "int",
        "float",
        "bool",
        "list",
        "dict",
        "datetime",
        "bytes",
        "object",
    }
)
# Symbols spelled out in the names of members that have no letter (``+1``, ``-1``).
SYMBOL_WORDS = {
    "+": "plus",
    "-": "minus",
    "*": "star",
    "/": "slash",
    "%": "percent",
    "=": "eq",
    "<": "lt",
    ">": "gt",
    "!": "bang",
    "?": "question",
    "@": "at",
    "#": "hash",
    "$": "dollar",
    "&": "and",
    "|": "pipe",
    "^": "caret",
    "~": "tilde",
    ".": "dot",
}


def member_names(wires: list[str]) -> tuple[dict[str, str], list[tuple[str, str, list[str]]]]:
    """Distinct attribute names of a model's members (wire -> Python name), and each renamed
    member with the name it would have had and the members it collided with."""
    names = {wire: _member_name(snake_case(wire)) for wire in wires}
    groups: dict[str, list[str]] = {}
    for wire in sorted(wires):
        groups.setdefault(names[wire], []).append(wire)
    taken = {py for py, sharing in groups.items() if len(sharing) == 1}
    renamed: list[tuple[str, str, list[str]]] = []
    for py, sharing in sorted(groups.items()):
        if len(sharing) == 1:
            continue
        keeper = _keeper(py, sharing)
        if keeper is not None:
            taken.add(py)
        for wire in sharing:
            if wire != keeper:
                names[wire] = _free((_verbatim(wire), _spelled(wire)), py, taken)
                taken.add(names[wire])
                renamed.append((wire, py, [w for w in sharing if w != wire]))
    return names, renamed


def numbered(name: str, free: Callable[[str], bool]) -> str:
    """``name_2``, ``name_3``, ...: the first that is free."""
    n = 2
    while not free(f"{name.rstrip('_')}_{n}"):
        n += 1
    return f"{name.rstrip('_')}_{n}"


def _member_name(py: str) -> str:
    """A member's attribute name from its snake_case: names the model's body uses get a ``_``."""
    return py + "_" if py in MODEL_MEMBERS else py


def _keeper(py: str, sharing: list[str]) -> str | None:
    """The one of members sharing the Python name ``py`` that keeps it: the one spelled so
    (``mixed_case``), else the plain word it adds ``_`` to (``class`` for ``class_``), else the
    first in sorted order without a leading ``_``; None when all are symbols (all spelled)."""
    for wanted in (py, py.rstrip("_")):
        if wanted in sharing:
            return wanted
    if all(_spelled(w) for w in sharing):
        return None
    return next((w for w in sharing if not w.startswith("_")), sharing[0])


def _verbatim(wire: str) -> str:
    """The wire name itself where it can be an attribute as it is ('' where not): ASCII (Python
    compares identifiers after NFKC), lowercase first (class names are capitalized), no leading
    ``_`` (dunders, the module's private names), not a keyword nor a name the model uses."""
    plain = wire.isascii() and wire.isidentifier() and wire[:1].islower()
    if not plain or is_keyword(wire) or wire in MODEL_MEMBERS:
        return ""
    return wire


def _spelled(wire: str) -> str:
    """``plus_1`` for ``+1``: the symbols of a wire name without a letter, spelled ('' where the
    name has a letter or no symbol to spell)."""
    if any(c.isalpha() for c in wire) or not any(c in SYMBOL_WORDS for c in wire):
        return ""
    return _member_name(snake_case("".join(f" {SYMBOL_WORDS[c]} " if c in SYMBOL_WORDS else c for c in wire)))


def _free(candidates: Iterable[str], py: str, taken: set[str]) -> str:
    """The first candidate that is not taken, else ``py`` with a number."""
    for candidate in candidates:
        if candidate and candidate not in taken:
            return candidate
    return numbered(py, lambda n: n not in taken)
