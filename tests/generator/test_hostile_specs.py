"""Hostile and pathological specs (issue 14): confined, bounded, located.

Each fixed case below is one of the inputs that broke the generator (a remote ``$ref`` under a
property named ``example``, ``/etc/passwd``, ``..`` out of the spec's folder, devices, a FIFO,
a YAML alias bomb, 10,000 levels of nesting, a chain of 10,000 ``$ref``s, ``maxLength: '200'``;
and chains of 3,000 schemas nested through ``allOf`` or properties, which took minutes).
Each runs ``python -m generator generate`` in a guarded subprocess (tests/guarded.py): it must
end in exit 2 with exactly the expected located lines (or exit 0 where the spec is valid), in
under 10 s and 500 MB, with no traceback, no network attempt (a listener on 127.0.0.1 counts
connections: zero), no open of a forbidden file and no content of one in any output.
The cases run two at a time; each test checks one.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from generator.cli import main

from ..guarded import Listener, Outcome, run_guarded

SECRET = "TOP-SECRET-MARKER-7f3a"
HEAD = "openapi: 3.1.0\ninfo: {title: Hostile, version: '1'}\n"


def _op(schema: str) -> str:
    """A spec whose one operation answers ``schema`` (YAML flow text)."""
    return (
        HEAD + "paths:\n  /x:\n    get:\n      operationId: getX\n      responses:\n        '200':\n"
        "          description: ok\n          content:\n            application/json:\n"
        f"              schema: {schema}\n"
    )


def _components(schemas: str) -> str:
    return HEAD + "paths: {}\ncomponents:\n  schemas:\n" + schemas


def _bomb(levels: int) -> str:
    lines = ['x-l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"x-l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 9) + "]")
    return HEAD + "paths: {}\n" + "\n".join(lines) + "\n"


def _deep_json(depth: int) -> str:
    schema: dict[str, object] = {"type": "string"}
    text = json.dumps(schema)
    text = '{"type": "array", "items": ' * depth + text + "}" * depth
    return json.dumps({"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"}, "paths": {}})[:-1] + (
        ', "components": {"schemas": {"Deep": ' + text + "}}}"
    )


def _deep_yaml(depth: int) -> str:
    return _components("    Deep: " + "{type: array, items: " * depth + "{type: string}" + "}" * depth + "\n")


def _all_of_chain(length: int) -> str:
    lines = [f"    A{i}: {{allOf: [{{$ref: '#/components/schemas/A{i + 1}'}}], type: object}}" for i in range(length)]
    return _components("\n".join(lines) + f"\n    A{length}: {{type: object}}\n")


def _property_chain(length: int) -> str:
    lines = [
        f"    A{i}: {{type: object, properties: {{next: {{$ref: '#/components/schemas/A{i + 1}'}}}}}}"
        for i in range(length)
    ]
    return _components("\n".join(lines) + f"\n    A{length}: {{type: string}}\n")


def _chain(length: int) -> str:
    lines = [f"    A{i}: {{$ref: '#/components/schemas/A{i + 1}'}}" for i in range(length)]
    return _components("\n".join(lines) + f"\n    A{length}: {{type: string}}\n")


@dataclass
class Case:
    """Files to write (relative path -> text, or a callable making the file), the spec to give,
    the expected exit code and stderr lines (``{URL}`` stands for the listener's URL)."""

    files: dict[str, str | Callable[[Path], None]]
    code: int
    lines: list[str]
    spec: str = "spec/api.yaml"
    args: list[str] = field(default_factory=list)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _sparse(size: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with path.open("wb") as handle:
            handle.truncate(size)

    return make


def _symlink(target: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.symlink_to(target)

    return make


OUTSIDE = {"outside/secret.yaml": f"Secret:\n  type: string\n  description: {SECRET}\n"}
URL_TEXT = "is a URL: only files under the spec's folder (or --ref-root) are read; vendor the file"
OUT_TEXT = "points outside the allowed folder: only files under the spec's folder (or --ref-root) are read"
PROPS = "spec/api.yaml#/components/schemas/Thing/properties"
SCHEMA = "spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema"
TAG = "YAML tag {} is not allowed: a spec holds JSON's data only (strings, numbers, booleans, null, mappings, lists)"

CASES: dict[str, Case] = {
    "remote_ref_under_property_named_example": Case(
        {
            "spec/api.yaml": _components(
                "    Thing:\n      type: object\n      properties:\n"
                "        example: {$ref: '{URL}/remote.json'}\n"
                "        examples: {$ref: '{URL}/remote.json#/X'}\n"
            )
        },
        2,
        [
            f"{PROPS}/example/$ref: $ref '{{URL}}/remote.json' {URL_TEXT}",
            f"{PROPS}/examples/$ref: $ref '{{URL}}/remote.json#/X' {URL_TEXT}",
        ],
    ),
    "urls_of_any_scheme": Case(
        {
            "spec/api.yaml": _components(
                "    Thing:\n      type: object\n      properties:\n"
                "        a: {$ref: 'file:///etc/passwd'}\n"
                "        b: {$ref: '//127.0.0.1/x.yaml'}\n"
                "        c: {$ref: 'ftp://127.0.0.1/x.yaml#/A'}\n"
            )
        },
        2,
        [
            f"{PROPS}/a/$ref: $ref 'file:///etc/passwd' {URL_TEXT}",
            f"{PROPS}/b/$ref: $ref '//127.0.0.1/x.yaml' {URL_TEXT}",
            f"{PROPS}/c/$ref: $ref 'ftp://127.0.0.1/x.yaml#/A' {URL_TEXT}",
        ],
    ),
    "refs_in_literal_data_are_not_followed": Case(
        {
            "spec/api.yaml": _components(
                "    Thing:\n      type: object\n      example: {$ref: '{URL}/e.json'}\n"
                "      examples: [{$ref: '/etc/passwd'}]\n      default: {$ref: '../outside/secret.yaml'}\n"
                "      properties:\n        a: {type: object, const: {$ref: '/dev/zero'}}\n"
            )
        },
        0,
        [],
    ),
    "two_files_property_named_example": Case(
        {
            "spec/api.yaml": _components(
                "    Thing:\n      type: object\n      properties:\n        example: {$ref: 'other.yaml#/X'}\n"
            ),
            "spec/other.yaml": "X: {type: string, maxLength: 3}\n",
        },
        0,
        [],
    ),
    "absolute_etc_passwd": Case(
        {"spec/api.yaml": _op("{$ref: '/etc/passwd'}")},
        2,
        [
            f"spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema/$ref: $ref '/etc/passwd' {OUT_TEXT}"
        ],
    ),
    "dotdot_etc_passwd": Case(
        {"spec/api.yaml": _op("{$ref: '../../../../../../../../etc/passwd#/root'}")},
        2,
        [
            "spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema/$ref:"
            f" $ref '../../../../../../../../etc/passwd#/root' {OUT_TEXT}"
        ],
    ),
    "dotdot_outside_secret": Case(
        {**OUTSIDE, "spec/api/api.yaml": _components("    S: {$ref: '../../outside/secret.yaml#/Secret'}\n")},
        2,
        [f"spec/api/api.yaml#/components/schemas/S/$ref: $ref '../../outside/secret.yaml#/Secret' {OUT_TEXT}"],
        spec="spec/api/api.yaml",
    ),
    "ref_root_widens_the_allowed_folder": Case(
        {**OUTSIDE, "spec/api/api.yaml": _components("    S: {$ref: '../../outside/secret.yaml#/Secret'}\n")},
        0,
        [],
        spec="spec/api/api.yaml",
        args=["--ref-root", "."],
    ),
    "symlink_out_of_the_folder": Case(
        {
            **OUTSIDE,
            "spec/link.yaml": _symlink("../outside/secret.yaml"),
            "spec/api.yaml": _op("{$ref: 'link.yaml#/Secret'}"),
        },
        2,
        [
            f"spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema/$ref: $ref 'link.yaml#/Secret' {OUT_TEXT}"
        ],
    ),
    "dev_zero_and_urandom": Case(
        {"spec/api.yaml": _components("    Z: {$ref: '/dev/zero'}\n    U: {$ref: '/dev/urandom#/A'}\n")},
        2,
        [
            f"spec/api.yaml#/components/schemas/U/$ref: $ref '/dev/urandom#/A' {OUT_TEXT}",
            f"spec/api.yaml#/components/schemas/Z/$ref: $ref '/dev/zero' {OUT_TEXT}",
        ],
    ),
    "devices_even_with_ref_root": Case(
        {"spec/api.yaml": _components("    Z: {$ref: '/dev/zero'}\n")},
        2,
        ["spec/api.yaml#/components/schemas/Z/$ref: dangling $ref '/dev/zero': /dev/zero: not a regular file"],
        args=["--ref-root", "/"],
    ),
    "fifo": Case(
        {"spec/pipe.yaml": _fifo, "spec/api.yaml": _components("    P: {$ref: 'pipe.yaml#/P'}\n")},
        2,
        ["spec/api.yaml#/components/schemas/P/$ref: dangling $ref 'pipe.yaml#/P': spec/pipe.yaml: not a regular file"],
    ),
    "root_spec_is_a_device": Case({}, 2, ["/dev/zero#: not a regular file"], spec="/dev/zero"),
    "file_too_large": Case(
        {"spec/big.yaml": _sparse(65 * 1024 * 1024), "spec/api.yaml": _components("    B: {$ref: 'big.yaml#/B'}\n")},
        2,
        [
            "spec/api.yaml#/components/schemas/B/$ref: dangling $ref 'big.yaml#/B': spec/big.yaml: file too large:"
            " more than 67,108,864 bytes (per file; the limit is 67,108,864 per file, 268,435,456 in all: --max-size 64 MiB)"
        ],
    ),
    "yaml_alias_bomb": Case(
        {"spec/api.yaml": _bomb(9)},
        2,
        [
            "spec/api.yaml#/x-l6/2: too many values repeated through YAML aliases: more than 2,000,000 keys and"
            " values (the limit)"
        ],
    ),
    "yaml_alias_bomb_7_levels": Case(
        {"spec/api.yaml": _bomb(7)},
        2,
        [
            "spec/api.yaml#/x-l6/2: too many values repeated through YAML aliases: more than 2,000,000 keys and"
            " values (the limit)"
        ],
    ),
    # Issue 38: the limits are the user's to raise (--max-nodes), never the alias bound; a flat list
    # is counted before its values are looked at.
    "yaml_alias_bomb_with_the_node_limit_raised": Case(
        {"spec/api.yaml": _bomb(9)},
        2,
        [
            "spec/api.yaml#/x-l6/2: too many values repeated through YAML aliases: more than 2,000,000 keys and"
            " values (the limit)"
        ],
        args=["--max-nodes", "1000000000"],
    ),
    "flat_json_list_over_a_lowered_node_limit": Case(
        {"spec/api.json": json.dumps({**json.loads(_deep_json(0)), "x-big": [0] * 3_000_000})},
        2,
        [
            "spec/api.json#/x-big/999989: too many values: more than 1,000,000 keys and values in all the files"
            " (YAML aliases counted as expanded; the limit: --max-nodes)"
        ],
        spec="spec/api.json",
        args=["--max-nodes", "1000000"],
    ),
    "yaml_aliases_within_the_budget": Case({"spec/api.yaml": _bomb(6)}, 0, []),  # 600,000 values: generates
    "yaml_alias_inside_itself": Case(
        {"spec/api.yaml": HEAD + "paths: {}\nx-loop: &loop [1, *loop]\n"},
        2,
        ["spec/api.yaml#/x-loop/1: YAML alias *loop inside its own anchor"],
    ),
    "deep_inline_schema_json": Case(
        {"spec/api.json": _deep_json(10_000)},
        2,
        [
            "spec/api.json#/components/schemas/Deep"
            + "/items" * 61
            + ": nested more than 64 levels deep (the limit: --max-depth)"
        ],
        spec="spec/api.json",
    ),
    "deep_inline_schema_yaml": Case(
        {"spec/api.yaml": _deep_yaml(10_000)},
        2,
        [
            "spec/api.yaml#/components/schemas/Deep"
            + "/items" * 61
            + ": nested more than 64 levels deep (the limit: --max-depth)"
        ],
    ),
    "ref_chain_10000": Case(
        {"spec/api.yaml": _chain(10_000)},
        2,
        ["spec/api.yaml#/components/schemas/A0/$ref: $ref chain of 10000 references before a value (the limit is 64)"],
    ),
    "all_of_chain_3000": Case(
        {"spec/api.yaml": _all_of_chain(3000)},
        2,
        [
            "spec/api.yaml#/components/schemas/A0: allOf including allOf 3001 levels deep, through $refs (the limit is 32)"
        ],
    ),
    "property_ref_chain_3000": Case(
        {"spec/api.yaml": _property_chain(3000)},
        2,
        ["spec/api.yaml#/components/schemas/A0: schemas nested 6001 levels deep, through $refs (the limit is 128)"],
    ),
    # A keyword of the wrong type is dropped with a warning (one keyword of one schema), never read.
    "max_length_as_a_string": Case(
        {"spec/api.yaml": _op("{type: string, maxLength: '200'}")},
        0,
        [
            "spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema/maxLength:"
            " warning: maxLength must be a non-negative integer, not string '200'; ignored [keyword-dropped]"
        ],
    ),
    # Issue 22: YAML tags beyond JSON's data printed a worker's traceback, then an internal error
    # (a date is not JSON serializable); a 5,000-digit integer an unlocated internal error.
    "timestamp_tag_as_the_version": Case(
        {"spec/api.yaml": "openapi: 3.1.0\ninfo: {title: T, version: !!timestamp 2024-01-01}\npaths: {}\n"},
        2,
        [f"spec/api.yaml#/info/version: {TAG.format('!!timestamp')}"],
    ),
    "binary_tag_as_the_version": Case(
        {"spec/api.yaml": "openapi: 3.1.0\ninfo: {title: T, version: !!binary aGVsbG8=}\npaths: {}\n"},
        2,
        [f"spec/api.yaml#/info/version: {TAG.format('!!binary')}"],
    ),
    "timestamp_in_an_enum": Case(
        {"spec/api.yaml": _op("{type: string, enum: [a, !!timestamp 2024-01-01]}")},
        2,
        [f"{SCHEMA}/enum/1: {TAG.format('!!timestamp')}"],
    ),
    "timestamp_as_a_default": Case(
        {"spec/api.yaml": _op("{type: string, default: !!timestamp '2024-01-01 10:00:00'}")},
        2,
        [f"{SCHEMA}/default: {TAG.format('!!timestamp')}"],
    ),
    "set_as_a_default": Case(
        {"spec/api.yaml": _op("{type: object, default: !!set {a, b}}")},
        2,
        [f"{SCHEMA}/default: {TAG.format('!!set')}"],
    ),
    "python_tag": Case(
        {"spec/api.yaml": _op("{type: string, default: !!python/name:os.system ''}")},
        2,
        [f"{SCHEMA}/default: {TAG.format('!!python/name:os.system')}"],
    ),
    "referenced_file_with_an_omap": Case(
        {
            "spec/api.yaml": _op("{$ref: 'schemas.yaml#/Thing'}"),
            "spec/schemas.yaml": "Thing:\n  type: object\n  x-order: !!omap [{a: 1}, {b: 2}]\n",
        },
        2,
        [
            "spec/api.yaml#/paths/~1x/get/responses/200/content/application~1json/schema/$ref: dangling $ref"
            f" 'schemas.yaml#/Thing': spec/schemas.yaml: {TAG.format('!!omap')}"
        ],
    ),
    "integer_of_5000_digits_yaml": Case(
        {"spec/api.yaml": _op("{type: integer, maximum: " + "9" * 5000 + "}")},
        2,
        [f"{SCHEMA}/maximum: integer of more than 4,300 digits (the limit)"],
    ),
    "integer_of_5000_digits_json": Case(
        {
            "spec/api.json": '{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {},'
            ' "components": {"schemas": {"N": {"type": "number", "minimum": 1.5e3, "enum": [1, -' + "9" * 5000 + "]}}}}"
        },
        2,
        ["spec/api.json#/components/schemas/N/enum/1: integer of more than 4,300 digits (the limit)"],
        spec="spec/api.json",
    ),
    "nan_and_infinity_in_json": Case(  # Python's parser takes them; JSON has none
        {
            "spec/api.json": '{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {},'
            ' "components": {"schemas": {"N": {"type": "number", "description": "NaN", "enum": [1, NaN],'
            ' "maximum": -Infinity}}}}'
        },
        2,
        ["spec/api.json#/components/schemas/N/enum/1: NaN is not JSON (JSON has no NaN or infinite numbers)"],
        spec="spec/api.json",
    ),
}


def _write(folder: Path, case: Case, url: str) -> None:
    for name, content in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content(path)
        else:
            path.write_text(content.replace("{URL}", url), encoding="utf-8")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[dict[str, Outcome], Listener]]:
    listener = Listener()
    folders = {name: tmp_path_factory.mktemp(name) for name in CASES}
    for name, case in CASES.items():
        _write(folders[name], case, listener.url)

    def run(name: str) -> Outcome:
        case, folder = CASES[name], folders[name]
        forbidden = [folder / "outside", Path("/etc/passwd"), Path("/dev/zero"), Path("/dev/urandom")]
        args = ["generate", "--spec", case.spec, "--out", "out", "--package", "pkg", *case.args]
        return run_guarded(args, cwd=folder, forbidden=[] if case.args else forbidden)

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = dict(zip(CASES, pool.map(run, CASES), strict=True))
        yield results, listener
    finally:
        listener.close()


@pytest.mark.parametrize("name", list(CASES))
def test_pathological_spec(name: str, outcomes: tuple[dict[str, Outcome], Listener]) -> None:
    results, listener = outcomes
    outcome, case = results[name], CASES[name]
    outcome.assert_guarded()
    assert listener.connections == 0
    assert SECRET not in outcome.output or case.args
    assert "root:x:0" not in outcome.output
    assert outcome.returncode == case.code, outcome.output
    if case.code == 2:
        expected = [line.replace("{URL}", listener.url) for line in case.lines]
        assert outcome.stderr.splitlines() == expected
    else:  # the lines named are among the warnings
        assert set(case.lines) <= set(outcome.stderr.splitlines()), outcome.stderr


def test_the_worst_case_is_far_within_budget(outcomes: tuple[dict[str, Outcome], Listener]) -> None:
    """Every fixed case ends well before the time limit, and well below the memory limit."""
    results, _ = outcomes
    assert max(o.seconds for o in results.values()) < 10
    assert max(o.peak_bytes for o in results.values()) < 500 * 1024 * 1024


@pytest.mark.parametrize(
    ("package", "why"),
    [
        ("httpx", "shadows a package the generated client imports"),
        ("json", "shadows the standard library module of that name"),
        ("typing", "shadows the standard library module of that name"),
        ("errors", "shadows a module of the generated package itself"),
        ("_base_client", "shadows a module of the generated package itself"),
        ("class", "a Python keyword"),
        ("my-client", "not a valid Python identifier"),
        ("1client", "not a valid Python identifier"),
        # Issue 22: orjson (every call then failed), non-ASCII names (import broke after NFKC), dunders
        ("orjson", "shadows a package the generated client imports"),
        ("\uff43lient", "not ASCII: Python reads identifiers NFKC-normalized, so `import` may look for another folder"),
        ("clïent", "not ASCII: Python reads identifiers NFKC-normalized, so `import` may look for another folder"),
        ("__main__", "a dunder name, reserved by Python (__main__, __init__, ...)"),
        ("__init__", "a dunder name, reserved by Python (__main__, __init__, ...)"),
        ("__client__", "a dunder name, reserved by Python (__main__, __init__, ...)"),
    ],
)
def test_package_name_is_checked(package: str, why: str, tmp_path: Path) -> None:
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        code = main(["generate", "--spec", "no-such.yaml", "--out", str(tmp_path), "--package", package])
    assert code == 2
    assert stderr.getvalue() == f"--package {package}: {why}\n"
    assert list(tmp_path.iterdir()) == []


DUPLICATES = {
    "dup.yaml": HEAD + "paths: {}\ncomponents:\n  schemas:\n    D: {type: string}\n    D: {type: integer}\n",
    # Keys that differ as written but not once built (YAML 1.1: `on` is true, 0x1 is 1).
    "converted.yaml": HEAD + "paths: {}\nx-a: {on: 1, true: 2, 0x1: 3, 1: 4, 'yes': 5, \"a\": 6, b: 7}\n",
    "dup.json": '{"openapi": "3.1.0", "info": {"title": "T", "version": "1", "title": "U"}, "paths": {},'
    ' "components": {"schemas": {"E": {"type": "string", "enum": ["a"], "enum": ["b"]}}}}',
}
DUPLICATE_LINES = {
    "converted.yaml": [
        "converted.yaml#/x-a/1: {}duplicate key '1': the last one is used, the others are ignored",
        "converted.yaml#/x-a/true: {}duplicate key 'true': the last one is used, the others are ignored",
    ],
    "dup.yaml": ["dup.yaml#/components/schemas/D: {}duplicate key 'D': the last one is used, the others are ignored"],
    "dup.json": [
        "dup.json#/components/schemas/E/enum: {}duplicate key 'enum': the last one is used, the others are ignored",
        "dup.json#/info/title: {}duplicate key 'title': the last one is used, the others are ignored",
    ],
}


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("name", list(DUPLICATES))
def test_duplicate_keys_are_located_warnings(
    name: str, strict: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: a key given twice in a YAML or JSON mapping silently kept the last value."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(DUPLICATES[name])
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        code = main(["generate", "--spec", name, "--out", "out", "--package", "pkg", *(["--strict"] if strict else [])])
    lines = [line.format("warning: ") + " [duplicate-key]" for line in DUPLICATE_LINES[name]]
    assert code == (2 if strict else 0)
    *shown, last = stderr.getvalue().splitlines()
    assert shown == lines
    assert last.startswith(f"{name}#: 0 operations, 0 models; 0 left out, {len(lines)} degraded, 0 resolved")
    assert last.endswith("; fatal: duplicate-key (exit 2)") == strict
    assert (tmp_path / "out" / "pkg").is_dir() != strict
