"""Hand edits that survive a regeneration: a three-way merge, and where its base comes from.

``generate`` on a package whose files were edited by hand merges each edited file: *base* is the
pristine output the manifest records (by SHA-256, under ``files``), *ours* the file on disk,
*theirs* the new output. Changes of one side only are taken; the same change on both sides is
taken once; different changes to the same or adjacent lines of the base are a conflict (as in
``git merge``, diff3 style). The diff of each side against the base is :mod:`difflib`'s.

The base is found, by its SHA-256, first in the content cache (:mod:`generator.cache`, kind
``pristine``: every ``generate`` stores the pristine text of each file it writes), else in git
history (the file as committed, newest first, :data:`HISTORY` commits at most): a fresh clone
finds it when the pristine output was committed before the edit. Nothing found: the file cannot
be merged, which is reported like a conflict.
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass
from pathlib import Path

from .. import cache
from ..report.gitlog import git, locate

HISTORY = 200
"""How many commits of a file's history are searched for its pristine text."""


@dataclass(frozen=True)
class Conflict:
    """A hunk both sides change differently; lines are 1-based, ends inclusive (empty: start - 1)."""

    base: tuple[int, int]
    ours: tuple[int, int]
    theirs: tuple[int, int]
    ours_lines: tuple[str, ...]
    theirs_lines: tuple[str, ...]

    def where(self) -> str:
        def span(r: tuple[int, int]) -> str:
            return f"line {r[0]}" if r[1] <= r[0] else f"lines {r[0]}-{r[1]}"

        return (
            f"@@ {span(self.ours)} edited by hand, {span(self.theirs)} of the new output:"
            f" both change the generated {span(self.base)} @@"
        )

    def show(self, cap: int = 12) -> list[str]:
        """The hunk, conflict-marker style, each side capped at ``cap`` lines."""

        def side(lines: tuple[str, ...]) -> list[str]:
            out = [line.rstrip("\n") for line in lines[:cap]]
            return out + ([f"... {len(lines) - cap} more lines"] if len(lines) > cap else [])

        return [
            "<<<<<<< edited by hand",
            *side(self.ours_lines),
            "=======",
            *side(self.theirs_lines),
            ">>>>>>> generated",
        ]


_Hunk = tuple[int, int, list[str]]  # base[start:end] replaced by lines


