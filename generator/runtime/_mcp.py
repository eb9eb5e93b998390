"""The package's operations as MCP tools: ``python -m <package>.mcp`` serves them over stdio.

The MCP SDK (``pip install '<package>[mcp]'``) is imported only here, and only by :func:`main`
and :func:`build_server`: the package itself needs only httpx. Tools and calls are in
:mod:`._mcp_tools` (no SDK); this module parses the command line and speaks MCP.

``--transport http`` serves streamable HTTP at ``http://127.0.0.1:<port>/mcp`` instead (the
loopback interface only). Static mode gives one tool per operation; dynamic mode three (search the operations, describe
one, call one), so that the tool list stays small whatever the API's size. ``--mode auto`` (the
default) picks dynamic mode above ``--max-tools`` tools.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._mcp_tools import (
    Caller,
    Outcome,
    Tool,
    load_table,
    search,
    selected,
    summary,
    with_schemas,
)
from ._selection import SYNTAX, SelectorError  # type: ignore[import-not-found, unused-ignore]

# The SDK is optional: where it is missing, mypy reads its names as Any (the imports below are
# ignored then); where it is installed (this repository's dev environment) they are checked.
if TYPE_CHECKING:
    import mcp_types as types  # type: ignore[import-not-found, unused-ignore]
    from mcp.server import Server  # type: ignore[import-not-found, unused-ignore]

MAX_TOOLS = 64
"""Above this many tools, ``--mode auto`` serves dynamic mode."""

PORT = 8000
"""The loopback port of ``--transport http`` unless ``--port`` says otherwise."""
LOOPBACK = "127.0.0.1"
"""The only interface ``--transport http`` listens on."""

SEARCH, DESCRIBE, CALL = "search_operations", "describe_operation", "call_operation"


def _distribution() -> str:
    return (__package__ or "").split(".")[0].replace("_", "-")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    package = (__package__ or "").split(".")[0]
    parser = argparse.ArgumentParser(
        prog=f"python -m {package}.mcp",
        description="Serve the API's operations as MCP tools over stdio, calling them with "
        "AsyncClient() configured from the environment (credentials, base URL).",
    )
    parser.add_argument("--include", action="append", default=[], metavar="SELECTOR", help=f"serve only: {SYNTAX}")
    parser.add_argument("--exclude", action="append", default=[], metavar="SELECTOR", help="leave out (same syntax)")
    parser.add_argument("--read-only", action="store_true", help="serve GET and HEAD operations only")
    parser.add_argument(
        "--mode",
        choices=("auto", "static", "dynamic"),
        default="auto",
        help="static: one tool per operation; dynamic: three tools (search, describe, call); "
        "auto (default): dynamic above --max-tools",
    )
    parser.add_argument("--max-tools", type=int, default=MAX_TOOLS, help=f"auto mode's threshold ({MAX_TOOLS})")
    parser.add_argument(
        "--transport",
        choices=("stdio", "http"),
        default="stdio",
        help="stdio (default), or http: streamable HTTP on 127.0.0.1 only, at /mcp",
    )
    parser.add_argument("--port", type=int, default=PORT, help=f"the loopback port of --transport http ({PORT})")
    parser.add_argument(
        "--base-url",
        help="the API's base URL (default: the client's, from the environment or the document)",
    )
    return parser.parse_args(argv)


class Tools:
    """The tools served, in static or dynamic mode, and their calls."""

    def __init__(self, tools: list[Tool], dynamic: bool, base_url: str | None = None) -> None:
        self.tools = tools
        self.by_name = {t["name"]: t for t in tools}
        self.dynamic = dynamic
        self.caller = Caller(base_url)

    def listing(self) -> list[dict[str, Any]]:
        """The tools of ``tools/list`` as JSON (name, description, schemas, annotations)."""
        if self.dynamic:
            return dynamic_tools(len(self.tools))
        out = []
        for t in map(with_schemas, self.tools):
            item = {"name": t["name"], "description": t["description"], "inputSchema": t["input"]}
            item["annotations"] = t["annotations"]
            if "output" in t:
                item["outputSchema"] = t["output"]
            out.append(item)
        return out

    async def call(self, name: str, given: dict[str, Any] | None) -> Outcome:
        if not self.dynamic:
            tool = self.by_name.get(name)
            if tool is None:
                return Outcome(f"{name}: no such tool", is_error=True)
            return await self.caller.call(tool, given)
        given = given or {}
        if name == SEARCH:
            matches = search(self.tools, str(given.get("query", "")), int(given.get("limit", 10)))
            return Outcome(json.dumps(matches, ensure_ascii=False), structured={"result": matches})
        target = self.by_name.get(str(given.get("name", "")))
        if name not in (DESCRIBE, CALL):
            return Outcome(f"{name}: no such tool (the tools are {SEARCH}, {DESCRIBE}, {CALL})", is_error=True)
        if target is None:
            return Outcome(f"name: no operation {given.get('name')!r}; find one with {SEARCH}", is_error=True)
        if name == DESCRIBE:
            with_schemas(target)
            described = {
                "name": target["name"],
                "description": target["description"],
                "input_schema": target["input"],
                "annotations": target["annotations"],
            }
            return Outcome(json.dumps(described, ensure_ascii=False), structured=described)
        arguments = given.get("arguments")
        if arguments is not None and not isinstance(arguments, dict):
            return Outcome("arguments: must be an object", is_error=True)
        return await self.caller.call(target, arguments)


def dynamic_tools(count: int) -> list[dict[str, Any]]:
    """The three tools of dynamic mode."""
    name = {"type": "string", "description": f"An operation's name, as {SEARCH} gives it."}
    return [
        {
            "name": SEARCH,
            "description": f"Search the API's {count} operations by words (what it does, a path, a tag); "
            f"gives their names and summaries. Then {DESCRIBE} one and {CALL} it.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1},
                },
                "required": ["query"],
            },
            "annotations": {"readOnlyHint": True, "openWorldHint": False},
        },
        {
            "name": DESCRIBE,
            "description": "An operation's description and the JSON Schema of its arguments.",
            "inputSchema": {"type": "object", "properties": {"name": name}, "required": ["name"]},
            "annotations": {"readOnlyHint": True, "openWorldHint": False},
        },
        {
            "name": CALL,
            "description": "Call an operation with its arguments (as its input schema says).",
            "inputSchema": {
                "type": "object",
                "properties": {"name": name, "arguments": {"type": "object"}},
                "required": ["name"],
            },
            "annotations": {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
        },
    ]


def tool_set(args: argparse.Namespace) -> Tools:
    """The tools the command line asks for; raises ``SelectorError``/``ValueError`` naming a bad selector."""
    table = load_table()
    tools = selected(table["tools"], args.include, args.exclude, args.read_only)
    dynamic = args.mode == "dynamic" or (args.mode == "auto" and len(tools) > args.max_tools)
    return Tools(tools, dynamic, args.base_url)


def _result(outcome: Outcome) -> types.CallToolResult:
    import mcp_types as types  # type: ignore[import-not-found, unused-ignore]

    content: list[Any] = [types.TextContent(type="text", text=outcome.text)]
    if outcome.data is not None:
        import base64

        blob = types.BlobResourceContents(
            uri="data:answer",
            mime_type=outcome.mime_type,
            blob=base64.b64encode(outcome.data).decode("ascii"),
        )
        content.append(types.EmbeddedResource(type="resource", resource=blob))
    return types.CallToolResult(content=content, structured_content=outcome.structured, is_error=outcome.is_error)


def build_server(tools: Tools, name: str) -> Server[Any]:
    """The MCP server of ``tools`` (the SDK's low-level ``Server``)."""
    import mcp_types as types  # type: ignore[import-not-found, unused-ignore]
    from mcp.server import Server, ServerRequestContext  # type: ignore[import-not-found, unused-ignore]

    listing = [types.Tool.model_validate(item) for item in tools.listing()]

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listing)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        return _result(await tools.call(params.name, params.arguments))

    return Server(name, on_list_tools=list_tools, on_call_tool=call_tool)


