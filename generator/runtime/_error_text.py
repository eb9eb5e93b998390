"""How an error shows what it received: the start of a response body as text (in its charset,
bounded by :data:`MAX_ERROR_BODY_CHARS`) and one-line summaries.

Apart from the error classes of ``_exceptions`` so that both stay small; ``_opened`` and
``_streamed`` read bodies as text the same way.
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from typing import Any

import httpx

__all__ = ["DEFAULT_ERROR_FIELDS", "MAX_ERROR_BODY_CHARS", "ErrorFields"]

ErrorFields = Mapping[str, tuple[tuple[str | int, ...], ...]]
"""Where an API's error bodies put what ``ApiError`` reads: for each of ``message``, ``type``,
``code``, ``id`` and ``metadata``, the paths (member names, list indexes) tried in turn."""

DEFAULT_ERROR_FIELDS: ErrorFields = {
    "message": (("message",),),
    "type": (("type",),),
    "code": (("code",),),
    "id": (("id",),),
    "metadata": (("metadata",),),
}
"""The members read when the API's error fields are not given: each at the body's top level."""

MAX_ERROR_BODY_CHARS = 64 * 1024
"""At most this many characters of a response body are kept in an error's ``body``."""


def _body_text(response: httpx.Response) -> tuple[str, bool]:
    """The start of the body as text (at most :data:`MAX_ERROR_BODY_CHARS`), and whether it was cut."""
    try:
        content = response.content
    except httpx.ResponseNotRead:
        return "", True
    if len(content) <= MAX_ERROR_BODY_CHARS:
        return _text(response, content), False
    # Cut the bytes first: decoding a huge body only to keep its start would be wasted work.
    text = _text(response, content[: MAX_ERROR_BODY_CHARS * 4])
    return text[:MAX_ERROR_BODY_CHARS], True


_NOT_CHARSETS = frozenset({"idna", "punycode", "undefined"})
"""Text codecs that are no charset of a body: they refuse any error handler but ``strict``
(``undefined`` refuses everything), and punycode decodes in quadratic time."""


def _text(response: httpx.Response, content: bytes) -> str:
    """``content`` (of ``response``) as text: in the charset of its ``Content-Type`` when that
    names a text encoding, else as UTF-8 (no charset, an unknown one, or a codec that httpx
    would use and fail with: ``rot13``, ``hex``, ``base64``, ``idna``...). Undecodable bytes
    become replacement characters. Never raises."""
    try:
        name = response.charset_encoding
        if name:
            codec = codecs.lookup(name)
            if getattr(codec, "_is_text_encoding", True) and codec.name not in _NOT_CHARSETS:
                return content.decode(codec.name, "replace")
    except (LookupError, UnicodeError, TypeError, ValueError):
        pass
    return content.decode("utf-8", "replace")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _read(data: Mapping[str, Any], fields: ErrorFields, role: str) -> Any:
    """The first value found at one of the paths of ``role`` in ``data``, else ``None``."""
    for path in fields.get(role, ()):
        value: Any = data
        for step in path:
            if isinstance(step, int):
                value = value[step] if isinstance(value, list) and len(value) > step else None
            else:
                value = value.get(step) if isinstance(value, dict) else None
            if value is None:
                break
        if value is not None:
            return value
    return None


def _code_or_none(value: Any) -> str | int | None:
    return value if isinstance(value, (str, int)) else None
