"""Examples of the spec, carried into the IR as data for the package's test kit (the answers
nothing stubs): a schema's ``example`` (3.0) or first ``examples`` item (3.1), a property's, a
media type's ``example`` or first ``examples.<name>.value`` (document order; ``externalValue`` is
never fetched). Each is bounded (:data:`MAX_EXAMPLE_CHARS`; a larger one is left out with a
``note:``) and, once every model is built, checked against the schema it illustrates
(:mod:`generator.lower.example_check`): one that does not match is left out with a located
``warning:``, so it never becomes a default answer.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from ..ir import EnumAlias, Example, Field, Model, Operation, TypeRef, UnionDef
from ..load.reader import Document, Node
from ..problems import SpecError
from .example_check import ExampleCheck
from .names import Namer

MAX_EXAMPLE_CHARS = 8 * 1024
"""The largest example carried (its compact JSON, about): a hostile document's huge examples
never reach the generated package."""

Deref = Callable[[Node], Node]


def _size(value: Any, budget: int) -> int | None:
    """About the length of ``value``'s compact JSON, or ``None`` once over ``budget`` or when it
    holds anything but JSON data (a non-finite number)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            total += 2 + sum(len(str(k)) + 4 for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            total += 2 + len(item)
            stack.extend(item)
        elif isinstance(item, str):
            total += len(item) + 2
        elif isinstance(item, float) and not math.isfinite(item):
            return None
        elif item is None or isinstance(item, (bool, int, float)):
            total += 5
        else:
            return None
        if total > budget:
            return None
    return total


class ExampleReader:
    """Reads the examples of one document and remembers where each stands (for warnings)."""

    def __init__(self, doc: Document, namer: Namer, deref: Deref) -> None:
        self.doc = doc
        self.namer = namer
        self.deref = deref
        self.nodes: dict[int, Node] = {}  # id of an Example -> its node
        self.read: dict[tuple[object, tuple[str, ...]], Example | None] = {}  # by place: read once

    def _take(self, node: Node) -> Example | None:
        key = (node.file, node.ptr)
        if key not in self.read:
            self.read[key] = self._read(node)
        return self.read[key]

    def _read(self, node: Node) -> Example | None:
        if _size(node.value, MAX_EXAMPLE_CHARS) is None:
            note = self.doc.at(
                node,
                f"example larger than {MAX_EXAMPLE_CHARS // 1024} KiB (or not JSON data); the test kit does not use it",
                "example-ignored",
            )
            if note not in self.doc.notes:
                self.doc.notes.append(note)
            return None
        example = Example(node.value, self.namer.where(node))
        self.nodes[id(example)] = node
        return example

    def of_schema(self, node: Node) -> Example | None:
        """A schema's own ``example``, else the first item of its ``examples``."""
        schema = node.value
        if not isinstance(schema, dict):
            return None
        if "example" in schema:
            return self._take(node.child("example"))
        examples = schema.get("examples")
        if isinstance(examples, list) and examples:
            return self._take(node.child("examples", 0))
        return None

    def of_property(self, prop: Node) -> Example | None:
        """A property's example: its own (beside a ``$ref`` too), else its schema's."""
        own = self.of_schema(prop)
        if own is not None or not isinstance(prop.value, dict) or "$ref" not in prop.value:
            return own
        return self.of_schema(self.deref(prop))

    def _example_object(self, node: Node) -> Node | None:
        """An Example Object, its ``$ref`` followed within the files already read (the loader
        leaves ``examples`` unread: one that dangles is skipped, not an error)."""
        try:
            return self.doc.deref(node)
        except (SpecError, KeyError):
            return None

    def of_media(self, media: Node) -> Example | None:
        """A media type's ``example``, else the ``value`` of its first example that has one,
        else its schema's example."""
        value = media.value
        if not isinstance(value, dict):
            return None
        if "example" in value:
            return self._take(media.child("example"))
        examples = value.get("examples")
        if isinstance(examples, dict):
            for name in examples:
                entry = self._example_object(media.child("examples", name))
                if entry is not None and isinstance(entry.value, dict) and "value" in entry.value:
                    return self._take(entry.child("value"))
        if isinstance(value.get("schema"), dict):
            return self.of_schema(self.deref(media.child("schema")))
        return None


@dataclasses.dataclass
class Vetting:
    """The examples of the built models and operations checked; those that do not match their
    schema are dropped (each with a warning)."""

    reader: ExampleReader
    check: ExampleCheck
    dropped: set[int] = dataclasses.field(default_factory=set)

    def keep(self, example: Example | None, t: TypeRef | None) -> Example | None:
        if example is None:
            return None
        if t is None:
            return None
        found = self.check.mismatch(example.value, t)
        if found is None:
            return example
        if id(example) not in self.dropped:
            self.dropped.add(id(example))
            path, rule = found
            where = f"{path}: " if path else ""
            node = self.reader.nodes[id(example)]
            self.reader.namer.warn(
                node,
                f"example does not match the schema: {where}{rule}; the test kit does not use it",
                "example-ignored",
            )
        return None

    def model(self, model: Model) -> Model:
        fields = tuple(self.field(f) for f in model.fields)
        example = self.keep(model.example, TypeRef("model", name=model.name))
        if example is model.example and fields == model.fields:
            return model
        return dataclasses.replace(model, fields=fields, example=example)

    def field(self, f: Field) -> Field:
        example = self.keep(f.example, f.type)
        return f if example is f.example else dataclasses.replace(f, example=example)

    def operation(self, op: Operation) -> Operation:
        answer = op.response_type
        if op.response_kind == "text":
            answer = TypeRef("str")
        response = self.keep(op.response_example, answer if op.response_kind in ("json", "text") else None)
        event = self.keep(op.event_example, op.event_type) if op.event_type is not None else None
        if response is op.response_example and event is op.event_example:
            return op
        return dataclasses.replace(op, response_example=response, event_example=event)


def vet_examples(
    reader: ExampleReader,
    models: dict[str, Model],
    enums: dict[str, EnumAlias],
    unions: dict[str, UnionDef],
    operations: list[Operation],
) -> list[Operation]:
    """Check every example against its schema: ``models`` is updated in place, the operations
    are returned; an example that does not match is left out with a warning."""
    vetting = Vetting(reader, ExampleCheck(models, enums, unions))
    checked = {name: vetting.model(model) for name, model in sorted(models.items())}
    models.update(checked)
    return [vetting.operation(op) for op in operations]
