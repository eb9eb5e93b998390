"""What the generated checks of ``_validators`` share: the request checks' paths, and the
response checks (:class:`AnswerCheck`: a model's rules as a table, compiled on first use)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

from ._exceptions import _Mismatch

_MISSING: Final = object()
"""An optional member not in the JSON object (``data.get(name, _MISSING)``)."""


def _at(at: str, wire: str, display: str | None = None) -> str:
    """Path of a member: dotted wire names below the top level, the argument name at it
    (``display``, when it is not the wire name)."""
    if at:
        return f"{at}.{wire}"
    return wire if display is None else display


def _within(check: Callable[[Any], None], value: Any, path: str) -> None:
    """The check ``check`` of the nested model ``value`` at ``path``: its mismatch is raised with
    the path from the top."""
    try:
        check(value)
    except _Mismatch as e:
        raise e.under(path) from None


class AnswerCheck:
    """The response check of one model (``_rcheck_<model>`` of ``_validators``): the JSON types
    and required members of an answer's object, run with ``strict_responses=True`` and to name
    the path when a lenient read fails. Enums stay open and unknown members are accepted, as
    ``from_dict`` accepts them.

    ``rules`` maps a member's wire name to its rule: ``[required] [TYPE]`` where TYPE is
    ``string``, ``number``, ``integer``, ``boolean``, ``object``, ``array``, ``array of TYPE``,
    ``map of TYPE`` (an object's values) or the name of another model's check (in the package of
    ``module``, the module defining this one), then `` or null`` when null is allowed (an item's
    TYPE holding `` or null`` is in parentheses). The first call compiles the rules into one
    function of plain statements (a test per member, as a hand-written check would be), which
    every later call runs."""

    __slots__ = ("_function", "_package", "_rules")

    def __init__(self, module: str, rules: Mapping[str, str]) -> None:
        self._package = module.rpartition(".")[0]
        self._rules = rules
        self._function: Callable[[Any], None] | None = None

    def __call__(self, data: Any) -> None:
        (self._function or self.function())(data)

    def function(self) -> Callable[[Any], None]:
        """The compiled check (compiled now, the first time)."""
        if self._function is None:
            self._function = _compile(self._package, self._rules)
        return self._function


class _Rule(NamedTuple):
    kind: str  # a JSON type, "map", or the name of a nested model's check
    nullable: bool
    items: _Rule | None


_TYPE_TEST: Final = {
    "string": "not isinstance({v}, str)",
    "number": "type({v}) not in (int, float)",
    "integer": "type({v}) is not int",
    "boolean": "type({v}) is not bool",
    "object": "not isinstance({v}, dict)",
    "array": "not isinstance({v}, list)",
    "map": "not isinstance({v}, dict)",
}
_OR_NULL = " or null"


def _rule(text: str) -> _Rule:
    nullable = text.endswith(_OR_NULL)
    text = text.removesuffix(_OR_NULL)
    if text.startswith("(") and text.endswith(")"):
        inner = _rule(text[1:-1])
        return inner._replace(nullable=inner.nullable or nullable)
    kind, _, items = text.partition(" of ")
    if kind not in _TYPE_TEST and not kind.isidentifier():
        raise ValueError(f"not a rule: {text!r}")
    return _Rule(kind, nullable, _rule(items) if items else None)


def _compile(package: str, rules: Mapping[str, str]) -> Callable[[Any], None]:
    """The function of plain statements checking an answer's object by ``rules``."""
    lines = [
        "def check(data):",
        "    if not isinstance(data, dict):",
        "        raise _Mismatch('', 'expected object')",
    ]
    nested: set[str] = set()
    for wire, text in rules.items():
        required = text == "required" or text.startswith("required ")
        if required:
            text = text.removeprefix("required").strip()
        path = repr(wire)
        if required:
            lines += [f"    if {path} not in data:", f"        raise _Mismatch({path}, 'required')"]
        if text:
            lines += ["    " + line for line in _member_lines(_rule(text), wire, required, nested)]
    namespace: dict[str, Any] = {"_Mismatch": _Mismatch, "_MISSING": _MISSING, "_within": _within}
    for name in nested:
        namespace[name] = _Nested(namespace, package, name)
    exec("\n".join(lines), namespace)  # the text is built here, from rules checked by _rule
    function: Callable[[Any], None] = namespace["check"]
    return function


_PASSING: Final = {"string": "''", "number": "0", "integer": "0", "boolean": "False"}
"""A value passing each scalar type test: a missing optional member is read as it (one test)."""


def _member_lines(rule: _Rule, wire: str, required: bool, nested: set[str]) -> list[str]:
    """Statements checking the member ``wire`` of ``data``, once it is known to be there when
    ``required``."""
    path = repr(wire)
    if rule.kind in _PASSING and not rule.nullable:
        read = f"data[{path}]" if required else f"data.get({path}, {_PASSING[rule.kind]})"
        return [
            f"if {_TYPE_TEST[rule.kind].format(v=read)}:",
            f"    raise _Mismatch({path}, 'expected {rule.kind}')",
        ]
    body = _value_lines(rule, "v", _braces(wire), nested, 0)
    if required:
        return [f"v = data[{path}]", *body]
    if rule.nullable:  # absent or null: nothing to check (``body`` tests None first)
        return [f"v = data.get({path})", *body]
    return [
        f"v = data.get({path}, _MISSING)",
        "if v is not _MISSING:",
        *("    " + line for line in body),
    ]


def _braces(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _value_lines(rule: _Rule, var: str, at: str, nested: set[str], depth: int) -> list[str]:
    """Statements checking ``var`` by ``rule``; ``at`` is the text of an f-string naming it
    (built on failure, or to pass it to a nested model's check)."""
    path = "f" + repr(at)
    body: list[str] = []
    if rule.kind in _TYPE_TEST:
        wrong = f"expected {'object' if rule.kind == 'map' else rule.kind}{_OR_NULL if rule.nullable else ''}"
        body += [
            f"if {_TYPE_TEST[rule.kind].format(v=var)}:",
            f"    raise _Mismatch({path}, {wrong!r})",
        ]
    else:
        nested.add(rule.kind)
        body.append(f"_within({rule.kind}, {var}, {path})")
    if rule.items is not None:
        item, key = f"_i{depth}", f"_k{depth}"
        if rule.kind == "array":
            inner = _value_lines(rule.items, item, f"{at}[{{{key}}}]", nested, depth + 1)
            body += [f"for {key}, {item} in enumerate({var}):", *("    " + line for line in inner)]
        else:
            inner = _value_lines(rule.items, item, f"{at}.{{{key}}}", nested, depth + 1)
            body += [f"for {key}, {item} in {var}.items():", *("    " + line for line in inner)]
    if rule.nullable:
        return [f"if {var} is not None:", *("    " + line for line in body)]
    return body


class _Nested:
    """A nested model's check in a compiled function's globals: the first call looks it up in
    the package (importing its module) and puts its compiled function in its place."""

    __slots__ = ("_name", "_namespace", "_package")

    def __init__(self, namespace: dict[str, Any], package: str, name: str) -> None:
        self._namespace, self._package, self._name = namespace, package, name

    def __call__(self, data: Any) -> None:
        check = getattr(importlib.import_module(self._package), self._name)
        function = check.function() if isinstance(check, AnswerCheck) else check
        self._namespace[self._name] = function
        function(data)
