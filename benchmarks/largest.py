"""The largest APIs (issue 38): rows of ``make bench`` for documents the size of Microsoft Graph.

By default a synthetic document of 4,000 schemas and 11,000 operations (synthetic.py: the size
of Graph v1.0's 11,422 operations; written into the bench's scratch folder, never committed)
stands in for Graph. ``BENCH_GRAPH=/path/to/graph.json`` adds a row for that document (Graph
itself is not in this repository: it is 20 to 47 MB; it takes minutes). Each row: our generator
cold (``CODEGEN_NO_CACHE=1``) as a child process, its wall time and peak RSS, the files written and
the longest file name (target: at most 100 characters), and what ``import`` of the package costs
without bytecode. Targets (issue 38): Graph v1.0 under 5 minutes and 4 GB on 2 cores (beta: 10
minutes), ``import`` under 0.3 s and 60 MB. Then, for each document, subsets by one tag and by one
path prefix (``--include``; target: under 10 s): those keeping the most operations and those at the
median. Every wall time has the run's CPU time beside it and the machine's load average: on a shared
machine the wall time measures the others' load as well.

    python benchmarks/largest.py [DOC]   # the rows alone (DOC: another document, as BENCH_GRAPH)
"""

from __future__ import annotations

import collections
import json
import os
import sys
import tempfile
from pathlib import Path

import one_call
import synthetic
from common import PY, first_line, log
from generation import doc_label, run_measured
from shape import IMPORT_MB, IMPORT_SECONDS, import_cost

SCHEMAS, OPERATIONS = 4000, 11000
SECONDS, MB = 300.0, 4096.0  # Graph v1.0's targets; beta: 600 s
TIMEOUT = 1200.0
PACKAGE = "largest_client"
MAX_FILE_NAME = 100
SUBSET_SECONDS = 10.0


def synthetic_doc(work: Path) -> Path:
    return synthetic.write(SCHEMAS, work / f"synthetic-{SCHEMAS}-schemas-{OPERATIONS}-operations.json", OPERATIONS)


def documents(work: Path) -> list[tuple[Path, float]]:
    """(document, target seconds): the synthetic one unless BENCH_SKIP_LARGEST, BENCH_GRAPH's."""
    docs = [] if os.environ.get("BENCH_SKIP_LARGEST") else [(synthetic_doc(work), SECONDS)]
    graph = os.environ.get("BENCH_GRAPH")
    if graph:
        docs.append((Path(graph).resolve(), 2 * SECONDS if "beta" in Path(graph).name.lower() else SECONDS))
    return docs


def load() -> str:
    """The machine's load average over the last minute (wall times on a shared machine: the CPU
    times beside them are what the run itself took)."""
    return f"{os.getloadavg()[0]:.1f}"


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
            f"{cost['seconds']:.3f} s ({cost['cpu']:.3f} s CPU), {cost['mb']:.1f} MB,"
            f" {cost['modules_loaded']} modules loaded"
            f" ({met(cost['seconds'] <= IMPORT_SECONDS and cost['mb'] <= IMPORT_MB)})"
        )
    except (OSError, ValueError) as exc:
        imported = f"failed: {first_line(str(exc))}"
    return (
        f"| {label} | {run.seconds:.0f} s, {run.cpu_seconds:.0f} s CPU ({met(run.seconds <= target)}: <= {target:.0f} s)"
        f" [load {load()}] |"
        f" {run.maxrss_mb:.0f} MB [all processes at once: {run.tree_mb:.0f} MB] ({met(run.maxrss_mb <= MB)}) |"
        f" {len(files):,} files, {warnings:,} warnings; longest name {len(longest.name)} characters"
        f" ({met(len(longest.name) <= MAX_FILE_NAME)}): {longest.name} | {imported} |"
    )


def subset_selectors(doc: Path) -> list[tuple[str, int]]:
    """(selector, operations it keeps): the tag and the first path segment that hold the most
    operations (the worst case) and those at the median (a typical subset)."""
    tags: collections.Counter[str] = collections.Counter()
    prefixes: collections.Counter[str] = collections.Counter()
    for path, item in json.loads(doc.read_text(encoding="utf-8")).get("paths", {}).items():
        for op in item.values() if isinstance(item, dict) else ():
            if isinstance(op, dict) and "responses" in op:
                tags.update(t for t in op.get("tags", ()) if isinstance(t, str))
                prefixes[path.split("/")[1]] += 1
    chosen: list[tuple[str, int]] = []
    for kind, counts in (("tag:", tags), ("path:/", prefixes)):
        ranked = counts.most_common()
        for name, count in dict.fromkeys([ranked[0], ranked[len(ranked) // 2]]) if ranked else ():
            chosen.append((f"{kind}{name}" + ("/**" if kind == "path:/" else ""), count))
    return chosen


def subset_rows(doc: Path, work: Path) -> list[str]:
    """One row per selector: generate the subset cold, its wall time and peak RSS."""
    rows = []
    for selector, count in subset_selectors(doc):
        out = work / f"subset-{doc.stem}"
        cmd = [PY, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", PACKAGE]
        cmd += ["--overwrite", "--include", selector]
        log(f"largest APIs: generating {doc.name} --include {selector}")
        run = run_measured(cmd, TIMEOUT, {"CODEGEN_NO_CACHE": "1"})
        if run.code != 0:
            figure = f"failed (exit {run.code}: {first_line(run.err or run.out)})"
        else:
            figure = (
                f"{run.seconds:.1f} s, {run.cpu_seconds:.1f} s CPU ({met(run.seconds <= SUBSET_SECONDS)}),"
                f" {run.maxrss_mb:.0f} MB [load {load()}]"
            )
        rows.append(f"| {doc_label(doc)} `--include {selector}` | {count:,} operations | {figure} |")
    return rows


def one_call_rows(docs: list[tuple[Path, float]], work: Path) -> list[str]:
    """What one call loads of each package generated above (one_call.py): Graph's GET
    /users/{user-id}, the synthetic document's first GET with a path parameter."""
    lines = [
        "",
        "One call (one_call.py): `import` and `Client()` without bytecode, then one operation against"
        " httpx.MockTransport answering its smallest answer: the modules of the package loaded.",
        "",
        "| document | operation | import, Client() | one call |",
        "|---|---|---|---|",
    ]
    for doc, _ in docs:
        out = work / f"largest-{doc.stem}"
        call = "GET /users/{user-id}" if "graph" in doc.name.lower() else None
        try:
            lines.append(one_call.row(doc_label(doc), one_call.measure(out, PACKAGE, call)))
        except (OSError, ValueError, RuntimeError, StopIteration) as exc:
            lines.append(f"| {doc_label(doc)} | failed: {first_line(str(exc))} | | |")
    return lines


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
    lines += one_call_rows(docs, work)
    lines += [
        "",
        f"Subsets (`--include`, cold; target <= {SUBSET_SECONDS:.0f} s): the tag and the path prefix keeping the"
        " most operations, and those at the median.",
        "",
        "| document, selection | keeps | generate wall, peak RSS |",
        "|---|---|---|",
    ]
    for doc, _ in docs:
        lines += subset_rows(doc, work)
    return lines


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="largest-") as scratch:
        work = Path(scratch)
        docs = [(Path(argv[1]).resolve(), SECONDS)] if len(argv) > 1 else None
        print("\n".join(bench_largest(work, docs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
