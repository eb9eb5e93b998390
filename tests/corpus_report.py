"""``make corpus``: generate a client for every document of ../shared/corpus, import it,
run ``mypy --strict`` on it, and print one row per document. A report: it exits 0."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
# The package imports, and so does its test kit, whose default answers are all valid.
KIT = (
    "import {package}\n"
    "from {package} import testing\n"
    "api = testing.FakeApi()\n"
    "for fop in testing._OPERATIONS:\n"
    "    api._default_answer(fop)\n"
    "    if fop.events is not None:\n"
    "        fop.events.default(fop)\n"
)
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operations_in(doc: Path) -> int:
    """Operations the document declares (methods of its path items, as written)."""
    import yaml

    loaded = yaml.load(doc.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    paths = loaded.get("paths") if isinstance(loaded, dict) else None
    items = paths.values() if isinstance(paths, dict) else ()
    return sum(1 for item in items if isinstance(item, dict) for method in item if method in HTTP_METHODS)


def warning_class(line: str) -> str:
    """The class of one warning line: its name at the end (generator/problem_classes.py)."""
    found = re.search(r" \[([a-z0-9-]+)(?:: first of \d+)?\]$", line)
    return found.group(1) if found else "other"


def classes(warnings: list[str]) -> str:
    counts: dict[str, int] = {}
    for line in warnings:
        counts[warning_class(line)] = counts.get(warning_class(line), 0) + 1
    return ",".join(f"{kind}:{n}" for kind, n in sorted(counts.items())) or "-"


def documents() -> list[Path]:
    docs = []
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix not in (".yaml", ".yml", ".json") or not path.is_file():
            continue
        rel = path.relative_to(CORPUS)
        if rel.parts[0] == "digitalocean" and path.name != "DigitalOcean-public.v2.subset.yaml":
            continue  # the DigitalOcean files other than its root are referenced parts
        docs.append(path)
    return docs


def run(doc: Path, tmp: Path) -> dict[str, str]:
    package = "corpus_" + "".join(c if c.isalnum() else "_" for c in doc.stem.lower())[:40]
    out = tmp / package
    started = time.perf_counter()
    gen = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "generate",
            "--spec",
            str(doc),
            "--out",
            str(out),
            "--package",
            package,
            "--verbose",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    seconds = time.perf_counter() - started
    row = {"document": str(doc.relative_to(CORPUS)), "seconds": f"{seconds:.1f}", "declared": str(operations_in(doc))}
    warnings = [line for line in gen.stderr.splitlines() if ": warning: " in line]
    row["classes"] = classes(warnings)
    row["notes"] = str(sum(1 for line in gen.stderr.splitlines() if ": note: " in line))
    if gen.returncode != 0:
        first = (gen.stderr.strip().splitlines() or ["?"])[0]
        row.update(status=f"exit {gen.returncode}", detail=first[:160], ops="-", models="-", skipped="-", mypy="-")
        return row
    summary = next((line for line in gen.stdout.splitlines() if line.startswith("wrote")), "")
    ops = summary.split("operations=")[1].split()[0] if "operations=" in summary else "?"
    models = summary.split("models=")[1].split()[0] if "models=" in summary else "?"
    imp = subprocess.run(
        [sys.executable, "-c", KIT.format(package=package)], cwd=out, capture_output=True, text=True, check=False
    )
    mypy = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--python-version",
            "3.10",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            package,
        ],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = sum(1 for line in mypy.stdout.splitlines() if ": error:" in line)
    first_error = next((line for line in mypy.stdout.splitlines() if ": error:" in line), "")
    row.update(
        status="ok" if imp.returncode == 0 else "import failed",
        detail=(imp.stderr.strip().splitlines() or [""])[-1][:160] if imp.returncode else first_error[:160],
        ops=ops,
        models=models,
        skipped=str(len(warnings)),
        mypy=str(errors),
    )
    return row


def main() -> int:
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}")
        return 0
    names = sys.argv[1:]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for doc in documents():
            if names and not any(n in str(doc) for n in names):
                continue
            row = run(doc, Path(tmp))
            rows.append(row)
            print(
                f"{row['document']:<62} {row['status']:<14} ops={row['ops']}/{row['declared']:<5}"
                f" models={row['models']:<5} warnings={row['skipped']:<4} mypy={row['mypy']:<4} notes={row['notes']}"
                f" {row['seconds']:>6}s  {row['classes']}  {row['detail']}",
                flush=True,
            )
    ok = sum(1 for r in rows if r["status"] == "ok" and r["mypy"] == "0")
    generated = sum(int(r["ops"]) for r in rows if r["ops"].isdigit())
    declared = sum(int(r["declared"]) for r in rows)
    print(f"{ok}/{len(rows)} documents generated, imported and passed mypy --strict")
    print(f"{generated}/{declared} operations generated")
    return 0 if ok == len(rows) else 1  # a document that fails is a regression: make corpus fails


if __name__ == "__main__":
    sys.exit(main())