def _hunks(base: list[str], other: list[str]) -> list[_Hunk]:
    matcher = difflib.SequenceMatcher(None, base, other, autojunk=False)
    return [(i1, i2, other[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _apply(base: list[str], start: int, end: int, hunks: list[_Hunk]) -> list[str]:
    """``base[start:end]`` with ``hunks`` (inside that range, in order) applied."""
    out: list[str] = []
    pos = start
    for s, e, lines in hunks:
        out += base[pos:s]
        out += lines
        pos = e
    return out + base[pos:end]


def merge3(base: str, ours: str, theirs: str) -> tuple[str, list[Conflict]]:
    """The merged text and the conflicts (none: the text is the merge)."""
    b, o, t = (text.splitlines(keepends=True) for text in (base, ours, theirs))
    events = sorted(
        [(s, e, lines, 0) for s, e, lines in _hunks(b, o)] + [(s, e, lines, 1) for s, e, lines in _hunks(b, t)],
        key=lambda h: (h[0], h[1], h[3]),
    )
    out: list[str] = []
    conflicts: list[Conflict] = []
    pos = 0
    shift = [0, 0]  # lines added by each side before pos
    i = 0
    while i < len(events):
        start, end = events[i][0], events[i][1]
        group = [events[i]]
        i += 1
        while i < len(events) and events[i][0] <= end:  # overlapping or touching: one region
            end = max(end, events[i][1])
            group.append(events[i])
            i += 1
        out += b[pos:start]
        sides = [[(s, e, lines) for s, e, lines, who in group if who == n] for n in (0, 1)]
        versions = [_apply(b, start, end, side) for side in sides]
        if not sides[1] or versions[0] == versions[1]:
            out += versions[0]
        elif not sides[0]:
            out += versions[1]
        else:
            o_start, t_start = start + shift[0], start + shift[1]
            conflicts.append(
                Conflict(
                    (start + 1, end),
                    (o_start + 1, o_start + len(versions[0])),
                    (t_start + 1, t_start + len(versions[1])),
                    tuple(versions[0]),
                    tuple(versions[1]),
                )
            )
            out += versions[0]
        for n in (0, 1):
            shift[n] += len(versions[n]) - (end - start)
        pos = end
    out += b[pos:]
    return "".join(out), conflicts


# -- the base -------------------------------------------------------------------------------------


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def remember_pristine(files: dict[str, str]) -> None:
    """Keep the pristine text of each file written, by SHA-256, in the content cache."""
    folder = cache.cache_dir("pristine")
    for text in files.values():
        name = digest(text)
        if cache.read(folder, name) is None:
            cache.write(folder, name, text)


def pristine(path: Path, sha256: str) -> str | None:
    """The text whose SHA-256 is ``sha256``, generated once at ``path``: from the cache, else
    from the file's git history; None when neither holds it."""
    text = cache.read(cache.cache_dir("pristine"), sha256)
    if text is not None and digest(text) == sha256:
        return text
    found = locate(path)
    if found is None:
        return None
    top, rel = found
    log = git(top, "log", f"-n{HISTORY}", "--format=%H", "--", rel)
    seen: set[str] = set()
    for commit in (log or b"").decode().split():
        out = git(top, "rev-parse", "--verify", "--quiet", f"{commit}:{rel}")
        blob = out.decode().strip() if out else ""
        if not blob or blob in seen:
            continue
        seen.add(blob)
        data = git(top, "cat-file", "blob", blob)
        if data is not None and hashlib.sha256(data).hexdigest() == sha256:
            return data.decode("utf-8")
    return None


# -- the package ----------------------------------------------------------------------------------


@dataclass
class Merged:
    """What merging the hand edits of a package folder into its new output gave."""

    pristine: dict[str, str]  # files written with edits merged in -> SHA-256 of their pristine new text
    merged: list[str]  # those files
    conflicts: dict[str, list[Conflict]]  # file -> its conflicting hunks (nothing may be written)
    unmerged: dict[str, str]  # file -> why it cannot be merged (nothing may be written)


def merge_edits(files: dict[str, str], target: Path, disk: dict[str, bytes], recorded: dict[str, str]) -> Merged:
    """Merge into ``files`` (the new output, changed in place) the hand edits of each file on
    ``disk`` whose SHA-256 is not the pristine one ``recorded`` in the manifest (``files``)."""
    result = Merged({}, [], {}, {})
    for name, sha in sorted(recorded.items()):
        data = disk.get(name)
        if data is None or hashlib.sha256(data).hexdigest() == sha:
            continue  # removed (generated again) or as generated
        theirs = files.get(name)
        try:
            ours = data.decode("utf-8")
        except UnicodeDecodeError:
            result.unmerged[name] = "edited by hand into text that is not UTF-8"
            continue
        if theirs is None:
            result.unmerged[name] = "edited by hand, and the generator no longer writes it"
            continue
        if ours == theirs:
            continue  # the edit is now what the generator writes
        base = pristine(target / name, sha)
        if base is None:
            result.unmerged[name] = (
                "edited by hand, and the output it was generated as is neither in the cache nor in git history"
            )
            continue
        text, conflicts = merge3(base, ours, theirs)
        if conflicts:
            result.conflicts[name] = conflicts
        elif text != theirs:
            files[name] = text
            result.pristine[name] = digest(theirs)
            result.merged.append(name)
    return result


__all__ = ["Conflict", "Merged", "digest", "merge3", "merge_edits", "pristine", "remember_pristine"]
