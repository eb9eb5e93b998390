"""Issue 34 item 4: an explicit ``null`` is never lost. An answer carrying ``null`` for an optional
member its schema does not mark nullable (``resolutionLink`` of a bot issue, as the vendor's own
documents answer) reads ``None``, counts as present, and ``to_dict()`` writes it back, in any
model at any depth (nested models, lists, maps); ``strict_responses=True`` refuses the same answer
naming the member. The property test (random answers, random nulls) is in test_properties.py.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import httpx
import pytest
from botpress_client import AsyncClient, Client, errors, models

ISSUE: dict[str, Any] = {
    "id": "iss_1",
    "code": "timeout",
    "createdAt": "2024-05-01T12:30:00.000Z",
    "lastSeenAt": None,  # a date-time: converted when present
    "title": "Bot timed out",
    "description": None,
    "groupedData": None,  # a free-form object
    "eventsCount": 3,
    "category": "user_code",
    "resolutionLink": None,
}

COLUMN: dict[str, Any] = {
    "type": "object",
    "description": None,
    "items": None,  # a nested model
    "properties": {"street": {"type": "string", "format": None}},  # a map of models
    "x-zui": {"index": 0, "id": None, "computed": {"action": "ai", "dependencies": None}},
}

SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": True, "properties": {}}

TABLE_ANSWER: dict[str, Any] = {
    "table": {
        "id": "t1",
        "name": "People",
        "keyColumn": None,  # nullable: kept before too
        "factor": None,
        "tags": {"team": "growth"},
        "createdAt": None,
        "schema": {"type": "object", "additionalProperties": True, "properties": {"c0": COLUMN}},
    },
    "rows": 3,
}


def _client(answer: dict[str, Any], **options: Any) -> Client:
    def reply(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=json.dumps(answer).encode())

    http = httpx.Client(transport=httpx.MockTransport(reply))
    return Client(token="tok", bot_id="b1", workspace_id="w1", base_url="https://api.test", http_client=http, **options)


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def test_a_null_on_a_member_that_is_not_nullable_reads_none_and_is_present() -> None:
    with _client({"issue": ISSUE}) as client:
        issue = client.get_bot_issue(id="bot_1", issue_id="iss_1").issue
    assert issue.resolution_link is None and "resolution_link" in issue.fields_set
    assert issue.last_seen_at is None and "last_seen_at" in issue.fields_set
    assert {"description", "grouped_data"} <= issue.fields_set
    assert "resolution_link=None" in repr(issue)
    assert issue.to_dict() == ISSUE
    assert _canonical(issue.to_dict()) == _canonical(ISSUE)  # byte for byte, as JSON


def test_nulls_are_kept_in_nested_models_lists_and_maps() -> None:
    with _client(TABLE_ANSWER) as client:
        answer = client.get_table(table="People")
    column = answer.table.schema.properties["c0"]
    assert column.items is None and "items" in column.fields_set
    assert column.properties is not None  # a map of models: an undeclared null is kept as it came
    assert column.properties["street"].extra_members == {"format": None}
    assert column.x_zui.computed is not None and column.x_zui.computed.dependencies is None
    assert "dependencies" in column.x_zui.computed.fields_set
    assert answer.table.factor is None and "factor" in answer.table.fields_set
    assert _canonical(answer.to_dict()) == _canonical(TABLE_ANSWER)


def test_absent_members_stay_absent_beside_nulls() -> None:
    answer = {"issue": {"id": "iss_1", "resolutionLink": None}}
    with _client(answer) as client:
        issue = client.get_bot_issue(id="bot_1", issue_id="iss_1").issue
    assert issue.fields_set == {"id", "resolution_link"}
    assert issue.to_dict() == answer["issue"]


def test_assigning_a_value_then_none_follows_the_usual_rules() -> None:
    issue = models.BotIssue.from_dict(ISSUE)
    changed = copy.copy(issue)
    changed.resolution_link = "https://help.example/timeouts"
    assert changed.to_dict()["resolutionLink"] == "https://help.example/timeouts"
    assert issue.to_dict()["resolutionLink"] is None  # the copy's change is its own
    built = models.BotIssue(id="iss_1", resolution_link=None)  # by hand: None is absent
    assert built.to_dict() == {"id": "iss_1"} and "resolution_link" not in built.fields_set


def test_absent_and_null_are_not_equal() -> None:
    null = models.BotIssue.from_dict({"id": "i", "resolutionLink": None})
    assert null != models.BotIssue.from_dict({"id": "i"})
    assert null == models.BotIssue.from_dict({"id": "i", "resolutionLink": None})


@pytest.mark.parametrize(
    ("answer", "call", "path"),
    [
        ({"issue": ISSUE}, lambda c: c.get_bot_issue(id="b", issue_id="i"), "issue.lastSeenAt"),
        (
            {"issue": {"id": "iss_1", "resolutionLink": None}},
            lambda c: c.get_bot_issue(id="b", issue_id="i"),
            "issue.resolutionLink",
        ),
        (
            {"table": {**TABLE_ANSWER["table"], "schema": SCHEMA, "factor": 2}, "rows": 0},
            lambda c: c.get_table(table="People"),
            "table.createdAt",
        ),
    ],
)
def test_strict_responses_refuses_the_null_naming_the_member(answer: Any, call: Any, path: str) -> None:
    with _client(answer) as lenient:
        assert call(lenient) is not None  # read leniently by default
    with _client(answer, strict_responses=True) as strict:
        with pytest.raises(errors.ResponseValidationError) as caught:
            call(strict)
    assert caught.value.path == path and caught.value.status_code == 200
    assert path in str(caught.value)


def test_the_async_client_keeps_nulls_too() -> None:
    import asyncio

    def reply(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"issue": ISSUE})

    async def run() -> models.BotIssue:
        http = httpx.AsyncClient(transport=httpx.MockTransport(reply))
        async with AsyncClient(
            token="t", bot_id="b", workspace_id="w", base_url="https://api.test", http_client=http
        ) as c:
            return (await c.get_bot_issue(id="b", issue_id="i")).issue

    assert asyncio.run(run()).to_dict() == ISSUE
