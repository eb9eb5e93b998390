"""The generator as others install it: a real wheel, in a fresh virtual environment outside the
checkout, run from an empty folder on a public spec (with flags, then with a pyproject.toml table
and no flags, then with a custom template); the client it writes imports and passes mypy --strict.
Installed, the import name is the tool's own, ``botpress_codegen`` (``python -m botpress_codegen``),
never a top-level ``generator``.

The fresh environment (no network, this checkout invisible): ``conftest.installed``; the test
asserts the generator it runs is the one inside it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from generator import __version__

from .. import mypy_run
from ..conftest import FIXTURES
from .conftest import sh

PETSTORE = FIXTURES / "install" / "petstore-expanded.yaml"


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
    help_text = " ".join(sh(installed / "botpress-codegen", "--help", cwd=work, env=env).split())
    assert "usage: botpress-codegen" in help_text
    assert "`python -m botpress_codegen` is the same command" in help_text  # the installed import name
    # the generated client needs httpx: installing the tool brings it
    code = "import importlib.metadata as m; print(m.requires('botpress-codegen'))"
    requires = sh(installed / "python", "-c", code, cwd=work, env=env)
    assert "'httpx" in requires, requires
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
