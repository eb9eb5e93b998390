"""openapi-spec-validator on a loaded document, located, confined and remembered.

The validator is given the files already in memory and nothing else: its reference resolver
serves those files and refuses any other target, so it never reads a file or opens a socket.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from .. import cache
from ..problems import Problem, pointer
from . import compiled, metaschemas
from .all_of_cycles import all_of_cycles
from .document import Document
from .openapi import HTTP_METHODS
from .refs import ref_chains
from .validator_errors import WHERE, describe, locate, locating, message, one_line
from .verdicts import ERROR, Finding, finding

if TYPE_CHECKING:  # the validator is imported only when a document is validated
    pass

JSON = Any
Ptr = tuple[str, ...]

_MAX_VALIDATION_PROBLEMS = 50


class RefusedRetrieval(Exception):
    """The validator asked for something that is not a loaded file of the document."""


class _InMemory:
    """A resolver handler that serves the document's loaded files, and nothing else."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def __call__(self, uri: str) -> JSON:
        parts = urlsplit(uri)
        if parts.scheme == "file" and parts.netloc in ("", "localhost"):
            path = Path(url2pathname(parts.path))
            if path in self.doc.files:
                return self.doc.files[path]
        raise RefusedRetrieval(f"{uri}: not a loaded file of the document")


class _EveryScheme(dict[str, Any]):
    """Handlers for every URI scheme: jsonschema-path falls back to urllib for a scheme it has none for."""

    def __init__(self, handler: Callable[[str], JSON]) -> None:
        super().__init__({"<all_urls>": handler, "file": handler, "http": handler, "https": handler})
        self.handler = handler

    def __contains__(self, key: object) -> bool:
        return True

    def __missing__(self, key: str) -> Callable[[str], JSON]:
        return self.handler

    def get(self, key: str, default: Any = None) -> Any:
        return self.handler


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
            isinstance(item.get(m), dict) and set(item[m]) == {"$ref"} for m in HTTP_METHODS
        ):
            item = dict(item)
            for method in HTTP_METHODS:
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


def _validate_cached(doc: Document) -> list[Finding]:
    """:func:`_validate`, remembered by the document's content (the validator is slow)."""
    import importlib.metadata

    content = json.dumps(
        [[doc.name_of(p), doc.files[p]] for p in sorted(doc.files, key=doc.name_of)], sort_keys=True, ensure_ascii=True
    )
    folder = cache.cache_dir(f"validator-{importlib.metadata.version('openapi-spec-validator')}-findings")
    name = cache.key(doc.display, str(doc.path), content, _findings_code(), _compiled_version())
    hit = cache.read(folder, name)
    if hit is not None:
        try:
            findings, notes = json.loads(hit)
            doc.notes.extend(Problem(*n) for n in notes)
            return [Finding.from_record(f) for f in findings]
        except (ValueError, TypeError):
            pass
    before = len(doc.notes)
    findings = _validate(doc)
    record = [[f.record() for f in findings], [[n.file, n.pointer, n.message, n.kind] for n in doc.notes[before:]]]
    cache.write(folder, name, json.dumps(record))
    return findings


def _findings_code() -> str:
    """The code that turns the validator's errors into findings: a change to it is a new key."""
    here = Path(__file__).parent
    return cache.key(
        *(
            (here / name).read_text(encoding="utf-8")
            for name in ("validate.py", "validator_errors.py", "metaschemas.py", "verdicts.py", "compiled.py")
        )
    )


def _compiled_version() -> str:
    """jsonschema-rs's version, or none: whether it is there changes which checks run, and
    openapi-spec-validator's own default backend (a result cached without it must not be read
    with it, nor the other way round)."""
    import importlib.metadata

    try:
        return importlib.metadata.version("jsonschema-rs")
    except importlib.metadata.PackageNotFoundError:
        return "none"


class _Findings(list[Finding]):
    """Findings, at most ``_MAX_VALIDATION_PROBLEMS`` errors and as many warnings kept."""

    def __init__(self, doc: Document) -> None:
        super().__init__()
        self.doc = doc
        self.counts = {True: 0, False: 0}
        self.left_out = 0

    def add(self, problem: Problem, tokens: tuple[str, ...], instance: Any) -> None:
        item = finding(problem, tokens, instance, self.doc.openapi_version)
        is_error = item.kind == ERROR
        if self.counts[is_error] < _MAX_VALIDATION_PROBLEMS or item.operation is not None:
            self.append(item)  # every operation a finding leaves out is known, however many
        else:
            self.left_out += 1
        self.counts[is_error] += 1

    @property
    def full(self) -> bool:
        return self.counts[True] >= _MAX_VALIDATION_PROBLEMS

    @property
    def errors(self) -> bool:
        return self.counts[True] > 0


