"""Bad input: every broken document under tests/fixtures/bad/ gives exit 2 and located messages.

Each ``tests/fixtures/bad/<name>.yaml`` (or ``.json``) is a small OpenAPI document with one defect
(``three_dangling_refs`` has three, reported together). Its ``<name>.expected`` holds the exact
stderr of ``python -m generator generate --spec tests/fixtures/bad/<name>.<ext> ...`` run from the
repository root: one ``FILE#/json/pointer: what is wrong`` line per problem.
``tests/fixtures/bad/parts/`` holds helper files that the fixtures reference.

To refresh the snapshots after a deliberate change of messages, run

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/generator/test_bad_input.py

and review the diff of the ``.expected`` files before committing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
BAD = ROOT / "tests" / "fixtures" / "bad"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"
LINE = re.compile(r"^\S+#(/\S*)?: .+$")

CASES = sorted(p for p in BAD.iterdir() if p.is_file() and p.suffix in (".yaml", ".yml", ".json"))

GOOD_SPEC = """\
openapi: 3.1.0
info:
  title: Small
  version: 1.0.0
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Item"
components:
  schemas:
    Item:
      type: object
      required: [id]
      properties:
        id: {type: string}
        displayName: {type: string}
"""


def run_generate(spec: str | Path, out: Path, package: str = "pkg") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", str(spec), "--out", str(out), "--package", package],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def snapshot_of(case: Path) -> Path:
    return case.with_suffix(".expected")


def test_enough_cases() -> None:
    assert len(CASES) >= 10
    for case in CASES:
        assert UPDATE or snapshot_of(case).is_file(), f"{case.name} has no snapshot; run with UPDATE_SNAPSHOTS=1"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_document(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    result = run_generate(case.relative_to(ROOT), out)

    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert lines, "no problem reported"
    for line in lines:
        assert LINE.match(line), f"not a located `FILE#/pointer: message` line: {line!r}"
    assert list(out.iterdir()) == [], "a failed run wrote into --out"

    snapshot = snapshot_of(case)
    if UPDATE:
        snapshot.write_text(result.stderr, encoding="utf-8")
    assert result.stderr == snapshot.read_text(encoding="utf-8")


def test_all_problems_of_a_document_are_reported_together(tmp_path: Path) -> None:
    result = run_generate(Path("tests/fixtures/bad/three_dangling_refs.yaml"), tmp_path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    name = "tests/fixtures/bad/three_dangling_refs.yaml"
    for pointer, target in (
        ("/paths/~1items/get/parameters/0/$ref", "#/components/parameters/NoSuchParam"),
        ("/paths/~1items/get/responses/200/content/application~1json/schema/$ref", "#/components/schemas/NoSuchList"),
        ("/components/schemas/Item/properties/owner/$ref", "#/components/schemas/NoSuchUser"),
    ):
        assert any(line.startswith(f"{name}#{pointer}: ") and target in line for line in lines), (pointer, lines)
    assert len(lines) == 3


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_failed_generate_leaves_existing_package_untouched(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(GOOD_SPEC, encoding="utf-8")
    out = tmp_path / "out"
    first = run_generate(good, out)
    assert first.returncode == 0, first.stdout + first.stderr
    package = out / "pkg"
    before = _contents(package)
    assert "__init__.py" in before
    listing_before = sorted(p.name for p in out.iterdir())

    second = run_generate(BAD / "dangling_ref.yaml", out)
    assert second.returncode == 2, second.stdout + second.stderr
    assert "Traceback" not in second.stderr
    assert _contents(package) == before
    assert sorted(p.name for p in out.iterdir()) == listing_before
