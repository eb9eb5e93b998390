"""Read an OpenAPI document, resolve its ``$ref``s across files, and validate it.

Everything that is wrong is collected and raised together as one :class:`SpecError`
whose problems each name a file and a JSON pointer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import unquote

import yaml
from jsonschema.exceptions import ValidationError, best_match

from .problems import Problem, SpecError, pointer

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
        return yaml.load(text, Loader=_YamlLoader)  # noqa: S506 - a safe loader subclass
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
    if not isinstance(version, str) or not version.startswith(("3.0.", "3.1.")) and version not in ("3.0", "3.1"):
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
                    except SpecError:
                        problems.append(_with(where, f"dangling $ref {ref!r}: file {file_part!r} cannot be read"))
                        continue
                pending.append(target)
            try:
                doc.resolve_ref(ref, current)
            except KeyError as exc:
                problems.append(_with(where, f"dangling $ref {ref!r}: {exc.args[0]}"))
    if problems:
        raise SpecError(problems)
    if validate:
        problems.extend(_validate(doc))
    if problems:
        raise SpecError(problems)
    return doc


def _with(problem: Problem, message: str) -> Problem:
    return Problem(problem.file, problem.pointer, message)


def _describe(error: ValidationError) -> ValidationError:
    while error.context:
        deeper = best_match(error.context)
        if deeper is None:
            break
        error = deeper
    return error


def _validate(doc: Document) -> list[Problem]:
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

    major_minor = doc.openapi_version
    cls = OpenAPIV31SpecValidator if major_minor >= (3, 1) else OpenAPIV30SpecValidator
    validator = cls(doc.files[doc.path], base_uri=doc.path.as_uri())
    problems: list[Problem] = []
    try:
        for error in validator.iter_errors():
            detail = _describe(error)
            path = tuple(str(t) for t in detail.absolute_path) or tuple(str(t) for t in error.absolute_path)
            message = detail.message
            if len(message) > 200:
                message = message[:197] + "..."
            problems.append(Problem(doc.display, pointer(*path), f"invalid OpenAPI: {message}"))
            if len(problems) >= _MAX_VALIDATION_PROBLEMS:
                break
    except Exception as exc:  # the validator itself failed on a malformed document
        problems.append(Problem(doc.display, "", f"invalid OpenAPI: {type(exc).__name__}: {exc}"))
    return problems
