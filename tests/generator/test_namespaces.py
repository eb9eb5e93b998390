"""The client's namespaces (issue 35, item 1): where the namer puts each operation's method and
what it calls it there (words dropped, collisions, overrides, the two-level cap), and what the
generated package does with them: typed namespace classes loaded on first read, async, raw and
streaming variants, the flat methods only when asked, a large document's short top level."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from generator.ir import Api, Operation
from generator.pipeline import generate
from generator.write.files import write_package

from .. import mypy_run
from ..conftest import ROOT

CORPUS = ROOT.parent / "shared" / "corpus"


def _op(op_id: str, **more: object) -> dict[str, object]:
    return {"operationId": op_id, "responses": {"200": {"description": "ok", **more}}}


PAGE = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}}
PATHS: dict[str, object] = {
    "/v1/tables/{table}": {
        "parameters": [{"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("getTable"),
        "delete": _op("deleteTable"),
    },
    "/v1/tables": {"get": _op("listTables", **PAGE)},
    "/v1/tables/{table}/rows": {
        "parameters": [{"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("listTableRows"),
        "post": _op("createTableRows"),
    },
    "/v1/tables/{table}/export": {  # one operation saying only what its levels say: tables.export
        "parameters": [{"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}],
        "post": _op("exportTable"),
    },
    "/v1/files/{id}/passages": {
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": {
            **_op("listFilePassages", **PAGE),
            "parameters": [{"name": "nextToken", "in": "query", "schema": {"type": "string"}}],
        },
    },
    "/v1/file_requests/{id}": {  # first word ``file`` as ``files``: files.requests
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("getFileRequest"),
    },
    "/v1/files/{id}": {
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("getFile"),
    },
    "/v1/admin/workspaces/{id}/members/{member}/roles": {  # deeper than two levels: admin.workspaces
        "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "member", "in": "path", "required": True, "schema": {"type": "string"}},
        ],
        "delete": _op("deleteWorkspaceMemberRoles"),
        "get": _op("getWorkspaceMemberRoles"),
    },
    "/v1/admin/workspaces/{id}": {
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "delete": _op("deleteWorkspace"),
        "put": _op("updateWorkspace"),
    },
    "/v1/chat/messages": {  # two operations whose short name is the same: both keep their whole name
        "get": _op("getMessages"),
        "post": _op("getMessage"),
    },
    "/v1/spaces/{id}": {  # a namespace named as the test kit's module of namespaces once was
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("getSpace", **PAGE),
    },
    "/v1/misc/ping": {"get": {**_op("ping"), "x-client-group": "health", "x-client-method": "check"}},
    "/v1/misc/echo": {"post": _op("echoThing")},
    "/v1/misc/deep": {"get": {**_op("deepThing"), "x-client-group": "a.b.c"}},
    # a namespace whose module a group module imports beside its ``from __future__ import annotations``
    "/v1/annotations/{id}": {
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "get": _op("getAnnotation"),
    },
    # one class name for two namespaces (bigredcloud's cash_payments and cash.payments): the kit
    # holds every namespace's class in one module
    "/v1/misc/pay": {"get": {**_op("payCash"), "x-client-group": "cash_payments", "x-client-method": "pay"}},
    "/v1/misc/paid": {"get": {**_op("paidCash"), "x-client-group": "cash.payments", "x-client-method": "paid"}},
}
SCHEMAS = {
    "Page": {
        "type": "object",
        "required": ["items", "meta"],
        "properties": {
            "items": {"type": "array", "items": {"type": "string"}},
            "meta": {
                "type": "object",
                "required": ["nextToken"],
                "properties": {"nextToken": {"type": "string", "nullable": True}},
            },
        },
    }
}


def _spec(tmp: Path, flat: bool = False) -> Path:
    x_client: dict[str, object] = {"groups": {"echoThing": "tools"}, "method-names": {"echoThing": "echo"}}
    if flat:
        x_client["flat-methods"] = True
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Spaces", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com"}],
        "x-client": x_client,
        "paths": PATHS,
        "components": {"schemas": SCHEMAS},
    }
    path = tmp / ("flat.yaml" if flat else "spaces.yaml")
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Api, dict[str, str], list[str], Path]:
    tmp = tmp_path_factory.mktemp("spaces")
    api, files, problems = generate(str(_spec(tmp)), "spaces_client")
    write_package(files, tmp / "pkg" / "spaces_client")
    return api, files, [f"{p} [{p.kind}]" for p in problems], tmp / "pkg"


def _named(api: Api) -> dict[str, tuple[str, str]]:
    """operationId -> (namespace, method there)."""
    return {op.operation_id: (".".join(op.space), op.space_method) for op in api.operations}


def test_methods_drop_the_words_their_namespace_says(built: tuple[Api, dict[str, str], list[str], Path]) -> None:
    named = _named(built[0])
    assert named["getTable"] == ("tables", "get")
    assert named["listTables"] == ("tables", "list")
    assert named["listTableRows"] == ("tables.rows", "list")
    assert named["createTableRows"] == ("tables.rows", "create")
    assert named["listFilePassages"] == ("files.passages", "list")
    assert named["getFile"] == ("files", "get")
    assert named["getFileRequest"] == ("files.requests", "get")  # file_requests merged under files
    assert named["deleteWorkspace"] == ("admin.workspaces", "delete")


def test_a_second_level_of_one_operation_saying_nothing_more_is_a_method_of_the_first(
    built: tuple[Api, dict[str, str], list[str], Path],
) -> None:
    named = _named(built[0])
    assert named["exportTable"] == ("tables", "export")  # not tables.export.export_table
    assert named["listFilePassages"] == ("files.passages", "list")  # one operation, but ``list`` is left
    assert named["ping"] == ("health", "check")  # what the document chose stays
    assert "_resources/tables_export.py" not in built[1]


def _rpc(op_id: str, **more: object) -> dict[str, object]:
    return {"post": {**_op(op_id), **more}}


RPC_PATHS = {  # AWS's JSON protocol: no literal segment, no tag; the operationId says what it is about
    "/#X-Amz-Target=Svc.CreateRoom": _rpc("CreateRoom"),
    "/#X-Amz-Target=Svc.ListRooms": _rpc("ListRooms"),
    "/#X-Amz-Target=Svc.CreateContact": _rpc("CreateContact"),
    "/#X-Amz-Target=Svc.AssociateContactWithAddressBook": _rpc("AssociateContactWithAddressBook"),
    "/#X-Amz-Target=Svc.GetRoomSkillParameter": _rpc("GetRoomSkillParameter"),
    "/#X-Amz-Target=Svc.TagResource": _rpc("TagResource", tags=["tagging"]),  # a tag comes first
    "/#X-Amz-Target=Svc.BatchGetRoom": _rpc("BatchGetRoom"),  # the verb after ``Batch``
    "/#Action=DetachInstances": {  # AWS's query protocol: the HTTP method first
        "get": _op("GET_DetachInstances"),
        "post": _op("POST_DetachInstances"),
    },
    "/#X-Amz-Target=Svc.Ping": _rpc("Ping"),  # one word: no noun
    "/#X-Amz-Target=Svc.Go": _rpc("___"),  # no word
    "/#X-Amz-Target=Svc.Describe": {"post": {"responses": {"200": {"description": "ok"}}}},  # no operationId
}


def _generated(tmp: Path, paths: dict[str, object]) -> tuple[Api, dict[str, str]]:
    """The IR and files of a document of ``paths`` alone."""
    spec = tmp / "paths.json"
    spec.write_text(
        json.dumps({"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": paths}), encoding="utf-8"
    )
    api, files, _problems = generate(str(spec), "paths_client")
    return api, files


def test_operations_without_a_path_segment_or_a_tag_are_grouped_by_their_noun(tmp_path: Path) -> None:
    api, files = _generated(tmp_path, RPC_PATHS)
    named = _named(api)
    assert named["CreateRoom"] == ("rooms", "create")  # the plural the document spells
    assert named["ListRooms"] == ("rooms", "list")
    assert named["CreateContact"] == ("contact", "create")  # spelled singular only: kept so
    assert named["AssociateContactWithAddressBook"] == ("contact", "associate_with_address_book")
    assert named["GetRoomSkillParameter"] == ("room_skill_parameter", "get")
    assert named["TagResource"] == ("tagging", "tag_resource")
    assert named["BatchGetRoom"] == ("rooms", "batch_get")
    assert named["GET_DetachInstances"] == ("instances", "get_detach")
    assert named["POST_DetachInstances"] == ("instances", "post_detach")
    assert named["Ping"] == ("default", "ping")
    assert [".".join(op.space) for op in api.operations if "describe" in op.operation_id] == ["default"]
    assert "_resources/rooms.py" in files and "_resources/default.py" in files


AZURE_PATHS = {  # AutoRest's Group_Verb: the group is the namespace, whatever the path says
    "/subscriptions/{s}/providers/Microsoft.Network/applicationGateways": {"get": _op("ApplicationGateways_ListAll")},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Network/applicationGateways/{n}": {
        "get": _op("ApplicationGateways_Get"),
        "put": _op("ApplicationGateways_CreateOrUpdate"),
    },
    "/subscriptions/{s}/providers/Microsoft.Compute/virtualMachines": {"get": _op("VirtualMachines_ListAll")},
    "/providers/Microsoft.Network/operations": {"get": _op("Operations_List")},
}
GOOGLE_PATHS = {  # dotted ids: the last resource is the namespace, the last part the method
    "/v1/{+parent}/keyRings": {"get": _op("cloudkms.projects.locations.keyRings.list")},
    "/v1/{+name}:asymmetricDecrypt": {
        "post": _op("cloudkms.projects.locations.keyRings.cryptoKeys.cryptoKeyVersions.asymmetricDecrypt")
    },
    "/v1/{+name}": {"get": _op("cloudkms.projects.locations.keyRings.cryptoKeys.cryptoKeyVersions.get")},
    "/v1/{+name}/versions": {"get": _op("cloudkms.projects.locations.keyRings.cryptoKeys.list")},
    "/v1/apps/{a}/locations": {"get": _op("cloudkms.apps.locations.list")},  # one resource, two parents:
    "/v1/projects/{p}/locations": {"get": _op("cloudkms.projects.locations.list")},  # the parent says which
}


@pytest.mark.parametrize(
    ("paths", "expected"),
    [
        (
            AZURE_PATHS,
            {
                "ApplicationGateways_ListAll": ("application_gateways", "list_all"),
                "ApplicationGateways_Get": ("application_gateways", "get"),
                "ApplicationGateways_CreateOrUpdate": ("application_gateways", "create_or_update"),
                "VirtualMachines_ListAll": ("virtual_machines", "list_all"),
                "Operations_List": ("operations", "list"),
            },
        ),
        (
            GOOGLE_PATHS,
            {
                "cloudkms.projects.locations.keyRings.list": ("key_rings", "list"),
                "cloudkms.projects.locations.keyRings.cryptoKeys.cryptoKeyVersions.asymmetricDecrypt": (
                    "crypto_key_versions",
                    "asymmetric_decrypt",
                ),
                "cloudkms.projects.locations.keyRings.cryptoKeys.cryptoKeyVersions.get": ("crypto_key_versions", "get"),
                "cloudkms.projects.locations.keyRings.cryptoKeys.list": ("crypto_keys", "list"),
                "cloudkms.apps.locations.list": ("apps.locations", "list"),
                "cloudkms.projects.locations.list": ("projects.locations", "list"),
            },
        ),
        (  # Microsoft Graph's dotted ids end with a verb and a noun: not Google's, the paths decide
            {
                "/users": {"get": _op("users.user.ListUser"), "post": _op("users.user.CreateUser")},
                "/users/{id}": {
                    "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "get": _op("users.user.GetUser"),
                },
                "/users/{id}/calendars": {
                    "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "get": _op("users.ListCalendars"),
                },
            },
            {
                "users.user.ListUser": ("users", "list"),
                "users.user.GetUser": ("users", "get"),
                "users.user.CreateUser": ("users", "create"),
                "users.ListCalendars": ("users.calendars", "list"),
            },
        ),
        (  # three ids in five follow a convention: the paths decide, as for any document
            {
                **{k: v for k, v in list(AZURE_PATHS.items())[:2]},
                "/things": {"get": _op("listThings")},
                "/other": {"get": _op("getOther")},
            },
            {
                "ApplicationGateways_ListAll": ("subscriptions.providers", "application_gateways_list_all"),
                "listThings": ("things", "list"),
            },
        ),
    ],
)
def test_the_conventions_of_generated_documents_name_namespaces_by_operation_id(
    tmp_path: Path, paths: dict[str, object], expected: dict[str, tuple[str, str]]
) -> None:
    named = _named(_generated(tmp_path, paths)[0])
    assert {op_id: named[op_id] for op_id in expected} == expected


def _item(op_id: str, *more: str) -> dict[str, object]:
    params = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}} for name in ("id", *more)]
    return {"get": {**_op(op_id), "parameters": params}}


@pytest.mark.parametrize(
    ("paths", "expected"),
    [
        (  # a collection's get beside an item's: list and get
            {"/Employees": {"get": _op("getEmployees")}, "/Employees/{id}": _item("getEmployee")},
            {"getEmployees": ("employees", "list"), "getEmployee": ("employees", "get")},
        ),
        (  # both end with a parameter: the item's path is the collection's and one more
            {"/edges/{id}": _item("getEdges"), "/edges/{id}/{name}": _item("getEdge", "name")},
            {"getEdges": ("edges", "list"), "getEdge": ("edges", "get")},
        ),
        (  # ``list`` taken already: both keep their whole names
            {
                "/Employees": {"get": _op("getEmployees"), "post": _op("listEmployees")},
                "/Employees/{id}": _item("getEmployee"),
            },
            {"getEmployees": ("employees", "get_employees"), "getEmployee": ("employees", "get_employee")},
        ),
    ],
)
def test_a_collections_get_beside_an_items_is_list(
    tmp_path: Path, paths: dict[str, object], expected: dict[str, tuple[str, str]]
) -> None:
    named = _named(_generated(tmp_path, paths)[0])
    assert {op_id: named[op_id] for op_id in expected} == expected


def test_two_levels_at_most_the_deeper_words_stay_in_the_method(
    built: tuple[Api, dict[str, str], list[str], Path],
) -> None:
    named = _named(built[0])
    assert named["deleteWorkspaceMemberRoles"] == ("admin.workspaces", "delete_member_roles")
    assert all(len(op.space) <= 2 for op in built[0].operations)


def test_a_short_name_not_unique_keeps_the_whole_name_with_a_located_note(
    built: tuple[Api, dict[str, str], list[str], Path],
) -> None:
    named = _named(built[0])
    # get_messages -> ``get``, get_message -> ``get``: neither is unique, both stay whole
    assert named["getMessages"] == ("chat.messages", "get_messages")
    assert named["getMessage"] == ("chat.messages", "get_message")
    notes = [p for p in built[2] if "method-kept-whole" in p]
    assert any("#/paths/~1v1~1chat~1messages/" in p and "'get'" in p for p in notes), built[2]


def test_overrides_by_extension_and_by_configuration(built: tuple[Api, dict[str, str], list[str], Path]) -> None:
    named = _named(built[0])
    assert named["ping"] == ("health", "check")  # x-client-group, x-client-method
    assert named["echoThing"] == ("tools", "echo")  # x-client groups, method-names
    # three levels asked: the override is refused with a located warning, the derived place kept
    assert named["deepThing"] == ("misc.deep", "thing")
    assert any("~1misc~1deep/get" in p and "override-ignored" in p for p in built[2]), built[2]


def test_iterators_sit_beside_their_list_method(built: tuple[Api, dict[str, str], list[str], Path]) -> None:
    ops: dict[str, Operation] = {op.operation_id: op for op in built[0].operations}
    assert ops["listFilePassages"].space_iter == "iter"
    assert "    def iter(" in built[1]["_resources/files_passages.py"]


def test_modules_are_named_after_their_namespace_and_the_client_has_no_flat_method(
    built: tuple[Api, dict[str, str], list[str], Path],
) -> None:
    files = built[1]
    modules = sorted(p for p in files if p.startswith("_resources/") and "__" not in p)
    assert "_resources/tables.py" in modules and "_resources/tables_rows.py" in modules
    assert "_resources/admin.py" in modules  # a namespace of namespaces only
    assert not any(p.startswith("_resources/_group") for p in files)  # no flat typing groups
    assert "LazyMethods" not in files["_client.py"]
    assert "def get_table(" not in "".join(files[p] for p in modules)


def _run(pkg: Path, code: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(pkg)}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


CALLS = textwrap.dedent("""
    import asyncio, json, sys, httpx, spaces_client
    seen = []
    def handler(request):
        seen.append(request.method + " " + request.url.path)
        if request.url.path.endswith("/passages"):
            token = request.url.params.get("nextToken")
            return httpx.Response(200, json={"items": ["b"] if token else ["a"], "meta": {"nextToken": None if token else "t"}})
        return httpx.Response(200, json={})
    def loaded():
        return sorted(m.split(".")[-1] for m in sys.modules if m.startswith("spaces_client._resources."))
    c = spaces_client.Client(token="t", http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    before = loaded()
    c.tables.get(table="x")
    after_tables = loaded()
    raw = c.tables.with_raw_response.delete(table="x")
    with c.files.passages.with_streaming_response.list(id="f") as streamed:
        status = streamed.status_code
    items = list(c.files.passages.iter(id="f"))
    ac = spaces_client.AsyncClient(token="t", http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))
    async def main():
        await ac.admin.workspaces.delete(id="w")
        return [i async for i in ac.files.passages.iter(id="f")]
    async_items = asyncio.run(main())
    print(json.dumps({
        "before": before, "after_tables": after_tables, "raw": raw.status_code, "streamed": status,
        "items": items, "async_items": async_items, "seen": seen,
        "same": c.tables is c.tables, "dir": "tables" in dir(c) and "passages" in dir(c.files),
        "types": [type(c.tables).__name__, type(ac.files.passages).__name__],
        "close": [hasattr(c, "close"), hasattr(ac, "close"), hasattr(c.tables, "close"),
            hasattr(ac.files.passages, "close"), "close" in dir(c.files)],
    }))
    """)


def test_namespaces_load_on_first_read_and_call_sync_async_raw_and_streaming(
    built: tuple[Api, dict[str, str], list[str], Path],
) -> None:
    result = _run(built[3], CALLS)
    assert result["before"] == []
    assert result["after_tables"] == ["tables"]  # its own module only
    assert result["raw"] == 200 and result["streamed"] == 200
    assert result["items"] == ["a", "b"] and result["async_items"] == ["a", "b"]
    assert "DELETE /v1/admin/workspaces/w" in result["seen"]  # type: ignore[operator]
    assert result["same"] is True and result["dir"] is True
    assert result["types"] == ["Tables", "AsyncFilesPassages"]
    assert result["close"] == [True, True, False, False, False]  # the client's, not a namespace's to close


KIT = textwrap.dedent("""
    import json, sys
    from spaces_client.testing import FakeApi
    api = FakeApi()
    client = api.client()
    api.tables.get.returns({})
    client.tables.get(table="x")
    api.tables.get.assert_called_once_with(table="x")
    client.files.passages.list(id="f")
    api.spaces.get.returns({"items": ["s"], "meta": {"nextToken": None}})
    print(json.dumps({
        "spaces": [client.spaces.get(id="s").items, api.spaces.get is api.get_space],
        "same": api.tables.get is api.get_table,
        "nested": api.files.passages.list is api.list_file_passages,
        "calls": len(api.list_file_passages.calls),
        "dir": [n for n in dir(api.admin.workspaces) if not n.startswith("_")],
        "cash": [api.cash_payments.pay is api.pay_cash, api.cash.payments.paid is api.paid_cash,
                 type(client.cash_payments).__name__, type(client.cash.payments).__name__],
    }))
    """)


def test_the_test_kit_mirrors_the_namespaces(built: tuple[Api, dict[str, str], list[str], Path]) -> None:
    result = _run(built[3], KIT)
    assert result["same"] is True and result["nested"] is True and result["calls"] == 1
    assert result["spaces"] == [["s"], True]  # a namespace ``spaces``: the kit's own module is another
    assert result["dir"] == ["delete", "delete_member_roles", "get_member_roles", "update"]
    assert result["cash"] == [True, True, "CashPayments2", "CashPayments"]  # one class name each


USER_CODE = textwrap.dedent("""
    from spaces_client import AsyncClient, Client
    from spaces_client._resources.tables import Tables
    from spaces_client.testing import FakeApi

    async def use(client: Client, async_client: AsyncClient) -> None:
        tables: Tables = client.tables
        tables.get(table="x")
        client.tables.rows.list(table="x")
        client.tables.with_raw_response.get(table="x").status_code
        client.files.passages.with_streaming_response.list(id="f")
        for item in client.files.passages.iter(id="f"):
            item.upper()
        await async_client.admin.workspaces.delete(id="w")
        client.spaces.get(id="s")
        client.annotations.get(id="a")
        client.tables.nope()  # type: ignore[attr-defined]
        client.get_table(table="x")  # type: ignore[attr-defined]
        client.tables.get(tabel="x")  # type: ignore[call-arg]


    def kit() -> None:
        api = FakeApi()
        api.tables.get.returns({})
        api.files.passages.list.assert_not_called()
        api.spaces.get.returns({})
        api.cash_payments.pay.returns(None)
        api.cash.payments.paid.returns(None)
        api.annotations.get.returns(None)
        api.tables.nope  # type: ignore[attr-defined]
    """)


def test_mypy_reads_every_namespace_and_refuses_what_is_not_there(
    built: tuple[Api, dict[str, str], list[str], Path], tmp_path: Path
) -> None:
    (tmp_path / "use_spaces.py").write_text(USER_CODE, encoding="utf-8")
    done = mypy_run.run(["use_spaces.py"], cwd=tmp_path, path=[built[3]])
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"Tables" has no attribute "nope"' not in done.stdout  # proven by the ignore above


def test_flat_methods_keep_every_method_on_the_client_too(tmp_path: Path) -> None:
    files = generate(str(_spec(tmp_path, flat=True)), "flat_client")[1]
    write_package(files, tmp_path / "pkg" / "flat_client")
    result = _run(
        tmp_path / "pkg",
        "import json, flat_client\n"
        "c = flat_client.Client(token='t')\n"
        "print(json.dumps({'flat': hasattr(c, 'get_table') and hasattr(c.with_raw_response, 'get_table'),"
        " 'space': c.tables.get.__name__, 'iter': c.files.passages.iter.__name__}))",
    )
    assert result == {"flat": True, "space": "get_table", "iter": "iter_file_passages"}


def test_box_client_has_under_40_top_level_attributes(tmp_path: Path) -> None:
    api, files, _problems = generate(str(CORPUS / "box" / "openapi.json"), "box_client")
    write_package(files, tmp_path / "box_client")
    result = _run(
        tmp_path,
        "import json, box_client\n"
        "c = box_client.Client(token='t')\n"
        "print(json.dumps({'top': [n for n in dir(c) if not n.startswith('_')], 'files': len(dir(c.files))}))",
    )
    assert len(api.operations) == 296
    top = result["top"]
    assert isinstance(top, list) and len(top) < 40, top
    assert {"files", "folders", "users", "metadata", "close", "with_options"} <= set(top)


def test_no_namespace_class_hides_a_name_its_module_imports() -> None:
    """``lower.reserved.RESOURCES_MODULE_NAMES`` holds every capitalized name a ``_resources``
    module imports (a namespace ``query`` would define ``class Query`` over ``_types.Query``)."""
    from generator.emit.imports import IMPORTS
    from generator.emit.resources_module import METHOD_TEXT_NEEDS
    from generator.lower.reserved import RESOURCES_MODULE_NAMES

    imported = {name.split(" as ")[-1] for _module, names in IMPORTS["_resources.py"] for name in names}
    assert {n for n in imported | METHOD_TEXT_NEEDS if n[:1].isupper()} <= RESOURCES_MODULE_NAMES


def test_namespaces_named_as_what_their_modules_import_or_a_part_take_other_names(tmp_path: Path) -> None:
    """A namespace ``transport`` would define ``AsyncTransport``, which its module imports from the
    runtime (so its classes are ``TransportSpace``...); the levels ``async`` (a keyword: ``async_``)
    and ``client`` have the module ``async_client``, not ``async__client`` (a ``__`` names a part
    of a long module's); a namespace ``httpx`` is written after the client's methods, whose
    annotations read the module ``httpx``. The package passes ``mypy --strict`` and calls all."""
    items = {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}}}
    answer = {"content": {"application/json": {"schema": items}}}
    paths = {
        "/transport/{id}": {"get": {**_op("getTransport", **answer), "tags": ["transport"]}},
        "/ac/{id}": {"get": {**_op("getAc", **answer), "x-client-group": "async.client"}},
        # a namespace the client's annotations would read for the module httpx (httpx.Client)
        "/httpx/{id}": {"get": {**_op("getHttpx", **answer)}},
    }
    for item in paths.values():
        item["parameters"] = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]
    api, files = _generated(tmp_path, paths)
    modules = {m.name: m.class_name for r in api.resources for m in r.modules}
    assert modules["transport"] == "TransportSpace"
    assert "__" not in "".join(modules) and "_resources/async_client.py" in files, sorted(modules)
    write_package(files, tmp_path / "pkg" / "paths_client")
    done = mypy_run.run(["paths_client"], cwd=tmp_path / "pkg", path=[tmp_path / "pkg"])
    assert done.returncode == 0, done.stdout
    code = """
    import json
    from paths_client.testing import FakeApi
    api = FakeApi()
    client = api.client()
    page = {"items": ["x"]}
    api.transport_.get.returns(page)  # FakeApi's own ``transport`` is its MockTransport
    api.async_.client.get_ac.returns(page)
    api.httpx.get.returns(page)
    print(json.dumps([client.transport.get(id="t").items, client.async_.client.get_ac(id="a").items,
                      client.httpx.get(id="h").items]))
    """
    assert _run(tmp_path / "pkg", textwrap.dedent(code)) == [["x"], ["x"], ["x"]]


def test_a_namespace_of_the_kit_named_as_an_operations_renamed_stub_takes_one_more_underscore(
    tmp_path: Path,
) -> None:
    """``FakeApi.client`` is the kit's own method: the stub of an operation ``client`` is
    ``api.client_``, so the namespace ``client`` of the kit is ``api.client__``. The kit's class of
    a namespace ``thing_stub`` is ``FakeThingStubSpace``: ``FakeThingStub`` is the stub class of an
    operation ``fakeThing``, imported beside it."""
    answer = {"content": {"application/json": {"schema": {"type": "object"}}}}
    paths = {
        "/client/{id}": {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": _op("getClient", **answer),
            "post": _op("client", **answer),
        },
        "/thing_stub/{id}": {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": _op("getThingStub", **answer),
        },
        "/other/x": {"get": {**_op("fakeThing", **answer), "x-client-group": "other"}},
    }
    _api, files = _generated(tmp_path, paths)
    write_package(files, tmp_path / "pkg" / "paths_client")
    done = mypy_run.run(["paths_client"], cwd=tmp_path / "pkg", path=[tmp_path / "pkg"])
    assert done.returncode == 0, done.stdout
    code = """
    import json
    from paths_client.testing import FakeApi
    api = FakeApi()
    api.client__.get.returns({"n": 1})
    print(json.dumps([api.client().client.get(id="c"), api.client_ is api.client__.client,
                      api.thing_stub.get is api.get_thing_stub, type(api.thing_stub).__name__]))
    """
    assert _run(tmp_path / "pkg", textwrap.dedent(code)) == [{"n": 1}, True, True, "FakeThingStubSpace"]


def test_versions_and_a_leading_api_segment_name_no_namespace(tmp_path: Path) -> None:
    """Twilio's ``/2010-04-01/...``, Jira's ``/rest/api/2/...`` and Mastodon's ``/api/v1/...``
    beside ``/oauth/...`` (no prefix every path shares): the resource names the namespace, not
    ``n2010_04_01``, ``rest`` or ``api``; ``/3ds/...`` names one."""
    param = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    paths = {
        "/2010-04-01/Calls.json": {"get": _op("listCalls")},
        "/rest/api/2/issue/{id}": {"parameters": [param], "get": _op("getIssue")},
        "/api/v1/posts/{id}": {"parameters": [param], "get": _op("getPost")},
        "/api/v1beta1/posts": {"get": _op("listPosts")},
        "/api/v1/statuses/{id}": {"parameters": [param], "get": _op("getStatus")},  # ``status`` said
        "/oauth/token": {"post": _op("createToken")},
        "/3ds/verify": {"post": _op("verify3ds")},
    }
    named = _named(_generated(tmp_path, paths)[0])
    assert named["listCalls"] == ("calls", "list")
    assert named["getIssue"] == ("issue", "get")
    assert named["getPost"] == ("posts", "get")
    assert named["listPosts"] == ("posts", "list")
    assert named["getStatus"] == ("statuses", "get")
    assert named["createToken"][0].split(".")[0] == "oauth"
    assert named["verify3ds"][0].split(".")[0] == "n3ds"


def test_a_configured_name_for_no_operation_is_a_located_warning(tmp_path: Path) -> None:
    """``x-client: {groups: {nope: ...}}`` changes nothing: a typo of an operationId, told where;
    so is an empty level (``a..b``), said as such."""
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "x-client": {"groups": {"getThing": "tools", "getThin": "tools"}, "method-names": {"nope": "x"}},
        "paths": {
            "/things": {"get": _op("getThing")},
            "/other": {"get": {**_op("getOther"), "x-client-group": "a..b"}},
        },
    }
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    api, _files, problems = generate(str(spec), "paths_client")
    assert _named(api)["getThing"][0] == "tools"
    said = sorted(f"{p.pointer}: {p.message}" for p in problems if p.kind == "override-ignored")
    assert said == [
        "/paths/~1other/get: x-client-group 'a..b' has a level that is no name; ignored",
        "/x-client/groups/getThin: x-client groups names operationId 'getThin', which no operation has; ignored",
        "/x-client/method-names/nope: x-client method-names names operationId 'nope', which no operation has; ignored",
    ]
