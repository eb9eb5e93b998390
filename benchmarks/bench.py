"""``make bench``: our generated client and generator against the tools users would pick instead.

Runs in benchmarks/.venv (made by ``make bench`` from benchmarks/requirements.txt), on the same
input for every tool:

1. generates the peers from spec/openapi.yaml into a temporary folder:
   openapi-python-client's client ("OPC") and datamodel-code-generator's pydantic v2 models;
2. decode / encode of a GetOrCreateTable response (10 columns, ~3 KB) and of a ListFilePassages
   page (200 passages): ours with the standard library json (orjson hidden from the process),
   ours with orjson (picked up by our package's own _serde), OPC, pydantic v2, json alone.
   One process per tool family (workers.py); the families' timed runs are interleaved in time;
3. client overhead: ``get_table`` against a loopback server (a child process) through our Client,
   raw httpx.Client with the same headers, OPC's client; our AsyncClient vs raw httpx.AsyncClient;
4. request validation of a 20-column getOrCreateTable body, and its share of one call;
5. generation: wall time and peak RSS (child process) of ``python -m generator generate`` and
   ``openapi-python-client generate`` on spec/openapi.yaml and on the largest corpus document;
6. prints one table (medians, ratios ours/theirs, targets of issue 9) and writes it to
   benchmarks/results.md with the machine and every package version. Exits 0 even when targets
   are missed: it is a report.

Environment: BENCH_PROFILE=1 adds a pyinstrument profile of our decode/encode;
BENCH_CORPUS_DOC=path picks another corpus document; BENCH_SKIP_CORPUS=1 skips it.
"""

from __future__ import annotations

import datetime as dt
import importlib.metadata
import itertools
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = ROOT / "spec" / "openapi.yaml"
RESULTS = HERE / "results.md"
BIN = Path(sys.executable).parent
PY = sys.executable
WORKERS = HERE / "workers.py"

REPEAT = 11  # timed runs per codec measurement (median); same as workers.REPEAT
GEN_RUNS = 3  # generation runs per tool and document (median)
GEN_SLOW = 40.0  # a generation run longer than this is not repeated (keeps the run short)
GEN_TIMEOUT = 75.0  # a generation run is stopped here; its time and RSS are then lower bounds

sys.path.insert(0, str(HERE))
import payloads  # noqa: E402

ENV = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONDONTWRITEBYTECODE="1")
"""Every child runs with the bench venv first on PATH (OPC then finds its ruff post-hook, as a
user who installed it would)."""


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def first_line(text: str, limit: int = 150) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line[:limit]
    return "(no output)"


# ---- machine and versions -----------------------------------------------------------------


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def busy_note(*loads: str) -> str:
    try:
        if max(float(x.split()[0]) for x in loads) > 0.7:
            return " (other processes were busy during the run: figures are noisier than on an idle machine)"
    except (ValueError, IndexError):
        pass
    return ""


def versions() -> dict[str, str]:
    found: dict[str, str] = {}
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        if name:
            found[name.lower()] = dist.version
    return dict(sorted(found.items()))


# ---- peers' code ------------------------------------------------------------------------------


def generate_peers(peers: Path) -> dict[str, str]:
    """Generate OPC's client and datamodel-code-generator's models; {family: why it failed}."""
    errors: dict[str, str] = {}
    opc = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(SPEC), "--output-path", str(peers / "opc_botpress"), "--meta", "none"],
        capture_output=True, text=True, env=ENV, cwd=peers, timeout=300,
    )
    if opc.returncode != 0 or not (peers / "opc_botpress" / "models").is_dir():
        errors["opc"] = f"OPC generate failed (exit {opc.returncode}): {first_line(opc.stderr or opc.stdout)}"
    dmcg = subprocess.run(
        [
            str(BIN / "datamodel-codegen"), "--input", str(SPEC), "--input-file-type", "openapi",
            "--output-model-type", "pydantic_v2.BaseModel", "--output", str(peers / "dmcg_botpress.py"),
        ],
        capture_output=True, text=True, env=ENV, cwd=peers, timeout=300,
    )
    if dmcg.returncode != 0 or not (peers / "dmcg_botpress.py").is_file():
        errors["pydantic"] = f"datamodel-codegen failed (exit {dmcg.returncode}): {first_line(dmcg.stderr or dmcg.stdout)}"
    return errors


