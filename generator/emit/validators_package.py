"""The ``_validators`` package: the request check (``_check_<model>``) and the response check
(``_rcheck_<model>``: a table of rules the runtime's ``AnswerCheck`` compiles on first use) of
each model in a module named as the model's module of ``models``, the helpers and ``pattern``
constants in ``_common``, and an ``__init__`` that imports a module the first time one of its
names is read (``_lazy.LazyModules``), with every name visible to type checkers
(``__init__.pyi``). A request check imports the checks of other models it calls for type
checkers only; at run time it calls stand-ins that import their module on first use
(``_lazy.deferred``), so a check loads the modules of what its data holds, in any order (a
response check names the nested checks in its table, looked up when it is compiled).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import jinja2

from ..ir import Api, ModelValidator
from ..lower.reserved import VALIDATORS_COMMON
from . import internal, lazy_tables, writer_checks, writer_responses
from .code import Code, needs_of
from .import_lines import import_lines, reference_lines, reference_needs
from .json_tests import Index
from .writer import PieceWriter

VALIDATORS = "_validators"
COMMON = VALIDATORS_COMMON
TEMPLATE = "validators/module.py.jinja"


@dataclass(frozen=True, slots=True)
class CheckView:
    """What the template of one module of ``_validators`` places: the checks of the models of one
    module of ``models`` (a schema and those written inside it)."""

    name: str
    models: tuple[str, ...]
    requests: tuple[ModelValidator, ...]
    responses: tuple[ModelValidator, ...]

    @property
    def model(self) -> str:
        """The models named in the module's docstring."""
        return ", ".join(self.models)

    @property
    def defined(self) -> list[str]:
        return [v.function for v in (*self.requests, *self.responses)]


@dataclass(frozen=True, slots=True)
class CheckModuleCode:
    """What the template of one module of ``_validators`` places: the statements of each check and
    the module's import lines (made from what the checks need, with the checks of other modules
    it calls)."""

    unit: CheckView
    requests: tuple[tuple[ModelValidator, Code], ...]
    responses: tuple[tuple[ModelValidator, list[str]], ...]
    imports: str


def views(api: Api) -> list[CheckView]:
    """One view per module of ``models`` whose models have checks, in the order of the modules."""
    module_of = {name: m.name for m in api.models_modules for name in m.models}
    requests: dict[str, list[ModelValidator]] = {}
    responses: dict[str, list[ModelValidator]] = {}
    models: dict[str, list[str]] = {}
    for kind, validators in ((requests, api.validators), (responses, api.response_validators)):
        for v in validators:
            module = module_of.get(v.model, "_" + v.model.lower())
            kind.setdefault(module, []).append(v)
            if v.model not in models.setdefault(module, []):
                models[module].append(v.model)
    return [
        CheckView(module, tuple(models[module]), tuple(requests.get(module, ())), tuple(responses.get(module, ())))
        for module in sorted(models)
    ]


def common_names(api: Api) -> list[str]:
    """What ``_common`` defines that the checks read."""
    return ["_MISSING", "_at", "_is_datetime", "_is_date", *(const for const, _ in api.patterns)]


def render_validators(env: jinja2.Environment, api: Api) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of every module of ``_validators``."""
    all_views = views(api)
    placement = {function: view.name for view in all_views for function in view.defined}
    common = set(common_names(api))
    template = env.get_template(TEMPLATE)
    index = Index.of(api)
    for view in all_views:
        w = PieceWriter(api, f"{VALIDATORS}/{view.name}.py", index=index)
        requests = tuple((v, w.code(writer_checks.model_check, v)) for v in view.requests)
        if view.responses:
            w.uses.add("AnswerCheck")
        responses = tuple((v, writer_responses.table_lines(v)) for v in view.responses)
        # what the request checks use (the response checks name the nested checks in their tables)
        needs = set(needs_of(code for _, code in requests) | w.uses)
        calls = {name for name in needs - common - set(view.defined) if name in placement}
        imports = import_lines(w.table, needs | reference_needs(calls, calls), 1)
        helpers = sorted(needs & common)
        if helpers:
            imports += f"\nfrom .{COMMON} import {', '.join(helpers)}"
        references = reference_lines(calls, calls, placement)
        unit = CheckModuleCode(view, requests, responses, "\n\n".join(p for p in (imports, references) if p))
        yield f"{VALIDATORS}/{view.name}.py", template.render(api=api, unit=unit)
    yield f"{VALIDATORS}/{COMMON}.py", env.get_template("validators/_common.py.jinja").render(api=api)
    table = [(view.name, view.defined) for view in all_views] + [(COMMON, common_names(api))]
    chunks = lazy_tables.cut(table)
    whole = list(chunks) == [""]  # else the __init__ lists the chunks, which hold every name
    for name in ("__init__.py", "__init__.pyi"):
        yield f"{VALIDATORS}/{name}", env.get_template(f"validators/{name}.jinja").render(
            api=api,
            table=table if whole else [],
            chunks=[] if whole else list(chunks),
            chunk_modules=[] if whole else [internal.chunk(VALIDATORS, "names", bits) for bits in chunks],
        )
    yield from lazy_tables.render_chunks(env, api, VALIDATORS, chunks)
