"""What an error of openapi-spec-validator says: where in the document it is, and which of
its nested errors is the telling one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from jsonschema.exceptions import ValidationError, best_match

from ..problems import Problem, SpecError, pointer
from .document import Document, Node

if TYPE_CHECKING:  # the validator is imported only when a document is validated
    from openapi_spec_validator.validation.keywords import KeywordValidator

Ptr = tuple[str, ...]


def one_line(text: str, limit: int = 0) -> str:
    """``text`` on one line (messages are one line each), cut to ``limit`` characters if given."""
    text = " ".join(text.split())
    return text[: limit - 3] + "..." if limit and len(text) > limit else text


def locate(doc: Document, tokens: Iterable[str]) -> Problem:
    """Where a path of the validator's traversal (which crosses ``$ref``s) really is."""
    node = doc.root
    rest = list(tokens)
    while True:
        try:
            node = doc.deref(node)
        except (KeyError, SpecError):
            break
        if not rest:
            break
        value, token = node.value, rest[0]
        if isinstance(value, dict) and token in value:
            node = Node(node.file, node.ptr + (token,), value[token])
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            node = Node(node.file, node.ptr + (token,), value[int(token)])
        else:
            break
        rest.pop(0)
    return Problem(doc.name_of(node.file), pointer(*node.ptr, *rest), "")


WHERE = "_generator_location"


def locating(cls: type[KeywordValidator]) -> type[KeywordValidator]:
    """``cls`` whose errors remember the document location of the call that found them.

    openapi-spec-validator's semantic checks (schemas, operationIds, parameters) raise errors
    whose path is relative to the object they were checking, or empty.
    """
    from jsonschema_path import SchemaPath
    from openapi_spec_validator.validation.exceptions import DuplicateOperationIDError
    from openapi_spec_validator.validation.keywords import ValueValidator

    original: Callable[..., Iterator[ValidationError]] = cls.__call__
    tail: Ptr = ("default",) if issubclass(cls, ValueValidator) else ()

    def __call__(self: KeywordValidator, *args: Any, **kwargs: Any) -> Iterator[ValidationError]:
        here = next((tuple(str(p) for p in a.parts) for a in args if isinstance(a, SchemaPath)), None)
        for error in original(self, *args, **kwargs):
            if here is not None and not hasattr(error, WHERE):
                extra = ("operationId",) if isinstance(error, DuplicateOperationIDError) else tail
                setattr(error, WHERE, here + extra)
            yield error

    return type(cls.__name__, (cls,), {"__call__": __call__})


def describe(error: ValidationError) -> ValidationError:
    """The most telling error under ``error`` (jsonschema stops at ambiguous ``anyOf``s; go on)."""
    _with_type_checkers(error)
    error = best_match([error]) or error
    while error.context:
        # A value that is no Reference failed the Reference alternative too: never the telling one.
        alternatives = [e for e in error.context if not (e.validator == "required" and "$ref" in str(e.message))]
        deeper = best_match(alternatives or error.context)
        if deeper is None:
            break
        error = deeper
    return error


def _with_type_checkers(error: ValidationError) -> None:
    """``best_match`` asks each error whether its instance has the schema's type, through the
    type checker the error keeps; openapi-spec-validator re-creates the errors of its schema
    checks without one (``best_match`` then raised AttributeError: the whole check was lost)."""
    from jsonschema.validators import Draft202012Validator

    pending = [error]
    while pending:
        item = pending.pop()
        if not hasattr(item._type_checker, "is_type"):
            item._type_checker = Draft202012Validator.TYPE_CHECKER
        pending.extend(item.context)


def message(error: ValidationError) -> str:
    return f"invalid OpenAPI: {one_line(str(error.message), 200)}"
