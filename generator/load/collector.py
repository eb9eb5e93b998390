"""The cyclic garbage collector around the loading of a document.

A loaded document is millions of dicts, lists and strings that live until the process ends and
hold no reference cycle: the collector finds no garbage among them, yet each full collection
walks them all again, and an allocation-heavy stage (lowering, rendering, formatting) triggers
several. On Microsoft Graph's document (20 MB) by one tag that was 2.4 s of 12.5 s of CPU.

- :func:`paused`: no collection while a file is parsed (the collector would only move the new
  containers from generation to generation); the collector's state is restored after.
- :func:`settle`: in a process that runs one command and exits (:func:`own_process`: the
  command line, not a library call), what is alive once the document is loaded is frozen
  (:func:`gc.freeze`) before the validator's process is forked: neither process walks it again,
  and the child does not copy its pages by touching them. Frozen objects are still freed when
  nothing refers to them; only a cycle among them would never be. A library caller (the tests,
  an application generating many packages in one process) keeps the collector as it is.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_OWN_PROCESS = [False]


def own_process() -> None:
    """Say that this process runs one command and exits (the command line's ``main``)."""
    _OWN_PROCESS[0] = True


@contextmanager
def paused() -> Iterator[None]:
    """No collection inside the block; the collector as it was after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def settle() -> bool:
    """Freeze what is alive (the loaded document) when this process is the command's own;
    whether it did."""
    if not _OWN_PROCESS[0]:
        return False
    gc.freeze()
    return True


__all__ = ["own_process", "paused", "settle"]
