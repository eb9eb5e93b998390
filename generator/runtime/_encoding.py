"""How arguments go on the wire: header checks, path segments, query and form values,
parameter styles (joined, exploded, deepObject), the body; and whether a request that uploads
files can be sent again (:func:`replayable`). Files are read by ``_uploads``, which only a
package with a ``multipart`` or ``raw`` operation copies."""

from __future__ import annotations

import io
import os
import re
import weakref
from collections.abc import Callable, Mapping
from typing import Any, Protocol
from urllib.parse import quote

import httpx

from ._exceptions import (
    RequestValidationError,
)
from ._serde import json_dumps
from ._types import UNSET, Body, Headers

_TOO_DEEP = "nested too deeply to encode"

_HEADER_NAME = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


_HEADER_VALUE = re.compile(r"(?:[\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*)?")
"""What h11 sends (its ``field_value``, ASCII only as httpx encodes header text): no control
characters, no whitespace at either end (h11 refuses ``'Bearer x '`` with the value in its
message)."""


def _header_problem(name: str, value: object) -> str | None:
    """Why ``name: value`` cannot be sent as it is, else ``None``. Names the rule, never the
    value (a header may hold a secret)."""
    if not isinstance(name, str) or not _HEADER_NAME.fullmatch(name):
        return "not a valid header name"
    if not isinstance(value, str):
        return "header value must be a string"
    if "\r" in value or "\n" in value:
        return "header value must not contain CR or LF"
    if not value.isascii() or not _HEADER_VALUE.fullmatch(value):
        if value.strip(" \t") != value:
            return "header value must not start or end with a space or a tab"
        return "header value must be printable ASCII (no control or non-ASCII characters)"
    return None


def _check_header_value(name: str, value: str) -> str:
    """Refuse what would be sent wrongly or not at all (header injection, non-ASCII, whitespace
    at either end): :class:`RequestValidationError` naming the header, never its value."""
    if (
        type(value) is str
        and value.isascii()
        and value.isprintable()
        and (not value or (value[0] != " " and value[-1] != " "))
        and _HEADER_NAME.fullmatch(name)
    ):
        return value  # the common case, checked cheaply (tabs are not printable)
    problem = _header_problem(name, value)
    if problem is not None:
        raise RequestValidationError(name if isinstance(name, str) else "headers", problem)
    return value


MAX_URL_CHARS = 65536
"""httpx refuses a longer URL (or part of one), percent-encoded."""


_SURROGATE = "must not hold a lone surrogate (not encodable as UTF-8)"


class _Segment(str):
    """A path segment already encoded (its ``.``, ``;``, ``=`` and ``,`` are its style's own):
    the request puts it in the path as it is (see ``_styles``)."""

    __slots__ = ()


def _path_segment(name: str, value: object) -> str:
    if isinstance(value, _Segment):  # encoded by its style (label, matrix)
        return str(value)
    text = _query_text(value)
    if text in ("", ".", ".."):
        raise RequestValidationError(name, f"path segment must not be {text!r}")
    try:
        segment = quote(text, safe="")
    except UnicodeEncodeError:
        raise RequestValidationError(name, _SURROGATE) from None
    if len(segment) > MAX_URL_CHARS:
        raise RequestValidationError(name, _TOO_LONG)
    return segment


_TOO_LONG = f"too long: the URL would be longer than {MAX_URL_CHARS} characters once encoded"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unsendable(params: Mapping[str, object], data: Mapping[str, object] | None) -> RequestValidationError:
    """The error for a request httpx could not build (``UnicodeEncodeError`` or
    ``httpx.InvalidURL``): the query parameter holding a lone surrogate, else the longest one
    (the URL is too long), else the body's form fields. Names the field, never its value."""
    longest, size = "query", 0
    for name, value in params.items():
        field = name if isinstance(name, str) and _encodable(name) else "extra_query"
        if field != name:
            return RequestValidationError(field, "parameter name " + _SURROGATE)
        for item in value if isinstance(value, (list, tuple)) else (value,):
            text = _query_text(item)
            if not _encodable(text):
                return RequestValidationError(name, _SURROGATE)
            if len(text) > size:
                longest, size = name, len(text)
    for name, value in (data or {}).items():
        texts = value if isinstance(value, list) else [value]
        if not all(_encodable(t) for t in (name, *texts) if isinstance(t, str)):
            return RequestValidationError("body", _SURROGATE)
    return RequestValidationError(longest, _TOO_LONG)


