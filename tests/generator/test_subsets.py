"""Subsets (``--include``/``--exclude``, the ``include``/``exclude`` keys): the selector syntax,
reachability (only what the kept operations reach is written), the manifest, ``check``, ``diff``
and CHANGES.md with a selection, and the speed of a subset of a large document."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.load import reader
from generator.pipeline import generate
from generator.problems import SpecError
from generator.selection import OperationFacts, Selection, SelectorError, parse, select
from generator.write.provenance import MANIFEST

from ..conftest import ROOT, run

sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic  # the benchmark's document generator

# -- the syntax --------------------------------------------------------------------------------

FILES = OperationFacts("get", "/v1/files/{id}/passages", "listFilePassages", ("files", "Passages"))
TABLE = OperationFacts("post", "/v1/tables", "repos/create-table", ("tables",))


@pytest.mark.parametrize(
    ("selector", "files", "table"),
    [
        ("tag:files", True, False),
        ("tag:PASSAGES", True, False),  # tags and methods: case-insensitive
        ("tag:file", False, False),  # a whole tag, not a part of one
        ("tag:*s", True, True),
        ("path:/v1/files/**", True, False),
        ("path:/v1/*", False, True),  # * is one segment
        ("path:/v1/files/*/passages", True, False),
        ("path:/v1/files/{id}/passages", True, False),  # a template stands for itself
        ("path:/v1/**", True, True),
        ("op:listFilePassages", True, False),
        ("op:listfilepassages", False, False),  # operationIds: case-sensitive
        ("op:list*", True, False),
        ("op:*", True, True),  # in an operationId, * crosses '/'
        ("op:repos/*", False, True),
        ("method:GET", True, False),
        ("method:p*", False, True),
    ],
)
def test_selector_syntax(selector: str, files: bool, table: bool) -> None:
    parsed = parse(selector)
    assert (parsed.matches(FILES), parsed.matches(TABLE)) == (files, table)


@pytest.mark.parametrize("selector", ["files", "name:files", "tag:", "path: ", ":x"])
def test_a_selector_that_cannot_be_read_names_itself_and_the_syntax(selector: str) -> None:
    with pytest.raises(SelectorError) as caught:
        parse(selector)
    assert repr(selector) in str(caught.value) and "KIND:PATTERN" in str(caught.value)


def test_includes_add_up_excludes_take_away_and_unmatched_ones_are_named() -> None:
    ops = [FILES, TABLE]
    assert select(ops, [], []) == ([True, True], set())
    assert select(ops, ["tag:files", "tag:tables"], ["method:post"]) == ([True, False], set())
    assert select(ops, ["tag:files"], ["op:nope"]) == ([True, False], {"op:nope"})


# -- reachability ------------------------------------------------------------------------------

SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Shop", "version": "1.0.0"},
    "paths": {
        "/orders": {
            "parameters": [{"$ref": "#/components/parameters/Tenant"}],
            "get": {
                "operationId": "listOrders",
                "tags": ["orders"],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/OrderList"},
                                "examples": {"one": {"$ref": "#/components/examples/Orders"}},
                            }
                        },
                    }
                },
            },
            "delete": {
                "operationId": "purgeOrders",
                "tags": ["orders"],
                "responses": {"204": {"description": "gone"}},
            },
        },
        "/pets": {
            "get": {
                "operationId": "listPets",
                "tags": ["pets"],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
                    }
                },
            }
        },
    },
    "x-webhooks": {  # read by other tools, not by the client: left out of a subset (its refs would dangle)
        "toyAdded": {
            "post": {
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Toy"}}}},
                "responses": {"200": {"description": "ok"}},
            }
        }
    },
    "components": {
        "parameters": {
            "Tenant": {"name": "tenant", "in": "query", "schema": {"$ref": "#/components/schemas/TenantId"}},
            "Unused": {"name": "unused", "in": "query", "schema": {"type": "string"}},
        },
        "examples": {"Orders": {"value": {"items": []}}},
        "schemas": {
            "TenantId": {"type": "string"},
            "OrderList": {
                "type": "object",
                "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}}},
            },
            "Order": {
                "type": "object",
                "properties": {
                    "line": {"$ref": "#/components/schemas/Line"},
                    "payment": {"$ref": "#/components/schemas/Payment"},
                    "examples": {"type": "array", "items": {"$ref": "#/components/schemas/Sample"}},
                },
            },
            "Sample": {"type": "object", "properties": {"more": {"$ref": "#/components/schemas/SampleMore"}}},
            "SampleMore": {"type": "object", "properties": {"name": {"type": "string"}}},
            "Line": {"type": "object", "properties": {"sku": {"$ref": "#/components/schemas/Sku/properties/code"}}},
            "Sku": {
                "type": "object",
                "properties": {"code": {"type": "string"}, "maker": {"$ref": "#/components/schemas/Maker"}},
            },
            "Maker": {"type": "object", "properties": {"name": {"type": "string"}}},
            "Payment": {
                "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Cash"}],
                "discriminator": {
                    "propertyName": "kind",
                    "mapping": {"card": "Card", "cash": "#/components/schemas/Cash"},
                },
            },
            "Card": {"type": "object", "properties": {"kind": {"type": "string"}, "last4": {"type": "string"}}},
            "Cash": {"type": "object", "properties": {"kind": {"type": "string"}}},
            "Pet": {"type": "object", "properties": {"toy": {"$ref": "#/components/schemas/Toy"}}},
            "Toy": {"type": "object", "properties": {"name": {"type": "string"}}},
            "Orphan": {"type": "object", "properties": {"name": {"type": "string"}}},
        },
    },
}


def write_spec(folder: Path, spec: dict[str, Any] = SPEC, name: str = "openapi.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return path


def test_only_the_schemas_the_kept_operations_reach_are_written(tmp_path: Path) -> None:
    spec = write_spec(tmp_path)
    api, files, warnings = generate(str(spec), "shop", selection=Selection(("tag:orders",), ("method:delete",)))
    assert warnings == []
    assert [op.operation_id for op in api.operations] == ["listOrders"]
    models = {m.name for m in api.models} | {u.name for u in api.unions}
    # through nested refs, a ref into a member of a schema, a discriminator mapping
    assert {"OrderList", "Order", "Line", "Sku", "Maker", "Payment", "Card", "Cash", "Sample", "SampleMore"} <= models
    assert not models & {"Pet", "Toy", "Orphan"}  # used by a left-out operation only, or by none
    assert not any("pet" in name.lower() or "orphan" in name.lower() for name in files)
    assert any(param.wire == "tenant" for op in api.operations for param in op.params)  # the path item's


def test_without_a_selection_every_schema_is_written(tmp_path: Path) -> None:
    api = generate(str(write_spec(tmp_path)), "shop")[0]
    assert {"Pet", "Toy", "Orphan"} <= {m.name for m in api.models}
    assert len(api.operations) == 3


def test_the_document_the_validator_sees_holds_the_kept_parts_only(tmp_path: Path) -> None:
    doc = reader.load_document(write_spec(tmp_path), selection=Selection(("op:listPets",)))
    root = doc.files[doc.path]
    assert list(root["paths"]) == ["/pets"]
    assert set(root["components"]["schemas"]) == {"Pet", "Toy"}
    assert root["components"]["parameters"] == {} and root["components"]["examples"] == {}
    root = reader.load_document(tmp_path / "openapi.yaml", selection=Selection(("op:listOrders",))).root.value
    assert set(root["components"]["examples"]) == {"Orders"}  # Example Objects: the test kit reads them
    assert set(root["components"]["parameters"]) == {"Tenant"}  # the path item's


def test_a_path_item_of_another_file_is_cut_there(tmp_path: Path) -> None:
    item = SPEC["paths"]["/orders"]
    (tmp_path / "orders.yaml").write_text(
        yaml.safe_dump(json.loads(json.dumps(item).replace("#/components", "openapi.yaml#/components"))),
        encoding="utf-8",
    )
    spec = write_spec(
        tmp_path, {**SPEC, "paths": {"/orders": {"$ref": "orders.yaml"}, "/pets": SPEC["paths"]["/pets"]}}
    )
    api = generate(str(spec), "shop", selection=Selection(("op:listOrders",)))[0]
    assert [op.operation_id for op in api.operations] == ["listOrders"]
    assert "Order" in {m.name for m in api.models}


def test_operations_written_in_other_files_and_the_files_read(tmp_path: Path) -> None:
    """An operation may be a ``$ref`` to another file (DigitalOcean's document does so): its tags
    are read there. What only the operations left out reach is neither read nor checked."""
    (tmp_path / "pets.yaml").write_text(
        yaml.safe_dump({**SPEC["paths"]["/pets"]["get"], "responses": {"200": {"$ref": "broken.yaml#/nowhere"}}}),
        encoding="utf-8",
    )
    (tmp_path / "orders.yaml").write_text(
        yaml.safe_dump(
            json.loads(json.dumps(SPEC["paths"]["/orders"]["get"]).replace("#/components", "openapi.yaml#/components"))
        ),
        encoding="utf-8",
    )
    paths = {"/orders": {"get": {"$ref": "orders.yaml"}}, "/pets": {"get": {"$ref": "pets.yaml"}}}
    spec = write_spec(tmp_path, {**SPEC, "paths": paths})
    doc = reader.load_document(spec, selection=Selection(("tag:orders",)))
    assert sorted(p.name for p in doc.files) == ["openapi.yaml", "orders.yaml"]
    assert "Order" in doc.root.value["components"]["schemas"]
    with pytest.raises(SpecError) as caught:  # the whole document: pets.yaml's dangling $ref is an error
        reader.load_document(spec)
    assert "broken.yaml" in str(caught.value.problems[0])


# -- the command line: errors, manifest, check, config -----------------------------------------


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write_spec(tmp_path)
    return tmp_path


def gen(capsys: pytest.CaptureFixture[str], command: str, *extra: str) -> tuple[int, str, str]:
    return run(capsys, command, "--spec", "openapi.yaml", "--out", "out", "--package", "shop", *extra)


def test_a_selector_matching_nothing_is_a_located_error(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gen(capsys, "generate", "--include", "tag:order", "--exclude", "op:listOrders")
    assert code == 2
    assert err == (
        "openapi.yaml#/paths: --include 'tag:order' matches no operation of the document; did you mean tag:orders?\n"
    )
    assert not (work / "out").exists()


def test_a_selector_that_cannot_be_read_is_exit_2(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gen(capsys, "generate", "--include", "orders")
    assert code == 2
    assert err.startswith("--include 'orders': not a selector: KIND:PATTERN") and err.count("\n") == 1


def test_a_selection_keeping_nothing_is_an_error(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gen(capsys, "generate", "--include", "tag:pets", "--exclude", "method:get")
    assert code == 2
    assert "keeps no operation" in err


def test_the_manifest_records_the_selection_and_check_respects_it(
    work: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    selection = ("--include", "tag:orders", "--exclude", "method:delete")
    code, _, err = gen(capsys, "generate", *selection)
    assert code == 0, err
    manifest = json.loads((work / "out" / "shop" / MANIFEST).read_text())
    assert manifest["selection"] == {"include": ["tag:orders"], "exclude": ["method:delete"]}
    assert gen(capsys, "check", *selection)[0] == 0  # the same selection: up to date
    code, out, _ = gen(capsys, "check", "--include", "tag:orders")  # another selection: drift
    assert code == 1 and "purge_orders" in out
    assert gen(capsys, "check")[0] == 1  # no selection: every operation, drift
    assert gen(capsys, "check", *selection)[0] == 0


def test_the_configuration_keys(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (work / "pyproject.toml").write_text(
        '[tool.botpress-codegen]\nspec = "openapi.yaml"\nout = "out"\npackage = "shop"\n'
        'include = ["tag:orders", "tag:pets"]\nexclude = ["method:delete"]\n'
    )
    code, _, err = run(capsys, "generate")
    assert code == 0, err
    manifest = json.loads((work / "out" / "shop" / MANIFEST).read_text())
    assert manifest["selection"] == {"include": ["tag:orders", "tag:pets"], "exclude": ["method:delete"]}
    assert run(capsys, "check")[0] == 0
    assert run(capsys, "check", "--include", "tag:pets")[0] == 1  # a flag replaces the key's list
    (work / "pyproject.toml").write_text('[tool.botpress-codegen]\ninclude = "tag:pets"\n')
    code, _, err = run(capsys, "check")
    assert code == 2 and "include must be a list of strings" in err
    (work / "pyproject.toml").write_text('[tool.botpress-codegen]\nexclude = ["tags:pets"]\n')
    code, _, err = run(capsys, "check")
    assert code == 2
    assert err.startswith("pyproject.toml: [tool.botpress-codegen]: exclude: 'tags:pets': not a selector")


# -- diff and CHANGES.md -----------------------------------------------------------------------


def _changed(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with a breaking change to ``listPets`` only (its schema loses a member)."""
    new = json.loads(json.dumps(spec))
    new["components"]["schemas"]["Toy"]["properties"] = {}
    new["paths"]["/pets"]["get"]["operationId"] = "listAllPets"
    return new


def test_diff_with_a_selection_compares_the_kept_operations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write_spec(tmp_path, SPEC, "old.yaml")
    new = write_spec(tmp_path, _changed(SPEC), "new.yaml")
    code, out, _ = run(capsys, "diff", str(old), str(new))
    assert code == 1 and "list_pets" in out
    code, out, err = run(capsys, "diff", str(old), str(new), "--include", "tag:orders")
    assert code == 0, out + err
    assert "list_pets" not in out
    code, _, err = run(capsys, "diff", str(old), str(new), "--include", "op:listAllPets")  # in the new one only
    assert code == 0, err
    code, _, err = run(capsys, "diff", str(old), str(new), "--include", "op:nowhere")
    assert code == 2 and "'op:nowhere' matches no operation of either document" in err


def _git(repo: Path, *args: str) -> None:
    config = ["-c", "user.name=Test", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", *config, *args], cwd=repo, check=True, capture_output=True)


def test_changes_md_compares_the_same_selection(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    _git(work, "init", "-q")
    _git(work, "add", "openapi.yaml")
    _git(work, "commit", "-q", "-m", "1.0.0")
    new = _changed(SPEC)
    new["info"]["version"] = "1.1.0"
    new["paths"]["/orders"]["get"]["parameters"] = [{"name": "status", "in": "query", "schema": {"type": "string"}}]
    write_spec(work, new)
    code, _, err = gen(capsys, "generate", "--changes", "--include", "tag:orders")
    assert code == 0, err
    changes = (work / "out" / "shop" / "CHANGES.md").read_text()
    assert "list_pets" not in changes and "list_all_pets" not in changes  # left out on both sides
    assert "list_orders" in changes and "status" in changes  # the kept operation's change
    assert gen(capsys, "check", "--changes", "--include", "tag:orders")[0] == 0


# -- speed -------------------------------------------------------------------------------------


def test_a_subset_of_a_large_document_is_validated_in_the_time_of_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 1,200-operation document (900 schemas): one operation of it is loaded and validated
    (openapi-spec-validator, no cache) in a few seconds; the whole takes about a minute on a
    busy machine and 15-20 s on a quiet one."""
    monkeypatch.setenv("CODEGEN_NO_CACHE", "1")
    spec = synthetic.write(900, tmp_path / "large.json", 1200)
    started = time.perf_counter()
    doc = reader.load_document(spec, selection=Selection(("op:getResource10",)))
    elapsed = time.perf_counter() - started
    root = doc.files[doc.path]
    assert list(root["paths"]) == ["/group0/resources10/{itemId}"]
    assert len(root["components"]["schemas"]) == 7  # Model0100 and its ancestors
    limit = 15 if os.environ.get("CI") else 30
    assert elapsed < limit, f"{elapsed:.1f} s"


# -- a base's subtypes: reached where the base is a type, not where a subtype includes it --------


def _entity_spec(subtypes: int) -> dict[str, Any]:
    """Microsoft Graph's shape: ``Entity`` maps its discriminator to every subtype, each of which
    includes ``Entity`` through ``allOf``; ``/things/{n}`` answers one subtype, ``/entities`` the base."""

    def answer(ref: str) -> dict[str, Any]:
        return {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": ref}}}}}

    names = [f"Thing{n}" for n in range(subtypes)]
    schemas: dict[str, Any] = {
        "Entity": {
            "type": "object",
            "required": ["@odata.type"],
            "properties": {"id": {"type": "string"}, "@odata.type": {"type": "string"}},
            "discriminator": {
                "propertyName": "@odata.type",
                "mapping": {f"#thing{n}": f"#/components/schemas/{name}" for n, name in enumerate(names)},
            },
        },
        "Label": {"type": "object", "properties": {"text": {"type": "string"}}},
    }
    for n, name in enumerate(names):
        own = {"type": "object", "properties": {f"size{n}": {"type": "integer"}}}
        if n == 0:
            own["properties"]["label"] = {"$ref": "#/components/schemas/Label"}  # reached from a subtype
        schemas[name] = {"allOf": [{"$ref": "#/components/schemas/Entity"}, own]}
    paths: dict[str, Any] = {
        f"/things/{n}": {"get": {"operationId": f"getThing{n}", "tags": [f"thing{n}"], "responses": answer(ref)}}
        for n, ref in enumerate(f"#/components/schemas/{name}" for name in names)
    }
    paths["/entities"] = {
        "get": {"operationId": "getEntity", "tags": ["entities"], "responses": answer("#/components/schemas/Entity")}
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Things", "version": "1"},
        "paths": paths,
        "components": {"schemas": schemas},
    }


def test_a_subtype_kept_does_not_bring_every_other_subtype_of_its_base(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, _entity_spec(300), "things.yaml")
    doc = reader.load_document(spec, selection=Selection(("tag:thing0",)))
    root = doc.files[doc.path]
    assert set(root["components"]["schemas"]) == {"Thing0", "Entity", "Label"}  # was all 300 subtypes
    assert root["components"]["schemas"]["Entity"]["discriminator"]["mapping"] == {
        "#thing0": "#/components/schemas/Thing0"
    }
    api, files, warnings = generate(str(spec), "things", selection=Selection(("tag:thing0",)))
    assert warnings == []
    assert [op.operation_id for op in api.operations] == ["getThing0"]
    assert {"Thing0", "Label"} <= {m.name for m in api.models} | {u.name for u in api.unions}
    assert not any("thing1" in name.lower() for name in files)


def test_the_base_answered_itself_keeps_every_subtype(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, _entity_spec(5), "things.yaml")
    for selection in (("tag:entities",), ("tag:thing0", "tag:entities")):
        root = reader.load_document(spec, selection=Selection(selection)).files[spec.resolve()]
        assert set(root["components"]["schemas"]) == {"Entity", "Label", *(f"Thing{n}" for n in range(5))}
        assert len(root["components"]["schemas"]["Entity"]["discriminator"]["mapping"]) == 5
