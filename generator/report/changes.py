"""``CHANGES.md`` and the git side of the change report.

The base of ``CHANGES.md`` and of the semver gate is, by default, the last *release* of the spec:
the newest tag holding it (a tag is a release) else, in a repository without tags, the newest
commit whose spec has an ``info.version`` other than the working one. So every follow-up commit
within one version keeps the report of that version's changes, and a change made after a tag
without a new ``info.version`` is a bump of "none" (too small for any change of the client).
``--changes-since REF`` names the base explicitly.

Without git history (no git, not a repository, a tarball, or a shallow clone that does not reach
the base) the report is *unavailable*: ``check`` says so once and compares the rest, ``generate``
keeps the ``CHANGES.md`` already on disk.

``diff`` accepts ``REV:path`` (git's syntax; the path from the repository root, or ``./`` and
``../`` from the current folder) on either side.

The report says which semver bump the changes call for (major for breaking changes, minor for
additions) and whether ``info.version`` bumps that much (``--strict`` fails when it does not).
"""

from __future__ import annotations

import io
import os
import posixpath
import re
import sys
import tarfile
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from ..ir import Api
from ..load.reader import Document, load_document
from ..lower.api import build_api
from ..problems import Problem, SpecError
from ..selection import Selection
from . import surface
from .diff import NO_CHANGES, Change, Report, compare, format_json, format_text
from .gitlog import git as _git
from .gitlog import locate, release_base
from .gitlog import shallow as is_shallow

NO_PREVIOUS = "No earlier version of the spec in git."
_RANK = {None: 0, "patch": 1, "minor": 2, "major": 3}


