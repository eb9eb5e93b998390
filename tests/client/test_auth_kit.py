"""The test kit knows authentication: ``FakeApi`` answers 401 to a request lacking the
credentials its operation requires, and ``api.client()`` configures a placeholder credential of
every scheme unless told otherwise."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from .. import mypy_run


def fake(kinds: tuple[ModuleType, list[str], Path]) -> Any:
    from auth_kinds.testing import FakeApi  # type: ignore[import-not-found]

    return FakeApi()


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_the_kits_clients_carry_a_placeholder_of_every_scheme(
    kinds: tuple[ModuleType, list[str], Path], flavour: str
) -> None:
    api = fake(kinds)
    names = ["with_header_key", "with_query_key", "with_cookie_key", "with_basic", "with_bearer"]
    names += ["with_signature", "read_with_client_credentials", "with_either", "with_both", "with_none"]
    if flavour == "sync":
        client = api.client()
        results = [getattr(client, name)() for name in names]
    else:
        import asyncio

        async def run() -> list[Any]:
            async with api.async_client() as client:
                return [await getattr(client, name)() for name in names]

        results = asyncio.run(run())
    assert len(results) == len(names) and not api.violations
    sent = {call.method: call.request for call in api.calls}
    assert sent["with_header_key"].headers["x-api-key"] == "fake-api-key-auth"
    assert sent["with_query_key"].url.params["api_key"] == "fake-api-key"
    assert sent["with_basic"].headers["authorization"].startswith("Basic ")
    assert sent["read_with_client_credentials"].headers["authorization"] == "Bearer fake-token"


def test_a_request_without_the_credentials_gets_the_apis_401(kinds: tuple[ModuleType, list[str], Path]) -> None:
    api = fake(kinds)
    http = httpx.Client(transport=api.transport, base_url=api.base_url)
    refused = http.get("/header")
    assert refused.status_code == 401 and "no credentials" in refused.json()["message"]
    assert http.get("/header", headers={"X-API-Key": "k"}).status_code == 200
    assert http.get("/query", params={"api_key": "k"}).status_code == 200
    assert http.get("/cookie", headers={"cookie": "SESSION=s"}).status_code == 200
    assert http.get("/signed", headers={"authorization": "HMAC-SHA256 sig"}).status_code == 200
    assert http.get("/signed", headers={"authorization": "Bearer sig"}).status_code == 401
    assert http.get("/both", headers={"X-API-Key": "k"}).status_code == 401  # AND: both needed
    assert http.get("/open").status_code == 200  # security: []
    assert http.get("/optional").status_code == 200  # {}
    assert not api.violations


def test_a_client_told_to_send_none_gets_the_401_as_an_error(kinds: tuple[ModuleType, list[str], Path]) -> None:
    api = fake(kinds)
    client = api.client(token=None, require_token=False)  # a proxy would add it: none here
    with pytest.raises(kinds[0].errors.AuthenticationError) as info:
        client.with_bearer()
    assert info.value.status_code == 401
    with pytest.raises(kinds[0].errors.MissingCredentialsError):
        api.client(api_key_auth=None).with_header_key()


def test_mypy_strict_accepts_user_code_passing_each_kind_of_credential(
    kinds: tuple[ModuleType, list[str], Path],
) -> None:
    root = kinds[2]
    user = root / "user_auth.py"
    user.write_text(textwrap.dedent("""
            import os

            from auth_kinds import AsyncClient, Client, errors


            def fresh() -> str:
                return os.environ.get("MY_TOKEN", "t")


            async def fresh_async() -> str:
                return fresh()


            def use() -> None:
                client = Client(
                    token=fresh,
                    api_key_auth="k",
                    api_key="q",
                    session="s",
                    basic_auth=("user", "password"),
                    hmac="sig",
                    client_id="id",
                    client_secret="secret",
                    require_token=None,
                )
                client.with_options(token="plain", basic_auth=None).with_basic()
                try:
                    client.with_either()
                except errors.MissingCredentialsError as exc:
                    print(exc.alternatives, exc.operation)


            async def use_async() -> None:
                async with AsyncClient(token=fresh_async, api_key="q") as client:
                    await client.with_query_key()
                AsyncClient(token=fresh, require_token=True)
            """))
    bad = root / "user_bad.py"
    bad.write_text("from auth_kinds import Client\n\nClient(basic_auth='user:password', token=42)\n")
    done = mypy_run.run([user.name, bad.name], cwd=root, path=[root])  # one run: both files
    assert done.returncode == 1, done.stdout + done.stderr
    refused = mypy_run.errors(done, bad)
    assert mypy_run.errors(done) == refused, done.stdout  # the package and the good user code pass
    assert any("basic_auth" in e for e in refused) and any("token" in e for e in refused), done.stdout
