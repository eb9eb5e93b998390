"""The response checks (:mod:`generator.lower.response_checks`) as tables, for
:mod:`generator.emit.validators_package`: ``_rcheck_<model> = AnswerCheck(__name__, {wire:
rule})``, a rule per member (its JSON type, whether it is required, the check of a nested model),
which the runtime's ``_checks.AnswerCheck`` compiles into plain statements on first use."""

from __future__ import annotations

from ..ir import ModelValidator, ValueCheck
from . import layout
from .literals import py_str

_KINDS = {"string", "number", "integer", "boolean", "object", "array"}


def rule(check: ValueCheck) -> str:
    """The rule of a value (see ``AnswerCheck``): ``""`` when nothing is checked."""
    if check.kind == "model":
        text = check.model
    elif check.kind not in _KINDS:
        return ""
    elif check.items is not None:
        items = rule(check.items)
        container = "array" if check.kind == "array" else "map"
        text = f"{container} of ({items})" if check.items.nullable else f"{container} of {items}"
    else:
        text = check.kind
    return f"{text} or null" if check.nullable else text


def table_lines(v: ModelValidator) -> list[str]:
    """``_rcheck_<model> = AnswerCheck(__name__, {...})``: a member a line where it does not fit on
    one (members checked for nothing are left out)."""
    entries = []
    for m in v.members:
        text = " ".join(part for part in ("required" if m.required else "", rule(m.check)) if part)
        if text:
            entries.append(f"{py_str(m.wire)}: {py_str(text)}")
    head = f"{v.function} = AnswerCheck("
    table = "{" + ", ".join(entries) + "}"
    if layout.fits(0, f"{head}__name__, {table})"):
        return [f"{head}__name__, {table})"]
    if layout.fits(layout.STEP, f"__name__, {table}"):
        return [head, f"    __name__, {table}", ")"]
    if layout.fits(layout.STEP, f"{table},"):
        return [head, "    __name__,", f"    {table},", ")"]
    return [head, "    __name__,", "    {", *(f"        {entry}," for entry in entries), "    },", ")"]
