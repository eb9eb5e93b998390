"""The client tests' driver: ``Api`` runs the same test code against ``Client`` and
``AsyncClient`` (fixture ``api``), and ``isolation`` keeps a test from the environment."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from botpress_client import AsyncClient, Client, _transport

from ..loopback import Loopback
from .auth_kinds import drive, kinds  # noqa: F401 - fixtures of the security schemes' tests

TOKEN = "sk-SECRET-token-4242"
BOT = "bot_1"
BP_VARS = ("BP_TOKEN", "BP_BOT_ID", "BP_WORKSPACE_ID", "BP_INTEGRATION_ID", "BP_API_URL", "BP_LOG")


class Api:
    """Drives ``Client`` or ``AsyncClient`` with the same synchronous test code.

    The async flavour runs every call on one event loop per test (the connection pool of an
    ``httpx.AsyncClient`` belongs to the loop it was first used on).
    """

    def __init__(self, kind: str, server: Loopback) -> None:
        self.is_async = kind == "async"
        self.cls: type[Client] | type[AsyncClient] = AsyncClient if self.is_async else Client
        self.server = server
        self.loop = asyncio.new_event_loop() if self.is_async else None
        self._clients: list[Any] = []

    def run(self, awaitable: Any) -> Any:
        assert self.loop is not None
        return self.loop.run_until_complete(awaitable)

    def new(self, **kwargs: Any) -> Any:
        """A client made from exactly these arguments (and the environment)."""
        client = self.cls(**kwargs)
        self._clients.append(client)
        return client

    def client(self, **kwargs: Any) -> Any:
        """A client of the loopback server, quick to give up."""
        kwargs.setdefault("base_url", self.server.url)
        kwargs.setdefault("token", TOKEN)
        kwargs.setdefault("bot_id", BOT)
        kwargs.setdefault("max_retries", 2)
        kwargs.setdefault("timeout", 5.0)
        return self.new(**kwargs)

    def call(self, client: Any, name: str, /, **kwargs: Any) -> Any:
        result = getattr(client, name)(**kwargs)
        return self.run(result) if self.is_async else result

    def raw(self, client: Any, name: str, /, **kwargs: Any) -> Any:
        return self.call(client.with_raw_response, name, **kwargs)

    def iterate(self, client: Any, name: str, /, **kwargs: Any) -> Iterator[Any]:
        """The items of an ``iter_*`` method, pulled one by one (lazily) in both flavours."""
        it = getattr(client, name)(**kwargs)
        if not self.is_async:
            yield from it
            return
        while True:
            try:
                yield self.run(it.__anext__())
            except StopAsyncIteration:
                return

    def close(self, client: Any) -> None:
        if self.is_async:
            self.run(client.close())
        else:
            client.close()

    def raises(self, exc: type[BaseException], fn: Callable[[], Any]) -> Any:
        with pytest.raises(exc) as info:
            fn()
        return info.value

    def teardown(self) -> None:
        for client in self._clients:
            self.close(client)
        if self.loop is not None:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()


@pytest.fixture(params=["sync", "async"])
def api(request: pytest.FixtureRequest, loopback: Loopback) -> Iterator[Api]:
    driver = Api(request.param, loopback)
    try:
        yield driver
    finally:
        driver.teardown()


@pytest.fixture
def isolation(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No BP_* variables from the outside, fast backoff, the package logger left as found."""
    for name in BP_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(_transport, "INITIAL_RETRY_DELAY", 0.001)
    logger = logging.getLogger("botpress_client")
    level, handlers = logger.level, list(logger.handlers)
    yield
    logger.setLevel(level)
    logger.handlers[:] = handlers
