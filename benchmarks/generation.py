"""Generation measurements of ``make bench``: each tool as a child process, wall time and peak RSS.

- ``bench_generation``: ours cold (``CODEGEN_NO_CACHE=1``), ours with a warm cache, and
  openapi-python-client (with its default ruff post-hooks) on spec/openapi.yaml and on the corpus
  document (openai's by default);
- ``bench_check``: ``python -m generator check ... --changes`` as a user runs it right after
  ``git clone``: in a fresh clone of this repository's HEAD, with an empty cache folder (so the
  full check: the quick path needs a record in the cache), then with the cache a first check filled;
- ``bench_scaling``: ours cold and OPC on synthetic documents of 10 to 4,000 schemas (synthetic.py),
  with the exponent of a least-squares fit of log(figure) on log(N).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import synthetic
from common import BIN, ENV, PY, ROOT, SPEC, first_line, log

GEN_RUNS = 3  # generation runs per tool on spec/openapi.yaml (median)
GEN_SLOW = 40.0  # a generation run longer than this is not repeated (keeps the run short)
GEN_TIMEOUT = 75.0  # a run on spec/openapi.yaml is stopped here; its time and RSS are then lower bounds
CORPUS_RUNS = 1  # one run per tool on the corpus document (a minute for ours cold)
CORPUS_TIMEOUT = 180.0
SCALE_SIZES = tuple(int(n) for n in os.environ.get("BENCH_SCALE_SIZES", "10,100,1000,4000").split(","))
SCALE_RUNS = {n: 3 if n <= 10 else 2 if n <= 100 else 1 for n in SCALE_SIZES}
SCALE_TIMEOUT = 210.0  # per synthetic run; a stopped run gives lower bounds (and skips the larger N)
CHECK_RUNS = 5
CHECK_TIMEOUT = 120.0
CHECK_ARGS = ["--spec", "spec/openapi.yaml", "--out", "generated", "--package", "botpress_client", "--changes"]
"""The arguments of ``make check`` (the Makefile's GEN_ARGS and --changes)."""


@dataclass
class GenRun:
    seconds: float
    maxrss_mb: float
    code: int
    out: str
    err: str
    tree_mb: float = 0.0  # the largest sum of the RSS of the command's processes at one time
    cpu_seconds: float = 0.0  # user + system time of the command and the children it reaped


LAUNCHER = """
import json, os, signal, sys, time
result, timeout, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
started = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ, setpgroup=0)
signal.signal(signal.SIGALRM, lambda *_: os.killpg(pid, signal.SIGKILL))
signal.setitimer(signal.ITIMER_REAL, timeout)

def tree():  # (peak RSS of each process so far, current RSS) of every process in the group
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[2]) != pid:
                    continue
            with open(f"/proc/{name}/status") as f:
                kb = {k: int(v.split()[0]) for k, _, v in (l.partition(":") for l in f) if k in ("VmHWM", "VmRSS")}
            found[name] = (kb.get("VmHWM", 0), kb.get("VmRSS", 0))
        except (OSError, ValueError, IndexError):
            pass
    return found

peaks, total_kb, status, usage = {}, 0, 0, None
while True:
    try:
        done, status, usage = os.wait4(pid, os.WNOHANG)
    except ChildProcessError:
        break
    if done:
        break
    now = tree()
    for name, (hwm, _) in now.items():
        peaks[name] = max(peaks.get(name, 0), hwm)
    total_kb = max(total_kb, sum(rss for _, rss in now.values()))
    time.sleep(0.02)
seconds = time.perf_counter() - started
signal.setitimer(signal.ITIMER_REAL, 0)
largest = max([usage.ru_maxrss if usage else 0, *peaks.values()])
with open(result, "w") as f:
    json.dump({"seconds": seconds, "maxrss_kb": largest, "tree_kb": total_kb, "processes": len(peaks),
               "code": os.waitstatus_to_exitcode(status),
               "cpu": usage.ru_utime + usage.ru_stime if usage else 0.0}, f)
"""
"""Runs the measured command and reports its wall time and peak RSS. Linux hands a child the peak
RSS of the process that forked it (at exec, the old memory map's high-water mark becomes the new
program's ru_maxrss): started straight from bench.py, every figure would be at least bench.py's own
size. This small launcher (python -S, ~10 MB) forks the command instead. The peak is that of the
largest process of the command's process group, whoever waits for it (os.wait4 sees only reaped
children; our formatting workers are children of a fork server): each process's VmHWM, read from
/proc every 20 ms, and wait4's figure; the largest sum of the group's RSS at one time is kept too."""


def run_measured(cmd: list[str], timeout: float, env: dict[str, str] | None = None, cwd: Path = ROOT) -> GenRun:
    """Run ``cmd`` (through LAUNCHER); its wall time and peak RSS (os.wait4: the command and its
    reaped children). Stopped (SIGKILL to its process group) after ``timeout`` seconds."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        result = Path(tmp) / "result.json"
        started = time.perf_counter()
        proc = subprocess.Popen(
            [PY, "-S", "-c", LAUNCHER, str(result), str(timeout), *cmd],
            stdout=out, stderr=err, stdin=subprocess.DEVNULL, env={**ENV, **(env or {})}, cwd=cwd, start_new_session=True,
        )  # fmt: skip
        killer = threading.Timer(timeout + 30, lambda: os.killpg(proc.pid, signal.SIGKILL))  # the launcher hung
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        seconds, maxrss_kb, code = time.perf_counter() - started, usage.ru_maxrss, os.waitstatus_to_exitcode(status)
        tree_kb, cpu = 0, 0.0
        try:
            found = json.loads(result.read_text())
            seconds, maxrss_kb, code = found["seconds"], found["maxrss_kb"], found["code"]
            tree_kb, cpu = found.get("tree_kb", 0), found.get("cpu", 0.0)
        except (OSError, ValueError, KeyError):
            code = code or -9  # the launcher itself failed: report the run as killed/failed
        out.seek(0)
        err.seek(0)
        return GenRun(seconds, maxrss_kb / 1024, code, out.read(), err.read(), tree_kb / 1024, cpu)


@dataclass
class GenResult:
    seconds: float | None = None
    maxrss_mb: float | None = None
    runs: int = 0
    error: str | None = None
    note: str = ""
    skipped: bool = False
    lower_bound: bool = False
    """Stopped at ``timeout``: seconds and RSS are lower bounds."""
    timeout: float = 0.0
    tree_mb: float = 0.0
    """The largest sum of the RSS of the command's processes at one time (median)."""


def summarize(tool: str, runs: list[GenRun], timeout: float) -> GenResult:
    result = GenResult(runs=len(runs), timeout=timeout)
    failed = [r for r in runs if r.code != 0]
    if failed and failed[0].code < 0 and failed[0].seconds >= timeout:
        result.seconds, result.maxrss_mb, result.lower_bound = failed[0].seconds, failed[0].maxrss_mb, True
    elif failed:
        r = failed[0]
        lines = [x for x in (r.err or r.out).splitlines() if x.strip()]
        if r.code < 0:
            result.error = f"killed (signal {-r.code}) after {r.seconds:.0f} s"
        else:
            more = f" (+{len(lines) - 1} more lines)" if len(lines) > 1 else ""
            result.error = f"exit {r.code} after {r.seconds:.1f} s: {first_line(r.err or r.out, 110)}{more}"
    elif runs:
        result.seconds = statistics.median(r.seconds for r in runs)
        result.maxrss_mb = statistics.median(r.maxrss_mb for r in runs)
        result.tree_mb = statistics.median(r.tree_mb for r in runs)
        if tool == "opc":
            text = runs[0].out + runs[0].err
            skipped = text.count("Endpoint will not be generated")
            if skipped:
                result.note = f"{skipped} endpoints skipped"
            elif "Warning" in text:
                result.note = "warnings"
    else:
        result.error = "not run"
    return result


def command(tool: str, doc: Path, out: Path, package: str) -> list[str]:
    if tool.startswith("ours"):
        return [PY, "-m", "generator", "generate", "--spec", str(doc), "--out", str(out), "--package", package]
    return [
        str(BIN / "openapi-python-client"),
        "generate",
        "--path",
        str(doc),
        "--output-path",
        str(out / package),
        "--meta",
        "none",
    ]


def measure_tools(
    work: Path,
    doc: Path,
    label: str,
    package: str,
    envs: dict[str, dict[str, str]],
    runs: int,
    timeout: float,
    warm_up: tuple[str, ...] = (),
) -> dict[str, GenResult]:
    """``runs`` rounds, the tools interleaved in each; the tools of ``warm_up`` first run once unmeasured."""
    timings: dict[str, list[GenRun]] = {tool: [] for tool in envs}
    stopped: set[str] = set()
    warm_failed: dict[str, GenRun] = {}
    for i in range(-1 if warm_up else 0, runs):
        for tool, env in envs.items():
            if tool in stopped or (i < 0 and tool not in warm_up):
                continue
            out = work / f"gen-{label}-{tool}-{i}"
            log(f"generation: {tool} on {label} ({doc.name}), {'warm-up' if i < 0 else f'run {i + 1} of {runs}'}")
            run = run_measured(command(tool, doc, out, package), timeout, env)
            shutil.rmtree(out, ignore_errors=True)
            if i < 0:
                if run.code != 0:
                    warm_failed[tool] = run
                    stopped.add(tool)
                continue
            timings[tool].append(run)
            if run.code != 0 or run.seconds > GEN_SLOW:
                stopped.add(tool)
    results = {tool: summarize(tool, found, timeout) for tool, found in timings.items()}
    for tool, run in warm_failed.items():
        why = (
            f"killed at {timeout:.0f} s" if run.code < 0 else f"exit {run.code}: {first_line(run.err or run.out, 110)}"
        )
        results[tool] = GenResult(error=f"unmeasured warm-up run failed ({why})", timeout=timeout)
    return results


def corpus_doc() -> Path | None:
    """The corpus document: BENCH_CORPUS_DOC, else openai's, else the largest of ../shared/corpus."""
    if os.environ.get("BENCH_SKIP_CORPUS"):
        return None
    chosen = os.environ.get("BENCH_CORPUS_DOC")
    if chosen:
        return Path(chosen).resolve()
    for corpus in (ROOT.parent / "shared" / "corpus", Path("/work/shared/corpus")):
        if (corpus / "openai" / "openapi.yaml").is_file():
            return corpus / "openai" / "openapi.yaml"
        if corpus.is_dir():
            docs = [p for p in corpus.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file()]
            if docs:
                return max(docs, key=lambda p: p.stat().st_size)
    return None


# The size of the largest public REST APIs (issue 24): 1,200 operations over 900 schemas.
LARGE_SCHEMAS, LARGE_OPERATIONS = 900, 1200


def large_doc(work: Path) -> Path:
    return synthetic.write(
        LARGE_SCHEMAS, work / f"synthetic-{LARGE_SCHEMAS}-schemas-{LARGE_OPERATIONS}-operations.json", LARGE_OPERATIONS
    )


def doc_label(doc: Path) -> str:
    shown = doc.relative_to(ROOT.parent) if doc.is_relative_to(ROOT.parent) else doc
    return f"{shown} ({doc.stat().st_size / 1e6:.1f} MB)"


def bench_generation(work: Path) -> dict[tuple[str, str], GenResult]:
    """{(doc_key, tool): result} for doc_key spec and corpus, tools ours (cold), ours-warm, opc;
    ("doc", doc_key) holds the document's label in its note."""
    docs: dict[str, Path | None] = {"spec": SPEC, "corpus": corpus_doc(), "large": large_doc(work)}
    github = os.environ.get("BENCH_GITHUB_DOC")
    if github:  # issue 38: GitHub's whole document (13 MB, 1,223 operations), cold, beside OPC
        docs["github"] = Path(github).resolve()
    results: dict[tuple[str, str], GenResult] = {}
    for doc_key, doc in docs.items():
        if doc is None:
            skipped = bool(os.environ.get("BENCH_SKIP_CORPUS"))
            why = "skipped (BENCH_SKIP_CORPUS)" if skipped else "no corpus document found (../shared/corpus)"
            for tool in ("ours", "ours-warm", "opc"):
                results[(doc_key, tool)] = GenResult(error=why, skipped=True)
            results[("doc", doc_key)] = GenResult(note="shared/corpus/openai/openapi.yaml")
            continue
        # Ours twice: cold (no cache: the validator run) and warm (its
        # content-addressed cache filled by one unmeasured run first), as a CI re-run sees it.
        cache = work / f"cache-{doc_key}"
        envs = {"ours": {"CODEGEN_NO_CACHE": "1"}, "ours-warm": {"CODEGEN_CACHE_DIR": str(cache)}, "opc": {}}
        package = "botpress_client" if doc_key == "spec" else "corpus_client"
        runs, timeout = (GEN_RUNS, GEN_TIMEOUT) if doc_key == "spec" else (CORPUS_RUNS, CORPUS_TIMEOUT)
        for tool, result in measure_tools(work, doc, doc_key, package, envs, runs, timeout, ("ours-warm",)).items():
            results[(doc_key, tool)] = result
        results[("doc", doc_key)] = GenResult(note=doc_label(doc))
    results[("subset", "ours")], results[("doc", "subset")] = bench_subset(work, docs["large"])
    return results


# Issue 35: a subset of GitHub's document (@octokit/openapi, api.github.com.json) by one tag in
# under 5 s with an empty cache. BENCH_GITHUB_DOC names that document (npm pack @octokit/openapi);
# without it, the large synthetic document stands in for it.
SUBSET_RUNS, SUBSET_TIMEOUT, SUBSET_LIMIT = 3, 60.0, 5.0


def bench_subset(work: Path, large: Path) -> tuple[GenResult, GenResult]:
    """(ours, cold with an empty cache, generating one tag of the document; its label)."""
    github = os.environ.get("BENCH_GITHUB_DOC")
    doc, tag = (Path(github).resolve(), "issues") if github else (large, "group1")
    runs: list[GenRun] = []
    for i in range(SUBSET_RUNS):
        out, cache = work / f"gen-subset-{i}", work / f"cache-subset-{i}"  # a new, empty cache each run
        log(f"generation: ours on a subset of {doc.name} (--include tag:{tag}), run {i + 1} of {SUBSET_RUNS}")
        cmd = [*command("ours", doc, out, "subset_client"), "--include", f"tag:{tag}"]
        runs.append(run_measured(cmd, SUBSET_TIMEOUT, {"CODEGEN_CACHE_DIR": str(cache)}))
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
    return summarize("ours", runs, SUBSET_TIMEOUT), GenResult(note=f"{doc_label(doc)} --include tag:{tag}")


# ---- make check in a fresh clone ------------------------------------------------------------------


@dataclass
class CheckResult:
    seconds: float | None = None
    maxrss_mb: float | None = None
    runs: int = 0
    codes: list[int] = field(default_factory=list)
    said: str = ""
    """The first line the check printed on stdout (which path it took), then on stderr."""
    quick: bool = False
    """Whether the quick path (fastcheck: a record in the cache) answered; with an empty cache it cannot."""
    refreshed: GenResult | None = None
    """When the quick path did not answer: the check again in the same clone, with the cache a first check filled."""
    error: str | None = None
    head: str = ""
    imported_from: str = ""


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=ENV)
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {first_line(done.stderr or done.stdout)}")
    return done.stdout.strip()


