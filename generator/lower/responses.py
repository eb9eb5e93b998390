"""Responses: what an operation's method returns, read from its first 2XX answer with content,
and the error schemas of its ``default`` answer (whose ``type`` members name error classes:
:mod:`generator.lower.error_types`)."""

from __future__ import annotations

from ..ir import Example, ResponseDecoder, ResponseKind, TypeRef
from ..load.reader import Node
from .media import Event, event_of
from .media import kind_of as media_kind
from .media import pick as pick_media
from .models import ModelBuilder
from .schema import media_schema

Response = tuple[TypeRef | None, str, ResponseKind]
"""(JSON type, decoder function of ``models`` or "", kind json|text|binary|sse|none) of an answer."""

NO_CONTENT: Response = (None, "", "none")
ANY_JSON: Response = (TypeRef("any"), "", "json")


class ResponseBuilder:
    def __init__(self, b: ModelBuilder) -> None:
        self.b = b
        self.error_schemas: list[Node] = []  # of the operations' ``default`` answers
        self.failure_schemas: list[Node] = []  # of their ``default``, 4XX and 5XX answers
        self.decoders: list[ResponseDecoder] = []  # of the answers that are neither a model nor any value
        self.event: Event | None = None  # of the operation's event stream (set by ``response``)
        self.example: Example | None = None  # of the answer (set by ``response``)
        self.event_example: Example | None = None  # of one event of the stream (set by ``response``)
        self.accept: tuple[str, ...] = ()  # the media types of the success answers (set by ``result``)
        self.kind: ResponseKind = "none"
        self.may_be_empty = False  # a success answer without content (set by ``response``)

    def result(self, op: Node, context: str, method_name: str) -> Response:
        """:meth:`response`, with the media types read as it is (the ``Accept`` header) and
        whether a success answer may come without content."""
        found = self.response(op, context, method_name)
        self.kind = found[2]
        responses = op.value.get("responses")
        self._note_media(op, responses if isinstance(responses, dict) else {})
        return found

    def response(self, op: Node, context: str, method_name: str) -> Response:
        """The success answer of ``op`` (``context`` names its inline models); notes the error
        schema of its ``default`` answer."""
        b = self.b
        responses = op.value.get("responses")
        self.event = self.example = self.event_example = None
        if not isinstance(responses, dict):
            return NO_CONTENT
        if "default" in responses:
            self._note_error_schema(b.deref(op.child("responses", "default")))
        for code in responses:
            if str(code)[:1] in ("4", "5") or code == "default":
                self._note_error_schema(b.deref(op.child("responses", code)), self.failure_schemas)
        for code in success_codes(responses):
            node = b.deref(op.child("responses", code))
            content = node.value.get("content") if isinstance(node.value, dict) else None
            if not isinstance(content, dict) or not content:
                continue
            main, stream = pick_media(content)
            self.event = None if stream is None else event_of(b, node, stream, context, method_name, self.decoders)
            if (
                stream is not None
                and isinstance(content[stream], dict)
                and isinstance(content[stream].get("schema"), dict)
            ):
                self.event_example = b.examples.of_schema(b.deref(node.child("content", stream, "schema")))
            if main is None:
                assert self.event is not None
                return None, "", "sse"
            kind = media_kind(main, content[main])
            if kind in ("json", "text"):  # the test kit's default answer (bytes have none)
                self.example = b.examples.of_media(node.child("content", main))
            if kind in ("text", "binary"):
                return (None, "", "text") if kind == "text" else (None, "", "binary")
            media_value = content[main]
            if not isinstance(media_value, dict) or not isinstance(media_value.get("schema"), dict):
                return ANY_JSON
            return self._json(b.type_of(node.child("content", main, "schema"), context + "Response"), method_name)
        return NO_CONTENT

    def _note_media(self, op: Node, responses: dict[str, object]) -> None:
        """The media types the success answers declare (the ``Accept`` header), and whether one
        of them declares no content. With no ``2XX`` answer declared, ``default`` stands for
        every answer, success included: its media types are those a server may answer (asking
        for another is refused with 406)."""
        media: list[str] = []
        self.may_be_empty = False
        codes = success_codes(responses)
        only_default = codes == ["default"]
        for code in codes:
            node = self.b.deref(op.child("responses", code))
            content = node.value.get("content") if isinstance(node.value, dict) else None
            if isinstance(content, dict) and content:  # those read as the answer is read
                kind = self.kind if self.kind != "none" else ""
                media += [
                    str(m)
                    for m in content
                    if str(m) not in media and (only_default or media_kind(m, content[m]) == kind)
                ]
            else:
                self.may_be_empty = True
        self.accept = tuple(media)

    def _json(self, rtype: TypeRef, method_name: str) -> Response:
        if rtype.kind == "model" and not rtype.nullable:
            return rtype, "", "json"  # read by the model's from_dict
        if rtype.kind == "any":
            return ANY_JSON
        function = self.b.namer.response_decoder(method_name)
        self.decoders.append(ResponseDecoder(function=function, type=rtype))
        return rtype, function, "json"

    def _note_error_schema(self, default: Node, into: list[Node] | None = None) -> None:
        """Note the schema of an error answer in ``into`` (``error_schemas``), once."""
        into = self.error_schemas if into is None else into
        media = media_schema(default.value.get("content")) if isinstance(default.value, dict) else None
        if media is None:
            return
        media_value = default.value["content"][media[1]]
        if isinstance(media_value, dict) and isinstance(media_value.get("schema"), dict):
            schema = self.b.deref(default.child("content", media[1], "schema"))
            if into is self.error_schemas or all(schema.ptr != s.ptr or schema.file != s.file for s in into):
                into.append(schema)


def success_codes(responses: dict[str, object]) -> list[str]:
    """The answers of an operation read as its success: its ``2XX`` ones; with none (nor a
    ``3XX``, answers of their own), ``default``, which then stands for every answer, success
    included (OpenAPI: a lone answer SHOULD be the success's; fec.gov's 92 operations, and
    openapi-generator's reading): its content is the method's result, as it is each error's."""
    codes = sorted(str(c) for c in responses if str(c).startswith("2"))
    if codes or "default" not in responses or any(str(c).startswith("3") for c in responses):
        return codes
    return ["default"]
