"""The code writer (generator/emit/writer.py) and the imports computed from its pieces.

Every runtime name a generated module may import exists in generator/runtime; every name a piece
needs is one its module can import (or always defines); and the generated package, like every
golden case, has no unused import (``ruff --select F401``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from generator.emit import models_module, resources_module
from generator.emit.code import needs_of
from generator.emit.imports import ALWAYS, IMPORTS
from generator.emit.json_tests import Index
from generator.emit.models_package import placement, views
from generator.emit.render import RUNTIME
from generator.emit.resources_package import views as resource_views
from generator.emit.validators_package import common_names
from generator.emit.writer import PieceWriter
from generator.load.reader import load_document
from generator.lower.api import build_api
from tests.goldens import GOLDEN, cases, spec_of

from ..conftest import GENERATED, SPEC

RUNTIME_MODULES = {f".{p.stem}": p.stem for p in RUNTIME.glob("_*.py")} | {".errors": "_exceptions"}


def _defined(path: Path) -> set[str]:
    """Top-level names a module defines (functions, classes, assignments) or re-exports (``from
    ._raw import raw_sync`` named in ``__all__``, or ``import X as X``): a runtime module split in
    two keeps the names the generated code imports from it. Both branches of a top-level ``if``
    count (``if TYPE_CHECKING: def _new(...)`` / ``else: _new = object.__new__``)."""
    names: set[str] = set()
    imported: set[str] = set()
    nodes = list(ast.parse(path.read_text(encoding="utf-8")).body)
    for node in nodes:
        if isinstance(node, ast.If):
            nodes += [*node.body, *node.orelse]
        if isinstance(node, ast.ImportFrom):
            imported.update(a.name for a in node.names if a.asname is None)
            names.update(a.name for a in node.names if a.asname == a.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            names.update(imported & set(ast.literal_eval(node.value)))
    return names


def test_every_runtime_name_the_writer_imports_exists() -> None:
    checked = 0
    for module, lines in IMPORTS.items():
        for source, names in lines:
            if source not in RUNTIME_MODULES:
                continue
            defined = _defined(RUNTIME / f"{RUNTIME_MODULES[source]}.py")
            for name in names:
                name = name.split(" as ")[0]  # an import may rename
                assert name in defined, f"{module} imports {name} from {source}: not in generator/runtime"
                checked += 1
    assert checked >= 20


SPECS = [SPEC, *(spec_of(case) for case in cases())]


@pytest.mark.parametrize("spec", SPECS, ids=[p.parent.name for p in SPECS])
def test_every_name_a_piece_needs_is_importable(spec: Path) -> None:
    api = build_api(load_document(str(spec)), "pkg")
    index, where = Index.of(api), placement(api)
    checks = {v.function for v in (*api.validators, *api.response_validators)} | set(common_names(api))  # _validators
    needed: list[tuple[str, frozenset[str]]] = []
    for view in views(api):  # the modules of models
        code = models_module.module_code(PieceWriter(api, f"models/{view.name}.py", where, index), view)
        needed.append(("models.py", needs_of(code.pieces)))
    for unit in resource_views(api):
        writer = PieceWriter(api, f"_resources/{unit.name}.py", index=index)
        found = resources_module.module_code(writer, unit, checks)
        needed.append(("_resources.py", needs_of(found.pieces) - checks))
    for table, needs in needed:
        importable = {n.split(" as ")[-1] for source, names in IMPORTS[table] for n in names or (source,)}
        assert needs <= importable | ALWAYS.get(table, set()), needs - importable


def _unused_imports(folder: Path) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--select",
            "F401",
            "--output-format",
            "concise",
            str(folder),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout if done.returncode else ""


def test_generated_package_has_no_unused_import() -> None:
    assert _unused_imports(GENERATED / "botpress_client") == ""


def test_golden_packages_have_no_unused_import() -> None:
    assert _unused_imports(GOLDEN) == ""
