"""The JSON payloads every benchmark uses (built here, identical for every tool).

- ``get_or_create_table_response()``: a GetOrCreateTable response, 10 columns of varied kinds
  (computed, date-time, enum, array, object), tags and timestamps; about 3 KB of compact JSON.
- ``get_table_response()``: the same table as a GetTable response (the loopback server's answer).
- ``list_file_passages_response()``: a ListFilePassages page of 200 passages.
- ``get_or_create_table_body(20)``: a getOrCreateTable request body with 20 columns.
"""

from __future__ import annotations

import json
from typing import Any

TS_CREATED = "2024-05-01T12:30:00.000Z"
TS_UPDATED = "2024-06-17T08:05:42.123Z"


def _column(i: int) -> dict[str, Any]:
    kind = i % 10
    zui: dict[str, Any] = {"index": i, "searchable": i % 2 == 0, "hidden": False, "order": i, "width": 160}
    if kind == 0:
        col: dict[str, Any] = {
            "type": "string",
            "description": "Customer e-mail address, unique per row and used as the key column.",
            "pattern": "^[^@\\s]+@[^@\\s]+$",
        }
    elif kind == 1:
        col = {"type": "string", "description": f"Display name of the customer (column {i})."}
    elif kind == 2:
        col = {"type": "number", "description": "Lifetime value in cents.", "nullable": True}
    elif kind == 3:
        col = {"type": "number", "nullable": True, "description": "Lead score computed by a model."}
        zui["computed"] = {
            "action": "ai",
            "model": "gpt-4o",
            "prompt": "Score this lead from 0 to 100 given {{email}} and {{company}}.",
            "dependencies": [f"c{i - 3}", f"c{i - 2}"],
            "enabled": True,
        }
    elif kind == 4:
        col = {"type": "boolean", "description": "Whether the customer opted in to marketing."}
    elif kind == 5:
        col = {"type": "string", "format": "date-time", "description": "Signup time (UTC)."}
        zui["typings"] = "string"
    elif kind == 6:
        col = {
            "type": "string",
            "enum": ["trial", "starter", "team", "enterprise"],
            "description": "Current plan of the customer.",
        }
    elif kind == 7:
        col = {"type": "array", "items": {"type": "string"}, "description": "Free-form labels."}
        zui["typings"] = "string[]"
    elif kind == 8:
        col = {
            "type": "object",
            "description": "Postal address.",
            "properties": {"city": {"type": "string"}, "zip": {"type": "string"}, "country": {"type": "string"}},
        }
        zui["typings"] = "{ city: string; zip: string; country: string }"
    else:
        col = {"type": "string", "description": "Notes written by the account manager."}
        zui["schemaId"] = "sch_01HXZ8K3"
    col["description"] += " Shown in the table editor and in the bot's tools."
    zui["id"] = f"col_{i:04d}_01HXZ8K3"
    col["x-zui"] = zui
    return col


def table(columns: int = 10) -> dict[str, Any]:
    return {
        "id": "tbl_01HXYZ8K3M2Q7R5T9V0W",
        "name": "Customers",
        "factor": 2,
        "frozen": False,
        "keyColumn": "c0",
        "tags": {"team": "growth", "env": "prod", "owner": "data-platform", "region": "eu-west-1"},
        "isComputeEnabled": True,
        "createdAt": TS_CREATED,
        "updatedAt": TS_UPDATED,
        "schema": {
            "type": "object",
            "additionalProperties": True,
            "required": ["c0", "c1"],
            "properties": {f"c{i}": _column(i) for i in range(columns)},
        },
    }


def get_or_create_table_response() -> dict[str, Any]:
    return {"table": table(10), "created": False, "rows": 1234, "stale": 3, "indexing": 0}


def get_table_response() -> dict[str, Any]:
    return {"table": table(10), "rows": 1234, "stale": 3, "indexing": 0}


def list_file_passages_response(count: int = 200) -> dict[str, Any]:
    text = (
        "Botpress tables store rows of structured data that bots read and write. "
        "Each table has a schema of at most twenty columns; computed columns are filled by "
        "an AI model, code or a workflow when the columns they depend on change. "
    )
    passages = []
    for i in range(count):
        meta: dict[str, Any] = {
            "type": "chunk",
            "pageNumber": 1 + i // 8,
            "position": i,
            "sourceUrl": f"https://docs.example.com/tables/guide#section-{i // 8}",
        }
        if i % 8 == 0:
            meta["subtype"] = "title"
        passages.append({"id": f"psg_{i:06d}_01HXZ8K3M2Q7", "content": f"[{i}] {text}", "meta": meta})
    return {"passages": passages, "meta": {"nextToken": "eyJvZmZzZXQiOjIwMH0="}}


def get_or_create_table_body(columns: int = 20) -> dict[str, Any]:
    return {
        "schema": table(columns)["schema"],
        "factor": 2,
        "frozen": False,
        "keyColumn": "c0",
        "tags": {"team": "growth", "env": "prod"},
        "isComputeEnabled": True,
    }


def wire(payload: Any) -> bytes:
    """Compact JSON bytes, as an API sends them."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
