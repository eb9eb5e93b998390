"""``mypy --strict`` over generated code, as every test and ``make typecheck`` run it: one set of
options and one incremental cache, so that the standard library, httpx and the packages of the
goldens and fixtures are analysed once per machine instead of once per run (a cold run of the
smallest golden is ~11 s of CPU, of which ~10 s is the standard library and httpx; warm, ~0.5 s).

The cache lives outside the repository, beside the generator's own cache
(``$CODEGEN_MYPY_CACHE``, else ``$XDG_CACHE_HOME/botpress-codegen/mypy``, else
``~/.cache/botpress-codegen/mypy``): a fresh clone, another worktree or CI's clone on the same
machine starts warm. It can only save time: mypy keeps a module's cached result only while the
module's source hash, its dependencies' interfaces, the mypy version and the options are the ones
it was computed from, re-checks it otherwise, and reports a cached module's errors again, so a
stale cache (another branch, a regenerated package, packages written to new temporary folders) is
safe; a run mypy crashes on all the same (its incremental mode can, on a cache written from
another package of the same name) is made again without the cache. Its files are written
atomically (a temporary file, then a rename), and a data file whose modification time is not the one its meta file records is ignored, so two
processes may share it. A run whose search path differs (another Python, say) names a ``slot``:
a cache folder of its own.

Expected type errors are proven in place: the line carries ``# type: ignore[code]`` and
``--strict`` (which holds ``--warn-unused-ignores``) fails the run if that error ever goes away.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(
    os.environ.get("CODEGEN_MYPY_CACHE")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "botpress-codegen" / "mypy"
)
# The repository's configuration (strict, warn_unreachable) for generated code too: the same
# options in every run, so every run reads the same cache entries.
CONFIG = ROOT / "pyproject.toml"
ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+): error: (?P<message>.*)$", re.MULTILINE)


def command(python_version: str = "3.10", python: str | Path = sys.executable, slot: str = "generated") -> list[str]:
    """The mypy command line every run over generated code starts with (``slot``: the cache's
    folder; another one for a run whose modules resolve differently)."""
    return [
        str(python),
        *("-m", "mypy", "--strict", "--python-version", python_version),
        *("--config-file", str(CONFIG), "--cache-dir", str(CACHE / slot)),
    ]


def run(
    targets: Sequence[str | Path],
    *,
    cwd: Path,
    path: Iterable[Path] = (),
    python_version: str = "3.10",
    env: dict[str, str] | None = None,
    timeout: float = 600,
    options: Sequence[str] = (),
    slot: str = "generated",
) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` over ``targets`` (files, or ``-p``/``-m`` arguments) from ``cwd``, with
    ``path`` as MYPYPATH (the folders holding the packages the targets import) and more
    ``options`` (``--python-executable``: then name a ``slot`` of its own)."""
    environment = dict(os.environ if env is None else env)
    folders = [str(p) for p in path]
    if folders:
        environment["MYPYPATH"] = os.pathsep.join(folders)
    argv = [*command(python_version, slot=slot), *options, *map(str, targets)]
    done = subprocess.run(argv, cwd=cwd, env=environment, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode == 2 and "INTERNAL ERROR" in done.stdout + done.stderr:
        # mypy's incremental mode can crash on a cache written from another package of the same
        # name ("Cannot find component ..."): the answer of a run without it is the one we want
        with tempfile.TemporaryDirectory(prefix="mypy-cache-") as fresh:
            argv[argv.index("--cache-dir") + 1] = fresh
            done = subprocess.run(
                argv, cwd=cwd, env=environment, capture_output=True, text=True, timeout=timeout, check=False
            )
    _log(done)
    return done


def _log(done: subprocess.CompletedProcess[str]) -> None:
    """With ``$CODEGEN_MYPY_LOG`` set, the run's last line (``... in N source files``) appended
    to that file: how the suite counts the files it type-checks."""
    log = os.environ.get("CODEGEN_MYPY_LOG")
    if log:
        last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{os.environ.get('PYTEST_CURRENT_TEST', 'make typecheck')}\t{last}\n")


def packages(names: Iterable[str]) -> list[str]:
    """``-p NAME`` for each package."""
    return [arg for name in names for arg in ("-p", name)]


def errors(result: subprocess.CompletedProcess[str], file: str | Path | None = None) -> list[str]:
    """The ``file:line: error: message`` lines of a run; with ``file``, those of the files of
    that name only."""
    name = None if file is None else Path(file).name
    return [m.group(0) for m in ERROR.finditer(result.stdout) if name in (None, Path(m.group("file")).name)]


def main(argv: Sequence[str]) -> int:
    """``python -m tests.mypy_run ARGS``: mypy over this repository's own code (``make typecheck``
    runs it over generator/), with the repository's configuration (strict, Python 3.11) and the
    kept cache, in a folder of its own."""
    mypy = [sys.executable, "-m", "mypy", "--config-file", str(CONFIG), "--cache-dir", str(CACHE / "repository")]
    return subprocess.run([*mypy, *argv], cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
