"""Read an OpenAPI document, resolve its ``$ref``s across files, and validate it.

Everything that is wrong is collected and raised together as one :class:`SpecError`
whose problems each name a file and a JSON pointer.

A spec may come from anyone: reading it is confined and bounded (see :mod:`generator.load.limits`
and :mod:`generator.load.refs`). Only regular files under the root document's folder (or
``ref_root``) are read, and nothing else is: no URL, device, FIFO or file outside that folder.
"""

from __future__ import annotations

from pathlib import Path

from ..problems import Problem, SpecError, pointer
from .document import JSON, Document, Node, Ptr
from .keyword_types import keyword_type_problems
from .limits import Budget, parse
from .refs import confine, ref_chains, walk_refs
from .validate import _one_line, validate_in_background, validated_now
from .verdicts import ERROR, OPERATION, consequence, unread

__all__ = ["JSON", "Document", "Node", "Ptr", "finish_validation", "load_document"]


def load_document(
    spec: str | Path, *, validate: bool = True, ref_root: str | Path | None = None, background: bool = False
) -> Document:
    """Load ``spec`` and everything it references; raise :class:`SpecError` on any problem.

    ``$ref``s may name files under ``ref_root`` only (by default the folder of ``spec``).
    With ``background``, openapi-spec-validator runs in another process while the caller goes
    on; :func:`finish_validation` then waits for it (and raises on its problems)."""
    display = str(spec)
    path = Path(spec).resolve()
    doc = Document(path=path, display=display)
    budget = Budget()
    root = parse(path, display, budget)
    doc.files[path] = root
    if not isinstance(root, dict):
        raise SpecError([Problem(display, "", "an OpenAPI document must be a mapping at the top level")])
    version = root.get("openapi")
    if "swagger" in root and version is None:
        raise SpecError([Problem(display, "/swagger", "Swagger 2.0 is not supported; convert it to OpenAPI 3")])
    if not isinstance(version, str) or (not version.startswith(("3.0.", "3.1.")) and version not in ("3.0", "3.1")):
        raise SpecError([Problem(display, "/openapi", f"unsupported OpenAPI version {version!r} (3.0.x or 3.1.x)")])
    allowed = Path(ref_root).resolve() if ref_root is not None else path.parent

    problems: list[Problem] = []
    pending = [path]
    walked: set[Path] = set()
    refused: dict[Path, str] = {}  # files that could not be read, and why
    while pending:
        current = pending.pop()
        if current in walked:
            continue
        walked.add(current)
        for ptr, ref in walk_refs(doc.files[current], ()):
            where = Problem(doc.name_of(current), pointer(*ptr), "")
            file_part = ref.partition("#")[0]
            if file_part:
                target, why = confine(file_part, current, allowed)
                if target is None:
                    problems.append(_with(where, f"$ref {ref!r} {why}"))
                    continue
                if target in refused:
                    problems.append(_with(where, f"dangling $ref {ref!r}: {doc.name_of(target)}: {refused[target]}"))
                    continue
                if target not in doc.files:
                    try:
                        doc.files[target] = parse(target, doc.name_of(target), budget)
                    except SpecError as exc:
                        reason = refused[target] = "; ".join(p.message for p in exc.problems)
                        problems.append(_with(where, f"dangling $ref {ref!r}: {doc.name_of(target)}: {reason}"))
                        continue
                pending.append(target)
            try:
                doc.resolve_ref(ref, current)
            except KeyError as exc:
                problem = _with(where, f"dangling $ref {ref!r}: {exc.args[0]}")
                if current == path and unread(ptr[:-1]):
                    # in a part the client never reads (a callback, a link): that part alone
                    doc.warnings.append(_with(problem, f"{problem.message}; ignored (not read by the client)"))
                    doc.value_at((current, ptr[:-1])).pop("$ref", None)
                else:
                    problems.append(problem)
    doc.warnings.extend(budget.warnings)  # duplicate keys
    if problems:
        raise SpecError(problems)
    problems.extend(ref_chains(doc)[1])
    if problems:
        raise SpecError(problems)
    if validate:  # our own checks first: the validator may fail on these, and its failure is only a warning
        problems.extend(keyword_type_problems(doc))
    if problems:
        raise SpecError(problems)
    if validate:
        doc.pending_validation = validate_in_background(doc) if background else validated_now(doc)
        if not background:
            finish_validation(doc)
    return doc


def finish_validation(doc: Document, *, leave_out: bool = False) -> None:
    """Wait for the validation :func:`load_document` started; raise :class:`SpecError` on its
    errors (its other findings become warnings of ``doc``: see :mod:`generator.load.verdicts`). With
    ``leave_out``, operations with findings are left out (``doc.skipped_operations``)."""
    pending, doc.pending_validation = doc.pending_validation, None
    if pending is None:
        return
    problems: list[Problem] = []
    findings = pending()
    if leave_out:
        doc.skipped_operations.update(f.operation for f in findings if f.kind == OPERATION and f.operation)
    for item in findings:
        if item.kind == ERROR:
            problems.append(item.problem)
        warning = consequence(item, doc.skipped_operations)
        if warning is not None:
            doc.warnings.append(warning)
    if problems:
        raise SpecError(problems)


def _with(problem: Problem, message: str) -> Problem:
    return Problem(problem.file, problem.pointer, _one_line(message))
