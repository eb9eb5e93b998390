"""Command line: ``botpress-codegen {generate,check} [--spec FILE --out DIR --package NAME]``
(also ``python -m generator ...``).

Also ``botpress-codegen diff OLD_SPEC NEW_SPEC [--format text|json]`` (either side a file or a
git ``REV:path``; see :mod:`generator.diff`). Settings come from a ``[tool.botpress-codegen]``
table of ``pyproject.toml`` (see :mod:`generator.config`), flags override them.
Exit codes: 0 ok, 1 drift (``check``) or breaking change (``diff``; with ``--strict``, a version
bump smaller than the changes call for), 2 bad input or any other failure (one line each, never
a traceback).
"""

from __future__ import annotations

import argparse
import keyword
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, config, fastcheck
from .problems import Problem, SpecError
from .provenance import MANIFEST, TOOL, with_header, with_manifest, without_inputs
from .write import Ownership, UnsafeWrite, diff_package, ownership, recover, write_package

if TYPE_CHECKING:
    from .ir import Api
    from .load import Document

# The pipeline's modules (validator, Jinja2, Black) are imported where they are used, so that
# the quick `check` (generator.fastcheck) and `--help` start in a fraction of the time.

CHANGES = "CHANGES.md"


def _generate(
    spec: str, package: str, strict: bool, ref_root: str | None = None
) -> tuple[Document, Api, dict[str, str]]:
    from .build import build_api
    from .format import format_files
    from .load import finish_validation, load_document
    from .render import RUNTIME_FILES, render

    def build() -> tuple[Api, dict[str, str]]:
        api = build_api(doc, package)
        return api, format_files(render(api), package, frozenset(RUNTIME_FILES))

    # openapi-spec-validator runs in another process meanwhile. Its errors, if any, are the
    # ones reported (the pipeline may well fail on an invalid document too). Its findings inside
    # operations are read leniently; only if that build fails are those operations left out,
    # and the package is built again without them.
    doc = load_document(spec, ref_root=ref_root, background=True)
    try:
        api, formatted = build()
    except Exception:
        finish_validation(doc, leave_out=True)
        if not doc.skipped_operations:
            raise
        api, formatted = build()
    else:
        finish_validation(doc)
    if strict and doc.warnings:
        raise SpecError(doc.warnings)
    files = formatted
    for name, text in files.items():  # one file at a time: a large package is not held twice
        files[name] = with_header(name, text, api)
    return doc, api, files


def generate(
    spec: str, package: str, *, strict: bool = False, changes_from_git: bool = False, ref_root: str | None = None
) -> tuple[Api, dict[str, str], list[Problem]]:
    """The IR, the whole package in memory (path inside the package folder -> text, with the
    headers and the manifest) and the warnings (what was left out); with ``strict`` a warning
    is an error. With ``changes_from_git`` the package also holds ``CHANGES.md``: the API change
    report against the last release of the spec in git. ``$ref``s may name files under
    ``ref_root`` only (by default the folder of ``spec``)."""
    from .changes import changes_from_git as changes_from_git_

    doc, api, files = _generate(spec, package, strict, ref_root)
    if changes_from_git:
        files[CHANGES] = with_header(CHANGES, changes_from_git_(spec, doc, api), api)
    return api, with_manifest(files, api), sorted(set(doc.warnings))


