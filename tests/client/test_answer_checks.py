"""The response checks as tables (issue 35): ``_rcheck_<model> = AnswerCheck(__name__, {wire:
rule})``, the rule text written by :func:`generator.emit.writer_responses.rule` and compiled by the
runtime's ``_checks.AnswerCheck`` on first use. Over drawn member checks (JSON types, nullable or
not, arrays and maps of them, nested models) and drawn values, the compiled check agrees with a
plain reference reading of the same rules: the same verdict, path and rule text."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit.writer_responses import rule, table_lines
from generator.ir import MemberCheck, ModelValidator, ValueCheck
from generator.runtime._checks import AnswerCheck
from generator.runtime._exceptions import _Mismatch

PACKAGE = "answer_checks_pkg"
INNER = "_rcheck_inner"
SCALARS = ("string", "number", "integer", "boolean", "object", "array", "any")


@pytest.fixture(autouse=True, scope="module")
def package() -> Iterator[None]:
    """A package whose ``_rcheck_inner`` (a model with a required integer ``id``) the drawn
    checks name as their nested model."""
    module = types.ModuleType(PACKAGE)
    module._rcheck_inner = AnswerCheck(f"{PACKAGE}.inner", {"id": "required integer"})  # type: ignore[attr-defined]
    sys.modules[PACKAGE] = module
    yield
    del sys.modules[PACKAGE]


def checks(depth: int = 0) -> st.SearchStrategy[ValueCheck]:
    leaf = st.builds(lambda k, n: ValueCheck(k, n, ()), st.sampled_from(SCALARS), st.booleans())
    model = st.builds(lambda n: ValueCheck("model", n, (), model=INNER), st.booleans())
    if depth >= 2:
        return st.one_of(leaf, model)
    inner = checks(depth + 1).filter(lambda c: c.kind != "any")
    container = st.builds(
        lambda k, n, items: ValueCheck(k, n, (), items=items),
        st.sampled_from(("array", "object")),
        st.booleans(),
        inner,
    )
    return st.one_of(leaf, model, container)


VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 2), st.sampled_from([0.5, "", "a"])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["id", "k", "{x}"]), inner, max_size=3)
    ),
    max_leaves=6,
)

_TESTS = {
    "string": lambda v: isinstance(v, str),
    "number": lambda v: type(v) in (int, float),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}


def reference(check: ValueCheck, value: Any, path: str) -> tuple[str, str] | None:
    """The first mismatch (path, rule) of ``value`` by ``check``, read plainly."""
    if value is None and check.nullable:
        return None
    if check.kind == "model":
        if not isinstance(value, dict):
            return path, "expected object"
        if "id" not in value:
            return f"{path}.id", "required"
        return None if type(value["id"]) is int else (f"{path}.id", "expected integer")
    if check.kind == "any":
        return None
    if not _TESTS[check.kind](value):
        return path, f"expected {check.kind}" + (" or null" if check.nullable else "")
    if check.items is not None:
        pairs = enumerate(value) if isinstance(value, list) else value.items()
        for key, item in pairs:
            found = reference(check.items, item, f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}")
            if found:
                return found
    return None


def verdict(check: AnswerCheck, data: Any) -> tuple[str, str] | None:
    try:
        check(data)
    except _Mismatch as e:
        return e.path, e.rule
    return None


@settings(max_examples=300, deadline=None)
@given(checks(), st.booleans(), VALUES, st.booleans())
def test_a_compiled_table_reads_as_its_rules_say(check: ValueCheck, required: bool, value: Any, present: bool) -> None:
    text = " ".join(part for part in ("required" if required else "", rule(check)) if part)
    answer = AnswerCheck(f"{PACKAGE}.here", {"m": text} if text else {})
    expected = reference(check, value, "m") if present else (("m", "required") if required else None)
    assert verdict(answer, {"m": value} if present else {}) == expected, text


def test_the_rules_read_as_written() -> None:
    nullable_items = ValueCheck("array", False, (), items=ValueCheck("string", True, ()))
    assert rule(nullable_items) == "array of (string or null)"
    nested = ValueCheck("object", True, (), items=ValueCheck("model", False, (), model=INNER))
    assert rule(nested) == f"map of {INNER} or null"
    assert rule(ValueCheck("any", True, ())) == ""
    validator = ModelValidator(
        "_rcheck_thing",
        "Thing",
        "_THING_KEYS",
        False,
        (
            MemberCheck("id", "id", True, ValueCheck("string", False, ())),
            MemberCheck("blob", "blob", False, ValueCheck("any", True, ())),  # nothing to check: left out
            MemberCheck("kept", "kept", True, ValueCheck("any", True, ())),  # presence only
        ),
        (),
    )
    assert table_lines(validator) == [
        '_rcheck_thing = AnswerCheck(__name__, {"id": "required string", "kept": "required"})'
    ]


def test_a_member_named_with_braces_and_quotes_is_named_in_the_path() -> None:
    answer = AnswerCheck(f"{PACKAGE}.here", {"a{b}'\"": "array of integer"})
    assert verdict(answer, {"a{b}'\"": [1, "x"]}) == ("a{b}'\"[1]", "expected integer")


def test_a_rule_that_is_not_one_is_refused_when_compiled() -> None:
    with pytest.raises(ValueError, match="not a rule"):
        AnswerCheck(f"{PACKAGE}.here", {"a": "string; import os"})({})


def test_a_nested_check_is_looked_up_once() -> None:
    answer = AnswerCheck(f"{PACKAGE}.here", {"inner": f"required {INNER}"})
    assert verdict(answer, {"inner": {"id": "x"}}) == ("inner.id", "expected integer")
    del sys.modules[PACKAGE]._rcheck_inner  # type: ignore[attr-defined]
    try:
        assert verdict(answer, {"inner": {}}) == ("inner.id", "required")  # the compiled function kept it
    finally:
        sys.modules[PACKAGE]._rcheck_inner = AnswerCheck(  # type: ignore[attr-defined]
            f"{PACKAGE}.inner", {"id": "required integer"}
        )


def test_a_check_whose_name_begins_with_required_is_named_whole() -> None:
    sys.modules[PACKAGE].required_inner = sys.modules[PACKAGE]._rcheck_inner  # type: ignore[attr-defined]
    try:
        answer = AnswerCheck(f"{PACKAGE}.here", {"m": "required_inner", "n": "required required_inner"})
        assert verdict(answer, {"n": {"id": 1}, "m": {}}) == ("m.id", "required")  # optional, checked when there
        assert verdict(answer, {"m": {"id": 1}}) == ("n", "required")
    finally:
        del sys.modules[PACKAGE].required_inner  # type: ignore[attr-defined]
