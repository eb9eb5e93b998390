"""The generated package speaks the document's language (issue 36, item 2): its README's examples
come from the document and say nothing of this repository's bot platform; ``ApiError`` reads its
``message``, ``type``, ``code`` and ``id`` where the document's error schemas put them (a CMS's
``{"errors": [{"message": ...}]}``, petstore's ``{"code", "message"}``, GitHub's ``basic-error``);
the test kit's faults are shaped the same way; a document without ``servers`` says ``base_url``
is required (README, constructor docstring, the error). Over two documents of ``../shared/corpus``
and two small ones written here.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from generator.pipeline import generate_files
from generator.write.files import write_package

from ..conftest import ROOT

CORPUS = ROOT.parent / "shared" / "corpus"
PETSTORE = CORPUS / "oai" / "petstore-expanded.yaml"  # servers, its own error schema {code, message}
TICTACTOE = CORPUS / "oai-learn" / "tictactoe.yaml"  # no servers

# Words of this repository's bot platform that must not reach another API's package.
PLATFORM = re.compile(r"x-zui|botpress(?!-codegen)|\bbot_id\b|workspace|integration|\bTable\b|patient|err_", re.I)


def _op(errors: dict[str, Any]) -> dict[str, Any]:
    return {
        "operationId": "getThing",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {
            "200": {
                "description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}},
            },
            **errors,
        },
    }


def _doc(title: str, error_schema: dict[str, Any]) -> dict[str, Any]:
    error = {
        "description": "failed",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}},
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {"/things/{id}": {"get": _op({"4XX": error, "5XX": error})}},
        "components": {
            "schemas": {
                "Thing": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
                "Failure": error_schema,
            }
        },
    }


CMS = _doc(
    "A headless CMS",
    {
        "type": "object",
        "properties": {
            "errors": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"message": {"type": "string"}, "code": {"type": "string"}},
                },
            }
        },
    },
)
GITHUB = _doc(
    "A code host",
    {
        "title": "Basic Error",
        "type": "object",
        "properties": {"message": {"type": "string"}, "documentation_url": {"type": "string"}},
    },
)


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ModuleType]]:
    out = tmp_path_factory.mktemp("language")
    specs = {"doc_petstore": PETSTORE, "doc_tictactoe": TICTACTOE}
    for name, doc in (("doc_cms", CMS), ("doc_github", GITHUB)):
        specs[name] = out / f"{name}.json"
        specs[name].write_text(json.dumps(doc))
    for name, spec in specs.items():
        write_package(generate_files(str(spec), name), out / name)
    sys.path.insert(0, str(out))
    try:
        yield {name: importlib.import_module(name) for name in specs}
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n.split(".")[0] in specs]:
            del sys.modules[name]


def _readme(package: ModuleType) -> str:
    return (Path(package.__file__).parent / "README.md").read_text(encoding="utf-8")


def _failing(package: ModuleType, body: Any, status: int = 404) -> Any:
    """A client whose every request answers ``status`` with ``body`` (JSON)."""
    transport = httpx.MockTransport(lambda request: httpx.Response(status, json=body))
    return package.Client(base_url="https://api.example.com", http_client=httpx.Client(transport=transport))


@pytest.mark.parametrize("name", ["doc_petstore", "doc_tictactoe", "doc_cms", "doc_github"])
def test_the_readme_says_nothing_of_the_bot_platform(packages: dict[str, ModuleType], name: str) -> None:
    readme = _readme(packages[name])
    assert not PLATFORM.findall(readme), PLATFORM.findall(readme)
    folder = Path(packages[name].__file__).parent
    assert not [p.name for p in folder.rglob("*.py") if "See the API reference" in p.read_text(encoding="utf-8")]


def test_the_readme_examples_come_from_the_document(packages: dict[str, ModuleType]) -> None:
    readme = _readme(packages["doc_petstore"])
    assert "result = client.pets.find()" in readme
    assert "`models.Pet`" in readme  # a model of the document
    assert "`message` (`message`), `code` (`code`)" in readme  # its error schema's members
    assert "print(exc.status_code, exc.message, exc.code, exc.body)" in readme
    assert 'Then `{"name": 123, ...}` answered for `Pet`' in readme  # a validation error of its own
    assert "The base URL defaults to `https://petstore.swagger.io/v2`." in readme
    assert "`message` (`errors[0].message`), `code` (`errors[0].code`)" in _readme(packages["doc_cms"])


def test_no_servers_means_base_url_is_required(packages: dict[str, ModuleType]) -> None:
    pkg = packages["doc_tictactoe"]
    readme = _readme(pkg)
    assert 'client = Client(base_url="https://...")  # required: the document names no server' in readme
    assert "every argument optional" not in readme and "defaults to ``" not in readme
    assert "`base_url` is required" in readme
    assert "base_url: The API's address. Required" in (pkg.Client.__doc__ or "")
    with pytest.raises(
        pkg.errors.ConfigurationError,
        match=r"base_url: required, the API.s document names no server \(pass base_url=\.\.\.\)",
    ):
        pkg.Client(token="t")


def test_api_error_reads_the_petstore_error_schema(packages: dict[str, ModuleType]) -> None:
    pkg = packages["doc_petstore"]
    with _failing(pkg, {"code": 4040, "message": "no such pet"}) as client:
        with pytest.raises(pkg.errors.NotFoundError) as caught:
            client.pets.find_by_id(id=7)
    exc = caught.value
    assert (exc.message, exc.code, exc.type, exc.id) == ("no such pet", 4040, None, None)
    assert str(exc) == "404: no such pet"


def test_api_error_reads_a_cms_error_list(packages: dict[str, ModuleType]) -> None:
    pkg = packages["doc_cms"]
    assert pkg.errors.ERROR_FIELDS == {"message": (("errors", 0, "message"),), "code": (("errors", 0, "code"),)}
    with _failing(pkg, {"errors": [{"message": "Thing not found", "code": "NOT_FOUND"}]}) as client:
        with pytest.raises(pkg.errors.NotFoundError) as caught:
            client.things.get(id="x")
    assert (caught.value.message, caught.value.code) == ("Thing not found", "NOT_FOUND")
    assert str(caught.value) == "404: Thing not found"
    # A body of another shape: nothing read, the text is the start of the body.
    with _failing(pkg, {"message": "elsewhere"}, status=500) as client:
        with pytest.raises(pkg.errors.InternalServerError) as other:
            client.things.get(id="x")
    assert other.value.message is None and str(other.value) == '500: {"message":"elsewhere"}'


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("doc_cms", {"errors": [{"code": 404, "message": "gone"}]}),
        ("doc_github", {"message": "gone"}),  # basic-error: message (documentation_url optional)
        ("doc_petstore", {"code": 404, "message": "gone"}),
    ],
)
def test_the_kit_fails_in_the_documents_error_shape(
    packages: dict[str, ModuleType], name: str, expected: dict[str, Any]
) -> None:
    pkg = packages[name]
    testing = importlib.import_module(f"{name}.testing")
    api = testing.FakeApi()
    method = "get_thing" if name != "doc_petstore" else "find_pet_by_id"
    getattr(api, method).fails(status=404, message="gone")
    with api.client() as client:
        with pytest.raises(pkg.errors.NotFoundError) as caught:
            space = client.things if name != "doc_petstore" else client.pets
            getattr(space, "get" if name != "doc_petstore" else "find_by_id")(id="1" if name != "doc_petstore" else 1)
    assert json.loads(caught.value.body) == expected
    assert caught.value.message == "gone"


def test_dir_lists_every_operation_without_importing_one() -> None:
    """``dir(Client)`` and ``dir(client)`` name every operation from the method table alone; no
    module of ``_resources`` is imported (a fresh interpreter, this repository's own package)."""
    code = (
        "import sys, botpress_client as b\n"
        "c = b.Client(token='t')\n"
        "print(sorted(set(dir(b.Client)) & set(dir(c)) & {'get_table', 'rename_table_column', 'create_message', 'no_such'}))\n"
        "print([m for m in sys.modules if m.startswith('botpress_client._resources._')])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT / "generated", capture_output=True, text=True, check=True
    )
    names, imported = done.stdout.splitlines()
    assert names == "['create_message', 'get_table', 'rename_table_column']"
    assert imported == "[]"
