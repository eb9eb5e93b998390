"""The client's methods live in the modules of ``_resources`` (one per namespace, named after
it), each loaded the first time one of its methods is used: ``import botpress_client`` and
``Client(...)`` load none, a call loads its module only, ``with_raw_response`` and
``with_streaming_response`` are lazy too, ``load_all`` loads every one; mypy still sees every
method (and refuses a misspelt one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .. import mypy_run
from ..conftest import GENERATED, ROOT

PACKAGE = ROOT / "generated" / "botpress_client"
LOADED = "sorted(m for m in sys.modules if m.startswith('botpress_client._resources.'))"
FAKE = (
    "import httpx\n"
    "def handler(request):\n"
    "    return httpx.Response(200, json={'user': {'id': 'u1'}})\n"
    "http = httpx.Client(transport=httpx.MockTransport(handler))\n"
)


def _run(code: str) -> dict[str, object]:
    """``code`` in a fresh interpreter (no bytecode written), which prints one JSON value."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "generated")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_import_and_a_client_load_no_resource_module() -> None:
    result = _run(
        "import json, sys, botpress_client\n"
        "client = botpress_client.Client(token='t')\n"
        "async_client = botpress_client.AsyncClient(token='t')\n"
        "client.with_raw_response, client.with_streaming_response\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'validators': 'botpress_client._validators' in sys.modules}}))"
    )
    assert result == {"loaded": [], "validators": False}


def test_a_call_loads_its_resource_module_only_then_the_method_is_the_class_s() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client import Client\n"
        f"{FAKE}"
        "client = Client(token='t', bot_id='b', http_client=http)\n"
        "user = client.get_user(id='u1')\n"
        "installed = 'get_user' in Client.__dict__ and 'get_table' not in Client.__dict__\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'installed': installed, 'id': user.user.id}}))"
    )
    assert result["loaded"] == ["botpress_client._resources.chat_users"]
    assert result["installed"] is True


def test_raw_and_streaming_responses_load_their_module_on_first_use() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client import Client\n"
        f"{FAKE}"
        "client = Client(token='t', bot_id='b', http_client=http)\n"
        "raw = client.with_raw_response.get_user(id='u1')\n"
        "first = " + LOADED + "\n"
        "with client.with_streaming_response.get_user(id='u1') as streamed:\n"
        "    status = streamed.status_code\n"
        "try:\n"
        "    client.with_raw_response.close\n"
        "    refused = False\n"
        "except AttributeError:\n"
        "    refused = True\n"
        "print(json.dumps({'first': first, 'raw': raw.status_code, 'status': status, 'refused': refused}))"
    )
    assert result == {"first": ["botpress_client._resources.chat_users"], "raw": 200, "status": 200, "refused": True}


def test_an_async_call_loads_its_resource_module_only() -> None:
    result = _run(
        "import asyncio, json, sys, httpx\n"
        "from botpress_client import AsyncClient\n"
        "def handler(request):\n"
        "    return httpx.Response(200, json={})\n"
        "async def main():\n"
        "    http = httpx.AsyncClient(transport=httpx.MockTransport(handler))\n"
        "    async with AsyncClient(token='t', bot_id='b', http_client=http) as client:\n"
        "        await client.delete_file(id='f1')\n"
        "asyncio.run(main())\n"
        f"print(json.dumps({{'loaded': {LOADED}}}))"
    )
    assert result["loaded"] == ["botpress_client._resources.files"]


def test_load_all_loads_every_resource_module_and_dir_lists_every_method() -> None:
    result = _run(
        "import json, sys, botpress_client\n"
        "names = dir(botpress_client.Client(token='t'))\n"
        "botpress_client.load_all()\n"
        "every = all(n in botpress_client.AsyncClient.__dict__ for n in ('get_table', 'iter_file_passages'))\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'names': names, 'every': every}}))"
    )
    folder = PACKAGE / "_resources"  # _internal/resources_group_NN compose the classes for type checkers only
    modules = sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_"))  # one per namespace
    assert result["loaded"] == [f"botpress_client._resources.{m}" for m in modules]
    assert result["every"] is True
    names = result["names"]
    assert isinstance(names, list) and {"get_table", "iter_file_passages", "close", "with_options"} <= set(names)


def test_a_namespace_lists_its_own_methods_only_in_flat_mode() -> None:
    """``flat-methods`` (on for this repository's spec): a namespace's class takes its methods
    from the module's flat ``Client``, but ``dir()`` lists the namespace's own names only."""
    result = _run(
        "import json, botpress_client\n"
        "client = botpress_client.Client(token='t')\n"
        "aclient = botpress_client.AsyncClient(token='t')\n"
        "public = lambda o: [n for n in dir(o) if not n.startswith('_')]\n"
        "print(json.dumps({'sync': public(client.files.passages), 'async': public(aclient.files.passages),\n"
        "                  'chat': public(client.chat.messages), 'callable': callable(client.files.passages.list)}))"
    )
    for names in (result["sync"], result["async"]):
        assert isinstance(names, list)
        assert {"list", "iter", "with_raw_response", "with_streaming_response"} <= set(names)
        assert not {"list_file_passages", "iter_file_passages", "get_table"} & set(names)
    assert isinstance(result["chat"], list) and {"create", "get"} <= set(result["chat"])
    assert not {"create_message", "get_message"} & set(result["chat"])
    assert result["callable"] is True


