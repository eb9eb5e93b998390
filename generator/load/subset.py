"""Subsets: the document cut down to the operations a selection keeps and what they reach.

:func:`apply_selection` runs after every file is read and every ``$ref`` checked, before the
document is validated and lowered: the root document is replaced by a copy whose ``paths`` hold
the kept operations only and whose ``components`` hold only the entries the kept operations reach
(following ``$ref``s and discriminator mappings across files and through nested components);
``webhooks`` and root extensions holding ``$ref``s (``x-webhooks``), which the client never reads,
are left out. Everything after (our own checks,
openapi-spec-validator, the lowering) sees that copy, so a subset of a large document is
validated and built in the time of its own size. The locations of problems stay those of the
document: the copy only leaves members out. The selector syntax is :mod:`generator.selection`'s.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

from ..problems import Problem, SpecError
from ..selection import OperationFacts, Selection, SelectorError, select
from .document import JSON, Document, Node, Ptr
from .openapi import HTTP_METHODS
from .refs import mappings, walk_refs

Key = tuple[Path, Ptr]

_PRUNED_COMPONENTS = (
    "schemas",
    "parameters",
    "responses",
    "requestBodies",
    "headers",
    "examples",
    "links",
    "callbacks",
    "pathItems",
)
"""Component maps whose entries are kept only when reached (``securitySchemes`` are named by
``security`` requirements, not ``$ref``s: kept whole)."""


class _Operation:
    """One operation of the document: where its path item and itself stand, and its facts."""

    def __init__(self, path: str, method: str, item: Node, node: Node) -> None:
        self.path, self.method, self.item, self.node = path, method, item, node
        value = node.value
        op_id = value.get("operationId")
        tags = value.get("tags")
        self.facts = OperationFacts(
            method,
            path,
            op_id if isinstance(op_id, str) else "",
            tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
        )


Load = Callable[[str, Path], None]
"""Reads the file a ``$ref`` (in a file) names into the document, if it may be read."""


class _Resolver:
    """Follows ``$ref``s, reading the files they name on the way (the files are read before any
    other check: only those the kept operations reach are read at all)."""

    def __init__(self, doc: Document, load: Load | None) -> None:
        self.doc, self.load = doc, load

    def resolve(self, ref: str, base: Path) -> Node | None:
        try:
            return self.doc.resolve_ref(ref, base)
        except KeyError:
            if self.load is None or not ref.partition("#")[0]:
                return None
        self.load(ref, base)
        try:
            return self.doc.resolve_ref(ref, base)
        except KeyError:
            return None  # reported where the files are read

    def deref(self, node: Node) -> Node | None:
        seen: set[Key] = set()
        while isinstance(node.value, dict) and isinstance(node.value.get("$ref"), str):
            if (node.file, node.ptr) in seen:
                return None  # a circular chain: reported where the chains are checked
            seen.add((node.file, node.ptr))
            found = self.resolve(node.value["$ref"], node.file)
            if found is None:
                return None
            node = found
        return node


def operations(doc: Document, load: Load | None = None) -> list[_Operation]:
    """Every operation of the document's ``paths``, in document order."""
    resolver = _Resolver(doc, load)
    root = doc.root
    paths = root.value.get("paths")
    found: list[_Operation] = []
    if not isinstance(paths, dict):
        return found
    for path in paths:
        item = resolver.deref(root.child("paths", path))
        if item is None or not isinstance(item.value, dict):
            continue
        for method in item.value:
            if method in HTTP_METHODS:
                node = resolver.deref(item.child(method))
                if node is not None and isinstance(node.value, dict):
                    found.append(_Operation(str(path), method, item, node))
    return found


