"""A list of objects in a query parameter (AWS's query APIs: IAM's ``Tags`` of ``TagRole``): the
client sends each object as its JSON text (``_encoding._query_text``; OpenAPI leaves the case
undefined), and the test kit reads it back by the same rule, so the fake accepts what the client
sends and a test asserts the objects, not their text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.generator.test_lazy_table_chunks import generate_package

TAG = {"type": "object", "required": ["Key"], "properties": {"Key": {"type": "string"}, "Value": {"type": "string"}}}
DOC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "tags", "version": "1"},
    "x-client": {"flat-methods": True},
    "paths": {
        "/roles/{name}/tags": {
            "get": {
                "operationId": "tagRole",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "Tags", "in": "query", "required": True, "schema": {"type": "array", "items": TAG}},
                    {"name": "Grid", "in": "query", "schema": {"type": "array", "items": {"type": "array"}}},
                ],
                "responses": {"204": {"description": "done"}},
            }
        }
    },
}

CODE = """
import json
from synth.testing import FakeApi
api = FakeApi()
client = api.client()
client.tag_role(name="r", tags=[{"Key": "k", "Value": "v"}, {"Key": "a"}], grid=[[1, 2], []])
api.tag_role.assert_called_once_with(name="r", tags=[{"Key": "k", "Value": "v"}, {"Key": "a"}], grid=[[1, 2], []])
print(json.dumps(str(api.calls[0].request.url)))
"""


def test_the_kit_reads_a_list_of_objects_back_as_the_client_sends_it(tmp_path: Path) -> None:
    generate_package(tmp_path, "tags", DOC)
    done = subprocess.run(
        [sys.executable, "-B", "-c", CODE], cwd=tmp_path / "tags", capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    url = json.loads(done.stdout)
    assert "Tags=%7B%22Key%22%3A%22k%22%2C%22Value%22%3A%22v%22%7D&Tags=%7B%22Key%22%3A%22a%22%7D" in url, url
