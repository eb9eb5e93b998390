"""Issue 35 (lean output): the resource modules say each thing once. The five per-call options
and the errors are documented on ``Client``/``AsyncClient``, each method pointing there; the
request call leaves out what the transport defaults to; an operation without a rule to check has
no request check; a parameter check that is one test is one ``if``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator.pipeline import generate
from generator.write.files import write_package

from ..conftest import GENERATED

OPTIONS = ("extra_headers", "extra_query", "extra_body", "timeout", "max_retries")
ERRORS = ("RequestValidationError", "ApiError", "ApiConnectionError")


def test_each_method_points_to_the_client_that_documents_the_options_and_errors() -> None:
    from botpress_client import AsyncClient, Client

    for cls, name in ((Client, "Client"), (AsyncClient, "AsyncClient")):
        doc = cls.__doc__ or ""
        assert all(f"{option}: " in doc for option in OPTIONS), doc
        assert all(f"``{error}``" in doc for error in ERRORS), doc
        for method in ("get_table", "get_or_create_table", "list_file_passages", "iter_file_passages"):
            text = getattr(cls, method).__doc__ or ""
            assert f"The per-call options and the errors raised: see ``{name}``." in text, (name, method)
            assert "extra_headers:" not in text and "Raises:" not in text, (name, method)
    assert "schema: Column definitions" in (Client.get_or_create_table.__doc__ or "")  # its own arguments


def test_request_calls_leave_out_what_the_transport_defaults_to() -> None:
    modules = [*(GENERATED / "botpress_client" / "_resources").glob("*.py")]
    texts = [path.read_text(encoding="utf-8") for path in modules]
    assert any("self._request(" in text for text in texts)
    for path, text in zip(modules, texts, strict=True):
        for written in ("path={}", "query={}", "headers={}", "body=None", "decode=None"):
            assert written not in text, (path.name, written)


ONE = {
    "openapi": "3.1.0",
    "info": {"title": "One", "version": "1"},
    "servers": [{"url": "https://one.example"}],
    "paths": {
        "/ping": {
            "get": {
                "operationId": "ping",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {}}}}},
            }
        },
        "/items/{id}": {
            "post": {
                "operationId": "addItem",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 3}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                ],
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {"name": {"type": "string"}, "note": {"type": ["string", "null"]}},
                            }
                        }
                    }
                },
                "responses": {"204": {"description": "added"}},
            }
        },
    },
}

CALLS = textwrap.dedent("""
    import json, httpx, one_client
    sent = []
    def handler(request):
        sent.append([request.url.path, request.url.query.decode(), request.content.decode()])
        return httpx.Response(200, json={"ok": True}) if request.method == "GET" else httpx.Response(204)
    c = one_client.Client(http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    answer = c.ping.ping()
    c.items.add(id="abc", name="n")
    c.items.add(id="abc", name="n", note=None, limit=2)
    refused = []
    for bad in ({"id": "abcd"}, {"id": 1}, {"id": "a", "limit": "2"}):
        try:
            c.items.add(name="n", **bad)
        except one_client.errors.RequestValidationError as exc:
            refused.append(str(exc))
    from one_client._resources import items, ping
    print(json.dumps({"answer": answer, "sent": sent, "refused": refused,
        "checks": [ping._PING.validate is None, items._ADD_ITEM.validate is items.check_add_item]}))
    """)


def _written(tmp_path: Path, doc: Mapping[str, object], package: str) -> dict[str, str]:
    """The files generated from ``doc``, written as package ``package`` under ``tmp_path/pkg``."""
    spec = tmp_path / "doc.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    _api, files, _problems = generate(str(spec), package)
    write_package(dict(files), tmp_path / "pkg" / package)
    return dict(files)


def _ran(tmp_path: Path, code: str) -> str:
    """What ``code`` prints, run with the package of :func:`_written` importable."""
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "pkg")}
    return subprocess.run(
        [sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.slow
def test_no_check_without_a_rule_and_one_test_checks_as_before(tmp_path: Path) -> None:
    files = _written(tmp_path, ONE, "one_client")
    ping = files["_resources/ping.py"]
    assert "def check_" not in ping and "validate=" not in ping
    items = files["_resources/items.py"]
    assert 'if (v := query.get("limit", UNSET)) is not UNSET and type(v) is not int:' in items
    result = json.loads(_ran(tmp_path, CALLS))
    assert result["answer"] == {"ok": True}
    assert result["sent"] == [
        ["/ping", "", ""],
        ["/items/abc", "", '{"name":"n"}'],  # members not given are not sent
        ["/items/abc", "limit=2", '{"name":"n","note":null}'],  # None is null
    ]
    assert len(result["refused"]) == 3, result["refused"]
    assert "id" in result["refused"][0] and "must be a string" in result["refused"][1]
    assert "limit" in result["refused"][2] and "must be an integer" in result["refused"][2]
    assert result["checks"] == [True, True]


def _report(name: str, tag_length: int) -> dict[str, object]:
    tags = {"type": "array", "items": {"type": "string", "maxLength": tag_length}}
    return {
        "get": {
            "operationId": name,
            "x-client-group": "reports",
            "parameters": [
                {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                {"name": "tags", "in": "query", "schema": tags},
            ],
            "responses": {"204": {"description": "done"}},
        }
    }


SHARED = {
    "openapi": "3.1.0",
    "info": {"title": "Reports", "version": "1"},
    "servers": [{"url": "https://reports.example"}],
    "paths": {
        "/costs": _report("costReport", 8),
        "/usage": _report("usageReport", 8),
        "/audit": _report("auditReport", 9),  # one rule differs: a check of its own
    },
}


@pytest.mark.slow
def test_operations_of_the_same_rules_share_one_request_check(tmp_path: Path) -> None:
    text = _written(tmp_path, SHARED, "reports_client")["_resources/reports.py"]
    assert text.count("def check_") == 2, text
    assert '"""Check the arguments of ``cost_report``, ``usage_report`` (the same rules)."""' in text
    assert "def check_usage_report" not in text and "def check_audit_report" in text
    assert text.count("validate=check_cost_report") == 2 and text.count("validate=check_audit_report") == 1
    assert 'RequestValidationError(f"tags[{_n0}]", "at most 8 characters")' in text, text
    code = textwrap.dedent("""
        import httpx, reports_client
        c = reports_client.Client(http_client=httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(204))))
        for call in (c.reports.usage, c.reports.audit):
            try:
                call(tags=["ok", "a-tag-too-long"])
            except reports_client.errors.RequestValidationError as exc:
                print(exc)
        """)
    lines = _ran(tmp_path, code).splitlines()
    assert len(lines) == 2 and all("tags[1]" in line for line in lines), lines
    assert "at most 8 characters" in lines[0] and "at most 9 characters" in lines[1], lines
