"""Statements of the response checks (:mod:`generator.lower.response_checks`), for
:mod:`generator.emit.validators_package`: a type test per member, a ``required`` test per required
member, each raising the runtime's ``_Mismatch(path, rule)``; no other rule."""

from __future__ import annotations

from ..ir import ModelValidator, ValueCheck
from .literals import py_literal, suffixed_path

# The violation of each checked JSON type, as a condition on the variable, and its rule.
_TYPE_TEST = {
    "string": ("not isinstance({v}, str)", "expected string"),
    "number": ("type({v}) not in (int, float)", "expected number"),
    "integer": ("type({v}) is not int", "expected integer"),
    "boolean": ("type({v}) is not bool", "expected boolean"),
    "object": ("not isinstance({v}, dict)", "expected object"),
    "array": ("not isinstance({v}, list)", "expected array"),
}


# A value that passes each scalar type test: a missing optional member is read as it, so that
# its test is one statement (``if type(data.get("n", 0)) is not int:``), not three.
_PASSING = {"string": '""', "number": "0", "integer": "0", "boolean": "False"}


def _raise(path: str, rule: str) -> str:
    return f"raise _Mismatch({path}, {py_literal(rule)})"


def model_lines(v: ModelValidator, uses: set[str]) -> list[str]:
    """Statements checking ``data`` (the JSON form of ``v.model``); paths are relative to it and
    built on failure only (a nested model's path is prefixed as its error passes up); ``uses``
    records the helpers of ``_validators`` they read."""
    lines = ["if not isinstance(data, dict):", "    " + _raise('""', "expected object")]
    for m in v.members:
        path = py_literal(m.wire)
        check = m.check
        if m.required:
            lines += [f"if {path} not in data:", "    " + _raise(path, "required")]
        if check.kind in _PASSING and not check.nullable and check.items is None:  # one test
            read = f"data[{path}]" if m.required else f"data.get({path}, {_PASSING[check.kind]})"
            cond, text = _TYPE_TEST[check.kind]
            lines += [f"if {cond.format(v=read)}:", "    " + _raise(path, text)]
            continue
        checks = value_lines(check, "v", path, uses)
        if m.required and checks:
            lines += [f"v = data[{path}]", *checks]
        elif checks and check.nullable:  # absent or null: nothing to check (``checks`` test None)
            lines += [f"v = data.get({path})", *checks]
        elif checks:
            uses.add("_MISSING")  # the helper of ``_validators``, for the module's imports
            lines += [f"v = data.get({path}, _MISSING)", "if v is not _MISSING:"]
            lines += ["    " + line for line in checks]
    return lines


def value_lines(check: ValueCheck, var: str, path: str, uses: set[str], depth: int = 0) -> list[str]:
    """Statements checking ``var``; ``path`` is an expression naming it (evaluated on failure)."""
    body: list[str] = []
    if check.kind in _TYPE_TEST:
        cond, text = _TYPE_TEST[check.kind]
        body += [f"if {cond.format(v=var)}:", "    " + _raise(path, text + (" or null" if check.nullable else ""))]
    if check.kind == "model":  # its mismatch's path is prefixed with this one
        uses.add("_within")
        body.append(f"_within({check.model}, {var}, {path})")
    if check.items is not None:
        item = f"_i{depth}"
        if check.kind == "array":
            idx = f"_n{depth}"
            inner = value_lines(check.items, item, suffixed_path(path, f"[{{{idx}}}]"), uses, depth + 1)
            body += [f"for {idx}, {item} in enumerate({var}):"] + ["    " + line for line in inner]
        elif check.kind == "object":
            key = f"_k{depth}"
            inner = value_lines(check.items, item, suffixed_path(path, f".{{{key}}}"), uses, depth + 1)
            body += [f"for {key}, {item} in {var}.items():"] + ["    " + line for line in inner]
    if body and check.nullable:
        return [f"if {var} is not None:"] + ["    " + line for line in body]
    return body