QUICK_SAID = "(these inputs gave exactly these files before, says the cache)"
"""What the check prints when its quick path answered (generator/cli.py)."""


def check_runs(work: Path, clone: Path, env: dict[str, str], prefix: str, shared: Path | None = None) -> list[GenRun]:
    """CHECK_RUNS timed checks, each with a new empty cache folder (or all with ``shared``)."""
    runs: list[GenRun] = []
    for i in range(CHECK_RUNS):
        cache = shared or work / f"{prefix}-{i}"
        cache.mkdir(exist_ok=True)
        cmd = [PY, "-m", "generator", "check", *CHECK_ARGS]
        runs.append(run_measured(cmd, CHECK_TIMEOUT, {**env, "CODEGEN_CACHE_DIR": str(cache)}, cwd=clone))
    return runs


def bench_check(work: Path) -> CheckResult:
    """``make check`` as users see it: a fresh ``git clone`` of HEAD, an empty cache folder per run,
    the generator imported from the clone (PYTHONPATH), timed as a child process."""
    result = CheckResult()
    try:
        result.head = git("rev-parse", "--short", "HEAD")
        clone = work / "clone"
        log(f"check: git clone of HEAD {result.head}, then {CHECK_RUNS} timed runs of `generator check`")
        git("clone", "--quiet", str(ROOT), str(clone), cwd=work)
        git("checkout", "--quiet", "--detach", git("rev-parse", "HEAD"), cwd=clone)
        env = {"PYTHONPATH": str(clone)}
        probe = run_measured([PY, "-c", "import generator; print(generator.__file__)"], 60, env, cwd=clone)
        result.imported_from = probe.out.strip()
        if not result.imported_from.startswith(str(clone)):
            raise RuntimeError(
                f"the clone's generator is not the one imported: {result.imported_from or probe.err[-150:]}"
            )
        runs = check_runs(work, clone, env, "check-cache")
        result.runs = len(runs)
        result.codes = [r.code for r in runs]
        result.said = first_line(runs[0].out, 120)
        if runs[0].err.strip():
            result.said += f"; stderr: {first_line(runs[0].err, 160)}"
        result.quick = QUICK_SAID in runs[0].out
        result.seconds = statistics.median(r.seconds for r in runs)
        result.maxrss_mb = statistics.median(r.maxrss_mb for r in runs)
        if not result.quick and set(result.codes) == {0}:
            # An empty cache holds no record, so the full check ran (issue 22: nothing in the
            # repository is trusted). What it costs once a first check recorded its verdict:
            log("check: the full check ran (empty cache); one check to fill a cache, then the timed checks with it")
            warm = work / "warm-cache"
            cmd = [PY, "-m", "generator", "check", *CHECK_ARGS]
            warm.mkdir()
            done = run_measured(cmd, CHECK_TIMEOUT, {**env, "CODEGEN_CACHE_DIR": str(warm)}, cwd=clone)
            again = check_runs(work, clone, env, "warm-cache", shared=warm) if done.code == 0 else [done]
            result.refreshed = summarize("ours", again, CHECK_TIMEOUT)
            result.refreshed.note = "quick path" if all(QUICK_SAID in r.out for r in again) else "full check"
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        result.error = f"{type(exc).__name__}: {exc}"
    return result


