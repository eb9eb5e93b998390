"""The tool table of the package's MCP server (``<package>.mcp``): one tool per operation, computed
at generation time and written as data (``_mcp_tools.json``), so that the server only reads it.

Each tool holds its name (:func:`tool_name`), a description, the annotations, the facts the
server's selectors read (method, path, tags, operationId), an input schema and, for an object
answer, an output schema. Schemas are self-contained JSON Schema objects: no ``$ref``/``$defs``;
a model inside itself, or nested deeper than :data:`MAX_DEPTH` models, becomes an open object
saying so (:data:`MAX_OUTPUT_DEPTH` in output schemas). Input schemas name the arguments as the Python method does (wire names inside objects,
as the models' JSON forms the methods accept). Output schemas are lenient (nothing required,
nulls and unknown members admitted) since the client reads answers leniently.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..ir import Api, BodyArg, Model, Operation, Parameter, TypeRef

MAX_NAME = 64
"""The longest tool name MCP clients accept."""

MAX_DEPTH = 3
"""Models nested deeper than this in an input schema become open objects."""

MAX_OUTPUT_DEPTH = 2
"""The same in an output schema (lenient, for the reader's information: kept short)."""

MAX_DESCRIPTION = 1024
"""Characters of a tool's description (summary and description, trimmed at a word)."""

MAX_FIELD_DESCRIPTION = 200
"""Characters of a member's description inside a schema."""

JSON = dict[str, Any]


def tool_name(op: Operation) -> str:
    """The tool's name: the method's namespaced name joined by ``_`` (``tables_get_or_create``;
    stable across regenerations), at most :data:`MAX_NAME` characters (a longer one keeps its
    start and ends with 8 hex digits of its SHA-256). The one place tool names are made."""
    return _bounded("_".join((*op.space, op.space_method)) if op.space_method else op.method_name)


def _bounded(name: str) -> str:
    if len(name) <= MAX_NAME:
        return name
    return f"{name[: MAX_NAME - 9]}_{hashlib.sha256(name.encode('utf-8')).hexdigest()[:8]}"


def _trim(text: str, limit: int) -> str:
    text = " ".join(text.split()) if limit <= MAX_FIELD_DESCRIPTION else text.strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip() + "…"


def _description(op: Operation) -> str:
    head = (op.summary or f"{op.http_method} {op.path}").strip()
    parts = [head]
    if op.description and op.description.strip() != head:
        parts.append(op.description.strip())
    text = _trim("\n\n".join(parts), MAX_DESCRIPTION)
    note = " Deprecated." if op.deprecated else ""
    return f"{text}{note}\n\n`{op.http_method} {op.path}`"


class _Schemas:
    """JSON Schemas of the IR's types, every model written inline."""

    def __init__(self, api: Api, lenient: bool) -> None:
        self.models = {m.name: m for m in api.models}
        self.enums = {e.name: e for e in api.enums}
        self.unions = {u.name: u for u in api.unions}
        self.lenient = lenient  # output: nothing required, nulls and other values admitted
        self.depth = MAX_OUTPUT_DEPTH if lenient else MAX_DEPTH
        self.made: dict[tuple[str, tuple[str, ...]], JSON] = {}  # (model, its path's names sorted) -> schema

    def of(self, t: TypeRef, path: tuple[str, ...]) -> JSON:
        schema = self._bare(t, path)
        if (t.nullable or self.lenient) and schema:
            return {"anyOf": [schema, {"type": "null"}]} if "type" not in schema else _with_null(schema)
        return schema

    def _bare(self, t: TypeRef, path: tuple[str, ...]) -> JSON:
        kind = t.kind
        if kind in ("str", "int", "bool", "none"):
            return {"type": {"str": "string", "int": "integer", "bool": "boolean", "none": "null"}[kind]}
        if kind == "float":
            return {"type": "number"}
        if kind == "datetime":
            return {"type": "string", "format": "date-time"}
        if kind == "file":
            return {"type": "string", "contentEncoding": "base64", "description": "The file's bytes in base64."}
        if kind == "list":
            assert t.items is not None
            return {"type": "array", "items": self.of(t.items, path)}
        if kind == "dict":
            assert t.items is not None
            return {"type": "object", "additionalProperties": self.of(t.items, path)}
        if kind == "enum":
            return self._enum(t.name)
        if kind == "union":
            if t.name in self.unions:  # a named union may hold itself (through lists or maps)
                if t.name in path:
                    return {"description": f"A {t.name} (recursive: not expanded again)"}
                members, path = self.unions[t.name].members, (*path, t.name)
            else:
                members = t.variants
            return {"anyOf": [self.of(m, path) for m in members]} if members else {}
        if kind == "model" and t.name in self.models:
            return self.model(self.models[t.name], path)
        return {}

    def _enum(self, name: str) -> JSON:
        enum = self.enums.get(name)
        if enum is None:
            return {}
        schema: JSON = {"type": "string" if enum.base == "str" else "integer"}
        if enum.open or self.lenient:  # an open set: the known values are examples, not a rule
            shown = ", ".join(json.dumps(v) for v in enum.values[:20])
            schema["description"] = f"Known values (others may occur): {shown}"
        else:
            schema["enum"] = list(enum.values)
        return schema

    def model(self, model: Model, path: tuple[str, ...]) -> JSON:
        """``model``'s schema inside ``path`` (the models and unions around it, each once), which
        it depends on only as a set (what is recursive) and by its number of models (how deep):
        made once for each model and set (shared, never changed: Microsoft Graph's ``user``
        holds the same models under many members)."""
        key = (model.name, tuple(sorted(path)))
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = self._model(model, path)
        return made

    def _model(self, model: Model, path: tuple[str, ...]) -> JSON:
        if model.name in path:
            return {"type": "object", "description": f"A {model.name} (recursive: not expanded again)"}
        if sum(name in self.models for name in path) >= self.depth:  # models only: unions are free
            return {"type": "object", "description": f"A {model.name} (nested deeper than {self.depth}: not expanded)"}
        inner = (*path, model.name)
        fields = [f for f in model.fields if self.lenient or not f.read_only]
        props = {f.wire: _described(self.of(f.type, inner), f.description) for f in fields}
        schema: JSON = {"type": "object", "properties": props}
        required = [f.wire for f in fields if f.sent_required]
        if required and not self.lenient:
            schema["required"] = required
        if model.closed and not self.lenient:
            schema["additionalProperties"] = False
        return schema


def _with_null(schema: JSON) -> JSON:
    kind = schema["type"]
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return schema
    out = {**schema, "type": [*(kind if isinstance(kind, list) else [kind]), "null"]}
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


def _described(schema: JSON, description: str) -> JSON:
    if not description or "description" in schema:
        return schema
    return {**schema, "description": _trim(description, MAX_FIELD_DESCRIPTION)}


def input_schema(api: Api, op: Operation, schemas: _Schemas | None = None) -> JSON:
    """The tool's arguments: one property per argument of the method, named as the method's."""
    schemas = schemas or _Schemas(api, lenient=False)
    props: JSON = {}
    required: list[str] = []
    for arg in op.arguments:
        one = schemas.of(arg.type, ())
        if isinstance(arg, BodyArg) and arg.raw and arg.type.kind == "str":
            one = {"type": "string"}
        props[arg.name] = _described(one, _arg_description(arg))
        if arg.required:
            required.append(arg.name)
    schema: JSON = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema


def _arg_description(arg: Parameter | BodyArg) -> str:
    text = arg.description.strip()
    if isinstance(arg, Parameter) and arg.option is not None:
        text = f"{text} Default: the server's configuration ({arg.option.env or arg.option.name}).".strip()
    return text


def output_schema(api: Api, op: Operation, schemas: _Schemas | None = None) -> JSON | None:
    """The answer's schema when it is a JSON object (a model); None otherwise (wrapped in ``result``)."""
    t = op.response_type
    if op.response_kind != "json" or t is None or t.kind != "model" or t.nullable:
        return None
    schemas = schemas or _Schemas(api, lenient=True)
    if t.name not in schemas.models:
        return None
    return schemas.model(schemas.models[t.name], ())


def tool_annotations(op: Operation) -> JSON:
    method = op.http_method.upper()
    read_only = method in ("GET", "HEAD")
    return {
        "title": _trim(op.summary or op.method_name, 120),
        "readOnlyHint": read_only,
        "destructiveHint": method == "DELETE",
        "idempotentHint": read_only or method in ("PUT", "DELETE") or op.idempotent,
        "openWorldHint": True,
    }


def _converted(op: Operation, kind: str) -> list[str]:
    """The arguments whose JSON value the server converts (``datetime``: ISO text; ``file``: base64)."""
    return [a.name for a in op.arguments if a.type.kind == kind]


def tool_tables(api: Api) -> tuple[str, str]:
    """The texts of ``_mcp_tools.json`` (the index: what the server reads at start) and of
    ``_mcp_schemas.json`` (each tool's input and output schemas by its name: read on the first
    call, description or static listing). Deterministic: sorted keys, tools in the document's order."""
    inputs, outputs = _Schemas(api, lenient=False), _Schemas(api, lenient=True)
    tools, schemas = [], {}
    for op in api.operations:
        name = tool_name(op)
        if name in schemas:  # ``files_passages.list`` and ``files.passages_list`` join alike
            name = _bounded(op.method_name)  # flat method names are unique
        n = 2
        while name in schemas:
            name, n = _bounded(f"{op.method_name}_{n}"), n + 1
        tool: JSON = {
            "name": name,
            "method": ".".join((*op.space, op.space_method)) if op.space_method else op.method_name,
            "http": op.http_method.upper(),
            "path": op.path,
            "op": op.operation_id,
            "tags": list(op.tags),
            "description": _description(op),
            "annotations": tool_annotations(op),
            "answer": op.response_kind,
            "datetimes": _converted(op, "datetime"),
            "files": _converted(op, "file"),
        }
        schemas[name] = {"input": input_schema(api, op, inputs)}
        output = output_schema(api, op, outputs)
        if output is not None:
            schemas[name]["output"] = output
        tools.append(tool)
    table = {"version": 2, "title": api.title, "max_depth": MAX_DEPTH, "tools": tools}
    return _json(table), _json(schemas)


def _json(value: JSON) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":")) + "\n"


