"""Mutation fuzz of the generator over the bot platform spec (bounded, derandomized).

Each example (25; 100 with HYPOTHESIS_PROFILE=thorough) applies 1 to 3 mutations to
spec/openapi.yaml: delete a node, change a node's type (string, integer, list, mapping, null) or
rename a mapping key, then runs the generator in process. It must answer exit 0 (the output folder written) or exit 2 with one located
``FILE#/pointer: message`` line per problem, and never raise.

OpenAPI 3.1 validation barely looks inside schemas, and one validation error can hide another,
so the generator also meets malformed schemas: a fixed table of them (the shapes the fuzz found
crashes with) is generated with validation (keywords of the wrong type are located errors of the
loader's own checks) and without it, and the output passes mypy --strict.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.emit.format import format_files
from generator.emit.render import render
from generator.load.reader import load_document
from generator.lower.api import build_api
from generator.problems import SpecError
from generator.write.files import write_package

from .. import mypy_run
from ..conftest import SPEC
from ..examples import examples

LOCATED = re.compile(r"^\S+#(/\S*)?: .+$")
SUMMARY = re.compile(r"^\S+#: \d+ operations?, \d+ models?; \d+ left out, \d+ degraded, \d+ resolved by the generator")
SPEC_DOC: dict[str, Any] = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
PACKAGE = "fuzzed_client"

# Keys a rename may produce: OpenAPI keywords (so that a mutation lands on meaningful
# constructs), and plain or odd names.
KEYS = (
    "$ref",
    "type",
    "properties",
    "items",
    "allOf",
    "oneOf",
    "anyOf",
    "enum",
    "const",
    "required",
    "additionalProperties",
    "nullable",
    "discriminator",
    "schema",
    "content",
    "parameters",
    "in",
    "name",
    "responses",
    "default",
    "requestBody",
    "operationId",
    "paths",
    "components",
    "schemas",
    "get",
    "post",
    "x-client-option",
    "x-extensible-enum",
    "format",
    "style",
    "explode",
    "200",
    "application/json",
    "multipart/form-data",
    "renamed",
    "__init__",
    "class",
    "{id}",
    "/v1/x",
)
VALUES: tuple[Any, ...] = (
    "text",
    "",
    "#/components/schemas/Missing",
    "#/components/schemas",
    "object",
    "array",
    "null",
    0,
    1,
    -7,
    True,
    None,
    [],
    {},
    ["a", 1],
    {"type": "string"},
    {"$ref": "#/paths"},
    [{}],
    3.5,
)


def _locations(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every node below the root, as a path of keys and indexes."""
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield here + (key,)
        yield from _locations(child, here + (key,))


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _retyped(value: Any, choice: int) -> Any:
    """Another value for a node: of a different JSON type than the original when possible."""
    options: list[Any] = [v for v in VALUES if type(v) is not type(value)]
    if isinstance(value, dict):
        options.append(list(value.values()))
    elif isinstance(value, list):
        options.append({str(i): v for i, v in enumerate(value)})
    elif isinstance(value, str):
        options += [len(value), [value], {value: value}]
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        options.append(str(value))
    return options[choice % len(options)]


