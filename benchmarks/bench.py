"""``make bench``: our generated client and generator against the tools users would pick instead.

Runs in benchmarks/.venv (made by ``make bench`` from benchmarks/requirements.txt), on the same
input for every tool:

1. generates the peers from spec/openapi.yaml into a temporary folder:
   openapi-python-client's client ("OPC") and datamodel-code-generator's pydantic v2 models;
2. decode / encode of a GetOrCreateTable response (10 columns, ~3 KB) and of a ListFilePassages
   page (200 passages): ours with the standard library json (orjson hidden from the process),
   ours with orjson (picked up by our package's own _serde), OPC, pydantic v2, json alone; our
   decode with strict_responses against the lenient one.
   One process per tool family (workers.py); the families' timed runs are interleaved in time;
3. client overhead: ``get_table`` against a loopback server (a child process) through our Client,
   raw httpx.Client with the same headers, OPC's client; our AsyncClient vs raw httpx.AsyncClient;
4. request validation of a 20-column getOrCreateTable body, and its share of one call;
5. generation (generation.py): wall time and peak RSS (child process) of ``python -m generator
   generate`` (cold and with a warm cache) and ``openapi-python-client generate`` on
   spec/openapi.yaml, on openai's corpus document and on a synthetic document of 1,200 operations
   and 900 schemas (the size of the largest public APIs); ``make check`` as run in a fresh clone with
   an empty cache (the full check) and with a warm one (the quick path); both tools on synthetic documents of 10 to 4,000 schemas (synthetic.py), with
   the fitted exponent of the growth; our generator's stages in process (time and memory);
6. prints one table (report.py: medians, ratios ours/theirs, the targets of issues 24 and 16 first,
   then the earlier ones) and writes it to benchmarks/results.md with the machine and every package
   version. Exits 0 even when targets are missed: it is a report.

Environment: BENCH_PROFILE=1 adds a pyinstrument profile of our decode/encode (added anyway when
a decode or encode target is missed: the profile that shows why);
BENCH_CORPUS_DOC=path picks another corpus document; BENCH_SKIP_CORPUS=1 skips it;
BENCH_SKIP_SCALING=1 skips the synthetic documents. The largest APIs (largest.py, issue 38): a
synthetic document of 4,000 schemas and 11,000 operations (BENCH_SKIP_LARGEST=1 skips it), and
BENCH_GRAPH=/path/to/graph.json adds Microsoft Graph's document (minutes). Subsets (subsets.py,
issues 35 and 38): `--include` on GitHub's and Graph's documents of the APIs.guru directory
(BENCH_APIS, by default ../dl/package/api), cold, against 5 and 10 s. The MCP server's
start-up (mcp_startup.py, issue 39): the openai document's first ``tools/list`` against the SDK's floor.
"""

from __future__ import annotations

import datetime as dt
import importlib.metadata
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mcp_startup
from common import BIN, ENV, HERE, PY, RESULTS, ROOT, SPEC, WORKERS, Figures, WorkerError, first_line, log
from generation import (
    CORPUS_RUNS,
    CORPUS_TIMEOUT,
    GEN_RUNS,
    GEN_SLOW,
    GEN_TIMEOUT,
    SCALE_RUNS,
    SCALE_TIMEOUT,
    CheckResult,
    GenResult,
    Scaling,
    bench_check,
    bench_generation,
    bench_scaling,
    corpus_doc,
)
from largest import bench_largest
from lines import corpus_docs
from lines import rows as line_rows
from report import build_rows, codec_notes, generation_notes, stage_notes, summary, table_markdown
from shape import IMPORT_MB, IMPORT_SECONDS, MAX_MODULE_LINES, shape
from subsets import bench_subsets
from synthetic import write as write_synthetic

REPEAT = 11  # timed runs per codec measurement (median); same as workers.REPEAT


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
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(SPEC),
            "--output-path",
            str(peers / "opc_botpress"),
            "--meta",
            "none",
        ],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=peers,
        timeout=300,
    )
    if opc.returncode != 0 or not (peers / "opc_botpress" / "models").is_dir():
        errors["opc"] = f"OPC generate failed (exit {opc.returncode}): {first_line(opc.stderr or opc.stdout)}"
    dmcg = subprocess.run(
        [
            str(BIN / "datamodel-codegen"),
            "--input",
            str(SPEC),
            "--input-file-type",
            "openapi",
            "--output-model-type",
            "pydantic_v2.BaseModel",
            "--output",
            str(peers / "dmcg_botpress.py"),
        ],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=peers,
        timeout=300,
    )
    if dmcg.returncode != 0 or not (peers / "dmcg_botpress.py").is_file():
        errors["pydantic"] = (
            f"datamodel-codegen failed (exit {dmcg.returncode}): {first_line(dmcg.stderr or dmcg.stdout)}"
        )
    return errors


