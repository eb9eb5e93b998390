"""Structural fuzz (beside the mutation fuzz of tests/generator/test_fuzz.py): generated documents that are
deep, wide, aliased, cyclic, self-referencing across files, with hostile names and hostile
``$ref``s (URLs to a listener on 127.0.0.1, ``..``, absolute paths, a file outside the folder).

Each seed makes one document (YAML or JSON, with one or two part files) and runs the generator
in a guarded subprocess (tests/guarded.py): it always exits 0 or 2, with one located line per
problem, no traceback, in under 10 s and 500 MB, with no network attempt and nothing read from
outside the spec's folder. Derandomized: the same seeds give the same documents.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from ..guarded import Listener, Outcome, run_guarded

SEEDS = list(range(18))
SECRET = "FUZZ-SECRET-MARKER-51c2"
NAMES = (
    "example",
    "examples",
    "default",
    "const",
    "properties",
    "items",
    "$ref",
    "a/b",
    "~0~1",
    "..",
    "__init__",
    "class",
    "None",
    "日本",
    "🎉",
    "a b",
    'x"y',
    "'",
    "\\",
    "%2e%2e",
    "{{ x }}",
    "id",
)


class _Maker:
    def __init__(self, seed: int, url: str) -> None:
        self.rng = random.Random(seed)
        self.url = url
        self.hostile = seed % 3 != 0  # one seed in three makes a valid document (deep, wide, aliased, cross-file)
        self.schemas = [f"S{i}" for i in range(self.rng.randint(1, 12))]

    def name(self) -> str:
        rng = self.rng
        return rng.choice(NAMES) if rng.random() < 0.5 else f"p{rng.randint(0, 999)}"

    def ref(self) -> str:
        rng = self.rng
        if not self.hostile:
            return rng.choice(
                [f"part.yaml#/{rng.choice(self.schemas)}", f"sub/part2.json#/defs/{rng.choice(self.schemas)}"]
            )
        return rng.choice(
            [
                f"#/components/schemas/{rng.choice(self.schemas)}",
                f"#/components/schemas/{rng.choice(self.schemas)}",
                f"#/components/schemas/{rng.choice(self.schemas)}",
                f"part.yaml#/{rng.choice(self.schemas)}",
                f"sub/part2.json#/defs/{rng.choice(self.schemas)}",
                "#/components/schemas/Missing",
                f"{self.url}/x.json#/A",
                "../outside/secret.yaml#/Secret",
                "/etc/passwd",
                "part.yaml#/nowhere",
                "#",
            ]
        )

    def schema(self, depth: int) -> Any:
        rng = self.rng
        roll = rng.random()
        if depth <= 0 or roll < 0.2:
            return rng.choice(
                [{"type": "string"}, {"type": "string", "maxLength": rng.choice([3, "3" if self.hostile else 4])}, {}]
            )
        if roll < 0.45:
            return {"$ref": self.ref()}
        if roll < 0.7:
            width = rng.choice([1, 2, 3, 50 if depth <= 2 else 3, 400 if depth <= 1 else 2])  # wide, not exponential
            return {
                "type": "object",
                "properties": {self.name(): self.schema(depth - 1) for _ in range(width)},
                rng.choice(["example", "default", "const"]): {"$ref": self.ref()},
            }
        if roll < 0.85:
            return {"type": "array", "items": self.schema(depth - 1)}
        return {rng.choice(["allOf", "oneOf", "anyOf"]): [self.schema(depth - 1) for _ in range(rng.randint(1, 3))]}

    def deep(self) -> Any:
        value: Any = {"type": "string"}
        for _ in range(self.rng.choice([10, 25, 70, 300] if self.hostile else [10, 25])):
            value = {"type": "array", "items": value}
        return value

    def aliased(self) -> Any:
        """A value whose parts are shared objects: YAML dumps them as anchors and aliases."""
        rng = self.rng
        value: Any = ["lol"] * rng.randint(2, 9)
        for _ in range(rng.randint(1, 8 if self.hostile else 4)):
            value = [value] * rng.randint(2, 9)
        return value

    def documents(self) -> dict[str, Any]:
        rng = self.rng
        schemas: dict[str, Any] = {}
        for index, name in enumerate(self.schemas):
            choice = rng.random()
            if choice < 0.15 and (self.hostile or index + 1 < len(self.schemas)):  # a chain, a cycle, a self-reference
                target = self.schemas[(index + rng.choice([0, 1] if self.hostile else [1])) % len(self.schemas)]
                schemas[name] = {"$ref": f"#/components/schemas/{target}"}
            elif choice < 0.25:
                schemas[name] = self.deep()
            else:
                schemas[name] = self.schema(rng.randint(1, 6))
        root: dict[str, Any] = {
            "openapi": rng.choice(["3.0.3", "3.1.0"]) if self.hostile else "3.1.0",
            "info": {"title": self.name(), "version": "1"},
            "paths": {
                f"/{self.name()}/{i}": {
                    "get": {
                        "operationId": f"op{i}",
                        "responses": {
                            "200": {"description": "ok", "content": {"application/json": {"schema": self.schema(3)}}}
                        },
                    }
                }
                for i in range(rng.randint(0, 4))
            },
            "components": {"schemas": schemas},
        }
        if rng.random() < 0.4:
            root["x-shared"] = self.aliased()
        part = {name: self.schema(2) if self.hostile else {"type": "string"} for name in self.schemas}
        part["back"] = {"$ref": f"api.yaml#/components/schemas/{rng.choice(self.schemas)}"}
        part2 = {"defs": {name: {"$ref": f"../part.yaml#/{name}"} for name in self.schemas}}
        return {"api": root, "part": part, "part2": part2}


def _write(folder: Path, seed: int, url: str) -> str:
    docs = _Maker(seed, url).documents()
    (folder / "outside").mkdir()
    (folder / "outside" / "secret.yaml").write_text(f"Secret: {{description: {SECRET}}}\n", encoding="utf-8")
    spec = folder / "spec"
    (spec / "sub").mkdir(parents=True)
    (spec / "api.yaml").write_text(yaml.safe_dump(docs["api"], allow_unicode=True), encoding="utf-8")
    (spec / "part.yaml").write_text(yaml.safe_dump(docs["part"], allow_unicode=True), encoding="utf-8")
    (spec / "sub" / "part2.json").write_text(json.dumps(docs["part2"]), encoding="utf-8")
    return "spec/api.yaml"


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[dict[int, Outcome], Listener]]:
    listener = Listener()

    def run(seed: int) -> Outcome:
        folder = tmp_path_factory.mktemp(f"seed{seed}")
        spec = _write(folder, seed, listener.url)
        args = ["generate", "--spec", spec, "--out", "out", "--package", "fuzzed"]
        return run_guarded(args, cwd=folder, forbidden=[folder / "outside", Path("/etc/passwd")])

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            yield dict(zip(SEEDS, pool.map(run, SEEDS), strict=True)), listener
    finally:
        listener.close()


@pytest.mark.parametrize("seed", SEEDS)
def test_structural_fuzz(seed: int, fuzzed: tuple[dict[int, Outcome], Listener]) -> None:
    outcomes, listener = fuzzed
    outcome = outcomes[seed]
    outcome.assert_guarded()
    assert SECRET not in outcome.output
    assert "root:x:0" not in outcome.output
    assert listener.connections == 0


def test_structural_fuzz_reaches_both_outcomes(fuzzed: tuple[dict[int, Outcome], Listener]) -> None:
    """The documents are not all refused: some generate."""
    codes = {o.returncode for o in fuzzed[0].values()}
    assert codes == {0, 2}, codes
