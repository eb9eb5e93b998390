"""What one call costs in a package of a large API (issue 38: "calling one operation loads only its
modules"): ``import``, ``Client()`` and one operation called against ``httpx.MockTransport``, each
in a fresh interpreter without bytecode, with the modules of the package each step has loaded.

The document: the synthetic one of largest.py (the size of Graph v1.0) unless ``BENCH_GRAPH`` or
DOC names another; ``--generated DIR`` measures a package generated already (``DIR/<package>``;
Graph takes minutes to generate). The operation: ``--call 'GET /users/{user-id}'``, else the first
GET answering JSON with a path parameter. Its answer is the smallest one its model allows (the
required members, recursively, found in another process), so the modules loaded are those of the
operation and of the data it decodes.

    python benchmarks/one_call.py [DOC] [--generated DIR] [--package NAME] [--call 'METHOD /path']
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "largest_client"

_CHILD = """
import json, resource, sys, time
import httpx  # what every package needs: not counted
package, method, arguments, answer, given = {package!r}, {method!r}, {arguments!r}, {answer!r}, {options!r}
def mine():
    return [m for m in sys.modules if m == package or m.startswith(package + ".")]
def count(prefix):
    return sum(m.startswith(package + "." + prefix) for m in sys.modules)
def rss():  # MB resident now (Linux): the peak of ru_maxrss may be httpx's
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20
base, base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, rss()
started, cpu = time.perf_counter(), time.process_time()
loaded = __import__(package)
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
mb, import_rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024, rss() - base_rss
imported = len(mine())
transport = httpx.MockTransport(lambda request: httpx.Response(200, json=answer))
options = dict(base_url="https://api.example.test", http_client=httpx.Client(transport=transport), **given)
client = loaded.Client(**options)
constructed = len(mine())
target = client
for part in method.split("."):
    target = getattr(target, part)
started, call_cpu = time.perf_counter(), time.process_time()
result = target(**arguments)
call_seconds, call_cpu = time.perf_counter() - started, time.process_time() - call_cpu
total = sum(1 for _ in __import__("pathlib").Path(loaded.__file__).parent.rglob("*.py"))
print(json.dumps({{
    "import_seconds": seconds, "import_cpu": cpu, "import_mb": mb, "import_rss_mb": import_rss,
    "after_import": imported, "rss_mb_after_call": rss() - base_rss,
    "after_client": constructed, "after_call": len(mine()), "call_seconds": call_seconds,
    "call_cpu": call_cpu, "models": count("models."), "validators": count("_validators."),
    "resources": count("_resources.") + count("_internal.resources_"), "modules_in_package": total,
    "answer": type(result).__name__,
}}))
"""


_ANSWER = """
import dataclasses, inspect, json, re, typing
package, method, arguments, given = {package!r}, {method!r}, {arguments!r}, {options!r}
loaded = __import__(package)
models = loaded.models
SCALARS = {{"str": "x", "float": 0, "int": 0, "bool": False, "datetime": "2024-01-01T00:00:00Z", "Any": None}}
def norm(name):
    return re.sub("[^a-z0-9]", "", name.lower())
def value(spelled, depth):
    first = spelled.split(" | ")[0].strip().removeprefix("models.")
    if first.startswith(("list[", "dict[")) or depth > 30:
        return [] if first.startswith("list[") else {{}}
    if first in SCALARS:
        return SCALARS[first]
    found = getattr(models, first, None)
    if isinstance(found, str):  # a union's alias: its first member
        return value(found, depth + 1)
    if typing.get_origin(found) is typing.Literal:  # an enum
        return typing.get_args(found)[0]
    return model(found, depth) if dataclasses.is_dataclass(found) else None
def model(cls, depth):
    fields = {{norm(f.name): f for f in dataclasses.fields(cls)}}
    data = {{}}
    for _ in range(200):  # each KeyError names a required member missing
        try:
            cls.from_dict(data)
            return data
        except KeyError as missing:
            key = missing.args[0]
        if key in data:
            return data
        found = fields.get(norm(key))
        data[key] = value(found.type, depth + 1) if found is not None else {{}}
    return data
