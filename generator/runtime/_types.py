"""Small shared types of the generated package."""

from __future__ import annotations

import dataclasses
import enum
import os
import reprlib
from collections.abc import Mapping
from typing import IO, Any, Final, Literal, Union

import httpx

__all__ = [
    "UNSET",
    "Body",
    "FileTypes",
    "Headers",
    "Query",
    "TimeoutTypes",
    "Unset",
    "_Model",
    "_model_repr",
]


class Unset(enum.Enum):
    """The type of :data:`UNSET`: a member or argument that was not given at all.

    Distinct from ``None``, which is sent as JSON ``null`` where the API allows it.
    """

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> Literal[False]:
        return False


UNSET: Final = Unset.UNSET
"""Marks an optional member or argument that was not given; it is left out on the wire."""

Headers = Mapping[str, str]
Query = Mapping[str, object]
Body = Mapping[str, object]
TimeoutTypes = Union[float, httpx.Timeout, None]  # noqa: UP007 - a runtime alias, valid on 3.10
FileContent = Union[bytes, IO[bytes], "os.PathLike[str]"]  # a runtime alias, valid on 3.10
"""The content of a file to upload: bytes, an open binary file (read from its position), or a
path (``pathlib.Path``; a ``str`` is text, not a path). Files are streamed, not read whole."""
FileTypes = Union[
    FileContent, "tuple[str | None, FileContent]", "tuple[str | None, FileContent, str | None]"
]
"""A file to upload: its content, or ``(filename, content)``, or ``(filename, content, media type)``."""


@reprlib.recursive_repr()
def _model_repr(obj: Any) -> str:
    """The ``repr`` of a model: ``Table(id='t1', name='People')``. Members that are set only
    (not :data:`UNSET`), and ``extra_members`` only when it is not empty."""
    parts = [
        f"{f.name}={value!r}"
        for f in dataclasses.fields(obj)
        if f.name != "extra_members" and (value := getattr(obj, f.name)) is not UNSET
    ]
    if obj.extra_members:
        parts.append(f"extra_members={dict(obj.extra_members)!r}")
    return f"{type(obj).__name__}({', '.join(parts)})"


class _Model:
    """The base of every generated model: its ``repr`` (:func:`_model_repr`), so that the
    models module does not repeat that method in each of its classes. It has no state."""

    __slots__ = ()

    def __repr__(self) -> str:
        return _model_repr(self)