def _validate(doc: Document) -> list[Finding]:
    """Structure first (the OpenAPI JSON schema); the semantic checks only on a sound structure
    (they fail on what the structure check finds, even where that is only a warning)."""
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

    cls = OpenAPIV31SpecValidator if doc.openapi_version >= (3, 1) else OpenAPIV30SpecValidator
    located = type(
        cls.__name__,
        (cls,),
        {
            "keyword_validators": {
                name: locating(metaschemas.schema_keyword(kw) if name == "schema" else kw)
                for name, kw in cls.keyword_validators.items()
            },
            "resolver_handlers": _EveryScheme(_InMemory(doc)),
            "schema_validator": metaschemas.structure_validator(cls.schema_validator),
        },
    )
    try:
        return _run(located, doc)
    finally:
        metaschemas.forget()


def _run(located: Any, doc: Document) -> list[Finding]:
    view = _validation_view(doc)
    validator = located(view, base_uri=doc.path.as_uri())
    findings = _Findings(doc)
    structure = validator.schema_validator
    errors = () if compiled.sound(dict(structure.schema), view) else structure.iter_errors(view)
    for error in errors:
        detail = describe(error)
        path = tuple(str(t) for t in detail.absolute_path)
        findings.add(Problem(doc.display, pointer(*path), message(detail)), path, detail.instance)
        if findings.full:
            return _with_summary(doc, findings)
    cycles = ref_chains(doc)[0] + all_of_cycles(doc)
    if findings or cycles:  # the semantic checks assume a sound document and recurse on cycles
        return _with_summary(doc, findings) + [Finding(c, ERROR, None) for c in cycles]
    try:
        for error in validator.root_validator(validator.schema_path):
            detail = describe(error)
            tokens = getattr(error, WHERE, ()) + tuple(str(t) for t in detail.absolute_path)
            where = locate(doc, tokens)
            findings.add(Problem(where.file, where.pointer, message(detail)), tokens, detail.instance)
            if findings.full:
                break
    except Exception as exc:  # the validator itself failed: a fault of the tool, not of the document
        doc.notes.append(
            Problem(
                doc.display,
                "",
                f"openapi-spec-validator failed on this document ({type(exc).__name__}:"
                f" {one_line(str(exc), 120)}), a fault of the validator, not of the document: its semantic checks"
                " (unique operationIds, path parameters, defaults and examples against their schemas) were skipped;"
                " the generator's own checks ran",
                "validator-failed",
            )
        )
    return _with_summary(doc, findings)


def _with_summary(doc: Document, findings: _Findings) -> list[Finding]:
    """The findings kept, and one more line that counts those not shown."""
    kept = list(findings)
    if findings.left_out:
        summary = Problem(doc.display, "", f"{findings.left_out} more findings of openapi-spec-validator not shown")
        kept.append(Finding(summary, "docs", None))
    return kept


def validated_now(doc: Document) -> Callable[[], list[Finding]]:
    """:func:`_validate_cached` run here; the returned function gives its findings."""
    findings = _validate_cached(doc)
    return lambda: findings


def validate_in_background(doc: Document) -> Callable[[], list[Finding]]:
    """Start :func:`_validate_cached` in a forked process, so that the rest of the pipeline
    (building, rendering, formatting) runs beside it; the returned function waits for it and
    gives its findings (its notes are added to ``doc``). Where ``fork`` is not available,
    or when the forked process fails, the validation runs here."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return validated_now(doc)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_validate_into, args=(doc, sender), daemon=True)
    child.start()
    sender.close()

    def result() -> list[Finding]:
        try:
            findings, notes = receiver.recv()
        except (EOFError, OSError):  # the child died without an answer: validate here
            child.join()
            return _validate_cached(doc)
        finally:
            receiver.close()
        child.join()
        doc.notes.extend(Problem(*n) for n in notes)
        return [Finding.from_record(f) for f in findings]

    return result


def _validate_into(doc: Document, sender: Any) -> None:
    before = len(doc.notes)
    findings = _validate_cached(doc)
    sender.send(([f.record() for f in findings], [(n.file, n.pointer, n.message, n.kind) for n in doc.notes[before:]]))
    sender.close()
