"""Issue 34: one small document per class of input that real documents broke the generator with
(tests/fixtures/defects/<name>.yaml). Each is generated, imported and exercised through the
client with a recording transport; mypy --strict runs once over all of them."""

from __future__ import annotations

import importlib
import inspect
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest

from generator.pipeline import generate
from generator.write.files import write_package

from .. import mypy_run
from ..conftest import FIXTURES
from .test_constructs import Recorder, client_of

DEFECTS = FIXTURES / "defects"
SPECS = {p.stem: p for p in DEFECTS.glob("*.yaml")}
PREFIX = "defect_"
WARNINGS: dict[str, list[str]] = {
    "contradictions": [
        'enum lists no value of type integer ("BASIC", "FULL"); ignored',
        'enum lists no value of type array ("red", "green"); ignored',
        'enum values "two" are not of type integer; ignored',
        "no number is within the bounds (>= 10 and <= 5); none of them is checked",
        "minLength 8 is above maxLength 2: no value has both; neither is checked",
        "minItems 3 is above maxItems 1: no value has both; neither is checked",
        "format date-time applies to strings only, and the type is integer; ignored",
        "pattern applies to strings only, and the type is integer; ignored",
        "the rule 'at least 3 characters' refuses the enum's value \"a\"; not checked",
        "enum lists no value of type boolean (1, 0); ignored",
        "no number is within the bounds (> 3 and <= 3); none of them is checked",
    ],
    "authorization_headers": [
        "header parameter Authorization is set by the client from the credential the operation's security"
        " requirement names; not an argument"
    ],
    "shadowing_namespaces": [
        "method 'list' of namespace 'drives' is not unique there; keeps its whole name 'list_drives'"
    ],
    "wildcard_bodies": [
        "header parameter Content-Type is set by the client from the body's media type; not an argument",
        "header parameter Content-Length is set by the client from the body; not an argument",
        "invalid OpenAPI: None is not of type 'object'; read leniently",
        "invalid OpenAPI: 42 is not of type 'object'; read leniently",
        "header parameter Content-Type is set by the client from the body's media type; not an argument",
        "header parameter Accept is set by the client from the media types the operation answers; not an argument",
    ],
}


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("defects")
    sys.path.insert(0, str(out))
    try:
        yield out
    finally:
        sys.path.remove(str(out))
        for module in [m for m in sys.modules if m.startswith(PREFIX)]:
            del sys.modules[module]


@pytest.fixture(scope="module")
def build(out_dir: Path) -> Callable[[str], ModuleType]:
    """``build(name)``: the package of defects/<name>.yaml, generated once, imported."""
    built: dict[str, ModuleType] = {}

    def get(name: str) -> ModuleType:
        if name not in built:
            _, files, found = generate(str(SPECS[name]), PREFIX + name)
            assert [w.message for w in found] == WARNINGS.get(name, [])
            write_package(files, out_dir / (PREFIX + name))
            built[name] = importlib.import_module(PREFIX + name)
        return built[name]

    return get


def test_every_fixture_is_exercised() -> None:
    tested = {name[len("test_") :] for name in globals() if name.startswith("test_")}
    assert set(SPECS) <= tested


