"""The classes of warnings: every warning the generator gives has one, by a stable name.

A class is of one of three severities:

- ``left-out``: a part of the document is not in the client (an operation, a parameter, an
  iterator). Always shown, one line each; ``--strict`` makes it fatal.
- ``degraded``: the part is in the client but lost something (a check skipped, a value
  ignored, a type read as ``Any``, a guess where the document breaks OpenAPI's rules). Always
  shown, one line each; ``--strict`` makes it fatal (``validator-failed`` excepted: a fault of the
  validator, not of the document).
- ``resolved``: the generator resolved it by itself and the client loses nothing (a name that
  collides renamed, a documentation value ignored). A grouped note: one line per class with a count
  and the first example; every line with ``--verbose``. Never fatal unless named in ``fatal``.

A class can be silenced (not shown, not fatal; still counted in the summary) or made fatal by
name: ``silence``/``fatal`` in ``[tool.botpress-codegen]`` of pyproject.toml, ``--silence``/
``--fatal`` on the command line. README.md ("Warnings") lists the classes;
tests/generator/test_warning_classes.py holds that list and this registry in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["left-out", "degraded", "resolved"]

Kind = Literal[
    "operation-left-out",
    "parameter-left-out",
    "iterator-left-out",
    "operation-lenient",
    "untyped-result",
    "typed-any",
    "pattern-unchecked",
    "keyword-dropped",
    "duplicate-key",
    "mapping-ignored",
    "path-parameter-assumed",
    "nonstandard-member",
    "spec-invalid",
    "credential-unsupported",
    "validator-failed",
    "class-renamed",
    "member-renamed",
    "argument-renamed",
    "method-renamed",
    "module-renamed",
    "namespace-renamed",
    "method-kept-whole",
    "override-ignored",
    "option-renamed",
    "names-not-unique",
    "other-openapi-version",
    "schema-dialect",
    "value-ignored",
    "example-ignored",
    "documentation-invalid",
    "empty-required",
    "required-undeclared",
    "unread-ref",
    "framing-header",
    "media-header",
    "credential-header",
    "error-text-raw",
    "shape-shared",
]


@dataclass(frozen=True, slots=True)
class ProblemClass:
    name: Kind
    severity: Severity
    what: str  # one line: what the generator did
    strict: bool = True  # fatal under --strict (when not resolved)


CLASSES: dict[str, ProblemClass] = {
    c.name: c
    for c in (
        ProblemClass("operation-left-out", "left-out", "an operation the generator cannot build is not in the client"),
        ProblemClass("parameter-left-out", "left-out", "a path parameter the path does not hold is not an argument"),
        ProblemClass("iterator-left-out", "left-out", "a paginated operation gets no iterator (its name is taken)"),
        ProblemClass("operation-lenient", "degraded", "an operation that breaks OpenAPI's rules is read leniently"),
        ProblemClass("untyped-result", "degraded", "an operation without usable responses returns None"),
        ProblemClass("typed-any", "degraded", "a schema the generator cannot type is read as any value"),
        ProblemClass("pattern-unchecked", "degraded", "a pattern Python cannot check is not checked by the client"),
        ProblemClass(
            "keyword-dropped", "degraded", "a schema keyword of the wrong type, or contradicting its schema, is ignored"
        ),
        ProblemClass("duplicate-key", "degraded", "a key written twice: the last one is used"),
        ProblemClass("mapping-ignored", "degraded", "a discriminator mapping entry that names no member is ignored"),
        ProblemClass("path-parameter-assumed", "degraded", "a path parameter not declared is taken as a string"),
        ProblemClass("nonstandard-member", "degraded", "a member OpenAPI does not define there is read leniently"),
        ProblemClass("spec-invalid", "degraded", "a part that breaks OpenAPI's rules is read leniently"),
        ProblemClass(
            "credential-unsupported", "degraded", "a security scheme or requirement the client cannot send is left out"
        ),
        ProblemClass(
            "validator-failed",
            "degraded",
            "openapi-spec-validator failed: its semantic checks were skipped",
            strict=False,
        ),
        ProblemClass("class-renamed", "resolved", "a class name taken twice: numbered"),
        ProblemClass("member-renamed", "resolved", "member names that map to one Python name: told apart"),
        ProblemClass("argument-renamed", "resolved", "arguments that map to one name: suffixed"),
        ProblemClass("method-renamed", "resolved", "operationIds that map to one method: numbered"),
        ProblemClass("module-renamed", "resolved", "resources that map to one module: numbered"),
        ProblemClass("namespace-renamed", "resolved", "a namespace whose name is taken: numbered"),
        ProblemClass(
            "method-kept-whole",
            "resolved",
            "a method keeps its whole name in its namespace (its short one is not unique)",
        ),
        ProblemClass(
            "override-ignored", "degraded", "a namespace or method name override that is not usable is ignored"
        ),
        ProblemClass("option-renamed", "resolved", "client options that map to one argument: renamed"),
        ProblemClass("names-not-unique", "resolved", "names OpenAPI wants unique are not: the namer tells them apart"),
        ProblemClass("other-openapi-version", "resolved", "a construct of the other OpenAPI 3 minor version: read so"),
        ProblemClass("schema-dialect", "resolved", "a JSON Schema dialect marker: schemas are read in OpenAPI's"),
        ProblemClass("value-ignored", "resolved", "an invalid default or example: documentation, ignored"),
        ProblemClass("example-ignored", "resolved", "an example the test kit cannot use (too large, no match)"),
        ProblemClass("documentation-invalid", "resolved", "a documentation part breaks OpenAPI's rules: not read"),
        ProblemClass("empty-required", "resolved", "an empty required list: no member required"),
        ProblemClass(
            "required-undeclared", "resolved", "a required member no property declares: no argument, not checked"
        ),
        ProblemClass("unread-ref", "resolved", "a dangling $ref in a part the client never reads: ignored"),
        ProblemClass("error-text-raw", "resolved", "no error schema names a message: ApiError's text is the raw body"),
        ProblemClass(
            "shape-shared", "resolved", "inline schemas of one structure (docs aside): one class, the first's"
        ),
        ProblemClass(
            "framing-header", "resolved", "a Content-Length header parameter: the client sends the body's own"
        ),
        ProblemClass(
            "media-header",
            "resolved",
            "an Accept or Content-Type header parameter: the client sends the document's media types"
            " (where the parameter's enum allows one value, the first of them it reads)",
        ),
        ProblemClass(
            "credential-header",
            "resolved",
            "an Authorization header parameter of a secured operation: the client sends the credential",
        ),
    )
}
UNCLASSIFIED = ProblemClass("spec-invalid", "degraded", "")


def of(kind: str) -> ProblemClass:
    """The class named ``kind`` (a warning made without one counts as ``spec-invalid``)."""
    return CLASSES.get(kind, UNCLASSIFIED)


def unknown(names: list[str] | tuple[str, ...]) -> list[str]:
    """The names that are not classes."""
    return [name for name in names if name not in CLASSES]