async def _serve(tools: Tools, name: str) -> None:
    from mcp.server.stdio import stdio_server  # type: ignore[import-not-found, unused-ignore]

    server = build_server(tools, name)
    try:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
    finally:
        await tools.caller.close()


async def _serve_http(tools: Tools, name: str, port: int) -> None:
    """Streamable HTTP on the loopback interface only (the SDK's app, run by uvicorn)."""
    import uvicorn  # type: ignore[import-not-found, unused-ignore]

    app = build_server(tools, name).streamable_http_app(host=LOOPBACK)
    config = uvicorn.Config(app, host=LOOPBACK, port=port, log_level="warning")
    try:
        await uvicorn.Server(config).serve()
    finally:
        await tools.caller.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the tools the command line asks for; the exit code (2: bad arguments or no SDK)."""
    args = parse_args(argv)
    try:
        import anyio
        import mcp.server  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        print(
            f"The MCP server needs the MCP SDK: pip install '{_distribution()}[mcp]'",
            file=sys.stderr,
        )
        return 2
    try:
        tools = tool_set(args)
    except (SelectorError, ValueError) as exc:
        print(f"--include/--exclude: {exc}", file=sys.stderr)
        return 2
    if args.transport == "http":
        anyio.run(_serve_http, tools, _distribution(), args.port)
    else:
        anyio.run(_serve, tools, _distribution())
    return 0


__all__ = [
    "CALL",
    "DESCRIBE",
    "MAX_TOOLS",
    "SEARCH",
    "Tools",
    "build_server",
    "dynamic_tools",
    "main",
    "summary",
]
