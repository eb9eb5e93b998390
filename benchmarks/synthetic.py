"""Synthetic OpenAPI 3.1 documents of N component schemas, for the scaling rows of ``make bench``.

Every schema ``ModelNNNN`` is an object of 9 properties of varied kinds: a string id, an integer,
a number, a boolean, a date-time string, an enum (one of three value sets), an array of strings, a
``$ref`` to another schema (its "parent" in a binary tree: no cycle) and a nullable string
(``type: [string, "null"]``); three to five of them are required. About N/10 operations (at least
2) alternate between a GET ``/groupG/resourcesK/{itemId}`` with path and query parameters and a
POST ``/groupG/resourcesK`` with a JSON request body, each answering JSON that references the
schemas, so that both generators have endpoints to write. The document depends on N alone: no
randomness, the same bytes on every run.

    python benchmarks/synthetic.py N [OUT.json [OPERATIONS]]   # write one (stdout without OUT), validate it
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ENUMS = (["active", "inactive", "pending"], ["low", "medium", "high", "critical"], ["draft", "published"])
WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")


def schema_name(i: int) -> str:
    return f"Model{i:04d}"


def component(i: int, n: int) -> dict[str, Any]:
    """The schema ``ModelNNNN``: 9 properties of varied kinds, a required mix."""
    word = WORDS[i % len(WORDS)]
    props: dict[str, Any] = {
        "id": {"type": "string", "description": f"Identifier of the {word} item {i}."},
        f"{word}Count": {"type": "integer", "minimum": 0},
        "score": {"type": "number"},
        "enabled": {"type": "boolean", "default": i % 2 == 0},
        "createdAt": {"type": "string", "format": "date-time"},
        "status": {"type": "string", "enum": ENUMS[i % len(ENUMS)]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "note": {"type": ["string", "null"], "description": "May be null."},
    }
    if i > 0:  # a reference to the parent in a binary tree (no cycle)
        props["parent"] = {"$ref": f"#/components/schemas/{schema_name((i - 1) // 2)}"}
    else:
        props["label"] = {"type": "string", "maxLength": 64}
    required = ["id", "createdAt"] + [f"{word}Count", "status", "tags"][: i % 4]
    return {"type": "object", "description": f"Synthetic schema {i} of {n}.", "properties": props, "required": required}


def operation(k: int, n: int) -> tuple[str, str, dict[str, Any]]:
    """Operation ``k``: (path, method, operation object); even k: GET with parameters, odd: POST."""
    ref = {"$ref": f"#/components/schemas/{schema_name((k * 10) % n)}"}
    group = f"group{k % 5}"
    ok = {"description": "The item.", "content": {"application/json": {"schema": ref}}}
    if k % 2 == 0:
        return (
            f"/{group}/resources{k}/{{itemId}}",
            "get",
            {
                "operationId": f"getResource{k}",
                "tags": [group],
                "summary": f"Get an item of resource {k}.",
                "parameters": [
                    {"name": "itemId", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "limit", "in": "query", "required": False, "schema": {"type": "integer", "maximum": 100}},
                    {"name": "cursor", "in": "query", "required": False, "schema": {"type": "string"}},
                ],
                "responses": {"200": ok, "404": {"description": "Not found."}},
            },
        )
    return (
        f"/{group}/resources{k}",
        "post",
        {
            "operationId": f"createResource{k}",
            "tags": [group],
            "summary": f"Create an item of resource {k}.",
            "parameters": [{"name": "dryRun", "in": "query", "required": False, "schema": {"type": "boolean"}}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
            "responses": {"201": {**ok, "description": "Created."}},
        },
    )


def document(n: int, operations: int | None = None) -> dict[str, Any]:
    """An OpenAPI 3.1 document with ``n`` component schemas and ``operations`` operations (by
    default ``max(2, n // 10)``; the scale rows use 900 schemas and 1,200 operations, the size of
    the largest public REST APIs)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    paths: dict[str, dict[str, Any]] = {}
    for k in range(max(2, n // 10) if operations is None else operations):
        path, method, op = operation(k, n)
        paths.setdefault(path, {})[method] = op
    return {
        "openapi": "3.1.0",
        "info": {"title": f"Synthetic API ({n} schemas)", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": paths,
        "components": {"schemas": {schema_name(i): component(i, n) for i in range(n)}},
    }


def write(n: int, path: Path, operations: int | None = None) -> Path:
    path.write_text(json.dumps(document(n, operations), indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return path


def validate(n: int) -> str | None:
    """``None`` when openapi-spec-validator accepts the document of ``n`` schemas, else why not."""
    try:
        from openapi_spec_validator import validate as validate_spec
    except ImportError as exc:
        return f"openapi-spec-validator not importable: {exc}"
    try:
        validate_spec(document(n))
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0][:150]}"
    return None


def main(argv: list[str]) -> int:
    n = int(argv[1]) if len(argv) > 1 else 100
    problem = validate(n)
    print(f"synthetic N={n}: {'valid OpenAPI 3.1' if problem is None else problem}", file=sys.stderr)
    if len(argv) > 2:
        write(n, Path(argv[2]), int(argv[3]) if len(argv) > 3 else None)
    else:
        print(json.dumps(document(n), indent=1))
    return 0 if problem is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