# ---- workers ----------------------------------------------------------------------------------


class Worker:
    """A codec family's process, driven line by line (see workers.py)."""

    def __init__(self, family: str, peers: Path) -> None:
        self.family = family
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [PY, str(WORKERS), family, "--peers", str(peers)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
            env=ENV,
            cwd=ROOT,
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
        raise WorkerError(
            f"{self.family} worker died (exit {self.proc.returncode}): {lines[-1][:150] if lines else '?'}"
        )

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
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=timeout,
    )
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("@@"):
            return json.loads(line[2:])  # type: ignore[no-any-return]
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    raise WorkerError(f"{family} worker failed (exit {proc.returncode}): {lines[-1][:150] if lines else '?'}")


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
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
        cwd=HERE,
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


def method_text() -> str:
    return (
        f"Medians. Codec rows: one process per tool family, {REPEAT} timed runs of N calls each (runs x calls),"
        " after a warm-up and calibration, the families' runs interleaved in time; GC off during runs (timeit)."
        " [stdlib] = our package in a process where orjson cannot be imported; [orjson] = its normal import (its _serde"
        " picks orjson). OPC = from_dict(json.loads(b)) / json.dumps(to_dict()); pydantic = datamodel-code-generator"
        " models, model_validate_json(b) / model_dump_json(by_alias=True, exclude_unset=True). strict = the response"
        " check Client(strict_responses=True) runs, then from_dict, against the lenient decode in the same process."
        " Client rows: calls against a loopback HTTP/1.1 keep-alive server in a child process, variants interleaved."
        " Generation: each tool as a child process (OPC with its default ruff post-hooks), the tools interleaved;"
        f" spec/openapi.yaml: median of up to {GEN_RUNS} runs (a failed run, or one over {GEN_SLOW:.0f} s, is not"
        f" repeated; stopped at {GEN_TIMEOUT:.0f} s); the corpus document: {CORPUS_RUNS} run per tool (stopped at"
        f" {CORPUS_TIMEOUT:.0f} s); synthetic documents: {', '.join(f'N={n}: {r}' for n, r in SCALE_RUNS.items())}"
        f" run(s) per tool, stopped at {SCALE_TIMEOUT:.0f} s (the figures are then lower bounds and larger N are skipped"
        " for that tool). Cold = CODEGEN_NO_CACHE=1; warm cache = CODEGEN_CACHE_DIR filled by one unmeasured run;"
        " peak RSS from wait4 (ru_maxrss) in a small launcher process (see below)."
    )


