"""openapi-spec-validator's JSON Schema checks, with their meta-schema registries crawled once.

jsonschema resolves each ``$dynamicRef`` of the OpenAPI 3.1 meta-schemas through a
``referencing`` registry. openapi-spec-validator hands its validators registries that were never
crawled, and the crawled registry a lookup builds is not kept, so every one of thousands of
lookups crawls all the meta-schemas again (14 of the 19 s spent validating the openai document
of the corpus), and every schema of the document gets a new meta-schema validator. Here each
registry is crawled once and each meta-schema validator built once; the checks, their order and
their errors are the library's own (tests/generator/test_validator_registry.py compares them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.protocols import Validator
    from openapi_spec_validator.validation.keywords import KeywordValidator
    from referencing import Registry


def structure_validator(library: Validator) -> Validator:
    """The library's validator of whole documents (against the OpenAPI document's JSON schema),
    rebuilt over a crawled registry; ``library`` itself when its schema names no ``$id``."""
    from jsonschema.validators import validator_for
    from referencing.jsonschema import specification_with

    schema = dict(library.schema)
    resource = specification_with(schema.get("$schema", "")).create_resource(schema)
    uri = resource.id()
    if not uri:
        return library
    if uri not in _STRUCTURE:
        registry = _jsonschema_specifications().with_resource(uri, resource).crawl()
        _STRUCTURE[uri] = validator_for(schema)(schema, registry=registry)
    return _STRUCTURE[uri]


_STRUCTURE: dict[str, Validator] = {}


@cache
def _jsonschema_specifications() -> Registry[Any]:
    from jsonschema.validators import SPECIFICATIONS

    registry: Registry[Any] = SPECIFICATIONS.crawl()
    return registry


@cache
def _openapi_specifications() -> Registry[Any]:
    from openapi_schema_validator._specifications import REGISTRY

    registry: Registry[Any] = REGISTRY.crawl()
    return registry


@cache
def _plain_specifications() -> Registry[Any]:
    """Every meta-schema the OpenAPI dialects use, without its ``$schema``.

    jsonschema picks the validator class of each schema it descends into by that schema's
    ``$schema``, so a meta-schema that names one would be checked by the library's class, not by
    the one :func:`_meta_checker` extends. Each resource keeps its specification, so references
    and dynamic anchors resolve as before."""
    from jsonschema.validators import SPECIFICATIONS
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012, specification_with

    every = SPECIFICATIONS.combine(_openapi_specifications())
    resources = []
    for uri in every:
        contents = every[uri].contents
        dialect = contents.get("$schema", "") if isinstance(contents, dict) else ""
        specification = specification_with(dialect, default=DRAFT202012)
        resources.append((uri, specification.create_resource(_without_schema(contents))))
    plain: Registry[Any] = Registry().with_resources(resources).crawl()
    return plain


def _without_schema(contents: Any) -> Any:
    return {k: v for k, v in contents.items() if k != "$schema"} if isinstance(contents, dict) else contents


def schema_keyword(cls: type[KeywordValidator]) -> type[KeywordValidator]:
    """``cls`` (openapi-spec-validator's check of one schema object) whose meta-schema check
    reuses one validator per dialect, over the crawled registry."""
    original: Callable[..., Callable[[Any], None]] = cls._get_schema_checker  # type: ignore[attr-defined]

    def _get_schema_checker(self: KeywordValidator, schema: Any, schema_value: Any) -> Callable[[Any], None]:
        checker = original(self, schema, schema_value)
        bound = getattr(checker, "func", checker)  # 3.1: a partial of check_schema; 3.0: the method
        owner = getattr(bound, "__self__", None)
        if getattr(getattr(bound, "__func__", None), "__name__", "") != "check_openapi_schema" or owner is None:
            return checker  # not the checker this module reproduces: keep the library's own
        keywords = getattr(checker, "keywords", {})
        return _meta_checker(owner, keywords.get("format_checker", owner.FORMAT_CHECKER))

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        cls.__init__(self, *args, **kwargs)
        self.visited_schema_ids = _Seen()
        self.meta_checked_schema_ids = _Seen()

    return type(cls.__name__, (cls,), {"_get_schema_checker": _get_schema_checker, "__init__": __init__})


class _Seen(list[int]):
    """The ids of the schemas checked so far, tested by a set: the library keeps them in a list
    and tests membership once per schema, quadratic in the schemas of a document."""

    def __init__(self) -> None:
        super().__init__()
        self._ids: set[int] = set()

    def append(self, schema_id: int) -> None:
        self._ids.add(schema_id)
        super().append(schema_id)

    def __contains__(self, schema_id: object) -> bool:
        return schema_id in self._ids


@cache
def _meta_checker(cls: Any, format_checker: Any) -> Callable[[Any], None]:
    """What ``openapi_schema_validator``'s ``check_openapi_schema`` does, with one validator."""
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import extend, validator_for

    library = validator_for(cls.META_SCHEMA, default=cls)
    recursion = "$dynamicRef" if "$dynamicRef" in library.VALIDATORS else "$ref"
    remembering = extend(library, {recursion: _remembered(library.VALIDATORS[recursion])})
    meta = remembering(
        _without_schema(cls.META_SCHEMA), format_checker=_total_regex(format_checker), registry=_plain_specifications()
    )

    def check(schema: Any) -> None:
        errors: Iterator[Any] = meta.iter_errors(schema)
        for error in errors:
            raise SchemaError.create_from(error)

    return check


# A sub-schema's text longer than this is not remembered: long ones rarely repeat, and the keys
# stay small (the memory of a check is bounded by the count of short sub-schemas).
_REMEMBERED_TEXT = 2048
# Annotations the meta-schemas only require to be strings: a sub-schema that passed its check
# passes it whatever text they hold (schemas that differ only in their descriptions abound).
_FREE_TEXT = frozenset({"description", "title", "$comment"})


def _remembered(keyword: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """``keyword`` (the meta-schema's recursion into a sub-schema: ``$dynamicRef`` for 3.1,
    ``$ref`` for 3.0), its errors remembered by the sub-schema's text.

    Checking a schema against its meta-schema re-checks every sub-schema it holds, and real
    documents repeat the same small sub-schemas (``{type: string}``) thousands of times: most of
    the validator's time on large documents. The recursion's result depends on the sub-schema
    alone (the meta-schema's dynamic scope is the same at every depth: its outermost
    ``$dynamicAnchor`` is the dialect's), so a repeat yields copies of the errors it had. The text
    keeps its key order, which decides the order of the errors. A sub-schema that passed is also
    remembered by its shape (its text with the free text of :data:`_FREE_TEXT` left out): another
    of the same shape passes too. One that failed is remembered by its whole text only, since its
    errors may quote it.
    """
    from jsonschema.exceptions import ValidationError

    memory: dict[tuple[Any, str], list[ValidationError]] = {}
    passed: set[tuple[Any, str]] = set()
    _MEMORIES.extend((memory, passed))

    def fresh(error: ValidationError) -> ValidationError:
        # The caller prepends its own path and schema path to what it is given: give copies.
        copy = ValidationError.create_from(error)
        copy._type_checker = error._type_checker
        return copy

    def recursion(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
        if not isinstance(instance, dict):
            yield from keyword(validator, value, instance, schema)
            return
        key, shape = (value, _text(instance)), (value, _text(_shape(instance)))
        errors = memory.get(key)
        if errors is None:
            if shape in passed:
                return
            errors = [fresh(e) for e in keyword(validator, value, instance, schema)]
            if len(key[1]) <= _REMEMBERED_TEXT:
                memory[key] = errors
            if not errors and len(shape[1]) <= _REMEMBERED_TEXT:
                passed.add(shape)
        for error in errors:
            yield fresh(error)

    return recursion


_MEMORIES: list[dict[Any, Any] | set[Any]] = []


def forget() -> None:
    """Drop what the checks remember: it is worth keeping within one document only."""
    for memory in _MEMORIES:
        memory.clear()


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), default=repr)


def _shape(value: Any) -> Any:
    """``value`` with the string values of :data:`_FREE_TEXT` members emptied, at every depth."""
    if isinstance(value, dict):
        return {k: "" if k in _FREE_TEXT and isinstance(v, str) else _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value


def _total_regex(format_checker: Any) -> Any:
    """``format_checker`` whose ``regex`` check answers for every pattern: one Python's ``re``
    cannot even parse (``a{1,4294967296}``: OverflowError, not ``re.error``) is "not a 'regex'"
    like any other it refuses, a finding :mod:`generator.lower.patterns` answers, not a crash
    of the validator (which, crashing, skipped its semantic checks, on some hash seeds only)."""
    from jsonschema import FormatChecker

    found = getattr(format_checker, "checkers", {}).get("regex")
    if found is None:
        return format_checker
    check, raises = found

    def regex(instance: object) -> bool:
        try:
            return bool(check(instance))
        except (OverflowError, RecursionError):
            return False

    total = FormatChecker(())
    total.checkers = {**format_checker.checkers, "regex": (regex, raises)}
    return total
