"""The pipeline: load -> lower -> emit -> format -> write, run in order, and the decisions
between the stages (build again without the operations the validator rejects, fail under
``--strict``, CHANGES.md and its semver gate, take the quick path of ``check``). It says what
happened through a :class:`Reporter` and returns the exit code; ``cli`` prints.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import warning_report as shown
from .load.bounds import Limits
from .lower.reserved import package_name_problem
from .problem_classes import of
from .problems import Problem, SpecError
from .resources import TemplateError, custom_templates, template_digests, using_templates
from .selection import Selection
from .settings import Reporter, Settings
from .write import project, quick_check
from .write.files import Ownership, UnsafeWrite, Written, kept, ownership, recover, refusal, write_package
from .write.merge import Merged, digest, merge_edits, remember_pristine
from .write.provenance import MANIFEST, TOOL, Outputs, read_outputs, with_header, with_manifest

if TYPE_CHECKING:
    from .ir import Api
    from .load.reader import Document

# The stages' modules (validator, Jinja2, Black) are imported where they are used, so that the
# quick `check` (generator.write.quick_check) and `--help` start in a fraction of the time.

CHANGES = "CHANGES.md"


def build(
    spec: str,
    package: str,
    strict: bool,
    ref_root: str | None = None,
    selection: Selection | None = None,
    env_prefix: str | None = None,
    limits: Limits | None = None,
) -> tuple[Document, Api, dict[str, str]]:
    """Load (within ``limits``), lower, emit and format: the package's files with their headers, not yet the manifest.
    With a ``selection``, only the operations it keeps and what they reach."""
    from .emit.format import format_files
    from .emit.render import RUNTIME_FILES, render
    from .load.reader import finish_validation, load_document
    from .lower.api import build_api

    def lower_and_emit() -> tuple[Api, dict[str, str]]:
        api = build_api(doc, package, env_prefix)
        return api, format_files(render(api), package, frozenset(RUNTIME_FILES))

    # openapi-spec-validator runs in another process meanwhile. Its errors, if any, are the
    # ones reported (the pipeline may well fail on an invalid document too). Its findings inside
    # operations are read leniently; only if that build fails are those operations left out,
    # and the package is built again without them.
    doc = load_document(spec, ref_root=ref_root, background=True, selection=selection, limits=limits)
    try:
        api, files = lower_and_emit()
    except Exception:
        finish_validation(doc, leave_out=True)
        if not doc.skipped_operations:
            raise
        api, files = lower_and_emit()
    else:
        finish_validation(doc)
    if strict:
        fatal = shown.fatal_problems(problems_of(doc), shown.Policy(strict=True))
        if fatal:
            raise SpecError(fatal)
    for name, text in files.items():  # one file at a time: a large package is not held twice
        files[name] = with_header(name, text, api)
    return doc, api, files


def generate(
    spec: str,
    package: str,
    *,
    strict: bool = False,
    changes_from_git: bool = False,
    ref_root: str | None = None,
    selection: Selection | None = None,
    env_prefix: str | None = None,
) -> tuple[Api, dict[str, str], list[Problem]]:
    """The IR, the whole package in memory (path inside the package folder -> text, with the
    headers and the manifest) and the warnings, of every class; with ``strict`` a warning of a
    class that loses something (generator/problem_classes.py) is an error. With ``changes_from_git`` the package also holds ``CHANGES.md``: the API change
    report against the last release of the spec in git. ``$ref``s may name files under
    ``ref_root`` only (by default the folder of ``spec``). With ``selection``, only the operations
    it keeps (:mod:`generator.selection`) and the schemas they reach."""
    from .report.changes import changes_from_git as changes_report

    doc, api, files = build(spec, package, strict, ref_root, selection, env_prefix)
    if changes_from_git:
        files[CHANGES] = with_header(CHANGES, changes_report(spec, doc, api), api)
    return api, with_manifest(files, api), sorted(set(problems_of(doc)))


def problems_of(doc: Document) -> list[Problem]:
    """Every warning of the document's build, of every class (notes included)."""
    return [*doc.warnings, *doc.notes]


