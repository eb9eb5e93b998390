"""Hostile input (tests/fixtures/hostile/): spec text full of quotes, triple quotes, backslashes,
newlines, ``#``, Jinja delimiters, non-ASCII (RTL, emoji), lone surrogates and code-like text
lands in generated code only as escaped literals or sanitised identifiers.

Both fixture specs are generated with ``--strict``; the packages are imported in a subprocess
that watches, through an audit hook, for anything but defining names (processes, sockets,
files written), and that reports the module attributes for checking here. mypy --strict
passes on both. The client then sends the hostile wire names exactly.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from generator.cli import main

from .. import mypy_run
from ..conftest import FIXTURES

HOSTILE = FIXTURES / "hostile"
PACKAGES = {"hostile_api": HOSTILE / "spec.yaml", "hostile_surrogates": HOSTILE / "surrogates.json"}
MODULES = ("", ".models", ".errors", "._client", "._validators", "._version", "._types", "._serde", "._base_client")
MODULES += ("._exceptions", "._config", "._encoding", "._reading", "._transport")

MOODS = (
    "it's",
    '"""',
    "'''",
    "\\",
    "{{ x }}",
    "{% x %}",
    "a\nb",
    "#",
    "שלום",
    "🎉",
    "__import__('os').system('touch pwned_marker')",
    '"""; import os; os.system(\'echo pwned\') #',
)

# Runs in a fresh interpreter: imports every module under an audit hook, then prints one JSON
# document describing them (so anything else printed by an import shows up in stdout).
PROBE = r"""
import importlib, json, sys, types

SUSPICIOUS = ("os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "subprocess.Popen",
              "socket.connect", "socket.bind", "os.remove", "os.rename", "shutil.rmtree", "ctypes.dlopen",
              "webbrowser.open", "urllib.Request")
events = []

def hook(event, args):
    if event.startswith(SUSPICIOUS):
        events.append(event)
    elif event == "open" and isinstance(args[1], str) and any(c in args[1] for c in "wax+"):
        events.append(f"open for writing: {args[0]}")
    elif event == "open" and isinstance(args[2], int) and args[2] & 0o3:  # O_WRONLY / O_RDWR
        events.append(f"open for writing: {args[0]}")

sys.dont_write_bytecode = True
sys.addaudithook(hook)
report = {"events": events, "modules": {}}
for package in sys.argv[1:]:
    for suffix in %(modules)r:
        module = importlib.import_module(package + suffix)
        if hasattr(module, "load_all"):  # models: every name bound, not only those read so far
            module.load_all()
        names = {}
        exported = set(getattr(module, "__all__", []))
        for name, value in vars(module).items():
            if name.startswith("__") and name.endswith("__") and name not in exported:
                continue
            kind = type(value).__name__
            if isinstance(value, types.ModuleType):
                kind = "module:" + value.__name__
            names[name] = kind
        report["modules"][package + suffix] = {
            "names": names,
            "all": list(getattr(module, "__all__", [])),
            "doc": module.__doc__,
        }
sys.stdout.write(json.dumps(report, ensure_ascii=True))
""" % {"modules": MODULES}  # noqa: UP031 - the probe's own braces stay literal


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("hostile")
    for package, spec in PACKAGES.items():
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            code = main(["generate", "--strict", "--spec", str(spec), "--out", str(out), "--package", package])
        assert code == 0, stderr.getvalue()
    sys.path.insert(0, str(out))
    try:
        yield out
    finally:
        sys.path.remove(str(out))
        for module in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
            del sys.modules[module]