def _materialize(top: Path, rev: str, rel: str, dest: Path) -> Path:
    """Write the spec's folder (YAML and JSON files) as of ``rev`` under ``dest``."""
    folder = posixpath.dirname(rel) or "."
    archive = _git(top, "archive", "--format=tar", rev, "--", folder)
    if archive is not None:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar.getmembers():
                name = PurePosixPath(member.name)
                if not member.isfile() or ".." in name.parts or name.is_absolute():
                    continue
                if name.suffix.lower() not in (".yaml", ".yml", ".json"):
                    continue
                handle = tar.extractfile(member)
                if handle is None:
                    continue
                target = dest.joinpath(*name.parts)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(handle.read())
    target = dest.joinpath(*PurePosixPath(rel).parts)
    if not target.is_file():
        blob = _git(top, "show", f"{rev}:{rel}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob or b"")
    return target


def _load_at(
    top: Path, rev: str, rel: str, label: str, tmp: Path, package: str, selection: Selection | None = None
) -> tuple[Document, Api]:
    """The spec as of ``rev``, loaded and built (cut down to ``selection``: a selector may match
    nothing there); problems name ``label`` (``REV:path``)."""
    path = _materialize(top, rev, rel, tmp)
    try:
        doc = load_document(path, selection=selection, selection_strict=False)
        doc.display = label  # locations name the git object, not the temporary copy
        return doc, build_api(doc, package)
    except SpecError as exc:
        raise SpecError(
            Problem(
                label if p.file == str(path) else p.file.replace(str(tmp) + os.sep, f"{rev}:"), p.pointer, p.message
            )
            for p in exc.problems
        ) from None


# -- semver ------------------------------------------------------------------------------------

_SEMVER = re.compile(r"v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?")


def required_bump(report: Report) -> str | None:
    return "major" if report.breaking else "minor" if report.non_breaking else None


def actual_bump(old: str, new: str) -> str | None:
    """``major``/``minor``/``patch``/``none``, or None when either is not MAJOR.MINOR.PATCH."""
    a, b = _SEMVER.fullmatch(old.strip()), _SEMVER.fullmatch(new.strip())
    if not a or not b:
        return None
    x, y = tuple(map(int, a.groups())), tuple(map(int, b.groups()))
    if y < x:
        return "downgrade"
    if y[0] > x[0]:
        return "major"
    if y[:2] > x[:2]:
        return "minor"
    return "patch" if y > x else "none"


def semver(report: Report) -> dict[str, object]:
    """The version bump as data: ``old_version``, ``new_version``, ``required_bump`` (major,
    minor or none), ``actual_bump`` (major, minor, patch, none, downgrade, or null when a version
    is not MAJOR.MINOR.PATCH) and ``enough`` (null when not checked)."""
    need = required_bump(report) or "none"
    got = actual_bump(report.old_version, report.new_version)
    enough = None if got is None else got != "downgrade" and _RANK.get(got, 0) >= _RANK.get(need, 0)
    return {
        "old_version": report.old_version or None,
        "new_version": report.new_version or None,
        "required_bump": need,
        "actual_bump": got,
        "enough": enough,
    }


def semver_line(report: Report) -> str:
    """``Semver: 1.0.0 -> 1.1.0 needs major; the bump is minor: too small`` (one line, always)."""
    data = semver(report)
    old, new = data["old_version"] or "no version", data["new_version"] or "no version"
    got = data["actual_bump"]
    bump = "not MAJOR.MINOR.PATCH" if got is None else "a downgrade" if got == "downgrade" else got
    verdict = "not checked" if data["enough"] is None else "enough" if data["enough"] else "too small"
    return f"Semver: {old} -> {new} needs {data['required_bump']}; the bump is {bump}: {verdict}"


def bump_verdict(report: Report) -> tuple[str, bool]:
    """(sentence on the version bump, whether it is too small for the changes). A downgrade is
    always too small; the same version is a bump of "none", too small for any change."""
    need = required_bump(report)
    old, new = report.old_version or "no version", report.new_version or "no version"
    got = actual_bump(report.old_version, report.new_version)
    if got == "downgrade":
        return f"Semver: {old} -> {new} is a downgrade: a version never goes back.", True
    if need is None:
        return "No change calls for a version bump.", False
    why = "breaking changes call for a major" if need == "major" else "additions call for a minor"
    if got is None:
        return f"Semver: the {why} version bump; {old} -> {new} is not MAJOR.MINOR.PATCH, not checked.", False
    if got == "none":
        return (
            f"Semver: the {why} version bump; {old} -> {new} is no bump (the version of the release): too small.",
            True,
        )
    if _RANK.get(got, 0) >= _RANK[need]:
        return f"Semver: the {why} version bump; {old} -> {new} is a {got} bump: enough.", False
    return f"Semver: the {why} version bump; {old} -> {new} is only a {got} bump: too small.", True


# -- CHANGES.md --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Changes:
    """``CHANGES.md`` (None when git history is unavailable, with the reason) and its verdict."""

    markdown: str | None
    unavailable: str = ""
    report: Report | None = None
    too_small: str = ""  # the semver sentence, when info.version bumps less than the changes call for


def _markdown(report: Report, base: str) -> str:
    verdict, too_small = bump_verdict(report)
    lines = [
        "# API changes",
        "",
        f"API version {report.old_version or 'no version'} -> {report.new_version or 'no version'}: "
        f"`{report.new_label}` compared with {base}, `{report.old_label}`.",
        "",
    ]
    if not report.breaking and not report.non_breaking:
        return "\n".join([*lines, NO_CHANGES, "", *([verdict, ""] if too_small else [])])
    lines += [verdict, ""]
    group: tuple[Change, ...]
    for title, group in (("Breaking changes", report.breaking), ("Non-breaking changes", report.non_breaking)):
        lines += [f"## {title} ({len(group)})", ""]
        lines += [f"- `{c.python}`: {c.message} (`{c.location}`)" for c in group] or ["None."]
        lines.append("")
    return "\n".join(lines)


def changes(spec: str, doc: Document, api: Api, since: str | None = None, package_dir: Path | None = None) -> Changes:
    """The report of ``spec`` (already built as ``doc``/``api``) against its last release, or
    against ``since``; with ``package_dir``, also the breaking changes of the generated code the
    generator's own conventions bring (:mod:`generator.report.surface`) since the package of that
    release (or, with no release, since the package was first committed). Raises
    :class:`SpecError` when ``since`` is not a revision of a full history."""
    version = api.api_version or "no version"
    found = locate(spec)
    if found is None:
        return Changes(None, "no git repository holds the spec (no git history)")
    top, rel = found
    shallow = is_shallow(top)
    if since is not None:
        if _git(top, "rev-parse", "--verify", "--quiet", f"{since}^{{commit}}") is None:
            if shallow:
                return Changes(None, f"{since} is not in this shallow clone's history")
            raise SpecError([Problem(since, "", "--changes-since: not a git revision of this repository")])
        if _git(top, "rev-parse", "--verify", "--quiet", f"{since}:{rel}") is None:
            return Changes(f"# API changes\n\nAPI version {version}. `{rel}` did not exist at `{since}`.\n")
        base, what = since, f"`{since}`"
    else:
        found_base = release_base(top, rel, api.api_version)
        if found_base is None:
            if shallow:
                return Changes(None, "shallow clone: the spec's earlier versions are not in its history")
            return Changes(_unreleased(top, api, package_dir))
        base, what = found_base, "the last release of the spec"
    label = f"{base[:12] if re.fullmatch(r'[0-9a-f]{40}', base) else base}:{rel}"
    with tempfile.TemporaryDirectory(prefix="generator-diff-") as tmp:
        try:
            old_doc, old_api = _load_at(top, base, rel, label, Path(tmp), api.package, doc.selection)
        except SpecError as exc:
            lines = [
                "# API changes",
                "",
                f"API version {version}. The earlier version of the spec, `{label}`, could not be compared:",
                "",
            ]
            lines += [f"- `{p}`" for p in exc.problems]
            return Changes("\n".join(lines) + "\n")
    display = doc.display
    doc.display = rel  # the same text from any folder the generator runs in
    try:
        report = compare(old_doc, old_api, doc, api)
    finally:
        doc.display = display
    released = _generated_code(top, api, base, package_dir)
    if released is not None:  # in the report: the semver verdict counts them
        report = replace(report, breaking=tuple(sorted([*report.breaking, *released[1]], key=lambda c: c.sort_key)))
    verdict, too_small = bump_verdict(report)
    return Changes(_markdown(report, what), report=report, too_small=verdict if too_small else "")


def _unreleased(top: Path, api: Api, package_dir: Path | None) -> str:
    """``CHANGES.md`` of a spec never released: the generated code's own breaking changes since
    the package was first committed, if any."""
    version = api.api_version or "no version"
    text = f"# API changes\n\nAPI version {version}. {NO_PREVIOUS}\n"
    unreleased = _generated_code(top, api, None, package_dir)
    if unreleased is None:
        return text
    verdict = (
        "Semver: breaking changes call for a major version bump; the package's version is the API's"
        f" ({version}) and there is no earlier release to compare it with: not checked."
    )
    return "\n".join([text, *surface.markdown(unreleased[1], unreleased[0], released=False), verdict, ""])


def _generated_code(top: Path, api: Api, base: str | None, package_dir: Path | None) -> tuple[str, list[Change]] | None:
    """(the revision compared with, the generated code's own breaking changes since), or None."""
    if package_dir is None:
        return None
    try:
        package = Path(os.path.relpath(package_dir.resolve(), top)).as_posix()
    except ValueError:  # another drive
        return None
    if package.startswith("../"):
        return None
    found = surface.package_base(top, package, base)
    if found is None:
        return None
    changes_found = surface.surface_changes(api, found[1])
    return (found[0], changes_found) if changes_found else None


def unavailable_markdown(api: Api, reason: str) -> str:
    """``CHANGES.md`` written when there is none yet and git history is unavailable."""
    return f"# API changes\n\nAPI version {api.api_version or 'no version'}. {NO_PREVIOUS} ({reason})\n"


def changes_from_git(spec: str, doc: Document, api: Api, since: str | None = None) -> str:
    """``CHANGES.md`` as text (a note when git history is unavailable)."""
    result = changes(spec, doc, api, since)
    return result.markdown if result.markdown is not None else unavailable_markdown(api, result.unavailable)


# -- diff OLD NEW with git revisions -----------------------------------------------------------


def _revision(arg: str) -> tuple[Path, str, str] | None:
    """(repository root, revision, repository-relative path) when ``arg`` is ``REV:path`` and
    not a file; raises :class:`SpecError` when the revision or the path does not exist."""
    if Path(arg).exists() or ":" not in arg:
        return None
    rev, path = arg.split(":", 1)
    cwd = Path.cwd()
    out = _git(cwd, "rev-parse", "--show-toplevel")
    if out is None or not rev or not path:
        return None  # not ours: loading reports "file not found"
    top = Path(out.decode().strip()).resolve()
    if path.startswith(("./", "../")):
        path = Path(os.path.relpath(cwd.resolve() / path, top)).as_posix()
    if _git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}") is None:
        raise SpecError([Problem(arg, "", f"{rev}: not a git revision of this repository")])
    if _git(top, "rev-parse", "--verify", "--quiet", f"{rev}:{path}") is None:
        raise SpecError([Problem(arg, "", f"{path}: no such file in {rev}")])
    return top, rev, path


