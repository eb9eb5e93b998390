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
        "from botpress_client.models import Passage\n"
        f"named = {LOADED}\n"
        "p = Passage.from_dict({'id': 'p1', 'meta': {'type': 'chunk'}})\n"
        f"print(json.dumps({{'named': named, 'loaded': {LOADED}, 'meta': type(p.meta).__name__}}))"
    )
    assert result["named"] == ["botpress_client.models._passage"]  # not _passage_meta: no use yet
    assert result["meta"] == "PassageMeta"
    assert result["loaded"] == ["botpress_client.models._passage", "botpress_client.models._passage_meta"]


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
http = httpx.Client(transport=transport)
with Client(token="t", bot_id="b", workspace_id="w", base_url="https://api.test", http_client=http) as client:
    before = loaded()
    found = client.get_table(table="t1")
print(json.dumps({"before": before, "loaded": loaded(), "x_zui": type(found.table.schema.properties["a"].x_zui).__name__}))
"""


def test_one_call_loads_the_modules_of_what_its_answer_holds() -> None:
    result = _run(ONE_CALL)
    assert result["x_zui"] == "ColumnMetadata"
    before, loaded = result["before"], result["loaded"]
    assert isinstance(before, list) and isinstance(loaded, list)
    assert not [m for m in before if m.startswith(("botpress_client.models.", "botpress_client._validators."))]
    models = [m.rpartition(".")[2] for m in loaded if m.startswith("botpress_client.models.")]
    # not _column_items, _computed_definition (the answer holds none), nor _column_type or
    # _table_schema_type (enums: annotations only)
    assert models == ["_column_definition", "_column_metadata", "_get_table_response", "_table", "_table_schema"]
    checks = [m.rpartition(".")[2] for m in loaded if m.startswith("botpress_client._validators.")]
    # the answer's check (its module of _resources names the checks of its operations' answers:
    # GET and POST /v1/tables/{table}), which checks the members the data holds in place
    assert checks == ["_common", "_get_or_create_table_body", "_get_or_create_table_response", "_get_table_response"]


def test_load_all_loads_every_module_and_dir_lists_every_name() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client import models\n"
        "before = set(dir(models))\n"
        "models.load_all()\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'names': sorted(before)}}))"
    )
    modules = sorted(p.stem for p in (PACKAGE / "models").glob("_*.py") if p.stem != "__init__")
    assert result["loaded"] == [f"botpress_client.models.{m}" for m in modules]
    names = result["names"]
    assert isinstance(names, list)
    assert {"Table", "Passage", "GetTableResponse", "load_all"} <= set(names)


def test_an_unknown_name_is_an_attribute_error() -> None:
    result = _run(
        "import json\n"
        "from botpress_client import models\n"
        "try:\n"
        "    models.NoSuchModel\n"
        "except AttributeError as exc:\n"
        "    print(json.dumps({'error': str(exc)}))\n"
    )
    assert result["error"] == "module 'botpress_client.models' has no attribute 'NoSuchModel'"
