"""Lines of generated code, ours beside openapi-python-client's (issue 35): the shape rows of
``make bench`` that count text rather than time.

    python benchmarks/lines.py [DOC ...]   # the rows as Markdown (default: the corpus documents)

Per document: our package's lines without the runtime it copies (the modules of
generator/runtime at the same place in the package: the client's at its top, the test kit's
engine in ``testing/``; and ``_selection.py``), OPC's package's lines (every ``.py`` file it writes),
the ratio (target <= 1.00x on every corpus document of over 50 operations), and our runtime's
lines as copied into that package (target < 5,000). A one-operation document (the
``ONE_OPERATION`` fixture below): under 1,500 lines beside the runtime. ``.py``/``.pyi`` files only;
blank lines and docstrings count (they are what a user reads).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BIN, ENV, PY, ROOT, log

CORPUS = ROOT.parent / "shared" / "corpus"
LARGE = (
    "openai/openapi.yaml",
    "digitalocean/specification/DigitalOcean-public.v2.subset.yaml",
    "twilio/twilio_verify_v2.json",
    "discord/openapi.json",
    "box/openapi.json",
)
RATIO, RUNTIME_LINES, ONE_OP_LINES = 1.0, 5000, 1500
_SOURCE = ROOT / "generator" / "runtime"
RUNTIME = frozenset(p.relative_to(_SOURCE).as_posix() for p in _SOURCE.rglob("*.py") if p.name != "__init__.py")
RUNTIME |= {"_selection.py"}
"""Paths in a package of the modules copied as they are (``testing/_testing.py`` for the kit's
engine; a package's ``__init__`` modules are its own)."""
ONE_OPERATION = {
    "openapi": "3.1.0",
    "info": {"title": "One", "version": "1"},
    "servers": [{"url": "https://one.example"}],
    "paths": {
        "/ping": {
            "get": {
                "operationId": "ping",
                "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}
                },
            }
        }
    },
}


def _count(folder: Path) -> tuple[int, int]:
    """(lines outside the runtime, runtime lines) of the ``.py``/``.pyi`` files under ``folder``."""
    own = runtime = 0
    for path in folder.rglob("*"):
        if path.suffix not in (".py", ".pyi") or not path.is_file():
            continue
        n = len(path.read_text(encoding="utf-8").splitlines())
        if path.relative_to(folder).as_posix() in RUNTIME:
            runtime += n
        else:
            own += n
    return own, runtime


def _run(argv: list[str], env: dict[str, str]) -> tuple[str, str]:
    """(the error, "" when it exits 0; what it printed)."""
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800, check=False)
    tail = " ".join((done.stderr or done.stdout)[-200:].split()).replace("|", "/")  # a table cell
    return ("" if done.returncode == 0 else f"exit {done.returncode}: {tail}"), done.stdout + done.stderr


def measure(doc: Path, work: Path) -> dict[str, object]:
    ours, theirs = work / "ours", work / "opc" / "pkg"
    spec = ["--spec", str(doc), "--out", str(ours), "--package", "pkg"]
    error, _ = _run([PY, "-m", "generator", "generate", *spec], {**ENV, "CODEGEN_NO_CACHE": "1"})
    if error:
        return {"error": f"ours {error}"}
    own, runtime = _count(ours / "pkg")
    opc = [str(BIN / "openapi-python-client"), "generate", "--path", str(doc), "--output-path", str(theirs)]
    error, said = _run([*opc, "--meta", "none"], ENV)
    peer = None if error or not theirs.is_dir() else sum(_count(theirs))
    skipped = said.count("Endpoint will not be generated")  # what OPC leaves out, ours writes
    return {"ours": own, "runtime": runtime, "opc": peer, "opc_error": error, "opc_skipped": skipped}


def rows(docs: list[Path]) -> list[str]:
    lines = [
        "## Generated lines (issue 35)",
        "",
        f"| document | ours, runtime excluded | OPC | ours/OPC (target <= {RATIO:.2f}x) | runtime copied"
        f" (target < {RUNTIME_LINES:,}) |",
        "|---|---|---|---|---|",
    ]
    both: list[tuple[int, int, int, int]] = []  # (ours, runtime, OPC, OPC's skipped) where both generate
    with tempfile.TemporaryDirectory(prefix="bench-lines-") as scratch:
        one = Path(scratch) / "one-operation.json"
        one.write_text(json.dumps(ONE_OPERATION), encoding="utf-8")
        for n, doc in enumerate([*docs, one]):
            log(f"lines: {doc.name}")
            m = measure(doc, Path(scratch) / str(n))
            name = doc.relative_to(CORPUS).as_posix() if doc.is_relative_to(CORPUS) else doc.name
            if "error" in m:
                lines.append(f"| {name} | failed: {m['error']} | | | |")
                continue
            ours, runtime, peer = int(str(m["ours"])), int(str(m["runtime"])), m["opc"]
            rt = f"{runtime:,} ({'met' if runtime < RUNTIME_LINES else 'MISSED'})"
            if doc == one:
                ok = "met" if ours < ONE_OP_LINES else "MISSED"
                lines.append(
                    f"| one operation (target < {ONE_OP_LINES:,}) | {ours:,} ({ok}) | {peer or '-'} | - | {rt} |"
                )
            elif isinstance(peer, int) and peer:
                skipped = int(str(m["opc_skipped"]))
                both.append((ours, runtime, peer, skipped))
                ok = "met" if ours / peer <= RATIO else "MISSED"
                left = f" [{skipped} endpoints skipped]" if skipped else ""
                lines.append(f"| {name} | {ours:,} | {peer:,}{left} | {ours / peer:.2f}x ({ok}) | {rt} |")
            else:
                lines.append(f"| {name} | {ours:,} | failed: {m['opc_error']} | - | {rt} |")
    return [*lines, *summary(both)]


def summary(both: list[tuple[int, int, int, int]]) -> list[str]:
    """The ratios over every document both tools generate: the median of each document's, and
    of the sums; runtime excluded, then included; then over those OPC writes in full (an
    endpoint it skips is text ours writes and its does not)."""
    lines: list[str] = []
    for rows, what in ((both, "both generate"), ([b for b in both if not b[3]], "OPC generates in full")):
        if len(rows) < 2:
            continue
        own = statistics.median(o / p for o, _r, p, _s in rows)
        whole = statistics.median((o + r) / p for o, r, p, _s in rows)
        sums = sum(o for o, _r, _p, _s in rows) / sum(p for _o, _r, p, _s in rows)
        lines.append(
            f"Over the {len(rows)} documents {what}: ours/OPC median {own:.2f}x runtime excluded"
            f" ({whole:.2f}x with it), {sums:.2f}x of the summed lines."
        )
    return ["", *lines] if lines else []


def corpus_docs() -> list[Path]:
    if os.environ.get("BENCH_SKIP_CORPUS"):
        return []
    return [CORPUS / rel for rel in LARGE if (CORPUS / rel).is_file()]


def main(argv: list[str]) -> int:
    docs = [Path(a).resolve() for a in argv] or corpus_docs()
    print("\n".join(rows(docs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
