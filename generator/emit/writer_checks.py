"""The writer's part for request checks (:mod:`generator.lower.checks`): the statements of the
check of a model's JSON form and of an operation's arguments, each raising
``RequestValidationError(path, rule)``. Long ``raise`` and call statements are split as Black
would (:func:`generator.emit.layout.calls_split`)."""

from __future__ import annotations

from ..ir import MemberCheck, ModelValidator, OperationValidator, Rule, ValueCheck
from ..spelling import MODELS
from . import layout
from .json_tests import _PARAM_SOURCES, _TYPE_TEST
from .literals import py_literal, suffixed_path
from .writing import Writer

_BOUNDS = frozenset({"<", "<=", ">", ">="})
"""The tests of a number's bounds: their errors add the number given."""


class _Check:
    """Writes the statements of one check function, remembering its calls to lay them out."""

    def __init__(self, w: Writer) -> None:
        self.uses = w.uses
        self.calls: dict[str, tuple[str, list[str]]] = {}  # a call statement -> (its head, arguments)

    def helper(self, name: str) -> str:
        """``name``, a function or helper of ``_validators``, noted as needed (for the imports)."""
        self.uses.add(name)
        return name

    def fail(self, path: str, rule: str) -> str:
        self.uses.add("RequestValidationError")
        return self.call("raise RequestValidationError", [path, py_literal(rule)])

    def call(self, head: str, args: list[str]) -> str:
        """The statement ``head(args)``, remembered so that :meth:`laid_out` can split it."""
        statement = f"{head}({', '.join(args)})"
        self.calls[statement] = (head, args)
        return statement

    def laid_out(self, lines: list[str]) -> list[str]:
        """``lines`` (a function's body) with the long statements of :meth:`call` split."""
        return layout.calls_split(lines, self.calls, 4)

    def value(self, check: ValueCheck, var: str, path: str, depth: int = 0) -> list[str]:
        """Statements checking ``var``; ``path`` is an expression naming it (evaluated on failure)."""
        body: list[str] = []
        if check.kind not in ("any", "model"):  # a model's validator tests the type itself
            cond, text = _TYPE_TEST[check.kind]
            body += [
                f"if {cond.format(v=var)}:",
                f"    {self.fail(path, text + (' or null' if check.nullable else ''))}",
            ]
        for rule in check.rules:
            if rule.test in _BOUNDS:  # a number out of range: say which (numbers hold no secret)
                self.uses.add("RequestValidationError")
                given = self.call(
                    "raise RequestValidationError", [path, f"{py_literal(rule.message + ', got ')} + repr({var})"]
                )
                body += [f"if {self.violation(rule, var)}:", f"    {given}"]
                continue
            body += [f"if {self.violation(rule, var)}:", f"    {self.fail(path, rule.message)}"]
        if check.kind == "model":
            body.append(self.call(self.helper(check.model), [var, path]))
        if check.items is not None:
            item = f"_i{depth}"
            if check.kind == "array":
                idx = f"_n{depth}"
                inner = self.value(check.items, item, suffixed_path(path, f"[{{{idx}}}]"), depth + 1)
                body += [f"for {idx}, {item} in enumerate({var}):"] + ["    " + line for line in inner]
            elif check.kind == "object":
                key = f"_k{depth}"
                inner = self.value(check.items, item, suffixed_path(path, f".{{{key}}}"), depth + 1)
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
            test = f"{self.helper(const)}.search({var}) is None"
            if cap is not None:  # longer inputs are left to the server (see generator.lower.patterns)
                test = f"len({var}) <= {cap} and {test}"
            if longest is not None:
                test = f"len({var}) > {longest} or {test}"
            return test
        if rule.test == "not_datetime":
            return f"not {self.helper('_is_datetime')}({var})"
        if rule.test == "not_date":
            return f"not {self.helper('_is_date')}({var})"
        if rule.test == "lacks_all_groups":
            return " and ".join("not (" + " and ".join(f"{py_literal(k)} in {var}" for k in g) + ")" for g in arg)
        return f"{var} {rule.test} {py_literal(arg)}"


