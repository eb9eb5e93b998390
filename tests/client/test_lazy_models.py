"""``models`` is a package of one module per schema, each loaded the first time one of its names is
read: ``import botpress_client`` loads none, a name loads its module and those it refers to,
``load_all`` loads every one, and every name is still there for ``dir`` and ``from ... import``."""

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


def test_a_name_loads_its_module_and_those_it_refers_to() -> None:
    result = _run(
        "import json, sys\n"
        "from botpress_client.models import Passage\n"
        "p = Passage.from_dict({'id': 'p1', 'meta': {'type': 'chunk'}})\n"
        f"print(json.dumps({{'loaded': {LOADED}, 'meta': type(p.meta).__name__}}))"
    )
    assert result["meta"] == "PassageMeta"
    loaded = result["loaded"]
    assert isinstance(loaded, list)
    assert "botpress_client.models._passage" in loaded and "botpress_client.models._passage_meta" in loaded
    assert "botpress_client.models._table" not in loaded  # unrelated schemas stay unloaded


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
