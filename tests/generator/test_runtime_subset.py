"""The runtime modules a package copies (issue 35): those its modules reach by import, the MCP
server's always, ``_oauth`` only for a client-credentials scheme. A module used is always there:
a generated package imports module by module, and passes ``mypy --strict``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.emit.render import RUNTIME_FILES
from generator.emit.runtime_subset import ALWAYS, imported, needed
from generator.resources import RUNTIME

from ..mypy_run import errors, packages
from ..mypy_run import run as mypy


def test_imports_are_read_in_every_form() -> None:
    text = "from ._a import x\n    from .._b.c import y\nfrom . import _c, _d as e\nfrom . import (\n_f)\nimport _g\n"
    assert imported(text) == {"_a", "_b", "_c", "_d", "_f"}


def test_the_closure_follows_the_runtimes_own_imports() -> None:
    only_types = needed({"x.py": "from ._types import UNSET\n"}, RUNTIME_FILES)
    assert set(ALWAYS) <= set(only_types) and "_types.py" in only_types
    # _mcp_tools imports _exceptions, which imports _error_text and _serde
    assert {"_exceptions.py", "_error_text.py", "_serde.py"} <= set(only_types)
    assert "_oauth.py" not in only_types and "testing/_testing.py" not in only_types
    client = needed({"_client.py": "from ._base_client import SyncTransport\n"}, RUNTIME_FILES)
    assert "_credentials.py" in client and "_oauth.py" not in client  # loaded by name, never imported
    assert "_oauth.py" in needed({}, RUNTIME_FILES, ("_oauth.py",))
    # Every module a copied module imports is copied too (the test kit's engine: from testing/).
    kit = needed({"testing/__init__.py": "from ._testing import FakeApiBase\n"}, RUNTIME_FILES)
    assert "testing/_fake_wire.py" in kit and "_lazy.py" in kit
    for copied in (client, kit):
        for name in copied:
            for stem in imported((RUNTIME / name).read_text(encoding="utf-8")):
                found = [n for n in RUNTIME_FILES if n.rpartition("/")[2] == f"{stem}.py"]
                assert not found or found[0] in copied, (name, stem)


ONE_OPERATION = {
    "openapi": "3.1.0",
    "info": {"title": "One", "version": "1"},
    "servers": [{"url": "https://one.example"}],
    "paths": {
        "/ping": {
            "get": {
                "operationId": "ping",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    }
                },
            }
        }
    },
}


def _generate(tmp_path: Path, spec: dict[str, object]) -> Path:
    (tmp_path / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    env = {**os.environ, "CODEGEN_NO_CACHE": "1"}
    argv = [sys.executable, "-m", "generator", "generate", "--spec", str(tmp_path / "spec.json")]
    done = subprocess.run(
        [*argv, "--out", str(tmp_path / "out"), "--package", "one"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    return tmp_path / "out"


@pytest.mark.slow
def test_a_package_without_client_credentials_copies_a_subset_that_imports_and_types(tmp_path: Path) -> None:
    out = _generate(tmp_path, ONE_OPERATION)
    package = out / "one"
    copied = {p.name for p in package.glob("*.py")} & set(RUNTIME_FILES)
    assert "_oauth.py" not in copied and "_styles.py" not in copied
    assert set(ALWAYS) <= copied and "_credentials.py" in copied
    modules = sorted(
        "one." + ".".join(p.relative_to(package).with_suffix("").parts).removesuffix(".__init__")
        for p in package.rglob("*.py")
    )
    script = "import importlib, sys\nfor m in sys.argv[1:]:\n    importlib.import_module(m)\n"
    done = subprocess.run(
        [sys.executable, "-c", script, *modules],
        cwd=out,
        env={**os.environ, "PYTHONPATH": str(out)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # A client made from the environment's token signs without a token cache (no _oauth).
    check = "import one\nc = one.Client(token='t', base_url='https://one.example')\nprint(type(c).__name__)\n"
    made = subprocess.run([sys.executable, "-c", check], cwd=out, capture_output=True, text=True, check=False)
    assert made.returncode == 0 and made.stdout.strip() == "Client", made.stderr
    result = mypy(packages(["one"]), cwd=out, path=[out])
    assert not errors(result), result.stdout