def generate_files(spec: str, package: str) -> dict[str, str]:
    """The whole package, in memory: path inside the package folder -> text."""
    return generate(spec, package)[1]


@dataclass(frozen=True, slots=True)
class _Folder:
    """The package folder as read before building (once, as data) and the custom templates."""

    info: Ownership
    custom: dict[str, Path]  # templates overriding the generator's, by name
    templates: dict[str, str]  # their digests, for the record of the inputs
    project_on_disk: bytes | None  # pyproject.toml beside the package, when --project


def run(command: str, settings: Settings, reporter: Reporter) -> int:
    """``generate`` or ``check``: the exit code (0 ok, 1 drift or a bump too small, 2 bad input).
    The summary line of the warnings, if any, is the last line of standard error."""
    last: list[str] = []
    try:
        return _run(command, settings, reporter, last)
    finally:
        for line in last:
            reporter.err(line)


def _run(command: str, settings: Settings, reporter: Reporter, last: list[str]) -> int:
    started = time.perf_counter()
    folder = _read_folder(command, settings, reporter, last)
    if isinstance(folder, int):
        return folder
    with using_templates(folder.custom):
        built = _build_reported(command, settings, reporter, last)
    if isinstance(built, int):
        return built
    doc, api, files, record = built
    warnings = sum(n for name, n in shown.classes_of(record).items() if of(name).severity != "resolved")
    added = _add_changes(command, settings, doc, api, files, folder.info, reporter)
    if isinstance(added, int):
        return added
    skip, too_small = added
    for name in [name for name in files if kept(name, settings.keep)]:
        del files[name]  # the user's: never written
    current = quick_check.inputs(
        settings.spec,
        doc.files,
        settings.package,
        settings.with_changes,
        settings.changes_since,
        _recorded_settings(folder.templates, settings.project, settings.selection, settings.env_prefix),
    )
    doc.files.clear()  # the loaded trees: nothing reads them any more (free them before writing)
    bump_ok = not too_small
    recorded, outputs = read_outputs(folder.info.disk.get(MANIFEST, b"").decode("utf-8", errors="replace"))
    extra = (
        {project.KEY: project.project_text(settings.package, api.title, api.api_version)} if settings.project else {}
    )
    made = Outputs(templates=folder.templates, project={project.NAME: digest(extra[project.KEY])} if extra else {})
    if command == "check":
        from .report.check import compare_folder

        pristine = _with_recorded_edits(files, folder.info, outputs)
        files = {**with_manifest(files, api, current, replace(made, pristine=pristine)), **extra}
        code, checked = compare_folder(
            settings, doc, api, files, skip, folder.info, reporter, outputs.templates, folder.templates
        )
        if code == 0 and not skip:
            quick_check.remember(current, checked, bump_ok, record, settings)  # the next check of these inputs is quick
        return code
    new_output = dict(files)
    merged = Merged({}, [], {}, {})
    info = folder.info
    if not settings.overwrite and not info.refused and not refusal(info):
        merged = merge_edits(files, settings.target, info.disk, recorded)
        if merged.conflicts or merged.unmerged:
            return _conflicts(settings.target, merged, reporter)
    files = with_manifest(files, api, current, replace(made, pristine=merged.pristine))
    written = _write(settings, files, extra, folder, reporter)
    remember_pristine(new_output)
    quick_check.remember(current, {**files, **extra}, bump_ok, record, settings)
    _report_replaced(settings.target, files, recorded, info, merged, written.edited, reporter)
    reporter.out(
        f"wrote {settings.target} ({len(files)} files, {len(written.changed)} changed): operations={len(api.operations)}"
        f" models={len(api.models)} warnings={warnings} in {time.perf_counter() - started:.2f} s\n"
    )
    return 0