def generate_files(spec: str, package: str) -> dict[str, str]:
    """The whole package, in memory: path inside the package folder -> text."""
    return generate(spec, package)[1]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=TOOL,
        description="Generate a typed Python client (httpx, dataclasses) from an OpenAPI 3.0/3.1 document."
        " `python -m generator` is the same command.",
        epilog="Settings: a [tool.botpress-codegen] table in pyproject.toml (spec, out, package, strict, changes,"
        " changes-since), found from the current folder upward; flags override it. Exit codes: 0 ok, 1 drift"
        " (check) or breaking change (diff), 2 bad input or any other failure.",
    )
    parser.add_argument("--version", action="version", version=f"{TOOL} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("generate", "write the client package generated from the spec"),
        ("check", "exit 1 with a diff when the package on disk differs from what would be generated"),
    ):
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.add_argument("--spec", help="OpenAPI 3.0/3.1 document (YAML or JSON)")
        cmd.add_argument("--out", help="folder that receives the package folder")
        cmd.add_argument("--package", help="Python package name, e.g. botpress_client")
        cmd.add_argument(
            "--strict",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="treat warnings (parts left out) as errors (exit 2); with CHANGES.md, exit 1 when info.version"
            " bumps less than the changes call for (semver)",
        )
        cmd.add_argument(
            "--changes",
            "--changes-from-git",
            dest="changes",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="also write CHANGES.md: the API changes since the last release of the spec in git (the newest"
            " tag, else commit, whose spec has another info.version)",
        )
        cmd.add_argument(
            "--changes-since", metavar="REF", help="base CHANGES.md on this git revision (implies --changes)"
        )
        cmd.add_argument(
            "--overwrite",
            action="store_true",
            help="replace the package folder even when it holds files the generator did not write",
        )
        cmd.add_argument("--config", metavar="PYPROJECT", help="read the settings from this pyproject.toml")
        cmd.add_argument(
            "--ref-root",
            metavar="DIR",
            help="folder whose files $refs may name (default: the folder of --spec); nothing outside it is read",
        )
    text = "report the changes of the generated client from OLD_SPEC to NEW_SPEC (exit 1 when one is breaking)"
    cmd = sub.add_parser("diff", help=text, description=text)
    cmd.add_argument("old", metavar="OLD_SPEC", help="the previous OpenAPI document: a file or a git REV:path")
    cmd.add_argument("new", metavar="NEW_SPEC", help="the new OpenAPI document: a file or a git REV:path")
    cmd.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    cmd.add_argument(
        "--strict", action="store_true", help="exit 1 when info.version bumps less than the changes call for"
    )
    return parser


def _settings(args: argparse.Namespace) -> dict[str, object]:
    """Flags over the pyproject.toml table over the defaults; raises :class:`config.ConfigError`."""
    table = config.load(Path(args.config) if args.config else None).values
    merged: dict[str, object] = {"strict": False, "changes": False, "changes-since": None, "ref-root": None}
    merged.update(table)
    for key in ("spec", "out", "package", "strict", "changes", "changes-since", "ref-root"):
        value = getattr(args, key.replace("-", "_"))
        if value is not None:
            merged[key] = value
    missing = [f"--{key}" for key in ("spec", "out", "package") if not merged.get(key)]
    if missing:
        raise config.ConfigError(
            f"missing {', '.join(missing)}: pass the flag or set it in a [tool.{config.TABLE}] table of pyproject.toml"
        )
    return merged


# What the generated package imports (httpx and the packages httpx imports; orjson, which its
# runtime imports when installed).
_TAKEN_NAMES = frozenset({"httpx", "httpcore", "h11", "anyio", "sniffio", "certifi", "idna", "orjson"})


