"""One document of the call harness: generate its client, start Prism on it, call every operation
once with its required arguments and the document's credential, print one JSON result a line.

    python -m benchmarks.calls.worker DOC PRISM_BIN
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from generator.ir import Api, Operation
from generator.load.reader import Document, Node
from generator.pipeline import build

from . import mockdoc
from .values import Values, fits

CALL_SECONDS = 8.0
OWN_ANSWER = "Prism's own answer breaks the document"
START_SECONDS = float(os.environ.get("CALLS_START_SECONDS", "240"))  # Prism on a large document


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Prism:
    """``prism mock --errors`` on a free port, stopped by :meth:`stop`."""

    def __init__(self, binary: str, spec: str) -> None:
        self.port = free_port()
        cmd = [binary, "mock", "--errors", "--seed", "33", "-h", "127.0.0.1", "-p", str(self.port), spec]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.lines.append(line)
                if "Prism is listening" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        ready.wait(START_SECONDS)
        if self.proc.poll() is not None or not any("Prism is listening" in x for x in self.lines):
            self.stop()
            raise RuntimeError("prism did not start: " + " ".join(x.strip() for x in self.lines[-5:])[:300])

    def crashed(self, wait: float = 0.0) -> str:
        """Prism's own error when it died (it does on some requests), else ""."""
        try:
            self.proc.wait(wait)
        except subprocess.TimeoutExpired:
            return ""
        error = next((x.strip() for x in self.lines if "Error:" in x), "exited")
        return f"prism crashed (its bug): {error}"[:160]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def path_key(doc: Document, op: Operation) -> str:
    """The document's own key of ``op``'s path (``/a#b`` is sent as ``/a``)."""
    paths = doc.root.value["paths"]
    key = op.path if op.path in paths else unquote(op.path)
    pointer = op.source.split("#", 1)[1] if "#" in op.source else ""
    steps = pointer.split("/")
    if len(steps) == 4 and steps[1] == "paths":
        key = steps[2].replace("~1", "/").replace("~0", "~")
    return key


def operation_node(doc: Document, op: Operation) -> tuple[Node, Node]:
    item = doc.deref(doc.root.child("paths", path_key(doc, op)))
    return item, doc.deref(item.child(op.http_method.lower()))


def raw_parameters(doc: Document, item: Node, node: Node) -> dict[tuple[str, str], Node]:
    found: dict[tuple[str, str], Node] = {}
    for owner in (item, node):
        for index in range(len(owner.value.get("parameters") or [])):
            param = doc.deref(owner.child("parameters", index))
            if isinstance(param.value, dict) and "name" in param.value:
                found[(param.value.get("in", ""), param.value["name"])] = param
    return found


def param_value(values: Values, param: Node) -> Any:
    value = param.value
    schema = value.get("schema") if isinstance(value.get("schema"), dict) else {}
    if values.examples and "example" in value and fits(value["example"], schema):
        return value["example"]
    if values.examples and isinstance(value.get("examples"), dict) and value["examples"]:
        first = values.doc.deref(param.child("examples", next(iter(value["examples"]))))
        if isinstance(first.value, dict) and "value" in first.value:
            return first.value["value"]
    if isinstance(value.get("schema"), dict):
        return values.of(param.child("schema"))
    content = value.get("content")
    if isinstance(content, dict) and content:
        media = next(iter(content))
        return values.of(param.child("content", media, "schema"))
    return "abc"


def python_value(kind: str, value: Any) -> Any:
    if kind == "datetime" and isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    return value


def arguments(values: Values, op: Operation) -> dict[str, Any]:
    """The required arguments of ``op``, by Python name."""
    doc = values.doc
    item, node = operation_node(doc, op)
    raw = raw_parameters(doc, item, node)
    kwargs: dict[str, Any] = {}
    for p in op.params:
        if p.required and (p.location, p.wire) in raw:
            kwargs[p.name] = python_value(p.type.kind, param_value(values, raw[(p.location, p.wire)]))
        elif p.required:
            kwargs[p.name] = "abc"
    if op.body is None:
        return kwargs
    body = doc.deref(node.child("requestBody"))
    content = body.value.get("content") if isinstance(body.value, dict) else None
    media_type = op.body.content_type  # the document's, else the one a wildcard is sent as
    if isinstance(content, dict) and media_type not in content and content:
        media_type = next(iter(content))
    media = body.child("content", media_type)
    value = values.of(media.child("schema")) if isinstance(media.value.get("schema"), dict) else "abc"
    if not values.examples or not isinstance(media.value, dict):
        pass
    elif "example" in media.value:
        value = media.value["example"]
    elif isinstance(media.value.get("examples"), dict) and media.value["examples"]:
        first = doc.deref(media.child("examples", next(iter(media.value["examples"]))))
        if isinstance(first.value, dict) and "value" in first.value:  # GitHub's check run: one of its shapes
            value = first.value["value"]
    sent = op.body.required or any(a.required for a in op.body.args)  # members a rule may ask for
    for arg in op.body.args:
        if arg.raw and arg.required:
            text = value if isinstance(value, str) else json.dumps(value)
            kwargs[arg.name] = text if arg.type.kind == "str" else text.encode()
        elif not arg.wire and arg.required:
            kwargs[arg.name] = value
        elif arg.required or (isinstance(value, dict) and arg.wire in value and sent):
            found = value.get(arg.wire, "abc") if isinstance(value, dict) else "abc"
            kwargs[arg.name] = python_value(arg.type.kind, found)
    return kwargs