def readme_pieces(api: Api) -> JSON:
    """What the generated README's "Use with an agent" section places, from the document only: its
    selector examples are a tag, a path and an operationId of the document's own operations."""
    env = [name for name in (api.token_env, *(o.env for o in api.client_options), api.base_url_env) if name]
    ops = api.operations
    tag = next((op.tag for op in ops if op.tag and _quotable(op.tag)), "")
    op_id = next((op.operation_id for op in ops if op.operation_id.isidentifier()), "")
    examples = [
        *([f"tag:{tag}"] if tag else []),
        *([f"path:{_path_selector(ops[0].path)}"] if ops else []),
        *([f"op:{op_id}"] if op_id else []),
        "method:get",
    ]
    return {
        "distribution": api.package.replace("_", "-"),
        "tools": len(ops),
        "dynamic": len(ops) > 64,
        "env": {name: "..." for name in env},
        "selectors": ", ".join(f"`{e}`" for e in examples),
        "first_selector": examples[0],
        "max_depth": MAX_DEPTH,
    }


def _quotable(text: str) -> bool:
    """Whether ``text`` may stand in the README's code spans and shell quotes as it is."""
    return text.isprintable() and not any(c in text for c in "`'\\")


def _path_selector(path: str) -> str:
    """A selector of ``path`` and its neighbours: ``/v1/files/**`` of ``/v1/files/{id}`` (the
    literal segments before its first parameter, two at most, then ``/**``), or the path itself
    when it is all literal (``/**`` matches below a path, not the path)."""
    segments = path.strip("/").split("/")
    literal: list[str] = []
    for segment in segments:
        if not segment or "{" in segment or not _quotable(segment) or len(literal) == 2:
            break
        literal.append(segment)
    if len(literal) == len(segments):
        return "/" + "/".join(literal)
    return "/" + "/".join([*literal, "**"])


__all__ = [
    "MAX_DEPTH",
    "MAX_NAME",
    "input_schema",
    "output_schema",
    "readme_pieces",
    "tool_annotations",
    "tool_name",
    "tool_tables",
]
