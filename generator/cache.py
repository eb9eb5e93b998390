"""A content-addressed cache of pure, slow computations (Black, the spec validator).

An entry's key is a SHA-256 of everything its value depends on (tool version, options and
the exact input), so the cache can only save time, never change a result.
``CODEGEN_NO_CACHE=1`` turns it off; ``CODEGEN_CACHE_DIR`` moves it (default:
``$XDG_CACHE_HOME/botpress-codegen``, else ``~/.cache/botpress-codegen``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def cache_dir(kind: str) -> Path | None:
    if os.environ.get("CODEGEN_NO_CACHE"):
        return None
    root = os.environ.get("CODEGEN_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "botpress-codegen"
    )
    return Path(root) / kind


def key(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def read(folder: Path | None, name: str) -> str | None:
    if folder is None:
        return None
    try:
        return (folder / name[:2] / name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write(folder: Path | None, name: str, text: str) -> None:
    if folder is None:
        return
    try:
        sub = folder / name[:2]
        sub.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=sub)
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as handle:
            handle.write(text)
        os.replace(tmp, sub / name)
    except OSError:
        pass  # a cache that cannot be written only costs time
