"""Property tests (hypothesis + hypothesis-jsonschema) over the spec's own schemas.

- every response schema: a valid payload, also with unknown members and unseen open-enum
  values, survives ``to_dict(from_dict(p)) == p``;
- every request body: a valid body passes the generated validation and is sent unchanged.
Example counts are bounded so the whole module runs in well under a minute (``make test``); 4x
with ``HYPOTHESIS_PROFILE=thorough`` (tests/examples.py).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import httpx
import pytest
import yaml
from botpress_client import ApiError, Client, _validators, models
from botpress_client._exceptions import _Mismatch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from generator.lower.naming import snake_case

from ..conftest import SPEC
from ..examples import examples

SPEC_DOC: dict[str, Any] = yaml.safe_load(SPEC.read_text())
SCHEMAS: dict[str, Any] = SPEC_DOC["components"]["schemas"]
SETTINGS = settings(
    max_examples=examples(10),
    deadline=None,
    derandomize=True,  # the same examples on every run: CI never flakes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def inline(node: Any) -> Any:
    """The schema with every ``#/components/schemas`` reference replaced by its target."""
    if isinstance(node, dict):
        if "$ref" in node:
            target = inline(SCHEMAS[node["$ref"].rsplit("/", 1)[1]])
            return {**target, **{k: inline(v) for k, v in node.items() if k not in ("$ref", "description")}}
        return {k: inline(v) for k, v in node.items() if not k.startswith("x-") or k == "x-zui"}
    if isinstance(node, list):
        return [inline(v) for v in node]
    return node


def operations() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path, item in SPEC_DOC["paths"].items():
        for method, op in item.items():
            out.append((path, {**op, "method": method}))
    return out


RESPONSES = sorted(
    {
        op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        for _, op in operations()
    }
)
BODIES = {
    op["operationId"]: op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    for _, op in operations()
    if "requestBody" in op
}


def with_extras(payload: Any) -> st.SearchStrategy[Any]:
    """The payload, possibly with members no schema declares, at the top level."""
    extra = st.dictionaries(
        st.text(min_size=1).map(lambda k: "zz_" + k), st.one_of(st.none(), st.integers(), st.text()), max_size=2
    )
    return extra.map(lambda e: {**payload, **e} if isinstance(payload, dict) else payload)


def test_every_response_and_body_schema_is_covered() -> None:
    assert len(RESPONSES) == 15
    assert len(BODIES) == 5


@pytest.mark.parametrize("name", RESPONSES)
def test_response_round_trip(name: str) -> None:
    model = getattr(models, name)
    strategy = from_schema(inline(SCHEMAS[name])).flatmap(with_extras)

    @SETTINGS
    @given(strategy)
    def check(payload: Any) -> None:
        original = copy.deepcopy(payload)
        decoded = model.from_dict(json.loads(json.dumps(payload)))
        assert decoded.to_dict() == original

    check()


def optional_paths(payload: Any, schema: Any, at: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], bool]]:
    """(path, whether its schema admits null) of each optional member of ``payload`` at any depth
    (nested objects, lists, maps), read from its inlined ``schema``."""
    out: list[tuple[tuple[Any, ...], bool]] = []
    if not isinstance(schema, dict):
        return out
    if isinstance(payload, dict):
        declared = schema.get("properties", {})
        for key, value in payload.items():
            sub = declared.get(key, schema.get("additionalProperties") if key not in declared else None)
            if key in declared and key not in schema.get("required", ()):
                out.append(((*at, key), admits_null(declared[key])))
            out += optional_paths(value, sub, (*at, key))
    elif isinstance(payload, list):
        for i, value in enumerate(payload):
            out += optional_paths(value, schema.get("items"), (*at, i))
    return out


def admits_null(schema: Any) -> bool:
    types = schema.get("type") if isinstance(schema, dict) else None
    return bool(schema.get("nullable")) or types == "null" or (isinstance(types, list) and "null" in types)


NULLS_CASES = ["GetOrCreateTableResponse", "GetBotIssueResponse", "ListFilePassagesResponse", "GetMessageResponse"]
"""The answers with the most optional members, nested models, lists and maps (generating
payloads of every schema takes minutes; test_response_round_trip covers them without nulls)."""


