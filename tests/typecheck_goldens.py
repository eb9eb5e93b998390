"""``make typecheck``'s run over generated code: the committed package, the test kit user's
suite written against it (tests/client/test_testing_kit.py) and every golden case generated into
a temporary folder, all in one ``mypy --strict`` run (Python 3.10 target) with the shared cache
of :mod:`tests.mypy_run`.

``python -m tests.typecheck_goldens [OUT PACKAGE]`` (default: generated botpress_client)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from generator.write.files import write_package
from tests.goldens import cases, render_case
from tests.mypy_run import ROOT, packages, run

KIT_USER = "tests.client.test_testing_kit"  # a module of this checkout: mypy runs from its root


def main(argv: list[str]) -> int:
    out, package = (Path(argv[0]).resolve(), argv[1]) if argv else (ROOT / "generated", "botpress_client")
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for case in cases():
            write_package(render_case(case, full=True), Path(tmp) / case.name)
            names.append(case.name)
        result = run([*packages([package, *names]), "-m", KIT_USER], cwd=ROOT, path=[Path(tmp), out])
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
