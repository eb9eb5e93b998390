"""Property: whatever the names of members, parameters and operations, generation succeeds, the
package imports and passes ``mypy --strict``, and every wire name still reaches the wire.

Names are drawn from what breaks namers: keywords and soft keywords, builtins, dunders, names
that differ only in case or punctuation, names equal after NFKC, ``+1``/``-1``, the names the
generated code uses itself (``self``, ``timeout``, ``from_dict``...). Hypothesis draws a few
documents (``NAMES_EXAMPLES``, default 10, derandomized so CI is repeatable); each is generated
and imported here, and one ``mypy --strict`` run checks all of them at the end.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.pipeline import generate
from generator.write.files import write_package

HOSTILE = [
    *("class", "def", "return", "None", "True", "import", "lambda", "from", "not"),
    *("match", "case", "type", "_"),
    *("id", "list", "dict", "str", "object", "print", "property", "bool", "datetime", "bytes"),
    *("__init__", "__dict__", "__class__", "__slots__", "__repr__", "__eq__", "__hash__", "__module__"),
    *("userId", "user_id", "UserID", "user-id", "user.id", "USER_ID", "_user_id", "user__id"),
    *("+1", "-1", "%", "*", "@type", "$id", "", "1st", "2nd"),
    *("self", "timeout", "max_retries", "extra_headers", "extra_body", "models", "httpx", "cast"),
    *("from_dict", "to_dict", "extra_members", "fields_set", "field", "_field", "dataclass", "UNSET", "Unset"),
    *("pay", "\uff50\uff41\uff59", "caf\u00e9", "cafe", "\u2168", "ix"),  # fullwidth "pay", roman numeral nine
]
# Header and path parameter names stay within what HTTP and URI templates allow.
TOKEN = [n for n in HOSTILE if n and n.isascii() and all(c.isalnum() or c in "-_.+*%$" for c in n)]
OPERATION_IDS = ["close", "with_options", "__init__", "list", "get-thing", "getThing", "get_thing", "class", "Client"]

EXAMPLES = int(os.environ.get("NAMES_EXAMPLES", "10"))
GENERATED: list[str] = []


def _spec(members: list[str], response: list[str], path: str, query: list[str], header: str, op_ids: list[str]) -> Any:
    def obj(names: list[str]) -> dict[str, Any]:
        kinds = ({"type": "string"}, {"type": "integer"}, {"type": "array", "items": {"type": "string"}})
        return {"type": "object", "properties": {n: kinds[i % 3] for i, n in enumerate(names)}}

    params = [{"name": path, "in": "path", "required": True, "schema": {"type": "string"}}]
    params += [{"name": q, "in": "query", "schema": {"type": "string"}} for q in query]
    params.append({"name": header, "in": "header", "schema": {"type": "string"}})
    ok = {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}
    paths: dict[str, Any] = {
        f"/things/{{{path}}}": {
            "post": {
                "operationId": op_ids[0],
                "parameters": params,
                "requestBody": {"content": {"application/json": {"schema": obj(members)}}},
                "responses": {"200": ok},
            }
        }
    }
    for index, op_id in enumerate(op_ids[1:]):
        paths[f"/other/{index}"] = {"get": {"operationId": op_id, "responses": {"200": ok}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Names", "version": "1.0.0"},
        "paths": paths,
        "components": {"schemas": {"Thing": obj(response)}},
    }


names = st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=12, unique=True)


@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    members=names,
    response=names,
    path=st.sampled_from(TOKEN),
    query=st.lists(st.sampled_from(HOSTILE), max_size=4, unique=True),
    header=st.sampled_from(TOKEN),
    op_ids=st.lists(st.sampled_from(OPERATION_IDS), min_size=1, max_size=4),
)
def test_any_names_generate_and_import(
    tmp_path_factory: pytest.TempPathFactory,
    members: list[str],
    response: list[str],
    path: str,
    query: list[str],
    header: str,
    op_ids: list[str],
) -> None:
    import json

    out = _out(tmp_path_factory)
    package = f"names_{len(GENERATED)}"
    spec = out / f"{package}.json"
    spec.write_text(json.dumps(_spec(members, response, path, query, header, op_ids)), encoding="utf-8")
    api, files, _ = generate(str(spec), package)
    assert len(api.operations) == len(op_ids)
    write_package(files, out / package)
    GENERATED.append(package)
    module = importlib.import_module(f"{package}.models")
    thing = module.Thing
    values: tuple[Any, ...] = ("x", 1, ["x"])  # as the member types of _spec.obj
    wire = {n: values[i % 3] for i, n in enumerate(response)}
    assert thing.from_dict(wire).to_dict() == wire  # every member keeps its own value
    method = next(op for op in api.operations if op.http_method == "POST")
    sent = {a.wire for a in method.body.args} if method.body else set()
    assert sent == set(members)  # every body member is an argument, under whatever name
    arguments = [a.name for a in (method.body.args if method.body else ())] + [p.name for p in method.params]
    assert len(arguments) == len(set(arguments))


_OUT: list[Path] = []


def _out(factory: pytest.TempPathFactory) -> Path:
    if not _OUT:
        _OUT.append(factory.mktemp("names_property"))
        sys.path.insert(0, str(_OUT[0]))
    return _OUT[0]


def test_generated_packages_pass_mypy_strict() -> None:
    assert GENERATED, "run with test_any_names_generate_and_import"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10", "--no-incremental"]
        + [arg for p in GENERATED for arg in ("-p", p)],
        cwd=_OUT[0],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-4000:]
