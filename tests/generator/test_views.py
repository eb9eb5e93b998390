"""The views of generated modules (generator/emit/*_module.py): pieces of code as values.

Each module's pieces are written from the IR before Jinja runs, every piece with the names it
needs; the module's import block is made from the union of those needs; writing them leaves the
module's writer as it was; the templates only place values (no writer reaches them); and an
operation's return annotation is spelled from the IR's structure (the same text ``diff`` shows).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from generator.emit import models_module, resources_module
from generator.emit.code import Code, loads_of, needs_of, refs_of
from generator.emit.import_lines import import_lines, reference_lines, reference_needs
from generator.emit.json_tests import Index
from generator.emit.models_package import placement, views
from generator.emit.readme_view import readme_view
from generator.emit.render import render
from generator.emit.resources_package import views as resource_views
from generator.emit.validators_package import common_names
from generator.emit.writer import PieceWriter
from generator.ir import Api, Operation, TypeRef
from generator.load.reader import load_document
from generator.lower.api import build_api
from generator.resources import TEMPLATES
from generator.spelling import event_decoder, response_decoder, return_annotation
from tests.goldens import GOLDEN, spec_of

from ..conftest import SPEC


def _api(spec: Path) -> Api:
    return build_api(load_document(str(spec)), "pkg")


@pytest.fixture(scope="module")
def api() -> Api:
    return _api(SPEC)


def _imported(block: str) -> set[str]:
    """The names an import block binds."""
    names: set[str] = set()
    for line in block.splitlines():
        if line.startswith("import "):
            names.add(line.split()[1])
        elif " import " in line:
            names.update(n.strip().split(" as ")[-1] for n in line.split(" import ")[1].split(","))
    return names - {"(", ""}


def test_a_piece_is_a_value_with_the_names_it_needs(api: Api) -> None:
    writer = PieceWriter(api, "_resources/_x.py")
    t = TypeRef("list", items=TypeRef("datetime"))
    code = writer.code(lambda w: w.encode(t, "value"))
    assert code == Code(("[_format_datetime(_v0) for _v0 in value]",), frozenset({"_format_datetime"}))
    assert writer.uses == set() and writer.refs == set()  # the module's writer noted nothing


def test_models_module_imports_are_the_union_of_its_pieces_needs(api: Api) -> None:
    index, where = Index.of(api), placement(api)
    for view in views(api):
        writer = PieceWriter(api, f"models/{view.name}.py", where, index)
        code = models_module.module_code(writer, view)
        refs, loads = refs_of(code.pieces), loads_of(code.pieces)
        top = import_lines("models.py", set(needs_of(code.pieces)) | reference_needs(refs, loads), 1)
        assert code.imports == "\n\n".join(part for part in (top, reference_lines(refs, loads, where)) if part)
        assert loads <= refs and not refs & set(view.defined)  # other modules' names only
        for piece in code.pieces:
            assert piece.needs | piece.refs <= _imported(code.imports), (view.name, piece.needs)
        assert (writer.uses, writer.refs, writer.loads) == (set(), set(), set())  # no writer changed


def test_resources_module_imports_are_the_union_of_its_pieces_needs(api: Api) -> None:
    checks = {v.function for v in api.validators} | set(common_names(api))
    for unit in resource_views(api):
        writer = PieceWriter(api, f"_resources/{unit.name}.py")
        code = resources_module.module_code(writer, unit, checks)
        imported = _imported(code.imports)
        assert needs_of(code.pieces) <= imported
        later = needs_of(code.pieces) & {v.function for v in (*api.validators, *api.response_validators)}
        extra = resources_module.fixed_needs(unit, api.flat_methods) | reference_needs(later, later)
        extra |= {f"_ns_{module}" for _, module, _ in unit.module.children}  # its namespaces' modules
        assert not any(imported - needs_of(code.pieces) - extra)
        assert (writer.uses, writer.refs) == (set(), set())


def test_views_are_frozen_values(api: Api) -> None:
    unit = next(u for u in resource_views(api) if u.operations)
    code = resources_module.module_code(PieceWriter(api, f"_resources/{unit.name}.py"), unit, set())
    with pytest.raises(dataclasses.FrozenInstanceError):
        code.imports = ""  # type: ignore[misc]
    method = code.methods[0][0]
    assert isinstance(method.needs, frozenset) and "RequestOptions" in method.needs


def test_templates_cannot_call_a_writer() -> None:
    """No template names a writer, a marker or sets computed values: they place views' fields."""
    for path in TEMPLATES.rglob("*.jinja"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bw\.|imports_here|references_here|\{%-? *set ", text), path


def test_rendering_gets_no_writer(api: Api) -> None:
    """Every template renders with what the views hold (StrictUndefined: a ``w`` would fail)."""
    files = render(api)
    assert "\x00" not in "".join(files.values())  # no marker left behind
    assert files["_client.py"].count("from ._config import (") == 1


def test_readme_view_picks_its_examples(api: Api) -> None:
    view = readme_view(api)
    assert view.method == api.operations[0].method_name
    assert view.streamed == view.switched + view.event_ops
    assert len(view.option_args) == len(set(view.option_args)) == len(view.option_headers)


def _op(api: Api, **changes: object) -> Operation:
    return dataclasses.replace(api.operations[0], **changes)  # type: ignore[arg-type]


def test_return_annotation_is_spelled_from_the_ir(api: Api) -> None:
    model, event = TypeRef("model", "Table"), TypeRef("model", "Event")
    nothing = dict(response_type=None, event_type=None, stream_switch="", response_function="")
    assert return_annotation(_op(api, **nothing, response_kind="none")) == "None"
    assert return_annotation(_op(api, **nothing, response_kind="text")) == "str"
    assert return_annotation(_op(api, **nothing, response_kind="binary")) == "BinaryResponse"
    assert return_annotation(_op(api, **nothing, response_kind="sse")) == "Stream[ServerSentEvent]"
    switched = _op(api, response_kind="json", response_type=model, event_type=event, stream_switch="stream")
    assert return_annotation(switched) == "models.Table | Stream[models.Event]"
    listed = TypeRef("list", items=model, nullable=True)
    assert return_annotation(_op(api, response_kind="json", response_type=listed)) == "list[models.Table] | None"
    assert (response_decoder(switched), event_decoder(switched)) == ("Table.from_dict", "Event.from_dict")
    decoded = _op(api, response_kind="json", response_type=listed, response_function="_list_tables_decoder")
    assert response_decoder(decoded) == "_list_tables_decoder"


def test_return_annotation_of_golden_streams() -> None:
    api = _api(spec_of(GOLDEN / "streams"))
    shown = {op.method_name: return_annotation(op) for op in api.operations}
    assert any(text.startswith("Stream[") for text in shown.values()), shown
