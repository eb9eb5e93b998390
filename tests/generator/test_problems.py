"""A located line shows every character of a spec's keys and text that shows nothing or
reorders the line (Trojan Source, issue 22) as its escape."""

from __future__ import annotations

import pytest

from generator.problems import Problem


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200b", "\U000e0041"])
def test_invisible_characters_in_a_located_line_are_escaped(char: str) -> None:
    line = str(Problem(f"api{char}.yaml", f"/components/schemas/A{char}B", f"bad name 'A{char}B'"))
    assert char not in line
    escape = f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"
    assert line.count(escape) == 3, line


def test_a_located_line_keeps_visible_text_and_stays_one_line() -> None:
    line = str(Problem("dossier é/api.yaml", "/paths/~1caf\u00e9", "two\nlines"))
    assert line == "dossier%20é/api.yaml#/paths/~1café: two lines"
