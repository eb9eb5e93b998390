"""Without the MCP SDK, the generated package still imports, passes ``mypy --strict`` (its MCP
modules included), and ``python -m <package>.mcp`` says in one line which extra to install.

The environment without the SDK is a venv (no pip) whose one ``.pth`` line names a folder holding
links to httpx and the packages it imports, taken from this environment."""

from __future__ import annotations

import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

from .. import mypy_run

GENERATED = Path(__file__).resolve().parents[2] / "generated"
HTTPX_AND_DEPS = ("httpx", "httpcore", "h11", "anyio", "sniffio", "certifi", "idna", "typing_extensions.py")


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Python with httpx importable and the MCP SDK not."""
    root = tmp_path_factory.mktemp("nosdk")
    venv.create(root / "venv", with_pip=False)
    python = root / "venv" / "bin" / "python"
    only = root / "only"
    only.mkdir()
    site = Path(sysconfig.get_paths()["purelib"])
    for name in HTTPX_AND_DEPS:
        if (site / name).exists():
            (only / name).symlink_to(site / name)
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "only.pth").write_text(f"{only}\n", encoding="utf-8")
    probe = subprocess.run([python, "-c", "import httpx\nimport mcp"], capture_output=True, text=True)
    assert "No module named 'mcp'" in probe.stderr, probe.stderr
    return python


def test_missing_sdk_names_the_extra(bare_python: Path) -> None:
    done = subprocess.run(
        [bare_python, "-m", "botpress_client.mcp"], cwd=GENERATED, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["The MCP server needs the MCP SDK: pip install 'botpress-client[mcp]'"]


def test_mypy_strict_without_the_sdk(bare_python: Path) -> None:
    # Another Python, so other modules found: a cache folder of its own (tests/mypy_run.py)
    done = mypy_run.run(
        ["-p", "botpress_client"], cwd=GENERATED, options=["--python-executable", str(bare_python)], slot="no-sdk"
    )
    assert done.returncode == 0, done.stdout + done.stderr
