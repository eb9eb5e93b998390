"""Start-up of a generated package's MCP server: seconds from spawning ``python -m <package>.mcp``
to the answer of the first ``tools/list`` (the SDK's client over stdio), the server's CPU time, and
the tool list's size; beside it the same for the SDK's floor, a bare low-level ``Server`` with no
tool (what the SDK's import and stdio cost whatever we do). Runs interleaved, medians.

    .venv/bin/python benchmarks/mcp_startup.py [--runs N] PACKAGE_PARENT_DIR PACKAGE [server args...]

Compile the package first (``python -m compileall``) as ``pip install`` does: with
``PYTHONDONTWRITEBYTECODE`` set, every start compiles its modules again.

``make bench`` adds its rows (:func:`bench_rows`: the openai corpus document, default and static
mode) when the MCP SDK is installed.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGET_SECONDS = 1.5
"""Issue 39: start-up to the first ``tools/list`` answer for the openai document."""

FLOOR = """
import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
import mcp_types as types

async def list_tools(ctx, params):
    return types.ListToolsResult(tools=[])

async def main():
    server = Server("floor", on_list_tools=list_tools)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())

anyio.run(main)
"""


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


async def once(command: list[str], folder: Path) -> dict[str, Any]:
    """One start: wall seconds to the first ``tools/list`` answer, the server's CPU seconds (start
    to exit, just after that answer), the tool count and the list's size in characters."""
    from mcp.client import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cpu = _children_cpu()
    started = time.perf_counter()
    params = StdioServerParameters(command=sys.executable, args=command, cwd=str(folder), env=dict(os.environ))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        wall = time.perf_counter() - started
    listed = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools])
    return {"wall": wall, "cpu": _children_cpu() - cpu, "tools": len(tools), "chars": len(listed)}


def measure(folder: Path, package: str, args: list[str], runs: int) -> dict[str, Any]:
    """Medians of ``runs`` starts of the package's server and of the SDK's floor, interleaved."""
    import anyio

    ours: list[dict[str, Any]] = []
    floor: list[dict[str, Any]] = []
    load = os.getloadavg()[0]
    for _ in range(runs):
        ours.append(anyio.run(once, ["-m", f"{package}.mcp", *args], folder))
        floor.append(anyio.run(once, ["-c", FLOOR], folder))
    median = lambda runs, key: statistics.median(r[key] for r in runs)  # noqa: E731
    return {
        "wall": median(ours, "wall"),
        "cpu": median(ours, "cpu"),
        "floor_wall": median(floor, "wall"),
        "floor_cpu": median(floor, "cpu"),
        "tools": ours[0]["tools"],
        "chars": ours[0]["chars"],
        "runs": runs,
        "load": f"{load:.2f} / {os.getloadavg()[0]:.2f}",
    }


def line(package: str, args: list[str], m: dict[str, Any]) -> str:
    return (
        f"{package} {' '.join(args) or '(default mode)'}: {m['tools']} tools; first tools/list after"
        f" {m['wall']:.2f} s wall, server CPU {m['cpu']:.2f} s (SDK floor: {m['floor_wall']:.2f} s wall,"
        f" {m['floor_cpu']:.2f} s CPU; ours adds {m['cpu'] - m['floor_cpu']:+.2f} s CPU); list {m['chars']:,}"
        f" chars = {m['chars'] // 4:,} tokens (chars / 4); medians of {m['runs']} runs, load {m['load']}"
    )


def bench_rows(corpus: Path, runs: int = 5) -> list[str]:
    """The ``make bench`` section: the openai document's server, default (auto: dynamic) and static."""
    document = corpus / "openai" / "openapi.yaml"
    try:
        import mcp.client  # noqa: F401
    except ImportError:
        return ["## MCP server start-up", "", "Not measured: the MCP SDK is not installed."]
    if not document.is_file():
        return ["## MCP server start-up", "", f"Not measured: {document} is absent."]
    lines = [
        "## MCP server start-up",
        "",
        f"`python -m openai_client.mcp` (the openai corpus document, 288 operations): wall seconds from spawning"
        f" to the first `tools/list` answer (target < {TARGET_SECONDS} s) and the server's CPU seconds, against"
        " the SDK's floor (a bare `Server` with no tool: the SDK's import and stdio). Medians, runs interleaved.",
        "",
        "| mode | tools | first tools/list | server CPU | SDK floor (wall / CPU) | list (tokens = chars / 4) | load |",
        "|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="mcp-startup-") as scratch:
        out = Path(scratch)
        command = [sys.executable, "-m", "generator", "generate", "--spec", str(document), "--out", str(out)]
        subprocess.run([*command, "--package", "openai_client"], check=True, capture_output=True, timeout=900)
        # bytecode written as ``pip install`` does (make bench's children run with PYTHONDONTWRITEBYTECODE)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(out)], check=True, capture_output=True)
        for args in ([], ["--mode", "static"]):
            m = measure(out, "openai_client", args, runs)
            met = "met" if m["wall"] < TARGET_SECONDS else "MISSED"
            lines.append(
                f"| {' '.join(args) or 'auto (dynamic)'} | {m['tools']} | {m['wall']:.2f} s ({met}) | {m['cpu']:.2f} s |"
                f" {m['floor_wall']:.2f} s / {m['floor_cpu']:.2f} s | {m['chars'] // 4:,} | {m['load']} |"
            )
    return lines


def main(argv: list[str]) -> None:
    runs = 5
    if argv[:1] == ["--runs"]:
        runs, argv = int(argv[1]), argv[2:]
    folder, package, args = Path(argv[0]), argv[1], argv[2:]
    print(line(package, args, measure(folder, package, args, runs)))


if __name__ == "__main__":
    main(sys.argv[1:])