@st.composite
def mutated_specs(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    doc: dict[str, Any] = json.loads(json.dumps(SPEC_DOC))
    steps: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        locations = list(_locations(doc))
        if not locations:
            break
        path = locations[draw(st.integers(0, len(locations) - 1))]
        parent = _parent(doc, path)
        key = path[-1]
        kind = draw(
            st.sampled_from(("delete", "retype", "rename") if isinstance(parent, dict) else ("delete", "retype"))
        )
        if kind == "delete":
            del parent[key]
        elif kind == "retype":
            parent[key] = _retyped(parent[key], draw(st.integers(0, 40)))
        else:
            new_key = draw(st.sampled_from(KEYS))
            parent[new_key] = parent.pop(key)
            kind += f" to {new_key!r}"
        steps.append(f"{kind} {'/'.join(map(str, path))}")
    return doc, steps


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("fuzz")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CODEGEN_CACHE_DIR", str(folder / "cache"))  # warm across examples, and hermetic
        yield folder


def _generate(spec: Path, out: Path) -> tuple[int, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["generate", "--spec", str(spec), "--out", str(out), "--package", PACKAGE])
    return code, stderr.getvalue()


def test_unmutated_spec_generates(workspace: Path) -> None:
    spec = workspace / "openapi.json"
    spec.write_text(json.dumps(SPEC_DOC), encoding="utf-8")
    code, stderr = _generate(spec, workspace / "plain")
    assert code == 0, stderr
    assert (workspace / "plain" / PACKAGE / "models" / "__init__.py").is_file()


@settings(
    max_examples=examples(25),  # 100 with HYPOTHESIS_PROFILE=thorough
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(mutated=mutated_specs())
def test_mutations_exit_0_or_2_with_located_messages(
    workspace: Path, mutated: tuple[dict[str, Any], list[str]]
) -> None:
    doc, steps = mutated
    spec = workspace / "openapi.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    out = workspace / "out"
    code, stderr = _generate(spec, out)
    assert code in (0, 2), (steps, code, stderr)
    lines = [line for line in stderr.splitlines() if not SUMMARY.match(line)]
    assert all(LOCATED.match(line) for line in lines), (steps, stderr)
    assert "generated code does not parse" not in stderr, (steps, stderr)  # a generator bug, not bad input
    if code == 2:
        assert lines, steps
        assert any(": warning: " not in line for line in lines), (steps, stderr)
    else:
        assert (out / PACKAGE / "models" / "__init__.py").is_file()


# Malformed or odd schemas; each is used as a request body, a body member, a query parameter
# and a response of its own operation.
JUNK_SCHEMAS: tuple[dict[str, Any], ...] = (
    {"type": "array", "items": "x"},
    {"type": "array", "items": [1]},
    {"type": "object", "properties": []},
    {"type": "object", "properties": {"a": {}}, "required": "a"},
    {"enum": "x"},
    {"enum": [[1], {}]},
    {"enum": [None]},
    {"enum": []},
    {"const": {}},
    {"type": "string", "enum": [1, "a"]},
    {"type": "object", "additionalProperties": "x"},
    {"allOf": "x"},
    {"allOf": []},
    {"oneOf": [1, "x"]},
    {"oneOf": "x"},
    {"anyOf": [{"type": "null"}]},
    {"anyOf": [{}, {}]},
    {"oneOf": [{"$ref": "#/components/schemas/A"}, {"type": "string"}], "discriminator": "x"},
    {
        "oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}],
        "discriminator": {"propertyName": 1, "mapping": []},
    },
    {
        "oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}],
        "discriminator": {
            "propertyName": "k",
            "mapping": {"a": 1, "b": "#/nowhere", "c": "A", "d": "#/components/schemas"},
        },
    },
    {"type": "string", "format": 1, "nullable": "yes", "pattern": 1, "minLength": "x", "maxLength": 1.5},
    {"type": "integer", "maximum": "x", "exclusiveMinimum": "y"},
    {"type": "number", "maximum": float("inf"), "minimum": float("-inf"), "enum": [1.5, float("inf")]},
    {"const": float("nan")},
    {"type": "string", "x-extensible-enum": "x"},
    {"type": "string", "x-extensible-enum": [1, None, "a"]},
    {"title": 1, "description": 2, "type": "object", "properties": {"a": {"type": "string"}}},
    {"type": "object", "minProperties": "x", "maxProperties": -1, "anyOf": [{"required": ["a"]}, {"required": "b"}]},
    {"type": "object", "properties": {"a": {"type": "string", "readOnly": "x", "deprecated": []}}},
    {"$ref": "#/components/schemas/A", "type": "string"},
    {"type": ["object", "array"], "properties": {"a": {}}, "items": {}},
    {
        "type": "object",
        "properties": {"a": {"type": "object", "properties": {"b": {"type": "string", "format": "binary"}}}},
    },
)
# Mostly rejected by validation; without it, the generator must still not raise.
INVALID_SCHEMAS: tuple[dict[str, Any], ...] = (
    {"type": [1, 2]},
    {"type": "text"},
    {"type": ["string", "bogus"]},
    {"type": "object", "properties": {"a": "x"}},
    {"allOf": [True, "x", 1]},
    {"type": "object", "properties": {"a": {"allOf": ["index", "name"]}}},
)


def _junk_spec(schemas: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    components: dict[str, Any] = {
        "A": {"type": "object", "properties": {"k": {"type": "string"}, "a": {"type": "string"}}},
        "B": {"type": "object", "properties": {"k": {"type": "string"}}},
    }
    paths: dict[str, Any] = {}
    for index, schema in enumerate(schemas):
        components[f"J{index}"] = schema
        ref = {"$ref": f"#/components/schemas/J{index}"}
        member = {"type": "object", "required": ["j"], "properties": {"j": ref}}
        paths[f"/junk/{index}"] = {
            "post": {
                "operationId": f"post{index}",
                "requestBody": {"content": {"application/json": {"schema": ref}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ref}}}},
            },
            "put": {
                "operationId": f"put{index}",
                "parameters": [{"name": "q", "in": "query", "schema": ref}],
                "requestBody": {"content": {"application/json": {"schema": member}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": member}}}},
            },
        }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Junk", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }


def test_malformed_schemas_generate_typed_code(workspace: Path) -> None:
    # YAML, whose core schema has infinite and NaN numbers (.inf, .nan); in a JSON spec they are a
    # located error, JSON having none (tests/generator/test_hostile_specs.py)
    spec = workspace / "junk.yaml"
    spec.write_text(yaml.safe_dump(_junk_spec(JUNK_SCHEMAS), sort_keys=False), encoding="utf-8")
    code, stderr = _generate(spec, workspace / "junk")
    assert all(LOCATED.match(line) or SUMMARY.match(line) for line in stderr.splitlines()), stderr
    # Keywords of the wrong type (``minLength: 'x'``) are dropped by the loader's own checks, each
    # with a located warning (the validator may fail on them: only a note); the rest is read leniently.
    assert code == 0, stderr
    assert any(
        " must be " in line and line.endswith("; ignored [keyword-dropped]") for line in stderr.splitlines()
    ), stderr
    *lines, last = stderr.splitlines()
    assert all(": warning: " in line or ": note: " in line for line in lines), stderr
    assert " left out, " in last and " degraded, " in last, stderr  # the summary line
    # The build step itself still makes typed code of every one of them.
    write_package(
        format_files(render(build_api(load_document(spec, validate=False), PACKAGE)), PACKAGE),
        workspace / "junk" / PACKAGE,
    )
    result = mypy_run.run(["-p", PACKAGE], cwd=workspace / "junk", path=[workspace / "junk"])
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("schema", INVALID_SCHEMAS, ids=[json.dumps(s) for s in INVALID_SCHEMAS])
def test_invalid_schemas_without_validation_do_not_raise(workspace: Path, schema: dict[str, Any]) -> None:
    spec = workspace / "invalid.json"
    spec.write_text(json.dumps(_junk_spec((schema,))), encoding="utf-8")
    assert _generate(spec, workspace / "invalid")[0] in (0, 2)
    try:
        api = build_api(load_document(spec, validate=False), PACKAGE)
        format_files(render(api), PACKAGE)
    except SpecError as exc:
        assert all(LOCATED.match(str(problem)) for problem in exc.problems), exc
