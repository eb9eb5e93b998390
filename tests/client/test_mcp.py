"""The MCP server of this repository's client (``python -m botpress_client.mcp``), driven over
stdio by the MCP SDK's own client against the loopback server: the tool list (names, schemas
without refs, annotations), calls (path, query, header and body arguments, an error answer, a
refused argument), selectors, read-only and dynamic mode. One server process per test."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from mcp.client import ClientSession

from ..loopback import Loopback
from .mcp_driver import run

GENERATED = Path(__file__).resolve().parents[2] / "generated"
TOKEN = "sk-SECRET-mcp-4242"
TABLE = {
    "table": {"id": "tbl_1", "name": "t", "schema": {"type": "object", "properties": {}, "additionalProperties": True}}
}


def _env(loopback: Loopback) -> dict[str, str]:
    return {"BP_TOKEN": TOKEN, "BP_API_URL": loopback.url, "BP_BOT_ID": "bot_1"}


def _refs(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [k for k in value if k in ("$ref", "$defs", "definitions")] + [
            r for v in value.values() for r in _refs(v)
        ]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return []


def check_tools(tools: list[Any]) -> None:
    """Names of at most 64 characters, unique; schemas valid JSON Schema objects without refs."""
    names = [t.name for t in tools]
    assert len(set(names)) == len(names)
    for tool in tools:
        assert 0 < len(tool.name) <= 64 and tool.description
        for schema in (tool.input_schema, tool.output_schema):
            if schema is None:
                continue
            assert schema["type"] == "object"
            jsonschema.Draft202012Validator.check_schema(schema)
            assert _refs(schema) == [], tool.name


def test_static_tools_and_calls(loopback: Loopback) -> None:
    loopback.reply(200, TABLE)
    loopback.reply(200, {"passages": [{"id": "p1", "content": "hello"}], "meta": {"nextToken": "n2"}})
    loopback.reply(404, {"type": "ResourceNotFound", "message": "No table named nope", "id": "err_1"})

    async def script(session: ClientSession) -> dict[str, Any]:
        listed = (await session.list_tools()).tools
        out: dict[str, Any] = {"tools": listed}
        out["get"] = await session.call_tool("tables_get", {"table": "t"})
        out["page"] = await session.call_tool("files_passages_list", {"id": "f 1", "limit": 2, "next_token": "n1"})
        out["missing"] = await session.call_tool("tables_get", {"table": "nope"})
        out["refused"] = await session.call_tool("tables_get_or_create", {"table": "t", "schema": {"type": "object"}})
        out["unknown"] = await session.call_tool("tables_get", {"table": "t", "extra_headers": {"a": "b"}})
        return out

    out = run(GENERATED, "botpress_client", script, env=_env(loopback))
    tools = {t.name: t for t in out["tools"]}
    check_tools(out["tools"])
    assert len(tools) == 15
    get_table = tools["tables_get"]
    assert get_table.annotations.read_only_hint is True and get_table.annotations.destructive_hint is False
    assert tools["files_delete"].annotations.destructive_hint is True
    assert tools["files_delete"].annotations.idempotent_hint is True
    assert tools["chat_messages_create"].annotations.read_only_hint is False
    assert get_table.input_schema["required"] == ["table"]
    assert "bot_id" in get_table.input_schema["properties"] and get_table.output_schema is not None
    assert "`GET /v1/tables/{table}`" in (get_table.description or "")

    get = out["get"]
    assert not get.is_error and get.structured_content["table"]["id"] == "tbl_1"
    page = out["page"]
    assert not page.is_error and page.structured_content["meta"]["nextToken"] == "n2"
    first, second, third = loopback.requests
    assert first.method == "GET" and first.path == "/v1/tables/t"
    assert first.headers["authorization"] == f"Bearer {TOKEN}" and first.headers["x-bot-id"] == "bot_1"
    assert second.path == "/v1/files/f%201/passages"
    assert second.query == {"limit": ["2"], "nextToken": ["n1"]}
    assert third.path == "/v1/tables/nope"

    missing = out["missing"]
    assert missing.is_error
    assert missing.structured_content["error"] == {
        "status": 404,
        "type": "ResourceNotFound",
        "message": "No table named nope",
    }
    refused = out["refused"]
    assert refused.is_error and "schema.properties: required" in refused.content[0].text
    unknown = out["unknown"]
    assert unknown.is_error and "extra_headers: unknown argument" in unknown.content[0].text
    assert len(loopback.requests) == 3  # neither the refused nor the unknown argument was sent
    for result in (get, page, missing, refused, unknown):
        assert TOKEN not in json.dumps(result.model_dump(mode="json"))


def test_body_argument(loopback: Loopback) -> None:
    created = {"table": TABLE["table"], "created": True, "rows": 0, "stale": 0, "indexing": 0}
    loopback.reply(200, created)
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string", "x-zui": {"index": 0}}},
        "additionalProperties": True,
    }

    async def script(session: ClientSession) -> Any:
        return await session.call_tool("tables_get_or_create", {"table": "t", "schema": schema, "frozen": True})

    result = run(GENERATED, "botpress_client", script, env=_env(loopback))
    assert not result.is_error, result.content[0].text
    (request,) = loopback.requests
    assert request.method == "POST" and request.path == "/v1/tables/t"
    assert request.json()["frozen"] is True and request.json()["schema"]["properties"] == schema["properties"]


def test_selectors_and_read_only(loopback: Loopback) -> None:
    async def script(session: ClientSession) -> list[str]:
        return sorted(t.name for t in (await session.list_tools()).tools)

    args = ["--include", "path:/v1/files/**", "--include", "tag:tables", "--exclude", "op:listFileTagValues"]
    names = run(GENERATED, "botpress_client", script, args=[*args, "--read-only"], env=_env(loopback))
    assert names == ["files_passages_list", "tables_get"]


def test_dynamic_mode(loopback: Loopback) -> None:
    loopback.reply(200, TABLE)

    async def script(session: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": (await session.list_tools()).tools}
        out["search"] = await session.call_tool("search_operations", {"query": "get table"})
        out["describe"] = await session.call_tool("describe_operation", {"name": "tables_get"})
        out["call"] = await session.call_tool("call_operation", {"name": "tables_get", "arguments": {"table": "t"}})
        out["nothing"] = await session.call_tool("call_operation", {"name": "no_such_thing", "arguments": {}})
        return out

    out = run(GENERATED, "botpress_client", script, args=["--mode", "dynamic"], env=_env(loopback))
    tools = out["tools"]
    assert [t.name for t in tools] == ["search_operations", "describe_operation", "call_operation"]
    check_tools(tools)
    listed = json.dumps([t.model_dump(mode="json", exclude_none=True) for t in tools])
    assert len(listed) / 4 < 2000
    assert out["search"].structured_content["result"][0]["name"] == "tables_get"
    assert out["describe"].structured_content["input_schema"]["required"] == ["table"]
    assert out["call"].structured_content["table"]["id"] == "tbl_1"
    assert out["nothing"].is_error and "no operation" in out["nothing"].content[0].text


@pytest.mark.parametrize("selector", ["tag:nothing-here", "nope:x"])
def test_bad_selector_exits_2(selector: str, tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "botpress_client.mcp", "--include", selector],
        cwd=GENERATED,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and selector in done.stderr and "Traceback" not in done.stderr


def test_arguments_and_search_in_process() -> None:
    from botpress_client import _mcp_tools as m

    tools = m.load_table()["tools"]
    by_name = {t["name"]: t for t in tools}
    missing = m.arguments(by_name["tables_get"], {})
    assert isinstance(missing, m.Outcome) and missing.is_error and missing.text == "table: required argument missing"
    assert m.arguments(by_name["tables_get"], {"table": "t"}) == {"table": "t"}
    reading = m.selected(tools, [], ["tag:admin"], read_only=True)
    assert reading and all(t["http"] in ("GET", "HEAD") and "admin" not in t["tags"] for t in reading)
    with pytest.raises(ValueError, match="no operation matches op:nothing"):
        m.selected(tools, ["op:nothing"], [], read_only=False)
    assert m.search(tools, "passages of a file")[0]["name"] == "files_passages_list"


@pytest.fixture(scope="module")
def streams_package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The golden ``streams`` package (event streams, binary answers, uploads), imported."""
    import importlib
    import sys

    from generator.pipeline import generate_files
    from generator.write.files import write_package

    from ..goldens import GOLDEN

    folder = tmp_path_factory.mktemp("mcp_streams")
    write_package(generate_files(str(GOLDEN / "streams" / "spec.yaml"), "streams"), folder / "streams")
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("streams")
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == "streams" or n.startswith("streams.")]:
            del sys.modules[name]


