"""What Prism is given to judge a document's calls: the document itself, except where Prism cannot
serve what the document says (each case below is Prism's limit, not the document's fault):

- a structured answer declared under a media type that is not JSON: Prism refuses to serialise
  it ("Cannot serialise complex objects as text", its NO_COMPLEX_OBJECT_TEXT) or finds no
  serialiser at all. Under a wildcard (``*/*``, ``application/*``) its copy declares the same
  schema under ``application/json`` (the client reads it as typed JSON); under another type
  (``text/xml``) its copy declares a string (the client returns such an answer as text).
  Only answers change: the request side Prism enforces is the document's.
- an answer's headers ``Content-Type`` (which OpenAPI says to ignore) and ``Content-Length``:
  Prism fakes their values ("Cannot find serializer for et proident", a length of 6 PB and a
  closed connection); its copy leaves them out.
- an answer with a body to ``HEAD``: a HEAD answer never has one (RFC 9110), so Prism's own
  answer breaks the document; its copy declares none.
- a form body (``application/x-www-form-urlencoded``) without ``encoding``: Prism reads none of
  its arrays ("must be array", one item or many); its copy states the default (``style: form``,
  ``explode: true``) for every member.
- path keys that differ only by a fragment (AWS's ``/#Action=CreateDomain``,
  ``/tags/{arn}#tagKeys``): a fragment is never sent, so Prism cannot route them (404 "Route not
  resolved", or 405 on the path without it). Each such operation is judged by a copy of the
  document whose paths hold only operations with distinct routes (the key without its fragment):
  ``rounds()``.
"""

from __future__ import annotations

import copy
from typing import Any

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _structured(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    return (
        "$ref" in schema
        or kind in ("object", "array")
        or any(k in schema for k in ("properties", "allOf", "oneOf", "anyOf", "items"))
    )


def _json_content(content: Any) -> bool:
    """Rename a wildcard media type with a structured schema to ``application/json`` (in place)."""
    if not isinstance(content, dict) or "application/json" in content:
        return False
    if any("json" in media for media in content):
        return False
    changed = False
    for media in list(content):
        if isinstance(content[media], dict) and _structured(content[media].get("schema")):
            if media in ("*/*", "application/*"):
                content["application/json"] = content.pop(media)
            else:
                content[media] = {"schema": {"type": "string"}}
            changed = True
    return changed


def _responses(responses: Any) -> bool:
    changed = False
    if isinstance(responses, dict):
        for answer in responses.values():
            if isinstance(answer, dict):
                changed |= _json_content(answer.get("content"))
                changed |= _framing_headers(answer.get("headers"))
    return changed


def _bodiless(responses: Any) -> bool:
    """Leave out the content of every answer (in place)."""
    changed = False
    if isinstance(responses, dict):
        for code, answer in list(responses.items()):
            if isinstance(answer, dict) and "$ref" in answer:
                answer = responses[code] = {"description": "answer", **{k: v for k, v in answer.items() if k != "$ref"}}
            if isinstance(answer, dict) and "content" in answer:
                del answer["content"]
                changed = True
    return changed


def _framing_headers(headers: Any) -> bool:
    """Leave out an answer's Content-Type and Content-Length headers (in place)."""
    if not isinstance(headers, dict):
        return False
    framing = [name for name in headers if isinstance(name, str) and name.lower() in ("content-type", "content-length")]
    for name in framing:
        del headers[name]
    return bool(framing)


def _resolved(root: dict[str, Any], value: Any) -> Any:
    for _ in range(20):
        if not (isinstance(value, dict) and isinstance(value.get("$ref"), str) and value["$ref"].startswith("#/")):
            return value
        target: Any = root
        for step in value["$ref"][2:].split("/"):
            target = target.get(step.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        value = target if target is not None else {}
    return value


def _form_encoding(root: dict[str, Any], body: Any) -> bool:
    """State the default encoding of every member of a form body (in place)."""
    body = _resolved(root, body)
    content = body.get("content") if isinstance(body, dict) else None
    media = content.get("application/x-www-form-urlencoded") if isinstance(content, dict) else None
    if not isinstance(media, dict):
        return False
    schema = _resolved(root, media.get("schema"))
    names = list(schema.get("properties") or {}) if isinstance(schema, dict) else []
    for part in (schema.get("allOf") or []) if isinstance(schema, dict) else []:
        part = _resolved(root, part)
        names += list(part.get("properties") or {}) if isinstance(part, dict) else []
    encoding = media.setdefault("encoding", {})
    missing = [name for name in names if name not in encoding]
    for name in missing:
        encoding[name] = {"style": "form", "explode": True}
    return bool(missing)


def served(root: dict[str, Any]) -> dict[str, Any] | None:
    """A copy of the document Prism can serve, or None when the document itself is fine."""
    mock = copy.deepcopy(root)
    changed = False
    for item in (mock.get("paths") or {}).values():
        if isinstance(item, dict):
            for method in METHODS:
                node = item.get(method)
                if isinstance(node, dict):
                    if method == "head":
                        changed |= _bodiless(node.get("responses"))
                    changed |= _responses(node.get("responses"))
                    changed |= _form_encoding(mock, node.get("requestBody"))
    changed |= _responses((mock.get("components") or {}).get("responses"))
    return mock if changed else None


def fragment_keys(root: dict[str, Any]) -> list[str]:
    """Path keys with a fragment or a query (formapi's ``/templates?desc=html``): Prism routes
    neither (the query one to ``/templates``, another operation: 415)."""
    return [key for key in (root.get("paths") or {}) if "#" in key or "?" in key]


def rounds(root: dict[str, Any], keys: list[str]) -> list[tuple[dict[str, Any], list[tuple[str, str]]]]:
    """Documents that judge the operations of ``keys`` (path keys with a fragment): in each, every
    route (key without fragment, method) appears once. With each document, the (document key,
    method) pairs it judges."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for key in keys:
        item = root["paths"][key]
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            if isinstance(item.get(method), dict):
                route = key.split("#", 1)[0].split("?", 1)[0]
                groups.setdefault((route, method), []).append((key, method))
    out: list[tuple[dict[str, Any], list[tuple[str, str]]]] = []
    for index in range(max((len(g) for g in groups.values()), default=0)):
        paths: dict[str, Any] = {}
        judged: list[tuple[str, str]] = []
        for (route, method), members in groups.items():
            if index < len(members):
                key, _ = members[index]
                item = root["paths"][key]
                kept = {k: v for k, v in item.items() if k not in METHODS or k == method}
                paths.setdefault(route, {}).update(kept)
                judged.append((key, method))
        doc = {k: v for k, v in root.items() if k != "paths"}
        doc["paths"] = paths
        out.append((doc, judged))
    return out