def test_required_array_query(build: Callable[[str], ModuleType]) -> None:
    """A required, deprecated array argument: warned about on every call (never compared with
    UNSET, which mypy proves pointless), sent exploded."""
    pkg = build("required_array_query")
    rec = Recorder(body={"count": 2})
    with client_of(pkg, rec) as client:
        with pytest.warns(DeprecationWarning, match=r"^argument fields of reports\.list is deprecated$"):
            assert client.reports.list_reports(fields=["name", "size"], sort="asc").count == 2
        with pytest.raises(pkg.errors.RequestValidationError, match="fields"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            client.reports.list_reports(fields=["nope"], sort="asc")
    assert parse_qs(rec.last.url.query.decode()) == {"fields": ["name", "size"], "sort": ["asc"]}
    assert len(rec.requests) == 1


def test_contradictions(build: Callable[[str], ModuleType]) -> None:
    """A keyword contradicting its own schema is dropped (one warning each): every argument has a
    value the client sends, and the types are the schemas' own (``int``, not a string enum)."""
    pkg = build("contradictions")
    hints = inspect.signature(importlib.import_module(pkg.__name__ + "._resources.things").Things.find).parameters
    assert [str(hints[name].annotation) for name in ("level", "tags", "flags")] == [
        "int | Unset",
        "list[str] | Unset",
        "bool | Unset",
    ]
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.things.find(level=3, tags=["blue"], mixed=3, score=7.5, code="abcde", ids=[1, 2], count=5)
        client.things.find(word="a", size=3, flags=True)
        assert rec.json() == {"size": 3, "flags": True}
        assert parse_qs(rec.requests[0].url.query.decode())["level"] == ["3"]
        with pytest.raises(pkg.errors.RequestValidationError, match="mixed"):
            client.things.find(mixed=2)  # the enum's values of its type still hold
        with pytest.raises(pkg.errors.RequestValidationError, match="word"):
            client.things.find(word="c")  # type: ignore[arg-type]
    assert len(rec.requests) == 2


def test_wildcard_bodies(build: Callable[[str], ModuleType]) -> None:
    """``*/*`` and ``application/*`` bodies are bytes unless their schema says JSON; a
    ``Content-Type`` argument wins over the body's media type, ``Content-Length`` is the body's."""
    pkg = build("wildcard_bodies")
    assert (
        "content_length"
        not in inspect.signature(importlib.import_module(pkg.__name__ + "._resources.blobs").Blobs.put).parameters
    )
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.blobs.put(id="b1", content_type="image/png", body=b"\x89PNG")
        sent = rec.last
        assert sent.content == b"\x89PNG" and sent.headers.get_list("content-type") == ["image/png"]
        assert sent.headers.get_list("content-length") == ["4"]
        client.blobs.post_any_application(body=b"abc")
        assert rec.last.headers["content-type"] == "application/octet-stream" and rec.last.content == b"abc"
        client.documents.post_wildcard_json(name="n")
        assert rec.json() == {"name": "n"} and rec.last.headers["content-type"] == "application/json"
        client.blobs.post_any_application(body=b"abc", extra_headers={"Content-Type": "application/zip"})
        assert rec.last.headers.get_list("content-type") == ["application/zip"]


def test_accept_and_content_type_parameters_are_the_clients(build: Callable[[str], ModuleType]) -> None:
    """OpenAPI ignores a header parameter named Accept or Content-Type: the client sends the media
    types the document gives (d7networks declares both, required; a value of the caller's made
    the body unreadable to the server)."""
    pkg = build("wildcard_bodies")
    sent = importlib.import_module(pkg.__name__ + "._resources.send").Send.send
    assert {"content_type", "accept"}.isdisjoint(inspect.signature(sent).parameters)
    rec = Recorder(status=200, body={"id": "m1"})
    with client_of(pkg, rec) as client:
        assert client.send.send(to="x").id == "m1"
        assert rec.json() == {"to": "x"} and rec.last.headers.get_list("content-type") == ["application/json"]
        assert "application/vnd.acme+json" in rec.last.headers["accept"]
    # a body not marked required with a required member is sent by every call (VTEX's): the client's
    put = importlib.import_module(pkg.__name__ + "._resources.accounts").Accounts.put
    assert "content_type" not in inspect.signature(put).parameters
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.accounts.put(id="a", email="e@x")
        assert rec.json() == {"email": "e@x"} and rec.last.headers["content-type"] == "application/json"
    # a bodiless call carries the Content-Type it declares (VTEX's; Prism asks for it): an argument
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.profiles.get(id="p", content_type="application/json")
        assert rec.last.headers["content-type"] == "application/json" and rec.last.content == b""


def test_list_unions(build: Callable[[str], ModuleType]) -> None:
    """``anyOf: [array of User, array of Star]`` (GitHub's stargazers): both members pass
    ``isinstance(data, list)``, so the decoder tries the first and reads the second when it does
    not fit; what fits neither is a decode error naming the answer."""
    pkg = build("list_unions")
    star = {"starred_at": "2020-01-01T00:00:00Z", "user": {"login": "a", "avatar_url": "b"}}
    with client_of(pkg, Recorder(status=200, body=[star])) as client:
        (read,) = client.s.list_stargazers()
        assert type(read).__name__ == "Star" and read.user.login == "a"
    with client_of(pkg, Recorder(status=200, body=[{"login": "a", "avatar_url": "b"}])) as client:
        assert type(client.s.list_stargazers()[0]).__name__ == "User"
    with client_of(pkg, Recorder(status=200, body=[{"nothing": 1}])) as client:
        with pytest.raises(pkg.ResponseDecodeError):
            client.s.list_stargazers()


def test_redirect_answers(build: Callable[[str], ModuleType]) -> None:
    """An operation that declares a 3XX answer and no 2XX one answers with it: not an error (the
    client does not follow redirects; the caller reads where to). Elsewhere a 3XX stays an error."""
    pkg = build("redirect_answers")
    with client_of(pkg, Recorder(status=302)) as client:
        assert client.repos.tarball.download(repo="r") is None
    with client_of(pkg, Recorder(status=404)) as client, pytest.raises(pkg.errors.NotFoundError):
        client.repos.tarball.download(repo="r")
    with client_of(pkg, Recorder(status=301)) as client, pytest.raises(pkg.errors.ApiError) as caught:
        client.repos.get(repo="r")
    assert caught.value.status_code == 301


def test_date_members(build: Callable[[str], ModuleType]) -> None:
    """A string of ``format: date`` is an RFC 3339 full-date: a date-time, a week date or a
    compact date is refused before it is sent, naming the member; a full-date goes out as given."""
    pkg = build("date_members")
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.bookings.create(start="2024-02-29", nights=["2024-03-01"], day="2024-01-31")
        assert rec.json() == {"start": "2024-02-29", "nights": ["2024-03-01"]}
        refused = {
            "start": {"start": "2025-10-15T13:51:55.171Z"},
            "nights[0]": {"start": "2024-01-01", "nights": ["20240102"]},
            "day": {"start": "2024-01-01", "day": "2024-02-30"},
        }
        for where, kwargs in refused.items():
            with pytest.raises(
                pkg.errors.RequestValidationError, match=r"must be an ISO 8601 date \(YYYY-MM-DD\)"
            ) as e:
                client.bookings.create(**kwargs)
            assert where in str(e.value)
    assert len(rec.requests) == 1


def test_authorization_headers(build: Callable[[str], ModuleType]) -> None:
    """An ``Authorization`` header parameter of an operation whose security requirement has the
    client send a credential is the client's to set (OpenAPI ignores it): not an argument, so the
    token is never overwritten; where no scheme applies, it stays the argument that sends it."""
    pkg = build("authorization_headers")
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        assert "authorization" not in inspect.signature(client.accounts.list).parameters
        client.accounts.list(fapi_interaction_id="i")
        client.legacy.get(authorization="Basic dTpw")
    assert rec.requests[0].headers["authorization"] == "Bearer tok"
    assert rec.requests[1].headers["authorization"] == "Basic dTpw"


def test_shadowing_namespaces(build: Callable[[str], ModuleType]) -> None:
    """A namespace named as a builtin or module its class's annotations read (Graph's
    ``drives.list``: ``list[...]`` then named the namespace for mypy) keeps its name, defined at the
    end of its class; a namespace named as a sibling's module (``identity.identity_providers``
    beside ``identity.providers``, module ``identity_providers``) too: the modules are imported
    under ``_ns_`` names. ``test_mypy_strict`` type-checks them."""
    pkg = build("shadowing_namespaces")
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.drives.list.get(id="d")
        client.drives.dict.get(id="d")
        client.drives.models.get(id="d")
        client.list.get(ids=[1, 2])
        client.identity.identity_providers.list_identity_providers(ids=[3])
        client.identity.providers.list_providers()
        client.drives.update(id="d", special=["a"], extra={"k": 1})
    sent = [f"{r.method} {r.url.path}" for r in rec.requests]
    assert sent == [
        *("GET /drives/d/list", "GET /drives/d/dict", "GET /drives/d/models", "GET /list"),
        *("GET /identity/identityProviders", "GET /identity/providers", "PATCH /drives/d"),
    ]


def test_schemaless_json_bodies(build: Callable[[str], ModuleType]) -> None:
    """A JSON media type with a null, missing or invalid schema: any JSON, never a file upload."""
    pkg = build("wildcard_bodies")
    rec = Recorder(status=204)
    with client_of(pkg, rec) as client:
        client.events.post(body={"kind": "created", "ids": [1, 2]})
        assert rec.json() == {"kind": "created", "ids": [1, 2]}
        assert rec.last.headers["content-type"] == "application/json"
        client.notes.post(body=["a", 1])
        assert rec.json() == ["a", 1]
        client.labels.post(body="text")
        assert rec.json() == "text"
        client.events.post(body={"a": 1}, extra_body={"b": 2})
        assert rec.json() == {"a": 1, "b": 2}
        client.notes.post(extra_body={"b": 2})  # no body given: the extra members are the body
        assert rec.json() == {"b": 2}
        sent = len(rec.requests)
        with pytest.raises(pkg.errors.RequestValidationError, match=r"extra_body.*not a JSON object"):
            client.notes.post(body=[1], extra_body={"b": 2})
        with pytest.raises(pkg.errors.RequestValidationError, match=r"extra_body.*bytes or text"):
            client.blobs.put(id="b", content_type="image/png", body=b"x", extra_body={"b": 2})
        with pytest.raises(pkg.errors.RequestValidationError, match=r"extra_body.*bytes or text"):
            client.blobs.post_any_application(extra_body={"b": 2})
    assert len(rec.requests) == sent  # refused before anything was sent


class Pages(Recorder):
    """Answers each request with the page its ``nextToken`` names (the first page without)."""

    def __init__(self, pages: dict[str, Any]) -> None:
        super().__init__()
        self.pages = pages

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(200, json=self.pages[request.url.params.get("nextToken", "")])


def test_optional_pages(build: Callable[[str], ModuleType]) -> None:
    """A page whose items or ``meta`` are optional (or nullable): its iterator reads a missing
    or null member as no items / no next page (mypy --strict accepts it: ``test_mypy_strict``)."""
    pkg = build("optional_pages")
    notes = Pages(
        {"": {"notes": [{"id": "a"}], "meta": {"nextToken": "t2"}}, "t2": {"meta": {"nextToken": "t3"}}, "t3": {}}
    )
    with client_of(pkg, notes) as client:
        assert [note.id for note in client.notes.iter()] == ["a"]
    assert [r.url.params.get("nextToken") for r in notes.requests] == [None, "t2", "t3"]
    tasks = Pages({"": {"tasks": [{"id": "b"}], "meta": {"nextToken": "t2"}}, "t2": {"tasks": None, "meta": None}})
    with client_of(pkg, tasks) as client:
        assert [task.id for task in client.tasks.iter()] == ["b"]
    assert len(tasks.requests) == 2


# -- the whole set under mypy --strict ---------------------------------------------------


def test_mypy_strict(build: Callable[[str], ModuleType], out_dir: Path) -> None:
    for name in sorted(SPECS):
        build(name)
    result = mypy_run.run(mypy_run.packages(PREFIX + n for n in sorted(SPECS)), cwd=out_dir, path=[out_dir])
    assert result.returncode == 0, result.stdout + result.stderr
