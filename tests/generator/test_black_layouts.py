"""The writer's layouts of long statements are Black's own: Black leaves them unchanged, so a
block made of them costs Black one pass, not two (generator/emit/layout.py). A wrong guess would
only cost time (test_format holds the output), so these prove the time is saved, on statements
longer than the goldens' ones."""

from __future__ import annotations

import black
import pytest

from generator.emit import layout
from generator.emit import writer_models as code_models
from generator.emit.blocks import blocks
from generator.emit.format import MODE
from generator.emit.render import render
from generator.ir import EnumAlias, Field, Model, TypeRef
from generator.load.reader import load_document
from generator.lower.api import build_api
from tests.goldens import cases, spec_of

LONG = "ResponseOutputItemCodeInterpreterCallOutputsItemVariantWithAVeryLongName"


def _enum(name: str, count: int, *, open_set: bool) -> list[str]:
    values = tuple(f"value-number-{i}" for i in range(count))
    return code_models.enum_alias(EnumAlias(name, "", values, open_set, "str", ""))


def _model(keys_const: str, count: int) -> Model:
    fields = tuple(
        Field(f"member_{i}", f"member_{i}", TypeRef("str"), True, "", False, False, "", "") for i in range(count)
    )
    return Model("M", "", fields, False, keys_const, "")


PATH = '_at(at, "expires_in_seconds", "expires_in_seconds")'
RAISE_CALL = ("raise RequestValidationError", [PATH, '"maximum 31536000"'])
RAISE = f'raise RequestValidationError({PATH}, "maximum 31536000")'
RULE = '"one of ' + ", ".join(f"value-number-{i}" for i in range(6)) + '"'
RAISE_LONG_CALL = ("raise RequestValidationError", [PATH, RULE])
RAISE_LONG = f"raise RequestValidationError({PATH}, {RULE})"

STATEMENTS = {
    "closed enum, one line": _enum("Short", 2, open_set=False),
    "closed enum, values on one line": _enum("Medium", 4, open_set=False),
    "closed enum, one value a line": _enum("Many", 12, open_set=False),
    "closed enum, name too long for the bracket": _enum(LONG + "AndLonger", 1, open_set=False),
    "open enum, one line": _enum("Open", 2, open_set=True),
    "open enum, in parentheses": _enum(LONG, 4, open_set=True),
    "open enum, exploded in parentheses": _enum(LONG, 12, open_set=True),
    "key set, one line": code_models.keys_constant(_model("_SHORT_KEYS", 2)),
    "key set, split at the call": code_models.keys_constant(_model("_MEDIUM_KEYS", 7)),
    "key set, one key a line": code_models.keys_constant(_model("_MANY_KEYS", 20)),
    "key set, in parentheses": code_models.keys_constant(_model(f"_{LONG.upper()}_KEYS", 2)),
    "raise, split": ["def f(at, v):", "    if v:", *layout.calls_split([f"        {RAISE}"], {RAISE: RAISE_CALL}, 0)],
    "raise, one argument a line": [
        "if v:",
        *layout.calls_split([f"    {RAISE_LONG}"], {RAISE_LONG: RAISE_LONG_CALL}, 0),
    ],
    "def of one parameter": layout.call(f"def _decode_{LONG.lower()}", ["data: Any"], f" -> {LONG} | None:", 0)
    + ["    pass"],
}


@pytest.mark.parametrize("label", list(STATEMENTS))
def test_layout_is_left_unchanged_by_black(label: str) -> None:
    text = "\n".join(STATEMENTS[label]) + "\n"
    assert black.format_str(text, mode=MODE) == text


def test_models_with_long_names_cost_black_one_pass() -> None:
    """Every block of the long_names golden's models module but the class heads (a member's long
    annotation is left to Black) is Black's output already: enum aliases, key sets, TypedDicts,
    from_dict's split conversions, to_dict's split conditional expressions and comprehensions."""
    case = next(case for case in cases() if case.name == "long_names")
    files = render(build_api(load_document(spec_of(case)), case.name))
    changed, seen = [], 0
    models = [
        blocks(text)
        for name, text in sorted(files.items())
        if name.startswith("models/_") and name.endswith(".py") and "__init__" not in name
    ]
    for unit in (unit for units in models for unit in units):
        for text, indent in unit.parts:
            if text.startswith("@dataclass"):
                continue
            seen += 1
            mode = black.Mode(target_versions=MODE.target_versions, line_length=MODE.line_length - indent)
            if black.format_str(text, mode=mode) != text:
                changed.append(text.splitlines()[0])
    assert seen >= 8 and changed == []
