"""Every one of the 15 operations through an httpx transport: what goes out, what comes back."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from botpress_client import AsyncClient, Client, models
from botpress_client.testing import FakeApi

TOKEN = "tok_functional_secret"
BOT = "bot_123"
WORKSPACE = "ws_456"
TS = "2024-05-01T12:30:00.000Z"
CONV = "c" * 28
USER = "u" * 28

TABLE = {
    "id": "tbl_1",
    "name": "People",
    "factor": 2,
    "frozen": False,
    "keyColumn": "email",
    "tags": {"team": "growth"},
    "isComputeEnabled": True,
    "createdAt": TS,
    "updatedAt": TS,
    "schema": {
        "type": "object",
        "additionalProperties": True,
        "required": ["email"],
        "properties": {
            "email": {"type": "string", "x-zui": {"index": 0, "searchable": True}},
            "score": {
                "type": "number",
                "nullable": True,
                "x-zui": {"index": 1, "computed": {"action": "ai", "model": "gpt", "dependencies": ["email"]}},
            },
        },
    },
}
MESSAGE = {
    "id": "msg_1",
    "createdAt": TS,
    "updatedAt": TS,
    "type": "text",
    "payload": {"text": "hi"},
    "direction": "incoming",
    "userId": USER,
    "conversationId": CONV,
    "tags": {},
}
STATE = {"id": "st_1", "createdAt": TS, "updatedAt": TS, "botId": BOT, "name": "session", "type": "user", "payload": {}}
MEMBER = {
    "id": "wm_1",
    "email": "a@b.c",
    "createdAt": TS,
    "role": "manager",
    "userId": "0d6e3b0e-8e56-4f55-9f43-000000000001",
}
ISSUE = {
    "id": "iss_1",
    "code": "E1",
    "createdAt": TS,
    "lastSeenAt": TS,
    "title": "t",
    "description": "d",
    "groupedData": {},
    "eventsCount": 3,
    "category": "user_code",
    "resolutionLink": "https://x",
}


@dataclass
class Case:
    call: Callable[[Any], Any]
    method: str
    path: str
    response: dict[str, Any]
    body: dict[str, Any] | None = None
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    absent_headers: tuple[str, ...] = ()
    check: Callable[[Any], None] = lambda result: None


def _check_table(result: Any) -> None:
    table = result.table
    assert isinstance(table, models.Table)
    assert table.key_column == "email"
    assert table.created_at == datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    assert isinstance(table.schema.properties["score"], models.ColumnDefinition)
    assert table.schema.properties["score"].x_zui.computed.model == "gpt"  # type: ignore[union-attr]


BOT_HEADERS = {"x-bot-id": BOT, "authorization": f"Bearer {TOKEN}"}

CASES: dict[str, Case] = {
    "get_or_create_table": Case(
        call=lambda c: c.get_or_create_table(
            table="People",
            schema=models.TableSchema.from_dict(TABLE["schema"]),  # type: ignore[arg-type]
            factor=2,
            key_column=None,
            tags={"team": "growth"},
            integration_name="intg",
        ),
        method="POST",
        path="/v1/tables/People",
        body={"schema": TABLE["schema"], "factor": 2, "keyColumn": None, "tags": {"team": "growth"}},
        headers={**BOT_HEADERS, "x-integration-name": "intg", "content-type": "application/json"},
        response={"table": TABLE, "created": True, "rows": 0, "stale": 0, "indexing": 0},
        check=lambda r: (_check_table(r), None)[1] if r.created is True and r.rows == 0 else pytest.fail("bad"),
    ),
    "get_table": Case(
        call=lambda c: c.get_table(table="People"),
        method="GET",
        path="/v1/tables/People",
        headers=BOT_HEADERS,
        absent_headers=("content-type", "x-integration-id"),
        response={"table": TABLE, "rows": 10, "stale": 1, "indexing": 2},
        check=_check_table,
    ),
    "rename_table_column": Case(
        call=lambda c: c.rename_table_column(table="People", name="email", new_name="mail"),
        method="PUT",
        path="/v1/tables/People/column",
        body={"name": "email", "newName": "mail"},
        headers=BOT_HEADERS,
        response={"table": TABLE},
        check=_check_table,
    ),
    "create_message": Case(
        call=lambda c: c.create_message(
            payload={"text": "hi"},
            user_id=USER,
            conversation_id=CONV,
            type="text",
            tags={},
            schedule={"delay": 1000},
            integration_id="intg_1",
        ),
        method="POST",
        path="/v1/chat/messages",
        body={
            "payload": {"text": "hi"},
            "userId": USER,
            "conversationId": CONV,
            "type": "text",
            "tags": {},
            "schedule": {"delay": 1000},
        },
        headers={**BOT_HEADERS, "x-integration-id": "intg_1"},
        response={"message": MESSAGE},
        check=lambda r: (
            None if r.message.direction == "incoming" and r.message.conversation_id == CONV else pytest.fail("bad")
        ),
    ),
    "get_message": Case(
        call=lambda c: c.get_message(id="msg_1"),
        method="GET",
        path="/v1/chat/messages/msg_1",
        headers=BOT_HEADERS,
        response={"message": {**MESSAGE, "direction": "outgoing-new"}},
        check=lambda r: None if r.message.direction == "outgoing-new" else pytest.fail("open enum lost"),
    ),
    "set_state_expiry": Case(
        call=lambda c: c.set_state_expiry(type="user", id=USER, name="session", expiry=None),
        method="POST",
        path=f"/v1/chat/states/user/{USER}/session/expiry",
        body={"expiry": None},
        headers=BOT_HEADERS,
        response={"state": STATE},
        check=lambda r: None if r.state.type == "user" and r.state.bot_id == BOT else pytest.fail("bad"),
    ),
    "get_user": Case(
        call=lambda c: c.get_user(id="u1"),
        method="GET",
        path="/v1/chat/users/u1",
        headers=BOT_HEADERS,
        response={"user": {"id": "u1", "name": "Ann", "tags": {}, "createdAt": TS, "updatedAt": TS}},
        check=lambda r: None if r.user.name == "Ann" else pytest.fail("bad"),
    ),
    "list_tag_values": Case(
        call=lambda c: c.list_tag_values(key="color", type="conversation", next_token="p2"),
        method="GET",
        path="/v1/chat/tags/color/values",
        query={"type": "conversation", "nextToken": "p2"},
        headers=BOT_HEADERS,
        response={"tags": [{"value": "red"}, {"value": "blue"}], "meta": {"nextToken": "p3"}},
        check=lambda r: (
            None if [t.value for t in r.tags] == ["red", "blue"] and r.meta.next_token == "p3" else pytest.fail("bad")
        ),
    ),
    "list_file_passages": Case(
        call=lambda c: c.list_file_passages(id="file_1", limit=50),
        method="GET",
        path="/v1/files/file_1/passages",
        query={"limit": "50"},
        headers=BOT_HEADERS,
        response={
            "passages": [
                {"id": "p1", "content": "Hello", "meta": {"type": "chunk", "subtype": "title", "pageNumber": 1}}
            ],
            "meta": {},
        },
        check=lambda r: (
            None
            if r.passages[0].meta.type == "chunk"
            and r.meta.next_token is None  # absent: None, and not among the members present
            and "next_token" not in r.meta.fields_set
            else pytest.fail("bad")
        ),
    ),
    "list_file_tag_values": Case(
        call=lambda c: c.list_file_tag_values(tag="lang"),
        method="GET",
        path="/v1/files/tags/lang/values",
        headers=BOT_HEADERS,
        response={"values": ["en", "fr"], "meta": {"nextToken": ""}},
        check=lambda r: None if r.values == ["en", "fr"] else pytest.fail("bad"),
    ),
    "delete_file": Case(
        call=lambda c: c.delete_file(id="file 1"),
        method="DELETE",
        path="/v1/files/file%201",
        headers=BOT_HEADERS,
        response={},
        check=lambda r: None if isinstance(r, models.DeleteFileResponse) else pytest.fail("bad"),
    ),
    "update_workspace_member": Case(
        call=lambda c: c.update_workspace_member(id="wm_1", role="manager"),
        method="PUT",
        path="/v1/admin/workspace-members/wm_1",
        body={"role": "manager"},
        headers={"x-workspace-id": WORKSPACE, "authorization": f"Bearer {TOKEN}"},
        absent_headers=("x-bot-id",),
        response=MEMBER,
        check=lambda r: None if isinstance(r, models.WorkspaceMember) and r.role == "manager" else pytest.fail("bad"),
    ),
    "delete_workspace": Case(
        call=lambda c: c.delete_workspace(id="ws_9"),
        method="DELETE",
        path="/v1/admin/workspaces/ws_9",
        headers={"authorization": f"Bearer {TOKEN}"},
        absent_headers=("x-workspace-id", "x-bot-id"),
        response={},
        check=lambda r: None if isinstance(r, models.DeleteWorkspaceResponse) else pytest.fail("bad"),
    ),
    "get_bot_issue": Case(
        call=lambda c: c.get_bot_issue(id="bot_1", issue_id="iss_1"),
        method="GET",
        path="/v1/admin/bots/bot_1/issues/iss_1",
        headers={"x-workspace-id": WORKSPACE},
        absent_headers=("x-bot-id",),
        response={"issue": ISSUE},
        check=lambda r: None if r.issue.category == "user_code" and r.issue.events_count == 3 else pytest.fail("bad"),
    ),
    "delete_bot_issue": Case(
        call=lambda c: c.delete_bot_issue(id="bot_1", issue_id="iss_1"),
        method="DELETE",
        path="/v1/admin/bots/bot_1/issues/iss_1",
        headers={"x-workspace-id": WORKSPACE},
        response={},
        check=lambda r: None if isinstance(r, models.DeleteBotIssueResponse) else pytest.fail("bad"),
    ),
}


def test_every_operation_is_covered() -> None:
    client = Client(token="t")  # its dir() lists the methods of modules not loaded yet too
    ops = {name for name in dir(client) if not name.startswith("_") and callable(getattr(client, name))}
    ops -= {"close", "with_options"}
    assert {o for o in ops if not o.startswith("iter_")} == set(CASES)
    assert len(CASES) == 15


class Recorder:
    def __init__(self, response: dict[str, Any]) -> None:
        self.response = response
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(200, json=self.response)


def _assert_request(case: Case, request: httpx.Request) -> None:
    assert request.method == case.method
    assert request.url.scheme == "https" and request.url.host == "api.example.test"
    assert request.url.raw_path.split(b"?")[0].decode() == case.path
    assert dict(request.url.params) == case.query
    for name, value in case.headers.items():
        assert request.headers.get(name) == value, name
    for name in case.absent_headers:
        assert name not in request.headers, name
    if case.body is None:
        assert request.content == b""
    else:
        assert json.loads(request.content) == case.body


def _client_kwargs() -> dict[str, Any]:
    return {"token": TOKEN, "bot_id": BOT, "workspace_id": WORKSPACE, "base_url": "https://api.example.test"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_operation_sync(name: str) -> None:
    case = CASES[name]
    recorder = Recorder(case.response)
    with Client(**_client_kwargs(), http_client=httpx.Client(transport=httpx.MockTransport(recorder))) as client:
        result = case.call(client)
    assert len(recorder.requests) == 1
    _assert_request(case, recorder.requests[0])
    case.check(result)
    if hasattr(result, "to_dict"):
        assert result.to_dict() == case.response


@pytest.mark.parametrize("name", sorted(CASES))
def test_operation_async(name: str) -> None:
    case = CASES[name]
    recorder = Recorder(case.response)

    async def run() -> Any:
        http = httpx.AsyncClient(transport=httpx.MockTransport(recorder))
        async with AsyncClient(**_client_kwargs(), http_client=http) as client:
            return await case.call(client)

    result = asyncio.run(run())
    assert len(recorder.requests) == 1
    _assert_request(case, recorder.requests[0])
    case.check(result)


# The same cases through the package's own test kit: its fake checks each request against the
# spec (a request these cases expect but the API would refuse fails here) and each answer
# above against the response schema when it is stubbed.
@pytest.mark.parametrize("name", sorted(CASES))
def test_operation_through_the_test_kit_sync(name: str) -> None:
    case = CASES[name]
    api = FakeApi()
    api.stub(name).returns(case.response)
    with api.client(**_client_kwargs(), validate_requests=False) as client:
        result = case.call(client)
    api.verify()
    api.stub(name).assert_called_once()
    _assert_request(case, api.calls[0].request)
    case.check(result)


@pytest.mark.parametrize("name", sorted(CASES))
def test_operation_through_the_test_kit_async(name: str) -> None:
    case = CASES[name]
    api = FakeApi()
    api.stub(name).returns(case.response)

    async def run() -> Any:
        async with api.async_client(**_client_kwargs(), validate_requests=False) as client:
            return await case.call(client)

    result = asyncio.run(run())
    api.verify()
    assert [call.method for call in api.calls] == [name]
    _assert_request(case, api.calls[0].request)
    case.check(result)
