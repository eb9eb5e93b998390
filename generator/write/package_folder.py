"""Read a package folder as data: its regular files, bounded, and nothing it links to.

The package folder comes from the repository, so from a pull request like the spec: a file of
it may be a symbolic link (to ``/proc/self/environ``, ``/dev/zero``), a FIFO, a device or a huge
file. None of those is ever opened: the walk goes through directory descriptors opened with
``O_NOFOLLOW`` (the package folder itself included), looks at each entry with ``lstat``
semantics, and opens only regular files, again with ``O_NOFOLLOW`` (and ``O_NONBLOCK``, should
an entry have been swapped for a FIFO since), checked with ``fstat`` and read up to a bound.
Anything else is a refusal naming its path; the caller reports it (exit 2).

Interpreter caches (``__pycache__``, ``*.pyc``, ``*.pyo``) are neither read nor refused.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

MAX_PACKAGE_FILE_BYTES = 64 * 1024 * 1024
"""Size of one file of a package folder (the largest generated file known, from OpenAI's
document, is under 3 MB)."""
MAX_PACKAGE_BYTES = 256 * 1024 * 1024
"""Size of all the files of a package folder together."""
MAX_PACKAGE_ENTRIES = 10_000
"""Files and folders in a package folder (a generated package has about 20)."""
MAX_PACKAGE_DEPTH = 16
"""Folders nested in the package folder (a generated package has none; each level holds a
descriptor open while it is read)."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def ignored(name: str) -> bool:
    """Whether the package-relative ``name`` is an interpreter cache (never read, never counted)."""
    parts = name.split("/")
    return "__pycache__" in parts or parts[-1].endswith((".pyc", ".pyo"))


@dataclass
class Folder:
    """What a package folder holds: its regular files' bytes, and what was refused unread."""

    target: Path
    exists: bool = False
    """Anything at all is at ``target`` (a symbolic link included)."""
    is_dir: bool = False
    """``target`` is a folder (not a link to one)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Package-relative name (``/``-separated) -> content."""
    refused: list[str] = field(default_factory=list)
    """One located line per entry that was not read: ``PATH: why``."""


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse(folder: Folder, name: str, what: str) -> None:
    where = folder.target / name if name else folder.target
    folder.refused.append(
        f"{where}: {what}: not read; a package folder holds only the regular files the generator wrote"
        " (remove it, or pass --overwrite to generate)"
    )


def read_folder(target: Path) -> Folder:
    """Every regular file under ``target`` (nothing followed, nothing but regular files read)."""
    folder = Folder(target)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return folder
    folder.exists = True
    if stat.S_ISLNK(info.st_mode):
        _refuse(folder, "", "the package folder is a symbolic link")
        return folder
    if not stat.S_ISDIR(info.st_mode):
        return folder
    folder.is_dir = True
    try:
        fd = os.open(target, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
    except OSError as exc:
        _refuse(folder, "", f"cannot open the package folder ({exc.strerror})")
        return folder
    budget = [MAX_PACKAGE_BYTES, MAX_PACKAGE_ENTRIES]
    try:
        _walk(folder, fd, "", budget)
    finally:
        os.close(fd)
    folder.files = dict(sorted(folder.files.items()))
    return folder


def _walk(folder: Folder, dir_fd: int, prefix: str, budget: list[int]) -> None:
    with os.scandir(dir_fd) as entries:
        names = sorted(entry.name for entry in entries)
    for name in names:
        rel = prefix + name
        if ignored(rel):
            continue
        budget[1] -= 1
        if budget[1] < 0:
            _refuse(
                folder, rel, f"more than {MAX_PACKAGE_ENTRIES:,} files and folders in the package folder (the limit)"
            )
            return
        try:
            mode = os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode
        except OSError as exc:
            _refuse(folder, rel, f"cannot read it ({exc.strerror})")
            continue
        if stat.S_ISDIR(mode):
            if rel.count("/") >= MAX_PACKAGE_DEPTH:
                _refuse(folder, rel, f"folders nested more than {MAX_PACKAGE_DEPTH} levels deep (the limit)")
                continue
            try:
                sub = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=dir_fd)
            except OSError as exc:
                _refuse(folder, rel, f"cannot open it ({exc.strerror})")
                continue
            try:
                _walk(folder, sub, rel + "/", budget)
            finally:
                os.close(sub)
        elif stat.S_ISREG(mode):
            _read_file(folder, dir_fd, name, rel, budget)
        else:
            _refuse(folder, rel, _kind(mode))


def _read_file(folder: Folder, dir_fd: int, name: str, rel: str, budget: list[int]) -> None:
    limit = min(MAX_PACKAGE_FILE_BYTES, budget[0])
    try:
        fd = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=dir_fd)
    except OSError as exc:  # ELOOP: swapped for a link since the lstat
        _refuse(folder, rel, f"cannot open it ({exc.strerror})")
        return
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            _refuse(folder, rel, _kind(info.st_mode))
            return
        # A size over the limit is refused unread; a smaller one is not trusted (/proc says 0).
        data = None if info.st_size > limit else handle.read(limit + 1)
    if data is None or len(data) > limit:
        which = "per file" if limit == MAX_PACKAGE_FILE_BYTES else "left for all the files of the package folder"
        _refuse(
            folder,
            rel,
            f"too large: more than {limit:,} bytes ({which}; the limit is {MAX_PACKAGE_FILE_BYTES:,} per file,"
            f" {MAX_PACKAGE_BYTES:,} in all)",
        )
        return
    budget[0] -= len(data)
    folder.files[rel] = data


__all__ = [
    "MAX_PACKAGE_BYTES",
    "MAX_PACKAGE_DEPTH",
    "MAX_PACKAGE_ENTRIES",
    "MAX_PACKAGE_FILE_BYTES",
    "Folder",
    "ignored",
    "read_folder",
]
