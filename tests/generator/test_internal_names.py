"""Issue 35 item 4: no module a user opens is named by a hash or a counter. A large package's
machinery (chunks of lazy tables, typing-only groups, parts of a long namespace) sits in the one
private folder ``_internal`` whose ``__init__`` says what it holds; everything else is named
after what it holds. The package still loads lazily and type-checks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.emit import lazy_tables, resources_package, route_tables
from generator.lower import resources

from .. import mypy_run
from .test_lazy_table_chunks import generate_package
from .test_module_sizes import _one_module

MACHINERY = re.compile(r"__p[01]+$|_group_{1,2}\d\d|_(names|routes)_{1,2}[01]+$|(^|_)[0-9a-f]{8}(_|$)")
"""What names a module by a hash or a counter: a part (``__p0110``), a group (``_group__07``), a
chunk of a table (``_names__011``), 8 hex digits of a digest."""


def machinery_outside(files: dict[str, str]) -> list[str]:
    """The files outside ``_internal`` whose folder or module name is a hash or a counter."""
    found = []
    for name in files:
        if name.startswith("_internal/") or not name.endswith((".py", ".pyi")):
            continue
        stems = [part.split(".")[0] for part in name.split("/")]
        if any(MACHINERY.search(stem) for stem in stems if stem != "__init__"):
            found.append(name)
    return found


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A package with every kind of machinery: its tables cut into chunks, its groups, and its
    one namespace (``items``, 60 operations) cut into parts; flat methods on (their groups too)."""
    tmp = tmp_path_factory.mktemp("internal")
    doc: dict[str, Any] = _one_module(60)
    doc.setdefault("x-client", {})["flat-methods"] = True
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lazy_tables, "TABLE_NAMES", 30)
        patch.setattr(route_tables, "TABLE_ROUTES", 30)
        patch.setattr(resources_package, "GROUP_LINES", 20)
        patch.setattr(resources, "RESOURCE_LINES", 1_500)
        files = generate_package(tmp, "pkg", doc)
    return tmp, files


def test_machinery_is_in_the_private_folder_only(package: tuple[Path, dict[str, str]]) -> None:
    _tmp, files = package
    internal = sorted(name for name in files if name.startswith("_internal/"))
    kinds = ("models_names_", "resources_names_", "fakes_names_", "fakes_routes_", "resources_group_", "fakes_group_")
    for kind in (*kinds, "resources_items__p", "fakes_items__p"):
        assert any(name.startswith("_internal/" + kind) for name in internal), kind
    assert machinery_outside(files) == []
    assert "nothing here is meant to be" in files["_internal/__init__.py"]
    assert "_resources/items.py" in files  # the namespace's own module, composing its parts
    assert re.search(r"from \.\._internal import \(?\s*resources_items__p", files["_resources/items.py"])


def test_the_check_finds_machinery_names() -> None:
    """The check itself: it would catch each kind of name the generator made before issue 35."""
    named = ["_resources/_group__05.py", "models/_names__011.pyi", "_resources/_actions_actions__p101.py"]
    named += ["_fakes/_routes__10.py", "models/_put_metadata_security_e65b4fc1_wo_schema.py"]
    fine = [
        "_resources/files_passages.py",
        "models/_table.py",
        "_resources/group0_resources150.py",
        "testing/_fakes/_namespaces.py",
    ]
    assert machinery_outside(dict.fromkeys(named + fine, "")) == named


def test_a_part_s_methods_and_stubs_load_from_the_private_folder(package: tuple[Path, dict[str, str]]) -> None:
    tmp, files = package
    part = next(name for name in files if name.startswith("_internal/resources_items__p"))
    method = re.findall(r"\n    def (get_resource\d+)\(", files[part])[0]
    code = (
        "import json, sys\n"
        "from synth.testing import FakeApi\n"
        "api = FakeApi()\n"
        "client = api.client()\n"
        f"flat = client.{method}(item_id='x')\n"
        f"spaced = client.items.{method}(item_id='y')\n"
        "print(json.dumps({'loaded': sorted(m for m in sys.modules if m.startswith('synth._internal.')),\n"
        "    'calls': [c.arguments.get('item_id') for c in api.calls], 'same': flat == spaced}))"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp / "pkg")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    module = "synth." + part.removesuffix(".py").replace("/", ".")
    assert module in result["loaded"] and module.replace("resources_", "fakes_") in result["loaded"]
    assert result["calls"] == ["x", "y"] and result["same"] is True


