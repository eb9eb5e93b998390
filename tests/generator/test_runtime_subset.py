"""The runtime modules a package copies (issue 35): those its modules reach by import, the MCP
server's always, ``_oauth`` only for a client-credentials scheme. A module used is always there:
a generated package imports module by module, and passes ``mypy --strict``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.emit.render import RUNTIME_FILES
from generator.emit.runtime_subset import ALWAYS, imported, needed
from generator.pipeline import generate_files
from generator.resources import RUNTIME
from generator.write.files import write_package

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


ONLY_WHEN_USED = ("_streaming.py", "_events.py", "_binary.py", "_uploads.py")
"""Runtime modules only a package with event streams, binary answers or uploads copies."""

ONE_OPERATION: dict[str, Any] = {
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
    # No event stream, binary answer, upload or flat method: none of their machinery; the
    # options' table is the generator's only (issue 35).
    assert not (set(ONLY_WHEN_USED) | {"_lazy_methods.py", "_options.py"}) & copied
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
    # A client made from the environment's token signs without a token cache (no _oauth), and
    # calls: plainly and with_streaming_response (whose machinery every package has).
    check = (
        "import httpx, one\n"
        "answer = httpx.MockTransport(lambda r: httpx.Response(200, json={'ok': r.headers['authorization']}))\n"
        "c = one.Client(token='t', base_url='https://one.example', http_client=httpx.Client(transport=answer))\n"
        "print(type(c).__name__, c.ping.ping())\n"
        "with c.ping.with_streaming_response.ping() as r:\n"
        "    print(r.parse())\n"
        "print(hasattr(one, 'Stream'), hasattr(one, 'BinaryResponse'), hasattr(one.errors, 'StreamEventError'))\n"
    )
    made = subprocess.run([sys.executable, "-c", check], cwd=out, capture_output=True, text=True, check=False)
    assert made.returncode == 0, made.stderr
    assert made.stdout.split("\n")[:3] == [
        "Client {'ok': 'Bearer t'}",
        "{'ok': 'Bearer t'}",
        "False False False",
    ]
    result = mypy(packages(["one"]), cwd=out, path=[out])
    assert not errors(result), result.stdout


def _with_operation(answer: dict[str, Any], body: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one-operation document with a second operation answering ``answer``."""
    op: dict[str, Any] = {"operationId": "other", "responses": {"200": {"description": "ok", "content": answer}}}
    if body is not None:
        op["requestBody"] = {"required": True, "content": body}
    return {**ONE_OPERATION, "paths": {**ONE_OPERATION["paths"], "/other": {"post": op}}}


_EVENTS: dict[str, Any] = {"text/event-stream": {"schema": {"type": "string"}}}
_JSON: dict[str, Any] = {"application/json": {"schema": {"type": "object"}}}
_FILE: dict[str, Any] = {
    "multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"format": "binary"}}}}
}


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (_with_operation(_EVENTS), {"_streaming.py", "_events.py"}),
        (_with_operation({"application/octet-stream": {"schema": {"format": "binary"}}}), {"_binary.py"}),
        (_with_operation(_JSON, _FILE), {"_uploads.py"}),
        (_with_operation(_JSON, {"application/octet-stream": {"schema": {"format": "binary"}}}), {"_uploads.py"}),
    ],
    ids=["event-stream", "binary-answer", "multipart", "raw-body"],
)
def test_a_package_copies_the_machinery_its_operations_use(
    tmp_path: Path, spec: dict[str, Any], expected: set[str]
) -> None:
    """Event streams, binary answers and uploads: their modules are copied exactly when an
    operation uses them (its resource module imports them), and what ``__init__`` and ``errors``
    export follows."""
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    files = generate_files(str(path), "one")
    assert {name for name in ONLY_WHEN_USED if name in files} == expected
    streams, binary = "_streaming.py" in expected, "_binary.py" in expected
    assert ("AsyncStream, Stream" in files["__init__.py"]) is streams
    assert ("StreamEventError" in files["errors.py"]) is streams
    assert ("AsyncBinaryResponse, BinaryResponse" in files["__init__.py"]) is binary


@pytest.mark.slow
def test_a_package_with_every_kind_of_answer_and_body_types_and_imports(tmp_path: Path) -> None:
    """The streams golden (event streams, a JSON-or-events operation, binary answers, multipart
    and raw uploads): its modules copied, the package imported module by module and typed."""
    spec = Path(__file__).resolve().parents[1] / "fixtures" / "golden" / "streams" / "spec.yaml"
    out = tmp_path / "out"
    write_package(generate_files(str(spec), "streams_all"), out / "streams_all")
    assert all((out / "streams_all" / name).is_file() for name in ONLY_WHEN_USED)
    script = "import streams_all\nfrom streams_all import AsyncStream, BinaryResponse, Stream\nfrom streams_all.errors import StreamDecodeError, StreamEventError\n"
    done = subprocess.run([sys.executable, "-c", script], cwd=out, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    result = mypy(packages(["streams_all"]), cwd=out, path=[out])
    assert not errors(result), result.stdout