def apply_selection(doc: Document, selection: Selection, *, strict: bool = True, load: Load | None = None) -> set[str]:
    """Cut ``doc`` down to what ``selection`` keeps (see the module's text); the selectors that
    match no operation. With ``strict`` those are an error (:class:`SpecError`, one line each).
    ``load`` reads a file a ``$ref`` names (run before the files are read: only those reached are)."""
    doc.selection = selection
    if not selection:
        return set()
    ops = operations(doc, load)
    try:
        kept_flags, unmatched = select((op.facts for op in ops), selection.include, selection.exclude)
    except SelectorError as exc:
        raise SpecError([Problem(doc.display, "", str(exc))]) from None
    if strict and unmatched:
        raise SpecError([_unmatched(doc, ops, selection, text) for text in sorted(unmatched)])
    kept = [op for op, keep in zip(ops, kept_flags, strict=True) if keep]
    if strict and not kept:
        raise SpecError([Problem(doc.display, "/paths", f"the selection ({_shown(selection)}) keeps no operation")])
    resolver = _Resolver(doc, load)
    reached = _reach(resolver, kept)
    paths = _kept_paths(doc, ops, kept)  # may cut a path item of components/pathItems in place
    root = doc.files[doc.path]
    new_root = {key: value for key, value in root.items() if not _unread_with_refs(key, value)}
    new_root["paths"] = paths
    components = root.get("components")
    if isinstance(components, dict):
        new_root["components"] = {
            section: (
                {name: v for name, v in entries.items() if (doc.path, ("components", section, name)) in reached}
                if section in _PRUNED_COMPONENTS and isinstance(entries, dict)
                else entries
            )
            for section, entries in components.items()
        }
        schemas = new_root["components"].get("schemas")
        if isinstance(schemas, dict):
            new_root["components"]["schemas"] = {
                name: _without_unkept_subtypes(doc, resolver, schema, reached) for name, schema in schemas.items()
            }
    doc.files[doc.path] = new_root
    return unmatched


def _unread_with_refs(key: str, value: JSON) -> bool:
    """Whether a member of the root is left out of a subset: ``webhooks``, and an extension
    holding ``$ref``s (``x-webhooks``: documentation the client never reads, whose references
    would dangle into the components left out)."""
    return key == "webhooks" or (
        key.startswith("x-") and key != "x-client" and next(walk_refs(value, ()), None) is not None
    )


def _shown(selection: Selection) -> str:
    return " ".join([*(f"--include {t}" for t in selection.include), *(f"--exclude {t}" for t in selection.exclude)])


def _unmatched(doc: Document, ops: list[_Operation], selection: Selection, text: str) -> Problem:
    """The located error of a selector that matches no operation, with the closest names."""
    option = "--include" if text in selection.include else "--exclude"
    kind = text.partition(":")[0].strip().lower()
    known = {
        "tag": sorted({t for op in ops for t in op.facts.tags}),
        "op": sorted({op.facts.operation_id for op in ops if op.facts.operation_id}),
        "method": sorted({op.method for op in ops}),
        "path": sorted({op.path for op in ops}),
    }.get(kind, [])
    close = difflib.get_close_matches(text.partition(":")[2].strip(), known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(f'{kind}:{c}' for c in close)}?" if close else ""
    return Problem(doc.display, "/paths", f"{option} {text!r} matches no operation of the document{hint}")


def _kept_paths(doc: Document, ops: list[_Operation], kept: list[_Operation]) -> dict[str, JSON]:
    """The root's ``paths`` with the kept operations only. A path item written in another file
    (``$ref``) is cut there: that file's copy in ``doc.files`` loses the methods left out."""
    root_paths = doc.files[doc.path]["paths"]
    methods: dict[Key, set[str]] = {}
    for op in kept:
        methods.setdefault((op.item.file, op.item.ptr), set()).add(op.method)
    every: dict[Key, set[str]] = {}
    for op in ops:
        every.setdefault((op.item.file, op.item.ptr), set()).add(op.method)
    paths: dict[str, JSON] = {}
    for op in ops:
        key = (op.item.file, op.item.ptr)
        if key not in methods or op.path in paths:
            continue
        left_out = every[key] - methods[key]
        if op.item.file == doc.path and op.item.ptr == ("paths", op.path):
            item = op.item.value
            paths[op.path] = {k: v for k, v in item.items() if k not in left_out} if left_out else item
        else:
            paths[op.path] = root_paths[op.path]  # the $ref itself; its target is cut in place
            if left_out:
                doc.files[op.item.file] = _replaced(
                    doc.files[op.item.file],
                    op.item.ptr,
                    {k: v for k, v in op.item.value.items() if k not in left_out},
                )
    return paths


def _replaced(value: JSON, ptr: Ptr, new: JSON) -> JSON:
    """``value`` with the member at ``ptr`` replaced by ``new`` (copies along the way only)."""
    if not ptr:
        return new
    head, rest = ptr[0], ptr[1:]
    if isinstance(value, list):
        copy = list(value)
        copy[int(head)] = _replaced(value[int(head)], rest, new)
        return copy
    return {**value, head: _replaced(value[head], rest, new)}