def credentials(api: Api) -> dict[str, Any]:
    """The natural credential of every security scheme, as the client's own options take it: a
    key for an ``apiKey`` scheme's option, ``(username, password)`` for basic, the token for
    bearer-like schemes, the credentials part for another ``http`` scheme. Client credentials get
    a ``token`` too (it wins over ``client_id``/``client_secret``): the flow's ``tokenUrl`` is
    not served by the mock (and an absolute one would be off this machine)."""
    given: dict[str, Any] = {}
    for scheme in api.security_schemes:
        if scheme.kind in ("bearer", "client_credentials"):
            given["token"] = "token-123"
        elif scheme.kind == "basic":
            given[scheme.option] = ("user", "pass")
        else:
            given[scheme.option] = "key-123"
    return given


def classify(exc: BaseException) -> str:
    """The class of a failure: the status and Prism's violations, or the exception's type."""
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    if status is not None and status >= 400:
        try:
            body = json.loads(response.content)
        except ValueError:
            body = {}
        found = body.get("validation") if isinstance(body, dict) else None
        if not found and response.headers.get("sl-violations"):
            try:
                found = json.loads(response.headers["sl-violations"])
            except ValueError:
                found = None
        if found and all(v.get("location", [""])[0] == "response" for v in found):
            return f"{status} {OWN_ANSWER} (its mock of the response)"
        if found:
            parts = sorted(
                {f"{'.'.join(map(str, v.get('location', [])[:1]))}: {_general(v.get('message', ''))}" for v in found}
            )
            return f"{status} " + "; ".join(parts)[:200]
        title = body.get("title", "") if isinstance(body, dict) else ""
        return f"{status} {title}".strip()
    if type(exc).__name__ in ("ApiConnectionError", "ApiTimeoutError"):
        return f"{type(exc).__name__}: {str(exc).rsplit(' failed: ', 1)[-1]}"[:200]
    where = "" if type(exc).__module__.startswith("calls_") else "harness: "
    return f"{where}{type(exc).__name__}: {_general(str(exc))}"[:200]


def _general(text: str) -> str:
    """A message without the parts that name this one call (values, numbers)."""
    text = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r"\d+", "N", text)


def client_for(module: Any, port: int, api: Api) -> Any:
    params = inspect.signature(module.Client).parameters
    kwargs: dict[str, Any] = {"base_url": f"http://127.0.0.1:{port}", "max_retries": 0, "timeout": CALL_SECONDS}
    kwargs.update(credentials(api))
    if "require_token" in params and "token" not in kwargs:
        kwargs["require_token"] = False
    if "total_timeout" in params:
        kwargs["total_timeout"] = CALL_SECONDS
    return module.Client(**kwargs)


def no_success(node: Node) -> bool:
    """The operation declares no success answer (nor ``default``): Prism answers its error."""
    responses = node.value.get("responses")
    if not isinstance(responses, dict):
        return True
    return not any(str(c).startswith("2") or c == "default" for c in responses)


def method_of(client: Any, op: Operation) -> Any:
    """The client's method of ``op``: on the client itself (``flat-methods``), else in its
    namespace (``client.files.list``)."""
    if op.space and op.space_method:
        owner = client
        for name in op.space:
            owner = getattr(owner, name)
        return getattr(owner, op.space_method)
    return getattr(client, op.method_name)


def call_one(values: Values, op: Operation, client: Any, dynamic: bool = False) -> None:
    """Call ``op`` once; ``dynamic`` asks Prism to make its answer from the schema (its own
    static answer broke the document: the request was already judged valid)."""
    kwargs = arguments(values, op)
    if dynamic:
        kwargs["extra_headers"] = {"Prefer": "dynamic=true"}
    result = method_of(client, op)(**kwargs)
    if callable(getattr(result, "read", None)):  # a binary answer (not a member named read): read it, close it
        result.read()
    if callable(getattr(result, "close", None)):
        result.close()


