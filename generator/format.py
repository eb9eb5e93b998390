"""Format generated Python with Black, in-process and pinned (see pyproject.toml).

Black is by far the slowest stage of generation, so each module is cut into its top-level
blocks (a class, a function, with its decorators), the blocks are formatted in parallel
processes, and each formatted block is kept in a content-addressed cache: regenerating after
a spec change re-formats only the blocks that changed. The result is identical to
``black.format_str`` on the whole module (tests/test_format.py holds this), and the cache
maps a block's exact text (with Black's version and mode) to Black's output, so it can
never change the output, only its cost. ``CODEGEN_NO_CACHE=1`` turns the cache off;
``CODEGEN_CACHE_DIR`` moves it (default: ``$XDG_CACHE_HOME/botpress-codegen``).
"""

from __future__ import annotations

import ast
import concurrent.futures
import hashlib
import importlib.metadata
import multiprocessing
import os
import tempfile
from pathlib import Path

import black
from black.mode import TargetVersion
from black.parsing import InvalidInput

from .problems import Problem, SpecError

MODE = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)
_BLACK_VERSION = importlib.metadata.version("black")
_PARALLEL_MIN_LINES = 3000  # below this, starting processes costs more than it saves


def _blocks(source: str) -> list[str]:
    """``source`` cut before every top-level class or function (and its decorators)."""
    tree = ast.parse(source)
    starts = sorted(
        min([node.lineno] + [d.lineno for d in node.decorator_list])
        for node in tree.body
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
    )
    lines = source.splitlines(keepends=True)
    cuts = [0] + [s - 1 for s in starts if s > 1] + [len(lines)]
    return ["".join(lines[a:b]) for a, b in zip(cuts, cuts[1:]) if "".join(lines[a:b]).strip()]


def _format_blocks(blocks: list[str]) -> list[str]:
    return [black.format_str(block, mode=MODE) for block in blocks]


def _cache_dir() -> Path | None:
    if os.environ.get("CODEGEN_NO_CACHE"):
        return None
    root = os.environ.get("CODEGEN_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "botpress-codegen"
    )
    return Path(root) / f"black-{_BLACK_VERSION}"


def _key(block: str) -> str:
    return hashlib.sha256(f"{MODE!r}\0{block}".encode("utf-8", "surrogatepass")).hexdigest()


def _read_cache(cache: Path | None, key: str) -> str | None:
    if cache is None:
        return None
    try:
        return (cache / key[:2] / key).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _write_cache(cache: Path | None, key: str, text: str) -> None:
    if cache is None:
        return
    try:
        folder = cache / key[:2]
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, folder / key)
    except OSError:
        pass  # a cache that cannot be written only costs time


def _run(todo: list[str]) -> list[str]:
    """Black on every block, in parallel processes when there is enough work."""
    workers = min(os.cpu_count() or 1, 8)
    total = sum(block.count("\n") for block in todo)
    if workers < 2 or total < _PARALLEL_MIN_LINES or "fork" not in multiprocessing.get_all_start_methods():
        return _format_blocks(todo)
    order = sorted(range(len(todo)), key=lambda i: -len(todo[i]))
    batches: list[list[int]] = [[] for _ in range(workers * 4)]
    for n, index in enumerate(order):
        batches[n % len(batches)].append(index)
    batches = [b for b in batches if b]
    out: list[str] = [""] * len(todo)
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for batch, formatted in zip(batches, pool.map(_format_blocks, [[todo[i] for i in b] for b in batches])):
            for index, text in zip(batch, formatted):
                out[index] = text
    return out


def format_files(files: dict[str, str], package: str) -> dict[str, str]:
    """Black-format every ``.py`` file; any other file passes unchanged."""
    cache = _cache_dir()
    split: dict[str, list[str]] = {}
    for name, source in files.items():
        if name.endswith(".py"):
            try:
                split[name] = _blocks(source)
            except SyntaxError as exc:  # a generator bug: report it, write nothing
                raise SpecError(
                    [Problem(f"{package}/{name}", "", f"generated code does not parse: line {exc.lineno}: {exc.msg}")]
                ) from None
    keys = {block: _key(block) for blocks in split.values() for block in blocks}
    done: dict[str, str] = {}
    for block, key in keys.items():
        hit = _read_cache(cache, key)
        if hit is not None:
            done[block] = hit
    todo = [block for block in keys if block not in done]
    try:
        for block, text in zip(todo, _run(todo)):
            done[block] = text
            _write_cache(cache, keys[block], text)
    except InvalidInput as exc:
        raise SpecError([Problem(package, "", f"generated code does not parse: {exc}")]) from None
    out: dict[str, str] = {}
    for name, source in files.items():
        if name in split:
            out[name] = "\n\n\n".join(done[block].rstrip("\n") for block in split[name]) + "\n" if split[name] else ""
        else:
            out[name] = source
    return out
