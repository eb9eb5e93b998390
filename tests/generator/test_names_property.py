"""Property: whatever the names of members, parameters and operations, generation succeeds, the
package imports and passes ``mypy --strict``, and every wire name still reaches the wire.

Names are drawn from what breaks namers: keywords and soft keywords, builtins, dunders, names
that differ only in case or punctuation, names equal after NFKC, ``+1``/``-1``, the names the
generated code uses itself (``self``, ``timeout``, ``from_dict``...). Hypothesis draws a few
documents (``NAMES_EXAMPLES``, default 10, derandomized so CI is repeatable); each is generated
and imported here, and one ``mypy --strict`` run checks all of them at the end of the same test.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.pipeline import generate
from generator.write.files import write_package

from .. import mypy_run

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


def _generate_and_import(out: Path, generated: list[str]) -> None:
    """Hypothesis draws the documents: each is generated into ``out``, imported and checked; its
    package name is added to ``generated``."""

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        members=names,
        response=names,
        path=st.sampled_from(TOKEN),
        query=st.lists(st.sampled_from(HOSTILE), max_size=4, unique=True),
        header=st.sampled_from(TOKEN),
        op_ids=st.lists(st.sampled_from(OPERATION_IDS), min_size=1, max_size=4),
    )
    def one(
        members: list[str], response: list[str], path: str, query: list[str], header: str, op_ids: list[str]
    ) -> None:
        import json

        package = f"names_{len(generated)}"
        spec = out / f"{package}.json"
        spec.write_text(json.dumps(_spec(members, response, path, query, header, op_ids)), encoding="utf-8")
        api, files, _ = generate(str(spec), package)
        assert len(api.operations) == len(op_ids)
        write_package(files, out / package)
        generated.append(package)
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

    sys.path.insert(0, str(out))
    try:
        one()
    finally:
        sys.path.remove(str(out))
        for module in [m for m in sys.modules if m.split(".")[0] in generated]:
            del sys.modules[module]


def test_any_names_generate_import_and_pass_mypy_strict(tmp_path: Path) -> None:
    """One test: the documents drawn, then one ``mypy --strict`` run over all their packages (a
    second test reading them would depend on this one having run first)."""
    generated: list[str] = []
    _generate_and_import(tmp_path, generated)
    assert generated
    result = mypy_run.run(mypy_run.packages(generated), cwd=tmp_path, path=[tmp_path], timeout=900)
    assert result.returncode == 0, result.stdout[-4000:]
