"""Drives a generated package's MCP server (``python -m <package>.mcp``) over stdio with the MCP
SDK's own client: ``run(package_dir, package, args, env, script)`` starts the server, initializes
a session and awaits ``script(session)``."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp.client import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

T = TypeVar("T")


def run(
    package_dir: Path,
    package: str,
    script: Callable[[ClientSession], Awaitable[T]],
    args: Sequence[str] = (),
    env: dict[str, str] | None = None,
    errlog: Any = None,
) -> T:
    """The result of ``script`` run against a fresh server process (stopped afterwards)."""

    async def main() -> T:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", f"{package}.mcp", *args], env=env or {}, cwd=str(package_dir)
        )
        async with stdio_client(params, errlog=errlog or sys.stderr) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await script(session)

    return anyio.run(main)
