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

    return type(cls.__name__, (cls,), {"_get_schema_checker": _get_schema_checker})


@cache
def _meta_checker(cls: Any, format_checker: Any) -> Callable[[Any], None]:
    """What ``openapi_schema_validator``'s ``check_openapi_schema`` does, with one validator."""
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    meta = validator_for(cls.META_SCHEMA, default=cls)(
        cls.META_SCHEMA, format_checker=format_checker, registry=_openapi_specifications()
    )

    def check(schema: Any) -> None:
        errors: Iterator[Any] = meta.iter_errors(schema)
        for error in errors:
            raise SchemaError.create_from(error)

    return check
