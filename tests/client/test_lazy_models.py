"""``models`` is a package of one module per schema, each loaded the first time one of its names is
read: ``import botpress_client`` loads none, a name loads its module only, decoding loads the
modules of what the data holds (not every schema the model can reach: modules of ``models`` and
``_validators`` reach each other through stand-ins, ``_lazy.deferred``), ``load_all`` loads every
one, and every name is still there for ``dir`` and ``from ... import``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from ..conftest import ROOT

PACKAGE = ROOT / "generated" / "botpress_client"


def _run(code: str) -> dict[str, object]:
    """``code`` in a fresh interpreter (no bytecode written), which prints one JSON value."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "generated")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


LOADED = "sorted(m for m in sys.modules if m.startswith('botpress_client.models.'))"


def test_import_loads_no_model_module() -> None:
    result = _run(f"import json, sys, botpress_client; print(json.dumps({{'loaded': {LOADED}}}))")
    assert result["loaded"] == []


def test_a_name_loads_its_module_and_decoding_those_of_its_data() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client.models import Table\n"
        f"named = {LOADED}\n"
        "t = Table.from_dict({'id': 't1', 'name': 'T', 'schema': {'type': 'object', 'properties': {}, 'additionalProperties': False}})\n"
        f"print(json.dumps({{'named': named, 'loaded': {LOADED}, 'schema': type(t.schema).__name__}}))"
    )
    assert result["named"] == ["botpress_client.models._table"]  # not _table_schema: no use yet
    assert result["schema"] == "TableSchema"
    assert result["loaded"] == ["botpress_client.models._table", "botpress_client.models._table_schema"]


# GET /v1/tables/{table} answers a GetTableResponse: a Table, its TableSchema, whose columns are
# ColumnDefinitions (a ColumnMetadata each, and optionally ColumnItems, a ComputedDefinition...).
ONE_CALL = """
import json, sys, httpx
from botpress_client import Client

column = {"type": "string", "x-zui": {"index": 0}}
schema = {"type": "object", "properties": {"a": column}, "additionalProperties": False}
answer = {"table": {"id": "t1", "name": "T", "schema": schema}}
transport = httpx.MockTransport(lambda request: httpx.Response(200, json=answer))
loaded = lambda: sorted(m for m in sys.modules if m.startswith("botpress_client.") and m.count(".") == 2)
options = dict(token="t", bot_id="b", workspace_id="w", base_url="https://api.test")
with Client(**options, http_client=httpx.Client(transport=transport)) as client:
    before = loaded()
    found = client.get_table(table="t1")
    lenient = loaded()
with Client(**options, http_client=httpx.Client(transport=transport), strict_responses=True) as client:
    client.get_table(table="t1")
x_zui = type(found.table.schema.properties["a"].x_zui).__name__
print(json.dumps({"before": before, "lenient": lenient, "strict": loaded(), "x_zui": x_zui}))
"""


def _ours(loaded: object, folder: str) -> list[str]:
    assert isinstance(loaded, list)
    return [m.rpartition(".")[2] for m in loaded if m.startswith(f"botpress_client.{folder}.")]


def test_one_call_loads_the_modules_of_what_its_answer_holds() -> None:
    result = _run(ONE_CALL)
    assert result["x_zui"] == "ColumnMetadata"
    assert _ours(result["before"], "models") == _ours(result["before"], "_validators") == []
    # not _column_type (an enum: annotations only); ColumnDefinition and ColumnItems are parts of
    # _table_schema, ComputedDefinition of _column_metadata (each the only schema referring to them)
    models = ["_column_metadata", "_get_table_response", "_table", "_table_schema"]
    assert _ours(result["lenient"], "models") == models
    assert _ours(result["lenient"], "_validators") == []  # an answer that decodes is not checked
    # checked (strict_responses): the checks of what it holds, and the helpers of every check
    assert _ours(result["strict"], "models") == models
    assert _ours(result["strict"], "_validators") == sorted(["_common", *models])
