"""Command line: ``botpress-codegen {generate,check} [--spec FILE --out DIR --package NAME]``
(also ``python -m botpress_codegen ...`` installed, ``python -m generator ...`` in the repository;
without them: :mod:`generator.defaults`; the warnings: :mod:`generator.warning_report`).

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
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__, config, defaults, pipeline
from .load import collector
from .load.bounds import SETTINGS, Limits
from .pipeline import generate_files
from .problem_classes import CLASSES, unknown
from .problems import Problem
from .selection import Selection
from .settings import Settings
from .write.files import UnsafeWrite
from .write.provenance import TOOL


def _add_run_arguments(cmd: argparse.ArgumentParser, name: str) -> None:
    """The arguments of ``generate`` and ``check``."""
    cmd.add_argument("--spec", help="OpenAPI 3.0/3.1 document (YAML or JSON; default: ./openapi.yaml, .yml or .json)")
    cmd.add_argument("--out", help="folder that receives the package folder (default: the current folder)")
    cmd.add_argument("--package", help="Python package name, e.g. my_api (default: info.title in snake case)")
    cmd.add_argument(
        "--strict",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="fail (exit 2) on warnings of what loses something (left out, degraded; not the notes of what the"
        " generator resolved); with CHANGES.md, exit 1 when info.version"
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
    _add_warning_arguments(cmd)
    cmd.add_argument(
        "--env-prefix",
        metavar="PREFIX",
        help="prefix of the environment variables of the client's credentials (PREFIX_API_KEY, PREFIX_TOKEN);"
        " default: the document's x-client, else the package name in upper case",
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
    _add_selection_arguments(cmd)


def _add_selection_arguments(cmd: argparse.ArgumentParser) -> None:
    """``--include``/``--exclude`` (generate, check, diff): which operations (generator.selection)."""
    for flag, what in (("--include", "keep only the operations"), ("--exclude", "leave out the operations")):
        cmd.add_argument(
            flag,
            action="append",
            metavar="SELECTOR",
            help=f"{what} matching SELECTOR (repeatable): tag:NAME, path:GLOB (* one segment, ** any),"
            " op:OPERATION_ID (or a glob), method:METHOD; with a selection only the schemas the kept operations"
            " reach are written",
        )


def _add_warning_arguments(cmd: argparse.ArgumentParser) -> None:
    """``--verbose``, ``--silence``, ``--fatal``: how the warnings are shown (generator.warning_report)."""
    cmd.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every warning line; by default what the generator resolved by itself (renames, ignored"
        " documentation values) is one line per class, with a count",
    )
    for flag, text in (
        ("silence", "do not show warnings of CLASS (still counted in the summary; never fatal)"),
        ("fatal", "fail (exit 2) on warnings of CLASS, as --strict does on what loses something"),
    ):
        cmd.add_argument(
            f"--{flag}",
            metavar="CLASS",
            action="append",
            help=f"{text}; repeat it or separate classes with commas (README.md, Warnings, lists the classes)",
        )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=TOOL,
        # The import name: botpress_codegen installed, generator in the repository.
        description="Generate a typed Python client (httpx, dataclasses) from an OpenAPI 3.0/3.1 document."
        f" `python -m {__package__}` is the same command.",
        epilog="Settings: a [tool.botpress-codegen] table in pyproject.toml (spec, out, package, strict, changes,"
        " changes-since, keep, project, templates, include, exclude, silence, fatal, env-prefix, max-size, max-nodes, max-depth), found from the current folder upward; flags"
        " override it. Without either: --spec ./openapi.yaml (.yml, .json), --out the current folder, --package"
        " from info.title. Exit codes: 0 ok, 1 drift"
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
    _add_selection_arguments(cmd)
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
        "env-prefix": None,
    }
    merged.update(table)
    classes = {key: _classes(key, table.get(key, []), getattr(args, key) or []) for key in ("silence", "fatal")}
    keys = ("spec", "out", "package", "strict", "changes", "changes-since", "ref-root", "project", "templates")
    for key in (*keys, "env-prefix"):
        value = getattr(args, key.replace("-", "_"))
        if value is not None:
            merged[key] = value
    _defaults(merged)
    since = merged["changes-since"]
    prefix = merged["env-prefix"]
    if prefix is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", str(prefix)):
        raise config.ConfigError(f"env-prefix {prefix!r}: must be letters, digits and _ (not first a digit)")
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
        selection=_selection(args, table),
        verbose=bool(args.verbose),
        silence=classes["silence"],
        fatal=classes["fatal"],
        env_prefix=str(prefix) if prefix else None,
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


def _selection(args: argparse.Namespace, table: dict[str, object]) -> Selection:
    """``--include``/``--exclude`` (each flag, when given, replaces the table's list of that key)."""
    chosen: dict[str, tuple[str, ...]] = {}
    for key in ("include", "exclude"):
        given = getattr(args, key, None)
        listed = table.get(key, ())
        chosen[key] = tuple(
            str(v) for v in (given if given is not None else listed if isinstance(listed, list) else ())
        )
    selection = Selection(chosen["include"], chosen["exclude"])
    problems = selection.problems()
    if problems:
        raise config.ConfigError("\n".join(problems))
    return selection


def _defaults(merged: dict[str, object]) -> None:
    """Fill in ``spec``, ``out`` and ``package`` when neither a flag nor the table gives them
    (:mod:`generator.defaults`); raises :class:`config.ConfigError` naming what is missing."""
    merged["spec"] = merged.get("spec") or defaults.spec()
    merged["out"] = merged.get("out") or defaults.OUT
    if not merged["spec"]:
        raise config.ConfigError(
            f"missing --spec (no {', '.join(defaults.SPEC_NAMES)} here): pass the flag or set spec in a"
            f" [tool.{config.TABLE}] table of pyproject.toml"
        )
    if not merged.get("package"):
        merged["package"], why = defaults.package(str(merged["spec"]))
        if not merged["package"]:
            raise config.ConfigError(
                f"missing --package ({why}): pass the flag or set package in a [tool.{config.TABLE}] table of"
                " pyproject.toml"
            )


def _classes(key: str, configured: list[str], given: list[str]) -> frozenset[str]:
    """The warning classes of ``silence`` or ``fatal``: the configuration's and the flags' (comma-separated)."""
    names = [*configured, *(name.strip() for arg in given for name in arg.split(",") if name.strip())]
    wrong = unknown(names)
    if wrong:
        raise config.ConfigError(
            f"{key}: unknown warning class {', '.join(map(repr, wrong))} (known: {', '.join(CLASSES)})"
        )
    return frozenset(names)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``argv``: by default the process's own, and then the process runs this
    one command: :func:`generator.load.collector.own_process`); the exit code."""
    if argv is None:
        collector.own_process()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    try:
        if args.command == "diff":
            from .report.changes import run_diff

            return run_diff(args.old, args.new, args.format, args.strict, _selection(args, {}))
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
