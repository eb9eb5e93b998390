"""Format generated Python with Black, in-process and pinned (see pyproject.toml).

Black is by far the slowest stage of generation, so each module is cut into blocks where its
template marked it (:mod:`generator.emit.blocks`: top-level classes and functions, methods), the blocks
are formatted in parallel processes, and each formatted block is kept in a content-addressed
cache: regenerating after a spec change re-formats only the blocks that changed. The result is
identical to ``black.format_str`` on the whole module (tests/generator/test_format.py holds
this), and the cache maps a block's exact text (with Black's version and mode) to Black's
output, so it can never change the output, only its cost. ``CODEGEN_NO_CACHE=1`` turns the
cache off; ``CODEGEN_CACHE_DIR`` moves it (default: ``$XDG_CACHE_HOME/botpress-codegen``).
The runtime modules are copied as they are: they are Black's output already (the same test).
"""

from __future__ import annotations

import concurrent.futures
import importlib.metadata
import multiprocessing
import os

import black
from black.mode import TargetVersion
from black.parsing import InvalidInput

from .. import cache
from ..problems import Problem, SpecError
from .blocks import Block, blocks

MODE = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)
STUB_MODE = black.Mode(target_versions=MODE.target_versions, line_length=MODE.line_length, is_pyi=True)
_BLACK_VERSION = importlib.metadata.version("black")
_PARALLEL_MIN_LINES = 3000  # below this, starting processes costs more than it saves


def _format_block(block: Block) -> str:
    """Black's output for a block; a method is formatted dedented, with the width it had."""
    text, indent = block
    if not indent:
        return black.format_str(text, mode=MODE)
    mode = black.Mode(target_versions=MODE.target_versions, line_length=MODE.line_length - indent)
    out = black.format_str(text, mode=mode)
    return "".join(" " * indent + line if line.strip() else line for line in out.splitlines(keepends=True))


def _format_blocks(blocks: list[Block]) -> list[str]:
    return [_format_block(block) for block in blocks]


def _context() -> multiprocessing.context.BaseContext | None:
    """Where the formatting processes come from: forks of this process (the blocks are passed
    to them; nothing is imported again, unlike a fork server or spawn, which would run a
    caller's unguarded main module again); None where fork is not available."""
    return multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None


def _run(todo: list[Block]) -> list[str]:
    """Black on every block, in parallel processes when there is enough work."""
    workers = min(os.cpu_count() or 1, 8)
    total = sum(text.count("\n") for text, _ in todo)
    context = _context()
    if workers < 2 or total < _PARALLEL_MIN_LINES or context is None:
        return _format_blocks(todo)
    order = sorted(range(len(todo)), key=lambda i: -len(todo[i][0]))
    batches: list[list[int]] = [[] for _ in range(workers * 4)]
    for n, index in enumerate(order):
        batches[n % len(batches)].append(index)
    batches = [b for b in batches if b]
    out: list[str] = [""] * len(todo)
    try:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            for batch, formatted in zip(
                batches, pool.map(_format_blocks, [[todo[i] for i in b] for b in batches]), strict=False
            ):
                for index, text in zip(batch, formatted, strict=False):
                    out[index] = text
    except (OSError, concurrent.futures.process.BrokenProcessPool):  # no processes here: format in this one
        return _format_blocks(todo)
    return out


def format_files(files: dict[str, str], package: str, verbatim: frozenset[str] = frozenset()) -> dict[str, str]:
    """Black-format every ``.py`` file, cut where its template marked it (:mod:`generator.emit.blocks`);
    other files, and those named in ``verbatim`` (already Black's output), pass unchanged."""
    folder = cache.cache_dir(f"black-{_BLACK_VERSION}")
    split = {name: blocks(source) for name, source in files.items() if name.endswith(".py") and name not in verbatim}
    # the sources are in the blocks now: drop them (a large package is not held twice)
    files = {name: ("" if name in split else source) for name, source in files.items()}
    parts = {part: "" for units in split.values() for unit in units for part in unit.parts}  # each once
    keys = {part: cache.key(repr(MODE), str(part[1]), part[0]) for part in parts} if folder else {}
    done: dict[Block, str] = {}
    for part, key in keys.items():
        hit = cache.read(folder, key)
        if hit is not None:
            done[part] = hit.rstrip("\n")
    todo = [part for part in parts if part not in done]
    try:
        for part, text in zip(todo, _run(todo), strict=False):
            done[part] = text.rstrip("\n")
            if folder:
                cache.write(folder, keys[part], text)
    except InvalidInput as exc:
        raise SpecError([Problem(package, "", f"generated code does not parse: {exc}")]) from None
    out: dict[str, str] = {}
    for name, source in files.items():
        if name.endswith(".pyi") and name not in verbatim:  # stubs: small, and Black's stub style
            out[name] = black.format_str(source, mode=STUB_MODE)
            continue
        if name not in split:
            out[name] = source
            continue
        pieces: list[str] = []  # joined once: a large module is copied once, not per unit
        for unit in split[name]:
            for n, part in enumerate(unit.parts):
                pieces += ("\n\n" if n else unit.gap if pieces else "", done[part])
        out[name] = "".join(pieces) + "\n" if pieces else ""
    return out
