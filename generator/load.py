"""Read an OpenAPI document, resolve its ``$ref``s across files, and validate it.

Everything that is wrong is collected and raised together as one :class:`SpecError`
whose problems each name a file and a JSON pointer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import yaml
from jsonschema.exceptions import ValidationError, best_match

from . import cache
from .problems import Problem, SpecError, pointer

if TYPE_CHECKING:  # the validator is imported only when a document is validated
    from openapi_spec_validator.validation.keywords import KeywordValidator

JSON = Any
Ptr = tuple[str, ...]

_MAX_VALIDATION_PROBLEMS = 50


class _YamlLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """Safe YAML loader that keeps JSON's data model: string keys, no date objects."""


_YamlLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict[str, Any]:
    loader.flatten_mapping(node)
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, bool):
            key = "true" if key else "false"
        out[str(key) if key is not None else "null"] = loader.construct_object(value_node, deep=True)
    return out


_YamlLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)


@dataclass(frozen=True)
class Node:
    """A value of the document together with where it stands."""

    file: Path
    ptr: Ptr
    value: JSON

    @property
    def pointer(self) -> str:
        return pointer(*self.ptr)

    def child(self, *tokens: str | int) -> Node:
        value = self.value
        for token in tokens:
            value = value[token]
        return Node(self.file, self.ptr + tuple(str(t) for t in tokens), value)


@dataclass
class Document:
    """A loaded OpenAPI document and every file its ``$ref``s reach."""

    path: Path
    display: str
    files: dict[Path, JSON] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    """What is wrong but does not stop generation (the part concerned is left out)."""
    skipped_operations: set[tuple[str, str]] = field(default_factory=set)
    """(path, method) of operations that failed validation and are left out."""

    @property
    def root(self) -> Node:
        return Node(self.path, (), self.files[self.path])

    @property
    def openapi_version(self) -> tuple[int, int]:
        major, minor = str(self.files[self.path]["openapi"]).split(".")[:2]
        return int(major), int(minor)

    def name_of(self, file: Path) -> str:
        """The file as it appears in messages (relative to the root document's folder)."""
        if file == self.path:
            return self.display
        try:
            rel = file.relative_to(self.path.parent)
        except ValueError:
            return str(file)
        return str(Path(self.display).parent / rel)

    def at(self, node: Node, message: str) -> Problem:
        return Problem(self.name_of(node.file), node.pointer, message)

    def resolve_ref(self, ref: str, base: Path) -> Node:
        """Resolve one reference relative to ``base``; raises KeyError when it dangles."""
        file_part, _, fragment = ref.partition("#")
        target = (base.parent / unquote(file_part)).resolve() if file_part else base
        if target not in self.files:
            raise KeyError(f"file {file_part!r} is not loaded")
        value = self.files[target]
        tokens: list[str] = []
        if fragment:
            if not fragment.startswith("/"):
                raise KeyError(f"fragment {fragment!r} is not a JSON pointer")
            for raw in fragment[1:].split("/"):
                token = unquote(raw).replace("~1", "/").replace("~0", "~")
                if isinstance(value, dict) and token in value:
                    value = value[token]
                elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                    value = value[int(token)]
                else:
                    raise KeyError(f"{'/'.join(tokens) or 'the document'} has no member {token!r}")
                tokens.append(token)
        return Node(target, tuple(tokens), value)

    def deref(self, node: Node) -> Node:
        """Follow ``$ref`` chains until a node that is not a reference."""
        seen: set[tuple[Path, Ptr]] = set()
        while isinstance(node.value, dict) and isinstance(node.value.get("$ref"), str):
            key = (node.file, node.ptr)
            if key in seen:
                raise SpecError([self.at(node, "circular $ref chain")])
            seen.add(key)
            node = self.resolve_ref(node.value["$ref"], node.file)
        return node


