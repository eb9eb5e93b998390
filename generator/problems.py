"""Located problems: every complaint about an input names its file and JSON pointer."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .invisible import escape_invisible

_WHITESPACE = re.compile(r"\s")


def escape_pointer_token(token: str | int) -> str:
    """Escape one JSON-pointer reference token (RFC 6901)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    """Build a JSON pointer (``/paths/~1v1~1tables/get``) from raw tokens."""
    return "".join("/" + escape_pointer_token(t) for t in tokens)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input document, at one place."""

    file: str
    pointer: str
    message: str
    kind: str = ""  # a warning's class (generator/problem_classes.py); '' for an error

    def classed(self, kind: str) -> Problem:
        """This problem as a warning of class ``kind``."""
        return Problem(self.file, self.pointer, self.message, kind)

    def __str__(self) -> str:
        # One line, whatever the names hold: whitespace inside the file name or pointer is
        # percent-encoded (as in a URI fragment), line breaks in the message are folded.
        # Characters that show nothing or reorder the line (bidi controls from a spec's keys or
        # text) are shown as escapes, so the line reads as it is.
        where = _WHITESPACE.sub(
            lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), f"{self.file}#{self.pointer}"
        )
        return escape_invisible(f"{where}: {' '.join(self.message.split())}")


class SpecError(Exception):
    """The input cannot be generated; carries every problem found, in a stable order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        unique = sorted(set(problems))
        self.problems: tuple[Problem, ...] = tuple(unique)
        super().__init__("\n".join(str(p) for p in unique))