def _read_folder(command: str, settings: Settings, reporter: Reporter, last: list[str]) -> _Folder | int:
    """The package folder and templates; or the exit code: 0 when the quick ``check`` answers (the
    cache recorded exactly these files for these inputs), 2 for a bad package name or template."""
    package, target = settings.package, settings.target
    if not (package.isidentifier() and package.isascii()):  # a path, not a name: touch nothing there
        reporter.err(f"--package {package}: {package_name_problem(package)}")
        return 2
    # The package folder is read once, as data (links, FIFOs, devices, huge files: refused unread).
    for line in recover(target):  # a generate killed while swapping folders
        reporter.err(line)
    info = ownership(target, settings.keep)
    if command == "check" and info.refused:
        raise UnsafeWrite(info.refused)
    try:
        custom = custom_templates(settings.templates) if settings.templates else {}
    except TemplateError as exc:
        reporter.err(str(exc))
        return 2
    templates = template_digests(custom)
    project_path = Path(settings.out) / project.NAME
    on_disk = project.read(project_path) if settings.project else None
    if on_disk is not None:  # beside the package: compared (and recorded) under project.KEY
        info = replace(info, disk={**info.disk, project.KEY: on_disk})
    # (A package name generate refused never has a record in the cache: the quick path cannot pass it.)
    recorded = _recorded_settings(templates, settings.project, settings.selection, settings.env_prefix)
    quick = None
    if command == "check" and not settings.verbose:  # --verbose: every warning line, so a build
        quick = quick_check.up_to_date(settings, info, recorded)
    if quick is not None and not settings.policy.fatal_classes(shown.classes_of(quick)):
        if shown.classes_of(quick):  # the summary line the build would print
            last.append(shown.record_summary(settings.spec, quick, settings.policy, True))
        reporter.out(f"{target} is up to date (these inputs gave exactly these files before, says the cache)\n")
        return 0
    why = package_name_problem(package)
    if why:
        reporter.err(f"--package {package}: {why}")
        return 2
    if command == "generate" and on_disk is not None and not project.ours(on_disk) and not settings.overwrite:
        raise UnsafeWrite([f"{project_path}: not written by {TOOL}; move it away or pass --overwrite to replace it"])
    return _Folder(info, custom, templates, on_disk)


def _write(
    settings: Settings, files: dict[str, str], extra: dict[str, str], folder: _Folder, reporter: Reporter
) -> Written:
    """The package folder written (never over foreign files), and the project file when asked."""
    written = write_package(files, settings.target, overwrite=settings.overwrite, keep=settings.keep)
    project_path = Path(settings.out) / project.NAME
    for text in extra.values():
        if folder.project_on_disk != text.encode("utf-8"):
            project.write(project_path, text)
            reporter.out(f"wrote {project_path}: `pip install {settings.out}` installs the client\n")
    return written


def _report_replaced(
    target: Path,
    files: dict[str, str],
    recorded: dict[str, str],
    info: Ownership,
    merged: Merged,
    edited: Iterable[str],
    reporter: Reporter,
) -> None:
    """Say which hand-edited files were replaced (their edits not merged), and which were merged."""
    discarded = {
        name
        for name, sha in recorded.items()
        if name in info.disk and digest_bytes(info.disk[name]) != sha and name not in merged.merged
    }
    for name in sorted(discarded.union(edited) - set(merged.merged)):
        if name in files and info.disk.get(name) != files[name].encode("utf-8"):
            reporter.err(f"{target / name}: had been edited by hand since it was generated; replaced")
    for name in merged.merged:
        reporter.out(f"{target / name}: your edits merged into the new output (the manifest records them)\n")


def _recorded_settings(
    templates: dict[str, str], with_project: bool, selection: Selection, env_prefix: str | None
) -> dict[str, object]:
    """The settings that change the files written, for the record of the inputs."""
    out: dict[str, object] = {}
    if selection:
        out["selection"] = selection.record()
    if env_prefix:
        out["env-prefix"] = env_prefix
    if templates:
        out["templates"] = templates
    if with_project:
        out["project"] = True
    return out


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _with_recorded_edits(files: dict[str, str], info: Ownership, outputs: Outputs) -> dict[str, str]:
    """For ``check``: a file the manifest records as carrying hand edits (merged by ``generate``)
    is up to date while it is as written then and the generator's output for it is still the
    pristine text it was merged into; ``files`` gets the file as on disk. Returns those files'
    pristine SHA-256 (for the manifest)."""
    pristine: dict[str, str] = {}
    for name, sha in outputs.pristine.items():
        data = info.disk.get(name)
        if data is None or name in info.edited or name not in files or digest(files[name]) != sha:
            continue
        files[name] = data.decode("utf-8", errors="replace")
        pristine[name] = sha
    return pristine