def _parse(path: Path, display: str) -> JSON:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError([Problem(display, "", "file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError([Problem(display, "", f"cannot read file: {exc}")]) from None
    try:
        if path.suffix == ".json":
            return json.loads(text)
        return yaml.load(text, Loader=_YamlLoader)
    except json.JSONDecodeError as exc:
        raise SpecError(
            [Problem(display, "", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")]
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = getattr(exc, "problem", None) or str(exc)
        raise SpecError([Problem(display, "", f"invalid YAML{where}: {what}")]) from None


def _walk_refs(value: JSON, ptr: Ptr) -> Iterator[tuple[Ptr, str]]:
    stack: list[tuple[JSON, Ptr]] = [(value, ptr)]
    while stack:
        current, here = stack.pop()
        if isinstance(current, dict):
            ref = current.get("$ref")
            if isinstance(ref, str):
                yield here + ("$ref",), ref
            for key, child in current.items():
                if key not in ("example", "examples", "$ref") and isinstance(child, (dict, list)):
                    stack.append((child, here + (key,)))
        elif isinstance(current, list):
            for index, child in enumerate(current):
                if isinstance(child, (dict, list)):
                    stack.append((child, here + (str(index),)))


def load_document(spec: str | Path, *, validate: bool = True) -> Document:
    """Load ``spec`` and everything it references; raise :class:`SpecError` on any problem."""
    display = str(spec)
    path = Path(spec).resolve()
    doc = Document(path=path, display=display)
    root = _parse(path, display)
    doc.files[path] = root
    if not isinstance(root, dict):
        raise SpecError([Problem(display, "", "an OpenAPI document must be a mapping at the top level")])
    version = root.get("openapi")
    if "swagger" in root and version is None:
        raise SpecError([Problem(display, "/swagger", "Swagger 2.0 is not supported; convert it to OpenAPI 3")])
    if not isinstance(version, str) or (not version.startswith(("3.0.", "3.1.")) and version not in ("3.0", "3.1")):
        raise SpecError([Problem(display, "/openapi", f"unsupported OpenAPI version {version!r} (3.0.x or 3.1.x)")])

    problems: list[Problem] = []
    pending = [path]
    walked: set[Path] = set()
    while pending:
        current = pending.pop()
        if current in walked:
            continue
        walked.add(current)
        for ptr, ref in _walk_refs(doc.files[current], ()):
            where = Problem(doc.name_of(current), pointer(*ptr), "")
            file_part = ref.partition("#")[0]
            if file_part:
                if "://" in file_part:
                    problems.append(_with(where, f"remote $ref {ref!r} is not supported; vendor the file"))
                    continue
                target = (current.parent / unquote(file_part)).resolve()
                if target not in doc.files:
                    try:
                        doc.files[target] = _parse(target, doc.name_of(target))
                    except SpecError as exc:
                        reason = "; ".join(p.message for p in exc.problems)
                        problems.append(_with(where, f"dangling $ref {ref!r}: {doc.name_of(target)}: {reason}"))
                        continue
                pending.append(target)
            try:
                doc.resolve_ref(ref, current)
            except KeyError as exc:
                problems.append(_with(where, f"dangling $ref {ref!r}: {exc.args[0]}"))
    if problems:
        raise SpecError(problems)
    if validate:
        for problem in _validate_cached(doc):
            severity = _severity(doc, problem)
            if severity == "error":
                problems.append(problem)
            else:
                doc.warnings.append(Problem(problem.file, problem.pointer, f"{problem.message}; {severity}"))
    if problems:
        raise SpecError(problems)
    return doc


_IGNORED_MEMBER = ("was unexpected", "match any of the regexes")


def _severity(doc: Document, problem: Problem) -> str:
    """``error``, or the consequence of a problem that only warrants a warning.

    Unknown members are ignored; a problem inside one operation leaves that operation out
    (``--strict`` makes every warning an error). Anything else stops generation.
    """
    if any(marker in problem.message for marker in _IGNORED_MEMBER):
        return "not standard here; read leniently"
    if problem.file != doc.display or "is not unique" in problem.message:
        return "error"
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in problem.pointer.split("/")[1:]]
    if tokens and tokens[0] in _DOCUMENTATION_ONLY:
        return "ignored (documentation only)"
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in _HTTP_METHODS:
        doc.skipped_operations.add((tokens[1], tokens[2]))
        return "operation left out"
    return "error"


_DOCUMENTATION_ONLY = frozenset({"tags", "externalDocs", "x-tagGroups"})
_HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def _validation_view(doc: Document) -> JSON:
    """The root document as the validator should see it.

    Some real documents (DigitalOcean's) write a whole operation as a ``$ref`` to another
    file. OpenAPI does not allow that, but the intent is plain: the validator is shown such
    operations inlined, their own ``$ref``s rewritten relative to the root document.
    """
    root = doc.files[doc.path]
    paths = root.get("paths")
    if not isinstance(paths, dict):
        return root
    new_paths: dict[str, JSON] = {}
    changed = False
    for key, item in paths.items():
        if isinstance(item, dict) and any(
            isinstance(item.get(m), dict) and set(item[m]) == {"$ref"} for m in _HTTP_METHODS
        ):
            item = dict(item)
            for method in _HTTP_METHODS:
                op = item.get(method)
                if isinstance(op, dict) and set(op) == {"$ref"} and isinstance(op["$ref"], str):
                    try:
                        target = doc.resolve_ref(op["$ref"], doc.path)
                    except KeyError:
                        continue
                    item[method] = _rebase(target.value, target.file, doc)
                    changed = True
        new_paths[key] = item
    return {**root, "paths": new_paths} if changed else root


def _rebase(value: JSON, source: Path, doc: Document) -> JSON:
    if isinstance(value, list):
        return [_rebase(v, source, doc) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _rebase(v, source, doc) for k, v in value.items() if k != "$ref"}
    ref = value.get("$ref")
    if isinstance(ref, str):
        file_part, hash_, fragment = ref.partition("#")
        target = (source.parent / unquote(file_part)).resolve() if file_part else source
        if target == doc.path:
            out["$ref"] = f"#{fragment}"
        else:
            out["$ref"] = os.path.relpath(target, doc.path.parent).replace(os.sep, "/") + (hash_ + fragment)
    elif "$ref" in value:
        out["$ref"] = value["$ref"]
    return out


def _with(problem: Problem, message: str) -> Problem:
    return Problem(problem.file, problem.pointer, _one_line(message))


def _one_line(text: str, limit: int = 0) -> str:
    """``text`` on one line (messages are one line each), cut to ``limit`` characters if given."""
    text = " ".join(text.split())
    return text[: limit - 3] + "..." if limit and len(text) > limit else text


def _name(doc: Document, key: tuple[Path, Ptr]) -> str:
    """``#/components/schemas/A`` in the root document, ``parts/x.yaml#/A`` elsewhere."""
    file, ptr = key
    return f"{'' if file == doc.path else doc.name_of(file)}#{pointer(*ptr)}"


def _ref_cycles(doc: Document) -> list[Problem]:
    """One problem per ``$ref`` chain that comes back to where it started."""
    problems: list[Problem] = []
    reported: set[frozenset[tuple[Path, Ptr]]] = set()
    for file in sorted(doc.files, key=doc.name_of):
        for ptr, ref in sorted(_walk_refs(doc.files[file], ())):
            start = (file, ptr[:-1])
            node = Node(file, ptr[:-1], {"$ref": ref})
            chain = [start]
            while True:
                node = doc.resolve_ref(node.value["$ref"], node.file)
                key = (node.file, node.ptr)
                if key == start:
                    members = frozenset(chain)
                    if members not in reported:
                        reported.add(members)
                        names = " -> ".join(_name(doc, k) for k in chain + [start])
                        problems.append(
                            Problem(
                                doc.name_of(file),
                                pointer(*ptr),
                                f"circular $ref chain {names}: a $ref must end at a value",
                            )
                        )
                    break
                if key in chain or not (isinstance(node.value, dict) and isinstance(node.value.get("$ref"), str)):
                    break
                chain.append(key)
    return problems


def _all_of_parents(value: JSON, ptr: Ptr) -> Iterator[tuple[Ptr, list[JSON]]]:
    """Every ``allOf`` list of a document (examples excluded), with the pointer of its schema."""
    stack: list[tuple[JSON, Ptr]] = [(value, ptr)]
    while stack:
        current, here = stack.pop()
        if isinstance(current, dict):
            if isinstance(current.get("allOf"), list):
                yield here, current["allOf"]
            stack.extend((child, here + (key,)) for key, child in current.items() if key not in ("example", "examples"))
        elif isinstance(current, list):
            stack.extend((child, here + (str(index),)) for index, child in enumerate(current))


def _all_of_cycles(doc: Document) -> list[Problem]:
    """One problem per cycle of schemas that include each other through ``allOf``."""
    edges: dict[tuple[Path, Ptr], list[tuple[int, tuple[Path, Ptr]]]] = {}
    for file in sorted(doc.files, key=doc.name_of):
        for ptr, parts in _all_of_parents(doc.files[file], ()):
            targets = edges.setdefault((file, ptr), [])
            for index in range(len(parts)):
                try:
                    target = doc.deref(Node(file, ptr, {"allOf": parts}).child("allOf", index))
                except (KeyError, SpecError):  # dangling or circular: reported elsewhere
                    continue
                targets.append((index, (target.file, target.ptr)))
    problems: list[Problem] = []
    reported: set[frozenset[tuple[Path, Ptr]]] = set()
    done: set[tuple[Path, Ptr]] = set()

    def visit(key: tuple[Path, Ptr], trail: list[tuple[Path, Ptr]], via: list[int]) -> None:
        if key in trail:
            cycle = trail[trail.index(key) :]
            exits = via[trail.index(key) :]
            first = min(range(len(cycle)), key=lambda i: (doc.name_of(cycle[i][0]), cycle[i][1]))
            cycle, exits = cycle[first:] + cycle[:first], exits[first:] + exits[:first]
            if frozenset(cycle) not in reported:
                reported.add(frozenset(cycle))
                file, ptr = cycle[0]
                names = " -> ".join(_name(doc, k) for k in cycle + [cycle[0]])
                problems.append(
                    Problem(
                        doc.name_of(file),
                        pointer(*ptr, "allOf", exits[0]),
                        f"cyclic allOf {names}: a schema cannot include itself",
                    )
                )
            return
        if key in done or key not in edges:
            return
        for index, target in edges[key]:
            visit(target, trail + [key], via + [index])
        done.add(key)

    for key in edges:
        visit(key, [], [])
    return problems


def _locate(doc: Document, tokens: Iterable[str]) -> Problem:
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


_WHERE = "_generator_location"


def _locating(cls: type[KeywordValidator]) -> type[KeywordValidator]:
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
            if here is not None and not hasattr(error, _WHERE):
                extra = ("operationId",) if isinstance(error, DuplicateOperationIDError) else tail
                setattr(error, _WHERE, here + extra)
            yield error

    return type(cls.__name__, (cls,), {"__call__": __call__})


def _describe(error: ValidationError) -> ValidationError:
    """The most telling error under ``error`` (jsonschema stops at ambiguous ``anyOf``s; go on)."""
    error = best_match([error]) or error
    while error.context:
        deeper = best_match(error.context)
        if deeper is None:
            break
        error = deeper
    return error


def _message(error: ValidationError) -> str:
    return f"invalid OpenAPI: {_one_line(str(error.message), 200)}"


def _validate_cached(doc: Document) -> list[Problem]:
    """:func:`_validate`, remembered by the document's content (the validator is slow)."""
    import importlib.metadata

    content = json.dumps(
        [[doc.name_of(p), doc.files[p]] for p in sorted(doc.files, key=doc.name_of)], sort_keys=True, ensure_ascii=True
    )
    folder = cache.cache_dir(f"validator-{importlib.metadata.version('openapi-spec-validator')}")
    name = cache.key(doc.display, str(doc.path), content)
    hit = cache.read(folder, name)
    if hit is not None:
        try:
            problems, warnings = json.loads(hit)
            doc.warnings.extend(Problem(*w) for w in warnings)
            return [Problem(*p) for p in problems]
        except (ValueError, TypeError):
            pass
    before = len(doc.warnings)
    problems = _validate(doc)
    record = [
        [[p.file, p.pointer, p.message] for p in problems],
        [[w.file, w.pointer, w.message] for w in doc.warnings[before:]],
    ]
    cache.write(folder, name, json.dumps(record))
    return problems


def _validate(doc: Document) -> list[Problem]:
    """Structure first (the OpenAPI JSON schema); the semantic checks only on a sound structure."""
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

    cls = OpenAPIV31SpecValidator if doc.openapi_version >= (3, 1) else OpenAPIV30SpecValidator
    located = type(
        cls.__name__,
        (cls,),
        {
            "keyword_validators": {name: _locating(kw) for name, kw in cls.keyword_validators.items()},
        },
    )
    view = _validation_view(doc)
    validator = located(view, base_uri=doc.path.as_uri())
    problems: list[Problem] = []
    for error in validator.schema_validator.iter_errors(view):
        detail = _describe(error)
        path = tuple(str(t) for t in detail.absolute_path)
        problems.append(Problem(doc.display, pointer(*path), _message(detail)))
        if len(problems) >= _MAX_VALIDATION_PROBLEMS:
            return problems
    cycles = _ref_cycles(doc) + _all_of_cycles(doc)
    if problems or cycles:  # the semantic checks assume a sound document and recurse on cycles
        return problems + cycles
    try:
        for error in validator.root_validator(validator.schema_path):
            detail = _describe(error)
            where = _locate(doc, getattr(error, _WHERE, ()) + tuple(str(t) for t in detail.absolute_path))
            problems.append(Problem(where.file, where.pointer, _message(detail)))
            if len(problems) >= _MAX_VALIDATION_PROBLEMS:
                break
    except Exception as exc:  # the validator itself failed: our own checks still apply
        doc.warnings.append(
            Problem(
                doc.display,
                "",
                f"openapi-spec-validator failed ({type(exc).__name__}: {_one_line(str(exc), 200)}); its semantic checks were skipped",
            )
        )
    return problems
