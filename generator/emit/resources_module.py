"""The view of one module of ``_resources``: every piece its template places, written from the IR
before Jinja runs (each operation's request check and constant, the arguments, return
annotations, request mappings and answer readers of its sync and async methods), and its import
lines, made from what those pieces need: the checks of ``_validators`` its operations call are
stand-ins importing their module on first use (``_lazy.deferred``), so importing the module of a
namespace loads none of its operations' checks."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from typing import Protocol

from ..ir import BodyArg, Operation, Parameter, ResourceModule
from . import layout, writer_checks, writer_client, writer_streams
from .code import Code, Needing, needs_of
from .import_lines import import_lines, reference_lines, reference_needs
from .imports import ALWAYS, IMPORTS
from .literals import py_str
from .writer import PieceWriter


class ResourceView(Protocol):
    """The IR of one module's operations (:class:`generator.emit.resources_package.ResourceView`)."""

    @property
    def name(self) -> str: ...

    @property
    def key(self) -> str: ...

    @property
    def segment(self) -> str: ...

    @property
    def operations(self) -> tuple[Operation, ...]: ...

    @property
    def module(self) -> ResourceModule: ...


# Names a method or a namespace of a client or namespace class must not be defined as: the
# annotations written after it in the class body would read it (``list[str]`` after ``def list``,
# ``httpx.Client`` after a namespace ``httpx``). Such a method is defined under its whole name and
# given its short one by an alias at the end of the class; such a namespace is written last.
SHADOWING = (
    frozenset({"list", "dict", "set", "tuple", "frozenset", "str", "int", "float", "bool", "bytes"})
    | {
        name.split(" as ")[-1] or module.lstrip(".")
        for key in ("_resources.py", "_client.py")
        for module, names in IMPORTS[key]
        for name in (names or ("",))
    }
    | {"object", "type", "None"}
)
# What the template's own text of every method writes (its fixed arguments, the request options).
METHOD_TEXT_NEEDS = frozenset({"Headers", "Query", "Body", "TimeoutTypes", "Unset", "UNSET", "RequestOptions"})


@dataclass(frozen=True, slots=True)
class ArgCode:
    """A keyword argument of a method: ``name: annotation`` and its default ("" when required)."""

    name: str
    annotation: str
    default: str


@dataclass(frozen=True, slots=True)
class MethodCode:
    """The pieces of the sync or async method of one operation (and of its page iterator)."""

    op: Operation
    is_async: bool
    name: str  # the method's name in its class (the client's, or its namespace's)
    iter_name: str  # its page iterator's ("" when none)
    args: tuple[ArgCode, ...]
    returns: str
    overloads: tuple[tuple[str, str, str], ...]  # (stream argument annotation, its default, returns)
    body_lines: tuple[str, ...]  # the statements building ``_body`` (none when the body is written in the call)
    request: str  # what sends the request: ``self._request``, or a function taking ``self`` first
    call_arguments: tuple[str, ...]  # the request's ``name=value`` arguments but the operation and options
    iter_args: tuple[ArgCode, ...]  # of the page iterator
    iter_returns: str
    needs: frozenset[str]
    refs: frozenset[str] = frozenset()
    loads: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ResourceModuleCode:
    """What the template of one module of ``_resources`` places."""

    unit: ResourceView
    checks: tuple[tuple[Operation, Code, tuple[str, ...]], ...]  # (operation, statements, docstring
    # lines) of each request check written: one per rule, shared by the operations that have the same
    constants: tuple[Code, ...]  # ``_NAME = Operation(...)`` of each operation
    methods: tuple[tuple[MethodCode, ...], tuple[MethodCode, ...]]  # sync, async
    imports: str

    @property
    def spaces(self) -> tuple[tuple[str, str, str, bool, tuple[MethodCode, ...], str], ...]:
        """(prefix, base, transport, is async, methods, class) of its sync and async namespace classes."""
        cls = self.unit.module.class_name
        return (
            ("", "SyncSpace", "SyncTransport", False, self.methods[0], cls),
            ("Async", "AsyncSpace", "AsyncTransport", True, self.methods[1], "Async" + cls),
        )

    @property
    def wrappers(self) -> tuple[tuple[str, str, str, str], ...]:
        """(prefix, kind, wrapper, namespace class) of its raw and streaming classes."""
        cls = self.unit.module.class_name
        return tuple(
            (prefix, kind, f"{kind.lower()}_{mode}", prefix + cls)
            for prefix, mode in (("", "sync"), ("Async", "async"))
            for kind in ("Raw", "Streaming")
        )

    @property
    def aliases(self) -> tuple[tuple[str, str], ...]:
        """(short name, whole name) of the namespace methods defined under their whole name
        (:data:`SHADOWING`), aliased at the end of the class; none with the flat methods."""
        return tuple((m.op.space_method, m.name) for m in self.methods[0] if m.name != m.op.space_method)

    @property
    def right_after_imports(self) -> bool:
        """Whether its first constant follows an import statement (no check, no ``if`` block of
        imports between): Black leaves one blank line there, where Ruff keeps two."""
        last = self.imports.rsplit("\n", 1)[-1]
        return bool(self.constants) and not self.checks and not self.unit.module.parts and not last.startswith(" ")

    @property
    def pieces(self) -> tuple[Needing, ...]:
        return (*(code for _, code, _ in self.checks), *self.constants, *self.methods[0], *self.methods[1])


