"""Issue 15 item 8: a compact ``repr`` of models (set members only, ``extra_members`` when not empty)."""

from __future__ import annotations

import json
from typing import Any

import httpx
from botpress_client import Client, models

TS = "2024-05-01T12:30:00.000Z"
TABLE: dict[str, Any] = {
    "id": "t1",
    "name": "People",
    "schema": {
        "type": "object",
        "additionalProperties": True,
        "properties": {
            "email": {"type": "string", "x-zui": {"index": 0}},
            "age": {"type": "number", "x-zui": {"index": 1}},
            "note": {"type": "string", "x-zui": {"index": 2}},
        },
    },
}


def _decoded_table(table: dict[str, Any]) -> models.GetTableResponse:
    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"table": table, "rows": 0, "stale": 0, "indexing": 0})

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with Client(token="tok", bot_id="b1", base_url="https://api.test", http_client=http) as client:
        return client.get_table(table="People")


def test_repr_of_a_decoded_table_shows_set_members_only() -> None:
    text = repr(_decoded_table(TABLE).table)
    assert text == (
        "Table(id='t1', name='People', schema=TableSchema(type='object', properties={"
        "'email': ColumnDefinition(type='string', x_zui=ColumnMetadata(index=0)), "
        "'age': ColumnDefinition(type='number', x_zui=ColumnMetadata(index=1)), "
        "'note': ColumnDefinition(type='string', x_zui=ColumnMetadata(index=2))}, "
        "additional_properties=True))"
    )
    assert "UNSET" not in text
    assert "extra_members" not in text
    assert "mappingproxy" not in text
    assert len(text) < 400, text


def test_repr_shows_extra_members_when_not_empty() -> None:
    table = _decoded_table({**TABLE, "shard": "eu-1"}).table
    assert repr(table).endswith(", extra_members={'shard': 'eu-1'})")
    schema = models.TableSchema(type="object", properties={}, additional_properties=False)
    assert repr(models.Table(id="t2", name="N", schema=schema)) == (
        "Table(id='t2', name='N', schema=TableSchema(type='object', properties={}, additional_properties=False))"
    )


def test_repr_round_trips_the_set_members() -> None:
    table = _decoded_table({**TABLE, "createdAt": TS, "keyColumn": None}).table
    text = repr(table)
    assert "key_column=None" in text
    assert "created_at=datetime.datetime(2024, 5, 1, 12, 30" in text
    assert json.dumps(table.to_dict())  # the model itself is unchanged