client = loaded.Client(base_url="https://api.example.test", **given)
target = client
for part in method.split("."):
    target = getattr(target, part)
print(json.dumps(value(str(inspect.signature(target).return_annotation), 0)))
"""
"""Run apart (it loads models): the smallest answer of the operation, its model's required members
(recursively: each ``KeyError`` of ``from_dict`` names one)."""


def choose(
    out: Path, package: str, call: str | None, options: dict[str, str], answer: Any = None
) -> tuple[str, dict[str, Any], Any, str]:
    """(client method, arguments, answer, 'METHOD /path') of the operation measured."""
    tools = json.loads((out / package / "_mcp_tools.json").read_text(encoding="utf-8"))["tools"]
    if call:
        http, _, path = call.partition(" ")
        tool = next(t for t in tools if t["http"] == http.upper() and t["path"] == path)
    else:
        tool = next(t for t in tools if t["http"] == "GET" and t["answer"] == "json" and "{" in t["path"])
    schemas = json.loads((out / package / "_mcp_schemas.json").read_text(encoding="utf-8"))[tool["name"]]
    inputs = schemas["input"]
    arguments = {name: "x" for name in inputs.get("required", ())}  # path parameters: strings
    if answer is None:
        code = _ANSWER.format(package=package, method=tool["method"], arguments=arguments, options=options)
        answer = json.loads(_child(out, code))
    return tool["method"], arguments, answer, f"{tool['http']} {tool['path']}"


def _child(out: Path, code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(out), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-B", "-c", code], cwd=out, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError((done.stderr.strip().splitlines() or ["no output"])[-1])  # the exception
    return done.stdout


def measure(
    out: Path, package: str, call: str | None = None, options: dict[str, str] | None = None, answer: Any = None
) -> dict[str, Any]:
    """The figures of one call in ``out/<package>`` (a fresh interpreter, no bytecode); ``options``:
    of ``Client()`` (its token, the values of required headers); ``answer``: the JSON the call
    receives (default: the smallest its model allows)."""
    options = {"token": "bench", **(options or {})}
    method, arguments, answer, label = choose(out, package, call, options, answer)
    code = _CHILD.format(package=package, method=method, arguments=arguments, answer=answer, options=options)
    figures: dict[str, Any] = json.loads(_child(out, code))
    return {"operation": label, "method": method, **figures}


def generate(doc: Path, out: Path, package: str) -> None:
    cmd = [sys.executable, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", package]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, timeout=3600)


def row(doc_label: str, f: dict[str, Any]) -> str:
    """One line of ``make bench``'s report."""
    return (
        f"| {doc_label} | `{f['operation']}` (`client.{f['method']}`) | import {f['import_cpu']:.2f} s CPU,"
        f" {f['import_rss_mb']:.1f} MB, {f['after_import']} modules; Client(): {f['after_client']} | one call:"
        f" {f['after_call']} of {f['modules_in_package']:,} modules ({f['models']} models, {f['validators']} checks,"
        f" {f['resources']} of _resources), {f['call_cpu']:.2f} s CPU |"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("doc", nargs="?", default=os.environ.get("BENCH_GRAPH"))
    parser.add_argument("--generated", type=Path, help="a folder holding the package generated already")
    parser.add_argument("--package", default=PACKAGE)
    parser.add_argument("--call", help="'METHOD /path' of the operation (default: the first GET with a parameter)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE of Client() (bot_id=b)")
    parser.add_argument("--answer", type=json.loads, help="the JSON answer (default: the smallest its model allows)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    if args.generated:
        figures = measure(args.generated.resolve(), args.package, args.call, options, args.answer)
        print(json.dumps(figures, indent=1))
        return 0
    with tempfile.TemporaryDirectory(prefix="one-call-") as scratch:
        work = Path(scratch)
        sys.path.insert(0, str(Path(__file__).parent))
        import largest  # the synthetic document of Graph's size

        doc = Path(args.doc).resolve() if args.doc else largest.synthetic_doc(work)
        generate(doc, work / "out", args.package)
        figures = measure(work / "out", args.package, args.call, options, args.answer)
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
