"""What the generated ``testing`` module lists: per operation, the facts the fake API of
``runtime/testing/`` reads a request back with, its default answer (``fake_defaults``), its page
token and items, and the typed stub class; the imports needed."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..ir import Api, Model, Operation, Parameter, TypeRef
from ..spelling import MODELS, event_decoder, qualified, response_decoder
from . import internal
from .fake_defaults import MAX_DEFAULT_CHARS, Defaults, json_text
from .literals import py_literal, py_str

# FakeApi's own attributes: an operation of the same name gets a trailing ``_``.
RESERVED = frozenset(
    {"base_url", "token", "clock", "calls", "violations", "transport", "client", "async_client"}
    | {"stub", "verify", "reset", "default", "error_event", "malformed_event"}
)
_KINDS = {"str": "string", "datetime": "string", "int": "integer", "float": "number"}
_KINDS |= {"bool": "boolean", "list": "array", "dict": "object", "model": "object"}


@dataclass(frozen=True)
class FakeOp:
    """One operation as ``testing.py.jinja`` writes it."""

    attr: str  # FakeApi attribute
    stub_class: str
    method_name: str
    answer: str  # annotation of the value ``returns`` takes
    base: str  # the stub class's base (``OperationStub[answer]``): quoted where it names a union alias
    arguments: tuple[str, ...]  # argument names ``when`` and the assertions take
    entry: str  # ``FakeOperation(...)`` of the operation table
    const: str  # the ``_client`` constant of the operation's static facts
    item: str = ""  # annotation of a page's items, for ``pages`` ("" when not a list operation)
    iter_name: str = ""
    event: str = ""  # annotation of one event ``streams`` takes ("" when the operation never streams)
    binary: bool = False  # a binary answer: ``returns_bytes``
    route: str = ""  # ``METHOD /path/{template} method_name``: its entry of the routes of ``testing``

    @property
    def typed(self) -> bool:
        """Whether its stub class types methods of its own (those of ``PlainStub`` otherwise)."""
        return bool(self.arguments or self.item or self.event or self.binary or self.base != self.answer)


@dataclass(frozen=True)
class FakesModule:
    """One module of ``_fakes``: the fake's operations and stubs of one module of ``_resources``."""

    name: str
    uses: frozenset[str]  # the names its operations' entries and stubs need imported
    ops: tuple[FakeOp, ...]

    @property
    def entry(self) -> str:
        """Its entry of the lazy table of ``testing`` (``_lazy.LazyFakes``)."""
        stubs = [
            f"{op.attr}:{op.stub_class}" + ("" if op.attr == op.method_name else f":{op.method_name}")
            for op in self.ops
        ]
        return " ".join([self.name, *stubs])


@dataclass(frozen=True)
class TestingModule:
    """What ``testing.py.jinja`` and ``fakes/module.py.jinja`` render."""

    modules: tuple[FakesModule, ...]
    error_type_member: str
    rate_limited_type: str
    unauthorized_type: str = ""

    @property
    def ops(self) -> tuple[FakeOp, ...]:
        return tuple(op for module in self.modules for op in module.ops)

    @property
    def streams(self) -> bool:
        """Whether an operation answers a stream of events: ``FakeApi`` has ``error_event``..."""
        return any(op.event for op in self.ops)

    @property
    def routes(self) -> tuple[str, ...]:
        """The routes of ``_lazy.LazyFakes``, in the order the operations were tried when every
        module was loaded (by module, then by operation): a tie of templates ends the same."""
        return tuple(op.route for op in self.ops)


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"_+", name) if part)


