"""``make calls``: generate the client of each OpenAPI document, call every operation once against
Prism (``prism mock --errors``, which refuses a request its document does not allow) and report,
per document and in total, the operations called, succeeded and failed by class.

    python -m benchmarks.calls.calls [DOC_OR_FOLDER ...] [--json OUT.json] [--sample N [--seed S]]

Without arguments: the documents of ../shared/corpus, of ``@readme/oas-examples`` (npm, installed
by ``make calls`` beside Prism) and of ``benchmarks/calls/fixtures``. A report: it exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
NPM = HERE / ".npm" / "node_modules"
PRISM = NPM / ".bin" / "prism"
DOC_SECONDS = int(os.environ.get("CALLS_DOC_SECONDS", "900"))


def default_documents() -> list[Path]:
    sys.path.insert(0, str(ROOT))
    from tests.corpus_report import documents

    docs = [d for d in documents() if d.name != "webhook-example.yaml"]  # no paths: nothing to call
    fixtures = sorted(p for p in (HERE / "fixtures").glob("*") if p.suffix in (".json", ".yaml", ".yml"))
    for version in ("3.0", "3.1"):  # the fixtures are copies of some 3.0 ones: not twice
        folder = NPM / "@readme" / "oas-examples" / version / "json"
        docs += sorted(p for p in folder.glob("*.json") if version != "3.0" or p.name not in {f.name for f in fixtures})
    docs += fixtures
    return docs


def expand(args: list[str]) -> list[Path]:
    docs: list[Path] = []
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            docs += sorted(p for p in path.rglob("*") if p.suffix in (".json", ".yaml", ".yml"))
        else:
            docs.append(path)
    return docs


def run(doc: Path) -> tuple[list[dict[str, str]], str]:
    """The results of one document's calls, and what went wrong before any call ("" if nothing)."""
    cmd = [sys.executable, "-m", "benchmarks.calls.worker", str(doc), str(PRISM)]
    try:
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=DOC_SECONDS, check=False)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return _lines(out), f"timed out after {DOC_SECONDS} s"
    problem = ""
    if done.returncode != 0:
        problem = (done.stderr.strip().splitlines() or ["?"])[-1][:200]
    return _lines(done.stdout), problem


def _lines(out: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def label(doc: Path) -> str:
    for base in (ROOT.parent / "shared" / "corpus", NPM / "@readme" / "oas-examples", HERE):
        if doc.resolve().is_relative_to(base.resolve()):
            return str(doc.resolve().relative_to(base.resolve()))
    return str(doc)


def report(rows: dict[str, tuple[list[dict[str, str]], str]]) -> str:
    lines = [f"{'document':<58} {'ok':>5} {'called':>6}  failures by class", "-" * 100]
    total_ok = total = 0
    classes: Counter[str] = Counter()
    for name, (results, problem) in rows.items():
        ok = sum(1 for r in results if r["outcome"] == "ok")
        total_ok += ok
        total += len(results)
        failed = Counter(r["outcome"] for r in results if r["outcome"] != "ok")
        classes.update(failed)
        summary = "; ".join(f"{n}x {c}" for c, n in failed.most_common(3))
        lines.append(f"{name:<58} {ok:>5} {len(results):>6}  {problem or summary}"[:220])
    share = 100.0 * total_ok / total if total else 0.0
    lines += ["-" * 100, f"total: {total_ok} of {total} operations succeeded ({share:.1f}%)", "", "failures by class:"]
    lines += [f"{n:>5}  {c}" for c, n in classes.most_common()]
    again = Counter(r["with_examples"] for results, _ in rows.values() for r in results if r.get("with_examples"))
    if again:
        lines += ["", "refused with the document's examples, then made from the schemas alone (see outcome):"]
        lines += [f"{n:>5}  {c}" for c, n in again.most_common()]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("documents", nargs="*")
    parser.add_argument("--json", help="also write every call's outcome to this file")
    parser.add_argument("--sample", type=int, help="call only N of the documents, drawn at random (--seed)")
    parser.add_argument("--seed", type=int, default=33, help="of --sample (default 33: the same draw each run)")
    parser.add_argument("--max-bytes", type=int, help="leave out the documents larger than this")
    args = parser.parse_args(argv)
    if not PRISM.exists():
        print(f"Prism is not installed at {PRISM}: run `make calls`", file=sys.stderr)
        return 2
    docs = expand(args.documents) if args.documents else default_documents()
    if args.max_bytes:
        docs = [d for d in docs if d.stat().st_size <= args.max_bytes]
    if args.sample is not None and args.sample < len(docs):
        docs = random.Random(args.seed).sample(sorted(docs), args.sample)
    docs.sort(key=lambda d: d.stat().st_size)  # the small ones first: figures early
    rows: dict[str, tuple[list[dict[str, str]], str]] = {}
    for doc in docs:
        rows[label(doc)] = run(doc)
        results, problem = rows[label(doc)]
        ok = sum(1 for r in results if r["outcome"] == "ok")
        print(f"{label(doc)}: {ok}/{len(results)} {problem}", file=sys.stderr, flush=True)
        if args.json:  # after every document: a long run stopped early keeps what it measured
            Path(args.json).write_text(json.dumps(rows, indent=1, sort_keys=True), encoding="utf-8")
    print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