# ---- workers ----------------------------------------------------------------------------------


class WorkerError(Exception):
    pass


class Worker:
    """A codec family's process, driven line by line (see workers.py)."""

    def __init__(self, family: str, peers: Path) -> None:
        self.family = family
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [PY, str(WORKERS), family, "--peers", str(peers)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True, bufsize=1, env=ENV, cwd=ROOT,
        )
        ready = self._read()
        self.numbers: dict[str, int] = ready["ready"]
        self.info: dict[str, Any] = ready["info"]

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("@@"):
                return json.loads(line[2:])  # type: ignore[no-any-return]
        self.proc.wait()
        self.stderr.seek(0)
        lines = [x for x in self.stderr.read().splitlines() if x.strip()]
        raise WorkerError(f"{self.family} worker died (exit {self.proc.returncode}): {lines[-1][:150] if lines else '?'}")

    def run(self, key: str) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"run {key}\n")
        self.proc.stdin.flush()
        return float(self._read()["seconds"])

    def close(self) -> None:
        try:
            if self.proc.poll() is None and self.proc.stdin is not None:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()


def run_oneshot(family: str, peers: Path, *extra: str, timeout: float = 300) -> dict[str, Any]:
    proc = subprocess.run(
        [PY, str(WORKERS), family, "--peers", str(peers), *extra],
        capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=timeout,
    )
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("@@"):
            return json.loads(line[2:])  # type: ignore[no-any-return]
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    raise WorkerError(f"{family} worker failed (exit {proc.returncode}): {lines[-1][:150] if lines else '?'}")


@dataclass
class Figures:
    """Medians (microseconds) per family and key, with their call counts; failures per family."""

    us: dict[str, dict[str, float]] = field(default_factory=dict)
    number: dict[str, dict[str, int]] = field(default_factory=dict)
    repeat: dict[str, dict[str, int]] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def get(self, family: str, key: str) -> float | None:
        return self.us.get(family, {}).get(key)

    def why(self, family: str, key: str) -> str:
        """Why a figure is missing."""
        if family == "client" and key == "sync.opc" and "opc_error" in self.info.get("client", {}):
            return str(self.info["client"]["opc_error"])
        return self.errors.get(family, "not measured")

    def runs(self, family: str, key: str) -> str:
        n = self.number.get(family, {}).get(key)
        r = self.repeat.get(family, {}).get(key)
        return f"{r}x{n}" if n else "-"

    def add(self, family: str, answer: dict[str, Any]) -> None:
        for key, value in answer["results"].items():
            self.us.setdefault(family, {})[key] = value["us"]
            self.number.setdefault(family, {})[key] = value["number"]
            self.repeat.setdefault(family, {})[key] = value["repeat"]
        self.info[family] = answer.get("info", {})


CODEC_FAMILIES = ["json", "ours-std", "ours-orjson", "opc", "pydantic"]


def bench_codecs(peers: Path, figures: Figures) -> None:
    workers: list[Worker] = []
    for family in CODEC_FAMILIES:
        if family in figures.errors:
            continue
        try:
            log(f"codec: starting {family} (import, warm-up, calibration)")
            worker = Worker(family, peers)
        except (WorkerError, OSError) as exc:
            figures.errors[family] = str(exc)
            continue
        workers.append(worker)
        figures.info[family] = worker.info
    log(f"codec: {REPEAT} interleaved rounds over {sum(len(w.numbers) for w in workers)} measurements")
    seconds: dict[tuple[str, str], list[float]] = {}
    for _ in range(REPEAT):
        for worker in list(workers):
            try:
                for key in worker.numbers:
                    seconds.setdefault((worker.family, key), []).append(worker.run(key))
            except (WorkerError, OSError) as exc:
                figures.errors[worker.family] = str(exc)
                workers.remove(worker)
    for worker in workers:
        worker.close()
        for key, number in worker.numbers.items():
            runs = seconds[(worker.family, key)]
            figures.us.setdefault(worker.family, {})[key] = statistics.median(runs) / number * 1e6
            figures.number.setdefault(worker.family, {})[key] = number
            figures.repeat.setdefault(worker.family, {})[key] = len(runs)