class _Writer:
    def __init__(self, api: Api, defaults: Defaults) -> None:
        self.api = api
        self.defaults = defaults
        self.enum_base = {e.name: e.base for e in api.enums}
        self.uses: set[str] = set()

    def annotation(self, t: TypeRef) -> str:
        for x in t.walk():
            if x.kind == "datetime":
                self.uses.add("datetime")
            elif x.kind == "any" or (x.kind == "dict" and x.items is not None and x.items.kind == "any"):
                self.uses.add("Any")
            elif x.kind in ("model", "enum") or (x.kind == "union" and x.name):
                self.uses.add("models")
        return qualified(t, MODELS)

    def answer(self, op: Operation) -> str:
        if op.response_type is not None:
            return self.annotation(op.response_type)
        return {"text": "str", "bytes": "bytes", "binary": "bytes"}.get(op.response_kind, "None")

    def bounded(self, default: object, t: TypeRef) -> str:
        """The JSON text of a default answer; the minimal instance instead when the one built
        from examples (each bounded, but many may nest) is over :data:`MAX_DEFAULT_CHARS`."""
        text = json_text(default)
        if len(text) > MAX_DEFAULT_CHARS:
            return json_text(Defaults(self.api, examples=False).value(t))
        return text

    def event(self, op: Operation) -> str:
        """The annotation of one event ``streams`` takes: the event's type (or its JSON form),
        text, or a raw ``ServerSentEvent`` (always accepted: sent as it is)."""
        if op.response_kind != "sse" and not op.stream_switch:
            return ""
        self.uses.add("ServerSentEvent")
        etype = op.event_type
        if etype is None:
            return "ServerSentEvent | str"
        if etype.kind in ("str", "any"):
            return f"{self.annotation(etype)} | ServerSentEvent"
        self.uses.update(("Mapping", "Any"))
        return f"{self.annotation(etype)} | Mapping[str, Any] | ServerSentEvent"

    def events(self, op: Operation) -> str:
        """The ``FakeEvents(...)`` of an operation that streams ("" for another)."""
        if op.response_kind != "sse" and not op.stream_switch:
            return ""
        self.uses.add("FakeEvents")
        etype = op.event_type
        if etype is None or etype.kind == "str":
            return f"FakeEvents({py_str('raw' if etype is None else 'text')})"
        args = [py_str("json")]
        if event_decoder(op):
            self.uses.add("models")
            args.append(f"decode=models.{event_decoder(op)}")
        check = next((v.function for v in self.api.response_validators if v.model == etype.name), "")
        if check and etype.kind == "model":
            self.uses.add("_validators")
            args.append(f"check=_validators.{check}")
        default = op.event_example.value if op.event_example is not None else self.defaults.value(etype)
        if default is not None:
            args.append(f"default_json={self.bounded(default, etype)}")
        return "FakeEvents(" + ", ".join(args) + ")"

    def param(self, p: Parameter) -> str:
        t = p.type
        kind = _KINDS.get(t.kind, "any")
        if t.kind == "enum":
            kind = "integer" if self.enum_base.get(t.name) == "int" else "string"
        if p.style in ("deep_object", "exploded", "joined_object"):
            kind = "object"
        elif p.style in ("label", "matrix", "simple_object"):
            kind = "any"  # read as sent: the text of its style
        args = [py_str(p.name), py_str(p.wire), py_str(p.location)]
        if kind != "string":
            args.append(py_str(kind))
        if p.spec_required or p.required:
            args.append("required=True")
        if kind == "array" and t.items is not None:
            items = _KINDS.get(t.items.kind, "any")
            if t.items.kind == "enum":
                items = "integer" if self.enum_base.get(t.items.name) == "int" else "string"
            if items != "string":
                args.append(f"items={py_str(items)}")
        if p.style == "joined":
            args.append(f"delimiter={py_str(p.delimiter)}")
        return f"FakeParam({', '.join(args)})"

    def paging(self, op: Operation) -> str:
        pagination = op.pagination
        t = op.response_type
        if pagination is None or t is None or t.kind != "model":
            return ""
        page = self.defaults.models[t.name]
        items = next((f.wire for f in page.fields if f.name == pagination.items_attr), "")
        path: list[str] = []
        model: Model | None = page
        for attr in pagination.token_path:
            field = next((f for f in model.fields if f.name == attr), None) if model else None
            if field is None:
                return ""
            path.append(field.wire)
            inner = field.type
            model = self.defaults.models.get(inner.name) if inner.kind == "model" else None
        if not items or not path:
            return ""
        return f"FakePaging({py_str(pagination.token_param)}, {py_str(items)}, {py_literal(tuple(path))})"

    def entry(self, op: Operation) -> str:
        self.uses.add("FakeOperation")
        args = [op.const_name, py_str(op.method_name)]
        if op.params:
            self.uses.add("FakeParam")
            args.append("params=(" + "".join(self.param(p) + ", " for p in op.params) + ")")
        body = op.body
        if body is not None:
            members = tuple((a.wire, a.name) for a in body.args if not a.raw)
            if members and all(w and not re.search(r"[\s=]", w) for w, _ in members):  # one line
                spelled = [w if w == name else f"{w}={name}" for w, name in members]
                args.append(f"body={py_str(' '.join(spelled))}")
            elif members:
                args.append(f"body_members={py_literal(members)}")
            if body.required:
                args.append("body_required=True")
        if response_decoder(op):
            self.uses.add("models")
            args.append(f"decode=models.{response_decoder(op)}")
        default = self.defaults.value(op.response_type) if op.response_type is not None else None
        if op.response_example is not None:
            default = op.response_example.value
        if default is not None:
            args.append(f"default_json={self.bounded(default, op.response_type or TypeRef('str'))}")
        paging = self.paging(op)
        if paging:
            self.uses.add("FakePaging")
            args.append(f"paging={paging}")
        events = self.events(op)
        if events:
            args.append(f"events={events}")
        return "FakeOperation(" + ", ".join(args) + ")"


