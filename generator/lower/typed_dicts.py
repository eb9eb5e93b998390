"""TypedDicts of the JSON forms of the models that request arguments reach (issue 15 item 7)."""

from __future__ import annotations

from collections.abc import Iterable

from ..ir import BodyArg, Model, Operation, TypedDictDef, UnionDef
from ..load.reader import Node
from .names import Namer


def argument_models(
    operations: Iterable[Operation], models: dict[str, Model], unions: dict[str, UnionDef]
) -> list[str]:
    """Every model an object argument reaches (its members' models too), sorted."""
    seen: set[str] = set()
    seen_unions: set[str] = set()
    todo = [a.type for op in operations for a in op.arguments if not (isinstance(a, BodyArg) and a.raw)]
    while todo:
        for t in todo.pop().walk():
            if t.kind == "model" and t.name not in seen and t.name in models:
                seen.add(t.name)
                todo.extend(f.type for f in models[t.name].fields)
            elif t.kind == "union" and t.name in unions and t.name not in seen_unions:
                seen_unions.add(t.name)
                todo.extend(unions[t.name].members)
    return sorted(seen)


def build_typed_dicts(
    namer: Namer,
    operations: Iterable[Operation],
    models: dict[str, Model],
    unions: dict[str, UnionDef],
    nodes: dict[str, Node],
) -> tuple[TypedDictDef, ...]:
    out: list[TypedDictDef] = []
    for name in argument_models(operations, models, unions):
        model = models[name]
        node = nodes.get(name, namer.doc.root)
        dict_name, required, optional = namer.typed_dict(name, node)
        both = bool(_required(model)) and len(_required(model)) < len(model.fields)
        out.append(TypedDictDef(dict_name, name, required if both else "", optional if both else ""))
    return tuple(out)


def _required(model: Model) -> list[str]:
    """Members a JSON form must have: required ones, but not those only the server sends."""
    return [f.wire for f in model.fields if f.sent_required and not f.read_only]
