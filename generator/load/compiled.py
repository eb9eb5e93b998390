"""Whether a document has any fault against a JSON schema, answered by a compiled validator.

jsonschema (pure Python) takes about 12 s of CPU to walk GitHub's document (13 MB) against the
OpenAPI 3.0 schema; jsonschema-rs answers whether it finds any error at all in about 0.05 s. The
located errors the user reads stay jsonschema's own: :mod:`generator.load.validate` asks
jsonschema for them only when this check finds a fault, or cannot give an answer (jsonschema-rs
is not installed, refuses a value, or fails in any way). A "sound" answer is the only one that
skips anything: tests/generator/test_compiled_check.py compares the two validators' verdicts on
sound and broken documents.

No network and no file: the schemas checked here name no other resource, and the retriever
given to jsonschema-rs refuses any it is asked for.
"""

from __future__ import annotations

import json
from typing import Any

_COMPILED: dict[str, Any] = {}


class _Refused(Exception):
    """jsonschema-rs asked for a resource the schema names: never fetched."""


def _refuse(uri: str) -> Any:
    raise _Refused(f"{uri}: not fetched")


def sound(schema: dict[str, Any], instance: Any) -> bool:
    """True when jsonschema-rs validates ``instance`` against ``schema`` (formats not asserted, as
    the library's structure check does not) and finds no error; False when it finds one or gives
    no answer."""
    try:
        import jsonschema_rs
    except ImportError:
        return False
    key = json.dumps(schema, sort_keys=True, default=repr)
    try:
        validator = _COMPILED.get(key)
        if validator is None:
            validator = _COMPILED[key] = jsonschema_rs.validator_for(schema, validate_formats=False, retriever=_refuse)
        return bool(validator.is_valid(instance))
    except Exception:  # a value it cannot take, a schema it cannot compile: jsonschema answers
        return False
