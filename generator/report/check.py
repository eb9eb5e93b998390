"""What ``check`` does with the package it built: compare it with the package folder on disk,
and on drift say so (a summary first, then the diff, capped, then advice that fits where it
runs: in CI, regenerate and commit)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..write.files import Ownership, UnsafeWrite, diff_package
from ..write.provenance import MANIFEST, without_inputs
from .drift import DIFF_LINES, api_changes, capped, summary

if TYPE_CHECKING:
    from ..ir import Api
    from ..load.reader import Document
    from ..settings import Reporter, Settings


def compare_folder(
    settings: Settings,
    doc: Document,
    api: Api,
    files: dict[str, str],
    skip: frozenset[str],
    info: Ownership,
    reporter: Reporter,
    recorded_templates: dict[str, str],
    templates: dict[str, str],
) -> tuple[int, dict[str, str]]:
    """Exit code, and the files compared (those generate writes, or the manifest kept). On drift:
    a summary first, then the diff (capped), then advice that fits where it runs."""
    target = settings.target
    if info.refused:
        raise UnsafeWrite(info.refused)
    recorded_bytes = info.disk.get(MANIFEST)
    stale_record = False
    if recorded_bytes is not None:
        recorded = recorded_bytes.decode("utf-8", errors="replace")
        if recorded != files[MANIFEST] and without_inputs(recorded) == without_inputs(files[MANIFEST]):
            # Only the record of the inputs differs (another build of the generator, a new
            # release base): the files are what generate would write.
            files = {**files, MANIFEST: recorded}
            stale_record = True
    disk = {name: data for name, data in info.disk.items() if name not in info.kept}
    changed = sorted(
        name
        for name in (set(disk) | set(files)) - skip
        if name not in files or disk.get(name) != files[name].encode("utf-8")
    )
    if stale_record and not settings.ci:
        reporter.err(
            f"{target / MANIFEST}: its record of the inputs is out of date; `generate` refreshes it (quicker checks)"
        )
    if not changed and not info.edited and not info.foreign:
        reporter.out(f"{target} is up to date\n")
        return 0, files
    templates_note = ""
    if recorded_templates != templates:
        templates_note = (
            f"  custom templates: the manifest records {', '.join(recorded_templates) or 'none'}, this check uses"
            f" {', '.join(templates) or 'none'} (--templates, or templates in the configuration)"
        )
    _report_drift(_Drift(settings, doc, api, files, skip, info, reporter), changed, templates_note)
    return 1, files


@dataclass(frozen=True)
class _Drift:
    """What a check that found drift compared: the run, the package built and the folder read."""

    settings: Settings
    doc: Document
    api: Api
    files: dict[str, str]
    skip: frozenset[str]
    info: Ownership
    reporter: Reporter


def _report_drift(drift: _Drift, changed: list[str], templates_note: str) -> None:
    """The summary and the capped diff on standard output; a line per problem and the advice on
    standard error."""
    settings, info, reporter = drift.settings, drift.info, drift.reporter
    target = settings.target
    manifest = json_object(info.disk.get(MANIFEST))
    spec_record = manifest.get("inputs", {}).get("spec", {}) if isinstance(manifest.get("inputs"), dict) else {}
    spec_sha = spec_record.get(Path(settings.spec).name) if isinstance(spec_record, dict) else None
    lines = summary(
        target,
        changed,
        info.edited,
        info.foreign if info.manifest is not None else [],
        api_changes(settings.spec, drift.doc, drift.api, spec_sha if isinstance(spec_sha, str) else None),
    )
    if templates_note:
        lines.insert(1, templates_note)
    full = f"`{settings.regenerate.replace(' generate', ' check', 1)} --full-diff`"
    disk = {name: data for name, data in info.disk.items() if name not in info.kept}
    diff = diff_package(drift.files, target, str(target), drift.skip | frozenset(info.kept), disk)
    reporter.out("\n".join(lines) + "\n\n" + capped(diff, None if settings.full_diff else DIFF_LINES, full))
    for name in info.edited:
        reporter.err(f"{target / name}: edited by hand since it was generated")
    if info.is_dir and info.manifest is None:
        reporter.err(f"{target}: no {MANIFEST}: not written by this generator (or by a version before manifests)")
    else:
        for name in info.foreign:
            reporter.err(f"{target / name}: not written by the generator")
    if settings.ci:
        reporter.err(f"{target} is stale: regenerate and commit (run `{settings.regenerate}` and commit the result)")
    else:
        reporter.err(f"{target} is stale: regenerate it: `{settings.regenerate}`")


def json_object(data: bytes | None) -> dict[str, Any]:
    """``data`` read as a JSON object ({} when it is not one)."""
    try:
        value = json.loads(data or b"")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