def bench_client(peers: Path, figures: Figures) -> None:
    log("client: loopback server up, sync/async calls interleaved")
    server = subprocess.Popen(
        [PY, str(HERE / "loopback.py"), "--lifetime", "600"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV, cwd=HERE,
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().strip() or 0)
        if not port:
            raise WorkerError("loopback server did not start")
        figures.add("client", run_oneshot("client", peers, "--port", str(port)))
    except (WorkerError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
        figures.errors["client"] = str(exc)
    finally:
        if server.stdin is not None:
            server.stdin.close()  # the server stops when its stdin closes
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.terminate()
            server.wait()


# ---- generation ---------------------------------------------------------------------------------


@dataclass
class GenRun:
    seconds: float
    maxrss_mb: float
    code: int
    out: str
    err: str


def run_measured(cmd: list[str], timeout: float, env: dict[str, str] | None = None) -> GenRun:
    """Run ``cmd``; wall time and peak RSS of the child (os.wait4: the child and its reaped children)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env={**ENV, **(env or {})}, cwd=ROOT, start_new_session=True)
        killer = threading.Timer(timeout, lambda: os.killpg(proc.pid, signal.SIGKILL))
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return GenRun(seconds, usage.ru_maxrss / 1024, proc.returncode, out.read(), err.read())


@dataclass
class GenResult:
    seconds: float | None = None
    maxrss_mb: float | None = None
    runs: int = 0
    error: str | None = None
    note: str = ""
    skipped: bool = False
    lower_bound: bool = False
    """Stopped at GEN_TIMEOUT: seconds and RSS are lower bounds."""


def largest_corpus_doc() -> Path | None:
    if os.environ.get("BENCH_SKIP_CORPUS"):
        return None
    chosen = os.environ.get("BENCH_CORPUS_DOC")
    if chosen:
        return Path(chosen).resolve()
    for corpus in (ROOT.parent / "shared" / "corpus", Path("/work/shared/corpus")):
        if corpus.is_dir():
            docs = [p for p in corpus.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file()]
            if docs:
                return max(docs, key=lambda p: p.stat().st_size)
    return None


def bench_generation(work: Path) -> dict[tuple[str, str], GenResult]:
    docs: dict[str, Path | None] = {"spec": SPEC, "corpus": largest_corpus_doc()}
    results: dict[tuple[str, str], GenResult] = {}
    for doc_key, doc in docs.items():
        if doc is None:
            for tool in ("ours", "opc"):
                why = "skipped (BENCH_SKIP_CORPUS)" if os.environ.get("BENCH_SKIP_CORPUS") else "no corpus document found (../shared/corpus)"
                results[(doc_key, tool)] = GenResult(error=why, skipped=True)
            continue
        # Ours twice: cold (no cache: every block through Black, the validator run) and warm (its
        # content-addressed cache filled by one unmeasured run first), as a CI re-run sees it.
        timings: dict[str, list[GenRun]] = {"ours": [], "ours-warm": [], "opc": []}
        stopped: set[str] = set()
        cache = work / f"cache-{doc_key}"
        envs = {"ours": {"CODEGEN_NO_CACHE": "1"}, "ours-warm": {"CODEGEN_CACHE_DIR": str(cache)}, "opc": {}}
        for i in range(-1, GEN_RUNS):
            for tool in ("ours", "ours-warm", "opc"):
                if tool in stopped or (i < 0 and tool != "ours-warm"):
                    continue
                out = work / f"gen-{doc_key}-{tool}-{i}"
                package = "botpress_client" if doc_key == "spec" else "corpus_client"
                if tool.startswith("ours"):
                    cmd = [PY, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", package]
                else:
                    cmd = [str(BIN / "openapi-python-client"), "generate", "--path", str(doc), "--output-path", str(out / package), "--meta", "none"]
                log(f"generation: {tool} on {doc.name}, {'warm-up' if i < 0 else f'run {i + 1}'}")
                run = run_measured(cmd, GEN_TIMEOUT, envs[tool])
                if i < 0:
                    shutil.rmtree(out, ignore_errors=True)
                    if run.code != 0 or run.seconds > GEN_TIMEOUT:
                        stopped.add(tool)
                    continue
                shutil.rmtree(out, ignore_errors=True)
                timings[tool].append(run)
                if run.code != 0 or run.seconds > GEN_SLOW:
                    stopped.add(tool)
        for tool, runs in timings.items():
            result = GenResult(runs=len(runs))
            failed = [r for r in runs if r.code != 0]
            if failed and failed[0].code < 0 and failed[0].seconds >= GEN_TIMEOUT:
                result.seconds, result.maxrss_mb, result.lower_bound = failed[0].seconds, failed[0].maxrss_mb, True
            elif failed:
                r = failed[0]
                lines = [x for x in (r.err or r.out).splitlines() if x.strip()]
                if r.code < 0:
                    result.error = f"killed after {r.seconds:.0f} s (limit {GEN_TIMEOUT:.0f} s)"
                else:
                    more = f" (+{len(lines) - 1} more lines)" if len(lines) > 1 else ""
                    result.error = f"exit {r.code} after {r.seconds:.1f} s: {first_line(r.err or r.out, 110)}{more}"
            else:
                result.seconds = statistics.median(r.seconds for r in runs)
                result.maxrss_mb = statistics.median(r.maxrss_mb for r in runs)
                if tool == "opc":
                    text = runs[0].out + runs[0].err
                    skipped = text.count("Endpoint will not be generated")
                    if skipped:
                        result.note = f"{skipped} endpoints skipped"
                    elif "Warning" in text:
                        result.note = "warnings"
            results[(doc_key, tool)] = result
        results[("doc", doc_key)] = GenResult(note=f"{doc.relative_to(ROOT.parent) if doc.is_relative_to(ROOT.parent) else doc} ({doc.stat().st_size / 1e6:.1f} MB)")
    return results


# ---- table --------------------------------------------------------------------------------------


def fmt_us(us: float | None) -> str:
    if us is None:
        return "-"
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.1f} us"


@dataclass
class Row:
    measurement: str
    ours: str
    peer: str
    ratio: str
    target: str
    status: str
    runs: str


def compare(
    rows: list[Row], figures: Figures, measurement: str, ours: tuple[str, str, str], peer: tuple[str, str, str],
    limit: float | None, target: str,
) -> None:
    """ours/peer = (family, key, label); limit: the highest ours/peer time ratio that meets the target."""
    o_us, p_us = figures.get(ours[0], ours[1]), figures.get(peer[0], peer[1])
    o_cell = f"{fmt_us(o_us)} {ours[2]}" if o_us is not None else f"failed: {figures.why(ours[0], ours[1])}"
    p_cell = f"{peer[2]} {fmt_us(p_us)}" if p_us is not None else f"{peer[2]}: {figures.why(peer[0], peer[1])}"
    ratio = o_us / p_us if o_us is not None and p_us is not None else None
    status = "-" if limit is None else ("n/a" if ratio is None else ("met" if ratio <= limit else "MISSED"))
    runs = f"{figures.runs(*ours[:2])} / {figures.runs(*peer[:2])}"
    rows.append(Row(measurement, o_cell, p_cell, f"{ratio:.2f}x" if ratio is not None else "-", target, status, runs))


def build_rows(figures: Figures, gen: dict[tuple[str, str], GenResult], gen_error: str | None) -> list[Row]:
    rows: list[Row] = []
    goct_kb = len(payloads.wire(payloads.get_or_create_table_response())) / 1000
    passages_kb = len(payloads.wire(payloads.list_file_passages_response())) / 1000
    names = {
        "goct": f"GetOrCreateTable resp. ({goct_kb:.1f} KB)",
        "passages": f"ListFilePassages, 200 ({passages_kb:.0f} KB)",
    }
    for case, name in names.items():
        compare(rows, figures, f"decode {name}", ("ours-std", f"{case}.decode", "[stdlib]"), ("opc", f"{case}.decode", "OPC"), 0.5, "<=0.50x (>=2x OPC)")
        compare(rows, figures, f"decode {name}", ("ours-std", f"{case}.decode", "[stdlib]"), ("json", f"{case}.decode", "json.loads"), 3.0, "<=3.00x json.loads")
        compare(rows, figures, f"decode {name}", ("ours-orjson", f"{case}.decode", "[orjson]"), ("pydantic", f"{case}.decode", "pydantic"), 1.0, "<=1.00x pydantic")
        for family, label in (("ours-std", "[stdlib]"), ("ours-orjson", "[orjson]")):
            compare(rows, figures, f"decode {name}, strict_responses", (family, f"{case}.decode_strict", f"{label} strict"), (family, f"{case}.decode", "lenient"), None, "(cost of the check)")
    for case, name in names.items():
        compare(rows, figures, f"encode {name}", ("ours-std", f"{case}.encode", "[stdlib]"), ("opc", f"{case}.encode", "OPC"), 0.5, "<=0.50x (>=2x OPC)")
        compare(rows, figures, f"encode {name}", ("ours-orjson", f"{case}.encode", "[orjson]"), ("pydantic", f"{case}.encode", "pydantic"), 1.0, "<=1.00x pydantic")
        compare(rows, figures, f"encode {name}", ("ours-std", f"{case}.encode", "[stdlib]"), ("json", f"{case}.encode", "json.dumps"), None, "(reference)")
    compare(rows, figures, "client get_table, sync", ("client", "sync.ours", "Client"), ("client", "sync.raw", "raw httpx"), 1.15, "<=1.15x raw httpx")
    compare(rows, figures, "client get_table, sync", ("client", "sync.ours", "Client"), ("client", "sync.opc", "OPC"), None, "(reference)")
    compare(rows, figures, "client get_table, async", ("client", "async.ours", "AsyncClient"), ("client", "async.raw", "raw httpx"), 1.15, "<=1.15x raw httpx")
    # request validation and its share of one call
    v_us = figures.get("client", "validate.goct20")
    call_us = figures.get("client", "goct.ours")
    off_us = figures.get("client", "goct.ours_novalidate")
    if v_us is not None and call_us is not None:
        rows.append(Row(
            "validate getOrCreateTable body, 20 columns", fmt_us(v_us),
            f"1 call {fmt_us(call_us)} ({fmt_us(off_us)} unvalidated)", f"{v_us / call_us:.1%} of call", "(reference)", "-",
            f"{figures.runs('client', 'validate.goct20')} / {figures.runs('client', 'goct.ours')}",
        ))
    else:
        rows.append(Row("validate getOrCreateTable body, 20 columns", f"failed: {figures.errors.get('client', '?')}", "-", "-", "(reference)", "-", "-"))
    for (doc_key, label), (tool, how) in itertools.product(
        (("spec", "spec/openapi.yaml"), ("corpus", gen.get(("doc", "corpus"), GenResult(note="corpus")).note)),
        (("ours", "cold"), ("ours-warm", "warm cache")),
    ):
        missing = GenResult(error=gen_error or "not measured")
        ours, opc = gen.get((doc_key, tool), missing), gen.get((doc_key, "opc"), missing)
        for what, attr, unit, limit, target in (("wall", "seconds", "s", 0.5, "<=0.50x OPC"), ("peak RSS", "maxrss_mb", "MB", None, "(reference)")):
            what = f"{what} ({how})"
            o, p = getattr(ours, attr), getattr(opc, attr)
            digits = 2 if unit == "s" else 0
            o_cell = f"{o:.{digits}f} {unit}" if o is not None else f"failed: {ours.error}"
            if ours.lower_bound and o is not None:
                o_cell = f">{o:.{digits}f} {unit} (stopped at {GEN_TIMEOUT:.0f} s)"
            p_cell = f"OPC {p:.{digits}f} {unit}" if p is not None else f"OPC failed: {opc.error}"
            if p is not None and opc.note:
                p_cell += f" [{opc.note}]"
            ratio = o / p if o is not None and p is not None else None
            if limit is None:
                status = "-"
            elif ratio is None:
                status = "MISSED (ours failed)" if o is None and ours.error and not ours.skipped else "n/a"
            else:
                status = "met" if ratio <= limit else "MISSED"
            if ours.lower_bound and status == "met":
                status = "n/a"  # a lower bound cannot show the target met
            ratio_cell = ((">" if ours.lower_bound else "") + f"{ratio:.2f}x") if ratio else "-"
            rows.append(Row(f"generate {what}: {label}", o_cell, p_cell, ratio_cell, target, status, f"{ours.runs} / {opc.runs} runs"))
    return rows


def table_markdown(rows: list[Row]) -> str:
    header = ["measurement", "ours", "peer", "ours/peer", "target", "result", "runs x calls (ours / peer)"]
    cells = [[r.measurement, r.ours, r.peer, r.ratio, r.target, r.status, r.runs] for r in rows]
    cells = [[c.replace("|", "\\|") for c in row] for row in cells]
    widths = [max(len(h), *(len(row[i]) for row in cells)) for i, h in enumerate(header)]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |"]
    lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in cells:
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
    return "\n".join(lines)


def details(figures: Figures, gen_stages: dict[str, Any] | None) -> list[str]:
    out: list[str] = []
    std = figures.us.get("ours-std", {})
    fast = figures.us.get("ours-orjson", {})
    base = figures.us.get("json", {})
    if std:
        out.append("Where our decode/encode time goes (medians):")
        for case, label in (("goct", "GetOrCreateTable"), ("passages", "ListFilePassages 200")):
            out.append(
                f"- {label}: decode[stdlib] {fmt_us(std.get(f'{case}.decode'))} = json.loads {fmt_us(base.get(f'{case}.decode'))}"
                f" + from_dict {fmt_us(std.get(f'{case}.from_dict'))}; decode[orjson] {fmt_us(fast.get(f'{case}.decode'))}"
                f" = orjson.loads {fmt_us(fast.get(f'{case}.loads'))} + from_dict."
                f" encode[stdlib] {fmt_us(std.get(f'{case}.encode'))} = to_dict {fmt_us(std.get(f'{case}.to_dict'))}"
                f" + dumps; encode[orjson] {fmt_us(fast.get(f'{case}.encode'))} (orjson.dumps alone {fmt_us(fast.get(f'{case}.dumps'))})."
            )
        pieces = [k for k in std if k.split(".", 1)[1] not in ("decode", "decode_strict", "encode", "from_dict", "to_dict")]
        parts = [f"{k.split('.', 1)[1]} {fmt_us(std[k])}" for k in pieces]
        if parts:
            out.append("- from_dict pieces (stdlib process): " + "; ".join(parts) + ".")
    same = [figures.info.get(f, {}).get("goct.encoded") for f in ("ours-std", "ours-orjson")]
    same_p = [figures.info.get(f, {}).get("passages.encoded") for f in ("ours-std", "ours-orjson")]
    if all(same + same_p):
        identical = same[0] == same[1] and same_p[0] == same_p[1]
        out.append(f"- Our encoded bytes with and without orjson: {'identical' if identical else 'DIFFERENT'}; to_dict(from_dict(p)) == p for both payloads.")
    for family, label in (("opc", "OPC"), ("pydantic", "pydantic")):
        info = figures.info.get(family, {})
        diffs = [f"{case}: {info[f'{case}.roundtrip']}" for case in ("goct", "passages") if isinstance(info.get(f"{case}.roundtrip"), str)]
        if diffs:
            out.append(f"- {label} does not write back the JSON it read: " + "; ".join(diffs) + ".")
    client = figures.info.get("client", {})
    if client:
        c = figures.us.get("client", {})
        if "sync.ours" in c and "sync.raw" in c:
            out.append(
                f"- Client: ours - raw httpx = {c['sync.ours'] - c['sync.raw']:+.1f} us per sync call,"
                f" {c.get('async.ours', 0) - c.get('async.raw', 0):+.1f} us per async call; same headers on the wire:"
                f" {client.get('same_headers')}; our client parses JSON with {client.get('json_loads')}; raw httpx with response.json()."
            )
        if client.get("opc_error"):
            out.append(f"- OPC client not measured: {client['opc_error']}")
    if gen_stages:
        st = gen_stages.get("results", {})
        if st:
            out.append(
                "- Our generator in process on spec/openapi.yaml (second of 2 runs): "
                + ", ".join(f"{k[6:]} {v['us'] / 1e6:.2f} s" for k, v in st.items())
                + "."
            )
    elif "gen-stages" in figures.errors:
        out.append(f"- Generator stages not measured: {figures.errors['gen-stages']}")
    for family, error in figures.errors.items():
        if family not in ("gen-stages",):
            out.append(f"- {family}: {error}")
    return out


def main() -> int:
    started = time.perf_counter()
    load_before = load_average()
    machine = f"{cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()}), {platform.platform()}"
    log(machine)
    figures = Figures()
    work = Path(tempfile.mkdtemp(prefix="bench-"))
    peers = work / "peers"
    peers.mkdir()
    gen_stages: dict[str, Any] | None = None
    gen: dict[tuple[str, str], GenResult] = {}
    gen_error: str | None = None
    profile_text = ""
    try:
        log("generating the peers' code from spec/openapi.yaml")
        figures.errors.update(generate_peers(peers))
        bench_codecs(peers, figures)
        bench_client(peers, figures)
        try:
            gen = bench_generation(work)
        except Exception as exc:  # noqa: BLE001 - a report: say what failed, go on
            figures.errors["generation"] = gen_error = f"{type(exc).__name__}: {exc}"
        log("generation: our generator's stages, in process")
        try:
            gen_stages = run_oneshot("gen-stages", peers)
        except (WorkerError, subprocess.TimeoutExpired) as exc:
            figures.errors["gen-stages"] = str(exc)
        if os.environ.get("BENCH_PROFILE"):
            log("profile: pyinstrument, our decode + encode")
            try:
                profile_text = run_oneshot("profile", peers)["text"]
            except (WorkerError, subprocess.TimeoutExpired) as exc:
                profile_text = str(exc)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = build_rows(figures, gen, gen_error)
    table = table_markdown(rows)
    notes = details(figures, gen_stages)
    elapsed = time.perf_counter() - started
    load_after = load_average()
    vers = versions()
    key_versions = ", ".join(
        f"{n} {vers[n]}" for n in ("openapi-python-client", "datamodel-code-generator", "pydantic", "pydantic-core", "httpx", "orjson", "black", "ruff", "attrs") if n in vers
    )
    missed = [r for r in rows if r.status.startswith("MISSED")]
    method = (
        f"Medians. Codec rows: one process per tool family, {REPEAT} timed runs of N calls each (runs x calls),"
        " after a warm-up and calibration, the families' runs interleaved in time; GC off during runs (timeit)."
        " [stdlib] = our package in a process where orjson cannot be imported; [orjson] = its normal import (its _serde"
        " picks orjson). OPC = from_dict(json.loads(b)) / json.dumps(to_dict()); pydantic = datamodel-code-generator"
        " models, model_validate_json(b) / model_dump_json(by_alias=True, exclude_unset=True)."
        " Client rows: calls against a loopback HTTP/1.1 keep-alive server in a child process, variants interleaved."
        f" Generation: each tool as a child process, median of up to {GEN_RUNS} runs (a failed run, or one over"
        f" {GEN_SLOW:.0f} s, is not repeated; a run is stopped at {GEN_TIMEOUT:.0f} s); peak RSS from wait4 (ru_maxrss)."
    )
    text = [
        "# Benchmarks (`make bench`)",
        "",
        f"Run {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}, {elapsed:.0f} s. Machine: {machine}.",
        f"Load average (1, 5, 15 min) before / after: {load_before} / {load_after}{busy_note(load_before, load_after)}.",
        "",
        table,
        "",
        method,
        "",
        *notes,
        "",
        f"Targets missed: {len(missed)} of {sum(1 for r in rows if r.status not in ('-',))}."
        + (" " + "; ".join(f"{r.measurement} vs {r.peer.split()[0]}" for r in missed) if missed else ""),
        "",
        f"Key versions: {key_versions}.",
        "",
        "All packages in benchmarks/.venv: " + ", ".join(f"{n} {v}" for n, v in vers.items()) + ".",
    ]
    if profile_text:
        text += ["", "pyinstrument profile of our decode + encode (stdlib json):", "", "```", profile_text.rstrip(), "```"]
    report = "\n".join(text) + "\n"
    RESULTS.write_text(report)
    print(report)
    log(f"done in {elapsed:.0f} s; wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
