"""The package generated from ``tests/fixtures/security/auth.yaml`` (one operation per kind of
credential), and a driver running the same test code on its ``Client`` and ``AsyncClient``."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.pipeline import generate
from generator.write.files import write_package

from ..loopback import Loopback

SPEC = Path(__file__).parent.parent / "fixtures" / "security" / "auth.yaml"
PACKAGE = "auth_kinds"
ENV_VARS = tuple(
    f"ACME_{name}"
    for name in ("TOKEN", "API_KEY_AUTH", "API_KEY", "SESSION", "BASIC_AUTH", "HMAC", "CLIENT_ID", "CLIENT_SECRET")
)


def build(root: Path) -> tuple[ModuleType, list[str]]:
    """Generate the package under ``root`` and import it; also the generation's warnings."""
    _, files, warnings = generate(str(SPEC), PACKAGE, env_prefix="ACME")
    write_package(files, root / PACKAGE)
    sys.path.insert(0, str(root))
    return importlib.import_module(PACKAGE), [str(w) for w in warnings]


def forget(root: Path) -> None:
    sys.path.remove(str(root))
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


@pytest.fixture(scope="session")
def kinds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, list[str], Path]]:
    root = tmp_path_factory.mktemp("auth_kinds")
    module, warnings = build(root)
    try:
        yield module, warnings, root
    finally:
        forget(root)


class Driver:
    """``Client`` or ``AsyncClient`` of the package, driven by the same synchronous code."""

    def __init__(self, module: ModuleType, kind: str, server: Loopback) -> None:
        self.module = module
        self.is_async = kind == "async"
        self.cls = module.AsyncClient if self.is_async else module.Client
        self.server = server
        self.loop = asyncio.new_event_loop() if self.is_async else None
        self.clients: list[Any] = []

    def run(self, awaitable: Any) -> Any:
        assert self.loop is not None
        return self.loop.run_until_complete(awaitable)

    def client(self, **kwargs: Any) -> Any:
        kwargs.setdefault("base_url", self.server.url + "/api")
        kwargs.setdefault("max_retries", 0)
        kwargs.setdefault("timeout", 5.0)
        client = self.cls(**kwargs)
        self.clients.append(client)
        return client

    def call(self, client: Any, name: str, /, **kwargs: Any) -> Any:
        result = getattr(client, name)(**kwargs)
        return self.run(result) if self.is_async else result

    def close(self) -> None:
        for client in self.clients:
            if self.is_async:
                self.run(client.close())
            else:
                client.close()
        if self.loop is not None:
            self.loop.close()


@pytest.fixture(params=["sync", "async"])
def drive(
    request: pytest.FixtureRequest,
    kinds: tuple[ModuleType, list[str], Path],
    loopback: Loopback,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Driver]:
    for name in ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    driver = Driver(kinds[0], request.param, loopback)
    try:
        yield driver
    finally:
        driver.close()
