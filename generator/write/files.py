"""Write the package atomically, or compare it with what is on disk.

The generator replaces only what it wrote: the package folder must hold its manifest
(:data:`generator.write.provenance.MANIFEST`) and nothing the manifest does not list, else
:func:`write_package` refuses (:class:`UnsafeWrite`) unless ``overwrite``. Interpreter caches
(``__pycache__``, ``*.pyc``) never count as foreign files, nor do the files the configuration
keeps (``keep = ["_hooks.py"]``): those are never touched, carried over as they are.

A file whose content does not change is not rewritten: the new folder gets a hard link to it (its
inode and modification time stay), so a spec change touches only the files whose content changes.
"""

from __future__ import annotations

import difflib
import fnmatch
import hashlib
import os
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .package_folder import read_folder
from .provenance import MANIFEST, TOOL, read_manifest


class UnsafeWrite(Exception):
    """Writing would destroy files the generator did not write; one line per file in ``lines``."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))


@dataclass
class Ownership:
    """What is at the package folder, against its manifest."""

    target: Path
    exists: bool = False
    is_dir: bool = False
    manifest: dict[str, str] | None = None
    foreign: list[str] = field(default_factory=list)  # files the manifest does not list (all, without one)
    edited: list[str] = field(default_factory=list)  # listed files whose content changed since
    refused: list[str] = field(default_factory=list)  # located lines: links, FIFOs, devices, huge files (unread)
    disk: dict[str, bytes] = field(default_factory=dict)  # the regular files read (name -> content)
    kept: list[str] = field(default_factory=list)  # files the configuration keeps: never touched


def kept(name: str, keep: tuple[str, ...]) -> bool:
    """Whether the configuration's ``keep`` patterns (``fnmatch``, on paths inside the package
    folder) name ``name``."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in keep)


def ownership(target: Path, keep: tuple[str, ...] = ()) -> Ownership:
    """What is at ``target`` against its manifest (read by :func:`read_folder`: nothing followed)."""
    folder = read_folder(target)
    info = Ownership(target, exists=folder.exists, is_dir=folder.is_dir, refused=folder.refused)
    if not info.is_dir:
        return info
    disk = dict(folder.files)
    info.disk = folder.files
    info.kept = sorted(name for name in disk if name != MANIFEST and kept(name, keep))
    for name in info.kept:
        disk.pop(name)
    manifest = disk.pop(MANIFEST, None)
    info.manifest = read_manifest(manifest.decode("utf-8", errors="replace")) if manifest is not None else None
    listed = info.manifest or {}
    info.foreign = sorted(name for name in disk if name not in listed)
    info.edited = sorted(
        name for name, hash_ in listed.items() if name in disk and hashlib.sha256(disk[name]).hexdigest() != hash_
    )
    return info


def refusal(info: Ownership) -> list[str]:
    """Why replacing ``info.target`` would destroy what the generator did not write ([] when safe)."""
    target = info.target
    if info.refused and not info.is_dir:  # a link at the package folder: said in info.refused
        return []
    if info.exists and not info.is_dir:
        return [f"{target}: exists and is not a folder the generator wrote; pass --overwrite to replace it"]
    if not info.foreign:
        return []
    why = "not in the generator's manifest" if info.manifest is not None else f"no {MANIFEST}: not written by {TOOL}"
    lines = [f"{target / name}: {why}" for name in info.foreign]
    lines.append(
        f"{target}: nothing written, {len(info.foreign)} file(s) would be lost; move them out of the package"
        " folder, choose another --out/--package, or pass --overwrite to replace the folder"
    )
    return lines


@dataclass
class Written:
    """What :func:`write_package` did."""

    changed: list[str]  # files written whose content is new (or that are new); the rest kept their inode
    removed: list[str]  # files of the old folder the new one does not hold
    edited: list[str]  # files edited by hand since they were generated, now replaced


