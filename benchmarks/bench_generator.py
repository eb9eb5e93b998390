"""Print generator and generated-model figures (``make bench``).

- generation: wall time of a full ``generate`` of spec/openapi.yaml, in process, and the
  share of its stages (load + validate, IR, render, Black).
- models: decode (``json.loads`` + ``from_dict``) and encode (``to_dict`` + ``json.dumps``)
  microseconds for a GetOrCreateTable response with 10 columns.

Timings are medians of repeated runs after a warm-up, timeit-style, in one process.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "generated"))

from botpress_client import models  # noqa: E402
from generator.build import build_api  # noqa: E402
from generator.format import format_files  # noqa: E402
from generator.load import load_document  # noqa: E402
from generator.render import render  # noqa: E402

SPEC = ROOT / "spec" / "openapi.yaml"


def get_or_create_table_payload(columns: int = 10) -> dict[str, object]:
    ts = "2024-05-01T12:30:00.000Z"
    props: dict[str, object] = {}
    for i in range(columns):
        col: dict[str, object] = {"type": "string", "description": f"Column {i}", "x-zui": {"index": i, "searchable": i % 2 == 0}}
        if i == 3:
            col = {"type": "number", "nullable": True, "x-zui": {"index": i, "computed": {"action": "ai", "model": "gpt-4o", "prompt": "Score {{email}}", "dependencies": ["c0"], "enabled": True}}}
        if i == 5:
            col = {"type": "string", "format": "date-time", "x-zui": {"index": i, "hidden": True, "order": 5, "width": 120}}
        props[f"c{i}"] = col
    table = {
        "id": "tbl_01HXYZ",
        "name": "Customers",
        "factor": 2,
        "frozen": False,
        "keyColumn": "c0",
        "tags": {"team": "growth", "env": "prod"},
        "isComputeEnabled": True,
        "createdAt": ts,
        "updatedAt": ts,
        "schema": {"type": "object", "additionalProperties": True, "required": ["c0"], "properties": props},
    }
    return {"table": table, "created": False, "rows": 1234, "stale": 3, "indexing": 0}


def median_us(fn, number: int, repeat: int = 7) -> float:  # type: ignore[no-untyped-def]
    fn()  # warm-up
    runs = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(runs) / number * 1e6


def bench_generation(repeat: int = 5) -> None:
    stages: dict[str, list[float]] = {"load+validate": [], "ir": [], "render": [], "black": [], "total": []}
    for _ in range(repeat):
        t0 = time.perf_counter()
        doc = load_document(SPEC)
        t1 = time.perf_counter()
        api = build_api(doc, "botpress_client")
        t2 = time.perf_counter()
        files = render(api)
        t3 = time.perf_counter()
        format_files(files, "botpress_client")
        t4 = time.perf_counter()
        for key, value in zip(stages, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0)):
            stages[key].append(value)
    print(f"generation of {SPEC.relative_to(ROOT)} (median of {repeat} in-process runs):")
    for key, values in stages.items():
        print(f"  {key:<14} {statistics.median(values) * 1000:8.1f} ms")


def bench_models() -> None:
    payload = get_or_create_table_payload()
    raw = json.dumps(payload).encode()
    model = models.GetOrCreateTableResponse.from_dict(json.loads(raw))
    assert model.to_dict() == payload, "round trip changed the payload"
    number = 2000
    loads = median_us(lambda: json.loads(raw), number)
    decode = median_us(lambda: models.GetOrCreateTableResponse.from_dict(json.loads(raw)), number)
    from_dict = median_us(lambda: models.GetOrCreateTableResponse.from_dict(payload), number)
    dumps = median_us(lambda: json.dumps(payload), number)
    encode = median_us(lambda: json.dumps(model.to_dict()), number)
    to_dict = median_us(lambda: model.to_dict(), number)
    print(f"GetOrCreateTable response, 10 columns, {len(raw)} bytes (median of 7 x {number} runs):")
    print(f"  json.loads alone          {loads:8.1f} us")
    print(f"  decode (loads+from_dict)  {decode:8.1f} us   {decode / loads:5.2f}x json.loads")
    print(f"  from_dict alone           {from_dict:8.1f} us")
    print(f"  json.dumps alone          {dumps:8.1f} us")
    print(f"  encode (to_dict+dumps)    {encode:8.1f} us   {encode / dumps:5.2f}x json.dumps")
    print(f"  to_dict alone             {to_dict:8.1f} us")


def main() -> None:
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu ?'}")
    bench_generation()
    bench_models()


if __name__ == "__main__":
    main()
