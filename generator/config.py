"""Settings from a ``[tool.botpress-codegen]`` table of ``pyproject.toml``.

The table is looked for in ``pyproject.toml`` from the current folder upward: the nearest one
that holds the table wins. Its paths are relative to that file's folder. Command-line flags
override it. An unknown key or a value of the wrong type is an error naming it.

    [tool.botpress-codegen]
    spec = "spec/openapi.yaml"
    out = "src"
    package = "botpress_client"
    strict = true            # warnings are errors; with changes: info.version must bump enough
    changes = true           # write CHANGES.md (base: the last release of the spec in git)
    changes-since = "v1.2.0" # or name the base of CHANGES.md
    keep = ["_hooks.py"]     # files of the package folder that are yours: never touched
    project = true           # also write pyproject.toml beside the package (pip install OUT)
    templates = "templates"  # templates overriding the generator's, by file name
    include = ["tag:files", "op:getTable"]  # generate only these operations (generator.selection)
    exclude = ["method:delete"]             # and leave these out (--include/--exclude replace them)
    silence = ["member-renamed"]   # warning classes not shown (still counted in the summary)
    fatal = ["pattern-unchecked"]  # warning classes that fail the run (exit 2), as --strict does
    env-prefix = "ACME"      # environment variables of the credentials: ACME_API_KEY, ...
    max-size = 64            # limits of the spec read: MiB per file (4 times that in all),
    max-nodes = 20000000     # keys and values in all its files,
    max-depth = 64           # levels of nesting in one file (generator/load/bounds.py)
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import selection
from .load.bounds import SETTINGS

TABLE = "botpress-codegen"
PATHS = ("spec", "out", "ref-root", "templates")
KEYS: dict[str, type] = {
    "spec": str,
    "out": str,
    "package": str,
    "strict": bool,
    "changes": bool,
    "changes-since": str,
    "ref-root": str,
    "keep": list,
    "project": bool,
    "templates": str,
    "include": list,
    "exclude": list,
    "silence": list,
    "fatal": list,
    "env-prefix": str,
    **{setting.key: int for setting in SETTINGS},
}


class ConfigError(Exception):
    """A problem of the configuration, as one line."""


@dataclass
class Config:
    file: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)


def find(start: Path | None = None) -> Path | None:
    """The nearest ``pyproject.toml`` from ``start`` (default: the current folder) upward that
    holds a ``[tool.botpress-codegen]`` table."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        path = candidate / "pyproject.toml"
        if path.is_file() and TABLE in _tool(path):
            return path
    return None


def _tool(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    tool = data.get("tool")
    return tool if isinstance(tool, dict) else {}


def _shown(path: Path) -> str:
    """A path as the user sees it: relative to the current folder when below it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def load(path: Path | None = None) -> Config:
    """The table of ``path`` (default: :func:`find`); paths made usable from the current folder."""
    path = path or find()
    if path is None:
        return Config()
    table = _tool(path).get(TABLE)
    where = f"{_shown(path)}: [tool.{TABLE}]"
    if table is None:
        raise ConfigError(f"{where}: no such table")
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    values: dict[str, Any] = {}
    for key, value in table.items():
        expected = KEYS.get(key)
        if expected is None:
            raise ConfigError(f"{where}: unknown key {key!r} (known: {', '.join(KEYS)})")
        if type(value) is not expected or (isinstance(value, list) and not all(isinstance(v, str) for v in value)):
            kind = {bool: "true or false", list: "a list of strings", int: "an integer"}.get(expected, "a string")
            raise ConfigError(f"{where}: {key} must be {kind}, not {value!r}")
        if key in ("include", "exclude"):
            _check_selectors(where, key, value)
        bad = next((s.problem(value) for s in SETTINGS if s.key == key and isinstance(value, int)), "")
        if bad:
            raise ConfigError(f"{where}: {bad}")
        values[key] = _shown(path.parent / str(value)) if key in PATHS else value
    return Config(path, values)


def _check_selectors(where: str, key: str, selectors: object) -> None:
    """Each selector of ``include``/``exclude`` (a list of strings) readable (:mod:`generator.selection`)."""
    for selector in selectors if isinstance(selectors, list) else ():
        try:
            selection.parse(str(selector))
        except selection.SelectorError as exc:
            raise ConfigError(f"{where}: {key}: {exc}") from None
