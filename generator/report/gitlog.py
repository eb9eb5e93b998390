"""Git look-ups about a spec's history, kept free of heavy imports so that the quick ``check``
(:mod:`generator.write.quick_check`) can use them.

The last *release* of a spec is the newest tag that holds it (a tag is a release, whatever its
spec's ``info.version``), else, in a repository that tags nothing, the newest commit whose spec
has an ``info.version`` other than the working one.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import yaml


def git(cwd: Path, *args: str) -> bytes | None:
    """What git prints for ``args`` run in ``cwd``; None when git fails or is missing."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout


def locate(spec: str | Path) -> tuple[Path, str] | None:
    """(repository root, repository-relative path) of a file; None without git or a repository."""
    path = Path(spec).resolve()
    out = git(path.parent, "rev-parse", "--show-toplevel")
    if out is None:
        return None
    top = Path(out.decode().strip()).resolve()
    try:
        return top, path.relative_to(top).as_posix()
    except ValueError:
        return None


def shallow(top: Path) -> bool:
    out = git(top, "rev-parse", "--is-shallow-repository")
    return out is not None and out.strip() == b"true"


def version_in(text: bytes, rel: str) -> str | None:
    """``info.version`` of a spec's text (None when unreadable)."""
    try:
        data = (
            json.loads(text)
            if rel.endswith(".json")
            else yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        )
    except (ValueError, yaml.YAMLError):
        return None
    info = data.get("info") if isinstance(data, dict) else None
    version = info.get("version") if isinstance(info, dict) else None
    return None if version is None else str(version)


def release_base(top: Path, rel: str, version: str) -> str | None:
    """The last release of the spec: the newest tag of HEAD's history that holds it, else the
    newest commit whose spec's version is not ``version`` (None: there is none). A tag whose
    version equals ``version`` is still the base: changes since then need a new version."""
    seen: dict[bytes, str | None] = {}

    def differs(rev: str) -> bool:
        blob = git(top, "rev-parse", "--verify", "--quiet", f"{rev}:{rel}")
        if blob is None:
            return False
        if blob not in seen:
            text = git(top, "cat-file", "blob", blob.decode().strip())
            seen[blob] = None if text is None else version_in(text, rel)
        return seen[blob] is not None and seen[blob] != version

    tags = git(top, "tag", "--merged", "HEAD", "--sort=-creatordate")
    for tag in (tags or b"").decode().split():
        if git(top, "rev-parse", "--verify", "--quiet", f"refs/tags/{tag}^{{commit}}:{rel}") is not None:
            return tag
    log = git(top, "log", "--format=%H", "--", rel)
    for commit in (log or b"").decode().split():
        if differs(commit):
            return commit
    return None


def commit_of(top: Path, rev: str) -> str | None:
    """The commit id ``rev`` names (a tag, a branch, an abbreviation), None when it names none."""
    out = git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    return out.decode().strip() if out else None
