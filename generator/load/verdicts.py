"""What one finding of openapi-spec-validator means for the client: the one place that decides.

A problem decides the smallest part it touches. A finding that does not change the client (an
invalid ``default`` or ``example``, a dialect marker, a construct of the other OpenAPI 3 minor
version, a missing description) is a warning and the generator does the sensible thing; one
inside an operation that would make that operation wrong leaves the operation out; only what
is left is an error of the whole document. ``--strict`` makes every warning an error.

Findings are classified where the validator reports them (:func:`classify`, from the path the
validator walked, which is rooted at the root document even where the value lives in another
file) and turned into consequences when generation reads them (:func:`consequence`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..problems import Problem
from .openapi import HTTP_METHODS

ERROR = "error"
OPERATION = "operation"

# kind -> what the generator does about it (the tail of the warning line)
CONSEQUENCES = {
    "member": "not standard here; read leniently",
    "value": "ignored (a default or example is documentation; the client neither sends nor checks it)",
    "dialect": "ignored (schemas are read in OpenAPI's own dialect)",
    "as_3_0": "read as OpenAPI 3.0 defines it",
    "as_3_1": "read as OpenAPI 3.1 defines it",
    "docs": "ignored (documentation only)",
    "responses": "the operation is generated with an untyped result (None)",
    "names": "the namer names them apart",
    "required": "read as no required member",
    OPERATION: "read leniently",
    "lenient": "read leniently",
    "ours": "",  # the generator's own, better located warning says it (e.g. path parameters)
}
LEFT_OUT = "operation left out"
# kind -> the class of the warning it becomes (generator/problem_classes.py)
CLASSES = {
    "member": "nonstandard-member",
    "value": "value-ignored",
    "dialect": "schema-dialect",
    "as_3_0": "other-openapi-version",
    "as_3_1": "other-openapi-version",
    "docs": "documentation-invalid",
    "responses": "untyped-result",
    "names": "names-not-unique",
    "required": "empty-required",
    OPERATION: "operation-lenient",
    "lenient": "spec-invalid",
}

# Parts of a document that only document: the client reads nothing in them.
_DOCUMENTATION_ONLY = frozenset({"tags", "externalDocs", "x-tagGroups", "info", "webhooks"})
# Members of an operation the client does not read.
_NOT_READ_IN_OPERATION = frozenset({"callbacks", "externalDocs", "security", "servers", "tags"})
_LITERAL_DATA = frozenset({"default", "example", "examples"})


def _inside_literal(tokens: tuple[str, ...]) -> bool:
    """Whether the path runs through a ``default``/``example``/``examples`` keyword or an
    extension (``x-...``): literal data, not schema. A *property named* ``default`` is a schema."""
    for index, token in enumerate(tokens):
        named = index > 0 and tokens[index - 1] in ("properties", "patternProperties")
        if not named and (token in _LITERAL_DATA or token.startswith("x-")):
            return True
    return False


def _version_construct(tokens: tuple[str, ...], instance: Any, version: tuple[int, int]) -> str:
    """``as_3_0``/``as_3_1`` when the finding is a construct of the other minor version that the
    generator reads with that version's meaning, else ''."""
    last = tokens[-1] if tokens else ""
    if version >= (3, 1) and last in ("exclusiveMaximum", "exclusiveMinimum") and isinstance(instance, bool):
        return "as_3_0"  # boolean exclusive bounds modify minimum/maximum, as in 3.0
    if version < (3, 1):
        if last == "type" and (instance == "null" or isinstance(instance, list)):
            return "as_3_1"  # type 'null' / a list of types: nullable, as in 3.1
        if last in ("exclusiveMaximum", "exclusiveMinimum") and not isinstance(instance, bool):
            return "as_3_1"  # a numeric exclusive bound
        if last in ("const", "examples", "$schema", "$id", "$comment"):
            return "as_3_1"
    return ""


_UNREAD_COMPONENTS = frozenset({"callbacks", "links", "examples", "securitySchemes"})


