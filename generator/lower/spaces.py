"""Where each operation's method lives in the client's namespaces (``client.files.passages``),
and what it is called there: the namer's rules for namespaces (README, "Namespaces").

- The first level is the path's first literal segment (after the segments every path shares,
  versions, a leading ``api`` or ``rest`` and parameters left out, a ``.suffix`` cut off; an
  operation with none: its tag; with no tag either: its operationId's noun, one level,
  :func:`_nouns`).
  Segments whose first word is the same (``file_requests``, ``files``: ``file`` and ``files``
  count as one) share a first level named after the one-word segment, else that word, and the
  rest of their words make the second level (``files.requests``); a leading verb never merges.
- The second level is otherwise the path's next literal segment; none: the first level's own.
  One the rules made that would hold one operation saying nothing more than its levels is none:
  the operation is a method of the first level (``resources.download``).
- A document whose operationIds follow AutoRest's ``Group_Verb`` or Google's dotted
  ``service.resource.verb`` is grouped by them instead, one level (:func:`_structured`).
- An operation may set both: ``x-client-group: files.passages`` and ``x-client-method: list``
  on the operation, or ``groups``/``method-names`` (by operationId) under the document's
  ``x-client``; at most two levels.
- Inside its namespace a method drops the words the namespace already says (``list_file_passages``
  -> ``list``) when the result is unique there, else keeps its whole name (a located note).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..ir import Operation
from ..load.reader import Node
from .names import Namer
from .naming import is_keyword, snake_case
from .runtime_names import runtime_client_attributes

_VERSION = re.compile(r"v\d+(\.\d+)*([a-z]+\d*)?|\d+(\.\d+)*|\d{4}-\d{2}(-\d{2})?", re.IGNORECASE)
"""A version segment: ``v1``, ``v1.2``, ``v1beta1``, ``2``, ``1.0``, ``2010-04-01`` (Twilio's,
AWS's); not ``3ds`` or ``2fa``, which name something."""
_PREFIXES = frozenset({"api", "rest"})
"""Segments that say only that the path is an API's (``/api/v1/accounts``, Jira's
``/rest/api/2/issue``): left out before another literal segment."""
VERBS = frozenset({"get", "list", "create", "update", "delete", "set", "add", "remove", "post", "put", "patch"})
SPACE_MEMBERS = frozenset({"with_raw_response", "with_streaming_response", "_client"})
"""The members every namespace class has itself, beside the transport's."""


def flat_methods(ext: Mapping[str, Any]) -> bool:
    """The one reading of the switch keeping the flat methods: ``flat-methods: true`` under the
    document's ``x-client`` (off: namespaces only)."""
    return ext.get("flat-methods") is True


def words(name: str) -> list[str]:
    return [w for w in snake_case(name).strip("_").lower().split("_") if w]


def stem(word: str) -> str:
    """``files`` and ``file`` alike (a trailing ``s`` of a longer word), and ``policies`` and
    ``policy``, ``refreshes`` and ``refresh``, ``addresses`` and ``address``."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and len(word) > 3 and not word.endswith("ss") else word


def segments(path: str) -> list[str]:
    """The literal segments of ``path`` that say what it is about."""
    out = []
    for part in path.split("/"):
        part = re.split(r"[.?#%]", part)[0]  # ``thumbnail.{extension}``, ``Calls.json``, ``x%3Fbeta=true``
        if part and not part.startswith("{") and not _VERSION.fullmatch(part) and words(part):
            out.append(part)
    while len(out) > 1 and out[0].lower() in _PREFIXES:
        out = out[1:]
    return out


@dataclass(frozen=True, slots=True)
class Placed:
    """The namespace an operation's method is wanted in, before names are made unique."""

    first: str  # snake_case
    second: str  # snake_case, "" for the first level's own
    key: str  # what the document spells the first level from
    method: str  # a method name the document asks for ("" none)
    chosen: bool = False  # the document chose the namespace (x-client-group, groups)


def _shared_prefix(paths: list[list[str]]) -> int:
    """How many first segments every path shares (never all of one path's)."""
    if len(paths) < 2:
        return 0
    n = 0
    while all(len(p) > n + 1 for p in paths) and len({p[n] for p in paths}) == 1:
        n += 1
    return n


def _override(namer: Namer, node: Node, value: object, what: str) -> list[str] | None:
    """The levels an override names (dotted), None (a warning) when unusable."""
    if not isinstance(value, str) or not value.strip():
        namer.warn(node, f"{what} {value!r} is not a name; ignored", "override-ignored")
        return None
    levels = [snake_case(v).strip("_").lower() if any(c.isalnum() for c in v) else "" for v in value.split(".")]
    if not all(levels):
        namer.warn(node, f"{what} {value!r} has a level that is no name; ignored", "override-ignored")
        return None
    if len(levels) > (2 if what.endswith("group") else 1):
        namer.warn(node, f"{what} {value!r} names more levels than allowed; ignored", "override-ignored")
        return None
    return levels


def place_all(namer: Namer, operations: list[tuple[Operation, Node]], ext: Mapping[str, Any]) -> list[Placed]:
    """The wanted namespace of each operation (``ext``: the document's ``x-client``)."""
    paths = [segments(op.path) for op, _ in operations]
    skip = _shared_prefix(paths)
    paths = [p[skip:] for p in paths]
    found = [p[0] if p else op.tag for p, (op, _) in zip(paths, operations, strict=True)]
    ids = [_given_id(node) for _, node in operations]
    by_id = _structured(ids) or _nouns(ids, found)  # index -> (first, second or "", method or "")
    keys = [by_id[i][0] if i in by_id else key or "default" for i, key in enumerate(found)]
    by_word: dict[str, set[str]] = {}
    for i, key in enumerate(keys):
        if i not in by_id:
            by_word.setdefault(stem(words(key)[0] if words(key) else "default"), set()).add(key)
    given = {op.operation_id for op, _ in operations}
    groups = _mapping(namer, ext, "groups", given)
    methods = _mapping(namer, ext, "method-names", given)
    placed = []
    for i, (path, key, (op, node)) in enumerate(zip(paths, keys, operations, strict=True)):
        key_words = words(key) or ["default"]
        shared = by_word.get(stem(key_words[0]), set())
        if i in by_id:  # named by what the operationId says
            first, second = key, by_id[i][1]
        elif len(shared) > 1 and key_words[0] not in VERBS:
            ones = sorted(k for k in shared if len(words(k)) == 1)
            first = words(ones[0])[0] if ones else key_words[0]
            second = "_".join(key_words[1:]) or (snake_case(path[1]).strip("_").lower() if len(path) > 1 else "")
        else:
            first = "_".join(key_words)
            second = snake_case(path[1]).strip("_").lower() if len(path) > 1 else ""
        if stem(second) == stem(first):
            second = ""
        first, second = _identifier(first), _identifier(second)
        node_value = node.value if isinstance(node.value, dict) else {}
        group = node_value.get("x-client-group", groups.get(op.operation_id))
        levels = None if group is None else _override(namer, node, group, "x-client-group")
        if levels is not None:
            first, second, key = _identifier(levels[0]), _identifier(levels[1] if len(levels) > 1 else ""), str(group)
        chosen = levels is not None
        method = node_value.get("x-client-method", methods.get(op.operation_id))
        wanted = by_id[i][2] if i in by_id else ""
        if method is not None and (levels := _override(namer, node, method, "x-client-method")) is not None:
            wanted = levels[0]
        placed.append(Placed(first, second, key, wanted, chosen))
    return _lifted(placed, [op for op, _ in operations])


_BEFORE_VERBS = frozenset({"batch", "bulk"})  # ``BatchDetectSentiment``: the verb is the second word
_JOINS = frozenset({"with", "from", "to", "for", "by", "in", "on", "of", "into", "as", "at"})


def _given_id(node: Node) -> str | None:
    given = node.value.get("operationId") if isinstance(node.value, dict) else None
    return given if isinstance(given, str) else None


_AUTOREST = re.compile(r"([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)_([A-Za-z][A-Za-z0-9]*)")  # not ``GET_Action``
_HTTP = re.compile(r"(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE)_")


def _structured(ids: list[str | None]) -> dict[int, tuple[str, str, str]]:
    """The namespace (one or two levels) and method each operation's id says, by index, when three
    in four ids of the document follow one of the conventions of generated documents: AutoRest's
    ``Group_Verb`` (Azure's ``ApplicationGateways_ListAll``: ``application_gateways``,
    ``list_all``) or Google's dotted ``service.resource(.resource)*.verb`` (:func:`_google`)
    (``cloudkms.projects.locations.keyRings.list``: ``key_rings``, its last resource, and
    ``list``; a resource of several parents that would meet the same verb twice, its parent too:
    ``apps.locations``, ``projects.locations``); none otherwise."""
    given = [(i, x) for i, x in enumerate(ids) if x]
    if len(given) < 2:
        return {}
    groups: dict[int, tuple[tuple[str, ...], str]] = {
        i: ((m.group(1),), m.group(2)) for i, x in given if (m := _AUTOREST.fullmatch(x))
    }
    if len(groups) * 4 < len(given) * 3:
        dotted = {i: x.split(".") for i, x in given if _google(x)}
        groups = _dotted_levels(dotted)
    if len(groups) * 4 < len(given) * 3:
        return {}
    out: dict[int, tuple[str, str, str]] = {}
    for i, (levels, verb) in groups.items():
        names = [_identifier(snake_case(level).strip("_").lower()) for level in levels]
        if all(name.isidentifier() for name in names):
            out[i] = (names[0], names[1] if len(names) > 1 else "", snake_case(verb).strip("_").lower())
    return out


def _google(given: str) -> bool:
    """Whether an operationId is Google's ``service.resource(.resource)*.verb``: three parts or
    more, each with a word, the verb in lower camel case (``list``, ``asymmetricDecrypt``).
    Microsoft Graph's ids are dotted too, but name the path and end with a verb and a noun
    (``users.user.ListUser``, ``teams.primaryChannel.CreateTabs``): its paths name it better."""
    parts = given.split(".")
    return len(parts) >= 3 and parts[-1][:1].islower() and all(words(part) for part in parts)


def _dotted_levels(dotted: dict[int, list[str]]) -> dict[int, tuple[tuple[str, ...], str]]:
    """(levels, verb) of each dotted id: its last resource, with its parent where the same
    resource and verb come under several parents (``appengine.apps.locations.list`` and
    ``appengine.projects.locations.list``)."""
    parents: dict[tuple[str, str], set[tuple[str, ...]]] = {}
    for parts in dotted.values():
        parents.setdefault((parts[-2], parts[-1]), set()).add(tuple(parts[1:-2]))
    shared = {resource for (resource, _verb), found in parents.items() if len(found) > 1}
    return {
        i: ((parts[-3], parts[-2]) if parts[-2] in shared and len(parts) > 3 else (parts[-2],), parts[-1])
        for i, parts in dotted.items()
    }


def _nouns(ids: list[str | None], keys: Sequence[str | None]) -> dict[int, tuple[str, str, str]]:
    """The first level of each operation with neither a literal path segment nor a tag (RPC-style
    documents: AWS's ``/#X-Amz-Target=...``), by index: what its operationId is about, its first
    word (a verb: ``ApproveSkill``, ``ListRooms``; after ``Batch``: ``BatchDetectSentiment``; after
    an HTTP method: ``GET_AttachInstances``) and its words from a joining one
    (``AssociateContactWithAddressBook``: ``contact``) left out; the forms that differ only by a
    plural name one namespace, plural when the document spells it so (``rooms``). None for an
    operationId of one word, or none given."""
    said: dict[int, list[str]] = {}
    for i, (given, key) in enumerate(zip(ids, keys, strict=True)):
        if key or given is None:
            continue
        noun: list[str] = []
        said_words = words(given) or [""]
        if _HTTP.match(given) and len(said_words) > 2:  # AWS's query protocol: ``GET_AttachInstances``
            said_words = said_words[1:]
        rest = said_words[2 if said_words[0] in _BEFORE_VERBS else 1 :]
        if rest[:1] == ["or"]:  # ``CreateOrUpdateTags``: the verb is ``create_or_update``
            rest = rest[2:]
        for word in rest:
            if word in _JOINS and noun:
                break
            noun.append(word)
        if noun and _identifier("_".join(noun)).isidentifier():
            said[i] = noun
    forms: dict[str, str] = {}
    for noun in said.values():
        one = "_".join([*noun[:-1], stem(noun[-1])])
        name = "_".join(noun)
        if one not in forms or (name.endswith("s") and not forms[one].endswith("s")):
            forms[one] = name
    return {i: (_identifier(forms["_".join([*noun[:-1], stem(noun[-1])])]), "", "") for i, noun in said.items()}


def _lifted(placed: list[Placed], operations: list[Operation]) -> list[Placed]:
    """``placed``, where a second level the rules made holds one operation whose name says
    nothing the levels do not (``/resources/download``'s ``download``): that operation is a
    method of the first level (``client.resources.download(...)``, not
    ``client.resources.download.download(...)``), named there by the same rule."""
    count: dict[tuple[str, str], int] = {}
    for p in placed:
        count[(p.first, p.second)] = count.get((p.first, p.second), 0) + 1
    out = []
    for p, op in zip(placed, operations, strict=True):
        said = _said((p.first, p.second))
        alone = p.second and not p.chosen and not p.method and count[(p.first, p.second)] == 1
        if alone and all(stem(w) in said for w in op.method_name.split("_") if w):
            p = Placed(p.first, "", p.key, "")
        out.append(p)
    return out


def _said(levels: Sequence[str]) -> set[str]:
    """The stems of the words ``levels`` say, a method's words compared by :func:`stem`: a plural
    in ``-es`` says its singular either way (``statuses``: ``status``, as ``causes``: ``cause``)."""
    level_words = [w for level in levels for w in level.split("_") if w]
    return {stem(w) for w in level_words} | {stem(w[:-2]) for w in level_words if w.endswith("es")}


def _identifier(name: str) -> str:
    """``name`` usable as an attribute and a module: a keyword gets a ``_`` (``class_``), a
    leading digit an ``n`` (as :func:`~generator.lower.naming.snake_case` does)."""
    name = "n" + name if name[:1].isdigit() else name
    return name + "_" if is_keyword(name) else name


def _mapping(namer: Namer, ext: Mapping[str, Any], key: str, ids: set[str]) -> dict[str, Any]:
    """``x-client``'s ``key`` (``groups``, ``method-names``): operationId -> the name wanted; an
    entry naming no operation of the document (a typo: it would change nothing) is a warning."""
    value = ext.get(key, {})
    if not isinstance(value, dict):
        namer.warn(namer.doc.root, f"x-client {key} is not a mapping of operationIds; ignored", "override-ignored")
        return {}
    for op_id in value:
        if op_id not in ids:
            where = namer.doc.root.child("x-client", key, str(op_id))
            namer.warn(
                where,
                f"x-client {key} names operationId {op_id!r}, which no operation has; ignored",
                "override-ignored",
            )
    return value


def short_names(
    namer: Namer, space: tuple[str, ...], ops: list[tuple[Operation, Node, str]], taken: frozenset[str]
) -> dict[str, tuple[str, str]]:
    """Method name -> (its name, its iterator's) inside namespace ``space``: the words the
    namespace says dropped when unique there, else the whole name (a located note); ``ops``:
    (operation, node, the name the document asks for or ""); ``taken``: the namespace's other
    members (its sub-namespaces)."""
    said = _said(space)
    wanted: dict[str, str] = {}
    for op, _node, asked in ops:
        kept = [w for w in op.method_name.split("_") if w and stem(w) not in said]
        short = asked or "_".join(kept)
        if not short or short[0].isdigit() or is_keyword(short) or not short.isidentifier():
            short = op.method_name
        wanted[op.method_name] = short
    _collection_list(ops, wanted)
    reserved = taken | SPACE_MEMBERS | runtime_client_attributes()
    while True:
        counts: dict[str, int] = {}
        for name in [*wanted.values(), *(_iter(op, wanted[op.method_name]) for op, _n, _a in ops)]:
            if name:
                counts[name] = counts.get(name, 0) + 1
        clashing = [
            (op, node)
            for op, node, _asked in ops
            if wanted[op.method_name] != op.method_name
            and (
                counts[wanted[op.method_name]] > 1
                or wanted[op.method_name] in reserved
                or counts.get(_iter(op, wanted[op.method_name]), 0) > 1
            )
        ]
        if not clashing:
            break
        for op, node in clashing:
            why = f"method {wanted[op.method_name]!r} of namespace {'.'.join(space)!r} is not unique there"
            namer.warn(node, f"{why}; keeps its whole name {op.method_name!r}", "method-kept-whole")
            wanted[op.method_name] = op.method_name
    return {op.method_name: (wanted[op.method_name], _iter(op, wanted[op.method_name])) for op, _n, _a in ops}


def _collection_list(ops: list[tuple[Operation, Node, str]], wanted: dict[str, str]) -> None:
    """Two operations both ``get`` in their namespace, one reading the collection and the other
    an item (``getEmployees`` on ``/Employees``, ``getEmployee`` on ``/Employees/{id}``): the
    collection's is ``list``, as a hand-written SDK names it, rather than both keeping their
    whole names; ``wanted`` is changed in place."""
    gets = [op for op, _node, asked in ops if not asked and wanted[op.method_name] == "get"]
    if len(gets) != 2 or "list" in wanted.values():
        return
    paths = [op.path.split("?")[0].rstrip("/") for op in gets]
    parents = [path.rsplit("/", 1) for path in paths]
    collections = [  # the item's path is the collection's and one parameter (/edges/{key}/{name})
        op
        for op, path, (_parent, segment) in zip(gets, paths, parents, strict=True)
        if "{" not in segment or any(other == path and last.startswith("{") for other, last in parents)
    ]
    if len(collections) == 1 and collections[0].http_method == "GET":
        wanted[collections[0].method_name] = "list"


def _iter(op: Operation, short: str) -> str:
    """The page iterator's name beside method ``short`` ("" when the operation has none)."""
    if op.pagination is None:
        return ""
    if short == op.method_name:
        return op.pagination.iter_name
    rest = short[len("list") :].lstrip("_")
    return f"iter_{rest}" if rest else "iter"
