"""What a real document asks of a request and an answer (issue 33, item 5), on a small document
of each class, sync and async, against the loopback server: parameter styles (label and
matrix paths, objects and lists in headers, cookies and the query), multipart bodies without a
file, ``Accept`` from the media types an operation answers, and empty answers read as ``None``."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.pipeline import generate_files
from generator.write.files import write_package

from ..loopback import Loopback

OK = {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}


def _param(name: str, where: str, schema: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": name, "in": where, "required": True, "schema": schema, **extra}


ARRAY = {"type": "array", "items": {"type": "string"}}
OBJECT = {"type": "object", "properties": {"r": {"type": "integer"}, "g": {"type": "integer"}}}
ITEMS = {"type": "array", "items": {"type": "object", "properties": {"Key": {"type": "string"}}}}


def _path_op(style: str, explode: bool) -> dict[str, Any]:
    params = [
        _param(name, "path", schema, style=style, explode=explode)
        for name, schema in (("p", {"type": "string"}), ("a", ARRAY), ("o", OBJECT))
    ]
    return {"get": {"operationId": f"{style}_{'x' if explode else 'n'}", "parameters": params, "responses": OK}}


DOC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "wire", "version": "1.0.0"},
    "x-client": {"flat-methods": True},  # the tests name the operations by their flat methods
    "paths": {
        "/label/{p}/{a}/{o}": _path_op("label", False),
        "/labelx/{p}/{a}/{o}": _path_op("label", True),
        "/matrix/{p}/{a}/{o}": _path_op("matrix", False),
        "/matrixx/{p}/{a}/{o}": _path_op("matrix", True),
        "/headers": {
            "get": {
                "operationId": "headers",
                "parameters": [
                    _param("X-Obj", "header", OBJECT),
                    _param("X-Objx", "header", OBJECT, explode=True),
                    _param("X-List", "header", ARRAY),
                    _param("n", "cookie", {"type": "integer"}),
                    _param("c", "cookie", ARRAY, explode=False),
                    _param("co", "cookie", OBJECT, explode=False),
                ],
                "responses": OK,
            }
        },
        "/query": {
            "get": {
                "operationId": "query",
                "parameters": [
                    _param("Tags", "query", ITEMS),
                    _param("deep", "query", OBJECT, style="deepObject", explode=True),
                    _param("pipes", "query", ARRAY, style="pipeDelimited", explode=False),
                ],
                "responses": OK,
            }
        },
        "/form": {
            "post": {
                "operationId": "form",
                "requestBody": {
                    "required": True,
                    "content": {
                        "multipart/form-data": {
                            "schema": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "tags": ARRAY,
                                    "meta": OBJECT,
                                    "note": {"type": "string"},
                                },
                            },
                            "encoding": {"note": {"contentType": "text/markdown, text/plain"}},
                        }
                    },
                },
                "responses": OK,
            }
        },
        "/vendor": {
            "get": {
                "operationId": "vendor",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/vnd.amadeus+json": {"schema": OBJECT}, "text/plain": {}},
                    }
                },
            }
        },
        "/maybe": {
            "delete": {
                "operationId": "maybe",
                "responses": {**OK, "204": {"description": "gone"}},
            }
        },
        "/only": {"get": {"operationId": "only", "responses": OK}},
        "/report": {  # its only answer is ``default``: a server answers its media type
            "get": {
                "operationId": "report",
                "responses": {"default": {"description": "any", "content": {"text/csv": {}, "text/plain": {}}}},
            }
        },
        "/candidates": {  # fec.gov: ``default`` is the only answer declared beside a 404: the success's
            "get": {
                "operationId": "candidates",
                "responses": {
                    "404": {"description": "none"},
                    "default": {
                        "description": "",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["results"],
                                    "properties": {"results": {"type": "array", "items": {"type": "string"}}},
                                }
                            }
                        },
                    },
                },
            }
        },
        "/geo": {  # va.gov: an Accept parameter allowing one value of a list
            "get": {
                "operationId": "geo",
                "parameters": [
                    {
                        "name": "Accept",
                        "in": "header",
                        "required": True,
                        "schema": {"type": "string", "enum": ["application/geo+json", "text/csv"]},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {}, "application/geo+json": {}, "text/csv": {}},
                    }
                },
            }
        },
        "/spin": {  # spinbot.net: its only answer is ``default`` of any media type, not read
            "post": {
                "operationId": "spin",
                "responses": {"default": {"description": "any", "content": {"*/*": {"schema": {}}}}},
            }
        },
        "/files/{id}": {
            "get": {"operationId": "file", "parameters": [_param("id", "path", {"type": "string"})], "responses": OK}
        },
        "/files/{id}#shared": {  # the fragment tells two operations of one path apart: never sent
            "get": {
                "operationId": "file_shared",
                "parameters": [_param("id", "path", {"type": "string"}), _param("fields", "query", {"type": "string"})],
                "responses": OK,
            }
        },
        "/comic": {  # any media type, an object: JSON, as the server answers it (xkcd, Google's APIs)
            "get": {
                "operationId": "comic",
                "responses": {"200": {"description": "ok", "content": {"*/*": {"schema": OBJECT}}}},
            }
        },
        "/droplet": {
            "get": {
                "operationId": "droplet",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Droplet"}}},
                    }
                },
            }
        },
    },
    "components": {
        "schemas": {
            "Window": {"type": "object", "nullable": True, "properties": {"start": {"type": "string"}}},
            "Droplet": {  # a nullable schema behind an allOf that only adds a description: null is valid
                "type": "object",
                "required": ["window"],
                "properties": {
                    "window": {"allOf": [{"$ref": "#/components/schemas/Window"}, {"description": "Backups."}]}
                },
            },
        }
    },
}


@pytest.fixture(scope="module")
def wire(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("wire_pkg")
    spec = root / "wire.json"
    spec.write_text(json.dumps(DOC), encoding="utf-8")
    write_package(generate_files(str(spec), "wire_styles"), root / "wire_styles")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("wire_styles")
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "wire_styles" or m.startswith("wire_styles.")]:
            del sys.modules[name]


@pytest.fixture(params=["sync", "async"])
def call(request: pytest.FixtureRequest, wire: ModuleType, loopback: Loopback) -> Iterator[Any]:
    """``call(method, **kwargs)`` on a client of the loopback server, sync or async."""
    is_async = request.param == "async"
    cls = wire.AsyncClient if is_async else wire.Client
    client = cls(base_url=loopback.url, max_retries=0, timeout=5.0, require_token=False)
    loop = asyncio.new_event_loop()

    def run(name: str, /, **kwargs: Any) -> Any:
        result = getattr(client, name)(**kwargs)
        return loop.run_until_complete(result) if is_async else result

    yield run
    if is_async:
        loop.run_until_complete(client.close())
    else:
        client.close()
    loop.close()


ARGS = {"p": "v", "a": ["x", "y"], "o": {"r": 1, "g": 2}}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("label_n", "/label/.v/.x,y/.r,1,g,2"),
        ("label_x", "/labelx/.v/.x.y/.r=1.g=2"),
        ("matrix_n", "/matrix/;p=v/;a=x,y/;o=r,1,g,2"),
        ("matrix_x", "/matrixx/;p=v/;a=x;a=y/;r=1;g=2"),
    ],
)
def test_label_and_matrix_path_styles(call: Any, loopback: Loopback, method: str, path: str) -> None:
    loopback.reply(200, {})
    call(method, **ARGS)
    assert loopback.requests[0].path == path


def test_objects_and_lists_in_headers_and_cookies(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    obj = {"r": 1, "g": 2}
    call("headers", obj=obj, objx=obj, list_=["a", "b"], n=3, c=["a", "b"], co=obj)
    headers = loopback.requests[0].headers
    assert headers["x-obj"] == "r,1,g,2"
    assert headers["x-objx"] == "r=1,g=2"
    assert headers["x-list"] == "a,b"
    assert headers["cookie"] == "n=3; c=a,b; co=r,1,g,2"


def test_a_list_of_objects_in_the_query_is_json_never_python_text(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    call("query", tags=[{"Key": "0"}], deep={"r": 1}, pipes=["a", "b"])
    query = loopback.requests[0].query
    assert query["Tags"] == ['{"Key":"0"}']
    assert query["deep[r]"] == ["1"]
    assert query["pipes"] == ["a|b"]


def test_multipart_without_a_file_is_multipart(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    call("form", name="n1", tags=["a", "b"])
    received = loopback.requests[0]
    assert received.headers["content-type"].startswith("multipart/form-data; boundary=")
    body = received.body.decode()
    assert body.count('name="tags"') == 2 and 'name="name"\r\n\r\nn1' in body


def test_multipart_parts_carry_their_content_type(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    call("form", name="n1", meta={"r": 1}, note="# hi")
    body = loopback.requests[0].body.decode()
    assert 'name="meta"\r\nContent-Type: application/json\r\n\r\n{"r":1}' in body  # an object: JSON
    assert 'name="note"\r\nContent-Type: text/markdown\r\n\r\n# hi' in body  # the encoding's first type
    assert 'name="name"\r\n\r\nn1' in body  # text: no type of its own


def test_accept_lists_the_media_types_the_answer_is_read_as(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {"r": 1}, headers={"content-type": "application/vnd.amadeus+json"})
    loopback.reply(200, {})
    assert call("vendor").r == 1
    call("only")
    assert loopback.requests[0].headers["accept"] == "application/vnd.amadeus+json"
    assert loopback.requests[1].headers["accept"] == "application/json"


def test_an_empty_answer_reads_as_none(call: Any, loopback: Loopback) -> None:
    loopback.reply(204).reply(200, b"").reply(200, {"a": 1})
    assert call("maybe") is None  # 204: no content
    assert call("maybe") is None  # a 200 without a body, where a success without content is declared
    assert call("maybe") == {"a": 1}


def test_an_empty_204_reads_as_none_even_where_not_declared(call: Any, loopback: Loopback) -> None:
    loopback.reply(204)
    assert call("only") is None


def test_maybe_empty_answers_are_typed_optional(wire: ModuleType) -> None:
    source = Path(wire.__file__).parent.joinpath("_resources")
    text = "".join(p.read_text() for p in source.glob("*.py"))
    assert "empty=True" in text and 'accept="application/vnd.amadeus+json"' in text
    assert "dict[str, Any] | None" in text


def test_accept_of_an_operation_answering_only_default_is_its_media_types(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, b"a,b", headers={"content-type": "text/csv"})
    loopback.reply(200, {"article": "a"})
    call("report")
    call("spin")
    assert loopback.requests[0].headers["accept"] == "text/csv, text/plain"
    assert loopback.requests[1].headers["accept"] == "*/*"  # not narrowed to JSON (Prism: 406)


def test_an_accept_parameter_allowing_one_value_of_a_list_gets_one(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {"type": "FeatureCollection"}, headers={"content-type": "application/geo+json"})
    assert call("geo") == {"type": "FeatureCollection"}
    assert loopback.requests[0].headers["accept"] == "application/geo+json"  # read as JSON, and allowed


def test_an_operation_declaring_no_success_but_default_reads_default_as_its_answer(
    call: Any, loopback: Loopback, wire: ModuleType
) -> None:
    """OpenAPI: ``default`` stands for every answer not declared, success included (fec.gov
    declares nothing else): its content is the method's result; an error status still raises."""
    loopback.reply(200, {"results": ["a", "b"]}).reply(200, b"raw", headers={"content-type": "text/plain"})
    loopback.reply(404, {"message": "none"})
    assert call("candidates").results == ["a", "b"]
    answer = call("spin")  # ``*/*`` of any schema: its bytes to read, not None
    assert type(answer).__name__ in ("BinaryResponse", "AsyncBinaryResponse")
    with pytest.raises(wire.errors.ApiError) as caught:
        call("candidates")
    assert caught.value.status_code == 404


def test_a_fragment_in_a_path_key_is_not_sent(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {}).reply(200, {})
    call("file_shared", id="7", fields="shared_link")
    call("file", id="7")
    assert loopback.requests[0].path == "/files/7"
    assert loopback.requests[0].query == {"fields": ["shared_link"]}
    assert loopback.requests[1].path == "/files/7"


def test_an_all_of_of_a_nullable_schema_reads_null(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {"window": None}).reply(200, {"window": {"start": "s"}})
    assert call("droplet").window is None
    assert call("droplet").window.start == "s"


def test_an_object_answered_as_any_media_type_is_read_as_json(call: Any, loopback: Loopback) -> None:
    loopback.reply(200, {"r": 1, "g": 2})
    comic = call("comic")
    assert (comic.r, comic.g) == (1, 2)
    assert loopback.requests[0].headers["accept"] == "application/json, */*"
