"""The query string as RFC 3986 and OpenAPI's ``form`` style (RFC 6570) spell it (issue 33, item 5): a
space in a parameter's name or value is ``%20``, never httpx's form-encoded ``+`` (which a server
reading the query as a URI takes as itself), with ``extra_query``, an injected httpx client's own
``params`` and a query API key kept working; sync and async, against the loopback server. (Prism
5.14.2 refuses a space in a query name however it is sent: it looks for the name percent-encoded,
``required%20query``, among the names it decoded.)"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import httpx
import pytest

from generator.pipeline import generate_files
from generator.write.files import write_package

from ..loopback import Loopback

OK = {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}
TEXT = {"type": "string"}
DOC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "query", "version": "1.0.0"},
    "x-client": {"flat-methods": True},
    "components": {"securitySchemes": {"Key": {"type": "apiKey", "in": "query", "name": "the key"}}},
    "paths": {
        "/search": {
            "get": {
                "operationId": "search",
                "parameters": [
                    {"name": "required query", "in": "query", "required": True, "schema": TEXT},
                    {"name": "tags", "in": "query", "schema": {"type": "array", "items": TEXT}},
                ],
                "responses": OK,
            }
        },
        "/keyed": {
            "get": {
                "operationId": "keyed",
                "security": [{"Key": []}],
                "parameters": [{"name": "q", "in": "query", "required": True, "schema": TEXT}],
                "responses": OK,
            }
        },
        "/templates?desc=html": {
            "post": {
                "operationId": "createHtml",
                "parameters": [{"name": "q", "in": "query", "schema": TEXT}],
                "responses": OK,
            }
        },
        "/articles?query={query}&v=2": {
            "get": {
                "operationId": "findArticles",
                "parameters": [{"name": "query", "in": "query", "schema": TEXT}],
                "responses": OK,
            }
        },
        "/templates/{id}?full=true&x=a b": {
            "get": {
                "operationId": "getFull",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": TEXT}],
                "responses": OK,
            }
        },
    },
}


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("query_pkg")
    spec = root / "query.json"
    spec.write_text(json.dumps(DOC), encoding="utf-8")
    write_package(generate_files(str(spec), "wire_query"), root / "wire_query")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("wire_query")
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "wire_query" or m.startswith("wire_query.")]:
            del sys.modules[name]


@pytest.fixture(params=["sync", "async"])
def make(request: pytest.FixtureRequest, pkg: ModuleType, loopback: Loopback) -> Iterator[Any]:
    """``make(**client_options)`` -> ``call(method, **kwargs)``, sync or async."""
    is_async = request.param == "async"
    loop = asyncio.new_event_loop()
    clients: list[Any] = []

    def client(**options: Any) -> Any:
        cls = pkg.AsyncClient if is_async else pkg.Client
        c = cls(base_url=loopback.url, max_retries=0, timeout=5.0, **options)
        clients.append(c)

        def run(name: str, /, **kwargs: Any) -> Any:
            result = getattr(c, name)(**kwargs)
            return loop.run_until_complete(result) if is_async else result

        return run

    client.is_async = is_async  # type: ignore[attr-defined]
    yield client
    for c in clients:
        if is_async:
            loop.run_until_complete(c.close())
        else:
            c.close()
    loop.close()


def test_a_space_in_a_query_name_or_value_is_percent_20(make: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    make()("search", required_query="a b+c", tags=["x y", "z"])
    sent = loopback.requests[0]
    assert sent.raw_query == "required%20query=a%20b%2Bc&tags=x%20y&tags=z"
    assert sent.query == {"required query": ["a b+c"], "tags": ["x y", "z"]}


def test_extra_query_is_encoded_alike(make: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    make()("search", required_query="a", extra_query={"my param": "v w", "flag": True, "n": None})
    assert loopback.requests[0].raw_query == "required%20query=a&my%20param=v%20w&flag=true&n="


def test_an_injected_http_client_keeps_its_params(make: Any, loopback: Loopback) -> None:
    loopback.reply(200, {}).reply(200, {})
    factory = httpx.AsyncClient if make.is_async else httpx.Client
    call = make(http_client=factory(params={"tenant": "t 1", "tags": "replaced"}))
    call("search", required_query="a", tags=["b"])
    call("search", required_query="c")
    assert loopback.requests[0].raw_query == "tenant=t%201&required%20query=a&tags=b"
    assert loopback.requests[1].raw_query == "tenant=t%201&tags=replaced&required%20query=c"


def test_a_query_api_key_keeps_the_query_as_encoded(make: Any, loopback: Loopback) -> None:
    loopback.reply(200, {})
    make(key="s3 cret")("keyed", q="x y")
    assert loopback.requests[0].raw_query == "q=x%20y&the%20key=s3%20cret"


def test_a_query_fixed_by_the_path_key_is_sent_before_the_calls_own(make: Any, loopback: Loopback) -> None:
    """formapi's path keys ``/templates?desc=html``: the server reads ``desc`` from the query
    (it was sent percent-encoded into the path, ``/templates%3Fdesc=html``: 404)."""
    loopback.reply(200, {}).reply(200, {}).reply(200, {})
    call = make()
    call("create_html")
    call("create_html", q="a b")
    call("get_full", id="t/1")
    first, second, third = loopback.requests
    assert (first.path, first.raw_query) == ("/templates", "desc=html")
    assert (second.path, second.raw_query) == ("/templates", "desc=html&q=a%20b")
    assert (third.path, third.raw_query) == ("/templates/t%2F1", "full=true&x=a%20b")


def test_a_query_parameter_named_in_the_path_key_is_sent_once(make: Any, loopback: Loopback) -> None:
    """medium's ``/search/articles?query={query}`` declares ``query`` in the query: the path key's
    placeholder pair is left out, the call's value sent once (never ``query={query}``)."""
    loopback.reply(200, {}).reply(200, {})
    call = make()
    call("find_articles", query="a&b")
    call("find_articles")
    assert [(r.path, r.raw_query) for r in loopback.requests] == [
        ("/articles", "v=2&query=a%26b"),
        ("/articles", "v=2"),
    ]
