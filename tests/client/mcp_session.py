"""A generated package's MCP server (``python -m <package>.mcp``) started once and driven over
stdio by the MCP SDK's own client from synchronous tests: the session lives in a blocking portal
(an event loop in a thread), so a module starts one server and its tests share it.

    with McpSession(folder, "openai_client", ["--mode", "static"], env) as mcp:
        tools = mcp.list_tools()
        result = mcp.call("get_assistant", {"assistant_id": "a1"})

``log`` is the server's standard error, as far as it was written.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from anyio.from_thread import start_blocking_portal
from mcp.client import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


class McpSession:
    """One server process and an initialized client session to it, until :meth:`close`."""

    def __init__(self, folder: Path, package: str, args: Sequence[str] = (), env: dict[str, str] | None = None):
        self._stack = ExitStack()
        self._errors = self._stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8"))
        try:
            self.portal = self._stack.enter_context(start_blocking_portal())
            params = StdioServerParameters(
                command=sys.executable, args=["-m", f"{package}.mcp", *args], env=env or {}, cwd=str(folder)
            )
            streams = stdio_client(params, errlog=self._errors)
            read, write = self._stack.enter_context(self.portal.wrap_async_context_manager(streams))
            session = ClientSession(read, write)
            self.session = self._stack.enter_context(self.portal.wrap_async_context_manager(session))
            self.portal.call(self.session.initialize)
        except BaseException:
            self._stack.close()
            raise

    def list_tools(self) -> list[Any]:
        return list(self.portal.call(self.session.list_tools).tools)

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> Any:
        return self.portal.call(self.session.call_tool, name, arguments)

    @property
    def log(self) -> str:
        self._errors.flush()
        self._errors.seek(0)
        return self._errors.read()

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> McpSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _refs(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [k for k in value if k in ("$ref", "$defs", "definitions")] + [
            r for v in value.values() for r in _refs(v)
        ]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return []


SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
SUBSCHEMAS = ("additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames")


def check_schema(schema: Any, seen: set[str]) -> None:
    """jsonschema's meta-schema check (2020-12) of ``schema``, node by node: each schema inside it
    is checked once with the schemas it holds stubbed as ``{}`` (the meta-schema applies itself to
    each of them), and a node already seen (in ``seen``) is not checked again. The same verdict as
    ``check_schema`` on the whole, in seconds instead of minutes on openai's 576 schemas."""
    import jsonschema

    stack = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            jsonschema.Draft202012Validator.check_schema(node)  # a boolean schema, or an error
            continue
        shallow = dict(node)
        for key in SUBSCHEMA_MAPS:
            if isinstance(node.get(key), dict):
                stack.extend(node[key].values())
                shallow[key] = {name: {} for name in node[key]}
        for key in SUBSCHEMA_LISTS:
            if isinstance(node.get(key), list):
                stack.extend(node[key])
                shallow[key] = [{} for _ in node[key]]
        for key in SUBSCHEMAS:
            if isinstance(node.get(key), dict):
                stack.append(node[key])
                shallow[key] = {}
        text = json.dumps(shallow, sort_keys=True)
        if text not in seen:
            seen.add(text)
            jsonschema.Draft202012Validator.check_schema(shallow)


def check_tools(tools: list[Any]) -> None:
    """Names of at most 64 characters, unique; input and output schemas valid JSON Schema objects
    (the meta-schema's check) without ``$ref``/``$defs``; annotations as the HTTP method says."""
    names = [t.name for t in tools]
    assert len(set(names)) == len(names)
    seen: set[str] = set()
    for tool in tools:
        assert 0 < len(tool.name) <= 64 and tool.description, tool.name
        for schema in (tool.input_schema, tool.output_schema):
            if schema is None:
                continue
            assert schema["type"] == "object", tool.name
            check_schema(schema, seen)
            assert _refs(schema) == [], tool.name
        if not tool.description.endswith("`"):  # dynamic mode's tools: no operation of their own
            continue
        method = tool.description.rsplit("`", 2)[-2].split(" ")[0]
        hints = tool.annotations
        assert hints.read_only_hint is (method in ("GET", "HEAD")), tool.name
        assert hints.destructive_hint is (method == "DELETE"), tool.name
        if method in ("GET", "HEAD", "PUT", "DELETE"):
            assert hints.idempotent_hint is True, tool.name
