"""What one run of ``generate`` or ``check`` works on (:class:`Settings`) and where it says what
happened (:class:`Reporter`): read by the pipeline and by the stages it hands them to."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .load.bounds import Limits
from .selection import Selection
from .warning_report import Policy


class Reporter(Protocol):
    def out(self, text: str) -> None:
        """Text for standard output (results)."""

    def err(self, line: str) -> None:
        """One line for standard error (problems, warnings, advice)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What one ``generate`` or ``check`` works on (flags over pyproject.toml, see cli)."""

    spec: str
    out: str
    package: str
    strict: bool = False
    changes: bool = False
    changes_since: str | None = None
    ref_root: str | None = None
    overwrite: bool = False
    keep: tuple[str, ...] = ()  # files of the package folder the user owns (fnmatch patterns): never touched
    full_diff: bool = False  # check: the whole diff, not its first lines
    ci: bool = False  # running in CI (CI=true): advice to regenerate and commit
    regenerate: str = "botpress-codegen generate"  # the command that regenerates, for advice
    project: bool = False  # also write pyproject.toml beside the package folder
    templates: str | None = None  # a folder of templates overriding the generator's, by file name
    selection: Selection = field(
        default_factory=Selection
    )  # --include/--exclude: the operations generated (all: none given)
    verbose: bool = False  # every warning line, not one per class of what the generator resolved
    silence: frozenset[str] = frozenset()  # warning classes not shown (generator/problem_classes.py)
    fatal: frozenset[str] = frozenset()  # warning classes that fail the run

    @property
    def policy(self) -> Policy:
        return Policy(self.strict, self.verbose, self.silence, self.fatal)

    env_prefix: str | None = None  # prefix of the credentials' environment variables (``ACME``)
    limits: Limits = field(default_factory=Limits)  # size, nodes and depth the spec may take

    @property
    def target(self) -> Path:
        return Path(self.out) / self.package

    @property
    def with_changes(self) -> bool:
        return self.changes or self.changes_since is not None
