"""The shape of a generated package, for the scale rows of ``make bench`` (issue 24): its largest
module, what ``import`` costs without bytecode, and which files adding one optional member to one
schema rewrites.

    python benchmarks/shape.py DOC PACKAGE   # prints the figures as JSON

Every figure is measured in child processes of this one: ``python -m generator generate`` with the
cache off (cold), then ``python -B -c "import PACKAGE"`` (no bytecode: the cost of a first import).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
MAX_MODULE_LINES = 5000
IMPORT_SECONDS, IMPORT_MB = 0.3, 60.0

_IMPORT = """
import json, resource, sys, time
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import httpx  # what every package needs: not counted
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started, cpu = time.perf_counter(), time.process_time()
import {package}
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
loaded = [m for m in sys.modules if m.startswith("{package}.")]
print(json.dumps({{"seconds": seconds, "cpu": cpu, "mb": (after - before) / 1024, "modules_loaded": len(loaded)}}))
"""


def generate(doc: Path, out: Path, package: str) -> None:
    env = {**os.environ, "CODEGEN_NO_CACHE": "1"}
    cmd = [sys.executable, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", package]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, text=True, timeout=1800)


def largest_module(folder: Path) -> tuple[str, int]:
    sizes = {
        p.relative_to(folder).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in folder.rglob("*.py*")
    }
    name = max(sizes, key=lambda n: sizes[n])
    return name, sizes[name]


def import_cost(out: Path, package: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(out), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-B", "-c", _IMPORT.format(package=package)],
        cwd=out,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.rglob("*")
        if p.is_file()
    }


def with_one_more_member(doc: Path, target: Path) -> str:
    """``doc`` with an optional string member added to its first object schema; that schema's name."""
    data = yaml.safe_load(doc.read_text(encoding="utf-8"))
    changed = copy.deepcopy(data)
    schemas = changed.get("components", {}).get("schemas", {})
    name = next(n for n, s in schemas.items() if isinstance(s, dict) and isinstance(s.get("properties"), dict))
    schemas[name]["properties"]["benchAddedMember"] = {"type": "string"}
    target.write_text(json.dumps(changed, default=str), encoding="utf-8")  # YAML dates as strings
    return name


def one_member_change(doc: Path, package: str, work: Path) -> dict[str, Any]:
    """The files one optional member added to one schema rewrites (both sides from JSON)."""
    before_doc, after_doc = work / "before.json", work / "after.json"
    before_doc.write_text(json.dumps(yaml.safe_load(doc.read_text(encoding="utf-8")), default=str), encoding="utf-8")
    schema = with_one_more_member(doc, after_doc)
    generate(before_doc, work / "before", package)
    generate(after_doc, work / "after", package)
    old, new = _hashes(work / "before" / package), _hashes(work / "after" / package)
    touched = sorted(n for n in old.keys() | new.keys() if old.get(n) != new.get(n))
    return {"schema": schema, "files_changed": touched}


def shape(doc: Path, package: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="shape-") as scratch:
        work = Path(scratch)
        generate(doc, work / "out", package)
        module, lines = largest_module(work / "out" / package)
        cost = import_cost(work / "out", package)
        change = one_member_change(doc, package, work)
    return {
        "document": str(doc),
        "largest_module": module,
        "largest_module_lines": lines,
        "largest_module_ok": lines <= MAX_MODULE_LINES,
        "import_seconds": round(cost["seconds"], 3),
        "import_mb": round(cost["mb"], 1),
        "import_ok": cost["seconds"] <= IMPORT_SECONDS and cost["mb"] <= IMPORT_MB,
        "modules_loaded_by_import": cost["modules_loaded"],
        **change,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(shape(Path(argv[0]).resolve(), argv[1]), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