def model_check(w: Writer, v: ModelValidator) -> list[str]:
    """Statements of the request check of a model's JSON form (``data``, path ``at``)."""
    c = _Check(w)
    w.uses.update(("Any", "RequestValidationError"))
    lines = ["if not isinstance(data, dict):", f"    {c.fail('at or ' + py_literal(v.model), 'must be an object')}"]
    if v.closed:
        w.uses.add(MODELS)
        keys = f"{MODELS}.{v.keys_const}"  # loads the model's module on the first check
        lines += [
            f"if not {keys}.issuperset(data):",
            f"    {c.call('_unknown = next', [f'k for k in data if k not in {keys}'])}",
            f"    {c.fail(c.helper('_at') + '(at, _unknown)', 'unknown member (no other members allowed)')}",
        ]
    for rule in v.object_rules:
        lines += [f"if {c.violation(rule, 'data')}:", f"    {c.fail('at or ' + py_literal(v.model), rule.message)}"]
    for m in v.members:
        lines += _member(c, m)
    return c.laid_out(lines)


def _member(c: _Check, m: MemberCheck) -> list[str]:
    """The statements checking member ``m`` of ``data``. A path named by its wire and argument
    names that several failures would spell is kept in ``p`` (``_at(at, *p)``)."""
    wire = py_literal(m.wire)
    lines = _member_lines(c, m, f"{c.helper('_at')}(at, *p)")
    if m.display == m.wire or sum(line.count("_at(at, *p)") for line in lines) < 2:
        names = wire if m.display == m.wire else f"{wire}, {py_literal(m.display)}"
        return _member_lines(c, m, f"_at(at, {names})")
    return [f"p = ({wire}, {py_literal(m.display)})", *lines]


def _member_lines(c: _Check, m: MemberCheck, path: str) -> list[str]:
    checks = c.value(m.check, "v", path)
    wire = py_literal(m.wire)
    if m.required:
        lines = [f"if {wire} not in data:", f"    {c.fail(path, 'required')}"]
        return [*lines, f"v = data[{wire}]", *checks] if checks else lines
    if checks and m.check.nullable:  # absent or null: nothing to check (``checks`` test None)
        return [f"v = data.get({wire})", *checks]
    if checks:
        return [f"v = data.get({wire}, {c.helper('_MISSING')})", "if v is not _MISSING:", *("    " + x for x in checks)]
    return []


def operation_check(w: Writer, v: OperationValidator) -> list[str]:
    """Statements of the request check of an operation's arguments."""
    c = _Check(w)
    w.uses.update(("Any", "Params"))
    lines: list[str] = []
    for location, wire, display, _required, check in v.params:
        checks = c.value(check, "v", py_literal(display))
        if not checks or location not in _PARAM_SOURCES:
            continue
        w.uses.add("UNSET")
        lines += _param_check(f"{_PARAM_SOURCES[location]}.get({py_literal(wire)}, UNSET)", checks)
    if lines:
        lines.insert(0, "v: Any")
    if v.body_validator:
        lines.append(f'{c.helper(v.body_validator)}(body, "")')
    return c.laid_out(lines) if lines else ["pass"]


def _param_check(value: str, checks: list[str]) -> list[str]:
    """The statements checking a parameter given (``value``: its look-up, ``UNSET`` when not
    given); a check that is one test is joined to the test of its presence."""
    test = checks[0][3:-1] if len(checks) == 2 and checks[0].startswith("if ") else ""
    if test:
        test = f"({test})" if " or " in test else test
        joined = f"if (v := {value}) is not UNSET and {test}:"
        if layout.fits(layout.STEP, joined):
            return [joined, checks[1]]
        return [f"v = {value}", f"if v is not UNSET and {test}:", checks[1]]
    return [f"v = {value}", "if v is not UNSET:", *("    " + line for line in checks)]
