"""Format the generated Python with Ruff's formatter, pinned (see pyproject.toml).

Formatting was the slowest stage by far: Black formats about 2,000 lines a second, two minutes of
CPU for the 276,000 lines of a 1,700-schema document, where Ruff's formatter takes about a
second for the whole package. Ruff's formatter is built to give Black's output, and the writer
lays out the two statements where they part (a string too long for the line on the right of an
assignment, a long annotation of a parameter with a default) the way both keep
(:mod:`generator.emit.layout`), so the output is Black's too: tests/generator/test_format.py runs
``black --check`` over the goldens and a corpus package.

Ruff runs once, on the whole package written to a temporary folder, with no configuration file
read (``--isolated``: the user's own settings never change the output) and no cache written.
The runtime modules are copied as they are: they are formatted already (``make lint``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from ..problems import Problem, SpecError
from .layout import WIDTH

TARGET = "py310"  # the oldest Python the generated package supports
_SETTINGS = (
    f"--line-length={WIDTH}",
    f"--target-version={TARGET}",
    "--config=exclude=[]",  # every file given is formatted, whatever its folder is called
    "--config=respect-gitignore=false",
    '--config=format.line-ending="lf"',  # byte-identical on every machine
)
_TIMEOUT = 600  # seconds; Ruff takes a few seconds for the largest documents


def ruff_binary() -> str:
    """The ``ruff`` executable the installed ``ruff`` distribution ships."""
    from ruff.__main__ import find_ruff_bin

    return str(find_ruff_bin())


def format_files(files: dict[str, str], package: str, verbatim: frozenset[str] = frozenset()) -> dict[str, str]:
    """Every ``.py`` and ``.pyi`` file formatted (stubs in stub style); other files, and those
    named in ``verbatim`` (formatted already), pass unchanged."""
    todo = sorted(name for name in files if name.endswith((".py", ".pyi")) and name not in verbatim)
    if not todo:
        return dict(files)
    out = dict(files)
    with tempfile.TemporaryDirectory(prefix="codegen-format-") as tmp:
        root = Path(tmp)
        for name in todo:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(out.pop(name), encoding="utf-8", newline="")
        _run_ruff(root, package)
        for name in todo:
            out[name] = (root / name).read_text(encoding="utf-8")
    return {name: out[name] for name in files}


def _run_ruff(root: Path, package: str) -> None:
    command = [ruff_binary(), "format", "--isolated", "--no-cache", *_SETTINGS, "."]
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        # the formatter is ours to run: its failure is an internal error, not the document's
        raise RuntimeError(f"the formatter (ruff format) could not run: {exc}") from None
    if done.returncode == 0:
        return
    unparsable = [line for line in done.stderr.splitlines() if "Failed to parse" in line]
    if unparsable:  # a construct the writer got wrong: located to the package, never silent
        problems = [Problem(package, "", f"generated code does not parse: {line.strip()}") for line in unparsable]
        raise SpecError(problems)
    print(done.stderr, file=sys.stderr, end="")
    raise RuntimeError(f"the formatter (ruff format) failed with exit status {done.returncode}")
