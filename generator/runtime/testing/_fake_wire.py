"""The request side of the fake API of ``testing``: the static facts of an operation the fake
needs besides the client's :class:`Operation`, finding the operation a request is for, and
reading the request back into the arguments it carries, checked against the spec as the real
API would check them. It knows no operation of its own: ``testing`` lists them.
"""

from __future__ import annotations

import functools
import re
import urllib.parse
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any, Literal, Protocol

import httpx

from .._exceptions import RequestValidationError
from .._serde import json_loads
from .._transport import Operation
from .._types import UNSET

__all__ = [
    "Call",
    "Events",
    "FakeOperation",
    "FakeParam",
    "Paging",
    "Router",
    "Routes",
    "SpecViolation",
]

ValueKind = Literal["string", "integer", "number", "boolean", "array", "object", "any"]


@dataclass(frozen=True, slots=True)
class FakeParam:
    """A path, query, header or cookie parameter as the fake reads it back from a request."""

    name: str
    """The client's argument."""
    wire: str
    location: Literal["path", "query", "header", "cookie"]
    kind: ValueKind = "string"
    """The JSON type of its schema: how the text of the request is read back."""
    required: bool = False
    """Required by the spec (a header the client configuration supplies included)."""
    items: ValueKind = "string"
    """The type of an array's items."""
    delimiter: str = ""
    """An array sent as one delimited value (``style: form`` with ``explode: false``...)."""


class Paging(Protocol):
    """What the engine asks of a list operation's paging (``_fake_pages.FakePaging``, in the
    packages that have one)."""

    def last(self, fop: FakeOperation, page: Any) -> Any: ...
    def answer(self, fop: FakeOperation, pages: Sequence[Sequence[Any]]) -> Any: ...


class Events(Protocol):
    """What the engine asks of the events of an operation that streams (``_fake_events.FakeEvents``,
    in the packages that have one)."""

    def answer(self, fop: FakeOperation, events: Sequence[Any], headers: Any) -> Any: ...
    def default(self, fop: FakeOperation) -> Any: ...


@dataclass(frozen=True, slots=True)
class FakeOperation:
    """What the fake knows of one operation: the client's facts plus how to read a request."""

    op: Operation
    method_name: str
    params: tuple[FakeParam, ...] = ()
    body_members: tuple[tuple[str, str], ...] = ()
    """(wire name, argument) of the members of a JSON object body; ``(("", argument),)``: the
    whole body is one argument."""
    body_required: bool = False
    decode: Callable[[Any], Any] | None = None
    """Reads a JSON answer into the value the method returns (``models.X.from_dict``)."""
    default: Any = None
    """The JSON of the answer given when nothing is stubbed: the spec's example of the answer,
    else a minimal valid instance (its members' examples where they have one)."""
    default_json: str = ""
    """``default`` as JSON text (how the generated table writes it); read into ``default``."""
    paging: Paging | None = None
    status: int = 200
    """The status of a success answer."""
    events: Events | None = None
    """The events of an operation that answers a stream (``text/event-stream``), always or when
    the call asks for it (``stream=True``)."""
    body: InitVar[str] = ""
    """``body_members`` as the generated table writes them: ``wire`` where the argument is
    spelled as the wire name, else ``wire=argument``, separated by spaces."""

    def __post_init__(self, body: str) -> None:
        if self.default_json:
            object.__setattr__(self, "default", json_loads(self.default_json))
        if body:
            members = []
            for member in body.split():
                wire, _, argument = member.partition("=")
                members.append((wire, argument or wire))
            object.__setattr__(self, "body_members", tuple(members))

    @property
    def label(self) -> str:
        return f"{self.method_name} ({self.op.method} {self.op.path})"

    @property
    def argument_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.params) | {a for _, a in self.body_members}


@functools.cache
def _path_pattern(template: str) -> re.Pattern[str]:
    """The regular expression of a path template: each ``{name}`` matches one segment. Cached:
    every fake of a process shares the patterns of its routes."""
    regex = ""
    for literal, name in re.findall(r"([^{]*)(?:\{([^}]*)\})?", _sent(template)):
        regex += re.escape(literal)
        if name:
            regex += f"(?P<p{len(regex)}>[^/]+)"
    return re.compile(regex)


