"""The largest APIs (issue 38): rows of ``make bench`` for documents the size of Microsoft Graph.

By default a synthetic document of 4,000 schemas and 11,000 operations (synthetic.py: the size
of Graph v1.0's 11,422 operations; written into the bench's scratch folder, never committed)
stands in for Graph. ``BENCH_GRAPH=/path/to/graph.json`` adds a row for that document (Graph
itself is not in this repository: it is 20 to 47 MB; it takes minutes). Each row: our generator
cold (``CODEGEN_NO_CACHE=1``) as a child process, its wall time and peak RSS, the files written and
the longest file name (target: at most 100 characters), and what ``import`` of the package costs
without bytecode. Targets (issue 38): Graph v1.0 under 5 minutes and 4 GB on 2 cores (beta: 10
minutes), ``import`` under 0.3 s and 60 MB.

    python benchmarks/largest.py [DOC]   # the rows alone (DOC: another document, as BENCH_GRAPH)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import synthetic
from common import PY, first_line, log
from generation import doc_label, run_measured
from shape import IMPORT_MB, IMPORT_SECONDS, import_cost

SCHEMAS, OPERATIONS = 4000, 11000
SECONDS, MB = 300.0, 4096.0  # Graph v1.0's targets; beta: 600 s
TIMEOUT = 1200.0
PACKAGE = "largest_client"
MAX_FILE_NAME = 100


def synthetic_doc(work: Path) -> Path:
    return synthetic.write(SCHEMAS, work / f"synthetic-{SCHEMAS}-schemas-{OPERATIONS}-operations.json", OPERATIONS)


def documents(work: Path) -> list[tuple[Path, float]]:
    """(document, target seconds): the synthetic one unless BENCH_SKIP_LARGEST, BENCH_GRAPH's."""
    docs = [] if os.environ.get("BENCH_SKIP_LARGEST") else [(synthetic_doc(work), SECONDS)]
    graph = os.environ.get("BENCH_GRAPH")
    if graph:
        docs.append((Path(graph).resolve(), 2 * SECONDS if "beta" in Path(graph).name.lower() else SECONDS))
    return docs


def met(good: bool) -> str:
    return "met" if good else "MISSED"


def row(doc: Path, target: float, work: Path) -> str:
    """One row of the table: generate ``doc`` cold, then measure the package."""
    out = work / f"largest-{doc.stem}"
    log(f"largest APIs: generating {doc.name} (cold; minutes)")
    cmd = [PY, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", PACKAGE]
    run = run_measured(cmd, TIMEOUT, {"CODEGEN_NO_CACHE": "1"})
    label = doc_label(doc)
    if run.code != 0:
        why = f"killed at {TIMEOUT:.0f} s" if run.code < 0 else f"exit {run.code}: {first_line(run.err or run.out)}"
        return f"| {label} | failed ({why}) after {run.seconds:.0f} s, {run.maxrss_mb:.0f} MB | | | |"
    files = [p for p in (out / PACKAGE).rglob("*") if p.is_file()]
    longest = max(files, key=lambda p: len(p.name))
    warnings = sum(": warning: " in line for line in run.err.splitlines())
    try:
        cost = import_cost(out, PACKAGE)
        imported = (
            f"{cost['seconds']:.3f} s, {cost['mb']:.1f} MB, {cost['modules_loaded']} modules loaded"
            f" ({met(cost['seconds'] <= IMPORT_SECONDS and cost['mb'] <= IMPORT_MB)})"
        )
    except (OSError, ValueError) as exc:
        imported = f"failed: {first_line(str(exc))}"
    return (
        f"| {label} | {run.seconds:.0f} s ({met(run.seconds <= target)}: <= {target:.0f} s) |"
        f" {run.maxrss_mb:.0f} MB [all processes at once: {run.tree_mb:.0f} MB] ({met(run.maxrss_mb <= MB)}) |"
        f" {len(files):,} files, {warnings:,} warnings; longest name {len(longest.name)} characters"
        f" ({met(len(longest.name) <= MAX_FILE_NAME)}): {longest.name} | {imported} |"
    )


def bench_largest(work: Path, docs: list[tuple[Path, float]] | None = None) -> list[str]:
    """The section of results.md (no lines when every document is skipped)."""
    docs = documents(work) if docs is None else docs
    if not docs:
        return []
    lines = [
        "## The largest APIs (issue 38)",
        "",
        f"Our generator cold, one run each (stopped at {TIMEOUT:.0f} s). Targets: Graph v1.0 (and the synthetic"
        f" document of its size) <= {SECONDS:.0f} s, beta <= {2 * SECONDS:.0f} s, peak RSS <= {MB:,.0f} MB; file names"
        f" <= {MAX_FILE_NAME} characters; `import` without bytecode <= {IMPORT_SECONDS} s and {IMPORT_MB:.0f} MB over"
        " httpx. BENCH_GRAPH=/path/to/graph.json adds a row for Graph itself.",
        "",
        "| document | generate wall, cold | peak RSS | package | `import`, no bytecode |",
        "|---|---|---|---|---|",
    ]
    for doc, target in docs:
        lines.append(row(doc, target, work))
    return lines


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="largest-") as scratch:
        work = Path(scratch)
        docs = [(Path(argv[1]).resolve(), SECONDS)] if len(argv) > 1 else None
        print("\n".join(bench_largest(work, docs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
