"""What the halves of a comparison share: the two sides, each the IR of one document indexed by
Python name, and the changes found so far (:class:`Comparison`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..ir import Api, BodyArg, EnumAlias, Field, Model, Operation, Parameter, TypeRef
from .shapes import Shapes

CLIENT = "Client"


@dataclass(frozen=True)
class Change:
    """One change of the generated client's surface."""

    kind: str  # e.g. "argument-removed"
    python: str  # e.g. "Client.get_item(id)", "models.Item.name"
    location: str  # FILE#/pointer
    message: str
    breaking: bool

    def as_json(self) -> dict[str, str]:
        return {"kind": self.kind, "python": self.python, "location": self.location, "message": self.message}

    @property
    def sort_key(self) -> tuple[str, str, str, str]:
        return (self.python, self.kind, self.message, self.location)


def response_model(op: Operation) -> str:
    """The model an operation returns; "" when it returns something else."""
    t = op.response_type
    return t.name if t is not None and t.kind == "model" and not t.nullable else ""


def _models_in(t: TypeRef) -> list[str]:
    return [x.name for x in t.walk() if x.kind == "model"]


class ApiSide:
    """The IR of one document. Every location it reports was recorded in the IR at build time
    (``source`` of operations, arguments, models, members and enums): the document is not read."""

    def __init__(self, api: Api, label: str) -> None:
        self.api = api
        self.label = label
        self.models: dict[str, Model] = {m.name: m for m in api.models}
        self.enums: dict[str, EnumAlias] = {e.name: e for e in api.enums}
        self.ops: dict[str, Operation] = {o.method_name: o for o in api.operations}
        responses = [response_model(o) for o in api.operations]
        requests: list[str] = []
        for op in api.operations:
            for arg in op.arguments:
                requests.extend(_models_in(arg.type))
            if op.body is not None and op.body.model:
                requests.append(op.body.model)
        self.response_models = self._closure(n for n in responses if n)
        self.request_models = self._closure(requests)

    def _closure(self, roots: Iterable[str]) -> frozenset[str]:
        seen: set[str] = set()
        stack = list(roots)
        while stack:
            name = stack.pop()
            if name in seen or name not in self.models:
                continue
            seen.add(name)
            for f in self.models[name].fields:
                stack.extend(_models_in(f.type))
        return frozenset(seen)

    # -- locations ----------------------------------------------------------------------
    @staticmethod
    def operation(op: Operation) -> str:
        return op.source

    @staticmethod
    def member(model: Model, f: Field) -> str:
        return f.source or model.source

    @staticmethod
    def argument(op: Operation, arg: Parameter | BodyArg) -> str:
        return arg.source or op.source

    def enum(self, name: str) -> str:
        enum = self.enums.get(name)
        return enum.source if enum is not None else f"{self.label}#"


class Comparison:
    """The old and the new side, their types compared by shape, and the changes found."""

    def __init__(self, old: ApiSide, new: ApiSide) -> None:
        self.old = old
        self.new = new
        self.shapes = Shapes(old, new)
        self.changes: list[Change] = []

    def add(self, kind: str, python: str, location: str, message: str, breaking: bool) -> None:
        self.changes.append(Change(kind, python, location, message, breaking))

    @staticmethod
    def renames(gone: list[str], fresh: list[str], same: Callable[[str, str], bool]) -> dict[str, str]:
        """Each name that is gone and the first fresh one, not yet taken, that is ``same``."""
        out: dict[str, str] = {}
        for name in gone:
            target = next((n for n in fresh if n not in out.values() and same(name, n)), None)
            if target is not None:
                out[name] = target
        return out
