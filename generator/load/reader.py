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
from ..selection import Selection
from . import collector
from .bounds import Limits
from .document import JSON, Document, Node, Ptr
from .keyword_types import keyword_type_problems
from .limits import Budget, parse
from .refs import confine, ref_chains, walk_refs
from .subset import apply_selection
from .validate import validate_in_background, validated_now
from .validator_errors import one_line
from .verdicts import ERROR, OPERATION, consequence, unread

__all__ = ["JSON", "Document", "Node", "Ptr", "finish_validation", "load_document"]


def load_document(
    spec: str | Path,
    *,
    validate: bool = True,
    ref_root: str | Path | None = None,
    background: bool = False,
    selection: Selection | None = None,
    selection_strict: bool = True,
    limits: Limits | None = None,
) -> Document:
    """Load ``spec`` and everything it references; raise :class:`SpecError` on any problem.

    ``$ref``s may name files under ``ref_root`` only (by default the folder of ``spec``). With a
    ``selection``, the document is cut down to the operations it keeps and what they reach
    (:mod:`generator.load.subset`) before it is checked and validated; a selector that matches no
    operation is an error.
    With ``background``, openapi-spec-validator runs in another process while the caller goes
    on; :func:`finish_validation` then waits for it (and raises on its problems). ``limits``: the
    size, nodes and depth the files may take (by default :class:`Limits`' defaults)."""
    display = str(spec)
    path = Path(spec).resolve()
    doc = Document(path=path, display=display)
    budget = Budget(limits or Limits())
    refs = _RefReader(doc, budget, Path(ref_root).resolve() if ref_root is not None else path.parent)
    with collector.paused():  # millions of containers, none of them garbage
        doc.files[path] = parse(path, display, budget)
        _check_root(doc.files[path], display)
        if selection:  # first: only what the kept operations reach is read and checked
            doc.unmatched_selectors = apply_selection(doc, selection, strict=selection_strict, load=refs.load)
        refs.read_all()
    if selection:  # files read only to see operations left out
        doc.files = {file: value for file, value in doc.files.items() if file in refs.walked}
    doc.warnings.extend(budget.warnings)  # duplicate keys
    _refuse(refs.problems)
    _refuse(ref_chains(doc)[1])
    if validate:  # our own checks first: the validator may fail on these, and its failure is only a warning
        _refuse(keyword_type_problems(doc))
        collector.settle()  # before the fork: neither process walks the document again
        doc.pending_validation = validate_in_background(doc) if background else validated_now(doc)
        if not background:
            finish_validation(doc)
    return doc


def _refuse(problems: list[Problem]) -> None:
    if problems:
        raise SpecError(problems)


def _check_root(root: JSON, display: str) -> None:
    """Refuse what is not an OpenAPI 3.0 or 3.1 document before any other file is read."""
    if not isinstance(root, dict):
        raise SpecError([Problem(display, "", "an OpenAPI document must be a mapping at the top level")])
    version = root.get("openapi")
    if "swagger" in root and version is None:
        raise SpecError([Problem(display, "/swagger", "Swagger 2.0 is not supported; convert it to OpenAPI 3")])
    if not isinstance(version, str) or (not version.startswith(("3.0.", "3.1.")) and version not in ("3.0", "3.1")):
        raise SpecError([Problem(display, "/openapi", f"unsupported OpenAPI version {version!r} (3.0.x or 3.1.x)")])


class _RefReader:
    """Reads every file the ``$ref``s of the root document reach, within ``allowed``, and checks
    that each ``$ref`` resolves; what is wrong is collected in :attr:`problems`."""

    def __init__(self, doc: Document, budget: Budget, allowed: Path) -> None:
        self.doc = doc
        self.budget = budget
        self.allowed = allowed
        self.problems: list[Problem] = []
        self.refused: dict[Path, str] = {}  # files that could not be read, and why
        self.walked: set[Path] = set()  # the files read_all walked: the root and those it reaches

    def load(self, ref: str, base: Path) -> None:
        """Read the file ``ref`` (in ``base``) names, if it may be; its problems are reported
        where :meth:`read_all` meets the ``$ref``."""
        before = len(self.problems)
        self.read_file(ref.partition("#")[0], ref, base, Problem(self.doc.name_of(base), "", ""))
        del self.problems[before:]

    def read_all(self) -> None:
        pending = [self.doc.path]
        walked = self.walked
        while pending:
            current = pending.pop()
            if current in walked:
                continue
            walked.add(current)
            for ptr, ref in walk_refs(self.doc.files[current], ()):
                where = Problem(self.doc.name_of(current), pointer(*ptr), "")
                file_part = ref.partition("#")[0]
                if file_part:
                    target = self.read_file(file_part, ref, current, where)
                    if target is None:
                        continue
                    pending.append(target)
                self.resolve(ref, current, ptr, where)

    def read_file(self, file_part: str, ref: str, current: Path, where: Problem) -> Path | None:
        """The file ``ref`` (in ``current``) names, read once; None when it may not or cannot be."""
        doc = self.doc
        target, why = confine(file_part, current, self.allowed)
        if target is None:
            self.problems.append(_with(where, f"$ref {ref!r} {why}"))
            return None
        if target in self.refused:
            self.problems.append(_with(where, f"dangling $ref {ref!r}: {doc.name_of(target)}: {self.refused[target]}"))
            return None
        if target not in doc.files:
            try:
                doc.files[target] = parse(target, doc.name_of(target), self.budget)
            except SpecError as exc:
                reason = self.refused[target] = "; ".join(p.message for p in exc.problems)
                self.problems.append(_with(where, f"dangling $ref {ref!r}: {doc.name_of(target)}: {reason}"))
                return None
        return target

    def resolve(self, ref: str, current: Path, ptr: Ptr, where: Problem) -> None:
        try:
            self.doc.resolve_ref(ref, current)
        except KeyError as exc:
            problem = _with(where, f"dangling $ref {ref!r}: {exc.args[0]}")
            if current == self.doc.path and unread(ptr[:-1]):
                # in a part the client never reads (a callback, a link): that part alone
                self.doc.warnings.append(
                    _with(problem, f"{problem.message}; ignored (not read by the client)", "unread-ref")
                )
                self.doc.value_at((current, ptr[:-1])).pop("$ref", None)
            else:
                self.problems.append(problem)


def finish_validation(doc: Document, *, leave_out: bool = False) -> None:
    """Wait for the validation :func:`load_document` started; raise :class:`SpecError` on its
    errors (its other findings become warnings of ``doc``: see :mod:`generator.load.verdicts`). With
    ``leave_out``, operations with findings are left out (``doc.skipped_operations``)."""
    pending, doc.pending_validation = doc.pending_validation, None
    if pending is None:
        return
    problems: list[Problem] = []
    findings = pending()
    # A place our own checks already warned about is not warned about twice (their line says more).
    warned = {(w.file, w.pointer) for w in doc.warnings}
    if leave_out:
        doc.skipped_operations.update(f.operation for f in findings if f.kind == OPERATION and f.operation)
    for item in findings:
        if item.kind == ERROR:
            problems.append(item.problem)
        warning = consequence(item, doc.skipped_operations)
        if warning is not None and (warning.file, warning.pointer) not in warned:
            doc.warnings.append(warning)
    if problems:
        raise SpecError(problems)


def _with(problem: Problem, message: str, kind: str = "") -> Problem:
    return Problem(problem.file, problem.pointer, one_line(message), kind)