@pytest.fixture(scope="module")
def report(out_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What importing the packages in a clean subprocess did and defined."""
    cwd = tmp_path_factory.mktemp("hostile_cwd")
    env = {**os.environ, "PYTHONPATH": str(out_dir), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(out_dir)!r})\n" + PROBE, *PACKAGES],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert list(cwd.iterdir()) == []  # the payloads would have created pwned_marker here
    data: dict[str, Any] = json.loads(result.stdout)  # stdout holds the report and nothing else
    return data


def test_import_only_defines_names(report: dict[str, Any]) -> None:
    assert report["events"] == []
    assert "pwned" not in json.dumps(report["modules"]).replace("pwned_marker", "").replace("echo pwned", "")
    for module, facts in report["modules"].items():
        for name in facts["names"]:
            assert name.isidentifier() and name.isascii(), (module, name)
        for name in facts["all"]:
            assert name in facts["names"], (module, name)


def test_module_attributes(report: dict[str, Any]) -> None:
    modules = report["modules"]
    api = modules["hostile_api"]
    assert {"Client", "AsyncClient", "models", "errors", "DEFAULT_BASE_URL"} <= set(api["names"])
    # plain classes: the document keeps no flat methods (no ``flat-methods``), so no metaclass of
    # the runtime loads a method looked up on the class; the operations are in namespaces
    assert api["names"]["Client"] == "type" and api["names"]["AsyncClient"] == "type"
    assert api["doc"].startswith(
        "Typed Python client of Hostile \"\"\" API ''' \\ {{ title }} {% if true %}x{% endif %}"
    )
    models = modules["hostile_api.models"]
    assert sorted(models["all"]) == sorted(
        ["DoImportOsQUote", "Mood", "OsSystemType", "Import", "OsSystem", "Thing", "ImportDict"]
    )
    assert {models["names"][n] for n in ("Import", "OsSystem", "Thing")} == {"type"}
    assert models["names"]["ImportDict"] == "_TypedDictMeta"  # the JSON form of Import (an argument)
    # nothing the payloads name is bound in the modules generated from the spec
    for module in ("", ".models", ".errors", "._client", "._validators", "._version"):
        assert not {"os", "system", "pwned", "subprocess"} & set(modules["hostile_api" + module]["names"])
    errors = modules["hostile_api.errors"]
    assert {"BadThingError", "ItSError", "XError"} <= set(errors["all"])
    assert sorted(modules["hostile_surrogates.models"]["all"]) == ["GetitQ", "Surrogate", "SurrogateKind"]


def test_values_survive_exactly(out_dir: Path, report: dict[str, Any]) -> None:
    api = importlib.import_module("hostile_api")
    models = api.models
    assert models.Mood.__args__ == MOODS
    assert models.DoImportOsQUote.__args__ == ("it's", '"""', "\\")
    assert api.DEFAULT_BASE_URL == 'https://hostile.example/api?q=\'"""\\{{x}}'
    assert api.__version__ == "1.0\"\"\"'''\\ {{ v }}"
    doc = inspect.cleandoc(models.Thing.__doc__)
    assert doc.startswith(
        '"""; import os; os.system(\'touch pwned_marker\') #\n{{ 7*7 }} {% raw %} \\ ends with a quote"'
    )
    assert "'''; __import__('os').system('touch pwned_marker'); '''" in doc  # a default
    assert (
        "Summary with \"\"\" and ''' and \\ and {{ x }}"
        in importlib.import_module("hostile_api._resources.things_it_s").ThingsItS.do_import_os.__doc__
    )
    assert api.errors.ERROR_TYPES == {
        'Bad"""Thing': api.errors.BadThingError,
        "it's": api.errors.ItSError,
        "{{ x }}": api.errors.XError,
    }
    thing = {
        'quote"d': '"""',
        "it's": "'",
        "back\\slash": "\\",
        "new\nline": 1,
        "#hash": True,
        "{{ jinja }}": "j",
        "{% block %}": "b",
        "naïve café": "n",
        "שלום": "ש",
        "🎉party": "🎉",
        "__import__('os')": "i",
        '"""; import os; os.system(\'echo pwned\') #': "p",
        "'''z": "z",
        "tab\there": "t",
        "mood": "a\nb",
        "nested": {"os": "o", "None": 1, "True": False},
    }
    decoded = models.Thing.from_dict(thing)
    assert decoded.to_dict() == thing
    assert (decoded.quote_d, decoded.value, decoded.import_os, decoded.nested.none) == ('"""', "ש", "i", 1)

    surrogates = importlib.import_module("hostile_surrogates")
    assert surrogates.models.SurrogateKind.__args__ == ("\ud800", "ok", "\x00")
    assert surrogates.models.Surrogate.from_dict({"lone\ud800": "\udfff"}).lone == "\udfff"
    assert surrogates.__version__ == "\udfff"


def test_hostile_wire_names_are_sent_exactly(out_dir: Path) -> None:
    api = importlib.import_module("hostile_api")
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        request.read()
        sent.append(request)
        return httpx.Response(200, json={'quote"d': "ok", "mood": "{% x %}"})

    http = httpx.Client(transport=httpx.MockTransport(handler))
    with api.Client(base_url="https://h.example", http_client=http, max_retries=0) as client:
        answer = client.things.it_s.do_import_os(
            id="1",
            quote_d='"""',
            q_uote="\\",
            x=7,
            odd_name="v",
            c_ookie="c",
            value="ש",
            mood="a\nb",
        )
        with pytest.raises(api.errors.RequestValidationError):
            client.things.it_s.do_import_os(id="1", quote_d="x", q_uote="os.system('x')")
    assert answer.quote_d == "ok" and answer.mood == "{% x %}"
    (request,) = sent
    assert request.url.raw_path.split(b"?")[0] == b"/things/1/it's%22q%5C"  # from "#": the fragment
    assert dict(request.url.params) == {"q\"uote'": "\\", "{{ x }}": "7"}
    assert request.headers["X-Odd'Name"] == "v"
    assert request.headers["cookie"] == 'c"ookie=c'
    assert json.loads(request.content) == {'quote"d': '"""', "שלום": "ש", "mood": "a\nb"}


def test_mypy_strict(out_dir: Path) -> None:
    result = mypy_run.run(mypy_run.packages(PACKAGES), cwd=out_dir, path=[out_dir])
    assert result.returncode == 0, result.stdout + result.stderr


# Issue 22 (Trojan Source): bidi controls and other invisible characters of spec text were
# written raw into the comments and docstrings of every file.
INVISIBLE = "\u202e\u2066\u2069\u200b\u200f\u061c\ufeff\u2028\u0085\U000e0041\ue000\u3164"
TROJAN = f"""openapi: 3.1.0
info:
  title: "Tro{INVISIBLE}jan"
  version: "1.0{INVISIBLE}"
  description: "desc{INVISIBLE}"
paths:
  /items/{{id}}:
    get:
      operationId: getItem
      summary: "Get {INVISIBLE} item"
      description: "Returns {INVISIBLE} it"
      parameters:
        - {{name: id, in: path, required: true, description: "id{INVISIBLE}", schema: {{type: string}}}}
        - {{name: q, in: query, description: "q{INVISIBLE}", schema: {{type: string}}}}
      responses:
        '200':
          description: "ok{INVISIBLE}"
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Item'}}
components:
  schemas:
    Item:
      type: object
      description: "Item{INVISIBLE}"
      properties:
        name: {{type: string, description: "name{INVISIBLE}", default: "d{INVISIBLE}"}}
        kind: {{$ref: '#/components/schemas/Kind'}}
    Kind:
      type: string
      description: "Kind{INVISIBLE}"
      enum: [a, "b{INVISIBLE}"]
"""


def test_invisible_characters_are_escaped_in_every_file(tmp_path: Path) -> None:
    spec = tmp_path / "trojan.yaml"
    spec.write_text(TROJAN, encoding="utf-8")
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        code = main(["generate", "--spec", str(spec), "--out", str(tmp_path / "out"), "--package", "trojan"])
    assert code == 0, stderr.getvalue()
    package = tmp_path / "out" / "trojan"
    texts = {
        p.relative_to(package).as_posix(): p.read_text(encoding="utf-8") for p in package.rglob("*") if p.is_file()
    }
    models = "".join(text for name, text in sorted(texts.items()) if name.startswith("models/"))
    for name, text in texts.items():
        raw = sorted({f"U+{ord(c):04X}" for c in text if c in INVISIBLE})
        assert raw == [], f"{name}: {raw}"
    # ... written as escapes instead, where the spec text went: docstrings, the header, the README.
    assert "Tro\\\\u202e\\\\u2066" in models and "\\\\U000e0041" in texts["_client.py"]
    assert "1.0\\u202e\\u2066" in texts["_version.py"]  # the API version: there and in the manifest only
    assert "Tro\\u202e\\u2066" in texts["README.md"]
    # The values themselves survive, through escaped literals.
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import typing; from trojan.models import Kind; print(ascii(list(typing.get_args(Kind))))",
        ],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == ascii(["a", f"b{INVISIBLE}".replace("\u0085", "\n")])  # YAML: NEL breaks lines