KIT_NAMES = frozenset({"FakeApi", "Call", "FakeApiBase", "FakeClock", "FakeOperation", "FakePaging"})
KIT_NAMES |= {"FakeParam", "InvalidStub", "OperationStub", "PlainStub", "Script", "SpecViolation", "Client"}
KIT_NAMES |= {"FakeEvents", "ServerSentEvent", "Mapping", "Sequence"}
"""Names ``testing`` and the modules of ``_fakes`` define or import besides the stub classes."""


def testing_module(api: Api) -> TestingModule:
    """The operation tables and typed stubs of ``api``'s fake, by module of ``_resources``."""
    defaults = Defaults(api)
    classes: set[str] = set(KIT_NAMES)
    stub_classes: dict[str, str] = {}
    for op in api.operations:  # named in the document's order, as before the split
        stub_class = f"{_pascal(op.method_name)}Stub"
        while stub_class in classes:
            stub_class = "_" + stub_class
        classes.add(stub_class)
        stub_classes[op.method_name] = stub_class
    by_method = {op.method_name: op for op in api.operations}
    modules = []
    for resource in api.resources:
        for module in (m for m in resource.modules if m.operations):  # not a namespace of namespaces
            ops = [by_method[name] for name in module.operations]
            modules.append(_fakes_module(api, defaults, module.name, ops, stub_classes))
    rate_limited = next((e.wire for e in api.error_types if e.status == 429), "")
    unauthorized = next((e.wire for e in api.error_types if e.status == 401), "")
    return TestingModule(tuple(modules), api.error_type_member, rate_limited, unauthorized)


