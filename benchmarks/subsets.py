"""Subset generation speed (issues 35 and 38): rows of ``make bench`` for ``--include`` on public documents.

A subset of a large document should take the time of its own size: GitHub's document (13 MB,
1,223 operations) by one tag under 5 s, Microsoft Graph v1.0 (20 MB, 11,422 operations) by one
tag or path prefix under 10 s, on 2 cores with an empty cache (``CODEGEN_NO_CACHE=1``). The
documents come from the APIs.guru directory (``BENCH_APIS``, by default ``../dl/package/api``
beside the checkout); a document that is not there is said so, not measured. Each selection runs
:data:`RUNS` times as a child process (generation.run_measured): the fastest wall time, with its
CPU time (the generator, its validator and Ruff) and the machine's load average beside it: on a
shared machine the wall time measures the others' load as well, the CPU time what the run took.

    python benchmarks/subsets.py [APIS_DIR]   # the rows alone
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from common import PY, ROOT, first_line, log
from generation import run_measured

RUNS = 2
TIMEOUT = 300.0
PACKAGE = "subset_client"
SUBSETS = (
    ("github.com/api.github.com.json", "tag:issues", 5.0),
    ("github.com/api.github.com.json", "path:/repos/{owner}/{repo}/pulls/**", 5.0),
    ("microsoft.com/graph.json", "tag:users.user", 10.0),
    ("microsoft.com/graph.json", "path:/connections/**", 10.0),
    ("microsoft.com/graph.json", "tag:subscriptions.subscription", 10.0),
)
"""(document in the directory, selector, target seconds): the issues' own examples."""


def apis_dir() -> Path:
    return Path(os.environ.get("BENCH_APIS") or ROOT.parent / "dl" / "package" / "api").resolve()


def subset_row(doc: Path, selector: str, target: float, work: Path) -> str:
    out = work / "subset"
    cmd = [PY, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", PACKAGE]
    cmd += ["--overwrite", "--include", selector]
    runs = []
    for _ in range(RUNS):
        log(f"subsets: generating {doc.name} --include {selector}")
        runs.append(run_measured(cmd, TIMEOUT, {"CODEGEN_NO_CACHE": "1"}))
        if runs[-1].code != 0:
            failed = runs[-1]
            return f"| {doc.name} `--include {selector}` | failed (exit {failed.code}: {first_line(failed.err or failed.out)}) | |"
    best = min(runs, key=lambda r: r.seconds)
    summary = next((line for line in best.out.splitlines() if line.startswith("wrote ")), "")
    kept = summary.partition("): ")[2].partition(" warnings=")[0] or "?"
    verdict = (
        "met" if best.seconds <= target else ("MISSED" if best.cpu_seconds > target else "missed as wall, met by CPU")
    )
    return (
        f"| {doc.name} `--include {selector}` | {kept} | {best.seconds:.1f} s wall, {best.cpu_seconds:.1f} s CPU,"
        f" {best.maxrss_mb:.0f} MB [load {os.getloadavg()[0]:.1f}] | <= {target:.0f} s: {verdict} |"
    )


def bench_subsets(work: Path, directory: Path | None = None) -> list[str]:
    """The section of results.md."""
    directory = apis_dir() if directory is None else directory
    lines = [
        "## Subsets of public documents (issues 35 and 38)",
        "",
        f"`generate --include SELECTOR`, cold (`CODEGEN_NO_CACHE=1`), the fastest of {RUNS} runs; the CPU time"
        f" is the generator's with its validator and Ruff. Documents: {directory} (`BENCH_APIS`).",
        "",
        "| document, selection | keeps | generate | target |",
        "|---|---|---|---|",
    ]
    for name, selector, target in SUBSETS:
        doc = directory / name
        if not doc.is_file():
            lines.append(f"| {name} `--include {selector}` | not measured: no {doc} | | |")
            continue
        lines.append(subset_row(doc, selector, target, work))
    return lines


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="subsets-") as scratch:
        directory = Path(argv[1]).resolve() if len(argv) > 1 else None
        print("\n".join(bench_subsets(Path(scratch), directory)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
