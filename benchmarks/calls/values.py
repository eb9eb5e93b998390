"""Valid values built from a document's schemas: its examples first, else enums, consts, defaults,
formats and bounds, the required members of objects and the fewest items of arrays."""

from __future__ import annotations

import re
from typing import Any

from generator.load.reader import Document, Node

from . import regex

_FORMATS: dict[str, Any] = {
    "date-time": "2024-01-02T03:04:05Z",
    "date": "2024-01-02",
    "time": "03:04:05Z",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uri": "https://example.com/a",
    "url": "https://example.com/a",
    "iri": "https://example.com/a",
    "uri-reference": "https://example.com/a",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "byte": "aGVsbG8=",
    "binary": "hello",
    "duration": "P1D",
    "password": "secret-1",
}

_MAX_DEPTH = 12


class Values:
    """The values of one document (``$ref``s resolved where each stands)."""

    def __init__(self, doc: Document, examples: bool = True) -> None:
        self.doc = doc
        self.examples = examples
        """Whether the document's examples are used (else values are made from the schemas alone:
        an example may break its own schema, which the client rightly refuses)."""

    def of(self, node: Node, depth: int = 0) -> Any:
        """A value valid for the schema at ``node`` (``None`` for a schema allowing anything)."""
        node = self.doc.deref(node)
        schema = node.value
        if not isinstance(schema, dict) or depth > _MAX_DEPTH:
            return "x"
        enum = schema.get("enum") if isinstance(schema.get("enum"), list) else None
        for key in ("const", "example", "default") if self.examples else ("const", "default"):
            if key in schema and not _is_ref(schema[key]) and (enum is None or schema[key] in enum):
                if key == "const" or fits(schema[key], schema):
                    return schema[key]
        examples = schema.get("examples")
        if self.examples and isinstance(examples, list) and examples and fits(examples[0], schema):
            return examples[0]
        if isinstance(schema.get("enum"), list) and schema["enum"]:  # not null, nor "" (a path segment)
            given = [v for v in schema["enum"] if v is not None]
            return next((v for v in given if v != ""), given[0] if given else schema["enum"][0])
        if isinstance(schema.get("allOf"), list):
            return self._all_of(node, depth)
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                return self._choice(node, key, depth)
        return self._typed(node, _type(schema), depth)

    def _choice(self, node: Node, key: str, depth: int) -> Any:
        """The first member that is not ``null`` (and is not the schema itself)."""
        members = node.value[key]
        for index in range(len(members)):
            member = self.doc.deref(node.child(key, index)).value
            if isinstance(member, dict) and member.get("type") != "null":
                return self.of(node.child(key, index), depth + 1)
        return None

    def _all_of(self, node: Node, depth: int) -> Any:
        merged: Any = None
        for index in range(len(node.value["allOf"])):
            part = self.of(node.child("allOf", index), depth + 1)
            if isinstance(part, dict) and isinstance(merged, dict):
                merged = {**merged, **part}
            elif merged is None:
                merged = part
        declared = self._members(node)
        if isinstance(merged, dict):  # a name only a part's ``required`` lists: another part's member
            merged = self._declared(merged, declared, depth)
        own = {k: v for k, v in node.value.items() if k != "allOf"}
        if "properties" in own or "required" in own:
            # a name this schema's ``required`` lists and only a part declares: as that part declares it
            rest = self._declared(self._typed(Node(node.file, node.ptr, own), "object", depth), declared, depth)
            if isinstance(merged, dict) or merged is None:  # a member named by ``required``
                mine = own.get("properties") if isinstance(own.get("properties"), dict) else {}
                parts = {  # a member a part requires and this schema declares again: as declared here
                    k: self.of(node.child("properties", k), depth + 1) if k in mine else v
                    for k, v in (merged or {}).items()
                    if k not in rest
                }
                merged = {**rest, **parts}
        return merged

    def _declared(self, value: dict[str, Any], declared: dict[str, Node], depth: int) -> dict[str, Any]:
        """``value`` with each member made up as ``"x"`` (required, declared by no property there)
        made from the member a part of the ``allOf`` declares, where one does."""
        return {k: self.of(declared[k], depth + 1) if v == "x" and k in declared else v for k, v in value.items()}

    def _members(self, node: Node) -> dict[str, Node]:
        """The members the parts of an ``allOf`` declare (a part's own ``allOf`` too)."""
        found: dict[str, Node] = {}
        for index in range(len(node.value.get("allOf") or [])):
            part = self.doc.deref(node.child("allOf", index))
            if not isinstance(part.value, dict):
                continue
            for name in part.value.get("properties") or {}:
                found.setdefault(name, part.child("properties", name))
            if isinstance(part.value.get("allOf"), list):
                for name, member in self._members(part).items():
                    found.setdefault(name, member)
        return found

    def _typed(self, node: Node, kind: str, depth: int) -> Any:
        schema = node.value
        if kind == "object":
            return self._object(node, depth)
        if kind == "array":
            count = max(1, int(schema.get("minItems", 1) or 1))
            item = self.of(node.child("items"), depth + 1) if isinstance(schema.get("items"), dict) else "x"
            if schema.get("uniqueItems") and count > 1:
                return [item] + [f"{item}{i}" for i in range(1, count)]
            return [item] * count
        if kind in ("integer", "number"):
            return _number(schema, kind)
        if kind == "boolean":
            return True
        if kind == "null":
            return None
        return _string(schema)

    def _object(self, node: Node, depth: int) -> dict[str, Any]:
        schema = node.value
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        required = [r for r in schema.get("required") or [] if isinstance(r, str)]
        out: dict[str, Any] = {}
        for name in required:
            if name in props:
                member = self.doc.deref(node.child("properties", name)).value
                if isinstance(member, dict) and member.get("readOnly"):
                    continue
                out[name] = self.of(node.child("properties", name), depth + 1)
            else:
                out[name] = "x"
        count = max(1, int(schema.get("minProperties", 0) or 0))  # never empty: a path segment
        for name in props:
            if len(out) >= count:
                break
            out.setdefault(name, self.of(node.child("properties", name), depth + 1))
        extra = schema.get("additionalProperties", True)
        while len(out) < count and extra is not False:  # a map: ``tags`` with minProperties 1
            value = self.of(node.child("additionalProperties"), depth + 1) if isinstance(extra, dict) else "x"
            out[f"key{len(out) + 1}"] = value
        return out


_PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


def fits(value: Any, schema: dict[str, Any]) -> bool:
    """An example or default of the schema's type (documents give ``example: 1713`` for a string)."""
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []
    if not kinds:
        return True
    if value is None:  # VTEX's default: null for a string no null may be
        return "null" in kinds or schema.get("nullable") is True
    if isinstance(value, bool) and "boolean" not in kinds:
        return False
    return any(isinstance(value, _PYTHON_TYPES.get(k, object)) for k in kinds if isinstance(k, str))


def _is_ref(value: Any) -> bool:
    return isinstance(value, dict) and "$ref" in value


def _type(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if isinstance(kind, str):
        return kind
    if "properties" in schema or "additionalProperties" in schema or "required" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return "string"


def _number(schema: dict[str, Any], kind: str) -> int | float:
    low = schema.get("minimum")
    high = schema.get("maximum")
    value: float = 1
    if isinstance(low, (int, float)) and not isinstance(low, bool):
        value = low + (1 if schema.get("exclusiveMinimum") is True else 0)
    elif isinstance(high, (int, float)) and not isinstance(high, bool) and high < 1:
        value = high - (1 if schema.get("exclusiveMaximum") is True else 0)
    ex_low = schema.get("exclusiveMinimum")
    if isinstance(ex_low, (int, float)) and not isinstance(ex_low, bool) and value <= ex_low:
        value = ex_low + 1
    step = schema.get("multipleOf")
    if isinstance(step, (int, float)) and step > 0 and value % step:
        value = (value // step + 1) * step
    return int(value) if kind == "integer" else float(value)


def _string(schema: dict[str, Any]) -> str:
    fmt = schema.get("format")
    text = _FORMATS.get(fmt, "") if isinstance(fmt, str) else ""
    pattern = schema.get("pattern")
    low = schema.get("minLength")
    high = schema.get("maxLength")
    if not text and isinstance(pattern, str):
        text = _from_pattern(pattern, low if isinstance(low, int) else 0, high if isinstance(high, int) else None)
        if text:
            return text
    if not text:
        text = "abc"
    if isinstance(low, int) and len(text) < low:
        text = text + "a" * (low - len(text))
    if isinstance(high, int) and len(text) > high:
        text = text[:high]
    return text


def _from_pattern(pattern: str, low: int = 0, high: int | None = None) -> str:
    """A string matching ``pattern`` within the length bounds, else "": the regex's parse tree
    spelled out with few repetitions (``regex.py``), else a few common shapes."""
    bounds = tuple(n for n in (low, high) if n is not None and 0 < n <= 64)  # IAM's six-digit codes: "111111"
    candidates = [regex.example(pattern, times) for times in (1, 0, 2, 4, 8, 16, 32, *bounds)]
    candidates += ["1", "0", "a", "abc", "A", "a1", "1.0", "2020-01-01", "a-b", "a_b"]
    for candidate in candidates:
        if candidate is None or len(candidate) < low or (high is not None and len(candidate) > high):
            continue
        try:
            if re.search(pattern, candidate):
                return candidate
        except re.error:
            return ""
    return ""
