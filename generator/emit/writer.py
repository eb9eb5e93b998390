"""The one writer of Python source: IR structure in, expressions and statements out.

A :class:`PieceWriter` writes one piece of a generated module (a model's ``from_dict``, a
method's arguments, a request check...): conversions between JSON and Python values
(``decode``/``encode``) and annotations here, the rest in the ``writer_*`` modules beside it. As
it writes, it notes every name the piece needs imported (runtime helpers, typing names, the
``models`` module) and, in a module of ``models``, every definition of another module of
``models`` it uses; :meth:`PieceWriter.code` turns that note and the text into a
:class:`~generator.emit.code.Code` value. A writer serves one piece: the views build each
module's pieces with fresh writers and compute its imports from their needs before Jinja runs.
Nothing reads generated text back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Concatenate, ParamSpec

from ..ir import Api, Field, TypeRef
from ..spelling import MODELS, annotation, qualified
from . import layout
from .code import Code
from .json_tests import Index

P = ParamSpec("P")

_TABLES = {
    MODELS: "models.py",
    "_resources": "_resources.py",
    "_validators": "_checks.py",
}  # the IMPORTS of a package's modules


class PieceWriter:
    """Writes the IR-dependent code of one piece of a generated module and notes what it needs."""

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
        self.index = index or Index.of(api)
        self.models, self.enums, self.unions = self.index.models, self.index.enums, self.index.unions
        self.uses: set[str] = set()  # names of the module's import table the piece needs
        self.refs: set[str] = set()  # definitions of other modules of ``models`` the piece uses
        self.loads: set[str] = set()  # those of ``refs`` its code uses at run time (not annotations)

    def fresh(self) -> PieceWriter:
        """A writer of another piece of the same module (nothing noted yet)."""
        return PieceWriter(self.api, self.module, self.placement, self.index)

    def code(
        self, write: Callable[Concatenate[PieceWriter, P], str | Sequence[str]], *args: P.args, **kwargs: P.kwargs
    ) -> Code:
        """The piece ``write(writer, *args)`` writes (with a fresh writer), with what it needs."""
        w = self.fresh()
        written = write(w, *args, **kwargs)
        return Code.of(written, w.uses, w.refs, w.loads)

    @property
    def needs(self) -> frozenset[str]:
        """What the pieces written so far with this writer need imported."""
        return frozenset(self.uses)

    def ref(self, name: str) -> str:
        """``name``, a definition of ``models``, written in this module of ``models``: noted
        for the module's imports when another module defines it."""
        if self.placement.get(name, self.here) != self.here:
            self.refs.add(name)
        return name

    def load(self, name: str) -> str:
        """:meth:`ref` of a definition the code uses at run time (a model's ``from_dict``, a
        union's decoder): another module's is reached through a stand-in importing it on first
        use (``_lazy.deferred``)."""
        if self.placement.get(name, self.here) != self.here:
            self.loads.add(name)
        return self.ref(name)

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
        return annotation(t) + (" | Unset" if optional else "")

    def qualified(self, t: TypeRef) -> str:
        """The annotation of ``t`` outside the models module (``models.Table``)."""
        self._type_uses(t, True)
        return qualified(t)

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
            return f"{self.load(t.name)}.from_dict"
        if t.kind == "datetime":
            self.uses.add("_parse_datetime")
            return "_parse_datetime"
        return self.load(self.unions[t.name].decoder) if t.kind == "union" else ""

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

    def field_encode(self, f: Field) -> str:
        """The expression writing ``self.<name>`` as JSON."""
        return self.encode(f.type, f"self.{f.name}")


def signature(name: str, params: list[str], returns: str, indent: int = 0) -> list[str]:
    """``def name(params) -> returns:``, laid out as Black would (:mod:`generator.emit.layout`)."""
    return layout.call(f"def {name}", params, f" -> {returns}:", indent)
