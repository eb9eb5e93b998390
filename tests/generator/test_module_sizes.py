"""No generated module grows with the document: a synthetic document whose operations all sit in
one resource (one tag) still gives modules under 5,000 lines, the resource cut by its next path
segment, or, with nothing to tell them apart, by a hash of their method names; and adding one
operation rewrites its own modules and the small tables, no other module (issue 24)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import generate_files

from ..conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic

CAP = 5_000


def _one_resource(schemas: int, operations: int) -> dict[str, Any]:
    """The synthetic document with every operation tagged ``items``: one resource."""
    doc = synthetic.document(schemas, operations)
    for item in doc["paths"].values():
        for op in item.values():
            op["tags"] = ["items"]
    return doc


def _package(tmp_path: Path, doc: dict[str, Any], name: str) -> dict[str, str]:
    spec = tmp_path / f"{name}.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    return generate_files(str(spec), "synth")


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], dict[str, str]]:
    tmp = tmp_path_factory.mktemp("synthetic")
    return _package(tmp, _one_resource(40, 150), "before"), _package(tmp, _one_resource(40, 151), "after")


def test_no_module_reaches_the_cap(packages: tuple[dict[str, str], dict[str, str]]) -> None:
    files = packages[0]
    sizes = {name: text.count("\n") for name, text in files.items() if name.endswith((".py", ".pyi"))}
    largest = max(sizes, key=sizes.__getitem__)
    assert sizes[largest] < CAP, (largest, sizes[largest])
    resources = [name for name in files if re.fullmatch(r"_resources/group\d_resources\d+\.py", name)]
    assert len(resources) == 150  # each a namespace of its own path segments (groupN.resourcesK)
    # the tables grow by a line a module at most: far below what one module per operation was
    assert sizes["_client.py"] < 1_000 and sizes["testing/__init__.py"] < 1_000, (
        sizes["_client.py"],
        sizes["testing/__init__.py"],
    )


def test_adding_an_operation_touches_its_modules_and_the_tables(
    packages: tuple[dict[str, str], dict[str, str]],
) -> None:
    before, after = packages
    changed = {name for name in after if before.get(name) != after[name]}
    added = sorted(set(after) - set(before))
    assert [n for n in added if n.startswith("_resources/")] == [new := "_resources/group0_resources150.py"], added
    fake = "testing/_fakes/group0_resources150.py"
    assert fake in changed
    others = {
        n for n in changed if n.startswith(("_resources/group", "testing/_fakes/group", "models/", "_validators/_"))
    }
    # the namespace that gains the sub-namespace attribute, in the client and in the test kit
    parent = {"_resources/group0.py", "testing/_fakes/group0.py"}
    assert others <= {new, fake, *parent}, sorted(others)
    tables = {"_client.py", "testing/__init__.py", "_version.py", "README.md", ".botpress-codegen-manifest.json"}
    tables |= {"_mcp_tools.json", "_mcp_schemas.json"}  # the MCP server's tool table: one tool per operation
    groups = {n for n in changed if n.startswith("_internal/") and "_group_" in n}
    assert len(groups) <= 2  # the new module's group, for type checkers, in _resources and _fakes
    assert changed - groups - {new, fake, *parent} <= tables, sorted(changed)


def _one_module(operations: int) -> dict[str, Any]:
    """Every operation tagged ``items`` at a path of one literal segment (``/resourcesK/{itemId}``):
    nothing tells them apart, so they share one module of ``_resources`` until it is cut."""
    doc = _one_resource(40, operations)
    doc["paths"] = {"/" + path.split("/", 2)[2]: item for path, item in doc["paths"].items()}
    for item in doc["paths"].values():  # one namespace (its path segments would make one each)
        for op in item.values():
            op["x-client-group"] = "items"
    return doc


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], dict[str, str]]:
    tmp = tmp_path_factory.mktemp("crowded")
    return _package(tmp, _one_module(150), "before"), _package(tmp, _one_module(151), "after")


def test_a_crowded_module_is_cut_by_a_hash_of_its_methods(crowded: tuple[dict[str, str], dict[str, str]]) -> None:
    files = crowded[0]
    parts = [name for name in files if name.startswith("_internal/resources_items__p")]
    assert len(parts) > 1 and "_resources/items.py" in files, parts
    sizes = {name: text.count("\n") for name, text in files.items() if name.endswith((".py", ".pyi"))}
    largest = max(sizes, key=sizes.__getitem__)
    assert sizes[largest] < CAP, (largest, sizes[largest])
    assert sum(text.count("def get_resource") for name, text in files.items() if name in parts) == 2 * 75


def test_adding_an_operation_to_a_crowded_module_rewrites_its_part(
    crowded: tuple[dict[str, str], dict[str, str]],
) -> None:
    before, after = crowded
    changed = {name for name in set(before) | set(after) if before.get(name) != after.get(name)}
    parts = {name for name in changed if name.startswith(("_internal/resources_items__p", "_internal/fakes_items__p"))}
    # the part the new method falls in (in _resources and _fakes), or the two it is split into
    assert 0 < len(parts) <= 6, sorted(parts)
    assert len(parts) < len([n for n in after if n.startswith("_internal/resources_items__p")])