def call_all(api: Api, doc: Document, module: Any, spec: str, prism_bin: str) -> None:
    """Every operation against Prism: those of path keys with a fragment in rounds of their own
    (``mockdoc.rounds``), the others against the whole document (``mockdoc.served``)."""
    values = Values(doc)
    root = doc.root.value
    mock = mockdoc.served(root) or root
    keys = set(mockdoc.fragment_keys(root))
    with tempfile.TemporaryDirectory() as tmp:
        main_spec = spec if mock is root else _written(Path(tmp) / "mock.json", mock)
        only = re.compile(os.environ.get("CALLS_ONLY", ""))  # e.g. CALLS_ONLY='GET /users' (debugging)
        plain = [op for op in api.operations if path_key(doc, op) not in keys and only.search(_named(op))]
        if plain:
            call_against(api, values, module, plain, main_spec, prism_bin)
        by_key = {(path_key(doc, op), op.http_method.lower()): op for op in api.operations}
        for index, (round_doc, judged) in enumerate(mockdoc.rounds(mock, sorted(keys))):
            ops = [by_key[pair] for pair in judged if pair in by_key and only.search(_named(by_key[pair]))]
            if not ops:
                continue
            round_spec = _written(Path(tmp) / f"round{index}.json", round_doc)
            call_against(api, values, module, ops, round_spec, prism_bin)


def _named(op: Operation) -> str:
    return f"{op.http_method.upper()} {op.path}"


def _written(path: Path, value: Any) -> str:
    path.write_text(json.dumps(value, default=str), encoding="utf-8")
    return str(path)


PART_AS_TEXT = "Prism reads a multipart body's JSON part as text (its limit)"
"""An object or array member of a multipart body is a part of type ``application/json`` (the
OpenAPI default the client follows); Prism validates the part's text as it is, never parsed."""
_JSON_PART = re.compile(r"4\d\d body: Request body property \S+ must be (object|array)$")

OTHER_ROUTE = "Prism routes the request to another path, a template (its limit)"
"""nrel.gov's ``/v1/category-list.{output_format}`` judged as ``/v1/{id}.{output_format}``: a
path parameter the operation does not have is said to be wrong (OpenAPI matches the literal
path first)."""
_PATH_PARAMETER = re.compile(r"4\d\d path: Request path parameter (\S+) must")

REFUSED = ("RequestValidationError", "400 ", "422 ")
"""A request refused, by the client or by Prism: made again with values from the schemas alone
(``Values(examples=False)``), as a document's own example may break its schema (exavault's
``messageBody: null`` for a string); the first outcome is kept beside (``with_examples``)."""


def call_against(api: Api, values: Values, module: Any, ops: list[Operation], spec: str, prism_bin: str) -> None:
    prism = Prism(prism_bin, spec)
    client = client_for(module, prism.port, api)
    plain = Values(values.doc, examples=False)
    try:
        for op in ops:
            started = time.monotonic()
            outcome = _outcome(values, op, client)
            refused = ""
            if outcome.startswith(REFUSED) and not prism.crashed():  # the document's example broke it?
                refused, outcome = outcome, _outcome(plain, op, client)
            # Prism's static answer broke the document (it says so, or the client could not read
            # it: opsworkscm's date-time member answered as 'string', an example of an array where
            # an object is declared): its answer made from the schema
            if outcome.startswith(("500 " + OWN_ANSWER, "ResponseDecodeError", "ResponseValidationError")) and not (
                prism.crashed()
            ):
                outcome = _outcome(plain if refused else values, op, client, dynamic=True)
            if prism.crashed(3.0 if "ApiConnectionError" in outcome else 0.0):
                outcome = prism.crashed()
                prism = Prism(prism_bin, spec)
                client = client_for(module, prism.port, api)
            elif outcome.startswith("ApiTimeoutError"):  # Prism still busy making an answer: anew
                prism.stop()
                prism = Prism(prism_bin, spec)
                client = client_for(module, prism.port, api)
            seconds = time.monotonic() - started
            line = {
                "operation": _named(op),
                "outcome": outcome,
                "seconds": round(seconds, 2),
            }
            if refused:
                line["with_examples"] = refused
            print(json.dumps(line), flush=True)
    finally:
        prism.stop()


def _outcome(values: Values, op: Operation, client: Any, dynamic: bool = False) -> str:
    try:
        call_one(values, op, client, dynamic)
    except Exception as exc:  # every failure is a result of the harness
        outcome = classify(exc)
        if no_success(operation_node(values.doc, op)[1]) and outcome[:1] in "45":
            outcome = "the document declares no success answer (Prism answers one of its errors)"
        elif op.body is not None and op.body.encoding == "multipart" and _JSON_PART.match(outcome):
            outcome = f"{outcome[:4]}{PART_AS_TEXT}"
        elif (found := _PATH_PARAMETER.match(outcome)) and found[1] not in {
            p.wire for p in op.params if p.location == "path"
        }:
            outcome = f"{outcome[:4]}{OTHER_ROUTE}"
        if os.environ.get("CALLS_DEBUG"):
            traceback.print_exc()
        return outcome
    return "ok"


def main(spec: str, prism_bin: str) -> int:
    package = "calls_" + re.sub(r"\W", "_", Path(spec).stem.lower())[:30]
    doc, api, files = build(spec, package, strict=False)
    if not api.operations:  # webhooks only: nothing to call (and Prism refuses to start)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files.items():
            target = Path(tmp) / package / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        sys.path.insert(0, tmp)
        module = importlib.import_module(package)
        call_all(api, doc, module, spec, prism_bin)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main(sys.argv[1], sys.argv[2]))
