"""What the emit helpers (``writer_models``, ``writer_unions``, ``writer_typeddicts``,
``writer_client``, ``writer_streams``, ``writer_checks``) use of the writer of one piece,
:class:`generator.emit.writer.PieceWriter`, which calls them: declared once here, so the helpers
need not import the writer (which imports them)."""

from __future__ import annotations

from typing import Protocol

from ..ir import Api, EnumAlias, Field, Model, TypeRef, UnionDef


class Writer(Protocol):
    api: Api
    models: dict[str, Model]
    enums: dict[str, EnumAlias]
    unions: dict[str, UnionDef]
    uses: set[str]  # names of the module's import table the piece needs

    def ref(self, name: str) -> str: ...

    def annotation(self, t: TypeRef, *, optional: bool = False) -> str: ...

    def qualified(self, t: TypeRef) -> str: ...

    def decode(self, t: TypeRef, src: str, depth: int = 0) -> str: ...

    def decode_value(self, t: TypeRef, src: str) -> str: ...

    def decoder(self, t: TypeRef) -> str: ...

    def encode(self, t: TypeRef, src: str, depth: int = 0) -> str: ...

    def field_encode(self, f: Field) -> str: ...