def _fakes_module(
    api: Api, defaults: Defaults, name: str, operations: list[Operation], stub_classes: dict[str, str]
) -> FakesModule:
    writer = _Writer(api, defaults)
    ops: list[FakeOp] = []
    for op in operations:
        attr = op.method_name + "_" if op.method_name in RESERVED else op.method_name
        arguments = tuple(a.name for a in op.arguments)
        entry = writer.entry(op)
        item = iter_name = ""
        if op.pagination is not None and "paging=" in entry:
            item, iter_name = writer.annotation(op.pagination.item_type), op.pagination.iter_name
            writer.uses.update(("Sequence", "Mapping"))
        answer, event, binary = writer.answer(op), writer.event(op), op.response_kind == "binary"
        stub_class = stub_classes[op.method_name]
        # at run time an alias of a union is a string: the base names it quoted
        alias = op.response_type is not None and any(t.kind == "union" and t.name for t in op.response_type.walk())
        stub = ("OperationStub" if arguments else "PlainStub") + f"[{py_str(answer) if alias else answer}]"
        fields = (attr, stub_class, op.method_name, answer, stub, arguments, entry, op.const_name, item, iter_name)
        route = f"{op.http_method.upper()} {op.path} {op.method_name}"
        ops.append(FakeOp(*fields, event=event, binary=binary, route=route))
    return FakesModule(name, frozenset(writer.uses), tuple(ops))


def kit_imports(unit: FakesModule | None, name: str, space: tuple[list[str], bool, bool] | None = None) -> str:
    """The import lines of a module of ``testing/_fakes`` (or ``_internal``: a part's) named
    ``name``: of its operations (``unit``, None when it only holds a namespace) and of the
    namespace it holds (``space``: its type-checking imports, whether it has methods, whether it
    has sub-namespaces)."""
    uses, ops = (unit.uses, unit.ops) if unit is not None else (frozenset(), ())
    type_lines, methods, children = space if space is not None else ([], False, False)
    lines, up = [], ".." if internal.is_part(name) else "..."
    if abc := [n for n in ("Mapping", "Sequence") if n in uses]:
        lines.append("from collections.abc import " + ", ".join(abc))
    if "datetime" in uses:
        lines.append("from datetime import datetime")
    typing = ["TYPE_CHECKING"] if any(op.typed for op in ops) or type_lines else []
    typing += ["Any"] if uses & {"Any", "Sequence"} else []  # any JSON, or a page's items as JSON
    typing += ["TypedDict"] if any(op.arguments for op in ops) else []
    if typing:
        lines.append("from typing import " + ", ".join(typing))
    if lines:
        lines.append("")
    if package := [n for n in ("_validators", "models") if n in uses]:
        lines.append(f"from {up} import " + ", ".join(package))
    if ops:
        consts = ", ".join(sorted(op.const for op in ops))
        lines.append(f"from {up}{internal.dotted('_resources', name)} import {consts}")
    if space is not None:
        lines.append(f"from {up}_spaces import FakeSpace" + (", Space" if children else ""))
    if "ServerSentEvent" in uses:
        lines.append(f"from {up}_sse import ServerSentEvent")
    lines += _engine_imports(uses | ({"methods"} if methods else set()), ops, up)
    unpack = ["from typing_extensions import Unpack"] if any(op.arguments for op in ops) else []
    if unpack or type_lines:
        lines += ["", "if TYPE_CHECKING:", *(f"    {line}" for line in unpack)]
        lines += [""] if unpack and type_lines else []
        lines += [f"    {line}" for line in type_lines]
    return "\n".join(lines)


def _engine_imports(uses: frozenset[str], ops: tuple[FakeOp, ...], up: str) -> list[str]:
    """The lines importing the test kit's engine that a module's operations need."""
    lines = []
    for name, engine in (("FakeEvents", "_fake_events"), ("methods", "_fake_lazy"), ("FakePaging", "_fake_pages")):
        if name in uses:  # modules of the engine copied only where an operation needs them
            lines.append(f"from {up}testing.{engine} import {name}")
    if not ops:
        return lines
    testing = [n for n in ("FakeOperation", "FakeParam") if n in uses]
    stubs = ["OperationStub"] if any(op.arguments or op.item or op.event or op.binary for op in ops) else []
    stubs += ["PlainStub"] if not all(op.arguments for op in ops) else []
    script = ["Script"] if any(op.typed for op in ops) else []
    return [*lines, f"from {up}testing._testing import " + ", ".join([*testing, *stubs, *script])]
