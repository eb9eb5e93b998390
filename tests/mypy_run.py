"""``mypy --strict`` over generated code, as every test and ``make typecheck`` run it: one set of
options and one incremental cache, so that the standard library, httpx and the committed package
are analysed once per checkout instead of once per run.

The cache lives in ``.mypy_cache/generated`` (ignored by git). It can only save time: mypy keeps a
module's cached result only while the module's source hash and options are the ones it was
computed from, and re-checks it otherwise, so a stale cache (another branch, a regenerated
package, packages written to new temporary folders) is safe. Its files are written atomically
(a temporary file, then a rename), so two pytest-xdist workers may share it.

Expected type errors are proven in place: the line carries ``# type: ignore[code]`` and
``--strict`` (which holds ``--warn-unused-ignores``) fails the run if that error ever goes away.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".mypy_cache" / "generated"
# The repository's configuration (strict, warn_unreachable) for generated code too: the same
# options in every run, so every run reads the same cache entries.
CONFIG = ROOT / "pyproject.toml"
ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+): error: (?P<message>.*)$", re.MULTILINE)


def command(python_version: str = "3.10", python: str | Path = sys.executable) -> list[str]:
    """The mypy command line every run over generated code starts with."""
    return [
        str(python),
        *("-m", "mypy", "--strict", "--python-version", python_version),
        *("--config-file", str(CONFIG), "--cache-dir", str(CACHE)),
    ]


def run(
    targets: Sequence[str | Path],
    *,
    cwd: Path,
    path: Iterable[Path] = (),
    python_version: str = "3.10",
    env: dict[str, str] | None = None,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` over ``targets`` (files, or ``-p``/``-m`` arguments) from ``cwd``, with
    ``path`` as MYPYPATH (the folders holding the packages the targets import)."""
    environment = dict(os.environ if env is None else env)
    folders = [str(p) for p in path]
    if folders:
        environment["MYPYPATH"] = os.pathsep.join(folders)
    return subprocess.run(
        [*command(python_version), *map(str, targets)],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def packages(names: Iterable[str]) -> list[str]:
    """``-p NAME`` for each package."""
    return [arg for name in names for arg in ("-p", name)]


def errors(result: subprocess.CompletedProcess[str], file: str | Path | None = None) -> list[str]:
    """The ``file:line: error: message`` lines of a run; with ``file``, those of the files of
    that name only."""
    name = None if file is None else Path(file).name
    return [m.group(0) for m in ERROR.finditer(result.stdout) if name in (None, Path(m.group("file")).name)]