def unread(tokens: tuple[str, ...]) -> bool:
    """Whether a place of the root document lies in a part the client never reads: callbacks,
    links, examples, webhooks, extensions, security schemes."""
    if not tokens:
        return False
    if tokens[0] == "webhooks" or (tokens[0] == "components" and tokens[1:2] and tokens[1] in _UNREAD_COMPONENTS):
        return True
    return "callbacks" in tokens or "links" in tokens or _inside_literal(tokens)


def _is_pattern_keyword(tokens: tuple[str, ...]) -> bool:
    """Whether the path ends at a schema's ``pattern`` (not at a property named so)."""
    return (
        bool(tokens)
        and tokens[-1] == "pattern"
        and not (len(tokens) >= 2 and tokens[-2] in ("properties", "patternProperties"))
    )


def classify(tokens: tuple[str, ...], message: str, instance: Any, version: tuple[int, int]) -> str:
    """The kind of a finding at ``tokens`` (a path from the root document, crossing ``$ref``s)."""
    if "was unexpected" in message or "match any of the regexes" in message:
        return "member"
    if "is not unique" in message:
        return "names"
    if message.startswith("invalid OpenAPI: Path parameter ") and message.endswith("was not resolved"):
        return "ours"
    if _is_pattern_keyword(tokens) and message.endswith("is not a 'regex'"):
        return "ours"  # an ECMA-262 pattern Python cannot read: lower/patterns translates it or says why not
    if "JSON Schema dialect" in message or (tokens and tokens[-1] in ("$schema", "jsonSchemaDialect")):
        return "dialect"
    if _inside_literal(tokens):
        return "value"
    kind = _version_construct(tokens, instance, version)
    if kind:
        return kind
    if "'description' is a required property" in message or (tokens and tokens[0] in _DOCUMENTATION_ONLY):
        return "docs"
    if not tokens and ("'info' is a required property" in message):
        return "docs"
    if tokens and tokens[-1] == "required" and instance == []:
        return "required"
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        if tokens[3:] == ("responses",) or "'responses' is a required property" in message:
            return "responses"
        if len(tokens) >= 4 and tokens[3] in _NOT_READ_IN_OPERATION:
            return "docs"
        return OPERATION
    if len(tokens) >= 2 and tokens[0] == "components" and tokens[1] in ("securitySchemes", "links", "callbacks"):
        return "docs"
    if len(tokens) >= 2 or "'paths' is a required property" in message:
        return "lenient"  # inside a component, a server...: the generator reads what it can
    return ERROR  # the top level of the document is not what OpenAPI says


def operation_of(tokens: tuple[str, ...]) -> tuple[str, str] | None:
    """(path, method) of a finding inside an operation."""
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        return tokens[1], tokens[2]
    return None


class Finding(NamedTuple):
    """One located finding of the validator, with its kind and the operation it sits in."""

    problem: Problem
    kind: str
    operation: tuple[str, str] | None

    def record(self) -> list[Any]:
        """A JSON-able form (the validator's findings are cached and sent between processes)."""
        p = self.problem
        return [p.file, p.pointer, p.message, self.kind, list(self.operation) if self.operation else None]

    @classmethod
    def from_record(cls, record: list[Any]) -> Finding:
        file, ptr, message, kind, operation = record
        return cls(Problem(file, ptr, message), kind, (operation[0], operation[1]) if operation else None)


def finding(problem: Problem, tokens: tuple[str, ...], instance: Any, version: tuple[int, int]) -> Finding:
    return Finding(problem, classify(tokens, problem.message, instance, version), operation_of(tokens))


def consequence(item: Finding, left_out: set[tuple[str, str]]) -> Problem | None:
    """The warning a finding becomes (its consequence appended), or None when it is an error or
    said by the generator itself. A finding inside an operation is read leniently, unless the
    operation is in ``left_out`` (the lenient build failed: see :func:`generator.pipeline.build`)."""
    if item.kind in (ERROR, "ours"):
        return None
    p = item.problem
    if item.kind == OPERATION and item.operation in left_out:
        return Problem(p.file, p.pointer, f"{p.message}; {LEFT_OUT}", "operation-left-out")
    return Problem(p.file, p.pointer, f"{p.message}; {CONSEQUENCES[item.kind]}", CLASSES[item.kind])
