"""The MCP server of a package generated from openapi-python-client's baseline document (50
operations of every parameter place and body kind, in ../shared/corpus), driven over stdio by the
MCP SDK's own client against a loopback server (``--base-url``: the document names no server):
the tool list, path, query, header and cookie arguments, JSON and form bodies, a binary answer,
an error answer, a refused argument, the selectors (a tag matched by any of an operation's tags,
not only its first) with read-only mode, and credentials in no result and no log.

One generation for the session (tests/generations.py), one server per command line."""

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
BASELINE = CORPUS / "openapi-python-client" / "baseline_openapi_3.0.json"
TOKEN = "baseline-SECRET-token-5151"
PACKAGE = "baseline"

pytestmark = pytest.mark.skipif(not BASELINE.is_file(), reason="../shared/corpus is absent")


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
    return generations.folder(BASELINE, "baseline")


@pytest.fixture(scope="module")
def names(folder: Path) -> dict[str, str]:
    """Each tool's name (namespaced: ``assistants_get``) by its operation id in snake case
    (``get_assistant``), from the generated tool table."""
    table = json.loads((folder / PACKAGE / "_mcp_tools.json").read_text(encoding="utf-8"))
    snake = {t["op"]: re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", t["op"]).replace("-", "_").lower() for t in table["tools"]}
    return {snake[t["op"]]: t["name"] for t in table["tools"]}


def _start(folder: Path, server: Loopback, *args: str) -> McpSession:
    return McpSession(folder, "baseline", ["--base-url", server.url, *args], {"BASELINE_TOKEN": TOKEN})


@pytest.fixture(scope="module")
def mcp(folder: Path, server: Loopback) -> Iterator[McpSession]:
    with _start(folder, server) as session:  # 50 tools: static under the default threshold
        yield session
        assert TOKEN not in session.log


def _sent(server: Loopback, result: Any) -> Received:
    assert TOKEN not in json.dumps(result.model_dump(mode="json"))
    return server.requests[-1]


def test_tool_list(mcp: McpSession, names: dict[str, str]) -> None:
    tools = mcp.list_tools()
    check_tools(tools)
    by_name = {t.name: t for t in tools}
    assert len(by_name) == 50
    assert by_name[names["multiple_path_parameters"]].input_schema["required"] == [
        "param4",
        "param3",
        "param1",
        "param2",
    ]
    assert by_name[names["delete_common_parameters_overriding_param"]].annotations.destructive_hint is True
    upload = by_name[names["upload_file_tests_upload_post"]].input_schema["properties"]["some_file"]
    assert upload["contentEncoding"] == "base64"


def test_path_query_header_and_cookie_arguments(mcp: McpSession, server: Loopback, names: dict[str, str]) -> None:
    server.reply(200)
    path = mcp.call(names["multiple_path_parameters"], {"param1": "a b", "param2": 2, "param3": 3, "param4": "d"})
    request = _sent(server, path)
    assert not path.is_error, path.content[0].text
    assert request.method == "GET" and request.path == "/multiple-path-parameters/d/something/2/a%20b/3"

    server.reply(200)
    arguments = {"path_param": "p", "string_param": "s", "integer_param": 7, "cookie_param": "c"}
    referenced = mcp.call(names["get_parameter_references_path_param"], arguments)
    request = _sent(server, referenced)
    assert not referenced.is_error, referenced.content[0].text
    assert request.path == "/parameter-references/p"
    assert request.query == {"string param": ["s"], "integer param": ["7"]}
    assert request.headers["cookie"] == "cookie param=c"

    server.reply(200)
    headers = {"string_header": "s", "integer_header": 3, "boolean_header": True, "string_enum_header": "two"}
    typed = mcp.call(names["get_location_header_types"], headers)
    request = _sent(server, typed)
    assert not typed.is_error, typed.content[0].text
    assert request.headers["string-header"] == "s" and request.headers["integer-header"] == "3"
    assert request.headers["boolean-header"] == "true" and request.headers["string-enum-header"] == "two"


def test_json_and_form_bodies(mcp: McpSession, server: Loopback, names: dict[str, str]) -> None:
    server.reply(200, '"echo"')
    text = mcp.call(names["post_tests_json_body_string"], {"body": "hello"})
    request = _sent(server, text)
    assert not text.is_error and text.structured_content == {"result": "echo"}
    assert request.method == "POST" and request.json() == "hello"

    server.reply(200, {})
    form = mcp.call(names["post_form_data_inline"], {"a_required_field": "x y", "an_optional_field": "z"})
    request = _sent(server, form)
    assert not form.is_error, form.content[0].text
    assert request.headers["content-type"] == "application/x-www-form-urlencoded"
    assert request.body == b"a_required_field=x%20y&an_optional_field=z"


def test_binary_and_error_answers(mcp: McpSession, server: Loopback, names: dict[str, str]) -> None:
    server.reply(200, b"\x89PNG bytes", headers={"content-type": "application/octet-stream"})
    binary = mcp.call(names["octet_stream_tests_octet_stream_get"], {})
    _sent(server, binary)
    note, resource = binary.content
    assert note.text.startswith("A binary answer of 10 bytes")
    assert base64.b64decode(resource.resource.blob) == b"\x89PNG bytes"

    server.reply(404, {"error": "no such pattern"})
    failed = mcp.call(names["status_code_patterns"], {})
    _sent(server, failed)
    assert failed.is_error and failed.structured_content["error"]["status"] == 404
    assert "no such pattern" in failed.content[0].text


def test_refused_argument(mcp: McpSession, server: Loopback, names: dict[str, str]) -> None:
    before = server.count
    refused = mcp.call(names["int_enum_tests_int_enum_post"], {"int_enum": 7})
    header = mcp.call(names["get_parameter_references_path_param"], {"path_param": "p", "header_param": "h"})
    date = mcp.call(names["get_location_query_optionality"], {"not_null_required": "yesterday", "null_required": None})
    assert refused.is_error and refused.content[0].text.startswith("int_enum: one of")
    assert date.is_error and date.content[0].text == "not_null_required: must be an RFC 3339 date-time"
    # the document names a header "header param": no HTTP header may carry that name
    assert header.is_error and header.content[0].text.startswith("header param: not a valid header name")
    assert server.count == before


def test_selectors_any_tag_and_read_only(folder: Path, server: Loopback, names: dict[str, str]) -> None:
    """``tag:2`` keeps the operation tagged ``["1", "2"]``; a path glob, an exclusion, read-only."""
    args = ["--include", "tag:2", "--include", "path:/naming/**", "--exclude", "op:mixed_case", "--read-only"]
    with _start(folder, server, *args) as session:
        tools = sorted(t.name for t in session.list_tools())
        log = session.log
    kept = ["false", "get_tag_with_number", "hyphen_in_path", "reserved_parameters"]
    assert tools == sorted(names[op] for op in kept)
    assert TOKEN not in log