def _dotted(path: tuple[Any, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f"{'.' if i else ''}{p}" for i, p in enumerate(path))


@pytest.mark.parametrize("name", NULLS_CASES)
def test_random_nulls_round_trip_and_strict_names_one(name: str) -> None:
    """Issue 34 item 4: a ``null`` on any optional member, at any depth, nullable or not, is kept
    (``to_dict()`` gives back exactly the answer); the strict check refuses the answer naming
    one of the members it does not allow null at."""
    model = getattr(models, name)
    check = getattr(_validators, f"_rcheck_{snake_case(name)}")
    schema = inline(SCHEMAS[name])

    def with_nulls(payload: Any) -> st.SearchStrategy[tuple[Any, list[tuple[tuple[Any, ...], bool]]]]:
        paths = optional_paths(payload, schema)
        chosen = st.lists(st.sampled_from(paths), unique=True, max_size=4) if paths else st.just([])
        # A path under another chosen path is gone once its ancestor is null: keep the ancestor.
        return chosen.map(lambda c: (payload, [x for x in c if not any(_under(x[0], y[0]) for y in c)]))

    @settings(SETTINGS, max_examples=examples(6))
    @given(from_schema(schema).flatmap(with_nulls))
    def run(case: tuple[Any, list[tuple[tuple[Any, ...], bool]]]) -> None:
        payload, chosen = copy.deepcopy(case[0]), case[1]
        for path, _nullable in chosen:
            parent = payload
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = None
        wire = json.dumps(payload, sort_keys=True)
        decoded = model.from_dict(json.loads(wire))
        assert json.dumps(decoded.to_dict(), sort_keys=True) == wire
        refused = [_dotted(path) for path, nullable in chosen if not nullable]
        try:
            check(json.loads(wire))
        except _Mismatch as found:
            assert found.path in refused
        else:
            assert not refused

    run()


OPEN_ENUMS = [
    ("Message", {"direction": "sideways-v9"}),
    ("PassageMeta", {"type": "paragraph", "subtype": "caption"}),
    ("BotIssue", {"category": "infra_timeout"}),
    ("Error", {"id": "e", "code": 500, "type": "BrandNewError", "message": "m"}),
]


@pytest.mark.parametrize(("name", "payload"), OPEN_ENUMS, ids=[n for n, _ in OPEN_ENUMS])
def test_unseen_open_enum_values_round_trip(name: str, payload: dict[str, Any]) -> None:
    assert getattr(models, name).from_dict(payload).to_dict() == payload


def test_closed_enum_with_unseen_value_keeps_the_raw_value() -> None:
    payload = {"id": "s", "type": "galaxy", "botId": "b"}
    state = models.State.from_dict(payload)
    assert state.type == "galaxy"
    assert state.to_dict() == payload


def test_absent_stays_absent_and_null_stays_null() -> None:
    absent = models.Table.from_dict(
        {"id": "t", "name": "n", "schema": {"type": "object", "additionalProperties": True, "properties": {}}}
    )
    assert "keyColumn" not in absent.to_dict()
    explicit = models.Table.from_dict({**absent.to_dict(), "keyColumn": None})
    assert explicit.key_column is None and explicit.to_dict()["keyColumn"] is None


def _known_members(model_name: str) -> frozenset[str]:
    keys: frozenset[str] = getattr(models, f"_{snake_case(model_name).upper()}_KEYS")
    return keys


PATH_ARGS = {
    "getOrCreateTable": {"table": "t"},
    "renameTableColumn": {"table": "t"},
    "createMessage": {},
    "setStateExpiry": {"type": "user", "id": "u", "name": "n"},
    "updateWorkspaceMember": {"id": "m"},
}


class Recorder:
    def __init__(self) -> None:
        self.bodies: list[Any] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.bodies.append(json.loads(request.content))
        return httpx.Response(418)


@pytest.mark.parametrize("op_id", sorted(BODIES))
def test_valid_bodies_pass_validation_and_are_sent_unchanged(op_id: str) -> None:
    recorder = Recorder()
    client = Client(
        token="t",
        bot_id="b",
        workspace_id="w",
        max_retries=0,
        http_client=httpx.Client(transport=httpx.MockTransport(recorder)),
    )
    method = getattr(client, snake_case(op_id))
    known_members = _known_members(BODIES[op_id])
    strategy = from_schema(inline(SCHEMAS[BODIES[op_id]]))

    @SETTINGS
    @given(strategy)
    def check(body: dict[str, Any]) -> None:
        recorder.bodies.clear()
        kwargs = {snake_case(k): v for k, v in body.items() if k in known_members}
        extra = {k: v for k, v in body.items() if k not in known_members}
        with pytest.raises(ApiError) as info:  # the recorder answers 418
            method(**PATH_ARGS[op_id], **kwargs, extra_body=extra or None)
        assert info.value.status_code == 418
        assert recorder.bodies == [body]

    check()


def _under(path: tuple[Any, ...], other: tuple[Any, ...]) -> bool:
    """Whether ``path`` lies strictly inside ``other``."""
    return len(path) > len(other) and path[: len(other)] == other
