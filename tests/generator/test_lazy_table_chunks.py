"""The lazy tables of ``models`` and ``_validators`` cut into chunks by a hash of each name once
they pass ``TABLE_NAMES`` names (issue 24): every name still resolves at run time loading one
chunk, type checkers still see every name (``mypy --strict`` through the stubs: for ``models``,
stubs of chunks of its modules, one line a module, issue 35), and adding a schema rewrites the
chunks its names fall in, not all of them.

The limit is lowered here so that a document of 120 schemas takes several chunks: the real limit
(1,000 names) needs some 300 schemas a chunk, too slow to generate in a test; ``lazy_tables`` cuts
either the same way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.emit import lazy_tables
from generator.pipeline import generate_files

from .. import mypy_run
from ..conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic

SCHEMAS = 120
LIMIT = 60  # names a chunk: about 7 chunks of models and 2 of _validators


def _document(schemas: int) -> dict[str, Any]:
    """The synthetic document of ``SCHEMAS`` schemas, and ``schemas - SCHEMAS`` more added to it
    (synthetic.document(n) words every description with n: adding must change nothing else)."""
    doc = synthetic.document(SCHEMAS)
    for i in range(SCHEMAS, schemas):
        doc["components"]["schemas"][synthetic.schema_name(i)] = synthetic.component(i, SCHEMAS)
    return doc


def generate_package(tmp: Path, name: str, doc: dict[str, Any]) -> dict[str, str]:
    """The files of package ``synth`` generated from ``doc``, also written under ``tmp/name``."""
    spec = tmp / f"{name}.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    files = generate_files(str(spec), "synth")
    for path, text in files.items():
        target = tmp / name / "synth" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return files


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], dict[str, str]]:
    tmp = tmp_path_factory.mktemp("chunks")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lazy_tables, "TABLE_NAMES", LIMIT)
        before = generate_package(tmp, "before", _document(SCHEMAS))
        after = generate_package(tmp, "after", _document(SCHEMAS + 1))
    return tmp, before, after


def _chunks(files: dict[str, str], folder: str) -> list[str]:
    """The chunks of ``folder``'s table: in the private folder ``_internal`` (named by hash bits)."""
    prefix = f"_internal/{folder.strip('_')}_names_"
    return sorted(name for name in files if name.startswith(prefix) and name.endswith(".py"))


def test_tables_are_cut_into_small_chunks(packages: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    _tmp, files, _after = packages
    for folder in ("models", "_validators"):
        chunks = _chunks(files, folder)
        assert len(chunks) >= 2, folder
        for chunk in chunks:
            entries = files[chunk].count('    "')
            assert 0 < entries <= LIMIT, (chunk, entries)
            assert (chunk + "i" in files) == (folder == "_validators")  # its stub: by name
        init = files[f"{folder}/__init__.py"]
        assert init.count("\n") < 60 and "chunks=(" in init  # the chunks' bits only, no module
    stub = files["models/__init__.pyi"]
    assert "from .._internal.models_modules_" in stub and "from ._model" not in stub
    assert not [name for name in files if "_names_" in name and not name.startswith("_internal/")]
    stubs = _stubs(files)
    assert len(stubs) >= 2
    for name in stubs:  # a line a module: each re-exports the whole module (its __all__)
        lines = [line for line in files[name].splitlines() if line.startswith("from ")]
        assert 0 < len(lines) <= LIMIT and all(line.endswith(" import *") for line in lines), name
    modules = {line.split()[1] for name in stubs for line in files[name].splitlines() if line.startswith("from ")}
    assert modules == {"..models." + n.removeprefix("models/").removesuffix(".py") for n in files if _is_model(n)}


def _stubs(files: dict[str, str]) -> list[str]:
    return sorted(n for n in files if n.startswith("_internal/models_modules_") and n.endswith(".pyi"))


def _is_model(name: str) -> bool:
    return name.startswith("models/_") and name.endswith(".py") and name != "models/__init__.py"


def _run(tmp: Path, code: str) -> Any:
    env = {**os.environ, "PYTHONPATH": str(tmp / "before")}
    done = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_name_loads_its_chunk_only(packages: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    tmp, files, _after = packages
    last = _chunks(files, "models")[-1]  # a late chunk, and a name it holds
    module, name = files[last].split('    "')[1].rstrip('",\n').split()[:2]
    result = _run(
        tmp,
        "import json, sys, synth\n"
        "chunks = lambda: sorted(m for m in sys.modules if '._internal.' in m and '_names_' in m)\n"
        "at_import = chunks()\n"
        f"from synth.models import {name}\n"
        "one = chunks()\n"
        "from synth import _validators\n"
        "check = _validators._check_model0001\n"
        f"defined = 'synth.models.{module}' in sys.modules and {name} is synth.models.{name}\n"
        "synth.models.load_all()\n"
        "print(json.dumps({'import': at_import, 'one': one, 'defined': defined, 'public': len(synth.models.__all__), "
        "'loaded': chunks()}))",
    )
    assert result["import"] == []
    assert result["one"] == ["synth." + last.removesuffix(".py").replace("/", ".")]  # its chunk alone
    assert result["defined"]
    assert result["public"] > SCHEMAS  # every component schema, and the inline shapes (identical ones share a class)
    assert len(result["loaded"]) == len(_chunks(files, "models")) + 1  # load_all: every chunk


def test_adding_a_schema_rewrites_few_chunks(packages: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    _tmp, before, after = packages
    changed = {name for name in after if before.get(name) != after[name]}
    chunks = {name for name in changed if name.startswith("_internal/")}
    # its names (the model, its dict, its keys, its enum; its checks) fall in a few chunks, each
    # a table and a stub; the other chunks are untouched
    assert 0 < len(chunks) <= 12, sorted(chunks)
    assert len(chunks) < len([n for n in after if n.startswith("_internal/")]) / 2
    others = changed - chunks - {"_version.py", "README.md", ".botpress-codegen-manifest.json"}
    new = synthetic.schema_name(SCHEMAS).lower()
    # besides: the schema it refers to (its parent), which a second referrer takes out of the
    # module of its first (the only schema that referred to it), with its checks
    parent = synthetic.schema_name((SCHEMAS - 1) // 2)
    moved = {n for n in others if f"class {parent}(" in before.get(n, "") + after.get(n, "")}
    moved |= {n.replace("models/", "_validators/") for n in moved}
    assert {n for n in others if new not in n} <= {"models/__init__.py", "models/__init__.pyi", *moved}, sorted(others)
    assert len(moved) <= 4, sorted(moved)


def test_mypy_strict_sees_names_through_the_chunk_stubs(
    packages: tuple[Path, dict[str, str], dict[str, str]],
) -> None:
    tmp, files, _after = packages
    table = files[_chunks(files, "models")[0]]  # a model of the run time's first chunk
    entries = [line.strip().strip('",').split()[1:] for line in table.splitlines() if line.startswith('    "_model')]
    model = next(n for names in entries for n in names if n.startswith("Model") and n[5:].isdigit())
    use = tmp / "before" / "use_chunks.py"
    use.write_text(
        "import synth.models\n"
        f"from synth.models import {model}\n"
        f"a: type[{model}] = synth.models.{model}\n"
        f"b: int = synth.models.{model}  # type: ignore[assignment]  # the name has its type, not Any\n",
        encoding="utf-8",
    )
    done = mypy_run.run(["synth", "use_chunks.py"], cwd=tmp / "before")
    assert done.returncode == 0, done.stdout + done.stderr  # and so the marked error is there