def _component(doc: Document, key: Key) -> Key:
    """The whole root component a place lies in (it is written whole), else the place itself."""
    file, ptr = key
    if file == doc.path and len(ptr) >= 3 and ptr[0] == "components" and ptr[1] in _PRUNED_COMPONENTS:
        return file, ptr[:3]
    return key


def _reach(resolver: _Resolver, kept: list[_Operation]) -> set[Key]:
    """Every place the kept operations reach through ``$ref``s (those of Example Objects too: the
    test kit reads examples) and discriminator mappings: the root components among them are kept
    whole. A schema reached only as a member of another's ``allOf`` (a base its subtype includes)
    is not a type any value is read as: its own discriminator's mapping (every other subtype of the
    base: Microsoft Graph's ``entity`` names 1,700 schemas) is followed only once the schema is
    reached otherwise."""
    doc = resolver.doc
    typed: dict[Key, bool] = {}  # reached: as a type of its own (its mapping followed), or as a base only
    examples: set[Key] = set()  # kept, not walked
    pending: list[tuple[Node, bool]] = []
    for op in kept:
        typed[_component(doc, (op.item.file, op.item.ptr))] = True
        pending.append((op.node, True))
        for member in op.item.value:  # the path item's parameters, servers...
            if member not in HTTP_METHODS:
                pending.append((op.item.child(member), True))
    while pending:
        node, as_type = pending.pop()
        for mapping, here in mappings(node.value, node.ptr):
            base_only = here == node.ptr and not as_type and node.file == doc.path
            in_all_of = (len(here) >= 2 and here[-2] == "allOf") or (here == node.ptr and not as_type)
            for target, is_ref in _targets(mapping, skip_mapping=base_only):
                found = resolver.resolve(target, node.file)
                if found is None:
                    continue  # reported where it is read (a mapping) or where the files are read
                key = _component(doc, (found.file, found.ptr))
                now = not (is_ref and in_all_of)
                if key not in typed or (now and not typed[key]):
                    typed[key] = now
                    pending.append((Node(key[0], key[1], doc.value_at(key)), now))
            if not here or here[-1] not in ("properties", "patternProperties"):  # not a member named so
                examples.update(_examples(doc, mapping, node.file))
    return set(typed) | examples


def _targets(mapping: dict[str, JSON], *, skip_mapping: bool = False) -> list[tuple[str, bool]]:
    """The references a mapping of the document makes, each with whether it is its ``$ref``: its
    ``$ref`` and (unless ``skip_mapping``) its discriminator's mapping."""
    targets = []
    ref = mapping.get("$ref")
    if isinstance(ref, str):
        targets.append((ref, True))
    if not skip_mapping:
        targets.extend((target, False) for target in _mapped(mapping).values())
    return targets


def _mapped(schema: JSON) -> dict[str, str]:
    """The entries of a schema's discriminator mapping, each value spelled as a reference."""
    discriminator = schema.get("discriminator") if isinstance(schema, dict) else None
    found = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    if not isinstance(found, dict):
        return {}
    return {
        value: target if target.startswith("#") or "/" in target or "." in target else f"#/components/schemas/{target}"
        for value, target in found.items()
        if isinstance(target, str)
    }


def _without_unkept_subtypes(doc: Document, resolver: _Resolver, schema: JSON, reached: set[Key]) -> JSON:
    """``schema`` itself, or a copy whose discriminator mapping leaves out the entries whose schema
    the subset leaves out (those of a base reached only as its subtypes' ``allOf`` member)."""
    entries = _mapped(schema)
    gone = set()
    for value, target in entries.items():
        found = resolver.resolve(target, doc.path)
        if found is not None and _component(doc, (found.file, found.ptr)) not in reached:
            gone.add(value)
    if not gone:
        return schema
    discriminator = schema["discriminator"]
    kept = {value: target for value, target in discriminator["mapping"].items() if value not in gone}
    return {**schema, "discriminator": {**discriminator, "mapping": kept}}


def _examples(doc: Document, mapping: dict[str, JSON], file: Path) -> set[Key]:
    """The Example Objects a media type or parameter refers to (the test kit reads them): kept,
    not walked (their values are data), resolved within the files read, as the lowering does."""
    examples = mapping.get("examples")
    found: set[Key] = set()
    if not isinstance(examples, dict):
        return found
    for entry in examples.values():
        if isinstance(entry, dict) and isinstance(entry.get("$ref"), str):
            try:
                target = doc.resolve_ref(entry["$ref"], file)
            except KeyError:
                continue
            found.add(_component(doc, (target.file, target.ptr)))
    return found


__all__ = ["apply_selection", "operations"]
