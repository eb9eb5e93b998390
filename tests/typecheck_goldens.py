"""Run ``mypy --strict`` (Python 3.10 target) over every golden package in one process."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.goldens import cases, expected_dir


def main() -> int:
    packages = [expected_dir(case) for case in cases()]
    mypypath = os.pathsep.join(str(p.parent) for p in packages)
    args = [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10"]
    for package in packages:
        args += ["-p", package.name]
    result = subprocess.run(args, env={**os.environ, "MYPYPATH": mypypath}, check=False)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