def diff_args(old: str, new: str, selection: Selection | None = None) -> Report:
    """The report from ``old`` to ``new`` (files or ``REV:path``), both cut down to ``selection``
    (a selector must match an operation of one side at least); one :class:`SpecError` for both."""
    problems: list[Problem] = []
    loaded: list[tuple[Document, Api]] = []
    with tempfile.TemporaryDirectory(prefix="generator-diff-") as tmp:
        for n, arg in enumerate((old, new)):
            try:
                found = _revision(arg)
                if found is None:
                    doc = load_document(arg, selection=selection, selection_strict=False)
                    loaded.append((doc, build_api(doc, "client")))
                else:
                    top, rev, rel = found
                    loaded.append(_load_at(top, rev, rel, f"{rev}:{rel}", Path(tmp) / str(n), "client", selection))
            except SpecError as exc:
                problems.extend(exc.problems)
    if problems:
        raise SpecError(problems)
    (old_doc, old_api), (new_doc, new_api) = loaded
    unmatched = old_doc.unmatched_selectors & new_doc.unmatched_selectors
    if unmatched and selection:
        raise SpecError(
            Problem(new_doc.display, "/paths", f"{_option(selection, t)} {t!r} matches no operation of either document")
            for t in sorted(unmatched)
        )
    return compare(old_doc, old_api, new_doc, new_api)


def _option(selection: Selection, text: str) -> str:
    return "--include" if text in selection.include else "--exclude"


def run_diff(old: str, new: str, fmt: str = "text", strict: bool = False, selection: Selection | None = None) -> int:
    """``diff``: exit 1 when a change is breaking (or, with ``strict``, when info.version bumps
    less than the changes call for), 0 otherwise, 2 on bad input. With ``selection``, both
    documents are cut down to the operations it keeps."""
    try:
        report = diff_args(old, new, selection)
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    sys.stdout.write(format_json(report, semver(report)) if fmt == "json" else format_text(report, semver_line(report)))
    too_small = semver(report)["enough"] is False
    return 1 if report.breaking or (strict and too_small) else 0


__all__ = [
    "NO_PREVIOUS",
    "Changes",
    "actual_bump",
    "bump_verdict",
    "changes",
    "changes_from_git",
    "diff_args",
    "locate",
    "release_base",
    "required_bump",
    "run_diff",
    "semver",
    "semver_line",
    "unavailable_markdown",
]
