"""The lazy tables of ``_client`` (methods) and ``testing`` (stubs and routes) cut into chunks by
a hash once they pass their limits (issue 24): ``import`` and ``Client()`` read no chunk, a call
through the fake reads one chunk of each table, type checkers still see every method, and adding
an operation rewrites the chunks it falls in, not all of them.

The limits are lowered here so that a document of 120 operations takes several chunks: the real
limits (1,000 names, 1,000 routes) need thousands of operations, too slow to generate in a test;
``route_tables`` cuts either the same way.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.emit import lazy_tables, resources_package, route_tables
from generator.runtime.testing import _fake_chunks, _fake_wire

from .. import mypy_run
from ..conftest import ROOT
from .test_lazy_table_chunks import generate_package

sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic

OPERATIONS = 120
LIMIT = 30  # names or routes a chunk: some 4 to 8 chunks a table
GROUP_LINES = 20  # some 4 modules of 9 lines a group of 32: most groups cut in two or more
TABLES = ("_internal/resources_names_", "_internal/fakes_names_", "_internal/fakes_routes_")


def _generate(tmp: Path, name: str, operations: int) -> dict[str, str]:
    doc = synthetic.document(40, operations)
    doc.setdefault("x-client", {})["flat-methods"] = True  # the flat methods' lazy tables are tested here
    return generate_package(tmp, name, doc)


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], dict[str, str]]:
    tmp = tmp_path_factory.mktemp("client_chunks")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lazy_tables, "TABLE_NAMES", LIMIT)
        patch.setattr(route_tables, "TABLE_ROUTES", LIMIT)
        patch.setattr(resources_package, "GROUP_LINES", GROUP_LINES)
        before = _generate(tmp, "before", OPERATIONS)
        after = _generate(tmp, "after", OPERATIONS + 1)
    return tmp, before, after


def _chunks(files: dict[str, str], prefix: str) -> list[str]:
    return sorted(name for name in files if name.startswith(prefix))


def test_client_and_testing_tables_are_cut(packages: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    _tmp, files, _after = packages
    for prefix in TABLES:
        chunks = _chunks(files, prefix)
        assert len(chunks) >= 2, prefix
        for chunk in chunks:
            entries = files[chunk].count('\n    "')
            assert 0 < entries <= LIMIT, (chunk, entries)
    client, testing = files["_client.py"], files["testing/__init__.py"]
    table = client.split("_METHODS = LazyMethods(", 1)[1].split("\n)\n", 1)[0]
    assert "chunks=(" in table and '"_group' not in table and table.count("\n") < 20  # the bits only
    table = testing.split("_FAKES = ChunkedFakes(", 1)[1].split("\n)\n", 1)[0]
    assert "route_chunks=(" in table and "segments=(" in table and "/group" not in table, table
    for folder in ("_resources", "_fakes"):  # the typing-only groups, cut by more bits of the hash
        area = folder.strip("_")
        cut = [name for name in files if re.match(rf"_internal/{area}_group_\d\d_[01]+\.py$", name)]
        assert len(cut) > 32, folder
        assert all(files[name].count("\n") < 80 for name in cut)
    assert re.search(r"from \._internal import \(?\s*resources_group_", client.split("if TYPE_CHECKING:", 1)[1])
    routes = sum(files[chunk].count('\n    "') for chunk in _chunks(files, "_internal/fakes_routes_"))
    assert routes == OPERATIONS  # each route in one chunk


def _run(tmp: Path, code: str) -> Any:
    env = {**os.environ, "PYTHONPATH": str(tmp / "before")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_call_through_the_fake_reads_one_chunk_a_table(
    packages: tuple[Path, dict[str, str], dict[str, str]],
) -> None:
    tmp, _files, _after = packages
    result = _run(
        tmp,
        "import json, sys\n"
        "chunks = lambda: sorted(m for m in sys.modules if '._internal.' in m)\n"
        "import synth\n"
        "from synth.testing import FakeApi\n"
        "api = FakeApi()\n"
        "client = api.client()\n"
        "at_client = chunks()\n"
        "got = client.get_resource2(item_id='x', limit=3)\n"
        "after_call = chunks()\n"
        "api.get_resource2.returns(got)\n"
        "stubbed = client.get_resource2(item_id='y') == got and client.get_resource4(item_id='z') is not None\n"
        "print(json.dumps({'at_client': at_client, 'after_call': after_call, 'stubbed': stubbed,\n"
        "    'calls': [(c.operation, c.arguments.get('item_id')) for c in api.calls],\n"
        "    'methods': 'get_resource118' in dir(client), 'public': len(__import__('synth.testing').testing.__all__)}))",
    )
    assert result["at_client"] == []  # import and Client(): no chunk of any table
    tables = [[m for m in result["after_call"] if m.startswith(f"synth.{p.replace('/', '.')}")] for p in TABLES]
    assert [len(t) for t in tables] == [1, 1, 1], result["after_call"]  # the method's, its stub's, its route's
    assert result["calls"] == [["getResource2", "x"], ["getResource2", "y"], ["getResource4", "z"]]
    assert result["stubbed"]
    assert result["methods"] and result["public"] > OPERATIONS  # dir() and __all__ read every chunk


def test_adding_an_operation_rewrites_few_chunks(packages: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    _tmp, before, after = packages
    changed = {name for name in set(before) | set(after) if before.get(name) != after.get(name)}
    for prefix in TABLES:
        touched = {name for name in changed if name.startswith(prefix)}
        # the chunk its name (or route) falls in, or that chunk and the two it is split into
        assert 0 < len(touched) <= 3, sorted(touched)
        assert len(touched) < len(_chunks(after, prefix)), prefix
    new = f"resources{OPERATIONS}"
    others = {n for n in changed if not n.startswith(TABLES) and new not in n and "_group_" not in n}
    # (_mcp_tools.json, _mcp_schemas.json: the MCP server's tool table, read only by the server)
    unchunked = {
        "_client.py",
        "testing/__init__.py",
        "_version.py",
        "README.md",
        "_mcp_tools.json",
        "_mcp_schemas.json",
    }
    # the namespace gaining the new sub-namespace, in the client and in the test kit
    unchunked |= {"_resources/group0.py", "testing/_fakes/group0.py"}
    assert others <= unchunked | {".botpress-codegen-manifest.json"}


@pytest.mark.parametrize(
    ("paths", "request_path", "expected"),
    [
        (["/v1/files/search", "/v1/files/{id}", "/v1/tables/{t}/rows"], "/v1/files/search", "/v1/files/search"),
        (["/v1/files/{id}", "/{tenant}/files/x", "/v1/x/y"], "/v1/files/x", "/v1/files/{id}"),
        (["/a/{b}.json", "/a/c.json"], "/a/c.json", "/a/c.json"),
    ],
)
def test_a_request_and_its_template_have_one_key(paths: list[str], request_path: str, expected: str) -> None:
    """The generator keys a route by its template, the run time a request by its path: both
    agree on every template that matches, and the most literal template is among its key's."""
    segments = route_tables.route_segments(paths)
    key = _fake_chunks.route_key(request_path, segments)
    matching = [p for p in paths if _fake_wire._path_values(p, request_path) is not None]
    assert expected in matching
    assert all(route_tables.route_key(p, segments) == key for p in matching)
    candidates = [("GET", p, p) for p in paths if route_tables.route_key(p, segments) == key]
    assert _fake_wire.Routes(candidates).find("GET", request_path)[0] == expected


def test_mypy_strict_sees_every_method_and_stub_of_a_chunked_package(
    packages: tuple[Path, dict[str, str], dict[str, str]],
) -> None:
    tmp, _files, _after = packages
    use = tmp / "before" / "use_client.py"
    use.write_text(
        "from synth import Client\n"
        "from synth.testing import FakeApi, GetResource2Stub\n"
        "api = FakeApi()\n"
        "client: Client = api.client()\n"
        "stub: GetResource2Stub = api.get_resource2\n"
        f"a = client.get_resource{OPERATIONS - 2}(item_id='x')\n"
        "b: int = client.get_resource2(item_id='x')  # type: ignore[assignment]  # the method has its type, not Any\n",
        encoding="utf-8",
    )
    done = mypy_run.run(["synth", "use_client.py"], cwd=tmp / "before")
    assert done.returncode == 0, done.stdout + done.stderr  # and so the marked error is there
