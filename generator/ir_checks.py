"""The IR of checks, part of :mod:`generator.ir`: the rules of a JSON value (request side), the
checks of a model's JSON form (both sides) and of an operation's arguments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

RuleTest = Literal[
    "not_in",
    "len_outside",
    "len_over",
    "len_under",
    "no_match",
    "not_datetime",
    "not_date",
    "<",
    "<=",
    ">",
    ">=",
    "lacks_all_groups",
]


@dataclass(frozen=True)
class Rule:
    """One rule of a JSON value; ``test`` names the violation, ``arg`` its operand (the values
    of ``not_in``, ``(lo, hi)``, a bound, a pattern constant, member-name groups)."""

    test: RuleTest
    arg: Any
    message: str


@dataclass(frozen=True)
class ValueCheck:
    """The request-side rules of one JSON value, from its schema."""

    kind: Literal["any", "string", "number", "integer", "boolean", "object", "array", "model"]
    nullable: bool
    rules: tuple[Rule, ...]
    model: str = ""  # validator function of a model value
    items: ValueCheck | None = None  # array items / map values


@dataclass(frozen=True)
class MemberCheck:
    wire: str
    display: str  # name used in messages at the top level (the Python argument)
    required: bool
    check: ValueCheck


@dataclass(frozen=True)
class ModelValidator:
    """Generated validation of a model's JSON form (request side)."""

    function: str
    model: str
    keys_const: str
    closed: bool
    members: tuple[MemberCheck, ...]
    object_rules: tuple[Rule, ...]  # rules of ``data`` itself


@dataclass(frozen=True)
class OperationValidator:
    function: str
    params: tuple[tuple[str, str, str, bool, ValueCheck], ...]  # (location, wire, display, required, check)
    body_validator: str  # model validator of the body, "" when none
