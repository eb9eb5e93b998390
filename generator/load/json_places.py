"""Where in a JSON text the parser's refusals are: the place of a value the parser gives no path
for (an integer too long, nesting too deep, a ``NaN``), found by scanning the tokens; and the
count of a parsed value's nodes (:func:`json_nodes`)."""

from __future__ import annotations

import json
import re
from typing import Any

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|(?<![0-9.eE+-])-?[0-9]+(?![0-9.eE])|NaN|-?Infinity')
_NOT_JSON = ("NaN", "Infinity", "-Infinity")


def json_big_int(text: str, max_digits: int) -> tuple[str, ...] | None:
    """Where a JSON text holds its first integer of more than ``max_digits`` digits (None: none)."""
    return _json_where(text, "big_int", max_digits=max_digits)


def json_too_deep(text: str, max_depth: int) -> tuple[str, ...]:
    """Where a JSON text (too deep for the parser) first goes deeper than ``max_depth``."""
    return _json_where(text, "deep", max_depth=max_depth) or ()


def json_constant(text: str) -> tuple[str, ...]:
    """Where a JSON text holds its first ``NaN`` or ``Infinity`` (Python's parser takes them)."""
    return _json_where(text, "constant") or ()


def not_json(constant: str) -> Any:
    raise NotJson(constant)


class NotJson(ValueError):
    pass


def _json_where(text: str, find: str, *, max_depth: int = 1 << 30, max_digits: int = 1 << 30) -> tuple[str, ...] | None:
    frames: list[list[Any]] = []  # [is_object, key or index]
    last = ""
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token in _NOT_JSON:
            if find == "constant":
                return tuple(str(f[1]) for f in frames)
            continue
        if token[-1].isdigit():
            if find == "big_int" and len(token.lstrip("-")) > max_digits:
                return tuple(str(f[1]) for f in frames)
            continue
        if token in "{[":
            if len(frames) >= max_depth:
                break
            frames.append([token == "{", "" if token == "{" else 0])
        elif token in "}]":
            if frames:
                frames.pop()
        elif token == ":" and frames and frames[-1][0]:
            frames[-1][1] = last
        elif token == "," and frames and not frames[-1][0]:
            frames[-1][1] += 1
        elif token.startswith('"'):
            try:
                last = json.loads(token)
            except ValueError:
                last = token[1:-1]
    return tuple(str(f[1]) for f in frames) if find == "deep" else None


def json_nodes(value: Any, depth_limit: int, nodes: int) -> int | None:
    """The nodes (keys and values) of a parsed JSON ``value`` as
    :func:`generator.load.limits._check_shape` counts them, in its order; None where it refuses
    the value (over ``depth_limit`` levels or ``nodes`` nodes: it then walks again, to say where)."""
    count = 1
    if count > nodes:
        return None
    stack: list[tuple[Any, int]] = [(value, 0)] if isinstance(value, (dict, list)) else []
    pop, push = stack.pop, stack.append
    while stack:
        current, depth = pop()
        if depth >= depth_limit:
            return None
        if type(current) is dict:
            count += 2 * len(current)
            children = current.values()
        else:
            count += len(current)
            children = current
        if count > nodes:
            return None
        depth += 1
        for child in children:
            if type(child) is dict or type(child) is list:
                push((child, depth))
    return count
