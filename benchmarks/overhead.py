"""Only the decode/encode and client-overhead rows of ``make bench`` (a minute or two, not the
whole run): what a change to the generated models or the runtime must keep (issue 35).

    benchmarks/.venv/bin/python benchmarks/overhead.py   # prints those rows as Markdown

Same workers, same interleaving and the same row builder as bench.py; nothing is written to
benchmarks/results.md.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import bench_client, bench_codecs, generate_peers
from common import Figures
from generation import CheckResult, Scaling
from report import build_rows, table_markdown


def main() -> int:
    figures = Figures()
    work = Path(tempfile.mkdtemp(prefix="bench-overhead-"))
    try:
        peers = work / "peers"
        peers.mkdir()
        figures.errors.update(generate_peers(peers))
        bench_codecs(peers, figures)
        bench_client(peers, figures)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = build_rows(figures, {}, "not measured", CheckResult(error="not measured"), Scaling(skipped="not measured"))
    kept = [r for r in rows if r.measurement.startswith(("decode", "encode", "client", "validate"))]
    print(table_markdown(kept))
    return 0


if __name__ == "__main__":
    sys.exit(main())
