"""Which modules of a package import each other in a cycle (issue 35 item 4): a module imports
the definitions of the others at its top, but for those of its own cycle, which it can only
import last (each module is complete before the other reads its names)."""

from __future__ import annotations

from collections.abc import Mapping, Set


def cycles(graph: Mapping[str, Set[str]]) -> dict[str, int]:
    """Module -> the number of its strongly connected component (Tarjan's algorithm, iterative):
    two modules import each other, directly or not, when their numbers are equal."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    component: dict[str, int] = {}
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            target = next((t for t in edges if t in graph), None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component[member] = index[node]
                        if member == node:
                            break
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in on_stack:
                low[node] = min(low[node], index[target])
    return component


def late(graph: Mapping[str, Set[str]]) -> dict[str, frozenset[str]]:
    """Module -> the modules it imports that are in its own cycle (imported last)."""
    component = cycles(graph)
    return {m: frozenset(t for t in targets if component.get(t) == component[m]) for m, targets in graph.items()}
