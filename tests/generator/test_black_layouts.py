"""The writer's layouts of long statements are the formatters' own: Black and Ruff's formatter
leave them unchanged (generator/emit/layout.py), on statements longer than the goldens' ones.
Where both would split a statement alike, that only keeps the rendered text close to the output;
where they would part (a long annotation, a string too long for its line), it is what makes the
output Black's (tests/generator/test_format.py)."""

from __future__ import annotations

import black
import pytest
from black.mode import TargetVersion

from generator.emit import layout
from generator.emit import writer_models as code_models
from generator.emit.format import format_files
from generator.ir import EnumAlias, Field, Model, TypeRef

MODE = black.Mode(target_versions={TargetVersion.PY310}, line_length=layout.WIDTH)
LONG = "ResponseOutputItemCodeInterpreterCallOutputsItemVariantWithAVeryLongName"
LONGER = LONG + "AndLongerStill"  # ``_LONGER_KEYS = _names(`` is over the width


def _enum(name: str, count: int, *, open_set: bool) -> list[str]:
    values = tuple(f"value-number-{i}" for i in range(count))
    return code_models.enum_alias(EnumAlias(name, "", values, open_set, "str", ""))


class _Writer:
    def __init__(self) -> None:
        self.uses: set[str] = set()


def _keys(keys_const: str, count: int, wire: str = "member_{}") -> list[str]:
    """The key set of a model of ``count`` required members (packed; a ``wire`` holding a space:
    the literal set)."""
    fields = tuple(
        Field(f"member_{i}", wire.format(i), TypeRef("str"), True, "", False, False, "", "") for i in range(count)
    )
    return code_models.keys_constant(_Writer(), Model("M", "", fields, False, keys_const, ""))


def _optional(optional_const: str, count: int) -> list[str]:
    """The optional members of a model of ``count`` of them, every other one renamed (packed)."""
    fields = tuple(
        Field(f"member_{i}", f"member{i}" if i % 2 else f"member_{i}", TypeRef("str"), False, "", False, False, "", "")
        for i in range(count)
    )
    m = Model("M", "", fields, False, "_M_KEYS", "", optional_const=optional_const)
    return code_models.optional_constant(_Writer(), m)


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
    "key set, one line": _keys("_SHORT_KEYS", 2),
    "key set, split at the call": _keys("_MEDIUM_KEYS", 9),
    "key set, filled strings": _keys("_MANY_KEYS", 40),
    "key set, in parentheses": _keys(f"_{LONGER.upper()}_KEYS", 2),
    "key set, in parentheses, filled strings": _keys(f"_{LONGER.upper()}_KEYS", 40),
    "literal key set, one line": _keys("_SHORT_KEYS", 2, "member {}"),
    "literal key set, split at the call": _keys("_MEDIUM_KEYS", 7, "member {}"),
    "literal key set, one key a line": _keys("_MANY_KEYS", 20, "member {}"),
    "literal key set, in parentheses": _keys(f"_{LONG.upper()}_KEYS", 2, "member {}"),
    "optional members, one line": _optional("_SHORT_OPTIONAL", 2),
    "optional members, filled strings": _optional("_MANY_OPTIONAL", 30),
    "optional members, in parentheses": _optional(f"_{LONGER.upper()}_OPTIONAL", 2),
    "optional members, in parentheses, filled strings": _optional(f"_{LONGER.upper()}_OPTIONAL", 30),
    "raise, split": ["def f(at, v):", "    if v:", *layout.calls_split([f"        {RAISE}"], {RAISE: RAISE_CALL}, 0)],
    "raise, one argument a line": [
        "if v:",
        *layout.calls_split([f"    {RAISE_LONG}"], {RAISE_LONG: RAISE_LONG_CALL}, 0),
    ],
    "def of one parameter": layout.call(f"def _decode_{LONG.lower()}", ["data: Any"], f" -> {LONG} | None:", 0)
    + ["    pass"],
}


@pytest.mark.parametrize("label", list(STATEMENTS))
def test_layout_is_left_unchanged_by_both_formatters(label: str) -> None:
    text = "\n".join(STATEMENTS[label]) + "\n"
    assert black.format_str(text, mode=MODE) == text
    assert format_files({"m.py": text}, "m")["m.py"] == text
