"""The test kit's ``FakeApi`` loads the ``_fakes`` module of an operation only when a test uses
it (issue 24): creating the fake loads none, a request is routed by method and path template to
its operation and loads that operation's module only, and so does ``api.<method>``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from generator.runtime.testing._fake_wire import Routes, SpecViolation

from ..conftest import ROOT

LOADED = "sorted(m for m in sys.modules if m.startswith('botpress_client.testing._fakes.'))"


def _run(code: str) -> dict[str, object]:
    """``code`` in a fresh interpreter (no bytecode written), which prints one JSON value."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "generated")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_creating_the_fake_and_its_clients_loads_no_fakes_module() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client.testing import FakeApi\n"
        "api = FakeApi()\n"
        "api.client(bot_id='b'), api.async_client(bot_id='b')\n"
        f"print(json.dumps({{'loaded': {LOADED}}}))"
    )
    assert result == {"loaded": []}


def test_a_call_loads_the_module_of_its_operation_only() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client.testing import FakeApi\n"
        "api = FakeApi()\n"
        "user = api.client(bot_id='b').get_user(id='u1')\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'calls': api.get_user.call_count}}))"
    )
    assert result == {"loaded": ["botpress_client.testing._fakes.chat_users"], "calls": 1}


def test_a_stub_loads_the_module_of_its_operation_only() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client.testing import FakeApi\n"
        "api = FakeApi()\n"
        "api.get_table.fails(status=404)\n"
        "api.stub('list_file_passages')\n"
        "default = api.default('get_user')\n"
        f"print(json.dumps({{'loaded': {LOADED}}}))"
    )
    assert result == {
        "loaded": ["botpress_client.testing._fakes.chat_users", "botpress_client.testing._fakes.files_passages"]
        + ["botpress_client.testing._fakes.tables"]
    }


def test_a_request_the_api_refuses_loads_no_module() -> None:
    result = _run(
        "import json, sys, httpx\n"
        "from botpress_client.testing import FakeApi, SpecViolation\n"
        "api = FakeApi()\n"
        "http = httpx.Client(transport=api.transport, base_url=str(api.base_url))\n"
        "rules = []\n"
        "for method, path in (('GET', '/v1/nowhere'), ('PATCH', '/v1/tables/t')):\n"
        "    try:\n"
        "        http.request(method, path)\n"
        "    except SpecViolation as exc:\n"
        "        rules.append(exc.rule)\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'rules': rules}}))"
    )
    assert result == {"loaded": [], "rules": ["no such path", "method not allowed (only POST, GET)"]}


def test_the_routes_are_those_of_the_operations() -> None:
    """The routing table ``testing`` lists is what the operations of ``_fakes`` hold, in the
    order the eager fake tried them."""
    result = _run(
        "import json\n"
        "from botpress_client import testing\n"
        "routes = [list(r) for r in testing._FAKES.routes()]\n"
        "ops = [[f.op.method.upper(), f.op.path, f.method_name] for f in testing._OPERATIONS]\n"
        "print(json.dumps({'routes': routes, 'operations': ops}))"
    )
    assert result["routes"] == result["operations"] and result["routes"]


def test_the_most_literal_template_wins_then_the_first_listed() -> None:
    routes = Routes(
        [
            ("GET", "/files/{id}", "get_file"),
            ("GET", "/files/search", "search_files"),
            ("DELETE", "/files/{id}", "delete_file"),
            ("GET", "/tags/{tag}", "get_tag"),
            ("GET", "/{kind}/tags", "list_tags_of"),
        ]
    )
    assert routes.find("GET", "/tags/tags") == ("get_tag", {"tag": "tags"})  # as literal: listed first
    assert routes.find("GET", "/files/search") == ("search_files", {})
    assert routes.find("get", "/files/a%2Fb") == ("get_file", {"id": "a/b"})
    assert routes.find("DELETE", "/files/f1") == ("delete_file", {"id": "f1"})
    with pytest.raises(SpecViolation, match=r"method not allowed \(only GET, DELETE\)"):
        routes.find("PUT", "/files/f1")
    with pytest.raises(SpecViolation, match="no such path"):
        routes.find("GET", "/files/f1/content")
