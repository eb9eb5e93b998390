"""The limits a document is read within that the user may raise or lower: size, nodes, depth.

Each is declared once here, with its flag (``--max-size``), its key of the
``[tool.botpress-codegen]`` table (``max-size``), its default and its range; :mod:`generator.cli`
and :mod:`generator.config` read them from :data:`SETTINGS`, :mod:`generator.load.limits`
applies them. The defaults admit the largest public API description known (Microsoft Graph
beta: 47 MB of JSON, 22,361 operations, at most about 6,000,000 keys and values) and still refuse the
bombs of the hostile-spec suite within seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """What one document may take: ``size`` MiB per file (all its files together: four times
    that), ``nodes`` keys and values in all its files, ``depth`` levels of nesting of mappings
    and lists in one file."""

    size: int = 64
    nodes: int = 20_000_000
    depth: int = 64

    @property
    def file_bytes(self) -> int:
        return self.size * MIB

    @property
    def total_bytes(self) -> int:
        return 4 * self.size * MIB


@dataclass(frozen=True, slots=True)
class Setting:
    """One limit as the user sets it: ``--{key}`` on the command line, ``key`` in pyproject.toml."""

    key: str
    field: str
    low: int
    high: int
    help: str

    @property
    def dest(self) -> str:
        """The attribute of the parsed command line."""
        return self.key.replace("-", "_")

    def problem(self, value: int) -> str:
        """Why ``value`` cannot be this limit ('' when it can)."""
        if self.low <= value <= self.high:
            return ""
        return f"{self.key} must be an integer from {self.low:,} to {self.high:,}, not {value!r}"


SETTINGS = (
    Setting(
        "max-size",
        "size",
        1,
        4096,
        "largest file of the spec read, in MiB (default 64; all its files together: 4 times that)",
    ),
    Setting(
        "max-nodes",
        "nodes",
        1,
        1_000_000_000,
        "most keys and values in all the files of the spec (default 20,000,000; YAML aliases counted as expanded)",
    ),
    Setting("max-depth", "depth", 1, 256, "deepest nesting of mappings and lists in one file (default 64)"),
)
"""The limits the user may set, in the order of ``--help``."""
