"""The generator as others install it: a real wheel, in a fresh virtual environment outside the
checkout, run from an empty folder on a public spec (with flags, then with a pyproject.toml table
and no flags, then with a custom template); the client it writes imports and passes mypy --strict.
Installed, the import name is the tool's own, ``botpress_codegen`` (``python -m botpress_codegen``),
never a top-level ``generator``.

No network: the wheel is built with ``pip wheel --no-deps --no-build-isolation --no-index`` from
a copy of the sources, and the fresh environment (made ``--without-pip``, the wheel installed by
this environment's pip with ``--python``) borrows the runtime dependencies through a ``.pth``
line naming this environment's site-packages. A path in a ``.pth`` file does not run the ``.pth``
files found there, so this checkout's editable install stays invisible: the test asserts the
generator it runs is the one inside the fresh environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from generator import __version__

from .. import mypy_run
from ..conftest import FIXTURES, ROOT

PETSTORE = FIXTURES / "install" / "petstore-expanded.yaml"


def sh(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
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


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["CODEGEN_CACHE_DIR"] = str(tmp / "cache")
    return env


def _import_and_typecheck(bin_: Path, src: Path, package: str, env: dict[str, str]) -> None:
    python = bin_ / "python"
    code = (
        f"import importlib.util, {package}, botpress_codegen; print(botpress_codegen.__file__);"
        f" print({package}.Client.__name__); print(importlib.util.find_spec('generator'))"
    )
    where, client, other = sh(python, "-c", code, cwd=src, env=env).split()
    assert Path(where).is_relative_to(bin_.parent), where  # the wheel's generator, not the checkout's
    assert client == "Client"
    assert other == "None"  # installed under the tool's own name only: no top-level `generator`
    sh(*mypy_run.command(python=python), package, cwd=src, env=env)


def test_wheel_generates_from_any_folder_with_flags(installed: Path, tmp_path: Path) -> None:
    env = _env(tmp_path)
    work = tmp_path / "empty"
    work.mkdir()
    assert sh(installed / "botpress-codegen", "--version", cwd=work, env=env) == f"botpress-codegen {__version__}\n"
    assert "usage: botpress-codegen" in sh(installed / "botpress-codegen", "--help", cwd=work, env=env)
    argv = ["--spec", PETSTORE, "--out", "src", "--package", "petstore_client"]
    sh(installed / "botpress-codegen", "generate", *argv, cwd=work, env=env)
    _import_and_typecheck(installed, work / "src", "petstore_client", env)
    sh(installed / "python", "-m", "botpress_codegen", "check", *argv, cwd=work, env=env)


def test_wheel_generates_from_the_pyproject_table_with_no_flags(installed: Path, tmp_path: Path) -> None:
    env = _env(tmp_path)
    repo = tmp_path / "repo"
    (repo / "api").mkdir(parents=True)
    shutil.copy(PETSTORE, repo / "api" / "petstore.yaml")
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "pets"\n\n[tool.botpress-codegen]\nspec = "api/petstore.yaml"\nout = "src"\n'
        'package = "petstore_client"\nstrict = true\n'
    )
    sh(installed / "botpress-codegen", "generate", cwd=repo, env=env)
    _import_and_typecheck(installed, repo / "src", "petstore_client", env)
    (repo / "api" / "deeper").mkdir()
    assert "is up to date" in sh(installed / "botpress-codegen", "check", cwd=repo / "api" / "deeper", env=env)
    # The wheel carries the templates, and a custom one overrides them (recorded, and check agrees).
    (repo / "mine").mkdir()
    (repo / "mine" / "README.md.jinja").write_text("# {{ api.package }}, our way\n")
    sh(installed / "botpress-codegen", "generate", "--templates", "mine", cwd=repo, env=env)
    readme = (repo / "src" / "petstore_client" / "README.md").read_text()
    assert readme.endswith("# petstore_client, our way\n")
    assert "is up to date" in sh(installed / "botpress-codegen", "check", "--templates", "mine", cwd=repo, env=env)
