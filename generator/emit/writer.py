"""The one writer of Python source: IR structure in, expressions and statements out.

The templates call a :class:`ModuleWriter` (one per generated module) for every piece of code
that depends on the IR: conversions between JSON and Python values (``decode``/``encode``),
request mappings of parameters by their style, union decoders, request validators and
annotations. The writer records every name it writes that the module must import (runtime
helpers, typing names, the ``models`` module), and the module's imports are computed from
that record (:meth:`ModuleWriter.imports`): a generated module imports what it uses, nothing more.
Nothing reads generated text back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..ir import (
    Api,
    BodyArg,
    EnumAlias,
    Field,
    Model,
    ModelValidator,
    Operation,
    OperationValidator,
    Parameter,
    Rule,
    TypedDictDef,
    TypeRef,
    UnionDef,
    ValueCheck,
)
from . import layout, writer_models, writer_responses, writer_streams, writer_typeddicts
from .import_lines import import_lines, reference_lines
from .imports import ALWAYS
from .json_tests import _FITS, _PARAM_SOURCES, _TYPE_TEST, Index
from .literals import py_literal, py_str
from .spelling import MODELS, response_decoder

_TABLES = {
    MODELS: "models.py",
    "_resources": "_resources.py",
    "_validators": "_checks.py",
}  # the IMPORTS of a package's modules
IMPORTS_MARK = "\x00imports\x00"  # where the template wants the imports; replaced after rendering
REFERENCES_MARK = "\x00references\x00"  # where a module of models imports the others' definitions


class ModuleWriter:
    """Writes the IR-dependent code of one generated module and records the names it uses."""

    def __init__(
        self, api: Api, module: str, placement: Mapping[str, str] | None = None, index: Index | None = None
    ) -> None:
        """``module``: the file in the package (``models/_table.py`` for a module of ``models``);
        ``placement``: the module of ``models`` of each definition (for those modules); ``index``:
        the definitions by name, shared by the writers of one package."""
        self.api = api
        self.module = module
        self.table = _TABLES.get(module.partition("/")[0], module) if "/" in module else module  # of IMPORTS
        self.placement: Mapping[str, str] = placement or {}
        self.here = module.rpartition("/")[2].removesuffix(".py")
        index = index or Index.of(api)
        self.models, self.enums, self.unions = index.models, index.enums, index.unions
        self.uses: set[str] = set(ALWAYS.get(self.table, ()))
        self.refs: set[str] = set()  # definitions of other modules of ``models`` this one uses
        self._calls: dict[str, tuple[str, list[str]]] = {}  # a call statement -> (its head, arguments)
        self.streams = writer_streams.StreamPieces(self)  # of streaming answers (``w.streams.*``)
        self.members = writer_models.MemberPieces(self)  # of a model's members (``w.members.*``)

    def ref(self, name: str) -> str:
        """``name``, a definition of ``models``, written in this module of ``models``: recorded
        for the module's imports when another module defines it."""
        if self.placement.get(name, self.here) != self.here:
            self.refs.add(name)
        return name

    # -- imports ---------------------------------------------------------------------------
    @property
    def references_here(self) -> str:
        """Where a module of ``models`` wants the imports of other modules' definitions."""
        return REFERENCES_MARK

    @property
    def imports_here(self) -> str:
        """Where the template wants the imports (replaced once the module is rendered)."""
        return IMPORTS_MARK

    def use(self, *names: str) -> str:
        """Record names the template writes itself; returns "" (for ``{{ w.use(...) }}``)."""
        self.uses.update(names)
        return ""

    def imports(self) -> str:
        """The import lines of the module: those of :data:`IMPORTS` whose names it uses."""
        return import_lines(self.table, self.uses, self.module.count("/"))

    def references(self) -> str:
        """The import lines of the definitions of other modules of ``models`` this one uses."""
        return reference_lines(self.refs, self.placement)

    # -- types ----------------------------------------------------------------------------
    def _type_uses(self, t: TypeRef, qualified: bool) -> None:
        for x in t.walk():
            if x.kind == "datetime":
                self.uses.add("datetime")
            elif x.kind == "any" or (x.kind == "dict" and x.items is not None and x.items.kind == "any"):
                self.uses.add("Any")
            elif x.kind == "file":
                self.uses.add("FileTypes")
            elif x.kind in ("model", "enum") or (x.kind == "union" and x.name):
                if qualified:
                    self.uses.add(MODELS)
                else:
                    self.ref(x.name)

    def annotation(self, t: TypeRef, *, optional: bool = False) -> str:
        """The annotation of ``t`` inside the models module (``| Unset`` when ``optional``)."""
        self._type_uses(t, False)
        if optional:
            self.uses.add("Unset")
        return t.annotation + (" | Unset" if optional else "")

    def qualified(self, t: TypeRef) -> str:
        """The annotation of ``t`` outside the models module (``models.Table``)."""
        self._type_uses(t, True)
        return t.qualified(MODELS)

    def decode(self, t: TypeRef, src: str, depth: int = 0) -> str:
        """An expression turning the JSON value named ``src`` (a plain name) into Python."""
        if t.is_identity:
            return src
        inner = self._decode_non_null(t, src, depth)
        return f"None if {src} is None else {inner}" if t.nullable else inner

    def decode_value(self, t: TypeRef, src: str) -> str:
        """:meth:`decode` of a value known not to be null."""
        return self._decode_non_null(t, src, 0)

    def decoder(self, t: TypeRef) -> str:
        """The function reading a model, date-time or union value; "" for other kinds."""
        if t.kind == "model":
            return f"{self.ref(t.name)}.from_dict"
        if t.kind == "datetime":
            self.uses.add("_parse_datetime")
            return "_parse_datetime"
        return self.ref(self.unions[t.name].decoder) if t.kind == "union" else ""

    def _decode_non_null(self, t: TypeRef, src: str, depth: int) -> str:
        function = self.decoder(t)
        if function:
            return f"{function}({src})"
        assert t.items is not None
        var = f"_v{depth}"
        if t.kind == "list":
            return f"[{self.decode(t.items, var, depth + 1)} for {var} in {src}]"
        key = f"_k{depth}"
        return f"{{{key}: {self.decode(t.items, var, depth + 1)} for {key}, {var} in {src}.items()}}"

    def encode(self, t: TypeRef, src: str, depth: int = 0) -> str:
        """An expression turning the Python value named ``src`` into JSON."""
        if t.is_identity:
            return src
        inner = self._encode_non_null(t, src, depth)
        return f"None if {src} is None else {inner}" if t.nullable else inner

    def _encode_non_null(self, t: TypeRef, src: str, depth: int) -> str:
        if t.kind == "model":
            return f"{src}.to_dict()"
        if t.kind == "datetime":
            self.uses.add("_format_datetime")
            return f"_format_datetime({src})"
        if t.kind == "union":
            self.uses.add("_to_json")
            return f"_to_json({src})"
        assert t.items is not None
        var = f"_v{depth}"
        if t.kind == "list":
            return f"[{self.encode(t.items, var, depth + 1)} for {var} in {src}]"
        key = f"_k{depth}"
        return f"{{{key}: {self.encode(t.items, var, depth + 1)} for {key}, {var} in {src}.items()}}"

    # -- models -----------------------------------------------------------------------------
    @staticmethod
    def signature(name: str, params: list[str], returns: str, indent: int = 0) -> list[str]:
        """``def name(params) -> returns:``, laid out as Black would (:mod:`generator.emit.layout`)."""
        return layout.call(f"def {name}", params, f" -> {returns}:", indent)

    def from_dict_signature(self, m: Model) -> list[str]:
        return self.signature("from_dict", ["cls", "data: Mapping[str, Any]"], m.name, 4)

    def from_dict_body(self, m: Model) -> list[str]:
        return writer_models.body(self, m)

    def field_encode(self, f: Field) -> str:
        """The expression writing ``self.<name>`` as JSON."""
        return self.encode(f.type, f"self.{f.name}")

    def to_dict_body(self, m: Model) -> list[str]:
        return writer_models.to_dict_body(self, m)

    def typed_dict(self, td: TypedDictDef) -> list[str]:
        """Statements defining the TypedDict of a model's JSON form (see :mod:`generator.emit.writer_typeddicts`)."""
        return writer_typeddicts.typed_dict(self, td)

    def enum_alias(self, e: EnumAlias) -> list[str]:
        self.uses.update(("TypeAlias", "Literal"))
        return writer_models.enum_alias(e)

    def keys_constant(self, m: Model) -> list[str]:
        return writer_models.keys_constant(m)

    def union_alias(self, u: UnionDef) -> str:
        """The members of a union as a string (a forward-referencing ``TypeAlias``)."""
        self.uses.add("TypeAlias")
        for m in u.members:
            self._type_uses(m, False)
        if not u.members:
            self.uses.add("Any")
        words = [m.annotation for m in u.members] or ["Any"]
        return layout.string_value(f"{u.name}: TypeAlias = ", words, " | ")

    def union_body(self, u: UnionDef) -> list[str]:
        """Statements of a union's decoder, ``data`` being the JSON value."""
        lines: list[str] = []
        if u.prop and u.tags:
            lines += ["if isinstance(data, dict):", f"    tag = data.get({py_str(u.prop)})"]
            for value, t in u.tags:
                lines += [f"    if tag == {py_str(value)}:", f"        return {self.decode(t, 'data')}"]
        for t in u.members:
            cond = self.fits(t)
            value = self.decode(t, "data")
            if t.is_identity and not t.is_scalar:  # kept as it came: its nesting is bounded here
                self.uses.add("_bounded")
                value = "_bounded(data)"
            if t.is_identity and t.kind not in _FITS:  # only the _FITS tests narrow the type
                self.uses.add("cast")
                value = f"cast({py_str(t.annotation)}, {value})"
            if cond is None:
                lines += ["try:", f"    return {value}", "except (KeyError, TypeError, ValueError, AttributeError):"]
                lines.append("    pass")
            else:
                terms = self._model_fit(t.name) if t.kind == "model" and not t.nullable else [cond]
                lines += [*layout.condition("if", terms, "and", 4), f"    return {value}"]
        lines.append(f"raise ValueError({py_str(f'value matches no member of {u.name}')})")
        return lines

    def _model_fit(self, name: str) -> list[str]:
        """The tests a JSON value passes when it can be model ``name`` (and-ed)."""
        model = self.models.get(name)
        parts = ["isinstance(data, dict)"]
        if model is not None:
            required = [f.wire for f in model.fields if f.required]
            if required:
                parts.append(f"data.keys() >= {{{', '.join(py_str(w) for w in required)}}}")
            for f in model.fields:
                enum = self.enums.get(f.type.name) if f.type.kind == "enum" else None
                if f.required and enum is not None and not enum.open and len(enum.values) == 1:
                    parts.append(f"data.get({py_str(f.wire)}) == {py_literal(enum.values[0])}")
        return parts

    def fits(self, t: TypeRef) -> str | None:
        """A condition on ``data`` true when it can be ``t``; None when only trying tells."""
        cond: str | None
        if t.kind == "model":
            cond = " and ".join(self._model_fit(t.name))
        elif t.kind == "enum":
            enum = self.enums.get(t.name)
            if enum is None or enum.open:
                cond = "isinstance(data, int)" if enum is not None and enum.base == "int" else "isinstance(data, str)"
            else:
                values = [py_literal(v) for v in enum.values]  # a comma only where a tuple needs it
                cond = f"data in ({values[0]},)" if len(values) == 1 else f"data in ({', '.join(values)})"
        elif t.kind in _FITS:
            cond = _FITS[t.kind]
        elif t.kind == "union" and not t.name:
            subs = [self.fits(v) for v in t.variants]
            cond = None if any(c is None for c in subs) else " or ".join(f"({c})" for c in subs if c)
        else:  # datetime, named union, any: only trying tells
            cond = None
        if cond is not None and t.nullable:
            cond = f"data is None or ({cond})"
        return cond

    # -- client ----------------------------------------------------------------------------
    def arg_annotation(self, a: Parameter | BodyArg) -> str:
        """The annotation of an argument of a method (a line of its own, in a class)."""
        optional = not a.required
        if optional:
            self.uses.add("Unset")
        if isinstance(a, BodyArg) and a.raw:  # text, or a file to upload (streamed)
            text = writer_streams.raw_body_annotation(self, a.type.kind == "str")
        else:
            text = self.qualified(a.type)
            if writer_typeddicts.has_typed_dict(self, a.type):  # the model or its JSON form (a TypedDict)
                text = writer_typeddicts.accepting(self, a.type, MODELS + ".")
        text += " | Unset" if optional else ""
        return layout.parameter_annotation(a.name, text, "UNSET" if optional else "", 2 * layout.STEP)

    def arg_default(self, a: Parameter | BodyArg) -> str:
        if a.required:
            return ""
        self.uses.add("UNSET")
        return "UNSET"

    def arg_encode(self, a: Parameter | BodyArg) -> str:
        """An argument as JSON; object arguments may be their model or a plain mapping."""
        if (isinstance(a, BodyArg) and a.raw) or a.type.is_identity:
            return a.name
        self.uses.add("_to_json")
        return f"_to_json({a.name})"

    def param_entry(self, p: Parameter) -> str:
        """The ``"wire": expression`` entry (or ``**expression``) of a parameter's mapping."""
        if p.style == "joined":
            self.uses.add("_joined")
            return f"{py_str(p.wire)}: _joined({p.name}, {py_str(p.delimiter)})"
        if p.style == "deep_object":
            self.uses.add("_deep_object")
            return f"**_deep_object({py_str(p.wire)}, {self.arg_encode(p)})"
        if p.style == "exploded":
            self.uses.add("_exploded")
            return f"**_exploded({self.arg_encode(p)})"
        if p.style == "joined_object":
            self.uses.add("_joined_object")
            return f"{py_str(p.wire)}: _joined_object({self.arg_encode(p)})"
        return f"{py_str(p.wire)}: {self.arg_encode(p)}"

    def response_annotation(self, op: Operation, is_async: bool = False) -> str:
        return writer_streams.response_annotation(self, op, is_async, writer_streams.plain_answer(self, op))

    def response_decode(self, op: Operation) -> str:
        """The callable decoding the operation's JSON answer, ``None`` when there is none."""
        function = response_decoder(op)
        if not function:
            return "None"
        self.uses.add(MODELS)
        return f"{MODELS}.{function}"

    def iter_return(self, op: Operation, is_async: bool) -> str:
        """The return annotation of the page iterator of ``op``."""
        assert op.pagination is not None
        iterator = "AsyncIterator" if is_async else "Iterator"
        self.uses.add(iterator)
        return f"{iterator}[{self.qualified(op.pagination.item_type)}]"

    @staticmethod
    def required_headers(op: Operation) -> str:
        """``((wire, argument), ...)`` of the required headers the client configuration may supply."""
        return py_literal(tuple((p.wire, p.name) for p in op.required_option_headers))

    # -- validators ----------------------------------------------------------------------------
    def model_check(self, v: ModelValidator) -> list[str]:
        """Statements of the request check of a model's JSON form (``data``, path ``at``)."""
        self.uses.update(("Any", "RequestValidationError"))
        lines = [
            "if not isinstance(data, dict):",
            f"    {self._raise('at or ' + py_literal(v.model), 'must be an object')}",
        ]
        if v.closed:
            self.uses.add(MODELS)
            keys = f"{MODELS}.{v.keys_const}"  # loads the model's module on the first check
            lines += [
                f"if not {keys}.issuperset(data):",
                f"    {self._call('_unknown = next', [f'k for k in data if k not in {keys}'])}",
                f"    {self._raise(self._helper('_at') + '(at, _unknown, _unknown)', 'unknown member (no other members allowed)')}",
            ]
        for rule in v.object_rules:
            lines += [
                f"if {self.violation(rule, 'data')}:",
                f"    {self._raise('at or ' + py_literal(v.model), rule.message)}",
            ]
        for m in v.members:
            path = f"{self._helper('_at')}(at, {py_literal(m.wire)}, {py_literal(m.display)})"
            checks = self.value_check(m.check, "v", path)
            if m.required:
                lines += [f"if {py_literal(m.wire)} not in data:", f"    {self._raise(path, 'required')}"]
                if checks:
                    lines.append(f"v = data[{py_literal(m.wire)}]")
                    lines += checks
            elif checks:
                lines.append(f"v = data.get({py_literal(m.wire)}, {self._helper('_MISSING')})")
                lines.append("if v is not _MISSING:")
                lines += ["    " + line for line in checks]
        return self._calls_laid_out(lines)

    def operation_check(self, v: OperationValidator) -> list[str]:
        """Statements of the request check of an operation's arguments."""
        self.uses.update(("Any", "Mapping"))
        lines: list[str] = ["v: Any"]
        for location, wire, display, _required, check in v.params:
            checks = self.value_check(check, "v", py_literal(display))
            if not checks or location not in _PARAM_SOURCES:
                continue
            self.uses.add("UNSET")
            lines.append(f"v = {_PARAM_SOURCES[location]}.get({py_literal(wire)}, UNSET)")
            lines.append("if v is not UNSET:")
            lines += ["    " + line for line in checks]
        if v.body_validator:
            lines.append(f'{self._helper(v.body_validator)}(body, "")')
        return self._calls_laid_out(lines) if len(lines) > 1 else ["pass"]

    def response_model_check(self, v: ModelValidator) -> list[str]:
        """Statements of the response check of a model's JSON form (``data``, path ``at``)."""
        self.uses.update(("Any", "_Mismatch"))
        return writer_responses.model_lines(v, self.uses)

    def response_check(self, op: Operation) -> str:
        """The response check of an operation's answer, "" when it has none."""
        rtype = op.response_type
        if op.response_kind != "json" or rtype is None or rtype.kind != "model":
            return ""
        return next((v.function for v in self.api.response_validators if v.model == rtype.name), "")

    def patterns(self) -> Iterable[tuple[str, str]]:
        if self.api.patterns:
            self.uses.add("re")
        return self.api.patterns

    def value_check(self, check: ValueCheck, var: str, path: str, depth: int = 0) -> list[str]:
        """Statements checking ``var``; ``path`` is an expression naming it (evaluated on failure)."""
        body: list[str] = []
        if check.kind not in ("any", "model"):  # a model's validator tests the type itself
            cond, text = _TYPE_TEST[check.kind]
            body += [
                f"if {cond.format(v=var)}:",
                f"    {self._raise(path, text + (' or null' if check.nullable else ''))}",
            ]
        for rule in check.rules:
            body += [f"if {self.violation(rule, var)}:", f"    {self._raise(path, rule.message)}"]
        if check.kind == "model":
            body.append(self._call(self._helper(check.model), [var, path]))
        if check.items is not None:
            item = f"_i{depth}"
            if check.kind == "array":
                idx = f"_n{depth}"
                inner = self.value_check(check.items, item, f'{path} + "[" + str({idx}) + "]"', depth + 1)
                body += [f"for {idx}, {item} in enumerate({var}):"] + ["    " + line for line in inner]
            elif check.kind == "object":
                key = f"_k{depth}"
                inner = self.value_check(check.items, item, f'{path} + "." + {key}', depth + 1)
                body += [f"for {key}, {item} in {var}.items():"] + ["    " + line for line in inner]
        if not body:
            return []
        if check.nullable:
            return [f"if {var} is not None:"] + ["    " + line for line in body]
        return body

    def violation(self, rule: Rule, var: str) -> str:
        """The condition on ``var`` that breaks ``rule``."""
        arg = rule.arg
        if rule.test == "not_in":
            return f"{var} not in {py_literal(tuple(arg))}"
        if rule.test == "len_outside":
            return f"not {arg[0]} <= len({var}) <= {arg[1]}"
        if rule.test == "len_over":
            return f"len({var}) > {arg}"
        if rule.test == "len_under":
            return f"len({var}) < {arg}"
        if rule.test == "no_match":  # (constant, longest input tried or None, longest match or None)
            const, cap, longest = arg
            test = f"{self._helper(const)}.search({var}) is None"
            if cap is not None:  # longer inputs are left to the server (see generator.lower.patterns)
                test = f"len({var}) <= {cap} and {test}"
            if longest is not None:
                test = f"len({var}) > {longest} or {test}"
            return test
        if rule.test == "not_datetime":
            return f"not {self._helper('_is_datetime')}({var})"
        if rule.test == "lacks_all_groups":
            return " and ".join("not (" + " and ".join(f"{py_literal(k)} in {var}" for k in g) + ")" for g in arg)
        return f"{var} {rule.test} {py_literal(arg)}"

    def _helper(self, name: str) -> str:
        """``name``, a function or helper of ``_validators``, recorded as used (for the imports)."""
        self.uses.add(name)
        return name

    def _raise(self, path: str, rule: str) -> str:
        self.uses.add("RequestValidationError")
        return self._call("raise RequestValidationError", [path, py_literal(rule)])

    def _call(self, head: str, args: list[str]) -> str:
        """The statement ``head(args)``, remembered so that :meth:`_calls_laid_out` can split it."""
        statement = f"{head}({', '.join(args)})"
        self._calls[statement] = (head, args)
        return statement

    def _calls_laid_out(self, lines: list[str]) -> list[str]:
        """``lines`` (a function's body) with the long statements of :meth:`_call` split."""
        return layout.calls_split(lines, self._calls, 4)
