"""Measuring processes of ``make bench``: one process per tool family, run by bench.py.

    python benchmarks/workers.py FAMILY --peers DIR [--port N]

Codec families (json, ours-std, ours-orjson, opc, pydantic) are driven by bench.py over
stdin/stdout so that the families' timed runs can be interleaved in time (other load on
the machine then hits every family alike): the worker imports its tool, builds its
measurements, calibrates each (calls per run), prints ``@@{"ready": {key: number},
"info": {...}}``, then answers each ``run KEY`` line with ``@@{"seconds": s}`` (one timed
run of ``number`` calls, GC off as in timeit) until ``quit``.
The other families (client, gen-stages) measure on their own and print
``@@{"results": {key: {"us", "number", "repeat"}}, "info": {...}}``.

Families: json (stdlib alone), ours-std (our package with orjson hidden), ours-orjson
(our package, orjson picked up by its own _serde), opc (openapi-python-client's models),
pydantic (datamodel-code-generator's pydantic v2 models), client (loopback calls and
request validation), gen-stages (our generator's stages, in process).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import payloads  # noqa: E402

REPEAT = 11
"""Timed runs per measurement (the median is reported), after a warm-up."""
MIN_RUN_SECONDS = 0.06
"""Each timed run makes as many calls as it takes to last about this long (calibrated first)."""

GOCT = payloads.get_or_create_table_response()
PASSAGES = payloads.list_file_passages_response()
GOCT_WIRE = payloads.wire(GOCT)
PASSAGES_WIRE = payloads.wire(PASSAGES)
CASES = {"goct": (GOCT, GOCT_WIRE), "passages": (PASSAGES, PASSAGES_WIRE)}

results: dict[str, dict[str, float]] = {}
info: dict[str, Any] = {}
benches: dict[str, Callable[[], object]] = {}


def measure(key: str, fn: Callable[[], object]) -> None:
    """Register a codec measurement (timed later, on bench.py's command)."""
    benches[key] = fn


def calibrate(fn: Callable[[], object]) -> int:
    """Warm up, then the call count that makes one timed run last about MIN_RUN_SECONDS."""
    fn()
    fn()
    timer = timeit.Timer(fn)
    number = 1
    while True:
        spent = timer.timeit(number)
        if spent >= 0.02:
            break
        number *= 2
    return max(1, round(number * MIN_RUN_SECONDS / spent))


def emit(obj: object) -> None:
    sys.stdout.write("@@" + json.dumps(obj) + "\n")
    sys.stdout.flush()


def serve_codec() -> None:
    numbers = {key: calibrate(fn) for key, fn in benches.items()}
    emit({"ready": numbers, "info": info})
    for line in sys.stdin:
        command, _, key = line.strip().partition(" ")
        if command == "run":
            emit({"seconds": timeit.Timer(benches[key]).timeit(numbers[key])})
        elif command == "quit":
            break


def digest(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()[:16]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values differ first (``None`` when equal), e.g. ``/table/rows: 1234 != 1234.0``."""
    if type(a) is not type(b):  # 1234 vs 1234.0 counts: the wire text changes
        return f"{path or '/'}: {a!r:.40} != {b!r:.40}"
    if isinstance(a, dict):
        for key in a.keys() | b.keys():
            if key not in a or key not in b:
                return f"{path}/{key}: {'missing' if key not in b else 'added'}"
            found = first_difference(a[key], b[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} != {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}/{i}")
            if found:
                return found
        return None
    return None if a == b else f"{path or '/'}: {a!r:.40} != {b!r:.40}"


def add_generated_to_path() -> None:
    sys.path.insert(0, str(ROOT / "generated"))


# ---- codec families ----------------------------------------------------------------------


def family_json() -> None:
    for case, (payload, raw) in CASES.items():
        measure(f"{case}.decode", lambda raw=raw: json.loads(raw))
        measure(f"{case}.encode", lambda payload=payload: json.dumps(payload))
        info[f"{case}.bytes"] = len(raw)


def family_ours(orjson: bool) -> None:
    if not orjson:
        sys.modules["orjson"] = None  # type: ignore[assignment]  # makes "import orjson" fail
    add_generated_to_path()
    from botpress_client import _serde, _validators, models

    # json_loads wraps the parser (strict JSON): whether _serde imported orjson tells which is used.
    active = hasattr(_serde, "_orjson")
    if active != orjson:
        raise RuntimeError(f"orjson active={active}, expected {orjson}")
    dumps = _serde.json_dumps
    info["json_loads"] = f"{_serde.json_loads.__module__}.json_loads"

    def loads(raw: bytes) -> Any:
        # as the client reads an answer it decodes into models (see _transport._decode): the
        # models bound the nesting of what they keep, so the parse does not walk the value
        return _serde.json_loads(raw, bound_depth=False)

    classes = {"goct": models.GetOrCreateTableResponse, "passages": models.ListFilePassagesResponse}
    # what Client(strict_responses=True) runs before from_dict (see _transport._decode)
    checks = {
        "goct": _validators._rcheck_get_or_create_table_response,
        "passages": _validators._rcheck_list_file_passages_response,
    }
    for case, (payload, raw) in CASES.items():
        cls = classes[case]
        model = cls.from_dict(loads(raw))
        if model.to_dict() != payload:
            raise AssertionError(f"{case}: to_dict(from_dict(p)) != p")
        info[f"{case}.encoded"] = digest(dumps(model.to_dict()))
        info[f"{case}.roundtrip"] = True
        measure(f"{case}.decode", lambda cls=cls, raw=raw: cls.from_dict(loads(raw)))
        measure(f"{case}.encode", lambda model=model: dumps(model.to_dict()))

        def strict(cls: Any = cls, raw: bytes = raw, check: Any = checks[case]) -> object:
            data = loads(raw)
            check(data)
            return cls.from_dict(data)

        measure(f"{case}.decode_strict", strict)
        # where the time goes: the models' part (std process), the JSON part (orjson process)
        if orjson:
            measure(f"{case}.loads", lambda raw=raw: loads(raw))
            measure(f"{case}.dumps", lambda payload=payload: dumps(payload))
        else:
            data = loads(raw)
            measure(f"{case}.from_dict", lambda cls=cls, data=data: cls.from_dict(data))
            measure(f"{case}.to_dict", lambda model=model: model.to_dict())
    if orjson:
        return
    # finer breakdown of from_dict (stdlib process only)
    from botpress_client import _serde as serde

    table = GOCT["table"]
    columns = list(table["schema"]["properties"].values())
    metas = [c["x-zui"] for c in columns]
    measure("goct.Table.from_dict", lambda: models.Table.from_dict(table))
    measure("goct.TableSchema.from_dict", lambda: models.TableSchema.from_dict(table["schema"]))
    measure("goct.ColumnDefinition.from_dict x10", lambda: [models.ColumnDefinition.from_dict(c) for c in columns])
    measure("goct.ColumnMetadata.from_dict x10", lambda: [models.ColumnMetadata.from_dict(m) for m in metas])
    measure(
        "goct._parse_datetime x2",
        lambda: (serde._parse_datetime(table["createdAt"]), serde._parse_datetime(table["updatedAt"])),
    )
    passages = PASSAGES["passages"]
    measure("passages.Passage.from_dict x200", lambda: [models.Passage.from_dict(p) for p in passages])
    pmetas = [p["meta"] for p in passages]
    measure("passages.PassageMeta.from_dict x200", lambda: [models.PassageMeta.from_dict(m) for m in pmetas])
    measure(
        "passages.PassageMeta(...) constructor x200",
        lambda: [models.PassageMeta(type="chunk", page_number=1, position=i, source_url="u") for i in range(200)],
    )
    measure(
        "passages.dict(...) x200 (reference)",
        lambda: [dict(type="chunk", page_number=1, position=i, source_url="u") for i in range(200)],
    )


def family_opc(peers: Path) -> None:
    sys.path.insert(0, str(peers))
    from opc_botpress import models  # type: ignore[import-not-found]

    classes = {"goct": models.GetOrCreateTableResponse, "passages": models.ListFilePassagesResponse}
    for case, (_payload, raw) in CASES.items():
        cls = classes[case]
        model = cls.from_dict(json.loads(raw))
        info[f"{case}.roundtrip"] = first_difference(json.loads(raw), model.to_dict()) or True
        measure(f"{case}.decode", lambda cls=cls, raw=raw: cls.from_dict(json.loads(raw)))
        measure(f"{case}.encode", lambda model=model: json.dumps(model.to_dict()))


def family_pydantic(peers: Path) -> None:
    sys.path.insert(0, str(peers))
    import dmcg_botpress as models  # type: ignore[import-not-found]

    classes = {"goct": models.GetOrCreateTableResponse, "passages": models.ListFilePassagesResponse}
    for case, (_payload, raw) in CASES.items():
        cls = classes[case]
        model = cls.model_validate_json(raw)
        dump = model.model_dump_json(by_alias=True, exclude_unset=True)
        info[f"{case}.roundtrip"] = first_difference(json.loads(raw), json.loads(dump)) or True
        measure(f"{case}.decode", lambda cls=cls, raw=raw: cls.model_validate_json(raw))
        measure(f"{case}.encode", lambda model=model: model.model_dump_json(by_alias=True, exclude_unset=True))


# ---- client overhead and request validation -----------------------------------------------

CALLS_PER_RUN = 200
CLIENT_REPEAT = 9
"""Loopback calls per timed run; the variants' runs are interleaved, CLIENT_REPEAT rounds."""
TOKEN = "bench-token"
BOT_ID = "bot_bench"


def _interleaved(variants: dict[str, Callable[[], object]], calls: int) -> None:
    for fn in variants.values():  # warm-up: connection set up, caches filled
        for _ in range(20):
            fn()
    runs: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(CLIENT_REPEAT):
        for key, fn in variants.items():
            gc.collect()
            started = time.perf_counter()
            for _ in range(calls):
                fn()
            runs[key].append(time.perf_counter() - started)
    for key, values in runs.items():
        results[key] = {"us": statistics.median(values) / calls * 1e6, "number": calls, "repeat": CLIENT_REPEAT}


async def _interleaved_async(variants: dict[str, Callable[[], Any]], calls: int) -> None:
    for fn in variants.values():
        for _ in range(20):
            await fn()
    runs: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(CLIENT_REPEAT):
        for key, fn in variants.items():
            gc.collect()
            started = time.perf_counter()
            for _ in range(calls):
                await fn()
            runs[key].append(time.perf_counter() - started)
    for key, values in runs.items():
        results[key] = {"us": statistics.median(values) / calls * 1e6, "number": calls, "repeat": CLIENT_REPEAT}


def family_client(peers: Path, port: int) -> None:
    add_generated_to_path()
    import httpx
    from botpress_client import UNSET, AsyncClient, Client, _serde
    from botpress_client._resources.tables import check_get_or_create_table

    info["json_loads"] = getattr(_serde.json_loads, "__module__", "?")
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/v1/tables/Customers"
    headers = {
        "user-agent": Client._user_agent,
        "accept": "application/json",
        "authorization": f"Bearer {TOKEN}",
        "x-bot-id": BOT_ID,
    }

    # The raw request must carry the very headers our client sends: check it once.
    seen: list[dict[str, str]] = []
    probe = httpx.Client(event_hooks={"request": [lambda r: seen.append(dict(r.headers))]})
    with Client(token=TOKEN, bot_id=BOT_ID, base_url=base, http_client=probe) as c:
        c.get_table(table="Customers")
    probe.get(url, headers=headers)
    probe.close()
    info["same_headers"] = seen[0] == seen[1]
    if not info["same_headers"]:
        info["headers_ours"], info["headers_raw"] = seen[0], seen[1]

    ours = Client(token=TOKEN, bot_id=BOT_ID, base_url=base)
    ours_novalid = Client(token=TOKEN, bot_id=BOT_ID, base_url=base, validate_requests=False)
    raw = httpx.Client()

    def raw_get() -> object:
        response = raw.get(url, headers=headers)
        response.raise_for_status()
        return response.json()

    body = payloads.get_or_create_table_body(20)
    goct_args = dict(
        table="Customers",
        schema=body["schema"],
        factor=body["factor"],
        frozen=body["frozen"],
        key_column=body["keyColumn"],
        tags=body["tags"],
        is_compute_enabled=body["isComputeEnabled"],
    )
    variants: dict[str, Callable[[], object]] = {
        "sync.ours": lambda: ours.get_table(table="Customers"),
        "sync.raw": raw_get,
        "goct.ours": lambda: ours.get_or_create_table(**goct_args),  # type: ignore[arg-type]
        "goct.ours_novalidate": lambda: ours_novalid.get_or_create_table(**goct_args),  # type: ignore[arg-type]
    }
    try:
        sys.path.insert(0, str(peers))
        from opc_botpress import AuthenticatedClient  # type: ignore[import-not-found]
        from opc_botpress.api.tables import get_table  # type: ignore[import-not-found]

        opc = AuthenticatedClient(base_url=base, token=TOKEN)
        parsed = get_table.sync("Customers", client=opc, x_bot_id=BOT_ID)
        if type(parsed).__name__ != "GetTableResponse":
            raise RuntimeError(f"OPC get_table returned {type(parsed).__name__}")
        variants["sync.opc"] = lambda: get_table.sync("Customers", client=opc, x_bot_id=BOT_ID)
    except Exception as exc:
        info["opc_error"] = f"{type(exc).__name__}: {exc}".splitlines()[0][:160]
    _interleaved(variants, CALLS_PER_RUN)

    # request validation alone, with the arguments get_or_create_table hands to it
    v_path = {"table": "Customers"}
    v_headers = {
        k: UNSET
        for k in (
            "x-bot-id",
            "x-integration-id",
            "x-integration-alias",
            "x-integration-name",
            "x-user-id",
            "x-user-role",
        )
    }
    check_get_or_create_table(v_path, {}, v_headers, body)
    validate = lambda: check_get_or_create_table(v_path, {}, v_headers, body)  # noqa: E731
    number = calibrate(validate)
    runs = timeit.Timer(validate).repeat(repeat=REPEAT, number=number)
    results["validate.goct20"] = {"us": statistics.median(runs) / number * 1e6, "number": number, "repeat": REPEAT}
    info["validate.body_bytes"] = len(payloads.wire(body))

    async def run_async() -> None:
        async with AsyncClient(token=TOKEN, bot_id=BOT_ID, base_url=base) as ac, httpx.AsyncClient() as araw:

            async def araw_get() -> object:
                response = await araw.get(url, headers=headers)
                response.raise_for_status()
                return response.json()

            await _interleaved_async(
                {"async.ours": lambda: ac.get_table(table="Customers"), "async.raw": araw_get}, CALLS_PER_RUN
            )

    asyncio.run(run_async())
    ours.close()
    ours_novalid.close()
    raw.close()


# ---- our generator's stages, in process (was bench_generator.py) ----------------------------


STAGES_SYNTHETIC_N = 100
"""The synthetic document (benchmarks/synthetic.py) whose stages gen-stages also times, cold."""


def _stages(spec: Path, package: str, runs: int, prefix: str) -> None:
    """Stage times of the last of ``runs`` in-process runs, and the peak RSS after each stage."""
    import resource

    sys.path.insert(0, str(ROOT))  # the checkout's generator/ (installed, the tool is botpress_codegen)
    from generator.emit.format import format_files
    from generator.emit.render import render
    from generator.load.reader import load_document
    from generator.lower.api import build_api

    stages: dict[str, list[float]] = {"load+validate": [], "ir": [], "render": [], "format": [], "total": []}
    rss: dict[str, float] = {}

    def peak() -> float:
        """This process's peak RSS (MB): VmHWM, which, unlike ru_maxrss, does not start at the size of
        the process that forked this one."""
        try:
            for line in Path("/proc/self/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        except (OSError, ValueError):
            pass
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    rss["start"] = peak()
    for _ in range(runs):
        t0 = time.perf_counter()
        doc = load_document(spec)
        t1 = time.perf_counter()
        rss["load+validate"] = peak()
        api = build_api(doc, package)
        t2 = time.perf_counter()
        rss["ir"] = peak()
        files = render(api)
        t3 = time.perf_counter()
        rss["render"] = peak()
        format_files(files, package)
        t4 = time.perf_counter()
        rss["format"] = peak()
        for key, value in zip(stages, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0), strict=True):
            stages[key].append(value)
        del doc, api, files
    for key, values in stages.items():
        results[f"{prefix}.{key}"] = {"us": values[-1] * 1e6, "number": 1, "repeat": 1}
    info[f"{prefix}.rss_mb"] = rss


def family_gen_stages() -> None:
    """Our generator's stages in process: a synthetic document of STAGES_SYNTHETIC_N schemas, cold
    (one run, no cache), then spec/openapi.yaml (second of 2 runs, the user's cache as it is)."""
    import os
    import tempfile

    import synthetic

    os.environ["CODEGEN_NO_CACHE"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        doc = synthetic.write(STAGES_SYNTHETIC_N, Path(tmp) / "synthetic.json")
        _stages(doc, "synthetic_client", 1, "synthetic")
    info["synthetic.label"] = f"synthetic N={STAGES_SYNTHETIC_N} (cold, one run, first in its process)"
    del os.environ["CODEGEN_NO_CACHE"]
    _stages(ROOT / "spec" / "openapi.yaml", "botpress_client", 2, "spec")
    info["spec.label"] = "spec/openapi.yaml (second of 2 runs, the default cache; peak RSS masked by the run before)"


def family_profile() -> None:
    """pyinstrument profile of our decode + encode (stdlib json), printed as text (BENCH_PROFILE=1)."""
    sys.modules["orjson"] = None  # type: ignore[assignment]
    add_generated_to_path()
    from botpress_client import _serde, models
    from pyinstrument import Profiler

    profiler = Profiler(interval=0.0001)
    profiler.start()
    for _ in range(3000):
        models.GetOrCreateTableResponse.from_dict(_serde.json_loads(GOCT_WIRE)).to_dict()
    for _ in range(200):
        models.ListFilePassagesResponse.from_dict(_serde.json_loads(PASSAGES_WIRE)).to_dict()
    profiler.stop()
    emit({"text": profiler.output_text(unicode=False, color=False, show_all=False)})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("family")
    parser.add_argument("--peers", type=Path, default=Path("."))
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    codec: dict[str, Callable[[], None]] = {
        "json": family_json,
        "ours-std": lambda: family_ours(orjson=False),
        "ours-orjson": lambda: family_ours(orjson=True),
        "opc": lambda: family_opc(args.peers),
        "pydantic": lambda: family_pydantic(args.peers),
    }
    if args.family in codec:
        codec[args.family]()
        serve_codec()
    elif args.family == "client":
        family_client(args.peers, args.port)
        emit({"results": results, "info": info})
    elif args.family == "profile":
        family_profile()
    elif args.family == "gen-stages":
        family_gen_stages()
        emit({"results": results, "info": info})
    else:
        raise SystemExit(f"unknown family {args.family!r}")


if __name__ == "__main__":
    main()
