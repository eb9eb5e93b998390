"""The test kit's package ``testing`` (issue 35 item 4: its modules in one package):
``testing/__init__.py`` (``FakeApi`` and the stub classes, from ``testing.py.jinja``), the
engine copied from ``generator/runtime/testing/`` (``_testing``, ``_fake_*``), and ``_fakes/``:
the operations and typed stubs of each module of ``_resources``, loaded on first use. The
machinery named by hash bits or numbers (the tables' chunks, typing-only groups, the parts of a
long namespace's module) is in the package's ``_internal``."""

from __future__ import annotations

from typing import Any

import jinja2

from ..ir import Api
from . import internal
from .client_options import option_pieces
from .fake_spaces import alias, fake_spaces
from .resources_package import bound_name, member_imports
from .resources_package import groups as resource_groups
from .route_tables import render_chunks, route_table, stub_table
from .testing_module import TestingModule, kit_imports, testing_module

TESTING = "testing"
FAKES = f"{TESTING}/_fakes"
"""The folder of the fakes' modules (``_fakes`` names their parts and groups in ``_internal``)."""
TESTING_PUBLIC = '["Call", "FakeApi", "FakeClock", "InvalidStub", "OperationStub", "Script", "SpecViolation"]'
"""The names ``testing`` exports besides its stub classes."""


def render_testing(env: jinja2.Environment, api: Api) -> dict[str, str]:
    """(path in the package, source) of every file of the test kit the generator writes."""
    fakes = testing_module(api)
    groups = resource_groups({unit.name: len(unit.ops) for unit in fakes.modules})
    tables = _fake_tables(fakes)
    view = {
        "t": fakes,
        "groups": [internal.group("_fakes", g) for g in groups],
        "client_options": _client_options(api),  # typed like Client's: client(), async_client()
        **_first_level(fake_spaces(api, fakes)[1]),
        **tables,
    }
    files = {f"{TESTING}/__init__.py": env.get_template("testing.py.jinja").render(api=api, **view)}
    files.update(render_chunks(env, api, "_fakes", "names", tables["stubs"]))
    files.update(render_chunks(env, api, "_fakes", "routes", tables["routes"].table))
    files.update(_render_fakes(env, api, fakes))
    return files


def _render_fakes(env: jinja2.Environment, api: Api, fakes: TestingModule) -> dict[str, str]:
    """The modules of ``_fakes``: one per module of ``_resources``, holding the test kit's
    operations and stubs of its methods and the kit's class of its namespace (a namespace of
    namespaces: the class alone)."""
    template = env.get_template("fakes/module.py.jinja")
    spaces = {view.module: view for view in fake_spaces(api, fakes)[0]}
    units = {unit.name: unit for unit in fakes.modules}
    files = {}
    for name in [*units, *(m for m in spaces if m not in units)]:
        unit, space = units.get(name), spaces.get(name)
        shape = (space.type_imports(), bool(space.methods), bool(space.children)) if space else None
        imports = kit_imports(unit, name, shape)
        files[fake_path(name)] = template.render(api=api, unit=unit, space=space, imports=imports)
    files[f"{FAKES}/__init__.py"] = env.get_template("fakes/__init__.py.jinja").render(api=api)
    group = env.get_template("fakes/group.py.jinja")
    for name, modules in resource_groups({name: len(unit.ops) for name, unit in units.items()}).items():
        members = [(units[m], bound_name("_fakes", m), _from_internal(m)) for m in modules]
        files[internal.path(internal.group("_fakes", name))] = group.render(
            api=api, units=members, modules=member_imports("_fakes", modules, FAKES.replace("/", "."))
        )
    return files


def _first_level(top: tuple[tuple[str, str, str], ...]) -> dict[str, list[Any]]:
    """``FakeApi``'s namespaces: (attribute, annotation, module, class) of each, and the imports
    of their modules for type checkers."""
    modules = sorted({module for _attribute, module, _cls in top})
    return {
        "spaces": [(attribute, f"{alias(module)}.{cls}", module, cls) for attribute, module, cls in top],
        "space_imports": [f"from ._fakes import {module} as {alias(module)}" for module in modules],
    }


def _client_options(api: Api) -> list[str]:
    """The fields of ``testing.ClientOptions``: the options ``Client.with_options`` takes, left
    out when not given (``with_options``' ``UNSET``)."""
    fields = []
    for change in option_pieces(api, "httpx.Client").changes:
        name, annotation = change.removesuffix(" = UNSET").split(": ", 1)
        fields.append(f"{name}: " + " | ".join(p for p in annotation.split(" | ") if p != "Unset"))
    return fields


def _from_internal(module: str) -> str:
    """The dotted path of a module of ``_fakes`` from the package's root (a module of
    ``_internal`` imports it from ``..`` that)."""
    return internal.dotted("_fakes", module) if internal.is_part(module) else f"{FAKES}/{module}".replace("/", ".")


def fake_path(module: str) -> str:
    """The file of a module of ``_fakes``: a part's is in ``_internal``."""
    return internal.path(internal.part("_fakes", module)) if internal.is_part(module) else f"{FAKES}/{module}.py"


def _fake_tables(fakes: TestingModule) -> dict[str, Any]:
    """The lazy tables of ``testing``: the stubs of each module of ``_fakes``, the routes."""
    stubs = stub_table([(unit.name, unit.entry.split()[1:]) for unit in fakes.modules])
    paths = [route.split(" ", 1)[1].rsplit(" ", 1)[0] for route in fakes.routes]  # METHOD path name
    routes = route_table(list(zip(fakes.routes, paths, strict=True)))
    return {"stubs": stubs, "routes": routes, "public": TESTING_PUBLIC}