def module_code(w: PieceWriter, unit: ResourceView, checks_names: set[str]) -> ResourceModuleCode:
    """The view of the module of ``unit``; ``checks_names``: what ``_validators`` defines that the
    request checks may call (imported from there)."""
    ops = unit.operations
    checks, check_of = _checks(w, ops)
    constants = tuple(w.code(writer_client.constant, op, check_of.get(op.method_name)) for op in ops)
    flat = w.api.flat_methods
    methods = (
        tuple(method(w.fresh(), op, False, flat) for op in ops),
        tuple(method(w.fresh(), op, True, flat) for op in ops),
    )
    code = ResourceModuleCode(unit, checks, constants, methods, "")
    needs = needs_of(code.pieces) | ALWAYS.get(w.table, frozenset()) | fixed_needs(unit, w.api.flat_methods)
    functions = {v.function for v in (*w.api.validators, *w.api.response_validators)}
    later = needs & functions  # the checks of models the operations call: stand-ins
    now = sorted(needs & checks_names - functions)  # helpers and patterns of ``_validators._common``
    line = f"from .._validators import {', '.join(now)}" if now else ""
    depth = w.module.count("/")  # 1: in _resources or _internal
    imports = _with_checks(import_lines(w.table, set(needs) | reference_needs(later, later), depth), line)
    spaces = [f"from . import {module} as _ns_{module}" for _, module, _ in unit.module.children]
    references = reference_lines(later, later, dict.fromkeys(later, "._validators"), spaces)
    return replace(code, imports="\n\n".join(part for part in (imports, references) if part))


def _checks(
    w: PieceWriter, ops: tuple[Operation, ...]
) -> tuple[tuple[tuple[Operation, Code, tuple[str, ...]], ...], dict[str, str]]:
    """The request checks the module defines, and the one each operation calls (by method name):
    operations of the same rules (a family of usage reports taking the same query) share the
    function of the first of them, whose docstring names them all; none for an operation with no
    rule to check."""
    first: dict[tuple[str, ...], tuple[Operation, Code]] = {}
    sharing: dict[str, list[str]] = {}
    check_of: dict[str, str] = {}
    for op in ops:
        code = w.code(writer_checks.operation_check, op.validator) if op.validator else None
        if code is None or code.lines == ("pass",):
            continue
        owner, _ = first.setdefault(code.lines, (op, code))
        sharing.setdefault(owner.method_name, []).append(op.method_name)
        check_of[op.method_name] = owner.validator.function if owner.validator else ""
    checks = tuple((op, code, _check_doc(sharing[op.method_name])) for op, code in first.values())
    return checks, check_of


def _check_doc(methods: list[str]) -> tuple[str, ...]:
    """The docstring lines of a request check shared by ``methods`` (one line when it fits)."""
    names = ", ".join(f"``{name}``" for name in methods)
    text = f"Check the arguments of {names}" + (" (the same rules)." if len(methods) > 1 else ".")
    one = f'"""{text}"""'
    if layout.fits(layout.STEP, one):
        return (one,)
    lines = textwrap.wrap(f'"""{text}', layout.WIDTH - layout.STEP, break_long_words=False, break_on_hyphens=False)
    return (*lines, '"""')


