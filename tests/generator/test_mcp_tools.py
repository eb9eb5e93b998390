"""The MCP tool table the generator writes (``_mcp_tools.json``, generator/emit/mcp_tools.py), read
from the golden packages and this repository's client: names, schemas, annotations; and the
runtime's selection and search (generator/runtime/_mcp_tools.py) on it, without the MCP SDK."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator.emit.mcp_tools import MAX_NAME, tool_name
from generator.ir import Operation

ROOT = Path(__file__).resolve().parents[2]
TABLES = sorted(ROOT.glob("tests/fixtures/golden/*/expected/*/_mcp_tools.json")) + [
    ROOT / "generated/botpress_client/_mcp_tools.json"
]


def _table(path: Path) -> dict[str, Any]:
    """The index and, in each tool, its schemas (``_mcp_schemas.json`` beside it, by tool name)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    schemas = json.loads(path.with_name("_mcp_schemas.json").read_text(encoding="utf-8"))
    assert sorted(schemas) == sorted(t["name"] for t in data["tools"])
    for tool in data["tools"]:
        assert "input" not in tool  # the index stays small: the server reads it at start
        tool.update(schemas[tool["name"]])
    return data


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _operation(method_name: str) -> Operation:
    return Operation(
        operation_id="x", method_name=method_name, const_name="_X", http_method="GET", path="/x", tag="", summary="",
        description="", deprecated=False, idempotent=True, params=(), body=None, response_type=None,
        response_function="", response_kind="none", pagination=None, source="", validator=None,
    )  # fmt: skip


def test_tables_exist() -> None:
    assert len(TABLES) > 10


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.parent.name)
def test_tools_are_valid(path: Path) -> None:
    tools = _table(path)["tools"]
    names = [t["name"] for t in tools]
    assert len(set(names)) == len(names)
    for tool in tools:
        assert 0 < len(tool["name"]) <= MAX_NAME and tool["description"]
        for key in ("input", "output"):
            schema = tool.get(key)
            if schema is None:
                continue
            assert schema["type"] == "object"
            jsonschema.Draft202012Validator.check_schema(schema)
            assert not {"$ref", "$defs", "definitions"} & _keys(schema), (tool["name"], key)
        hints = tool["annotations"]
        assert hints["readOnlyHint"] is (tool["http"] in ("GET", "HEAD"))
        assert hints["destructiveHint"] is (tool["http"] == "DELETE")
        if tool["http"] in ("PUT", "DELETE", "GET"):
            assert hints["idempotentHint"] is True


def test_long_method_names_are_cut_stably() -> None:
    long = "list_" + "very_long_words_" * 6 + "of_a_resource"
    other = long[:-1] + "x"
    assert len(tool_name(_operation(long))) == MAX_NAME
    assert tool_name(_operation(long)) == tool_name(_operation(long))  # stable: from the name only
    assert tool_name(_operation(long)) != tool_name(_operation(other))
    assert tool_name(_operation(long)).startswith("list_very_long_words_")
    assert tool_name(_operation("get_table")) == "get_table"


def test_tool_names_are_the_namespaced_method_names() -> None:
    import dataclasses

    op = dataclasses.replace(_operation("list_file_passages"), space=("files", "passages"), space_method="list")
    assert tool_name(op) == "files_passages_list"
    tools = _table(ROOT / "generated/botpress_client/_mcp_tools.json")["tools"]
    assert {t["name"]: t["method"] for t in tools}["tables_get_or_create"] == "tables.get_or_create"
    assert len({t["name"] for t in tools}) == len(tools) and all(len(t["name"]) <= MAX_NAME for t in tools)


def test_recursion_is_cut() -> None:
    tools = {t["op"]: t for t in _table(ROOT / "tests/fixtures/golden/nested/expected/nested/_mcp_tools.json")["tools"]}
    text = json.dumps(tools["createTree"]["input"])
    assert "recursive: not expanded again" in text and "$ref" not in text