def _query_text(value: object) -> str:
    """A scalar as the text of a parameter; an object or a list nested in one (a list of
    objects in a query parameter) as its JSON text, never Python's ``repr``."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (Mapping, list, tuple)):
        return json_dumps(value).decode("utf-8")
    return str(value)


def query_string(params: Mapping[str, object], inherited: httpx.QueryParams | None = None) -> str:
    """The query of a request, built here and not by httpx (which form-encodes a space as ``+``,
    which a server reading the query as RFC 3986 and OpenAPI's ``form`` style spell it takes as
    itself): each name and value percent-encoded, a space ``%20``; a list one pair per item.
    ``inherited`` (an injected httpx client's own ``params``) comes first, less the names
    ``params`` gives (httpx's merge)."""
    pairs = [(k, v) for k, v in (inherited or httpx.QueryParams()).multi_items() if k not in params]
    for name, value in params.items():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            pairs.append((str(name), "" if item is None else _query_text(item)))
    return "&".join(quote(k, safe="") + "=" + quote(v, safe="") for k, v in pairs)


def with_query_param(url: httpx.URL, name: str, value: str) -> httpx.URL:
    """``url`` with ``name=value`` added, the query it has kept as it is encoded."""
    pair = quote(name, safe="") + "=" + quote(value, safe="")
    query = url.query.decode("ascii")
    return url.copy_with(query=(f"{query}&{pair}" if query else pair).encode("ascii"))


def _query_value(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return [_query_text(v) for v in value]
    return _query_text(value)


_ACCEPT = {
    "json": "application/json",
    "text": "text/plain, */*",
    "bytes": "*/*",
    "binary": "*/*",
    "sse": "text/event-stream",
    "none": "application/json",
}


def _form_value(value: object) -> object:
    if isinstance(value, (dict, list)) and not (
        isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value)
    ):
        return json_dumps(value).decode("utf-8")
    if isinstance(value, list):
        return [_query_text(v) for v in value]
    return _query_text(value)


def _joined(value: object, delimiter: str) -> object:
    """An array parameter in one value (``style: simple`` or ``explode: false``)."""
    if value is UNSET or value is None or not isinstance(value, (list, tuple)):
        return value
    return delimiter.join(_query_text(v) for v in value)


def _deep_object(name: str, value: object) -> dict[str, object]:
    """``style: deepObject``: ``name[key]=value`` query parameters."""
    if not isinstance(value, Mapping):
        return {}
    return {f"{name}[{k}]": v for k, v in value.items()}


def _exploded(value: object) -> dict[str, object]:
    """An object query parameter with ``explode: true``: one parameter per member."""
    return dict(value) if isinstance(value, Mapping) else {}


def _joined_object(value: object) -> object:
    """An object query parameter with ``explode: false``: ``k1,v1,k2,v2``."""
    if not isinstance(value, Mapping):
        return value
    return ",".join(_query_text(x) for pair in value.items() for x in pair)


class HeaderSource(Protocol):
    """What a request's headers read of the client's configuration (``_config.Config``)."""

    @property
    def default_headers(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def token(self) -> str | None: ...

    def header_option(self, wire: str) -> str | None: ...


def request_headers(
    accept: str,
    required: tuple[tuple[str, str], ...],
    config: HeaderSource,
    user_agent: str,
    headers: Mapping[str, object],
    cookies: Mapping[str, object] | None,
    extra: Headers | None,
) -> dict[str, str]:
    """The headers of a call: the client's, the operation's arguments (an unset one from the
    client's option of that header), cookies, then the call's extra headers; each checked as
    h11 would send it, and a required one missing refused before anything is sent."""
    out: dict[str, str] = {"user-agent": user_agent, "accept": accept}
    out.update(config.default_headers)  # credentials are added by ``_auth.put`` afterwards
    for wire, value in headers.items():
        if value is UNSET:
            option = config.header_option(wire)
            if option is not None:
                out[wire] = option
        elif value is not None:
            out[wire] = _query_text(value)
    if cookies:
        jar = "; ".join(f"{k}={_query_text(v)}" for k, v in cookies.items() if v is not UNSET and v is not None)
        if jar:
            out["cookie"] = jar
    for wire, arg in required:
        if wire not in out:
            raise RequestValidationError(arg, f"required (header {wire!r}: pass {arg}= or configure the client)")
    if extra:
        out.update(extra)
    for wire, value in out.items():
        _check_header_value(wire, value)
    return out


def encode_body(
    encoding: str,
    content_type: str,
    body: Any,
    extra: Body | None,
    headers: dict[str, str],
    sources: list[Any],
    part_types: tuple[tuple[str, str], ...] = (),
    upload: Upload | None = None,
) -> tuple[
    bytes | str | None,
    dict[str, Any] | None,
    list[tuple[str, Any]] | None,
    httpx.SyncByteStream | None,
]:
    """(content, form data, files, stream) of a call's body, as its operation encodes it (JSON,
    a form; raw bytes or a file streamed, multipart: its ``upload``), its content headers set in
    ``headers`` and the files it reads recorded in ``sources``."""
    content: bytes | str | None = None
    data: dict[str, Any] | None = None
    files: list[tuple[str, Any]] | None = None
    stream: httpx.SyncByteStream | None = None
    if extra:
        body = _with_extra(encoding, body, extra)
    if body is UNSET or body is None:
        return content, data, files, stream
    for name in [k for k in headers if k.lower() == "content-length"]:
        del headers[name]  # the length of the body sent is the body's own
    try:
        if encoding == "json":
            content = json_dumps(body)
            _content_type(headers, content_type)
        elif encoding == "form":  # as the query is: a space %20, not httpx's + (reserved to many)
            for name in [k for k in headers if k.lower() == "content-type"]:
                del headers[name]
            form = {k: _form_value(v) for k, v in body.items() if not is_upload(v)}
            content = query_string(form).encode("ascii")
            headers["content-type"] = "application/x-www-form-urlencoded"
        else:  # raw, multipart: ``_uploads.encode_upload``, named by the operation
            assert upload is not None, f"a {encoding} operation names its upload encoder"
            content, files, stream = upload(encoding, content_type, body, headers, sources, part_types)
    except RecursionError:
        raise RequestValidationError("body", _TOO_DEEP) from None
    except UnicodeEncodeError:  # a lone surrogate (in a str: a ValueError too)
        raise RequestValidationError("body", "holds a lone surrogate") from None
    except (TypeError, ValueError) as exc:  # NaN, infinity, not JSON at all
        raise RequestValidationError("body", f"not valid JSON: {exc}") from None
    return content, data, files, stream


def _with_extra(encoding: str, body: Any, extra: Body) -> Any:
    """The body with the call's ``extra_body`` members added; refused (never dropped) when the
    body is not an object the members can join (bytes or text, a JSON array)."""
    if encoding == "raw":
        raise RequestValidationError(
            "extra_body",
            "this operation sends bytes or text: there is no JSON object to add members to",
        )
    if body is UNSET or body is None:
        return dict(extra)
    if not isinstance(body, Mapping):
        raise RequestValidationError("extra_body", "the body is not a JSON object: there is nothing to add members to")
    return {**body, **extra}


def _content_type(headers: dict[str, str], media: str) -> None:
    """The body's media type, unless the call gives one (a ``Content-Type`` argument or extra
    header, in any case): that one wins (``*/*`` uploads say what their bytes are so)."""
    if not any(k.lower() == "content-type" for k in headers):
        headers["content-type"] = media


Upload = Callable[
    [str, str, Any, dict[str, str], list[Any], tuple[tuple[str, str], ...]],
    tuple[bytes | None, list[tuple[str, Any]] | None, httpx.SyncByteStream | None],
]
"""How a ``raw`` or ``multipart`` operation encodes its body (``_uploads.encode_upload``): from
(encoding, content type, body, headers, sources, part types), (content, files, stream)."""


def is_upload(value: object) -> bool:
    """Whether ``value`` is a file to upload: a path, an open binary file, bytes, or a
    ``(filename, content[, media type])`` tuple of such content."""
    if isinstance(value, tuple) and len(value) in (2, 3):
        value = value[1]
    return isinstance(value, (bytes, bytearray, io.IOBase, os.PathLike))


_SOURCES: weakref.WeakKeyDictionary[httpx.Request, list[Any]] = weakref.WeakKeyDictionary()
"""The file sources (``_uploads.UploadSource``) of each request that uploads one (see
:func:`replayable`)."""


def attach(request: httpx.Request, sources: list[Any]) -> None:
    """Remember the file sources of ``request`` (for :func:`replayable`)."""
    if sources:
        _SOURCES[request] = sources


def replayable(request: httpx.Request) -> bool:
    """Whether ``request`` can be sent again: every file it uploads can be read again from its
    start, or none was read yet (the connection failed before the body was written)."""
    sources = _SOURCES.get(request)
    if not sources:
        return True
    return all(s.seekable_content or not s.consumed for s in sources)