def test_mypy_strict(package: tuple[Path, dict[str, str]]) -> None:
    tmp, files = package
    part = next(name for name in files if name.startswith("_internal/resources_items__p"))
    method = re.findall(r"\n    def (get_resource\d+)\(", files[part])[0]  # a part's: typed through its group
    use = tmp / "pkg" / "use_internal.py"
    use.write_text(
        "from synth import Client\n"
        "from synth.testing import FakeApi\n"
        "client: Client = FakeApi().client()\n"
        "client.items.no_such_method  # type: ignore[attr-defined]  # mypy sees the real ones only\n"
        f"x: str = client.{method}  # type: ignore[assignment]  # a method, not a str\n"
        f"y: str = client.items.{method}  # type: ignore[assignment]\n",
        encoding="utf-8",
    )
    result = mypy_run.run(["synth", "use_internal.py"], cwd=tmp / "pkg", path=[tmp / "pkg"])
    assert result.returncode == 0, result.stdout + result.stderr


CYCLE = {
    "openapi": "3.1.0",
    "info": {"title": "Cycle", "version": "1.0.0"},
    "paths": {
        "/folders/{id}": {
            "get": {
                "operationId": "getFolder",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Listing"}}},
                    }
                },
            }
        }
    },
    "components": {
        "schemas": {
            "Listing": {
                "type": "object",
                "properties": {
                    "folder": {"$ref": "#/components/schemas/Folder"},
                    "latest": {"$ref": "#/components/schemas/File"},
                },
            },
            "Folder": {
                "type": "object",
                "properties": {"files": {"type": "array", "items": {"$ref": "#/components/schemas/File"}}},
            },
            "File": {"type": "object", "properties": {"parent": {"$ref": "#/components/schemas/Folder"}}},
        }
    },
}
"""``Listing`` refers to ``Folder`` and ``File``, which refer to each other (a cycle of modules:
each has two referrers, so each has its own)."""


def _imports_after_code(text: str) -> list[str]:
    """The import lines after the module's first definition."""
    first = re.search(r"^(class|def|[A-Za-z_]\w* *[:=])", text, re.M)
    if first is None:  # imports only (``_validators/_common`` re-exporting the runtime's helpers)
        return []
    body = text[first.start() :]
    return re.findall(r"^from \S+ import .*$", body, re.M)


def test_imports_are_at_the_top_and_a_cycle_loads_in_either_order(tmp_path: Path) -> None:
    files = generate_package(tmp_path, "pkg", CYCLE)
    listing, folder, file = (files[f"models/_{name}.py"] for name in ("listing", "folder", "file"))
    for name, text in files.items():  # no late import: a module imports none of its siblings at run time
        if name.endswith(".py") and name.startswith(("models/", "_validators/")):
            assert _imports_after_code(text) == [] and "import cycle" not in text, name
    assert "    from ._folder import Folder\n" in listing and '"._folder Folder"' in listing
    assert "    from ._file import File\n" in folder and 'deferred(globals(), "._file File")' in folder
    assert "    from ._folder import Folder\n" in file and 'deferred(globals(), "._folder Folder")' in file
    code = (
        "import json, sys\nfrom synth.models import {first}\nfrom synth.models import Listing\n"
        "data = {{'folder': {{'files': [{{'parent': {{'files': []}}}}]}}}}\n"
        "print(json.dumps(Listing.from_dict(data).to_dict() == data))"
    )
    for first in ("File", "Folder"):  # either module of the cycle loaded first
        env = {**os.environ, "PYTHONPATH": str(tmp_path / "pkg")}
        run = [sys.executable, "-B", "-c", code.format(first=first)]
        done = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
        assert json.loads(done.stdout) is True
    result = mypy_run.run(["synth"], cwd=tmp_path / "pkg", path=[tmp_path / "pkg"])
    assert result.returncode == 0, result.stdout + result.stderr
