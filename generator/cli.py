"""Command line: ``python -m generator {generate,check} --spec FILE --out DIR --package NAME``.

Exit codes: 0 ok, 1 drift (``check``), 2 bad input (one ``FILE#/pointer: message`` line each).
"""

from __future__ import annotations

import argparse
import keyword
import sys
import time
from pathlib import Path
from typing import Sequence

from .build import build_api
from .format import format_files
from .load import load_document
from .problems import Problem, SpecError
from .render import render
from .write import diff_package, write_package


def generate_files(spec: str, package: str) -> dict[str, str]:
    """The whole package, in memory: path inside the package folder -> text."""
    doc = load_document(spec)
    api = build_api(doc, package)
    return format_files(render(api), package)


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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    package: str = args.package
    if not package.isidentifier() or keyword.iskeyword(package):
        print(f"{package}: not a valid Python package name", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        files = generate_files(args.spec, package)
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
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
    print(f"wrote {target} ({len(files)} files) in {time.perf_counter() - started:.2f} s")
    return 0


__all__ = ["main", "generate_files", "Problem"]
