"""Shared fixtures: paths, the committed generated package on sys.path, the command line, the
session's generations (tests/generations.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
SPEC = ROOT / "spec" / "openapi.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

if str(GENERATED) not in sys.path:
    sys.path.insert(0, str(GENERATED))

from .examples import PROFILE, SCALE  # noqa: E402
from .generations import Generations  # noqa: E402
from .loopback import loopback  # noqa: E402,F401 - the fixture, for every test module
from .streaming_server import streaming_server  # noqa: E402,F401 - the same, for streaming tests

# hypothesis's own profiles, for tests that set no example count (tests/examples.py)
for _name, _scale in SCALE.items():
    settings.register_profile(_name, max_examples=100 * _scale)
settings.load_profile(PROFILE)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line run in this process: its exit code, stdout and stderr."""
    from generator import cli

    capsys.readouterr()
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="session")
def generations(tmp_path_factory: pytest.TempPathFactory) -> Generations:
    """Generations made once a session, shared by every test (and every xdist worker)."""
    own = tmp_path_factory.mktemp("generations")
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist: this process is the whole session
        return Generations(own, own)
    shared = tmp_path_factory.getbasetemp().parent / "generations"  # the session's, not a worker's
    shared.mkdir(exist_ok=True)
    return Generations(shared, own)


# Modules whose tests mostly generate whole packages, start processes or run mypy: all their
# tests are marked slow (make test-quick leaves them out). Elsewhere, mark a test itself.
SLOW_MODULES = frozenset(
    {
        *("test_install", "test_constructs", "test_degraded", "test_hostile", "test_hostile_specs"),
        *("test_hostile_package", "test_fuzz", "test_structural_fuzz", "test_names_property"),
        *("test_generation_memory", "test_module_sizes", "test_lazy_table_chunks", "test_lazy_table_chunks_client"),
        *("test_regeneration", "test_goldens", "test_bad_input", "test_changes", "test_diff", "test_tool"),
        *("test_lint", "test_fastcheck", "test_streams_generated"),
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.stem in SLOW_MODULES or "generations" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
