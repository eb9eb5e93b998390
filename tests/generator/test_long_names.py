"""No file or module name over 100 characters, whatever the document (issue 38): Microsoft Graph
beta failed with ``File name too long`` on a models module named from an inline schema's deep
path. Long names are cut in the namer (generator/lower/naming.py ``bounded``): readable (their
beginning and end), unique, and a function of the name alone."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.lower.naming import MAX_MODULE_NAME, bounded
from generator.pipeline import generate_files
from generator.write.files import write_package

LONG = "WindowsInformationProtectionDeviceRegistrationConfiguration"
PATH = "/users/{user-id}/mailFolders/{mailFolder-id}/childFolders/{mailFolder-id1}/messages/{message-id}"


def _inline(depth: int, word: str) -> dict[str, Any]:
    """Objects nested ``depth`` levels deep under long property names (each a derived model)."""
    if depth == 0:
        return {"type": "string"}
    return {"type": "object", "properties": {f"{word}{depth}AndMoreWordsToMakeItLonger": _inline(depth - 1, word)}}


def _params(path: str) -> list[dict[str, Any]]:
    names = [part[1:-1] for part in path.split("/") if part.startswith("{")]
    return [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in names]


def _document(unrelated: bool) -> dict[str, Any]:
    """Schema names of 150 to 200 characters (two differing only at their end), two tags of 120
    characters, operations whose inline bodies and answers nest 6 objects deep."""
    schemas: dict[str, Any] = {}
    for suffix in ("0", "1", "A", "B"):
        repeat = 3 if suffix in "AB" else 2
        schemas[f"microsoft.graph.{LONG * repeat}{suffix}"] = {
            "type": "object",
            "properties": {"id": {"type": "string"}},
        }
    if unrelated:
        schemas["Unrelated"] = {"type": "object", "properties": {"id": {"type": "string"}}}
    paths: dict[str, Any] = {}
    for n, tag in enumerate((f"users.{LONG * 2}", f"users.{LONG * 2}.more")):
        path = f"{PATH}/microsoft.graph.{LONG}{n}/{LONG}Action"
        created = {"schema": {"$ref": f"#/components/schemas/microsoft.graph.{LONG * 3}A"}}
        paths[path] = {
            "post": {
                "operationId": f"users.mailFolders.childFolders.messages.{LONG}{n}",
                "tags": [tag],
                "parameters": _params(path),
                "requestBody": {"content": {"application/json": {"schema": _inline(6, f"value{LONG}")}}},
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": _inline(6, f"answer{LONG}")}},
                    },
                    "201": {"description": "created", "content": {"application/json": created}},
                },
            }
        }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Long", "version": "1"},
        "paths": paths,
        "components": {"schemas": schemas},
    }


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], dict[str, str], Path]:
    folder = tmp_path_factory.mktemp("long_names")
    built = []
    for unrelated in (False, True):
        spec = folder / f"spec_{unrelated}.json"
        spec.write_text(json.dumps(_document(unrelated)))
        built.append(generate_files(str(spec), "long_names"))
    return built[0], built[1], folder


def test_no_file_name_over_100_characters(packages: tuple[dict[str, str], dict[str, str], Path]) -> None:
    files, _, _ = packages
    longest = max((part for path in files for part in path.split("/")), key=len)
    assert len(longest) <= 100, longest
    cut = [path for path in files if path.startswith("models/_microsoft_graph_windows_information_")]
    assert len(cut) == 4, sorted(files)  # the four long schemas: four modules, told apart
    assert len({path.lower() for path in files}) == len(files)  # unique, even without case


def test_cut_names_are_stable_when_unrelated_things_change(
    packages: tuple[dict[str, str], dict[str, str], Path],
) -> None:
    files, with_unrelated, _ = packages
    assert set(files) <= set(with_unrelated)
    added = set(with_unrelated) - set(files)
    assert "models/_unrelated.py" in added and all("unrelated" in path for path in added), added


def test_the_package_imports(packages: tuple[dict[str, str], dict[str, str], Path]) -> None:
    files, _, folder = packages
    write_package(files, folder / "out" / "long_names")
    sys.path.insert(0, str(folder / "out"))
    try:
        package = importlib.import_module("long_names")
        models = importlib.import_module("long_names.models")
        models.load_all()  # every module of models imports
        assert package.Client is not None
        assert any(name.startswith("MicrosoftGraphWindows") for name in dir(models))
    finally:
        sys.path.remove(str(folder / "out"))


@pytest.mark.parametrize(
    "name",
    ["_short", "_" + "word_" * 40 + "end", "_" + "x" * 300, "_microsoft_graph_" + "a_b_" * 30 + "response"],
)
def test_bounded(name: str) -> None:
    cut = bounded(name)
    assert len(cut) <= MAX_MODULE_NAME
    assert cut == name if len(name) <= MAX_MODULE_NAME else cut != name
    assert cut.isidentifier() and cut.startswith("_") and not cut.endswith("_")
    assert bounded(name + "x") != cut  # another name, another cut
    if len(name) > MAX_MODULE_NAME:
        assert name.endswith(cut.rpartition("_")[2])  # its end is kept
