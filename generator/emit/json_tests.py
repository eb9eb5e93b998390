"""Tables the code writer reads: the JSON tests of each kind of value, and the definitions of a
package by name (built once per package: a package may have thousands of modules)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api, EnumAlias, Model, UnionDef

# What a JSON value must be to decode as a member of these kinds, inside a union.
_FITS = {
    "str": "isinstance(data, str)",
    "int": "isinstance(data, int) and not isinstance(data, bool)",
    "float": "isinstance(data, (int, float)) and not isinstance(data, bool)",
    "bool": "isinstance(data, bool)",
    "none": "data is None",
    "list": "isinstance(data, list)",
    "dict": "isinstance(data, dict)",
}
# The violation of each checked JSON type, as a condition on the variable, and its message.
_TYPE_TEST = {
    "string": ("not isinstance({v}, str)", "must be a string"),
    "number": ("type({v}) not in (int, float)", "must be a number"),
    "integer": ("type({v}) is not int", "must be an integer"),
    "boolean": ("type({v}) is not bool", "must be a boolean"),
    "object": ("not isinstance({v}, dict)", "must be an object"),
    "array": ("not isinstance({v}, (list, tuple))", "must be an array"),
}
_PARAM_SOURCES = {"path": "path", "query": "query", "header": "headers"}


@dataclass(frozen=True, slots=True)
class Index:
    """The definitions of a package by name (built once: a package may have thousands of modules)."""

    models: dict[str, Model]
    enums: dict[str, EnumAlias]
    unions: dict[str, UnionDef]

    @classmethod
    def of(cls, api: Api) -> Index:
        return cls({m.name: m for m in api.models}, {e.name: e for e in api.enums}, {u.name: u for u in api.unions})