def test_binary_stream_and_upload_answers(streams_package: Any, loopback: Loopback) -> None:
    """Through the real AsyncClient: a binary answer is a resource with a size note and an event
    stream is collected (over the package's test kit); a file argument is base64, sent as
    multipart (over the loopback server, and over the kit, which once refused a multipart upload
    naming its body model: it checks no form or multipart body)."""
    import importlib

    import anyio

    m = importlib.import_module("streams._mcp_tools")
    testing = importlib.import_module("streams.testing")
    tools = {t["name"]: t for t in m.load_table()["tools"]}
    api = testing.FakeApi()
    api.download_file.returns_bytes(b"\x00\x01binary", content_type="application/pdf")
    api.watch_ticks.streams({"n": 1}, {"n": 2})
    api.upload_file.returns({"id": "f2", "bytes": 5})
    loopback.reply(201, {"id": "f1", "bytes": 5})

    async def calls() -> list[Any]:
        fake, real = m.Caller(), m.Caller()
        fake._client = api.async_client()
        real._client = streams_package.AsyncClient(base_url=loopback.url, max_retries=0)
        try:
            return [
                await fake.call(tools["files_content_download"], {"id": "f1"}),
                await fake.call(tools["ticks_watch"], {}),
                await real.call(tools["files_upload"], {"file": "aGVsbG8=", "purpose": "batch"}),
                await real.call(tools["files_upload"], {"file": "not base64!", "purpose": "batch"}),
                await fake.call(tools["files_upload"], {"file": "aGVsbG8=", "purpose": "batch"}),
            ]
        finally:
            await fake.close()
            await real.close()

    binary, ticks, upload, bad, kit_upload = anyio.run(calls)
    assert not kit_upload.is_error and kit_upload.structured == {"id": "f2", "bytes": 5}, kit_upload.text
    (kit_call,) = api.upload_file.calls
    assert b"hello" in kit_call.body and b'name="purpose"' in kit_call.body
    assert binary.data == b"\x00\x01binary" and binary.mime_type == "application/pdf"
    assert binary.text.startswith("A binary answer of 8 bytes (application/pdf)")
    assert ticks.structured == {"result": [{"n": 1}, {"n": 2}], "truncated": False}
    assert not upload.is_error, upload.text
    assert upload.structured == {"id": "f1", "bytes": 5}
    (request,) = loopback.requests
    assert request.method == "POST" and b"hello" in request.body and b'name="purpose"' in request.body
    assert bad.is_error and bad.text == "file: must be the file's bytes in base64"


CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


@pytest.mark.skipif(not (CORPUS / "oai-learn" / "tictactoe.yaml").exists(), reason="../shared/corpus is absent")
def test_corpus_document_tools(tmp_path: Path) -> None:
    """A public document (the OpenAPI Initiative's tic-tac-toe example) served as tools."""
    from generator.pipeline import generate_files
    from generator.write.files import write_package

    write_package(generate_files(str(CORPUS / "oai-learn" / "tictactoe.yaml"), "tictactoe"), tmp_path / "tictactoe")

    async def script(session: ClientSession) -> list[Any]:
        return (await session.list_tools()).tools

    tools = run(tmp_path, "tictactoe", script)
    check_tools(tools)
    by_name = {t.name: t for t in tools}
    assert len(by_name) == 3
    assert sum(1 for t in tools if t.annotations.read_only_hint) == 2
    (put,) = [t for t in tools if not t.annotations.read_only_hint]
    assert put.annotations.idempotent_hint is True and set(put.input_schema["required"]) >= {"row", "column"}


def test_http_transport_on_loopback(loopback: Loopback) -> None:
    """--transport http: streamable HTTP on 127.0.0.1, driven by the SDK's HTTP client."""
    import socket
    import subprocess
    import sys
    import time

    import anyio
    from mcp.client.streamable_http import streamable_http_client

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    loopback.reply(200, TABLE)
    env = {**os.environ, **_env(loopback)}
    args = [sys.executable, "-m", "botpress_client.mcp", "--transport", "http", "--port", str(port)]
    server = subprocess.Popen(args, cwd=GENERATED, env=env, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

        async def script() -> tuple[list[str], Any]:
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    names = [t.name for t in (await session.list_tools()).tools]
                    return names, await session.call_tool("tables_get", {"table": "t"})

        names, result = anyio.run(script)
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=60)
    assert len(names) == 15 and "tables_get" in names
    assert not result.is_error and result.structured_content["table"]["id"] == "tbl_1"
    assert TOKEN not in errors
