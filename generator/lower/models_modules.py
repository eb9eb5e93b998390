"""Which module of ``models`` holds each definition (issue 35).

A module per schema of the document, named after it, holding its definitions and those written
inside it (its members' objects, enums and unions: they change only with it). A schema that only
one other schema refers to is a part of that schema as much as an inline one: it joins its
referrer's module (transitively: a chain of such schemas ends in the module of the first schema
that two schemas refer to, or none). A part joins only while the module keeps within about
``MAX_LINES`` lines (estimated from the IR) and ``MAX_GROUP`` definitions; else it keeps a module
of its own, with its own parts. A schema with more than ``MAX_GROUP`` definitions of its own has a
module for each. Schemas that refer only to each other (a cycle no other schema refers to) stay
apart.

So a module a user opens says what is inside (a schema, with what only it uses: always named
after that schema, never after a part), no module grows with the document, and a small change
touches few modules: a schema moves only when a second schema starts to refer to it (its old
module, its new one).
"""

from __future__ import annotations

from ..ir import ModelsModule, Operation, TypedDictDef
from .models import ModelBuilder
from .names import RESPONSES_MODULE, Namer

MAX_GROUP = 24  # definitions sharing a module; a schema with more: a module each
MAX_LINES = 400  # about the lines of a module that takes in another schema's module
MAX_DECODERS = 80  # answers' decoders in one module (about 400 lines); more: a module a namespace


def models_modules(namer: Namer, b: ModelBuilder, typed_dicts: tuple[TypedDictDef, ...]) -> list[ModelsModule]:
    """The modules of ``models``, each model with its JSON forms."""
    forms: dict[str, tuple[str, ...]] = {}
    for td in typed_dicts:
        forms[td.model] = (*forms.get(td.model, ()), td.name)
    sources = {
        **{n: e.source for n, e in b.enums.items()},
        **{n: m.source for n, m in b.models.items()},
        **{n: u.source for n, u in b.unions.items()},
    }
    owners = {name: _owner(source) for name, source in sources.items()}
    groups: dict[str, list[str]] = {}
    for name in sorted(sources):
        groups.setdefault(owners[name], []).append(name)
    lines = {o: 13 + sum(_lines(b, n, len(forms.get(n, ()))) for n in names) for o, names in groups.items()}
    named = {o: _primary(o, names, sources) for o, names in groups.items()}  # before parts join: never a part's
    for root, parts in _joined(groups, _referrers(b, owners), lines).items():
        groups[root] = sorted(groups[root] + [n for part in parts for n in groups.pop(part)])
    modules: list[ModelsModule] = []
    for owner, names in sorted(groups.items(), key=lambda item: named[item[0]]):
        for part in [names] if len(names) <= MAX_GROUP else [[name] for name in names]:
            modules.append(
                ModelsModule(
                    namer.models_module(named[owner] if len(part) > 1 else part[0]),
                    enums=tuple(n for n in part if n in b.enums),
                    models=tuple(n for n in part if n in b.models),
                    typed_dicts=tuple(td for n in part for td in forms.pop(n, ())),
                    unions=tuple(n for n in part if n in b.unions),
                )
            )
    for _model, forms_of in sorted(forms.items()):  # JSON forms of no model here: a module each
        modules.append(ModelsModule(namer.models_module(forms_of[0]), typed_dicts=forms_of))
    return modules


def _referrers(b: ModelBuilder, owner: dict[str, str]) -> dict[str, set[str]]:
    """Schema (owner) -> the other schemas whose definitions name one of its definitions."""
    out: dict[str, set[str]] = {o: set() for o in owner.values()}
    holders = [(owner[n], [f.type for f in m.fields]) for n, m in b.models.items()]
    holders += [(owner[n], [*u.members, *(t for _tag, t in u.tags)]) for n, u in b.unions.items()]
    for holder, types in holders:
        for name in {t.name for ref in types for t in ref.walk() if t.name}:
            if name in owner and owner[name] != holder:
                out[owner[name]].add(holder)
    return out


def _lines(b: ModelBuilder, name: str, forms: int) -> int:
    """About the lines of a definition's code, with its ``forms`` JSON forms (fitted on OpenAI's
    modules: a model's grow with its members and its descriptions)."""
    if name in b.models:
        model = b.models[name]
        text = len(model.description) + sum(len(f.description) for f in model.fields)
        return 24 + 9 * len(model.fields) + 2 * text // 90 + forms * (10 + 2 * len(model.fields))
    if name in b.unions:
        return 21 + 4 * len(b.unions[name].members)
    values = len(b.enums[name].values)
    return 2 + (values if values > 6 else 0)


def _joined(
    groups: dict[str, list[str]], referrers: dict[str, set[str]], lines: dict[str, int]
) -> dict[str, list[str]]:
    """Module owner -> the schemas joining its module: each schema with one referrer joins the
    module its referrer ends in, while that module keeps within ``MAX_GROUP`` definitions and
    about ``MAX_LINES`` lines; schemas are taken in order, a referrer before its parts."""
    parent = {o: next(iter(r)) for o, r in referrers.items() if len(r) == 1 and o in groups}
    children: dict[str, list[str]] = {}
    for child, of in sorted(parent.items()):
        children.setdefault(of, []).append(child)
    joined: dict[str, list[str]] = {}
    roots = sorted(o for o in groups if o not in parent)  # a cycle of parts, none referred to else: apart
    for root in roots:
        size, length, todo = len(groups[root]), lines[root], list(children.get(root, ()))
        while todo:
            part = todo.pop(0)
            if size + len(groups[part]) <= MAX_GROUP and length + lines[part] <= MAX_LINES:
                size, length = size + len(groups[part]), length + lines[part]
                joined.setdefault(root, []).append(part)
                todo.extend(children.get(part, ()))
            else:  # too large to join: a module of its own, with its parts
                roots.append(part)
    return joined


def _owner(source: str) -> str:
    """The schema a definition is written in: its file and the first three tokens of its
    pointer (``components/schemas/X``; ``paths/P/get`` for one written in an operation)."""
    file, _, ptr = source.partition("#")
    return file + "#" + "/".join(ptr.split("/")[:4])


def _primary(owner: str, names: list[str], sources: dict[str, str]) -> str:
    """The definition a module is named after: the schema itself, else the first name."""
    return next((n for n in names if sources[n] == owner), names[0])


def responses_modules(namer: Namer, decoders: tuple[str, ...], operations: list[Operation]) -> list[ModelsModule]:
    """The modules of ``models`` holding the decoders of answers that are no model (``_response_<method>``):
    ``_responses`` while they are at most ``MAX_DECODERS``, else one module for each namespace of the
    client (``_responses_files_passages``: the answers of ``client.files.passages``), so that no
    module grows with the document (Microsoft Graph has thousands)."""
    if len(decoders) <= MAX_DECODERS:
        return [ModelsModule(RESPONSES_MODULE, response_decoders=decoders)] if decoders else []
    space: dict[str, tuple[str, ...]] = {}
    for op in operations:  # a decoder two namespaces share goes with the first
        for function in (op.response_function, op.event_function):
            if function:
                space.setdefault(function, op.space)
    groups: dict[tuple[str, ...], list[str]] = {}
    for function in decoders:
        groups.setdefault(space.get(function, ()), []).append(function)
    return [
        ModelsModule(namer.responses_module(key), response_decoders=tuple(functions))
        for key, functions in groups.items()
    ]
