"""What a run says about the problems it found: what loses something first, one line each; what
the generator resolved by itself grouped, one line per class (every line with ``--verbose``); one
summary line last. Which classes are silenced or fatal is a :class:`Policy` (from ``--strict``,
``--silence``, ``--fatal`` and their keys of pyproject.toml); the classes are
:mod:`generator.problem_classes`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .problem_classes import CLASSES, of
from .problems import Problem


@dataclass(frozen=True, slots=True)
class Policy:
    """How the warnings of one run are shown and which fail it."""

    strict: bool = False  # left-out and degraded classes are fatal
    verbose: bool = False  # every line of the resolved classes, not one per class
    silence: frozenset[str] = frozenset()  # classes neither shown nor fatal (still counted)
    fatal: frozenset[str] = frozenset()  # classes that fail the run (exit 2)

    def is_fatal(self, kind: str) -> bool:
        name = of(kind).name
        if name in self.silence:
            return False
        if name in self.fatal:
            return True
        found = of(kind)
        return self.strict and found.strict and found.severity != "resolved"

    def fatal_classes(self, counts: Mapping[str, int]) -> list[str]:
        """The classes of ``counts`` (class -> number of warnings) that fail the run."""
        return sorted(name for name, n in counts.items() if n and self.is_fatal(name))


def counts(problems: Iterable[Problem]) -> dict[str, int]:
    """Class name -> number of warnings, in name order."""
    found = Counter(of(p.kind).name for p in problems)
    return dict(sorted(found.items()))


def fatal_problems(problems: Iterable[Problem], policy: Policy) -> list[Problem]:
    return sorted({p for p in problems if policy.is_fatal(p.kind)})


def _line(problem: Problem, label: str, tail: str) -> str:
    return str(Problem(problem.file, problem.pointer, f"{label}: {problem.message} [{tail}]"))


def report_lines(problems: Iterable[Problem], policy: Policy) -> tuple[list[str], bool]:
    """The lines for standard error (not the summary), and whether some were grouped or
    silenced (the summary then points to ``--verbose``)."""
    # what is left out first, then what is degraded, then the notes (each in the order of places)
    unique = sorted(set(problems), key=lambda p: (of(p.kind).severity != "left-out", p))
    shown: list[str] = []
    hidden = False
    notes: dict[str, list[Problem]] = {}
    for problem in unique:
        found = of(problem.kind)
        if found.name in policy.silence:
            continue
        if found.severity != "resolved" or policy.is_fatal(found.name):
            shown.append(_line(problem, "warning", found.name))
        else:
            notes.setdefault(found.name, []).append(problem)
    for name, group in sorted(notes.items()):
        if policy.verbose:
            shown.extend(_line(p, "note", name) for p in group)
        elif len(group) == 1:
            shown.append(_line(group[0], "note", name))
        else:
            hidden = True
            shown.append(_line(group[0], "note", f"{name}: first of {len(group)}"))
    return shown, hidden


def summary(spec: str, operations: int, models: int, found: Mapping[str, int], policy: Policy, hidden: bool) -> str:
    """``SPEC#: N operations, M models; K left out, J degraded, R resolved by the generator; see --verbose``."""
    by_severity: Counter[str] = Counter()
    silenced = 0
    for name, n in found.items():
        by_severity[of(name).severity] += n
        silenced += n if name in policy.silence else 0
    text = (
        f"{_count(operations, 'operation')}, {_count(models, 'model')}; {by_severity['left-out']} left out,"
        f" {by_severity['degraded']} degraded, {by_severity['resolved']} resolved by the generator"
    )
    if silenced:
        text += f" ({silenced} silenced)"
    fatal = policy.fatal_classes(found)
    if fatal:
        text += f"; fatal: {', '.join(fatal)} (exit 2)"
    if hidden and not policy.verbose:
        text += "; see --verbose"
    return str(Problem(spec, "", text))  # located at the document, as every line of a run


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def report_record(operations: int, models: int, problems: Iterable[Problem]) -> dict[str, object]:
    """What the summary line says, as data (the quick ``check`` keeps it in its cache)."""
    return {"operations": operations, "models": models, "classes": counts(problems)}


def record_summary(spec: str, record: Mapping[str, object], policy: Policy, hidden: bool) -> str:
    """The summary line of a :func:`report_record`."""
    found, operations, models = record["classes"], record["operations"], record["models"]
    assert isinstance(found, dict) and isinstance(operations, int) and isinstance(models, int)
    return summary(spec, operations, models, found, policy, hidden)


def classes_of(record: Mapping[str, object]) -> dict[str, int]:
    found = record.get("classes")
    return found if isinstance(found, dict) else {}


def known_classes() -> str:
    return ", ".join(CLASSES)