def test_an_unknown_method_is_an_attribute_error() -> None:
    result = _run(
        "import json\n"
        "from botpress_client import Client\n"
        "try:\n"
        "    Client(token='t').get_tabel\n"
        "except AttributeError as exc:\n"
        "    print(json.dumps({'error': str(exc)}))\n"
    )
    assert result["error"] == "'Client' object has no attribute 'get_tabel'"


USER = """from botpress_client import AsyncClient, Client, RawResponse, models


def read(client: Client) -> models.GetTableResponse:
    raw: RawResponse[models.GetTableResponse] = client.with_raw_response.get_table(table="People")
    print(raw.status_code)
    return client.get_table(table="People")


async def read_async(client: AsyncClient) -> models.GetTableResponse:
    return await client.get_table(table="People")
"""
MISSPELT = USER + """

def misspelt(client: Client) -> None:
    client.get_tabel(table="People")
    client.with_raw_response.get_tabel(table="People")
"""


@pytest.mark.slow
def test_mypy_sees_every_method_and_refuses_a_misspelt_one(tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(USER, encoding="utf-8")
    (tmp_path / "misspelt.py").write_text(MISSPELT, encoding="utf-8")
    done = mypy_run.run(["user.py", "misspelt.py"], cwd=tmp_path, path=[GENERATED], env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 1, done.stdout + done.stderr  # errors found, no crash
    assert mypy_run.errors(done, "user.py") == [], done.stdout
    bad = "\n".join(mypy_run.errors(done, "misspelt.py"))
    assert '"Client" has no attribute "get_tabel"' in bad
    assert '"ClientWithRawResponse" has no attribute "get_tabel"' in bad


OPERATIONS = (
    "get_bot_issue delete_bot_issue update_workspace_member delete_workspace create_message get_message "
    "set_state_expiry list_tag_values get_user delete_file list_file_passages list_file_tag_values "
    "get_or_create_table get_table rename_table_column iter_tag_values iter_file_passages iter_file_tag_values"
).split()


def test_help_lists_every_operation_without_importing_any() -> None:
    """Issue 36 item 4: pydoc (``help()``) reads each name ``dir()`` lists; the lazily attached
    methods are listed from the table (name and a line), no module of ``_resources`` imported;
    then a call still works. In a fresh interpreter, so that no other test's import hides it."""
    result = _run(
        "import json, sys, pydoc, botpress_client\n"
        "from botpress_client import Client, AsyncClient\n" + FAKE + "before = " + LOADED + "\n"
        "shown = pydoc.render_doc(Client, renderer=pydoc.plaintext)\n"
        "client = Client(token='t', bot_id='b', base_url='https://api.test', http_client=http)\n"
        "shown_client = pydoc.render_doc(client, renderer=pydoc.plaintext)\n"
        "shown_async = pydoc.render_doc(AsyncClient, renderer=pydoc.plaintext)\n"
        "after_help = " + LOADED + "\n"
        "user = client.get_user(id='u1').user.id\n"
        "print(json.dumps({'before': before, 'after_help': after_help, 'loaded': " + LOADED + ", 'user': user,\n"
        "    'shown': shown, 'shown_client': shown_client, 'shown_async': shown_async,\n"
        "    'method': Client.get_user.__qualname__, 'listed_after': 'get_table(...)' in pydoc.render_doc(Client, renderer=pydoc.plaintext)}))\n"
    )
    assert result["before"] == [] and result["after_help"] == []
    for text in (result["shown"], result["shown_client"], result["shown_async"]):
        assert isinstance(text, str)
        for name in OPERATIONS:
            assert f"{name}(...)" in text, name
        assert "imported on first use" in text
        for space in ("admin", "chat", "files", "tables"):  # the namespaces, listed and not imported either
            assert f"{space} = <namespace {space}: its operations load on first use>" in text, space
    assert result["user"] == "u1" and result["loaded"] == ["botpress_client._resources.chat_users"]
    assert result["method"] == "Client.get_user"  # the class's own method once used, not the listing
    assert result["listed_after"] is True  # the others are still listed, still not imported


def test_help_of_a_method_used_is_its_full_documentation() -> None:
    result = _run(
        "import json, pydoc\n"
        "from botpress_client import Client\n"
        "doc = pydoc.render_doc(Client.get_table, renderer=pydoc.plaintext)\n"
        "print(json.dumps({'doc': doc}))\n"
    )
    doc = result["doc"]
    assert isinstance(doc, str) and "get_table(self, *, table: 'str'" in doc and "(...)" not in doc
