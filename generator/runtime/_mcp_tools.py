"""The tools of the package's MCP server, without the MCP SDK: the tool table the generator wrote
(``_mcp_tools.json``, read at start; each tool's schemas in ``_mcp_schemas.json``, read only when
a tool is listed with them, described or called), the selection of the tools served (``--include``/``--exclude``,
``--read-only``), the search of dynamic mode and the call of a tool through ``AsyncClient``.

A call's outcome is plain data (:class:`Outcome`); :mod:`._mcp` turns it into the SDK's types.
Credentials come from the environment through ``AsyncClient()`` and never appear in an outcome:
error texts are the client's own messages, which never hold them.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

# ``_selection`` is generator/selection.py, which the generator copies into the package beside
# this module (one owner of the selectors' syntax); mypy checks the import in the generated package.
from ._selection import OperationFacts, select  # type: ignore[import-not-found, unused-ignore]

TABLE_FILE = "_mcp_tools.json"
SCHEMAS_FILE = "_mcp_schemas.json"
MAX_EVENTS = 100
"""Events of an event-stream answer collected into one tool result; the rest is left unread."""
MAX_INLINE_BYTES = 256 * 1024
"""A binary answer up to this size is given as an embedded resource besides its size note."""
MAX_MATCHES = 10
"""Operations a search of dynamic mode lists at most."""

Tool = dict[str, Any]


def load_table() -> dict[str, Any]:
    """The tool table written beside this module at generation time."""
    data: dict[str, Any] = json.loads((Path(__file__).parent / TABLE_FILE).read_text(encoding="utf-8"))
    return data


@functools.cache
def _schemas() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parent / SCHEMAS_FILE).read_text(encoding="utf-8"))
    return data


def with_schemas(tool: Tool) -> Tool:
    """``tool`` with its ``input`` schema (and ``output``, for an object answer), read from
    ``_mcp_schemas.json`` on the first need: a server start reads only the small index."""
    if "input" not in tool:
        tool.update(_schemas()[tool["name"]])
    return tool


def selected(tools: list[Tool], include: list[str], exclude: list[str], read_only: bool) -> list[Tool]:
    """The tools kept by the selectors (syntax of ``_selection``) and, with ``read_only``, only
    those of GET and HEAD operations. Raises ``SelectorError`` on a selector it cannot read and
    ``ValueError`` on one that matches no operation."""
    facts = [OperationFacts(t["http"], t["path"], t["op"], tuple(t["tags"])) for t in tools]
    kept, unmatched = select(facts, include, exclude)
    if unmatched:
        raise ValueError(f"no operation matches {', '.join(sorted(unmatched))}")
    return [t for t, keep in zip(tools, kept, strict=True) if keep and (not read_only or t["http"] in ("GET", "HEAD"))]


def _words(text: str) -> set[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return {w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w}


def search(tools: list[Tool], query: str, limit: int = MAX_MATCHES) -> list[dict[str, str]]:
    """The tools best matching the words of ``query`` (name, path, tags, description), best first."""
    wanted = _words(query)
    scored = []
    for index, tool in enumerate(tools):
        head = _words(f"{tool['name']} {tool['path']} {' '.join(tool['tags'])}")
        body = _words(tool["description"])
        score = sum(3 if w in head else 1 if w in body else 0 for w in wanted)
        if score or not wanted:
            scored.append((-score, len(_words(tool["name"])), index, tool))
    return [
        {"name": t["name"], "summary": summary(t), "call": f"{t['http']} {t['path']}"}
        for *_, t in sorted(scored)[: max(1, min(limit, 50))]
    ]


def summary(tool: Tool) -> str:
    """The first line of a tool's description."""
    return str(tool["description"]).split("\n", 1)[0]


@dataclass
class Outcome:
    """What a call gives back: an error text, or a text with structured content and maybe bytes."""

    text: str
    is_error: bool = False
    structured: dict[str, Any] | None = None
    data: bytes | None = None
    mime_type: str = "application/octet-stream"
    extra: dict[str, Any] = field(default_factory=dict)


def refused(text: str) -> Outcome:
    return Outcome(text, is_error=True)


