"""Cutting a set of names into buckets of bounded weight, by a hash of each name (issue 24).

A bucket is the set of names whose CRC-32 ends in the same bits (lowest first): ``"01"`` holds
the names whose hash has bit 0 clear and bit 1 set. The buckets are the leaves of a binary trie
grown only where a bucket outweighs the limit, so they depend on the set alone (deterministic,
whatever the order names come in), and adding or removing one name changes the one bucket it
falls in (split in two, or merged back, when it crosses the limit): never the others, unlike
positions in a sorted list or a bucket count that depends on the total. The run-time half of the
look-up, a name to its bucket, is ``_lazy.bucket_of`` of the generated package; both must agree.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable

HASH_BITS = 32


def name_hash(name: str) -> int:
    """The hash the buckets are cut by: CRC-32 of the UTF-8 name (the same on every machine and
    Python, unlike ``hash``)."""
    return zlib.crc32(name.encode())


def hash_buckets(names: Iterable[str], limit: int, weight: Callable[[str], int] = lambda _: 1) -> dict[str, list[str]]:
    """The buckets of ``names`` (bits -> its names, sorted), each weighing at most ``limit`` when
    it can be cut further; one bucket ``""`` when they all fit. Empty buckets are left out."""
    weights = {name: weight(name) for name in names}
    hashes = {name: name_hash(name) for name in weights}
    found: dict[str, list[str]] = {}
    todo = [("", sorted(weights))]
    while todo:
        bits, group = todo.pop()
        if len(group) <= 1 or len(bits) >= HASH_BITS or sum(weights[n] for n in group) <= limit:
            found[bits] = group
            continue
        depth = len(bits)
        for bit in "01":
            half = [n for n in group if (hashes[n] >> depth) & 1 == int(bit)]
            if half:
                todo.append((bits + bit, half))
    return dict(sorted(found.items()))
