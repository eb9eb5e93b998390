"""Tables the generator reads from the runtime's source, so that each has one source: the runtime.

The runtime imports httpx, which the generator does not, so its files are read with :mod:`ast`
(as :func:`generator.lower.names.runtime_client_attributes` reads its classes).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from ..resources import RUNTIME


@cache
def status_errors() -> Mapping[int, str]:
    """``STATUS_ERRORS`` of the runtime's ``_exceptions``: each status that has an error class of
    its own, and the name of that class."""
    path = RUNTIME / "_exceptions.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "STATUS_ERRORS":
            table: dict[int, str] = {}
            items = zip(node.value.keys, node.value.values, strict=True) if isinstance(node.value, ast.Dict) else ()
            for key, value in items:
                status = ast.literal_eval(key) if key is not None else None
                if not isinstance(status, int) or not isinstance(value, ast.Name):
                    raise ValueError(
                        f"{path}: STATUS_ERRORS should map statuses to classes, not {ast.unparse(key or value)}"
                    )
                table[status] = value.id
            if table:
                return MappingProxyType(table)
    raise ValueError(f"{path}: no STATUS_ERRORS: Mapping[...] = {{status: class, ...}} found")