def _sent(template: str) -> str:
    """The part of a path template a request carries: a ``#`` starts the URL's fragment (a
    document tells operations of one path apart so, ``/files/{id}#shared``), never sent; a ``?``
    starts the query a path key fixes (``/templates?desc=html``), not part of the path."""
    return template.split("#", 1)[0].split("?", 1)[0]


def _literal_length(template: str) -> int:
    return len(re.sub(r"\{[^}]*\}", "", _sent(template)))


def _path_values(template: str, path: str) -> dict[str, str] | None:
    found = _path_pattern(template).fullmatch(path)
    if found is None:
        return None
    names = re.findall(r"\{([^}]*)\}", _sent(template))
    return {n: urllib.parse.unquote(v) for n, v in zip(names, found.groups(), strict=True)}


class Router(Protocol):
    """What finds the operations a request is for: :class:`Routes`, or a large API's chunks of
    them (``_fake_chunks.RouteChunks``)."""

    def find_all(self, method: str, path: str) -> list[tuple[str, dict[str, str]]]: ...


class Routes:
    """Which operation a request is for, by HTTP method and path template, without loading the
    operations: ``find`` names the one operation a request is for, so that a fake of a large API
    imports only the ``_fakes`` module of the operations it is sent (see ``_lazy.LazyFakes``).

    ``routes``: (HTTP method, path template, method name) of each operation.
    """

    def __init__(self, routes: Iterable[tuple[str, str, str]]) -> None:
        # The more literal template wins (``/files/search`` over ``/files/{id}``); the sort is
        # stable, so the document's order decides a tie.
        ordered = sorted(routes, key=lambda route: -_literal_length(route[1]))
        self._routes = [(m.upper(), path, _sent(path).split("{", 1)[0], name) for m, path, name in ordered]

    def find(self, method: str, path: str) -> tuple[str, dict[str, str]]:
        """The first of :meth:`find_all`."""
        return self.find_all(method, path)[0]

    def find_all(self, method: str, path: str) -> list[tuple[str, dict[str, str]]]:
        """The method names of the operations ``method path`` (below the base URL) is for, and
        their raw path values: the first, and those whose templates differ from its only by a
        fragment (``/files/{id}`` and ``/files/{id}#shared``: one request on the wire), in order
        (the caller tells them apart by the query); :class:`SpecViolation` when no template
        matches, or none of ``method``."""
        allowed: list[str] = []
        found: list[tuple[str, dict[str, str]]] = []
        sent = ""
        for verb, template, prefix, name in self._routes:
            if not path.startswith(prefix) or (found and _sent(template) != sent):
                continue  # cheaper than the pattern, which a first request would compile
            values = _path_values(template, path)
            if values is not None and verb == method.upper():
                found.append((name, values))
                sent = _sent(template)
            elif values is not None and not found:
                allowed.append(verb)
        if found:
            return found
        rule = f"method not allowed (only {', '.join(allowed)})" if allowed else "no such path"
        raise SpecViolation(f"{method} {path}", "path", rule)


class SpecViolation(AssertionError):
    """A request the real API would refuse: the test fails, naming the operation, the field
    and the rule. Raised out of the client's call (and kept in ``FakeApi.violations``)."""

    def __init__(self, operation: str, field: str, rule: str) -> None:
        self.operation = operation
        self.field = field
        self.rule = rule
        super().__init__(f"{operation}: {field}: {rule}")


@dataclass(frozen=True)
class Call:
    """One request the fake received, read back into the operation's arguments."""

    operation: str
    """The spec's operationId."""
    method: str
    """The client method (``get_table``)."""
    arguments: Mapping[str, Any]
    """Argument name -> value as sent: parameters read back to their JSON type, body members
    in JSON form (wire names inside objects)."""
    headers: httpx.Headers
    body: Any
    """The JSON body (``None`` without one)."""
    request: httpx.Request = field(repr=False)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.arguments.items())
        return f"{self.method}({args})"


