"""The namer (generator/lower/names.py) reserves what the generated package owns itself.

The golden case ``reserved_names`` has operationIds ``close``, ``with_options``,
``with_raw_response`` and ``__init__``, schemas named ``Client``, ``Config`` and ``models``,
error types named like the runtime's error classes and like the package's own error alias, a
client option named ``timeout`` and an operation named like another's page iterator. It
generates (with located warnings) into a package that passes mypy --strict (``make typecheck``)
and whose client still closes, copies and wraps itself with its own methods.
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from generator.emit.imports import IMPORTS
from generator.lower.reserved import MODELS_MODULE_IMPORTS
from generator.lower.runtime_names import client_options, runtime_client_attributes, runtime_error_classes
from generator.pipeline import generate
from generator.write.files import write_package

from .. import mypy_run
from ..conftest import FIXTURES

CASE = FIXTURES / "golden" / "reserved_names"
SPEC = CASE / "spec.yaml"
PACKAGE = "reserved_names"

WARNINGS = [
    (
        "/components/schemas/Config/properties/_nulls",
        "member '_nulls' maps to Python name 'nulls', as does 'nulls'; named nulls_2",
    ),
    (
        "/components/schemas/Error/properties/type/enum/0",
        "error type 'reserved_names' maps to 'ReservedNamesError', a name of the errors module;"
        " named ReservedNamesApiError",
    ),
    (
        "/components/schemas/Error/properties/type/enum/1",
        "error type 'client' maps to 'ClientError', a name of the errors module; named ClientApiError",
    ),
    ("/paths/~1close/post", "namespace 'close' of the client is a name taken there; named close_2"),
    (
        "/paths/~1close/post/operationId",
        "operationId 'close' maps to 'close', an attribute of the client; method named close_",
    ),
    (
        "/paths/~1close/post/parameters/0/x-client-option/name",
        "client option 'timeout' maps to 'timeout', an argument of the client; named timeout_",
    ),
    ("/paths/~1init/post", "namespace 'init' of the client is a name taken there; named init_2"),
    (
        "/paths/~1options/get/operationId",
        "operationId 'with_options' maps to 'with_options', an attribute of the client; method named with_options_",
    ),
    (
        "/paths/~1raw/get/operationId",
        "operationId 'with_raw_response' maps to 'with_raw_response', an attribute of the client;"
        " method named with_raw_response_",
    ),
    ("/paths/~1things/get", "paginated operation: method 'iter_things' is taken; no iterator generated"),
]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    out = tmp_path_factory.mktemp("names")
    _, files, _ = generate(str(SPEC), PACKAGE)
    write_package(files, out / PACKAGE)
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out))
        for module in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[module]


def test_resolved_collisions_are_located_warnings() -> None:
    _, _, warnings = generate(str(SPEC), PACKAGE)
    assert [(w.pointer, w.message) for w in warnings] == WARNINGS
    assert all(w.file.endswith("reserved_names/spec.yaml") for w in warnings)


def test_reserved_names_come_from_the_runtime() -> None:
    attributes = runtime_client_attributes()
    for name in ("close", "_request", "_setup", "_config", "_http", "_owns_http", "_build_request", "_decode"):
        assert name in attributes
    for name in ("with_options", "with_raw_response", "_user_agent", "_error_types", "_error_type_member"):
        assert name in attributes
    assert {"ClientError", "ApiError", "ApiConnectionError", "RequestValidationError"} <= runtime_error_classes()


def test_every_client_attribute_is_reserved_or_an_operation(package: ModuleType) -> None:
    """What the generated client classes define (in ``_client`` and, for their methods, in the
    classes of ``_resources`` they are composed of): the namer's reserved names, and methods it
    gave out."""
    folder = Path(package._client.__file__).parent
    methods = {"close_", "with_options_", "with_raw_response_", "init", "list_things", "iter_things"}
    classes = {"_client.py": ("Client", "AsyncClient")}
    classes |= {f"_resources/{p.name}": ("Client", "AsyncClient") for p in (folder / "_resources").glob("_*.py")}
    for module, names in classes.items():
        tree = ast.parse((folder / module).read_text(encoding="utf-8"))
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in names):
            body = list(cls.body)
            body += [s for b in cls.body if isinstance(b, ast.If) for s in b.body]  # run-time-only hooks
            defined = {s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
            defined |= {t.id for s in body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
            assert defined - methods <= runtime_client_attributes(), (module, cls.name)
            if module != "_client.py":
                assert defined <= methods, (module, cls.name)
    for cls in ("Client", "AsyncClient"):
        client = getattr(package, cls)(token="t")
        assert methods <= set(dir(client)) and all(callable(getattr(client, m)) for m in methods)


class Counter:
    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(204)


def test_every_class_name_a_models_module_imports_is_reserved_for_schemas() -> None:
    """A schema named as a name a module of ``models`` imports (``Any``, ``UnionByTag``) gets
    another class name: the import would be hidden (or hide it)."""
    imported = {name.split(" as ")[-1] for _module, names in IMPORTS["models.py"] for name in names}
    assert {name for name in imported if name[:1].isupper()} <= MODELS_MODULE_IMPORTS


def test_with_client_sends_nothing(package: ModuleType) -> None:
    counter = Counter()
    http = httpx.Client(transport=httpx.MockTransport(counter))
    with package.Client(base_url="https://api.example", http_client=http) as client:
        pass
    assert counter.requests == []
    copy = client.with_options(timeout=5)
    assert isinstance(copy, package.Client)
    assert copy.with_raw_response.close_ is not None
    copy.close_(timeout_="t")
    assert [r.url.path for r in counter.requests] == ["/close"]
    assert counter.requests[0].headers["X-Timeout"] == "t"


def test_with_async_client_sends_nothing(package: ModuleType) -> None:
    counter = Counter()

    async def main() -> None:
        http = httpx.AsyncClient(transport=httpx.MockTransport(counter))
        async with package.AsyncClient(base_url="https://api.example", http_client=http):
            pass
        await http.aclose()

    asyncio.run(main())
    assert counter.requests == []


def test_reserved_schema_and_error_names(package: ModuleType) -> None:
    assert package.models.Client.from_dict({"id": "1"}).id == "1"
    assert package.models.Models(name="x").to_dict() == {"name": "x"}
    assert package.models.Config().to_dict() == {}
    errors = package.errors
    assert errors.ReservedNamesError is errors.ClientError  # the alias is not replaced
    assert errors.ERROR_TYPES["reserved_names"] is errors.ReservedNamesApiError
    assert errors.ERROR_TYPES["client"] is errors.ClientApiError
    assert issubclass(errors.ClientApiError, errors.ApiError)
    assert package.Client.close is not package.Client.close_


def test_members_named_like_from_dict_helpers_and_locals(package: ModuleType) -> None:
    data = {
        "timeout": 1.5,
        "parse_datetime": "2024-05-01T12:00:00Z",
        "bounded": "b",
        "extra_members_": "e",
        "m_bounded": "mb",
        "get": "g",
        "obj": "o",
        "data": "d",
        "free": {"deep": [1, [2]]},
        "unknown": {"kept": True},
    }
    config = package.models.Config.from_dict(data)
    assert config.parse_datetime.year == 2024 and config.bounded == "b" and config.m_bounded == "mb"
    assert (config.get, config.obj, config.data, config.free) == ("g", "o", "d", {"deep": [1, [2]]})
    assert config.extra_members == {"unknown": {"kept": True}}
    assert config.to_dict() == data
    # Members named like what models define (fields_set) or keep (_nulls): other attributes.
    named = {**data, "fields_set": "f", "nulls": None, "_nulls": "n"}
    config = package.models.Config.from_dict(named)
    assert config.fields_set_ == "f" and config.nulls is None and "nulls" in config.fields_set
    assert "fields_set_" in config.fields_set and config.to_dict() == named


def test_method_arguments_reserve_every_global_a_method_body_uses() -> None:
    """An argument named like a global that a method body reads (``dict``, ``models``) would
    shadow it: every lowercase global read in a method of any golden client is reserved."""
    from generator.lower.names import METHOD_ARGUMENTS

    used: set[str] = set()
    golden = FIXTURES / "golden"
    clients = [*golden.glob("*/expected/*/_client.py"), *golden.glob("*/expected/*/_resources/_*.py")]
    for module in sorted(clients):
        for cls in ast.parse(module.read_text(encoding="utf-8")).body:
            for fn in cls.body if isinstance(cls, ast.ClassDef) else ():
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                params = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
                names = [n for n in ast.walk(fn) if isinstance(n, ast.Name)]
                stored = {n.id for n in names if isinstance(n.ctx, ast.Store)}
                used |= {n.id for n in names if isinstance(n.ctx, ast.Load)} - params - stored
    lowercase = {name for name in used if name[:1].islower()}
    assert lowercase, "no method body read"
    assert lowercase <= METHOD_ARGUMENTS, sorted(lowercase - METHOD_ARGUMENTS)


def test_keywords_are_a_fixed_table_not_the_interpreter_s() -> None:
    """The output is a function of the inputs and the generator version: which names get a
    trailing ``_`` does not follow the Python that runs the generator (3.12 made ``type`` a soft
    keyword; a member ``type`` stays ``type``)."""
    import keyword

    from generator.lower.naming import KEYWORDS, SOFT_KEYWORDS, snake_case

    assert set(keyword.kwlist) <= KEYWORDS  # a new hard keyword would be a syntax error: noticed here
    assert SOFT_KEYWORDS == {"_", "case", "match"}  # the names of 3.11, recorded
    recorded = {"type": "type", "match": "match_", "case": "case_", "class": "class_", "print": "print"}
    assert {name: snake_case(name) for name in recorded} == recorded


def test_header_options_named_like_any_client_option_are_renamed_and_the_package_imports(tmp_path: Path) -> None:
    """Every option of the runtime's declaration (``CLIENT_OPTIONS``), taken by an
    ``x-client-option`` of the spec: a located warning, a renamed argument, a package that
    imports and sends the header under its new name."""
    options = [option.name for option in client_options() if "{" not in option.name]  # not a scheme's
    parameters = [
        {"name": f"X-{name}", "in": "header", "schema": {"type": "string"}, "x-client-option": {"name": name}}
        for name in options
    ]
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "Options", "version": "1.0.0"},
        "servers": [{"url": "https://options.example"}],
        "paths": {
            "/ping": {
                "get": {"operationId": "ping", "parameters": parameters, "responses": {"204": {"description": "ok"}}}
            }
        },
    }
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    _, files, warnings = generate(str(path), "options_pkg")
    renamed = {w.message.rsplit("named ", 1)[1] for w in warnings if "an argument of the client" in w.message}
    assert renamed == {f"{name}_" for name in options}
    write_package(files, tmp_path / "out" / "options_pkg")
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        module = importlib.import_module("options_pkg")
        seen: list[httpx.Request] = []
        http = httpx.Client(transport=httpx.MockTransport(lambda r: seen.append(r) or httpx.Response(204)))
        client = module.Client(token="t", http_client=http, total_timeout_="a", strict_responses_="b")
        client.with_options(require_token_="c").ping.ping()  # namespace ``ping``, method ``ping``
        assert (seen[0].headers["x-total_timeout"], seen[0].headers["x-require_token"]) == ("a", "c")
    finally:
        sys.path.remove(str(tmp_path / "out"))
        for name in [m for m in sys.modules if m == "options_pkg" or m.startswith("options_pkg.")]:
            del sys.modules[name]


def test_schemas_named_as_the_packages_own_modules_take_other_module_names(tmp_path: Path) -> None:
    """A schema ``Common`` would have named its module of ``models`` and of ``_validators``
    ``_common``, the module of the helpers the checks share (and ``Responses`` the models module
    of the responses' decoders): they are numbered, and the package's strict answer checks find
    them, under ``mypy --strict`` too."""
    answer = {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}
    schemas = {"Common": answer, "Responses": answer}
    paths = {
        f"/{name.lower()}": {
            "get": {
                "operationId": f"get{name}",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
                    }
                },
            }
        }
        for name in schemas
    }
    paths["/ping"] = {
        "get": {
            "operationId": "ping",
            "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}
            },
        }
    }
    spec = {"openapi": "3.1.0", "info": {"title": "Clash", "version": "1"}, "paths": paths}
    spec["components"] = {"schemas": schemas}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    _, files, _ = generate(str(path), "clash_pkg")
    assert {"_validators/_common.py", "_validators/_common_2.py", "models/_responses_2.py"} <= set(files)
    write_package(files, tmp_path / "out" / "clash_pkg")
    done = mypy_run.run(["clash_pkg"], cwd=tmp_path / "out", path=[tmp_path / "out"])
    assert done.returncode == 0, done.stdout
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        module = importlib.import_module("clash_pkg")
        http = httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200, json={"a": 1})))
        client = module.Client(token="t", base_url="https://x.example", http_client=http, strict_responses=True)
        with pytest.raises(module.errors.ResponseValidationError, match="a: expected string"):
            client.common.get()
    finally:
        sys.path.remove(str(tmp_path / "out"))
        for name in [m for m in sys.modules if m == "clash_pkg" or m.startswith("clash_pkg.")]:
            del sys.modules[name]
