"""Command line: ``botpress-codegen {generate,check} [--spec FILE --out DIR --package NAME]``
(also ``python -m generator ...``).

Also ``botpress-codegen diff OLD_SPEC NEW_SPEC [--format text|json]`` (either side a file or a
git ``REV:path``; see :mod:`generator.report.diff`). Settings come from a ``[tool.botpress-codegen]``
table of ``pyproject.toml`` (see :mod:`generator.config`), flags override them.
Exit codes: 0 ok, 1 drift (``check``), hand edits that conflict with the new output (``generate``)
or breaking change (``diff``; with ``--strict``, a version bump smaller than the changes call for), 2 bad input or any other failure (one line each, never
a traceback).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__, config, pipeline
from .load.bounds import SETTINGS, Limits
from .pipeline import generate_files
from .problems import Problem
from .settings import Settings
from .write.files import UnsafeWrite
from .write.provenance import TOOL


def _add_run_arguments(cmd: argparse.ArgumentParser, name: str) -> None:
    """The arguments of ``generate`` and ``check``."""
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
    cmd.add_argument("--changes-since", metavar="REF", help="base CHANGES.md on this git revision (implies --changes)")
    cmd.add_argument(
        "--overwrite",
        action="store_true",
        help="replace the package folder even when it holds files the generator did not write",
    )
    cmd.add_argument("--config", metavar="PYPROJECT", help="read the settings from this pyproject.toml")
    cmd.add_argument(
        "--project",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also write pyproject.toml beside the package folder (name, version from info.version, httpx),"
        " so that `pip install OUT` installs the client",
    )
    cmd.add_argument(
        "--templates",
        metavar="DIR",
        help="templates overriding the generator's, by file name (e.g. README.md.jinja, readme/usage.md.jinja)",
    )
    if name == "check":
        cmd.add_argument(
            "--full-diff", action="store_true", help="on drift, print the whole diff (default: its first 200 lines)"
        )
    cmd.add_argument(
        "--ref-root",
        metavar="DIR",
        help="folder whose files $refs may name (default: the folder of --spec); nothing outside it is read",
    )
    for setting in SETTINGS:  # the limits of the spec read (generator/load/bounds.py)
        cmd.add_argument(f"--{setting.key}", type=int, metavar="N", help=setting.help)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=TOOL,
        description="Generate a typed Python client (httpx, dataclasses) from an OpenAPI 3.0/3.1 document."
        " `python -m generator` is the same command.",
        epilog="Settings: a [tool.botpress-codegen] table in pyproject.toml (spec, out, package, strict, changes,"
        " changes-since, keep, project, templates, max-size, max-nodes, max-depth), found from the current folder upward; flags override it. Exit codes: 0 ok, 1 drift"
        " (check), conflicting hand edits (generate) or breaking change (diff), 2 bad input or any other failure.",
    )
    parser.add_argument("--version", action="version", version=f"{TOOL} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("generate", "write the client package generated from the spec"),
        ("check", "exit 1 with a diff when the package on disk differs from what would be generated"),
    ):
        cmd = sub.add_parser(name, help=text, description=text)
        _add_run_arguments(cmd, name)
    text = "report the changes of the generated client from OLD_SPEC to NEW_SPEC (exit 1 when one is breaking)"
    cmd = sub.add_parser("diff", help=text, description=text)
    cmd.add_argument("old", metavar="OLD_SPEC", help="the previous OpenAPI document: a file or a git REV:path")
    cmd.add_argument("new", metavar="NEW_SPEC", help="the new OpenAPI document: a file or a git REV:path")
    cmd.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    cmd.add_argument(
        "--strict", action="store_true", help="exit 1 when info.version bumps less than the changes call for"
    )
    return parser


def _regenerate(argv: Sequence[str]) -> str:
    """The command that regenerates what ``check`` (run with ``argv``) checks."""
    rest = list(argv)
    if "check" in rest:
        rest = rest[rest.index("check") + 1 :]
    return shlex.join([TOOL, "generate", *(a for a in rest if a != "--full-diff")])


def _settings(args: argparse.Namespace, argv: Sequence[str] = ()) -> Settings:
    """Flags over the pyproject.toml table over the defaults; raises :class:`config.ConfigError`."""
    table = config.load(Path(args.config) if args.config else None).values
    merged: dict[str, object] = {
        "strict": False,
        "changes": False,
        "changes-since": None,
        "ref-root": None,
        "project": False,
        "templates": None,
    }
    merged.update(table)
    for key in ("spec", "out", "package", "strict", "changes", "changes-since", "ref-root", "project", "templates"):
        value = getattr(args, key.replace("-", "_"))
        if value is not None:
            merged[key] = value
    missing = [f"--{key}" for key in ("spec", "out", "package") if not merged.get(key)]
    if missing:
        raise config.ConfigError(
            f"missing {', '.join(missing)}: pass the flag or set it in a [tool.{config.TABLE}] table of pyproject.toml"
        )
    since = merged["changes-since"]
    return Settings(
        spec=str(merged["spec"]),
        out=str(merged["out"]),
        package=str(merged["package"]),
        strict=bool(merged["strict"]),
        changes=bool(merged["changes"]),
        changes_since=str(since) if since else None,
        ref_root=str(merged["ref-root"]) if merged["ref-root"] else None,
        overwrite=bool(args.overwrite),
        keep=tuple(str(v) for v in table.get("keep", ())),
        full_diff=bool(getattr(args, "full_diff", False)),
        ci=os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"),
        regenerate=_regenerate(argv),
        project=bool(merged["project"]),
        templates=str(merged["templates"]) if merged["templates"] else None,
        limits=_limits(args, table),
    )


def _limits(args: argparse.Namespace, table: dict[str, object]) -> Limits:
    """The limits of the spec read: flags over the pyproject.toml table over the defaults."""
    values: dict[str, int] = {}
    for setting in SETTINGS:
        value = getattr(args, setting.dest, None)
        value = table.get(setting.key) if value is None else value
        if isinstance(value, int):
            bad = setting.problem(value)
            if bad:
                raise config.ConfigError(f"--{bad}")
            values[setting.field] = value
    return Limits(**values)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    try:
        if args.command == "diff":
            from .report.changes import run_diff

            return run_diff(args.old, args.new, args.format, args.strict)
        return _run(args, argv)
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


def _run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    settings = _settings(args, argv)
    return pipeline.run(args.command, settings, _Printer())


class _Printer:
    """Prints what the pipeline reports: results on standard output, problems on standard error."""

    def out(self, text: str) -> None:
        sys.stdout.write(text)

    def err(self, line: str) -> None:
        print(line, file=sys.stderr)


__all__ = ["Problem", "generate_files", "main"]