def bench_shape(work: Path) -> list[str]:
    """The package-shape rows (issue 24): largest module, import cost, what one change rewrites."""
    docs: list[tuple[Path, str]] = []
    corpus = corpus_doc()
    if corpus is not None:
        docs.append((corpus, "corpus_pkg"))
    docs.append((write_synthetic(900, work / "synthetic-900-schemas-1200-operations.json", 1200), "synthetic_pkg"))
    lines = [
        "## Package shape",
        "",
        f"| document | largest module (target <= {MAX_MODULE_LINES:,} lines) | `import`, no bytecode (target <="
        f" {IMPORT_SECONDS} s and {IMPORT_MB:.0f} MB over httpx) | one optional member added to one schema: files"
        " rewritten |",
        "|---|---|---|---|",
    ]
    for doc, package in docs:
        log(f"package shape: {doc.name}")
        try:
            s = shape(doc, package)
        except (subprocess.SubprocessError, OSError, ValueError, StopIteration) as exc:
            lines.append(f"| {doc.name} | failed: {first_line(str(exc))} | | |")
            continue
        ok = lambda good: "met" if good else "MISSED"  # noqa: E731
        changed = s["files_changed"]
        lines.append(
            f"| {doc.name} | {s['largest_module']}: {s['largest_module_lines']:,} ({ok(s['largest_module_ok'])}) |"
            f" {s['import_seconds']} s, {s['import_mb']} MB, {s['modules_loaded_by_import']} modules loaded"
            f" ({ok(s['import_ok'])}) | {len(changed)} ({s['schema']}): {', '.join(changed[:8])}"
            f"{' ...' if len(changed) > 8 else ''} |"
        )
    return lines


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
    check = CheckResult(error="not measured")
    scaling = Scaling(skipped="not measured")
    profile_text = ""
    shape_lines: list[str] = []
    try:
        log("generating the peers' code from spec/openapi.yaml")
        figures.errors.update(generate_peers(peers))
        bench_codecs(peers, figures)
        bench_client(peers, figures)
        try:
            gen = bench_generation(work)
        except Exception as exc:
            figures.errors["generation"] = gen_error = f"{type(exc).__name__}: {exc}"
        check = bench_check(work)
        try:
            scaling = bench_scaling(work)
        except Exception as exc:
            figures.errors["scaling"] = f"{type(exc).__name__}: {exc}"
            scaling = Scaling(skipped=f"failed: {figures.errors['scaling']}")
        try:
            shape_lines = bench_shape(work)
        except Exception as exc:
            figures.errors["shape"] = f"{type(exc).__name__}: {exc}"
        try:
            shape_lines += ["", *line_rows(corpus_docs())]
        except Exception as exc:
            figures.errors["lines"] = f"{type(exc).__name__}: {exc}"
        try:
            shape_lines += ["", *bench_largest(work)]
        except Exception as exc:
            figures.errors["largest"] = f"{type(exc).__name__}: {exc}"
        try:
            shape_lines += ["", *bench_subsets(work)]
        except Exception as exc:
            figures.errors["subsets"] = f"{type(exc).__name__}: {exc}"
        log("MCP server start-up: the openai corpus document")
        try:
            shape_lines += ["", *mcp_startup.bench_rows(ROOT.parent / "shared" / "corpus")]
        except Exception as exc:
            figures.errors["mcp"] = f"{type(exc).__name__}: {exc}"
        log("generation: our generator's stages, in process")
        try:
            gen_stages = run_oneshot("gen-stages", peers, timeout=600)
        except (WorkerError, subprocess.TimeoutExpired) as exc:
            figures.errors["gen-stages"] = str(exc)
        codec_missed = [
            r.measurement
            for r in build_rows(figures, gen, gen_error, check, scaling)
            if r.status.startswith("MISSED") and r.measurement.startswith(("decode", "encode"))
        ]
        if os.environ.get("BENCH_PROFILE") or codec_missed:
            log(
                "profile: pyinstrument, our decode + encode"
                + (" (a decode/encode target was missed)" if codec_missed else "")
            )
            try:
                profile_text = run_oneshot("profile", peers)["text"]
            except (WorkerError, subprocess.TimeoutExpired) as exc:
                profile_text = str(exc)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = build_rows(figures, gen, gen_error, check, scaling)
    notes = (
        codec_notes(figures)
        + stage_notes(gen_stages, figures)
        + generation_notes(check, scaling, "benchmarks/.venv/bin/python")
    )
    notes += [f"- {family}: {error}" for family, error in figures.errors.items() if family != "gen-stages"]
    elapsed = time.perf_counter() - started
    load_after = load_average()
    vers = versions()
    key_versions = ", ".join(
        f"{n} {vers[n]}"
        for n in (
            "openapi-python-client",
            "datamodel-code-generator",
            "pydantic",
            "pydantic-core",
            "httpx",
            "orjson",
            "black",
            "ruff",
            "attrs",
        )
        if n in vers
    )
    text = [
        "# Benchmarks (`make bench`)",
        "",
        f"Run {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}, {elapsed:.0f} s. Machine: {machine}.",
        f"Load average (1, 5, 15 min) before / after: {load_before} / {load_after}{busy_note(load_before, load_after)}.",
        "",
        table_markdown(rows),
        "",
        summary(rows),
        "",
        method_text(),
        "",
        *notes,
        "",
        f"Key versions: {key_versions}.",
        "",
        "All packages in benchmarks/.venv: " + ", ".join(f"{n} {v}" for n, v in vers.items()) + ".",
    ]
    if shape_lines:
        text += ["", *shape_lines]
    if profile_text:
        text += [
            "",
            "pyinstrument profile of our decode + encode (stdlib json):",
            "",
            "```",
            profile_text.rstrip(),
            "```",
        ]
    report = "\n".join(text) + "\n"
    RESULTS.write_text(report)
    print(report)
    log(f"done in {elapsed:.0f} s; wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
