"""Start-up of a generated package's MCP server: seconds from spawning ``python -m <package>.mcp``
to the answer of the first ``tools/list`` (the SDK's client over stdio), and the tool list's size.

    .venv/bin/python benchmarks/mcp_startup.py PACKAGE_PARENT_DIR PACKAGE [server args...]
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

import anyio
from mcp.client import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


async def main(folder: Path, package: str, args: list[str]) -> None:
    started = time.perf_counter()
    params = StdioServerParameters(command=sys.executable, args=["-m", f"{package}.mcp", *args], cwd=str(folder))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        elapsed = time.perf_counter() - started
    listed = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools])
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"{package} {' '.join(args)}: {len(tools)} tools, first tools/list after {elapsed:.2f} s wall"
        f" (server CPU {used.ru_utime + used.ru_stime:.2f} s in all), list {len(listed)} chars"
        f" = {len(listed) // 4} tokens (chars / 4)"
    )


if __name__ == "__main__":
    anyio.run(main, Path(sys.argv[1]), sys.argv[2], sys.argv[3:])