def fixed_needs(unit: ResourceView, flat: bool) -> frozenset[str]:
    """What the module's fixed text uses: its namespace classes' bases, ``__init__`` and
    sub-namespaces, its flat classes, and the wrappers of its raw and streaming classes."""
    m = unit.module
    needs: set[str] = set()
    if not m.parts:
        needs |= {"SyncSpace", "AsyncSpace"}
    if not m.is_part or (flat and unit.operations):
        needs |= {"SyncTransport", "AsyncTransport"}
    if unit.operations:
        needs |= {"raw_sync", "raw_async", "streaming_sync", "streaming_async"}
    if m.children:
        needs |= {"Space", "TYPE_CHECKING"}
    return frozenset(needs)


def _with_checks(imports: str, checks: str) -> str:
    """The module's import lines with that of the request checks, before ``..errors``'s (isort's order)."""
    if not checks:
        return imports
    lines = imports.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("from ..errors ")), len(lines))
    return "\n".join([*lines[:at], checks, *lines[at:]])


def _arg(s: PieceWriter, a: Parameter | BodyArg) -> ArgCode:
    return ArgCode(a.name, writer_client.arg_annotation(s, a), writer_client.arg_default(s, a))


def method(s: PieceWriter, op: Operation, is_async: bool, flat: bool = False) -> MethodCode:
    """The pieces of the method of ``op`` (``s``: a fresh writer of its module); ``flat``: the
    client's own method, else its namespace's."""
    s.uses.update(METHOD_TEXT_NEEDS)
    if op.deprecated or any(p.deprecated for p in op.params):
        s.uses.add("warnings")
    if op.pagination is not None:
        s.uses.add("PageTokens")
    args = tuple(_arg(s, a) for a in op.arguments)
    iterated = {a.name for a in op.iter_arguments} if op.pagination is not None else set()
    request = writer_streams.request_function(s, op, is_async)
    body_lines, body_argument = _body(s, op)
    arguments = [*_mappings(s, op), body_argument]
    arguments += writer_streams.decode_arguments(s, op, writer_client.response_decode(s, op))
    if request == "self._request" and "decode=None" in arguments:  # the transport's default
        arguments.remove("decode=None")
    return MethodCode(
        op=op,
        is_async=is_async,
        name=op.method_name if flat or op.space_method in SHADOWING else op.space_method,
        iter_name=(op.pagination.iter_name if flat else op.space_iter) if op.pagination is not None else "",
        args=args,
        returns=writer_client.response_annotation(s, op, is_async),
        overloads=tuple(writer_streams.overloads(s, op, is_async)),
        body_lines=body_lines,
        request=request,
        call_arguments=tuple(a for a in arguments if a),
        iter_args=tuple(a for a in args if a.name in iterated),
        iter_returns=writer_client.iter_return(s, op, is_async) if op.pagination is not None else "",
        needs=s.needs,
    )


def _mappings(s: PieceWriter, op: Operation) -> list[str]:
    """The request's ``path=``, ``query=``, ``headers=`` (and ``cookies=``) arguments; an empty
    one is left out (every function sending a request defaults it to ``NO_VALUES``)."""
    arguments = []
    for name, params in (("path", op.path_params), ("query", op.query_params), ("headers", op.header_params)):
        if params:
            arguments.append(f"{name}={{{', '.join(writer_client.param_entry(s, p) for p in params)}}}")
    if op.cookie_params:
        arguments.append(f"cookies={{{', '.join(writer_client.param_entry(s, p) for p in op.cookie_params)}}}")
    return arguments


_CALL_ARGUMENT = 3 * layout.STEP  # the indentation of an argument of the request call in a method


def _body(s: PieceWriter, op: Operation) -> tuple[tuple[str, ...], str]:
    """(the statements building ``_body``, the ``body=`` argument of the request call). A model
    body is a dict of its required members, each optional one added when given (an ``if`` a
    member: measured faster than filtering one dict of them all, by about 0.5 us a call)."""
    body = op.body
    if body is None:
        return (), ""  # every function sending a request defaults it to None
    if not body.model:
        return (), f"body={writer_client.arg_encode(s, body.args[0])}"
    value = "{" + ", ".join(f"{py_str(a.wire)}: {writer_client.arg_encode(s, a)}" for a in body.required_args) + "}"
    if not body.optional_args:
        if _CALL_ARGUMENT + len(f"body={value},") <= layout.WIDTH:
            return (), f"body={value}"
        return (f"_body = {value}",), "body=_body"
    s.uses.add("Any")  # ``_body: dict[str, Any]``
    lines = [f"_body: dict[str, Any] = {value}"]
    for a in body.optional_args:
        lines += [f"if {a.name} is not UNSET:", f"    _body[{py_str(a.wire)}] = {writer_client.arg_encode(s, a)}"]
    return tuple(lines), "body=_body"
