"""Generations that several tests read, made once a session: the ``generations`` fixture.

A generation is keyed by the spec (its path and its bytes), the package name and the options. The
first test to ask makes it; the others read it. Under pytest-xdist the workers share the
session's temporary folder: the first worker to ask generates while holding a lock file of that
key, writes the files as JSON (a temporary file, then a rename) and the others wait for the lock
and read them, so no generation is made twice and no file is read half-written. Each worker
writes packages to disk under its own temporary folder only (``folder``). The files and folders
are shared: read them, never change them (copy first).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from generator.pipeline import generate
from generator.write.files import write_package


class Generations:
    """Generated packages by (spec, package, options): in memory, on disk on demand."""

    def __init__(self, shared: Path, own: Path) -> None:
        self.shared = shared  # every worker's: the generated files, as JSON
        self.own = own  # this worker's: packages written to disk
        self._files: dict[str, Mapping[str, str]] = {}
        self._folders: dict[str, Path] = {}

    @staticmethod
    def key(spec: Path, package: str, strict: bool) -> str:
        digest = hashlib.sha256(Path(spec).read_bytes())
        digest.update(f"\0{Path(spec).resolve()}\0{package}\0{strict}".encode())
        return digest.hexdigest()[:24]

    def files(self, spec: Path, package: str, *, strict: bool = False) -> Mapping[str, str]:
        """The package generated from ``spec`` (path inside the package folder -> text)."""
        key = self.key(spec, package, strict)
        if key not in self._files:
            self._files[key] = MappingProxyType(self._shared(key, spec, package, strict))
        return self._files[key]

    def folder(self, spec: Path, package: str, *, strict: bool = False) -> Path:
        """A folder holding the package folder ``package`` (put it on sys.path or MYPYPATH)."""
        key = self.key(spec, package, strict)
        if key not in self._folders:
            folder = self.own / key
            write_package(dict(self.files(spec, package, strict=strict)), folder / package)
            self._folders[key] = folder
        return self._folders[key]

    def _shared(self, key: str, spec: Path, package: str, strict: bool) -> dict[str, str]:
        done = self.shared / f"{key}.json"
        with open(self.shared / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when closed
            if done.is_file():
                files: dict[str, str] = json.loads(done.read_text(encoding="utf-8"))
                return files
            files = generate(str(spec), package, strict=strict)[1]
            partial = done.with_suffix(f".{os.getpid()}")
            partial.write_text(json.dumps(files), encoding="utf-8")
            os.replace(partial, done)
            return files
