"""The test kit's default answers (issue 27): built from the spec's examples where present (the
answer's, the schema's, a member's), else a minimal valid instance; a list operation's default
ends its pages; a default that breaks the response schema fails naming the path. Over the
package of the ``examples`` golden case, sync and async."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from generator.runtime._exceptions import _Mismatch
from generator.runtime._transport import Operation
from generator.runtime.testing._testing import FakeApiBase, FakeOperation, InvalidStub
from generator.write.files import write_package

from ..goldens import GOLDEN, render_case


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    out = tmp_path_factory.mktemp("kit")
    write_package(render_case(GOLDEN / "examples", full=True), out / "examples")
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("examples.testing")
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == "examples" or n.startswith("examples.")]:
            del sys.modules[name]


def test_defaults_come_from_the_examples(examples: ModuleType) -> None:
    api = examples.FakeApi()
    with api.client() as client:
        pet = client.pets.get(id="p7")
        assert (pet.id, pet.name, pet.kind, pet.tags) == ("p7", "Tom", "cat", ["indoor"])  # the schema's
        assert [p.name for p in client.pets.iter()] == ["Rex"]  # the media type's; the page ends
        assert api.list_pets.call_count == 1
        owner = client.owners.get(id="o42")  # per member: their examples, else minimal values
        assert (owner.id, owner.name, owner.pet.name, owner.address.city) == ("o42", "Ada", "Tom", "Lyon")
        assert client.motd.get() == "Hello, pets!"
    assert api.default("list_pets") == {"pets": [{"id": "p1", "name": "Rex", "kind": "dog"}], "meta": {}}


def test_defaults_come_from_the_examples_async(examples: ModuleType) -> None:
    async def main() -> None:
        api = examples.FakeApi()
        async with api.async_client() as client:
            assert (await client.pets.get(id="p7")).name == "Tom"
            assert [p.name async for p in client.pets.iter()] == ["Rex"]
            assert await client.motd.get() == "Hello, pets!"

    asyncio.run(main())


def test_the_defaults_are_deterministic(examples: ModuleType) -> None:
    first, second = examples.FakeApi(), examples.FakeApi()
    for fop in examples._OPERATIONS:
        assert first.default(fop.method_name) == second.default(fop.method_name)


def _check(data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("size"), int):
        raise _Mismatch("size", "expected integer")


def test_a_default_that_breaks_the_schema_fails_naming_the_path() -> None:
    op = Operation("getThing", "GET", "/things", True, check_response=_check)

    class Fake(FakeApiBase):
        _operations = (FakeOperation(op, "get_thing", default_json='{"size": "big"}'),)

    api = Fake()
    with pytest.raises(InvalidStub) as caught:
        api.default("get_thing")
    assert caught.value.path == "size"
    assert str(caught.value) == (
        "get_thing (GET /things): the answer breaks the response schema at 'size': expected integer"
        " (in the default answer: stub this operation)"
    )
