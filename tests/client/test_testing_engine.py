"""The fake API's engine (generator/runtime/testing/_testing.py, _fake_wire.py) over an operation
table built by hand: what the generated ``testing`` module lists for a real spec, here for a
tiny API of two operations, with a client written the way the generated one is."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from generator.runtime._async_client import AsyncClientBase
from generator.runtime._auth import Scheme
from generator.runtime._base_client import SyncClientBase
from generator.runtime._exceptions import (
    ApiConnectionError,
    ApiTimeoutError,
    NotFoundError,
    RateLimitError,
    RequestValidationError,
    _Mismatch,
)
from generator.runtime._settings import Config, make_timeout
from generator.runtime._transport import Operation, RequestOptions
from generator.runtime._types import UNSET
from generator.runtime.testing._fake_pages import FakePaging
from generator.runtime.testing._testing import (
    FakeApiBase,
    FakeOperation,
    FakeParam,
    InvalidStub,
    OperationStub,
    SpecViolation,
)


@dataclass
class Thing:
    id: str
    size: int

    @classmethod
    def from_dict(cls, data: Any) -> Thing:
        return cls(id=data["id"], size=data["size"])

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "size": self.size}


def _check_thing(data: Any) -> None:
    if not isinstance(data, dict):
        raise _Mismatch("", "expected object")
    for member, kind in (("id", str), ("size", int)):
        if member not in data:
            raise _Mismatch(member, "required")
        if not isinstance(data[member], kind):
            raise _Mismatch(member, f"expected {'string' if kind is str else 'integer'}")


def _check_page(data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("things"), list):
        raise _Mismatch("things", "required")
    for n, item in enumerate(data["things"]):
        try:
            _check_thing(item)
        except _Mismatch as exc:
            raise exc.under(f"things[{n}]") from None


def _validate_put(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    v = path.get("id", UNSET)
    if isinstance(v, str) and len(v) > 8:
        raise RequestValidationError("id", "at most 8 characters")
    if not isinstance(body, dict):
        raise RequestValidationError("body", "must be an object")
    for key in body:
        if key not in ("size", "label"):
            raise RequestValidationError(key, "unknown member (no other members allowed)")
    if not isinstance(body.get("size"), int):
        raise RequestValidationError("size", "must be an integer")


def _validate_list(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    limit = query.get("limit", UNSET)
    if limit is not UNSET and (not isinstance(limit, int) or limit > 50):
        raise RequestValidationError("limit", "at most 50")


PUT = Operation(
    "putThing",
    "PUT",
    "/v1/things/{id}",
    True,
    (("x-bot-id", "bot_id"),),
    _validate_put,
    check_response=_check_thing,
)
LIST = Operation("listThings", "GET", "/v1/things", True, (), _validate_list, check_response=_check_page)
POST = Operation("pokeThing", "POST", "/v1/things/{id}/poke", False, (), None)

FAKE_OPS = (
    FakeOperation(
        PUT,
        "put_thing",
        params=(
            FakeParam("id", "id", "path", required=True),
            FakeParam("bot_id", "x-bot-id", "header", required=True),
        ),
        body_members=(("size", "size"), ("label", "label")),
        body_required=True,
        decode=Thing.from_dict,
        default={"id": "id", "size": 0},
    ),
    FakeOperation(
        LIST,
        "list_things",
        params=(
            FakeParam("next_token", "nextToken", "query"),
            FakeParam("limit", "limit", "query", "integer"),
            FakeParam("tags", "tags", "query", "array"),
        ),
        decode=lambda data: data,
        default={"things": [], "meta": {}},
        paging=FakePaging("next_token", "things", ("meta", "nextToken")),
    ),
    FakeOperation(POST, "poke_thing", params=(FakeParam("id", "id", "path", required=True),)),
)


class TinyClient(SyncClientBase):
    def __init__(
        self,
        *,
        http_client: httpx.Client,
        token: str | None = None,
        base_url: httpx.URL,
        bot_id: str | None = None,
        max_retries: int = 2,
        validate_requests: bool = True,
        total_timeout: float | None = None,
    ) -> None:
        options = (("x-bot-id", bot_id),) if bot_id else ()
        self._setup(
            Config(
                token,
                base_url,
                make_timeout(UNSET),
                max_retries,
                options,
                validate_requests=validate_requests,
                total_timeout=total_timeout,
            ),
            http_client,
        )

    def put_thing(self, *, id: str, size: Any, bot_id: Any = UNSET, **extra: Any) -> Thing:
        return self._request(
            PUT,
            path={"id": id},
            query={},
            headers={"x-bot-id": bot_id},
            body={"size": size, **extra},
            decode=Thing.from_dict,
            options=RequestOptions(),
        )

    def list_things(self, *, next_token: Any = UNSET, limit: Any = UNSET, tags: Any = UNSET) -> Any:
        return self._request(
            LIST,
            path={},
            query={"nextToken": next_token, "limit": limit, "tags": tags},
            headers={},
            body=None,
            decode=lambda d: d,
            options=RequestOptions(),
        )

    def iter_things(self, **args: Any) -> Iterator[Any]:
        token: Any = UNSET
        while True:
            page = self.list_things(next_token=token, **args)
            yield from page["things"]
            token = page["meta"].get("nextToken")
            if not token:
                return

    def poke_thing(self, *, id: str) -> Any:
        return self._request(
            POST,
            path={"id": id},
            query={},
            headers={},
            body=None,
            decode=None,
            options=RequestOptions(),
        )


class TinyAsyncClient(AsyncClientBase):
    def __init__(
        self,
        *,
        http_client: httpx.AsyncClient,
        token: str | None = None,
        base_url: httpx.URL,
        bot_id: str | None = None,
        max_retries: int = 2,
        validate_requests: bool = True,
    ) -> None:
        options = (("x-bot-id", bot_id),) if bot_id else ()
        config = Config(
            token,
            base_url,
            make_timeout(UNSET),
            max_retries,
            options,
            validate_requests=validate_requests,
        )
        self._setup(config, http_client)

    async def put_thing(self, *, id: str, size: Any, bot_id: Any = UNSET) -> Thing:
        return await self._request(
            PUT,
            path={"id": id},
            query={},
            headers={"x-bot-id": bot_id},
            body={"size": size},
            decode=Thing.from_dict,
            options=RequestOptions(),
        )


class FakeTiny(FakeApiBase):
    _operations = FAKE_OPS
    _rate_limited_type = "RateLimited"
    _unauthorized_type = "Unauthorized"
    _schemes = (Scheme("bearerAuth", "bearer", "token"),)
    _security = ((("bearerAuth", ()),),)

    def __init__(self) -> None:
        super().__init__()
        self.put_thing: OperationStub[Thing] = OperationStub(self, "put_thing")
        self.list_things: OperationStub[Any] = OperationStub(self, "list_things")
        self.poke_thing: OperationStub[None] = OperationStub(self, "poke_thing")

    def client(self, **options: Any) -> TinyClient:
        return self._connect(TinyClient, options)

    def async_client(self, **options: Any) -> TinyAsyncClient:
        return self._connect(TinyAsyncClient, options, sync=False)


@pytest.fixture
def api() -> FakeTiny:
    return FakeTiny()


def test_default_answer_and_call_log(api: FakeTiny) -> None:
    client = api.client(bot_id="b1")
    assert client.put_thing(id="t1", size=3) == Thing("id", 0)
    assert [c.method for c in api.calls] == ["put_thing"]
    call = api.calls[0]
    assert call.arguments == {"id": "t1", "bot_id": "b1", "size": 3}
    assert call.headers["authorization"] == "Bearer fake-token"
    api.put_thing.assert_called_once()
    api.put_thing._assert_called_once_with(id="t1", size=3)
    api.list_things.assert_not_called()


def test_typed_answers_in_sequence_and_when(api: FakeTiny) -> None:
    api.put_thing.returns(Thing("a", 1), {"id": "b", "size": 2})
    api.put_thing._when(id="x").returns(Thing("x", 9))
    client = api.client(bot_id="b1")
    assert client.put_thing(id="t", size=1) == Thing("a", 1)
    assert client.put_thing(id="x", size=1) == Thing("x", 9)
    assert client.put_thing(id="t", size=1) == Thing("b", 2)
    assert client.put_thing(id="t", size=1) == Thing("b", 2)  # the last one repeats


def test_a_stub_breaking_the_schema_fails_at_once_naming_the_path(api: FakeTiny) -> None:
    with pytest.raises(InvalidStub, match=r"put_thing .*'size': expected integer"):
        api.put_thing.returns({"id": "a", "size": "big"})
    with pytest.raises(InvalidStub, match=r"things\[1\].id"):
        api.list_things.returns({"things": [{"id": "a", "size": 1}, {"size": 1}], "meta": {}})


def test_requests_are_checked_even_without_client_validation(api: FakeTiny) -> None:
    client = api.client(bot_id="b1", validate_requests=False)
    with pytest.raises(SpecViolation) as caught:
        client.put_thing(id="much-too-long", size=1)
    assert (caught.value.field, caught.value.rule) == ("id", "at most 8 characters")
    assert "put_thing (PUT /v1/things/{id})" in str(caught.value)
    with pytest.raises(SpecViolation, match="colour: unknown member"):
        client.put_thing(id="t", size=1, colour="red")
    with pytest.raises(SpecViolation, match="limit: at most 50"):
        client.list_things(limit=80)
    assert len(api.violations) == 3 and not api.calls
    with pytest.raises(AssertionError, match="requests the API would refuse"):
        api.verify()


def test_missing_header_and_token_raise(api: FakeTiny) -> None:
    http = httpx.Client(transport=api.transport, base_url=api.base_url)
    with pytest.raises(SpecViolation, match=r"bot_id: required \(header 'x-bot-id'\)"):
        http.put("/v1/things/t", json={"size": 1}, headers={"authorization": "Bearer x"})
    refused = http.put("/v1/things/t", json={"size": 1}, headers={"x-bot-id": "b"})  # no token
    assert refused.status_code == 401 and refused.json()["type"] == "Unauthorized"
    assert http.put("/v1/things/t", json={"size": 1}, headers={"authorization": "Basic x"}).status_code == 401
    assert len(api.violations) == 1 and not api.calls  # the 401s: the API's answer, no violation
    with pytest.raises(SpecViolation, match="no such path"):
        http.get("/v2/nothing", headers={"authorization": "Bearer x"})
    with pytest.raises(SpecViolation, match=r"method not allowed \(only PUT\)"):
        http.delete("/v1/things/t", headers={"authorization": "Bearer x"})


def test_query_values_are_read_back_to_their_types(api: FakeTiny) -> None:
    client = api.client()
    client.list_things(limit=20, tags=["a", "b"])
    api.list_things._assert_called_with(limit=20, tags=["a", "b"])
    with pytest.raises(AssertionError, match=r"limit: expected 21, got 20"):
        api.list_things._assert_called_with(limit=21)
    with pytest.raises(AssertionError, match=r"no call with limit=3"):
        api.list_things._assert_any_call(limit=3)
    with pytest.raises(TypeError, match="has no argument colour"):
        api.list_things._when(colour="red")


def test_fail_twice_then_succeed_without_real_sleeping(api: FakeTiny) -> None:
    api.put_thing.fails(status=503, times=2).returns(Thing("ok", 1))
    client = api.client(bot_id="b")
    started = time.monotonic()
    assert client.put_thing(id="t", size=1) == Thing("ok", 1)
    assert time.monotonic() - started < 0.5
    assert api.put_thing.call_count == 3 and len(api.clock.sleeps) == 2


def test_rate_limited_with_retry_after(api: FakeTiny) -> None:
    api.put_thing.rate_limited(retry_after=7).returns(Thing("ok", 1))
    client = api.client(bot_id="b")
    assert client.put_thing(id="t", size=1) == Thing("ok", 1)
    assert api.clock.sleeps == [7.0] and api.clock.now == 7.0
    api.put_thing.rate_limited(retry_after=1, times=5)
    with pytest.raises(RateLimitError) as caught:
        client.put_thing(id="t", size=1)
    assert caught.value.type == "RateLimited" and caught.value.headers["retry-after"] == "1"


def test_total_timeout_counts_the_fake_clock(api: FakeTiny) -> None:
    api.put_thing.rate_limited(retry_after=30, times=3).returns(Thing("ok", 1))
    client = api.client(bot_id="b", total_timeout=10)
    with pytest.raises(RateLimitError):
        client.put_thing(id="t", size=1)
    assert api.clock.sleeps == []


def test_errors_in_the_api_shape(api: FakeTiny) -> None:
    api.put_thing.fails(status=404, type="ResourceNotFound", message="no thing")
    with pytest.raises(NotFoundError) as caught:
        api.client(bot_id="b").put_thing(id="t", size=1)
    assert (caught.value.type, caught.value.message) == ("ResourceNotFound", "no thing")
    assert caught.value.id == "err_fake_1"


def test_network_errors_and_timeouts(api: FakeTiny) -> None:
    client = api.client(bot_id="b")
    api.put_thing.network_error(times=2).returns(Thing("ok", 1))
    assert client.put_thing(id="t", size=1) == Thing("ok", 1)
    api.put_thing.timeout(times=3)
    with pytest.raises(ApiTimeoutError):
        client.put_thing(id="t", size=1)
    api.poke_thing.network_error()
    with pytest.raises(ApiConnectionError):  # not idempotent, but never reached the server
        client.poke_thing(id="t")
    assert api.poke_thing.call_count == 3


def test_pages_chained_by_tokens(api: FakeTiny) -> None:
    a, b, c = Thing("a", 1), Thing("b", 2), {"id": "c", "size": 3}
    api.list_things._pages([a, b], [c], [])
    client = api.client()
    assert [t["id"] for t in client.iter_things()] == ["a", "b", "c"]
    assert [call.arguments.get("next_token") for call in api.list_things.calls] == [
        None,
        "fake-page-2",
        "fake-page-3",
    ]
    with pytest.raises(AssertionError, match="never handed out"):
        client.list_things(next_token="bogus")
    with pytest.raises(InvalidStub, match=r"things\[0\]"):
        api.list_things._pages([{"id": 1}])
    with pytest.raises(TypeError, match="not a list operation"):
        api.put_thing._pages([a])


def test_reset_forgets_everything(api: FakeTiny) -> None:
    api.put_thing.returns(Thing("a", 1))
    client = api.client(bot_id="b")
    client.put_thing(id="t", size=1)
    api.reset()
    assert not api.calls and client.put_thing(id="t", size=1) == Thing("id", 0)


def test_async_client(api: FakeTiny) -> None:
    async def main() -> None:
        api.put_thing.rate_limited(retry_after=3).returns(Thing("ok", 1))
        client = api.async_client(bot_id="b", validate_requests=False)
        assert await client.put_thing(id="t", size=1) == Thing("ok", 1)
        with pytest.raises(SpecViolation, match="id: at most 8"):
            await client.put_thing(id="far-too-long", size=1)
        await client.close()

    started = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - started < 1.0 and api.clock.sleeps == [3.0]
    assert api.put_thing.call_count == 2


TEXT = Operation("getText", "GET", "/v1/text", True, response="text")
BYTES = Operation("getBytes", "GET", "/v1/bytes", True, response="bytes")


class FakeRaw(FakeApiBase):
    _operations = (
        FakeOperation(
            TEXT,
            "get_text",
            params=(
                FakeParam("session", "session", "cookie", required=True),
                FakeParam("filter", "filter", "query", "object", required=True),
            ),
        ),
        FakeOperation(BYTES, "get_bytes"),
    )


def test_text_and_bytes_answers_cookies_and_spread_parameters() -> None:
    api = FakeRaw()
    http = httpx.Client(transport=api.transport, base_url=api.base_url)
    auth = {"authorization": "Bearer t"}
    with pytest.raises(SpecViolation, match=r"session: required \(cookie 'session'\)"):
        http.get("/v1/text", headers=auth)
    response = http.get("/v1/text?filter[a]=1", headers={**auth, "cookie": "session=s1"})
    assert response.text == "" and api.calls[-1].arguments == {"session": "s1"}
    assert http.get("/v1/bytes", headers=auth).content == b""
    OperationStub(api, "get_text").returns("hello")
    assert http.get("/v1/text", headers={**auth, "cookie": "session=s"}).text == "hello"
    with pytest.raises(InvalidStub, match="must be bytes"):
        OperationStub(api, "get_bytes").returns("text")
    OperationStub(api, "get_bytes").returns(b"\x00\x01")
    assert http.get("/v1/bytes", headers=auth).content == b"\x00\x01"


def _validate_form(
    path: Mapping[str, object],
    query: Mapping[str, object],
    headers: Mapping[str, object],
    body: Any,
) -> None:
    if query.get("mode", "a") not in ("a", "b"):
        raise RequestValidationError("mode", 'one of "a", "b"')
    if not isinstance(body, dict):
        raise RequestValidationError("body", "must be an object")


FORM = Operation("sendForm", "POST", "/v1/form", False, (), _validate_form, encoding="form")


class FakeForm(FakeApiBase):
    _operations = (
        FakeOperation(
            FORM,
            "send_form",
            params=(FakeParam("mode", "mode", "query"),),
            body_members=(("name", "name"),),
        ),
    )


def test_form_bodies_are_not_read_back_but_parameters_are_checked() -> None:
    api = FakeForm()
    http = httpx.Client(transport=api.transport, base_url=api.base_url)
    auth = {"authorization": "Bearer t"}
    assert http.post("/v1/form", data={"name": "x"}, headers=auth).status_code == 200
    with pytest.raises(SpecViolation, match='mode: one of "a", "b"'):
        http.post("/v1/form?mode=z", data={"name": "x"}, headers=auth)


MARK = Operation("putMark", "PUT", "/v1/marks/{row}", True, (), None)


class FakeMark(FakeApiBase):
    _operations = (
        FakeOperation(
            MARK,
            "put_mark",
            params=(FakeParam("row", "row", "path", "integer", required=True),),
            body_members=(("", "body"),),
            body_required=True,
        ),
    )


def test_a_whole_body_argument_and_typed_path_parameters() -> None:
    api = FakeMark()
    http = httpx.Client(transport=api.transport, base_url=api.base_url)
    http.put("/v1/marks/3", json="X", headers={"authorization": "Bearer t"})
    assert api.calls[0].arguments == {"row": 3, "body": "X"}
    with pytest.raises(SpecViolation, match="body: required"):
        http.put("/v1/marks/3", headers={"authorization": "Bearer t"})
