"""Generate every golden case into a temporary folder and run ``mypy --strict`` (Python 3.10
target) over all of them in one process."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from generator.write.files import write_package
from tests.goldens import cases, render_case


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        args = [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10", "--no-incremental"]
        for case in cases():
            write_package(render_case(case, full=True), Path(tmp) / case.name)
            args += ["-p", case.name]
        result = subprocess.run(args, env={**os.environ, "MYPYPATH": tmp}, cwd=tmp, check=False)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
