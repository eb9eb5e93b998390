"""Response checking (issue 15 item 6): ``strict_responses=True`` checks every JSON answer's
types and required members and raises ``ResponseValidationError`` naming the JSON path and
the rule; the default stays lenient but names the path when an answer cannot be read."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any

import httpx
import pytest
from botpress_client import AsyncClient, Client, errors

from .test_client_functional import CASES, TABLE, _client_kwargs

GET_TABLE = {"table": TABLE, "rows": 10, "stale": 1, "indexing": 2}


def _answer(body: Any) -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(200, content=json.dumps(body).encode()))


def _get_table(body: Any, mode: str, **options: Any) -> Any:
    """``get_table`` answered with ``body``, through the sync or the async client."""
    if mode == "sync":
        with Client(**_client_kwargs(), http_client=httpx.Client(transport=_answer(body)), **options) as client:
            return client.get_table(table="People")

    async def run() -> Any:
        http = httpx.AsyncClient(transport=_answer(body))
        async with AsyncClient(**_client_kwargs(), http_client=http, **options) as client:
            return await client.get_table(table="People")

    return asyncio.run(run())


def _changed(path: tuple[str | int, ...], value: Any, *, delete: bool = False) -> dict[str, Any]:
    body = copy.deepcopy(GET_TABLE)
    target: Any = body
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return body


def _violation(body: Any, mode: str, **options: Any) -> errors.ResponseValidationError:
    with pytest.raises(errors.ResponseValidationError) as caught:
        _get_table(body, mode, **options)
    err = caught.value
    assert isinstance(err, errors.ResponseDecodeError)
    assert err.status_code == 200 and json.loads(err.body) == body
    assert "KeyError" not in str(err) and f"{err.path}: {err.rule}" in str(err)
    return err


MODES = ["sync", "async"]

STRICT_CASES = [
    # (changed member, new value, path, rule)
    (("table", "id"), 123, "table.id", "expected string"),
    (("rows",), "many", "rows", "expected number"),
    (("table", "name"), {"an": "object"}, "table.name", "expected string"),
    (("table", "frozen"), "no", "table.frozen", "expected boolean"),
    (("table", "tags"), ["a"], "table.tags", "expected object"),
    (("table", "tags", "team"), 7, "table.tags.team", "expected string"),
    (("table",), 5, "table", "expected object"),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("where", "value", "path", "rule"), STRICT_CASES)
def test_strict_wrong_type_names_path_and_rule(mode: str, where: Any, value: Any, path: str, rule: str) -> None:
    err = _violation(_changed(where, value), mode, strict_responses=True)
    assert (err.path, err.rule) == (path, rule)
    assert f"{path}: {rule}" in str(err)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("strict", [True, False])
@pytest.mark.parametrize(
    ("where", "path"),
    [
        (("table",), "table"),
        (("table", "id"), "table.id"),
        (("table", "schema", "properties", "email", "x-zui"), "table.schema.properties.email.x-zui"),
    ],
)
def test_missing_required_member_names_path(mode: str, strict: bool, where: Any, path: str) -> None:
    err = _violation(_changed(where, None, delete=True), mode, strict_responses=strict)
    assert (err.path, err.rule) == (path, "required")


@pytest.mark.parametrize("mode", MODES)
def test_lenient_unreadable_answer_names_path(mode: str) -> None:
    err = _violation(_changed(("table",), 5), mode)
    assert (err.path, err.rule) == ("table", "expected object")


LENIENT_SHAPE_CASES = [
    # an object or array where a scalar member is declared: refused by the lenient default too
    (("table", "id"), {"an": "object"}, "table.id", "expected string"),
    (("table", "name"), ["a", "list"], "table.name", "expected string"),
    (("rows",), {"n": 1}, "rows", "expected number"),
    (("table", "frozen"), [], "table.frozen", "expected boolean"),
    (("table", "schema", "properties", "email", "type"), {"x": 1}, "table.schema.properties.email.type", None),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("where", "value", "path", "rule"), LENIENT_SHAPE_CASES)
def test_lenient_refuses_object_or_array_where_scalar_declared(
    mode: str, where: Any, value: Any, path: str, rule: str | None
) -> None:
    err = _violation(_changed(where, value), mode)
    assert err.path == path
    assert rule is None or err.rule == rule


@pytest.mark.parametrize("mode", MODES)
def test_lenient_default_accepts_wrong_scalar_types(mode: str) -> None:
    result = _get_table(_changed(("table", "id"), 123), mode)
    assert result.table.id == 123


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("strict", [True, False])
def test_unknown_members_and_unseen_enum_values_accepted(mode: str, strict: bool) -> None:
    body = _changed(("table", "newMember"), {"any": "thing"})
    body["table"]["schema"]["properties"]["score"]["x-zui"]["computed"]["action"] = "unseen"
    result = _get_table(body, mode, strict_responses=strict)
    assert result.table.extra_members == {"newMember": {"any": "thing"}}
    assert result.table.schema.properties["score"].x_zui.computed.action == "unseen"


def test_with_options_turns_strict_on_and_off() -> None:
    bad = _changed(("table", "id"), 123)
    with Client(**_client_kwargs(), http_client=httpx.Client(transport=_answer(bad))) as client:
        assert client.get_table(table="People").table.id == 123
        strict = client.with_options(strict_responses=True)
        with pytest.raises(errors.ResponseValidationError, match=r"table\.id: expected string"):
            strict.get_table(table="People")
        assert strict.with_options(strict_responses=False).get_table(table="People").table.id == 123


def test_error_class_is_exported() -> None:
    assert "ResponseValidationError" in errors.__all__
    assert issubclass(errors.ResponseValidationError, errors.ResponseDecodeError)


@pytest.mark.parametrize("name", sorted(CASES))
def test_strict_accepts_every_valid_answer(name: str) -> None:
    """No false alarm: the answers of every operation's functional case pass the strict check."""
    case = CASES[name]
    transport = _answer(case.response)
    with Client(**_client_kwargs(), http_client=httpx.Client(transport=transport), strict_responses=True) as client:
        case.check(case.call(client))
