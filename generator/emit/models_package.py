"""The ``models`` package: a module per schema, with the schemas only it refers to
(:class:`generator.ir.ModelsModule`), and an
``__init__`` that loads each module on first use, with every name visible to type checkers.

A module of ``models`` refers to the definitions of others only inside functions and in
annotations (a union's alias is a string): it imports them for type checkers only, and its code
reaches them through stand-ins that import their module on first use (``_lazy.deferred``), so
decoding an answer loads the modules of what it holds, and schemas referring to each other need
no import order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import jinja2

from ..ir import Api, EnumAlias, Model, ResponseDecoder, TypedDictDef, UnionDef
from ..spelling import MODELS, event_decoder, response_decoder
from . import internal, layout, lazy_tables
from .json_tests import Index
from .literals import py_str
from .models_module import module_code
from .writer import PieceWriter

TEMPLATE = "models/module.py.jinja"
INIT_TEMPLATES = ("__init__.py", "__init__.pyi")  # the lazy package, and what type checkers read


@dataclass(frozen=True, slots=True)
class ModuleView:
    """What the template of one module of ``models`` places: the IR of its definitions."""

    name: str
    enums: tuple[EnumAlias, ...]
    models: tuple[Model, ...]
    typed_dicts: tuple[TypedDictDef, ...]
    unions: tuple[UnionDef, ...]
    response_decoders: tuple[ResponseDecoder, ...]

    @property
    def exported(self) -> list[str]:
        """The public names (``__all__``): what ``models`` re-exports from the module."""
        return [d.name for group in (self.enums, self.models, self.typed_dicts, self.unions) for d in group]

    @property
    def all_lines(self) -> list[str]:
        """``__all__ = [...]``, laid out as Black would."""
        if not self.exported:
            return ["__all__: list[str] = []"]
        names = [py_str(name) for name in self.exported]
        if layout.fits(0, f"__all__ = [{', '.join(names)}]"):
            return [f"__all__ = [{', '.join(names)}]"]
        return ["__all__ = [", *(f"    {name}," for name in names), "]"]  # a list: one a line

    @property
    def defined(self) -> list[str]:
        """Every name of the module that other modules of the package read through ``models``."""
        return [*self.exported, *(m.keys_const for m in self.models), *(u.decoder for u in self.unions)] + [
            d.function for d in self.response_decoders
        ]


def placement(api: Api) -> dict[str, str]:
    """The module of ``models`` of each definition and helper that others refer to."""
    where: dict[str, str] = {}
    for view in views(api):
        where.update(dict.fromkeys(view.defined, view.name))
    return where


def views(api: Api) -> Iterator[ModuleView]:
    enums = {e.name: e for e in api.enums}
    models = {m.name: m for m in api.models}
    typed_dicts = {td.name: td for td in api.typed_dicts}
    unions = {u.name: u for u in api.unions}
    decoders = {d.function: d for d in api.response_decoders}
    for module in api.models_modules:
        yield ModuleView(
            name=module.name,
            enums=tuple(enums[n] for n in module.enums),
            models=tuple(models[n] for n in module.models),
            typed_dicts=tuple(typed_dicts[n] for n in module.typed_dicts),
            unions=tuple(unions[n] for n in module.unions),
            response_decoders=tuple(decoders[n] for n in module.response_decoders),
        )


def render_models(env: jinja2.Environment, api: Api) -> Iterator[tuple[str, str]]:
    """(path in the package, source) of every module of ``models``."""
    where = placement(api)
    template = env.get_template(TEMPLATE)
    all_views = list(views(api))
    index = Index.of(api)
    codes = {
        view.name: module_code(PieceWriter(api, f"{MODELS}/{view.name}.py", where, index), view) for view in all_views
    }
    for name, code in codes.items():
        yield f"{MODELS}/{name}.py", template.render(api=api, unit=code)
    used = _read_from_outside(api)
    private = sorted((name, where[name]) for name in used if name in where)
    chunks = lazy_tables.cut([(view.name, view.defined) for view in all_views])
    whole = list(chunks) == [""]  # else the __init__ lists the chunks, which hold every name
    stubs = lazy_tables.stub_chunks([view.name for view in all_views])
    inline = list(stubs) == [""]  # else the stub lists the stubs of chunks of modules
    for name in INIT_TEMPLATES:
        yield f"{MODELS}/{name}", env.get_template(f"{MODELS}/{name}.jinja").render(
            api=api,
            units=all_views if whole else [],
            stub_units=all_views if inline else [],
            private=private,
            chunks=[] if whole else list(chunks),
            chunk_modules=[] if inline else [internal.chunk(MODELS, "modules", bits) for bits in stubs],
        )
    yield from lazy_tables.render_chunks(env, api, MODELS, chunks, ("py",))  # the stubs: by module
    if not inline:
        yield from lazy_tables.render_stubs(env, api, MODELS, stubs)


def _read_from_outside(api: Api) -> set[str]:
    """The private names of ``models`` that other modules of the package read (``models._X``):
    type checkers must see them too. The key sets of closed models (request checks), the
    decoders of answers and of events."""
    names = {v.keys_const for v in api.validators if v.closed}
    decoders = [d for op in api.operations for d in (response_decoder(op), event_decoder(op))]
    names |= {d.partition(".")[0] for d in decoders if d.startswith("_")}
    return names