def arguments(tool: Tool, given: dict[str, Any] | None) -> dict[str, Any] | Outcome:
    """The method's keyword arguments from a call's JSON arguments, or the refusal naming the
    argument and the rule (unknown, missing, not a date-time, not base64)."""
    given = dict(given or {})
    schema = with_schemas(tool)["input"]
    known = schema.get("properties", {})
    for name in given:
        if name not in known:
            return refused(f"{name}: unknown argument (the arguments are: {', '.join(known) or 'none'})")
    for name in schema.get("required", []):
        if name not in given:
            return refused(f"{name}: required argument missing")
    for name in tool["datetimes"]:
        value = given.get(name)
        if isinstance(value, str):
            try:
                given[name] = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
            except ValueError:
                return refused(f"{name}: must be an RFC 3339 date-time")
    for name in tool["files"]:
        value = given.get(name)
        if isinstance(value, str):
            try:
                given[name] = base64.b64decode(value, validate=True)
            except ValueError:
                return refused(f"{name}: must be the file's bytes in base64")
    return given


class Caller:
    """Calls tools through one ``AsyncClient``, built from the environment on the first call
    (``base_url``, when given, replaces the environment's or the document's)."""

    def __init__(self, base_url: str | None = None) -> None:
        self._client: Any = None
        self._base_url = base_url

    async def call(self, tool: Tool, given: dict[str, Any] | None) -> Outcome:
        from ._exceptions import ApiError, ClientError, RequestValidationError

        kwargs = arguments(tool, given)
        if isinstance(kwargs, Outcome):
            return kwargs
        try:
            if self._client is None:
                from ._client import AsyncClient  # type: ignore[import-not-found, unused-ignore]

                given = {} if self._base_url is None else {"base_url": self._base_url}
                self._client = AsyncClient(**given)
            answer = await _method(self._client, tool["method"])(**kwargs)
            return await _outcome(tool, answer)
        except RequestValidationError as exc:
            return refused(f"{exc.field}: {exc.rule} (refused before sending; correct the argument)")
        except ApiError as exc:
            what = {
                "status": exc.status_code,
                "type": exc.type,
                "message": exc.message or _start(exc.body),
            }
            return Outcome(f"The API answered {exc}", is_error=True, structured={"error": what})
        except ClientError as exc:
            return refused(f"{type(exc).__name__}: {exc}")
        except (TypeError, ValueError) as exc:  # an argument of the wrong shape for the method
            return refused(f"bad arguments: {exc}")

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()


def _start(body: str) -> str:
    text = " ".join(body.split())
    return text[:200] + "..." if len(text) > 200 else text


async def _outcome(tool: Tool, answer: Any) -> Outcome:
    from ._serde import _to_json

    kind = tool["answer"]
    if kind == "binary":
        data = await answer.read()
        return _binary(data, answer.content_type or "application/octet-stream")
    if kind == "bytes":
        return _binary(bytes(answer), "application/octet-stream")
    # An AsyncStream (or a body member asked for events): told by its protocol, so that a
    # package without event streams need not copy ``_streaming``.
    if kind == "sse" or hasattr(answer, "__aiter__"):
        return await _events(answer, _to_json)
    value = _to_json(answer)
    structured = value if "output" in tool and isinstance(value, dict) else {"result": value}
    if kind == "none":
        return Outcome("Done (the API answered with no content).", structured={"result": None})
    return Outcome(json.dumps(structured, ensure_ascii=False), structured=structured)


def _binary(data: bytes, mime_type: str) -> Outcome:
    note = f"A binary answer of {len(data)} bytes ({mime_type})"
    if len(data) > MAX_INLINE_BYTES:
        return Outcome(f"{note}: larger than {MAX_INLINE_BYTES} bytes, not included.")
    return Outcome(f"{note}, included as a resource.", data=data, mime_type=mime_type)


async def _events(stream: Any, to_json: Any) -> Outcome:
    events: list[Any] = []
    more = False
    try:
        async for event in stream:
            if len(events) == MAX_EVENTS:
                more = True
                break
            events.append(to_json(event))
    finally:
        await stream.close()
    structured = {"result": events, "truncated": more}
    return Outcome(json.dumps(structured, ensure_ascii=False), structured=structured)


def _method(client: Any, dotted: str) -> Any:
    """The method a tool calls: its namespaced path from the client (``files.passages.list``)."""
    found = client
    for name in dotted.split("."):
        found = getattr(found, name)
    return found


__all__ = [
    "MAX_EVENTS",
    "Caller",
    "Outcome",
    "Tool",
    "arguments",
    "load_table",
    "search",
    "selected",
    "summary",
    "with_schemas",
]
