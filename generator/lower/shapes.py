"""The structural content of a schema: what two inline schemas must share to be one class.

Two inline schemas with the same structure (their keywords once the documentation ones are set
aside, recursively) decode, encode and check the same values: the type builder
(:mod:`.types`) gives them one class, named by the first one reached (issue 35).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

# Keywords that only document a schema: set aside when comparing (they may differ between copies).
# ``deprecated``, ``default`` and ``x-`` extensions stay: the client reads them.
DOCUMENTATION = frozenset({"description", "title", "example", "examples", "externalDocs", "$comment"})
# Keywords whose value maps names to schemas (the names are data, the values schemas).
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
# Keywords whose value is one schema, or a list of them.
_SCHEMA_ONE = frozenset(
    {
        "items",
        "additionalProperties",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
        "additionalItems",
    }
)
_SCHEMA_LIST = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})


def structure(schema: Any) -> Any:
    """``schema`` without its documentation keywords, at every depth of its subschemas."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in DOCUMENTATION:
            continue
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: structure(sub) for name, sub in value.items()}
        elif key in _SCHEMA_ONE:
            out[key] = structure(value)
        elif key in _SCHEMA_LIST and isinstance(value, list):
            out[key] = [structure(sub) for sub in value]
        else:
            out[key] = value
    return out


def shape_key(schema: dict[str, Any]) -> str:
    """A digest of ``schema``'s structure (canonical JSON: sorted keys, no spaces)."""
    text = json.dumps(structure(schema), sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
