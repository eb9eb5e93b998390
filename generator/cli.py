"""Command line: ``python -m generator {generate,check} --spec FILE --out DIR --package NAME``.

Also ``python -m generator diff OLD_SPEC NEW_SPEC [--format text|json]`` (see :mod:`generator.diff`).
Exit codes: 0 ok, 1 drift (``check``) or breaking change (``diff``), 2 bad input (one
``FILE#/pointer: message`` line each).
"""

from __future__ import annotations

import argparse
import keyword
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .build import build_api
from .diff import changes_from_git as changes_markdown
from .diff import run as run_diff
from .format import format_files
from .ir import Api
from .load import load_document
from .problems import Problem, SpecError
from .render import render
from .write import diff_package, write_package


def generate(
    spec: str, package: str, *, strict: bool = False, changes_from_git: bool = False, ref_root: str | None = None
) -> tuple[Api, dict[str, str], list[Problem]]:
    """The IR, the whole package in memory (path inside the package folder -> text) and the
    warnings (what was left out); with ``strict`` a warning is an error. With
    ``changes_from_git`` the package also holds ``CHANGES.md``: the API change report against the
    previous version of the spec committed to git. ``$ref``s may name files under ``ref_root`` only
    (by default the folder of ``spec``)."""
    doc = load_document(spec, ref_root=ref_root)
    api = build_api(doc, package)
    if strict and doc.warnings:
        raise SpecError(doc.warnings)
    files = format_files(render(api), package)
    if changes_from_git:
        files["CHANGES.md"] = changes_markdown(spec, doc, api)
    return api, files, sorted(set(doc.warnings))


def generate_files(spec: str, package: str) -> dict[str, str]:
    """The whole package, in memory: path inside the package folder -> text."""
    return generate(spec, package)[1]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("generate", "write the client package generated from the spec"),
        ("check", "exit 1 with a diff when the package on disk differs from what would be generated"),
    ):
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.add_argument("--spec", required=True, help="OpenAPI 3.0/3.1 document (YAML or JSON)")
        cmd.add_argument("--out", required=True, help="folder that receives the package folder")
        cmd.add_argument("--package", required=True, help="Python package name, e.g. botpress_client")
        cmd.add_argument("--strict", action="store_true", help="treat warnings (parts left out) as errors: exit 2")
        cmd.add_argument(
            "--changes-from-git",
            action="store_true",
            help="also write CHANGES.md: the API changes since the previous version of the spec committed to git",
        )
        cmd.add_argument(
            "--ref-root",
            metavar="DIR",
            help="folder whose files $refs may name (default: the folder of --spec); nothing outside it is read",
        )
    text = "report the changes of the generated client from OLD_SPEC to NEW_SPEC (exit 1 when one is breaking)"
    cmd = sub.add_parser("diff", help=text, description=text)
    cmd.add_argument("old", metavar="OLD_SPEC", help="the previous OpenAPI document")
    cmd.add_argument("new", metavar="NEW_SPEC", help="the new OpenAPI document")
    cmd.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    return parser


# What the generated package imports (httpx and the packages httpx imports) and its own modules.
_TAKEN_NAMES = frozenset({"httpx", "httpcore", "h11", "anyio", "sniffio", "certifi", "idna"})
_OWN_MODULES = frozenset({"errors", "models", "_client", "_base_client", "_serde", "_types", "_validators", "_version"})


def package_name_problem(package: str) -> str:
    """Why ``package`` cannot name the generated package ('' when it can)."""
    if not package.isidentifier():
        return "not a valid Python identifier"
    if keyword.iskeyword(package):
        return "a Python keyword"
    if package in sys.stdlib_module_names:
        return "shadows the standard library module of that name"
    if package in _TAKEN_NAMES:
        return "shadows a package the generated client imports"
    if package in _OWN_MODULES:
        return "shadows a module of the generated package itself"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "diff":
        return run_diff(args.old, args.new, args.format)
    package: str = args.package
    why = package_name_problem(package)
    if why:
        print(f"--package {package}: {why}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        api, files, warnings = generate(
            args.spec, package, strict=args.strict, changes_from_git=args.changes_from_git, ref_root=args.ref_root
        )
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    for warning in warnings:
        print(Problem(warning.file, warning.pointer, f"warning: {warning.message}"), file=sys.stderr)
    target = Path(args.out) / package
    if args.command == "check":
        diff = diff_package(files, target, str(target))
        if diff:
            sys.stdout.write(diff)
            print(f"{target} is stale: run `make generate`", file=sys.stderr)
            return 1
        print(f"{target} is up to date")
        return 0
    write_package(files, target)
    print(
        f"wrote {target} ({len(files)} files): operations={len(api.operations)} models={len(api.models)}"
        f" warnings={len(warnings)} in {time.perf_counter() - started:.2f} s"
    )
    return 0


__all__ = ["Problem", "generate_files", "main"]
