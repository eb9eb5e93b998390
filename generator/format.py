"""Format generated Python with Black, in-process and pinned (see pyproject.toml).

Black is by far the slowest stage of generation, so each module is cut into blocks where its
template marked it (:mod:`generator.cuts`: top-level classes and functions, methods), the blocks
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

from . import cache
from .cuts import Block, blocks
from .problems import Problem, SpecError

MODE = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)
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
    """Where the formatting processes come from: a fork server that imported Black and nothing
    else, so they start small whatever this process holds (the document, the IR, the text);
    else a fork of this process; None where neither is available."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("fork") if "fork" in methods else None


def start_workers() -> None:
    """Start the fork server now, ahead of need: it imports Black while the pipeline runs."""
    if (os.cpu_count() or 1) >= 2 and "forkserver" in multiprocessing.get_all_start_methods():
        from multiprocessing import forkserver

        _context()  # sets what the server imports
        try:
            forkserver.ensure_running()
        except OSError:  # it will be tried again, or formatting runs here
            pass


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
    """Black-format every ``.py`` file, cut where its template marked it (:mod:`generator.cuts`);
    other files, and those named in ``verbatim`` (already Black's output), pass unchanged."""
    folder = cache.cache_dir(f"black-{_BLACK_VERSION}")
    split = {name: blocks(source) for name, source in files.items() if name.endswith(".py") and name not in verbatim}
    keys = {
        part: cache.key(repr(MODE), str(part[1]), part[0])
        for units in split.values()
        for unit in units
        for part in unit
    }
    done: dict[Block, str] = {}
    for part, key in keys.items():
        hit = cache.read(folder, key)
        if hit is not None:
            done[part] = hit
    todo = [part for part in keys if part not in done]
    try:
        for part, text in zip(todo, _run(todo), strict=False):
            done[part] = text
            cache.write(folder, keys[part], text)
    except InvalidInput as exc:
        raise SpecError([Problem(package, "", f"generated code does not parse: {exc}")]) from None
    out: dict[str, str] = {}
    for name, source in files.items():
        if name not in split:
            out[name] = source
            continue
        units = ["\n\n".join(done[part].rstrip("\n") for part in unit) for unit in split[name]]
        out[name] = "\n\n\n".join(units) + "\n" if units else ""
    return out
