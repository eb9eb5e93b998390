"""Issue 26 item 5: an optional member that is absent reads ``None`` (typed ``X | None``);
``fields_set`` keeps which members are present, so an absent member and an explicit ``null``
stay apart and ``to_dict()`` writes back exactly what was read. Request arguments keep ``UNSET``.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
from botpress_client import UNSET, Client, errors, models
from botpress_client.testing import FakeApi

from tests import mypy_run
from tests.conftest import GENERATED

TABLE: dict[str, Any] = {
    "id": "t1",
    "name": "People",
    "schema": {"type": "object", "properties": {}, "additionalProperties": True},
}


def _decoded(table: dict[str, Any]) -> models.Table:
    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"table": table, "rows": 0})

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with Client(token="tok", bot_id="b1", base_url="https://api.test", http_client=http) as client:
        return client.get_table(table="People").table


def test_an_absent_optional_member_reads_none_and_is_not_present() -> None:
    table = _decoded(TABLE)
    assert table.key_column is None and table.factor is None and table.created_at is None
    assert "key_column" not in table.fields_set and "factor" not in table.fields_set
    assert table.fields_set == {"id", "name", "schema"}
    assert table.to_dict() == TABLE
    assert "keyColumn" not in table.to_dict()


def test_an_explicit_null_reads_none_and_is_present() -> None:
    table = _decoded({**TABLE, "keyColumn": None, "factor": 2})
    assert table.key_column is None and "key_column" in table.fields_set
    assert table.fields_set == {"id", "name", "schema", "key_column", "factor"}
    assert table.to_dict() == {**TABLE, "keyColumn": None, "factor": 2}
    assert json.dumps(table.to_dict()).count("null") == 1
    assert "key_column=None" in repr(table) and "factor=2" in repr(table)
    assert "key_column" not in repr(_decoded(TABLE))  # absent: not shown


def test_absent_and_null_are_not_equal() -> None:
    assert _decoded(TABLE) != _decoded({**TABLE, "keyColumn": None})
    assert _decoded({**TABLE, "keyColumn": None}) == _decoded({**TABLE, "keyColumn": None})
    assert _decoded({**TABLE, "keyColumn": "c0"}) == _decoded({**TABLE, "keyColumn": "c0"})


def _schema() -> models.TableSchema:
    return models.TableSchema(type="object", properties={}, additional_properties=True)


def test_a_model_built_by_hand_sends_the_members_given() -> None:
    table = models.Table(id="t1", name="People", schema=_schema())
    assert table.fields_set == {"id", "name", "schema"}
    assert table.key_column is None and table.to_dict() == TABLE
    nulled = models.Table(id="t1", name="People", schema=_schema(), key_column=None)
    assert nulled.key_column is None and "key_column" in nulled.fields_set  # nullable: None is null
    assert nulled.to_dict() == {**TABLE, "keyColumn": None}
    assert nulled == _decoded({**TABLE, "keyColumn": None})
    plain = models.Table(id="t1", name="People", schema=_schema(), factor=None)  # not nullable: absent
    assert "factor" not in plain.fields_set and plain.to_dict() == TABLE and plain == table
    given = models.Table(id="t1", name="People", schema=_schema(), key_column="c0", factor=2)
    assert given.fields_set >= {"key_column", "factor"}
    assert given.to_dict() == {**TABLE, "keyColumn": "c0", "factor": 2}


def test_assigning_a_member_changes_what_is_sent() -> None:
    table = _decoded(TABLE)
    table.factor = 3
    assert "factor" in table.fields_set and table.to_dict()["factor"] == 3
    table.factor = None
    assert "factor" not in table.fields_set and "factor" not in table.to_dict()


def test_round_trip_is_exact_for_absent_null_and_set_members() -> None:
    for payload in (
        TABLE,
        {**TABLE, "keyColumn": None},
        {**TABLE, "keyColumn": "c0", "tags": {"a": "b"}, "createdAt": "2024-05-01T12:30:00.000Z"},
    ):
        table = models.Table.from_dict(payload)
        assert table.to_dict() == payload
        assert models.Table.from_dict(table.to_dict()) == table


def test_request_arguments_keep_unset() -> None:
    sent: list[dict[str, Any]] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content))
        return httpx.Response(200, json={"table": TABLE, "created": True, "rows": 0, "stale": 0, "indexing": 0})

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with Client(token="tok", bot_id="b1", base_url="https://api.test", http_client=http) as client:
        client.get_or_create_table(table="People", schema=_schema())
        client.get_or_create_table(table="People", schema=_schema(), key_column=None, factor=UNSET)
    assert "keyColumn" not in sent[0] and "factor" not in sent[0]  # not given: not sent
    assert sent[1]["keyColumn"] is None and "factor" not in sent[1]  # None is null, UNSET is not sent


def test_the_test_kit_answers_with_absent_members_as_none() -> None:
    api = FakeApi()
    api.get_table.returns(models.GetTableResponse(table=models.Table(id="t1", name="N", schema=_schema())))
    with api.client(bot_id="b1") as client:
        table = client.get_table(table="N").table
    assert table.key_column is None and "key_column" not in table.fields_set
    api.get_table.returns(
        models.GetTableResponse(table=models.Table(id="t1", name="N", schema=_schema(), key_column=None))
    )
    with api.client(bot_id="b1") as client:
        table = client.get_table(table="N").table
    assert table.key_column is None and "key_column" in table.fields_set
    api.verify()


USER_CODE = """
    from botpress_client import models


    def shout(user: models.User) -> str:
        if user.name is not None:
            return user.name.upper()
        return "?" if "name" in user.fields_set else ""


    def key(table: models.Table) -> str:
        return table.key_column.lower() if table.key_column is not None else ""


    fields: frozenset[str] = models.User(id="u").fields_set
    """


@pytest.mark.slow
def test_mypy_strict_accepts_a_member_narrowed_with_is_not_none(tmp_path: Path) -> None:
    (tmp_path / "user_code.py").write_text(textwrap.dedent(USER_CODE), encoding="utf-8")
    (tmp_path / "unnarrowed.py").write_text("from botpress_client import models\n\nmodels.User(id='u').name.upper()\n")
    done = mypy_run.run(["user_code.py", "unnarrowed.py"], cwd=tmp_path, path=[GENERATED])
    assert done.returncode == 1, done.stdout + done.stderr  # errors found, no crash
    assert mypy_run.errors(done, "user_code.py") == [], done.stdout
    unnarrowed = "\n".join(mypy_run.errors(done, "unnarrowed.py"))
    assert 'Item "None" of "str | None" has no attribute "upper"' in unnarrowed
    assert "Unset" not in done.stdout


def test_a_null_the_schema_does_not_allow_is_kept_and_refused_when_strict() -> None:
    table = _decoded({**TABLE, "factor": None})  # factor is a number, not nullable
    assert table.factor is None and "factor" in table.fields_set  # read leniently, not lost
    assert table.to_dict() == {**TABLE, "factor": None}

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"table": {**TABLE, "factor": None}, "rows": 0})

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with Client(token="t", bot_id="b", base_url="https://api.test", http_client=http, strict_responses=True) as c:
        with pytest.raises(errors.ResponseValidationError, match=r"table\.factor"):
            c.get_table(table="People")


def test_a_copy_keeps_the_members_present() -> None:
    table = _decoded({**TABLE, "keyColumn": None})
    changed = copy.copy(table)  # the README's way to change a copy
    changed.factor = 3
    assert changed.to_dict() == {**TABLE, "keyColumn": None, "factor": 3}
    assert table.to_dict() == {**TABLE, "keyColumn": None}
    absent = copy.copy(_decoded(TABLE))
    absent.factor = 3
    assert absent.to_dict() == {**TABLE, "factor": 3}  # key_column stays absent