def package_name_problem(package: str) -> str:
    """Why ``package`` cannot name the generated package ('' when it can)."""
    from .build.names import PACKAGE_MODULES

    if not package.isidentifier():
        return "not a valid Python identifier"
    if not package.isascii():
        return "not ASCII: Python reads identifiers NFKC-normalized, so `import` may look for another folder"
    if keyword.iskeyword(package):
        return "a Python keyword"
    if package.startswith("__") and package.endswith("__"):
        return "a dunder name, reserved by Python (__main__, __init__, ...)"
    if package in sys.stdlib_module_names:
        return "shadows the standard library module of that name"
    if package in _TAKEN_NAMES:
        return "shadows a package the generated client imports"
    if package in PACKAGE_MODULES:
        return "shadows a module of the generated package itself"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "diff":
            from .changes import run_diff

            return run_diff(args.old, args.new, args.format, args.strict)
        return _run(args)
    except (config.ConfigError, UnsafeWrite) as exc:
        print(exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{TOOL}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"{TOOL}: {exc.filename or ''}{': ' if exc.filename else ''}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of the generator: one line, exit 2, never a traceback
        text = " ".join(str(exc).split())[:300]
        print(f"{TOOL} {__version__}: internal error: {type(exc).__name__}: {text} (please report it)", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    settings = _settings(args)
    spec, out, package = str(settings["spec"]), str(settings["out"]), str(settings["package"])
    strict, since_setting = bool(settings["strict"]), settings["changes-since"]
    ref_root = str(settings["ref-root"]) if settings["ref-root"] else None
    started = time.perf_counter()
    target = Path(out) / package
    since = str(since_setting) if since_setting else None
    with_changes = bool(settings["changes"] or since)
    if not (package.isidentifier() and package.isascii()):  # a path, not a name: touch nothing there
        print(f"--package {package}: {package_name_problem(package)}", file=sys.stderr)
        return 2
    # The package folder is read once, as data (links, FIFOs, devices, huge files: refused unread).
    for line in recover(target):  # a generate killed while swapping folders
        print(line, file=sys.stderr)
    info = ownership(target)
    if args.command == "check" and info.refused:
        raise UnsafeWrite(info.refused)
    # (A package name generate refused never has a record in the cache: the quick path cannot pass it.)
    if args.command == "check" and fastcheck.up_to_date(spec, info, package, strict, with_changes, since):
        print(f"{target} is up to date (these inputs gave exactly these files before, says the cache)")
        return 0
    why = package_name_problem(package)
    if why:
        print(f"--package {package}: {why}", file=sys.stderr)
        return 2
    from .changes import changes, unavailable_markdown

    try:
        doc, api, files = _generate(spec, package, strict, ref_root)
        report = changes(spec, doc, api, since) if with_changes else None
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    for note in doc.notes:  # not warnings: --strict does not fail on them
        print(note, file=sys.stderr)
    warnings = sorted(set(doc.warnings))
    for warning in warnings:
        print(Problem(warning.file, warning.pointer, f"warning: {warning.message}"), file=sys.stderr)
    skip: frozenset[str] = frozenset()
    if report is not None:
        if report.markdown is not None:
            files[CHANGES] = with_header(CHANGES, report.markdown, api)
        else:
            print(f"{target / CHANGES}: not compared: git history unavailable ({report.unavailable})", file=sys.stderr)
            kept = info.disk.get(CHANGES)
            if kept is not None:
                files[CHANGES] = kept.decode("utf-8", errors="replace")
            elif args.command == "generate":
                files[CHANGES] = with_header(CHANGES, unavailable_markdown(api, report.unavailable), api)
            skip = frozenset({CHANGES})
        if strict and report.too_small:
            print(f"{spec}#/info/version: {report.too_small}", file=sys.stderr)
            return 1
    current = fastcheck.inputs(spec, doc.files, package, strict, with_changes, since)
    files = with_manifest(files, api, current)
    if args.command == "check":
        code, checked = _check(files, target, skip, info)
        if code == 0 and not skip:
            fastcheck.remember(current, checked)  # the next check of these inputs is quick
        return code
    edited = write_package(files, target, overwrite=args.overwrite)
    fastcheck.remember(current, files)
    for name in edited:
        print(f"{target / name}: had been edited by hand since it was generated; replaced", file=sys.stderr)
    print(
        f"wrote {target} ({len(files)} files): operations={len(api.operations)} models={len(api.models)}"
        f" warnings={len(warnings)} in {time.perf_counter() - started:.2f} s"
    )
    return 0


def _check(files: dict[str, str], target: Path, skip: frozenset[str], info: Ownership) -> tuple[int, dict[str, str]]:
    """Exit code, and the files compared (those generate writes, or the manifest kept)."""
    if info.refused:
        raise UnsafeWrite(info.refused)
    recorded_bytes = info.disk.get(MANIFEST)
    if recorded_bytes is not None:
        recorded = recorded_bytes.decode("utf-8", errors="replace")
        if recorded != files[MANIFEST] and without_inputs(recorded) == without_inputs(files[MANIFEST]):
            # Only the record of the inputs differs (another build of the generator, a new
            # release base): the files are what generate would write.
            files = {**files, MANIFEST: recorded}
            print(
                f"{target / MANIFEST}: its record of the inputs is out of date; `generate` refreshes it (quicker checks)",
                file=sys.stderr,
            )
    diff = diff_package(files, target, str(target), skip, info.disk)
    if not diff and not info.edited and not info.foreign:
        print(f"{target} is up to date")
        return 0, files
    sys.stdout.write(diff)
    for name in info.edited:
        print(f"{target / name}: edited by hand since it was generated", file=sys.stderr)
    if info.is_dir and info.manifest is None:
        print(
            f"{target}: no {MANIFEST}: not written by this generator (or by a version before manifests)",
            file=sys.stderr,
        )
    else:
        for name in info.foreign:
            print(f"{target / name}: not written by the generator", file=sys.stderr)
    print(f"{target} is stale: regenerate it (`{TOOL} generate`, or `make generate`)", file=sys.stderr)
    return 1, files


__all__ = ["Problem", "generate_files", "main"]
