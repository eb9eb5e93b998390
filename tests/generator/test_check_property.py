"""Issue 34: no generated request check is impossible to pass. Over schemas hypothesis draws
(types, enums of any values, bounds, lengths, sizes, patterns and formats, contradicting each
other or not), every check the generator builds for a parameter or a body member accepts at
least one value; and every candidate value the schema allows (as loaded: after the keywords that
contradict it are dropped; jsonschema decides) is accepted by the check.

One document per example holds a dozen drawn schemas (as query parameters and as members of the
JSON body): it is loaded and lowered once, and each check is the emitter's own statements
(:mod:`generator.emit.writer_checks`) run on candidate values.

Not searched (known limits of the check builder, which does not solve regular expressions): a
``pattern`` whose every match is shorter than ``minLength`` (a bounded, anchored pattern), or that
no string of a ``format`` matches (``pattern: a`` on a date-time); the patterns drawn here match
strings of any length from the shortest one they need, and are never drawn beside a ``format``.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.emit.writer_checks import _Check
from generator.ir import Api, ValueCheck
from generator.load.keyword_types import keyword_type_problems
from generator.load.reader import load_document
from generator.lower.api import build_api
from generator.runtime._serde import _parse_datetime

SCHEMAS_PER_DOCUMENT = 12
TYPES = ("string", "integer", "number", "boolean", "array", "object")
PATTERNS = ("^a*$", "a", "^b", "^[ab]+$", "b+")
SCALARS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([0.5, 2.5, -1.5, 10.0]),
    st.sampled_from(["", "a", "bb", "ab", "BASIC", "2020-01-01T00:00:00Z"]),
    st.booleans(),
    st.sampled_from([[], ["a"], [1, 2], {}]),
)
SMALL = st.integers(0, 5)
NUMBER = st.one_of(st.integers(-5, 12), st.sampled_from([0.5, 2.5, 3.0, -1.5]))


@st.composite
def schemas(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    kind = draw(st.sampled_from(TYPES if depth == 0 else TYPES[:4]))
    schema: dict[str, Any] = {"type": kind}
    optional: dict[str, st.SearchStrategy[Any]] = {
        "enum": st.lists(SCALARS, min_size=1, max_size=3, unique_by=json.dumps),
        "minimum": NUMBER,
        "maximum": NUMBER,
        "exclusiveMinimum": NUMBER,
        "exclusiveMaximum": NUMBER,
        "minLength": SMALL,
        "maxLength": SMALL,
        "minItems": SMALL,
        "maxItems": SMALL,
        "minProperties": SMALL,
        "maxProperties": SMALL,
        "pattern": st.sampled_from(PATTERNS),
        "format": st.sampled_from(["date-time", "int32", "byte"]),
    }
    for keyword in draw(st.lists(st.sampled_from(sorted(optional)), max_size=4, unique=True)):
        if not {keyword, *schema} >= {"format", "pattern"}:
            schema[keyword] = draw(optional[keyword])
    if kind == "array":
        schema["items"] = draw(schemas(depth + 1))
    return schema


def _strings() -> list[Any]:
    return ["2020-01-01T00:00:00Z"] + [s for n in range(7) for s in {"a" * n, "b" * n, ("b" + "a" * n)[: max(n, 1)]}]


def candidates(schema: dict[str, Any], loaded: dict[str, Any]) -> list[Any]:
    """Values of every JSON type, sized and bounded around the keywords a schema may have (as
    drawn: its enum's values; arrays of items its loaded ``items`` schema allows)."""
    enum = schema.get("enum") if isinstance(schema.get("enum"), list) else []
    numbers = [x / 2 for x in range(-31, 31, 2)] + list(range(-15, 16))
    items: list[Any] = [1, "a"]
    if isinstance(schema.get("items"), dict) and isinstance(loaded.get("items"), dict):
        valid = _validator(loaded["items"])
        items = [v for v in candidates(schema["items"], loaded["items"]) if valid.is_valid(v)][:12] or items
    arrays = [[item] * n for item in items for n in range(6)]
    objects = [{f"k{i}": 1 for i in range(n)} for n in range(6)]
    return [*enum, None, True, False, *numbers, *_strings(), *arrays, *objects]


def _validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def _integral_float(value: Any) -> bool:
    if isinstance(value, list):
        return any(_integral_float(v) for v in value)
    return type(value) is float and value.is_integer()


class _Refused(Exception):
    pass


class _Writer:
    def __init__(self) -> None:
        self.uses: set[str] = set()


def _is_datetime(value: str) -> bool:
    try:
        _parse_datetime(value)
    except ValueError:
        return False
    return True


def compiled(check: ValueCheck, api: Api) -> Any:
    """The emitter's statements of ``check``, as a function returning whether ``v`` passes."""
    body = _Check(_Writer()).value(check, "v", '"x"')
    source = "def accepts(v):\n" + textwrap.indent("\n".join(body + ["return True"]), "    ")
    scope: dict[str, Any] = {"_is_datetime": _is_datetime, "RequestValidationError": _Refused}
    scope.update({const: re.compile(regex) for const, regex in api.patterns})
    exec(source, scope)  # the generator's own output, for a test
    accepts = scope["accepts"]

    def run(value: Any) -> bool:
        try:
            return bool(accepts(value))
        except _Refused:
            return False

    return run


def lowered(tmp_path: Path, drawn: list[dict[str, Any]]) -> tuple[Api, dict[str, Any]]:
    names = [f"p{i}" for i in range(len(drawn))]
    operation = {
        "operationId": "probe",
        "parameters": [{"name": n, "in": "query", "schema": s} for n, s in zip(names, drawn, strict=True)],
        "requestBody": {
            "content": {
                "application/json": {"schema": {"type": "object", "properties": dict(zip(names, drawn, strict=True))}}
            }
        },
        "responses": {"204": {"description": "done"}},
    }
    spec = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/probe": {"post": operation}}}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    doc = load_document(str(path), validate=False)  # the validator is slow; the generator's own checks run:
    assert not keyword_type_problems(doc)
    loaded = doc.root.value["paths"]["/probe"]["post"]  # as loaded: contradicting keywords dropped
    return build_api(doc, "pkg"), loaded


@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,  # the same examples on every run: CI never flakes
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(drawn=st.lists(schemas(), min_size=SCHEMAS_PER_DOCUMENT, max_size=SCHEMAS_PER_DOCUMENT))
def test_every_request_check_accepts_a_value_the_schema_allows(tmp_path: Path, drawn: list[dict[str, Any]]) -> None:
    api, loaded = lowered(tmp_path, drawn)
    (op,) = api.operations
    assert op.validator is not None
    checks = {wire: check for _, wire, _, _, check in op.validator.params}
    (body,) = [v for v in api.validators if v.members]
    member_checks = {m.wire: m.check for m in body.members}
    loaded_schemas = {p["name"]: p["schema"] for p in loaded["parameters"]}
    for wire, schema in loaded_schemas.items():
        values = candidates(drawn[int(wire[1:])], schema)
        validator = _validator(schema)
        # (an integer is a Python int to the client: 2.0, an integer to JSON Schema, is refused by design)
        allowed = [v for v in values if validator.is_valid(v) and not _integral_float(v)]
        for where, check in (("parameter", checks.get(wire)), ("body member", member_checks.get(wire))):
            if check is None:
                continue
            accepts = compiled(check, api)
            passing = [v for v in values if accepts(v)]
            assert passing, f"the check of {where} {wire} refuses every value: {schema}"
            refused = [v for v in allowed if not accepts(v)]
            assert not refused, f"the check of {where} {wire} refuses {refused[0]!r}, which {schema} allows"
