"""Fixtures of the generator's tests: the generator installed from its wheel in a fresh virtual
environment outside the checkout (``installed``; shared by the install and quick-start tests).

No network: the wheel is built with ``pip wheel --no-deps --no-build-isolation --no-index`` from
a copy of the sources, and the fresh environment (made ``--without-pip``, the wheel installed by
this environment's pip with ``--python``) borrows the runtime dependencies through a ``.pth``
line naming this environment's site-packages. A path in a ``.pth`` file does not run the ``.pth``
files found there, so this checkout's editable install stays invisible.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from generator import __version__

from ..conftest import ROOT


def sh(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``bin/`` of a fresh virtual environment holding the generator installed from its wheel."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("generator", "templates"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    dist = base / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    sh(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "-w", dist, source, cwd=base)
    (wheel,) = dist.glob("botpress_codegen-*.whl")
    assert wheel.name.startswith(f"botpress_codegen-{__version__}-")
    venv = base / "venv"
    sh(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base)
    python = venv / "bin" / "python"
    purelib = sh(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base).strip()
    Path(purelib, "_borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    sh(*pip, "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel, cwd=base)
    return venv / "bin"
