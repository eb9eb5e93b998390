"""Write the package atomically, or compare it with what is on disk."""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from pathlib import Path


def write_package(files: dict[str, str], target: Path) -> None:
    """Replace ``target`` with exactly ``files``; on any failure ``target`` is left untouched."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    try:
        for name, text in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        backup = target.parent / f".{target.name}.old-{os.getpid()}"
        if target.exists():
            os.replace(target, backup)
        try:
            os.replace(staging, target)
        except OSError:
            if backup.exists():
                os.replace(backup, target)
            raise
        shutil.rmtree(backup, ignore_errors=True)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _on_disk(target: Path) -> dict[str, str]:
    if not target.is_dir():
        return {}
    out: dict[str, str] = {}
    for path in sorted(target.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc",):
            out[path.relative_to(target).as_posix()] = path.read_text(encoding="utf-8", errors="replace")
    return out


def diff_package(files: dict[str, str], target: Path, label: str) -> str:
    """Unified diff from what is on disk to what would be generated ("" when identical)."""
    disk = _on_disk(target)
    chunks: list[str] = []
    for name in sorted(set(disk) | set(files)):
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
