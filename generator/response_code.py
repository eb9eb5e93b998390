"""Statements of the response checks (:mod:`generator.build.response_checks`), for
:class:`generator.code.ModuleWriter`: a type test per member, a ``required`` test per required
member, each raising the runtime's ``_Mismatch(path, rule)``; no other rule."""

from __future__ import annotations

from .ir import ModelValidator, ValueCheck
from .literals import py_literal

# The violation of each checked JSON type, as a condition on the variable, and its rule.
_TYPE_TEST = {
    "string": ("not isinstance({v}, str)", "expected string"),
    "number": ("type({v}) not in (int, float)", "expected number"),
    "integer": ("type({v}) is not int", "expected integer"),
    "boolean": ("type({v}) is not bool", "expected boolean"),
    "object": ("not isinstance({v}, dict)", "expected object"),
    "array": ("not isinstance({v}, list)", "expected array"),
}


def _raise(path: str, rule: str) -> str:
    return f"raise _Mismatch({path}, {py_literal(rule)})"


def model_lines(v: ModelValidator) -> list[str]:
    """Statements checking ``data`` (the JSON form of ``v.model``); paths are relative to it and
    built on failure only (a nested model's path is prefixed as its error passes up)."""
    lines = ["if not isinstance(data, dict):", "    " + _raise('""', "expected object")]
    for m in v.members:
        path = py_literal(m.wire)
        checks = value_lines(m.check, "v", path)
        if m.required:
            lines += [f"if {py_literal(m.wire)} not in data:", "    " + _raise(path, "required")]
            if checks:
                lines += [f"v = data[{py_literal(m.wire)}]", *checks]
        elif checks:
            lines += [f"v = data.get({py_literal(m.wire)}, _MISSING)", "if v is not _MISSING:"]
            lines += ["    " + line for line in checks]
    return lines


def value_lines(check: ValueCheck, var: str, path: str, depth: int = 0) -> list[str]:
    """Statements checking ``var``; ``path`` is an expression naming it (evaluated on failure)."""
    body: list[str] = []
    if check.kind in _TYPE_TEST:
        cond, text = _TYPE_TEST[check.kind]
        body += [f"if {cond.format(v=var)}:", "    " + _raise(path, text + (" or null" if check.nullable else ""))]
    if check.kind == "model":
        body += [
            "try:",
            f"    {check.model}({var})",
            "except _Mismatch as _e:",
            f"    raise _e.under({path}) from None",
        ]
    if check.items is not None:
        item = f"_i{depth}"
        if check.kind == "array":
            idx = f"_n{depth}"
            inner = value_lines(check.items, item, f'{path} + "[" + str({idx}) + "]"', depth + 1)
            body += [f"for {idx}, {item} in enumerate({var}):"] + ["    " + line for line in inner]
        elif check.kind == "object":
            key = f"_k{depth}"
            inner = value_lines(check.items, item, f'{path} + "." + {key}', depth + 1)
            body += [f"for {key}, {item} in {var}.items():"] + ["    " + line for line in inner]
    if body and check.nullable:
        return [f"if {var} is not None:"] + ["    " + line for line in body]
    return body
