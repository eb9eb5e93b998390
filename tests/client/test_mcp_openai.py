"""The MCP server of a package generated from a public document, openai's (288 operations, in
../shared/corpus), driven over stdio by the MCP SDK's own client against a loopback server
(``--base-url``: the document names only the real API's address): the tool list, a call of each
kind (path, query with the next page's cursor, body, an error answer, a refused argument, a binary
answer, an event stream up to its bound, a multipart upload), dynamic mode (the default for a
document this size) and credentials that appear in no result and no log.

One generation for the session (tests/generations.py), one server per mode for the module."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..generations import Generations
from ..loopback import Loopback, Received
from .mcp_session import McpSession, check_tools

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
OPENAI = CORPUS / "openai" / "openapi.yaml"
TOKEN = "sk-proj-SECRET-openai-7a7a7a"
PACKAGE = "openai_client"

pytestmark = pytest.mark.skipif(not OPENAI.is_file(), reason="../shared/corpus is absent")

ASSISTANT = {
    **{"id": "asst_1", "object": "assistant", "created_at": 1, "model": "gpt-4o", "tools": [], "metadata": {}},
    **{"name": None, "description": None, "instructions": None},
}


@pytest.fixture(scope="module")
def server() -> Iterator[Loopback]:
    loop = Loopback()
    loop.start()
    try:
        yield loop
    finally:
        loop.stop()


@pytest.fixture(autouse=True)
def _no_reply_left(server: Loopback) -> None:
    server.replies.clear()  # a failed test leaves none for the next (the server is the module's)


@pytest.fixture(scope="module")
def folder(generations: Generations) -> Path:
    return generations.folder(OPENAI, "openai_client")


@pytest.fixture(scope="module")
def names(folder: Path) -> dict[str, str]:
    """Each tool's name (namespaced: ``assistants_get``) by its operation id in snake case
    (``get_assistant``), from the generated tool table."""
    table = json.loads((folder / PACKAGE / "_mcp_tools.json").read_text(encoding="utf-8"))
    snake = {t["op"]: re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", t["op"]).replace("-", "_").lower() for t in table["tools"]}
    return {snake[t["op"]]: t["name"] for t in table["tools"]}


def _start(folder: Path, server: Loopback, *args: str) -> McpSession:
    env = {"OPENAI_CLIENT_TOKEN": TOKEN}
    return McpSession(folder, "openai_client", ["--base-url", server.url, *args], env)


@pytest.fixture(scope="module")
def static(folder: Path, server: Loopback) -> Iterator[McpSession]:
    with _start(folder, server, "--mode", "static") as mcp:
        yield mcp
        assert TOKEN not in mcp.log


def _sent(server: Loopback, result: Any, count: int = 1) -> list[Received]:
    """The last ``count`` requests, after checking the result holds no credential."""
    assert TOKEN not in json.dumps(result.model_dump(mode="json"))
    sent = server.requests[-count:]
    assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in sent)
    return sent


def test_tool_list(static: McpSession, names: dict[str, str]) -> None:
    tools = static.list_tools()
    check_tools(tools)
    by_name = {t.name: t for t in tools}
    assert len(by_name) == 288
    assert by_name[names["get_assistant"]].input_schema["required"] == ["assistant_id"]
    assert by_name[names["delete_assistant"]].annotations.destructive_hint is True
    assert by_name[names["create_assistant"]].output_schema["type"] == "object"
    assert by_name[names["create_file"]].input_schema["properties"]["file"]["contentEncoding"] == "base64"


def test_path_and_body_arguments(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    server.reply(200, ASSISTANT)
    got = static.call(names["get_assistant"], {"assistant_id": "asst 1"})
    (request,) = _sent(server, got)
    assert not got.is_error and got.structured_content["id"] == "asst_1"
    assert request.method == "GET" and request.path == "/assistants/asst%201"

    server.reply(200, {**ASSISTANT, "name": "helper"})
    made = static.call(names["create_assistant"], {"model": "gpt-4o", "name": "helper", "temperature": 0.5})
    (request,) = _sent(server, made)
    assert not made.is_error and made.structured_content["name"] == "helper"
    assert request.method == "POST" and request.path == "/assistants"
    assert request.json() == {"model": "gpt-4o", "name": "helper", "temperature": 0.5}


def test_one_page_and_the_next_cursor(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    page = {"object": "list", "data": [ASSISTANT], "first_id": "asst_1", "last_id": "asst_1", "has_more": True}
    server.reply(200, page)
    listed = static.call(names["list_assistants"], {"limit": 1, "order": "asc", "after": "asst_0"})
    (request,) = _sent(server, listed)
    assert request.query == {"limit": ["1"], "order": ["asc"], "after": ["asst_0"]}
    assert not listed.is_error
    assert listed.structured_content["has_more"] is True and listed.structured_content["last_id"] == "asst_1"
    assert [a["id"] for a in listed.structured_content["data"]] == ["asst_1"]


def test_error_answer(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    error = {"error": {"message": "No assistant found with id 'nope'.", "type": "invalid_request_error", "code": None}}
    server.reply(404, error)
    missing = static.call(names["get_assistant"], {"assistant_id": "nope"})
    _sent(server, missing)
    assert missing.is_error
    what = missing.structured_content["error"]
    assert what["status"] == 404 and "No assistant found" in what["message"]
    assert "404" in missing.content[0].text


def test_refused_arguments_are_not_sent(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    before = server.count
    wrong = static.call(names["create_speech"], {"model": "tts-1", "input": "hi", "voice": "alloy", "speed": 10})
    sideways = static.call(names["list_assistants"], {"order": "sideways"})
    unknown = static.call(names["get_assistant"], {"assistant_id": "a", "assistant": "b"})
    missing = static.call(names["create_speech"], {"model": "tts-1", "voice": "alloy"})
    for result in (wrong, sideways, unknown, missing):
        assert result.is_error and TOKEN not in result.content[0].text
    assert wrong.content[0].text == "speed: must be <= 4, got 10 (refused before sending; correct the argument)"
    assert sideways.content[0].text.startswith('order: one of "asc", "desc"')
    assert unknown.content[0].text.startswith("assistant: unknown argument")
    assert missing.content[0].text == "input: required argument missing"
    assert server.count == before


def test_binary_answer(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    audio = b"ID3\x00\x01\x02mp3 bytes"
    server.reply(200, audio, headers={"content-type": "audio/mpeg"})
    spoken = static.call(names["create_speech"], {"model": "tts-1", "input": "hello", "voice": "alloy"})
    (request,) = _sent(server, spoken)
    assert request.json()["input"] == "hello" and not spoken.is_error
    note, resource = spoken.content
    assert note.text.startswith(f"A binary answer of {len(audio)} bytes (audio/mpeg)")
    assert resource.resource.mime_type == "audio/mpeg" and base64.b64decode(resource.resource.blob) == audio


def test_event_stream_collected_up_to_its_bound(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    """A body member (``stream``) asks for events: the tool collects at most 100 of them."""
    chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}
    choice = {"index": 0, "finish_reason": None}
    events = "".join(
        f"data: {json.dumps({**chunk, 'choices': [{**choice, 'delta': {'content': str(n)}}]})}\n\n" for n in range(3)
    )
    server.reply(200, events + "data: [DONE]\n\n", headers={"content-type": "text/event-stream"})
    many = "".join(f"data: {json.dumps({**chunk, 'choices': []})}\n\n" for _ in range(101))
    server.reply(200, many, headers={"content-type": "text/event-stream"})
    arguments = {"model": "gpt-4o", "messages": [{"role": "user", "content": "count"}], "stream": True}
    few = static.call(names["create_chat_completion"], arguments)
    more = static.call(names["create_chat_completion"], arguments)
    first, _ = _sent(server, few, 2)
    assert first.json()["stream"] is True
    assert not few.is_error and few.structured_content["truncated"] is False
    assert [e["choices"][0]["delta"]["content"] for e in few.structured_content["result"]] == ["0", "1", "2"]
    assert more.structured_content["truncated"] is True and len(more.structured_content["result"]) == 100


def test_multipart_upload(static: McpSession, server: Loopback, names: dict[str, str]) -> None:
    stored = {"id": "file_1", "object": "file", "bytes": 5, "created_at": 1, "filename": "f", "purpose": "assistants"}
    stored["status"] = "uploaded"
    server.reply(200, stored)
    uploaded = static.call(names["create_file"], {"file": base64.b64encode(b"hello").decode(), "purpose": "assistants"})
    (request,) = _sent(server, uploaded)
    assert not uploaded.is_error and uploaded.structured_content["id"] == "file_1"
    assert request.headers["content-type"].startswith("multipart/form-data")
    assert b"hello" in request.body and b'name="purpose"' in request.body


def test_dynamic_mode_by_default(folder: Path, server: Loopback, names: dict[str, str]) -> None:
    """288 operations are over the default threshold (64): three tools, under 2,000 tokens."""
    server.reply(200, ASSISTANT)
    with _start(folder, server) as mcp:
        tools = mcp.list_tools()
        found = mcp.call("search_operations", {"query": "create speech audio"})
        described = mcp.call("describe_operation", {"name": names["get_assistant"]})
        called = mcp.call("call_operation", {"name": names["get_assistant"], "arguments": {"assistant_id": "asst_1"}})
        refused = mcp.call("call_operation", {"name": names["get_assistant"], "arguments": {}})
        log = mcp.log
    assert [t.name for t in tools] == ["search_operations", "describe_operation", "call_operation"]
    check_tools(tools)
    listed = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools])
    assert len(listed) / 4 < 2000
    assert "288" in tools[0].description
    assert names["create_speech"] in [m["name"] for m in found.structured_content["result"][:3]]
    assert described.structured_content["input_schema"]["required"] == ["assistant_id"]
    assert described.structured_content["annotations"]["readOnlyHint"] is True
    assert not called.is_error and called.structured_content["id"] == "asst_1"
    assert refused.is_error and refused.content[0].text == "assistant_id: required argument missing"
    _sent(server, called)
    for result in (found, described, refused):
        assert TOKEN not in json.dumps(result.model_dump(mode="json"))
    assert TOKEN not in log
