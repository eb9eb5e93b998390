"""Golden files: each fixture spec under tests/fixtures/golden/<name>/spec.* and the package
generated from it, committed under tests/fixtures/golden/<name>/expected/<name>/.

``python -m tests.goldens`` (``make goldens``) rewrites every expected folder from the
current generator; review the diff before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from generator.emit.render import RUNTIME_FILES, SELECTION
from generator.pipeline import generate_files
from generator.write.files import write_package

GOLDEN = Path(__file__).resolve().parent / "fixtures" / "golden"

# Files that do not depend on the spec (the shared runtime): pinned once, by `make check`
# on generated/botpress_client, rather than seven times over.
SPEC_INDEPENDENT = frozenset(RUNTIME_FILES) | {"py.typed", SELECTION}


def cases() -> list[Path]:
    """Folders holding one fixture spec each, sorted by name."""
    return sorted(p for p in GOLDEN.iterdir() if p.is_dir() and any(p.glob("spec.*")))


def spec_of(case: Path) -> Path:
    return next(iter(sorted(case.glob("spec.*"))))


def expected_dir(case: Path) -> Path:
    return case / "expected" / case.name


def render_case(case: Path, *, full: bool = False) -> dict[str, str]:
    """The package generated from the case's spec; without ``full``, only its golden files."""
    files = generate_files(str(spec_of(case)), case.name)
    return files if full else {k: v for k, v in files.items() if k not in SPEC_INDEPENDENT}


def main() -> int:
    for case in cases():
        write_package(render_case(case), expected_dir(case), overwrite=True)  # the goldens omit some files
        print(f"rewrote {expected_dir(case)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
