"""The view of one module of ``models``: every piece its template places, written from the IR
before Jinja runs (members, ``from_dict``/``to_dict`` bodies, key sets, enum and union aliases,
union and answer decoders, ``TypedDict`` forms), and its import lines, made from what those pieces
need: the runtime's and typing's names, and the definitions of other modules of ``models``
(imported for type checkers only; at run time, stand-ins import those the code uses on first
use: :func:`generator.emit.import_lines.reference_lines`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from ..ir import EnumAlias, Field, Model, ResponseDecoder, TypedDictDef, UnionDef
from . import writer_models, writer_typeddicts, writer_unions
from .code import Code, Needing, loads_of, needs_of, refs_of
from .import_lines import import_lines, reference_lines, reference_needs
from .writer import PieceWriter, signature


class ModuleView(Protocol):
    """The IR of one module's definitions (:class:`generator.emit.models_package.ModuleView`)."""

    @property
    def all_lines(self) -> list[str]: ...

    @property
    def enums(self) -> tuple[EnumAlias, ...]: ...

    @property
    def models(self) -> tuple[Model, ...]: ...

    @property
    def typed_dicts(self) -> tuple[TypedDictDef, ...]: ...

    @property
    def unions(self) -> tuple[UnionDef, ...]: ...

    @property
    def response_decoders(self) -> tuple[ResponseDecoder, ...]: ...


# What the template's own text of a model writes (its decorator, base class, ``from_dict``).
MODEL_TEXT_NEEDS = frozenset({"dataclass", "_Model", "Mapping", "Any"})
# What the template's own text of a union's or an answer's decoder writes (``data: Any``).
DECODER_TEXT_NEEDS = frozenset({"Any"})


@dataclass(frozen=True, slots=True)
class FieldCode:
    """A member's declaration: ``name: annotation`` and `` = default`` (or "")."""

    field: Field
    annotation: str
    default: str


@dataclass(frozen=True, slots=True)
class ModelCode:
    """The pieces of one model's definition."""

    model: Model
    keys: tuple[str, ...]  # the constant of its wire names
    fields: tuple[FieldCode, ...]
    nulls_slot: tuple[str, ...]  # ``__post_init__``, or none
    from_dict_signature: tuple[str, ...]
    from_dict: tuple[str, ...]  # statements after the docstring
    to_dict: tuple[str, ...]
    needs: frozenset[str]
    refs: frozenset[str]
    loads: frozenset[str]


@dataclass(frozen=True, slots=True)
class UnionCode:
    """A named union: its alias (a string of members) and its decoder."""

    union: UnionDef
    alias: str
    table: str  # the constant of its ``UnionByTag`` ("" when it tests each member in turn)
    signature: tuple[str, ...]
    body: tuple[str, ...]
    needs: frozenset[str]
    refs: frozenset[str]
    loads: frozenset[str]


@dataclass(frozen=True, slots=True)
class DecoderCode:
    """A decoder of answers that are no model: its return annotation and the value it returns."""

    decoder: ResponseDecoder
    annotation: str
    value: str
    needs: frozenset[str]
    refs: frozenset[str]
    loads: frozenset[str]


@dataclass(frozen=True, slots=True)
class ModelsModuleCode:
    """What the template of one module of ``models`` places."""

    all_lines: tuple[str, ...]  # ``__all__``
    enums: tuple[tuple[EnumAlias, Code], ...]
    models: tuple[ModelCode, ...]
    typed_dicts: tuple[Code, ...]
    unions: tuple[UnionCode, ...]
    decoders: tuple[DecoderCode, ...]
    imports: str  # the module's import lines: what its pieces need, other modules' definitions last

    @property
    def pieces(self) -> tuple[Needing, ...]:
        return (*(code for _, code in self.enums), *self.models, *self.typed_dicts, *self.unions, *self.decoders)

    @property
    def summary(self) -> str:
        """The module's docstring: what it holds."""
        if self.decoders and not (self.enums or self.models or self.typed_dicts or self.unions):
            return "The decoders of the answers that are no model, part of the package's ``models``."
        return "Definitions of one schema, part of the package's ``models``."


def module_code(w: PieceWriter, unit: ModuleView) -> ModelsModuleCode:
    """The view of the module of ``unit`` (``w``: a writer of that module)."""
    enums = tuple((e, w.code(_enum, e)) for e in unit.enums)
    typed_dicts = tuple(w.code(writer_typeddicts.typed_dict, td) for td in unit.typed_dicts)
    models = tuple(_model(w.fresh(), m) for m in unit.models)
    unions = tuple(_union(w.fresh(), u) for u in unit.unions)
    decoders = tuple(_decoder(w.fresh(), d) for d in unit.response_decoders)
    code = ModelsModuleCode(tuple(unit.all_lines), enums, models, typed_dicts, unions, decoders, "")
    refs, loads = refs_of(code.pieces), loads_of(code.pieces)
    uses = set(needs_of(code.pieces)) | reference_needs(refs, loads)
    imports = import_lines(w.table, uses, w.module.count("/"))
    references = reference_lines(refs, loads, w.placement)
    return replace(code, imports="\n\n".join(part for part in (imports, references) if part))


def _enum(w: PieceWriter, e: EnumAlias) -> list[str]:
    w.uses.update(("TypeAlias", "Literal"))
    return writer_models.enum_alias(e)


def _model(s: PieceWriter, m: Model) -> ModelCode:
    s.uses.update(MODEL_TEXT_NEEDS)
    fields = tuple(
        FieldCode(f, writer_models.member_annotation(s, f), writer_models.member_default(s, f)) for f in m.fields
    )
    return ModelCode(
        model=m,
        keys=(*writer_models.keys_constant(s, m), *writer_models.optional_constant(s, m)),
        fields=fields,
        nulls_slot=tuple(writer_models.nulls_slot(s, m)),
        from_dict_signature=tuple(signature("from_dict", ["cls", "data: Mapping[str, Any]"], m.name, 4)),
        from_dict=tuple(writer_models.body(s, m)),
        to_dict=tuple(writer_models.to_dict_body(s, m)),
        needs=s.needs,
        refs=frozenset(s.refs),
        loads=frozenset(s.loads),
    )


def _union(s: PieceWriter, u: UnionDef) -> UnionCode:
    s.uses.update(DECODER_TEXT_NEEDS)
    alias = writer_unions.union_alias(s, u)
    args = writer_unions.by_tag(s, u)
    table = f"{u.table} = UnionByTag({', '.join(args)})" if args is not None else ""
    head = tuple(signature(u.decoder, ["data: Any"], u.name))
    body = tuple(writer_unions.union_body(s, u, args is not None))
    return UnionCode(u, alias, table, head, body, s.needs, frozenset(s.refs), frozenset(s.loads))


def _decoder(s: PieceWriter, d: ResponseDecoder) -> DecoderCode:
    s.uses.update(DECODER_TEXT_NEEDS)
    annotation, value = s.annotation(d.type), s.decode(d.type, "data")
    return DecoderCode(d, annotation, value, s.needs, frozenset(s.refs), frozenset(s.loads))
