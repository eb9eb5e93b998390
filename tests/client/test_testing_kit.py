"""The test kit as its users see it: written from the generated README's "Testing your code"
alone (nothing of this repository's test helpers), sync and async, and clean under
``mypy --strict`` (``test_this_file_passes_mypy_strict``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import datetime, timezone

import httpx
import pytest
from botpress_client import AsyncClient, Client, errors, models
from botpress_client.testing import FakeApi, InvalidStub, SpecViolation

USER = "user_" + "u" * 26  # 28 to 36 characters
CONVERSATION = "conv_" + "c" * 26


@pytest.fixture
def api() -> Iterator[FakeApi]:
    fake = FakeApi()
    yield fake
    fake.verify()


@pytest.fixture
def client(api: FakeApi) -> Iterator[Client]:
    with api.client(bot_id="bot_1", workspace_id="ws_1") as client:
        yield client


def _table(name: str = "People") -> models.Table:
    schema = models.TableSchema(type="object", properties={}, additional_properties=True)
    return models.Table(id="table_1", name=name, schema=schema)


def test_each_operation_answers_its_typed_stub(api: FakeApi, client: Client) -> None:
    table = _table()
    message = models.Message(id="msg_1", type="text", user_id=USER)
    api.get_or_create_table.returns(
        models.GetOrCreateTableResponse(table=table, created=True, rows=0, stale=0, indexing=0)
    )
    api.get_table.returns(models.GetTableResponse(table=table, rows=3))
    api.rename_table_column.returns(models.RenameTableColumnResponse(table=table))
    api.create_message.returns(models.CreateMessageResponse(message=message))
    api.get_message.returns(models.GetMessageResponse(message=message))
    api.set_state_expiry.returns(models.SetStateExpiryResponse(state=models.State(id="state_1", name="session")))
    api.get_user.returns(models.GetUserResponse(user=models.User(id=USER, name="Ada")))
    meta = models.PaginationMeta()
    api.list_tag_values.returns(models.ListTagValuesResponse(tags=[models.TagValue(value="vip")], meta=meta))
    api.list_file_passages.returns(models.ListFilePassagesResponse(passages=[models.Passage(id="p1")], meta=meta))
    api.list_file_tag_values.returns(models.ListFileTagValuesResponse(values=["a"], meta=meta))
    api.delete_file.returns(models.DeleteFileResponse())
    api.update_workspace_member.returns(models.WorkspaceMember(id="m1", role="manager"))
    api.delete_workspace.returns(models.DeleteWorkspaceResponse())
    api.get_bot_issue.returns(models.GetBotIssueResponse(issue=models.BotIssue(id="issue_1", title="Boom")))
    api.delete_bot_issue.returns(models.DeleteBotIssueResponse())

    schema = models.TableSchema(type="object", properties={}, additional_properties=True)
    assert client.get_or_create_table(table="People", schema=schema).created is True
    assert client.get_table(table="People").rows == 3
    assert client.rename_table_column(table="People", name="a", new_name="b").table == table
    created = client.create_message(
        payload={"text": "hi"}, user_id=USER, conversation_id=CONVERSATION, type="text", tags={}
    )
    assert created.message.id == "msg_1"
    assert client.get_message(id="msg_1").message.user_id == USER
    state = client.set_state_expiry(type="user", id=USER, name="session", expiry=60_000).state
    assert state.name == "session"
    assert client.get_user(id=USER).user.name == "Ada"
    assert [t.value for t in client.iter_tag_values(key="plan", type="user")] == ["vip"]
    assert [p.id for p in client.iter_file_passages(id="file_1")] == ["p1"]
    assert client.list_file_tag_values(tag="colour").values == ["a"]
    client.delete_file(id="file_1")
    assert client.update_workspace_member(id="m1", role="manager").role == "manager"
    client.delete_workspace(id="ws_1")
    assert client.get_bot_issue(id="bot_1", issue_id="issue_1").issue.title == "Boom"
    client.delete_bot_issue(id="bot_1", issue_id="issue_1")
    assert len(api.calls) == 15
    assert [call.method for call in api.calls][:3] == ["get_or_create_table", "get_table", "rename_table_column"]


def test_unstubbed_operations_answer_a_valid_default(api: FakeApi, client: Client) -> None:
    answer = client.get_table(table="People")
    assert answer.table.name == "name" and not answer.rows
    assert api.default("get_table")["table"]["schema"]["additionalProperties"] is True
    assert list(client.iter_file_passages(id="file_1")) == []


def test_wire_answers_are_checked_when_stubbed(api: FakeApi) -> None:
    api.get_table.returns(
        {
            "table": {
                "id": "t",
                "name": "People",
                "schema": {"type": "object", "properties": {}, "additionalProperties": True},
            }
        }
    )
    with pytest.raises(InvalidStub, match=r"get_table .*'table.name': required"):
        api.get_table.returns({"table": {"id": "t", "schema": {}}})
    with pytest.raises(InvalidStub, match=r"'rows': expected number"):
        api.get_or_create_table.returns(
            {"table": api.default("get_table")["table"], "created": True, "rows": "many", "stale": 0, "indexing": 0}
        )


def test_when_matches_arguments(api: FakeApi, client: Client) -> None:
    api.get_table.returns(models.GetTableResponse(table=_table("Other")))
    api.get_table.when(table="People").returns(models.GetTableResponse(table=_table("People")))
    assert client.get_table(table="People").table.name == "People"
    assert client.get_table(table="Cars").table.name == "Other"
    api.get_table.assert_any_call(table="Cars")
    api.get_table.assert_called_with(table="Cars", bot_id="bot_1")


def test_a_bad_request_fails_with_field_and_rule(api: FakeApi) -> None:
    client = api.client(bot_id="bot_1", validate_requests=False)
    with pytest.raises(SpecViolation) as caught:
        client.create_message(payload={}, user_id="short", conversation_id=CONVERSATION, type="text", tags={})
    assert caught.value.field == "user_id" and "28" in caught.value.rule
    assert "create_message (POST /v1/chat/messages)" in str(caught.value)
    with pytest.raises(SpecViolation, match=r"unknown member") as unknown:
        schema = models.TableSchema(type="object", properties={}, additional_properties=True)
        client.get_or_create_table(table="People", schema=schema, extra_body={"colour": "red"})
    assert unknown.value.field == "colour"
    no_bot = api.client(validate_requests=False)
    with pytest.raises((SpecViolation, errors.RequestValidationError)) as missing:
        no_bot.get_table(table="People")
    assert getattr(missing.value, "field", "") == "bot_id"
    assert len(api.violations) == 2
    api.violations.clear()  # seen: the fixture's verify() would fail the test otherwise


def test_missing_bot_header_is_refused_by_the_fake(api: FakeApi) -> None:
    http = httpx.Client(transport=api.transport)  # around the client's own checks
    with pytest.raises(SpecViolation, match=r"bot_id: required \(header 'x-bot-id'\)"):
        http.get(f"{api.base_url}/v1/tables/People", headers={"authorization": "Bearer t"})
    api.violations.clear()


def test_429_with_retry_after_then_200_retries_once_without_waiting(api: FakeApi, client: Client) -> None:
    api.get_table.rate_limited(retry_after=5).returns(models.GetTableResponse(table=_table()))
    started = time.monotonic()
    assert client.get_table(table="People").table.name == "People"
    assert time.monotonic() - started < 1.0
    assert api.get_table.call_count == 2 and api.clock.sleeps == [5.0]


def test_fail_twice_then_succeed_and_errors(api: FakeApi, client: Client) -> None:
    api.get_user.fails(status=503, times=2).returns(models.GetUserResponse(user=models.User()))
    client.get_user(id=USER)
    assert api.get_user.call_count == 3
    api.get_user.fails(status=404, type="ResourceNotFound", message="no such user")
    with pytest.raises(errors.ResourceNotFoundError) as caught:
        client.get_user(id=USER)
    assert caught.value.status_code == 404 and caught.value.message == "no such user"
    api.get_user.network_error(times=3)
    with pytest.raises(errors.ApiConnectionError):
        client.get_user(id=USER)
    api.get_user.timeout(times=3)
    with pytest.raises(errors.ApiTimeoutError):
        client.get_user(id=USER)


def test_three_pages(api: FakeApi, client: Client) -> None:
    api.list_file_passages.pages(
        [models.Passage(id="p1"), models.Passage(id="p2")],
        [models.Passage(id="p3")],
        [{"id": "p4"}],
    )
    assert [p.id for p in client.iter_file_passages(id="file_1")] == ["p1", "p2", "p3", "p4"]
    assert api.list_file_passages.call_count == 3
    api.list_file_passages.assert_called_with(id="file_1", next_token="fake-page-3")


def test_call_assertions_read_well(api: FakeApi, client: Client) -> None:
    client.get_table(table="People")
    api.get_table.assert_called_once_with(table="People")
    api.get_user.assert_not_called()
    with pytest.raises(AssertionError) as caught:
        api.get_table.assert_called_once_with(table="Cars")
    assert "table: expected 'Cars', got 'People'" in str(caught.value)
    client.get_table(table="Cars")
    with pytest.raises(AssertionError, match="expected 1 call, got 2"):
        api.get_table.assert_called_once()
    call = api.calls[-1]
    assert (call.operation, call.arguments["table"]) == ("getTable", "Cars")
    assert call.headers["x-bot-id"] == "bot_1"
    schema = models.TableSchema(type="object", properties={}, additional_properties=True)
    client.get_or_create_table(table="People", schema=schema, factor=2)
    api.get_or_create_table.assert_called_once_with(schema=schema, factor=2)


def test_async_client(api: FakeApi) -> None:
    async def main() -> None:
        async with api.async_client(bot_id="bot_1", validate_requests=False) as client:
            assert isinstance(client, AsyncClient)
            api.get_table.rate_limited(retry_after=3).returns(models.GetTableResponse(table=_table(), rows=1))
            assert (await client.get_table(table="People")).rows == 1
            api.list_tag_values.pages([models.TagValue(value="a")], [models.TagValue(value="b")])
            values = [t.value async for t in client.iter_tag_values(key="k", type="user")]
            assert values == ["a", "b"]
            with pytest.raises(SpecViolation, match="conversation_id"):
                await client.create_message(payload={}, user_id=USER, conversation_id="c", type="t", tags={})
        api.violations.clear()

    started = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - started < 2.0 and api.clock.sleeps == [3.0]
    api.get_table.assert_called_with(table="People")


def test_dates_and_models_compare_as_json(api: FakeApi, client: Client) -> None:
    when = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)  # noqa: UP017 - datetime.UTC is 3.11+
    table = models.Table(
        id="t",
        name="n",
        schema=models.TableSchema(type="object", properties={}, additional_properties=True),
        created_at=when,
    )
    api.get_table.returns(models.GetTableResponse(table=table))
    assert client.get_table(table="t").table.created_at == when
