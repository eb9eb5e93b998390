"""What the generated checks of ``_validators`` share: the request checks' paths, the response
checks' descent into a nested model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ._exceptions import _Mismatch

_MISSING: Final = object()
"""An optional member not in the JSON object (``data.get(name, _MISSING)``)."""


def _at(at: str, wire: str, display: str | None = None) -> str:
    """Path of a member: dotted wire names below the top level, the argument name at it
    (``display``, when it is not the wire name)."""
    if at:
        return f"{at}.{wire}"
    return wire if display is None else display


def _within(check: Callable[[Any], None], value: Any, path: str) -> None:
    """The response check ``check`` of the nested model ``value`` at ``path``: its mismatch is
    raised with the path from the answer's top."""
    try:
        check(value)
    except _Mismatch as e:
        raise e.under(path) from None