def _scalar(text: str, kind: ValueKind) -> object:
    """A parameter's text read back to its JSON type; the text itself when it is not one."""
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            return text
    if kind == "number":
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() and "." not in text else number
    if kind == "boolean":
        return {"true": True, "false": False}.get(text, text)
    if kind in ("object", "array"):  # an object or a list in one value: its JSON text (``_query_text``)
        try:
            value = json_loads(text)
        except ValueError:
            return text
        return value if isinstance(value, dict if kind == "object" else list) else text
    return text


def _value(param: FakeParam, texts: list[str]) -> object:
    if param.kind == "array":
        if param.delimiter and len(texts) == 1:
            texts = texts[0].split(param.delimiter) if texts[0] else []
        return [_scalar(t, param.items) for t in texts]
    return _scalar(texts[-1], param.kind)


def _cookies(headers: httpx.Headers) -> dict[str, str]:
    jar: dict[str, str] = {}
    for part in headers.get("cookie", "").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            jar[name] = value
    return jar


def read_request(fop: FakeOperation, request: httpx.Request, raw_path: Mapping[str, str]) -> Call:
    """The call ``request`` makes, checked against the spec (:class:`SpecViolation`)."""
    op = fop.op
    path: dict[str, object] = {}
    query: dict[str, object] = {}
    headers: dict[str, object] = {}
    arguments: dict[str, Any] = {}
    cookies = _cookies(request.headers)
    for param in fop.params:
        if param.kind == "object":  # spread over several query parameters: not read back
            continue
        texts: list[str]
        if param.location == "path":
            texts = [raw_path[param.wire]] if param.wire in raw_path else []
        elif param.location == "query":
            texts = request.url.params.get_list(param.wire)
        elif param.location == "header":
            texts = request.headers.get_list(param.wire)
        else:
            texts = [cookies[param.wire]] if param.wire in cookies else []
        if not texts:
            if param.required:
                rule = "required"
                if param.location in ("header", "cookie"):
                    rule += f" ({param.location} {param.wire!r})"
                raise SpecViolation(fop.label, param.name, rule)
            continue
        value = _value(param, texts)
        arguments[param.name] = value
        if param.location != "cookie":  # the generated checks take no cookies
            {"path": path, "query": query, "header": headers}[param.location][param.wire] = value
    body = _read_body(fop, request)
    if len(fop.body_members) == 1 and not fop.body_members[0][0]:  # the body is one argument
        if body is not None:
            arguments[fop.body_members[0][1]] = body
    elif isinstance(body, dict):
        names: dict[str, str] = dict(fop.body_members)
        for wire, value in body.items():
            arguments[names.get(str(wire), str(wire))] = value
    if op.validate is not None:
        try:
            op.validate(path, query, headers, UNSET if body is None and not fop.body_required else body)
        except RequestValidationError as exc:
            if not _form_body_field(fop, exc.field):
                raise SpecViolation(fop.label, exc.field, exc.rule) from None
        except RecursionError:
            raise SpecViolation(fop.label, "body", "nested too deeply") from None
    return Call(op.name, fop.method_name, arguments, request.headers, body, request)


def _form_body_field(fop: FakeOperation, field: str) -> bool:
    """Whether ``field`` is a member of a body sent as a form, multipart or raw bytes: the
    fake reads back JSON bodies only (the parameters are checked before the body). A field that
    names no parameter is the body's (a multipart upload's body check names its model)."""
    if fop.op.encoding == "json":
        return False
    root = re.split(r"[.\[]", field, maxsplit=1)[0]
    members = {argument for _, argument in fop.body_members}
    params = {p.name for p in fop.params} | {p.wire for p in fop.params}
    return root == "body" or root in members or root not in params


def _read_body(fop: FakeOperation, request: httpx.Request) -> Any:
    content = request.content
    if not content:
        if fop.body_required:
            raise SpecViolation(fop.label, "body", "required")
        return None
    if fop.op.encoding != "json":
        return content
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != fop.op.content_type.lower():
        raise SpecViolation(fop.label, "body", f"content-type must be {fop.op.content_type!r}")
    try:
        return json_loads(content)
    except ValueError as exc:
        raise SpecViolation(fop.label, "body", f"not valid JSON: {exc}") from None