def _conflicts(target: Path, merged: Merged, reporter: Reporter) -> int:
    """Report the files whose hand edits cannot be merged, hunk by hunk; exit 1, nothing written."""
    for name, conflicts in sorted(merged.conflicts.items()):
        for conflict in conflicts:
            reporter.out(f"{target / name}: {conflict.where()}\n" + "".join(f"{line}\n" for line in conflict.show()))
            reporter.err(f"{target / name}: conflict: {conflict.where()}")
    for name, why in sorted(merged.unmerged.items()):
        reporter.err(f"{target / name}: cannot merge: {why}")
    reporter.err(
        f"{target}: nothing written: your edits and the new output conflict; edit the files so that your"
        " changes leave those lines alone, or pass --overwrite to discard your edits"
    )
    return 1


def _build_reported(
    command: str, settings: Settings, reporter: Reporter, last: list[str]
) -> int | tuple[Document, Api, dict[str, str], dict[str, object]]:
    """The built package and the record of its warnings (:func:`report_record`), reported; or
    exit 2 with the problems reported (a refused document, a fatal class of warnings)."""
    try:
        doc, api, files = build(
            settings.spec,
            settings.package,
            False,
            settings.ref_root,
            settings.selection,
            settings.env_prefix,
            settings.limits,
        )
    except SpecError as exc:
        for problem in exc.problems:
            reporter.err(str(problem))
        return 2
    problems = problems_of(doc)
    record = shown.report_record(len(api.operations), len(api.models), problems)
    policy = settings.policy
    if command == "generate" or policy.verbose or shown.fatal_problems(problems, policy):
        lines, hidden = shown.report_lines(problems, policy)
        for line in lines:
            reporter.err(line)
    else:  # check: the summary alone, as the quick check says it (--verbose: every line)
        hidden = bool(problems)
    if problems:
        last.append(shown.record_summary(settings.spec, record, policy, hidden))
    if policy.fatal_classes(shown.counts(problems)):
        return 2
    return doc, api, files, record


def _add_changes(
    command: str,
    settings: Settings,
    doc: Document,
    api: Api,
    files: dict[str, str],
    info: Ownership,
    reporter: Reporter,
) -> tuple[frozenset[str], bool] | int:
    """Add CHANGES.md to ``files`` when asked: the files ``check`` must not compare (CHANGES.md when
    git history is unavailable) and whether the version bumps too little; or the exit code: 1 when
    ``--strict`` fails on a bump too small, 2 when a spec of the history is unreadable."""
    from .report.surface import surface_note  # the generator's own breaking change, if any

    surface_note(settings.target, info.disk.get(MANIFEST) if info.is_dir else None, api, reporter.err)
    if not settings.with_changes:
        return frozenset(), False
    from .report.changes import changes, unavailable_markdown

    try:
        report = changes(settings.spec, doc, api, settings.changes_since, settings.target)
    except SpecError as exc:
        for problem in exc.problems:
            reporter.err(str(problem))
        return 2
    if report.markdown is not None:
        files[CHANGES] = with_header(CHANGES, report.markdown, api)
        skip: frozenset[str] = frozenset()
    else:
        reporter.err(f"{settings.target / CHANGES}: not compared: git history unavailable ({report.unavailable})")
        kept = info.disk.get(CHANGES)
        if kept is not None:
            files[CHANGES] = kept.decode("utf-8", errors="replace")
        elif command == "generate":
            files[CHANGES] = with_header(CHANGES, unavailable_markdown(api, report.unavailable), api)
        skip = frozenset({CHANGES})
    if settings.strict and report.too_small:
        reporter.err(f"{settings.spec}#/info/version: {report.too_small}")
        return 1
    return skip, bool(report.too_small)
