"""Which module of ``models`` holds each schema (generator.lower.models_modules, issue 35): a schema
only one other schema refers to is part of that schema's module, like one written inline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.lower import models_modules
from tests.generator.test_lazy_table_chunks import generate_package


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _doc(schemas: dict[str, Any]) -> dict[str, Any]:
    answer = {"content": {"application/json": {"schema": _ref("Order")}}, "description": "ok"}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Shop", "version": "1"},
        "paths": {"/orders/{id}": {"get": {"operationId": "getOrder", "responses": {"200": answer}}}},
        "components": {"schemas": schemas},
    }


SCHEMAS: dict[str, Any] = {
    "Order": {
        "type": "object",
        "required": ["id"],
        "properties": {"id": {"type": "string"}, "lines": {"type": "array", "items": _ref("Line")}},
    },
    "Line": {"type": "object", "properties": {"sku": {"type": "string"}, "price": _ref("Price")}},
    "Price": {"type": "object", "required": ["amount"], "properties": {"amount": {"type": "integer", "minimum": 0}}},
    # each other's only referrer, and no other schema's: neither is a part of the other
    "Ping": {"type": "object", "properties": {"pong": _ref("Pong")}},
    "Pong": {"type": "object", "properties": {"ping": _ref("Ping")}},
}


def _holders(files: dict[str, str]) -> dict[str, str]:
    """Class name -> the module of ``models`` defining it."""
    out: dict[str, str] = {}
    for path, text in files.items():
        if path.startswith("models/_") and path.endswith(".py"):
            for line in text.splitlines():
                if line.startswith("class "):
                    out[line.split()[1].split("(")[0]] = path
    return out


def test_a_schema_one_schema_refers_to_is_part_of_its_module_checks_and_all(tmp_path: Path) -> None:
    files = generate_package(tmp_path, "one", _doc(SCHEMAS))
    held = _holders(files)
    # Line only in Order, Price only in Line: both end in Order's module
    assert held["Order"] == held["Line"] == held["Price"] == "models/_order.py"
    assert "models/_line.py" not in files and "models/_price.py" not in files
    checks = files["_validators/_order.py"]  # the answer's checks, in the same grouping
    assert "\n_rcheck_price = " in checks and "\n_rcheck_line = " in checks and "_validators/_price.py" not in files
    assert held["Ping"] == "models/_ping.py" and held["Pong"] == "models/_pong.py"  # a cycle stays apart
    code = (
        "import json\nfrom synth.models import Price, Order\n"
        "o = Order.from_dict({'id': 'o1', 'lines': [{'sku': 's', 'price': {'amount': 3}}]})\n"
        "print(json.dumps([type(o.lines[0].price).__name__, Price(amount=2).to_dict()]))"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code], cwd=tmp_path / "one", capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == ["Price", {"amount": 2}]


def test_a_second_referrer_gives_the_schema_its_own_module_and_moves_nothing_else(tmp_path: Path) -> None:
    before = generate_package(tmp_path, "before", _doc(SCHEMAS))
    schemas = {**SCHEMAS, "Refund": {"type": "object", "properties": {"price": _ref("Price")}}}
    after = generate_package(tmp_path, "after", _doc(schemas))
    held = _holders(after)
    assert held["Price"] == "models/_price.py" and held["Line"] == held["Order"] == "models/_order.py"
    changed = {n for n in after if before.get(n) != after[n] and n.startswith("models/_") and "__init__" not in n}
    assert changed == {"models/_order.py", "models/_price.py", "models/_refund.py"}


def test_a_part_that_would_make_its_module_too_long_keeps_its_own(tmp_path: Path) -> None:
    wide = {f"m{n}": {"type": "string", "description": "A member."} for n in range(60)}
    schemas = {**SCHEMAS, "Line": {"type": "object", "properties": {**wide, "price": _ref("Price")}}}
    files = generate_package(tmp_path, "wide", _doc(schemas))
    held = _holders(files)
    # Line is too long to join Order's module, and too long to take Price in: three modules
    assert (held["Order"], held["Line"], held["Price"]) == ("models/_order.py", "models/_line.py", "models/_price.py")
    assert len(files["models/_line.py"].splitlines()) > models_modules.MAX_LINES  # its own size, alone


def test_a_module_is_named_after_its_own_schema_never_after_a_part(tmp_path: Path) -> None:
    """An operation's inline body takes in the component only it refers to (``Address``): the
    module keeps the body's name, though ``Address`` sorts first."""
    doc = _doc(SCHEMAS)
    body = {
        "type": "object",
        "required": ["name"],
        "properties": {"name": {"type": "string"}, "address": _ref("Address")},
    }
    doc["paths"]["/people"] = {
        "post": {
            "operationId": "createPerson",
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": {"204": {"description": "done"}},
        }
    }
    doc["components"]["schemas"]["Address"] = {"type": "object", "properties": {"city": {"type": "string"}}}
    held = _holders(generate_package(tmp_path, "inline", doc))
    assert held["Address"] == held["CreatePersonBody"] == "models/_create_person_body.py"


def _listing(n: int, prefix: str) -> dict[str, Any]:
    """``n`` operations under ``/<prefix>/...``, each answering a list of strings (no model: a
    decoder of ``models`` each)."""
    answer = {"content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}
    return {
        f"/{prefix}/list{k}": {
            "get": {"operationId": f"{prefix}List{k}", "responses": {"200": answer | {"description": "ok"}}}
        }
        for k in range(n)
    }


def test_the_answers_decoders_take_a_module_a_namespace_when_they_are_many(tmp_path: Path) -> None:
    few = models_modules.MAX_DECODERS // 2
    doc = _doc(SCHEMAS)
    doc["paths"] |= _listing(few, "alpha") | _listing(few, "beta")
    files = generate_package(tmp_path, "few", doc)
    assert [n for n in files if n.startswith("models/_responses")] == ["models/_responses.py"]
    doc["paths"] |= _listing(3, "gamma")  # one module would now hold too many: one a namespace
    files = generate_package(tmp_path, "many", doc)
    held = sorted(n for n in files if n.startswith("models/_responses"))
    assert held == ["models/_responses_alpha.py", "models/_responses_beta.py", "models/_responses_gamma.py"]
    assert files["models/_responses_gamma.py"].count("\ndef _response_") == 3
    assert files["models/_responses_gamma.py"].splitlines()[1].startswith('"""The decoders of the answers')
    code = (
        "from synth import models\n" "print(models._response_gamma_list2(['a']), models._response_alpha_list0(['b']))"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code], cwd=tmp_path / "many", capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["['a']", "['b']"]