def write_package(
    files: dict[str, str], target: Path, *, overwrite: bool = False, keep: tuple[str, ...] = ()
) -> Written:
    """Replace ``target`` with exactly ``files`` (and the files ``keep`` names, carried over);
    on any failure ``target`` is left untouched.

    Raises :class:`UnsafeWrite` (writing nothing) when ``target`` holds anything the generator
    did not write, unless ``overwrite``."""
    recover(target)
    info = ownership(target, keep)
    if not overwrite:
        lines = info.refused + refusal(info)
        if lines:
            raise UnsafeWrite(lines)
    target.parent.mkdir(parents=True, exist_ok=True)
    # os.mkdir, not mkdtemp: the package folder gets the umask's mode (mkdtemp's is 0700).
    staging = target.parent / f".{target.name}.new-{os.getpid()}-{secrets.token_hex(4)}"
    os.mkdir(staging)
    changed: list[str] = []
    try:
        carried = {name: info.disk[name] for name in info.kept if name not in files}
        for name, text in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            data = text.encode("utf-8")
            if info.disk.get(name) == data and _link(target / name, path, data):
                continue
            changed.append(name)
            with open(path, "wb") as handle:
                handle.write(data)
        for name, data in sorted(carried.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if not _link(target / name, path, data):
                with open(path, "wb") as handle:
                    handle.write(data)
        _swap(staging, target, info.exists)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    removed = sorted(name for name in info.disk if name not in files and name not in carried)
    return Written(changed, removed, [name for name in info.edited if name in files])


def _link(old: Path, new: Path, data: bytes) -> bool:
    """Hard-link ``new`` to the regular file ``old`` when it still holds ``data`` (its inode and
    modification time stay); False when it cannot (another file system, a changed file)."""
    try:
        fd = os.open(old, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        with os.fdopen(fd, "rb") as handle:
            if handle.read(len(data) + 1) != data:
                return False
        os.link(old, new, follow_symlinks=False)
    except OSError:
        return False
    return True


def _backup_name(target: Path, pid: int) -> Path:
    return target.parent / f".{target.name}.old-{pid}"


def _swap(staging: Path, target: Path, exists: bool) -> None:
    """Move ``staging`` to ``target``, the old ``target`` aside first (then removed). Between the
    two renames only the backup holds the package: any exception there (an interrupt included)
    moves it back, and a run killed there leaves it for :func:`recover` to restore."""
    backup = _backup_name(target, os.getpid())
    try:
        if exists:
            os.replace(target, backup)
        os.replace(staging, target)
    except BaseException:  # whenever it came, target is missing only if the backup holds it
        if exists and not os.path.lexists(target) and os.path.lexists(backup):
            os.replace(backup, target)
        raise
    _remove(backup)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        path.unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def recover(target: Path) -> list[str]:
    """Undo what a run killed in the middle of its swap left: without ``target`` but with a
    backup (``.NAME.old-PID``) of a process that is gone, the newest backup becomes ``target``
    again; left-over backups and staging folders (``.NAME.new-PID-...``) of gone processes are
    removed. Returns one line per folder restored."""
    parent = target.parent
    if not parent.is_dir():
        return []
    stale: list[tuple[float, Path]] = []
    for kind in ("old", "new"):
        for path in parent.glob(f".{target.name}.{kind}-*"):
            pid = path.name[len(f".{target.name}.{kind}-") :].split("-")[0]
            if pid.isdigit() and not _alive(int(pid)):
                stale.append((path.lstat().st_mtime if kind == "old" else -1.0, path))
    lines: list[str] = []
    backups = sorted((p for p in stale if p[0] >= 0), key=lambda p: p[0], reverse=True)
    if backups and not os.path.lexists(target):
        os.replace(backups[0][1], target)
        lines.append(
            f"{target}: restored from {backups[0][1].name}, left by a generate interrupted while swapping folders"
        )
        stale.remove(backups[0])
    for _, path in stale:
        _remove(path)
    return lines


def diff_package(
    files: dict[str, str],
    target: Path,
    label: str,
    skip: frozenset[str] = frozenset(),
    read: dict[str, bytes] | None = None,
) -> str:
    """Unified diff from what is on disk (``read``, else read from ``target``) to what would be
    generated ("" when identical); the files named in ``skip`` are not compared."""
    if read is None:
        folder = read_folder(target)
        if folder.refused:
            raise UnsafeWrite(folder.refused)
        read = folder.files
    disk = {name: data.decode("utf-8", errors="replace") for name, data in read.items()}
    chunks: list[str] = []
    for name in sorted((set(disk) | set(files)) - skip, key=lambda n: (n == MANIFEST, n)):  # the manifest last
        old, new = disk.get(name), files.get(name)
        if old == new:
            continue
        chunks.extend(
            difflib.unified_diff(
                (old or "").splitlines(keepends=True),
                (new or "").splitlines(keepends=True),
                fromfile=f"{label}/{name}" if old is not None else "/dev/null",
                tofile=f"{label}/{name} (generated)" if new is not None else "/dev/null",
            )
        )
    return "".join(chunks)