def test_arguments_are_the_methods(tmp_path: Path) -> None:
    tools = {t["name"]: t for t in _table(ROOT / "generated/botpress_client/_mcp_tools.json")["tools"]}
    props = tools["files_passages_list"]["input"]["properties"]
    assert {"id", "next_token", "limit", "bot_id"} <= set(props)  # Python names, not nextToken/x-bot-id
    assert tools["files_passages_list"]["input"]["required"] == ["id"]
    assert tools["tables_get"]["output"]["type"] == "object"


def test_a_union_holding_itself_is_cut() -> None:
    from types import SimpleNamespace

    from generator.emit.mcp_tools import _Schemas
    from generator.ir import TypeRef, UnionDef

    value = TypeRef("union", name="Value")
    union = UnionDef("Value", "", "_decode_value", (TypeRef("str"), TypeRef("list", items=value)), "", ())
    api: Any = SimpleNamespace(models=(), enums=(), unions=(union,))
    schema = _Schemas(api, lenient=False).of(value, ())
    assert schema == {
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"description": "A Value (recursive: not expanded again)"}},
        ]
    }


READMES = sorted(ROOT.glob("tests/fixtures/golden/*/expected/*/README.md"))


@pytest.mark.parametrize("path", READMES, ids=lambda p: p.parent.name)
def test_readme_agent_section_is_the_documents(path: Path) -> None:
    """'Use with an agent': the command, the extra, a client's configuration, the selectors and
    dynamic mode, with examples from the package's own document (no word of this repository's)."""
    package = path.parent.name
    text = path.read_text(encoding="utf-8")
    section = text[text.index("## Use with an agent (MCP)") :].split("\n## ", 1)[0]
    for needed in (f"python -m {package}.mcp", "[mcp]'", '"mcpServers"', "claude_desktop_config.json"):
        assert needed in section, needed
    for needed in ("--include", "--exclude", "--read-only", "--mode dynamic", "--base-url", "--transport http"):
        assert needed in section, needed
    for foreign in ("botpress", "BP_", "/v1/files", "tag:tables"):
        assert foreign not in section, foreign
    tools = {t["name"]: t for t in _table(path.with_name("_mcp_tools.json"))["tools"]}
    example = section.split(f"python -m {package}.mcp --include '", 1)[1].split("'", 1)[0]
    from generator.selection import OperationFacts, parse

    selector = parse(example)  # the example selects some of the document's operations
    facts = [OperationFacts(t["http"], t["path"], t["op"], tuple(t["tags"])) for t in tools.values()]
    assert selector.kind in ("tag", "path", "method") and any(map(selector.matches, facts)), example


def test_a_models_schema_is_made_once_per_set_of_models_around_it() -> None:
    """Models that hold each other (directly, through lists and through a union): every schema
    equals the one made without remembering, and the remembered ones are shared."""
    from types import SimpleNamespace

    from generator.emit.mcp_tools import _Schemas
    from generator.ir import Field, Model, TypeRef, UnionDef

    def field(name: str, t: TypeRef) -> Field:
        return Field(name, name, t, True, f"The {name}.", False, False, "", "")

    a, b, c = (TypeRef("model", name=n) for n in "ABC")
    either = TypeRef("union", name="Either")
    models = (
        Model("A", "", (field("b", b), field("cs", TypeRef("list", items=c)), field("e", either)), True, "", ""),
        Model("B", "", (field("a", a), field("c", c)), False, "", ""),
        Model("C", "", (field("b", b), field("x", TypeRef("str"))), False, "", ""),
    )
    union = UnionDef("Either", "", "_decode_either", (a, TypeRef("list", items=either)), "", ())
    api: Any = SimpleNamespace(models=models, enums=(), unions=(union,))

    class Unremembered(_Schemas):
        def model(self, model: Model, path: tuple[str, ...]) -> Any:
            return self._model(model, path)

    for lenient in (False, True):
        remembered, fresh = _Schemas(api, lenient), Unremembered(api, lenient)
        for t in (a, b, c, either):
            assert remembered.of(t, ()) == fresh.of(t, ()), (lenient, t.name)
        shared = remembered.model(models[1], ("A",))
        assert remembered.model(models[1], ("A",)) is shared and len(remembered.made) < 40