# ---- scaling on synthetic documents -----------------------------------------------------------------


@dataclass
class Scaling:
    results: dict[int, dict[str, GenResult]] = field(default_factory=dict)
    docs: dict[int, str] = field(default_factory=dict)
    """N -> what the document holds (operations, size)."""
    valid: str = ""
    skipped: str = ""


def bench_scaling(work: Path) -> Scaling:
    scaling = Scaling()
    if os.environ.get("BENCH_SKIP_SCALING"):
        scaling.skipped = "skipped (BENCH_SKIP_SCALING)"
        return scaling
    problem = synthetic.validate(100)
    scaling.valid = (
        "N=100 document: valid per openapi-spec-validator" if problem is None else f"N=100 INVALID: {problem}"
    )
    capped: dict[str, int] = {}  # tool -> the N at which it hit the cap (larger N are skipped)
    for n in SCALE_SIZES:
        doc = synthetic.write(n, work / f"synthetic_{n}.json")
        ops = max(2, n // 10)
        scaling.docs[n] = f"{ops} ops, {doc.stat().st_size / 1e6:.2f} MB"
        envs = {tool: env for tool, env in (("ours", {"CODEGEN_NO_CACHE": "1"}), ("opc", {})) if tool not in capped}
        found = (
            measure_tools(work, doc, f"syn{n}", "synthetic_client", envs, SCALE_RUNS[n], SCALE_TIMEOUT) if envs else {}
        )
        for tool, at in capped.items():
            found[tool] = GenResult(error=f"skipped: stopped at the {SCALE_TIMEOUT:.0f} s cap on N={at}", skipped=True)
        for tool, result in found.items():
            if result.lower_bound or (result.error and "killed" in result.error):
                capped.setdefault(tool, n)
        scaling.results[n] = found
        doc.unlink()
    return scaling


def fit_exponent(points: list[tuple[int, float]]) -> float | None:
    """The slope of the least-squares line of log(value) on log(N); ``None`` under two points."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(v) for _, v in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else None
