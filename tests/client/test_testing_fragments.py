"""The test kit's fake API on operations whose path keys differ by a fragment only (Box's
``/files/{file_id}#get_shared_link``: one request on the wire, told apart by the query): each
call answers its own operation's stub, sync and async; a fragment never makes a path unknown."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from generator.pipeline import generate_files
from generator.write.files import write_package

OK = {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}
ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}


def _fields(required: bool) -> dict[str, Any]:
    return {"name": "fields", "in": "query", "required": required, "schema": {"type": "string"}}


DOC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "fragments", "version": "1.0.0"},
    "x-client": {"flat-methods": True},
    "paths": {
        "/files/{id}": {"get": {"operationId": "file", "parameters": [ID, _fields(False)], "responses": OK}},
        "/files/{id}#shared": {
            "get": {"operationId": "file_shared", "parameters": [ID, _fields(True)], "responses": OK}
        },
        "/files/search": {"get": {"operationId": "search", "responses": OK}},
        "/#Target=Run": {"post": {"operationId": "run", "responses": OK}},
    },
}


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("fragments_pkg")
    spec = root / "fragments.json"
    spec.write_text(json.dumps(DOC), encoding="utf-8")
    write_package(generate_files(str(spec), "kit_fragments"), root / "kit_fragments")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("kit_fragments")
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "kit_fragments" or m.startswith("kit_fragments.")]:
            del sys.modules[name]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_each_fragment_operation_answers_its_own_stub(pkg: ModuleType, mode: str) -> None:
    testing = importlib.import_module("kit_fragments.testing")
    api = testing.FakeApi()
    for name in ("file", "file_shared", "search", "run"):
        getattr(api, name).returns({"from": name})
    if mode == "sync":
        with api.client() as client:
            got = [
                client.file_shared(id="7", fields="shared_link"),
                client.file(id="7"),
                client.search(),
                client.run(),
            ]
    else:

        async def run() -> list[Any]:
            async with api.async_client() as client:
                return [
                    await client.file_shared(id="7", fields="shared_link"),
                    await client.file(id="7"),
                    await client.search(),
                    await client.run(),
                ]

        got = asyncio.run(run())
    assert [g["from"] for g in got] == ["file_shared", "file", "search", "run"]
    assert not api.violations
