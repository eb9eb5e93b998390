"""Render the IR through the Jinja2 templates into source texts (not yet formatted)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import jinja2

from ..invisible import escape_invisible
from ..ir import Api, BodyArg, Field, Operation, Parameter
from ..resources import RUNTIME, template_loader
from ..spelling import return_annotation
from . import internal
from .client_options import option_pieces
from .import_lines import import_lines
from .imports import ALWAYS, FLAT_CLIENT
from .layout import WIDTH
from .literals import py_literal
from .mcp_tools import readme_pieces, tool_tables
from .models_package import render_models
from .readme_view import readme_view
from .resources_module import SHADOWING
from .resources_package import RESOURCES, flat_modules, render_resources
from .resources_package import groups as resource_groups
from .resources_package import views as resource_views
from .route_tables import Table, method_table, render_chunks
from .runtime_subset import needed
from .testing_package import render_testing
from .validators_package import render_validators
from .writer_models import optional_example

RUNTIME_FILES: tuple[str, ...] = (
    "_types.py",
    "_serde.py",
    "_error_text.py",
    "_exceptions.py",
    "_checks.py",
    "_settings.py",
    "_config.py",
    "_options.py",
    "_encoding.py",
    "_auth.py",
    "_credentials.py",
    "_oauth.py",
    "_styles.py",
    "_reading.py",
    "_pages.py",
    "_uploads.py",
    "_operation.py",
    "_transport.py",
    "_sse.py",
    "_events.py",
    "_opened.py",
    "_streaming.py",
    "_binary.py",
    "_streamed.py",
    "_unions.py",
    "_raw.py",
    "_base_client.py",
    "_lazy.py",
    "_lazy_methods.py",
    "_spaces.py",
    "testing/_fake_lazy.py",
    "testing/_fake_wire.py",
    "testing/_fake_calls.py",
    "testing/_fake_answers.py",
    "testing/_fake_pages.py",
    "testing/_fake_events.py",
    "testing/_fake_chunks.py",
    "testing/_testing.py",
    "_async_client.py",
    "_mcp_tools.py",
    "_mcp.py",
    "mcp.py",
)
"""Modules of :mod:`generator.runtime`, copied verbatim (they do not depend on the spec): those a
package's modules reach by import (:mod:`.runtime_subset`)."""

SELECTION = "_selection.py"
"""``generator/selection.py`` (standard library only) copied as it is: the MCP server's selectors."""
MCP_TABLE, MCP_SCHEMAS = "_mcp_tools.json", "_mcp_schemas.json"
"""The MCP server's tool table and its tools' schemas, data computed from the IR (:mod:`.mcp_tools`)."""

# Output file (inside the package folder) -> template.
PACKAGE_FILES: tuple[tuple[str, str], ...] = (
    ("__init__.py", "__init__.py.jinja"),
    ("_version.py", "_version.py.jinja"),
    ("errors.py", "errors.py.jinja"),
    ("_client.py", "_client.py.jinja"),
    ("py.typed", "py.typed.jinja"),
    ("README.md", "README.md.jinja"),
)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _docstring(text: str) -> str:
    """Text made safe inside a triple-quoted docstring."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    text = _CONTROL.sub(lambda m: f"\\\\x{ord(m.group()):02x}", text.replace("\r\n", "\n"))
    text = escape_invisible(text, "\\\\")  # bidi, zero-width, separators: Trojan Source
    text = "\n".join(line.rstrip() for line in text.splitlines())
    if text.endswith('"'):
        text += " "
    return text


def _indent_rest(text: str, indent: int) -> str:
    lines = _docstring(text).splitlines() or [""]
    pad = " " * indent
    return "\n".join([lines[0]] + [(pad + line) if line else "" for line in lines[1:]])


def _describe(description: str, default_doc: str = "", deprecated: bool = False) -> str:
    """The text of a docstring entry; "" when the document says nothing (no filler then: the
    templates leave the entry out, see :func:`_documented`)."""
    parts = [p for p in (description, default_doc, "Deprecated." if deprecated else "") if p]
    return " ".join(parts)


@lru_cache(maxsize=16384)
def _entry(name: str, text: str, indent: int, shift: int = 0) -> str:
    """``text`` as the entry of ``name`` in an ``Attributes:``/``Args:`` list at ``indent``:
    one paragraph, wrapped to the line length, continuation lines indented 4 more. ``shift``:
    how far the template moves the whole text right afterwards. Remembered: the members a
    schema inherits repeat in every subtype (Microsoft Graph's ``id`` in 1,297 models)."""
    head = " " * indent + name + ": "
    lines = textwrap.wrap(
        " ".join(_docstring(text).split()),
        width=WIDTH - shift,  # docstrings are wrapped to the code's line length
        initial_indent=head,
        subsequent_indent=" " * (indent + 4),
        break_long_words=False,
        break_on_hyphens=False,
    ) or [head.rstrip()]
    return "\n".join(lines)[len(head) :]


def _arg_entry(text: str, name: str) -> str:
    """A client option's entry in the client class's ``Args:`` list."""
    return _entry(name, text, 8)


def _field_text(f: Field) -> str:
    return _describe(f.description, f.default_doc, f.deprecated)


def _field_doc(f: Field) -> str:
    return _entry(f.name, _field_text(f), 8)


def _arg_text(a: Parameter | BodyArg) -> str:
    text = a.description
    if isinstance(a, Parameter):
        if a.option is not None and f"`{a.option.name}`" not in text:
            text += f" Default: the client's ``{a.option.name}``."
        if a.deprecated:
            text += " Deprecated."
    return _describe(text.strip())


def _arg_doc(a: Parameter | BodyArg) -> str:
    return _entry(a.name, _arg_text(a), 8, shift=4)  # methods are indented into the class


def _documented(items: Iterable[Field | Parameter | BodyArg]) -> list[Field | Parameter | BodyArg]:
    """The members or arguments the document describes: the entries of ``Attributes:`` and
    ``Args:`` lists (the others say nothing rather than a filler)."""
    return [x for x in items if (_field_text(x) if isinstance(x, Field) else _arg_text(x))]


def _op_doc(op: Operation) -> str:
    head = op.summary or f"{op.http_method} {op.path}"
    parts = [head.rstrip(".") + "."]
    if op.description and op.description != op.summary:
        parts.append(op.description)
    if op.deprecated:
        parts.append("Deprecated.")
    parts.append(f"``{op.http_method} {op.path}`` (operation ``{op.operation_id}``).")
    return _indent_rest("\n\n".join(parts), 4)


def _call(op: Operation, kind: str = "") -> str:
    """The attribute path of an operation's method from a client, namespaced
    (``tables.get_or_create``); ``kind``: ``iter`` its page iterator, ``raw``/``streaming`` its
    ``with_raw_response``/``with_streaming_response`` variant."""
    name = op.space_iter if kind == "iter" else op.space_method
    wrap = (f"with_{kind}_response",) if kind in ("raw", "streaming") else ()
    return ".".join((*op.space, *wrap, name))


def _called(op: Operation) -> str:
    """How a message names the method of an operation: its namespace's path and name
    (``old.get``) when it lives in a namespace, else its name."""
    return _call(op) if op.space else op.method_name


def _pyrepr(value: object) -> str:
    return py_literal(value)


_SHARED: dict[str, jinja2.Environment] = {}  # the environment of the generator's own templates


def environment() -> jinja2.Environment:
    """The templates' environment. That of the generator's own templates is made once a process:
    compiling the templates is half the time of a small generation, and Jinja2 reloads a template
    whose file changed (``auto_reload``), so reusing it never renders an old template. Custom
    templates (--templates) get an environment of their own each time."""
    loader = template_loader()  # the generator's templates, under any custom ones (--templates)
    own = isinstance(loader, jinja2.FileSystemLoader)
    if own and "own" in _SHARED:
        return _SHARED["own"]
    env = jinja2.Environment(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters.update(
        docstring=_docstring,
        docblock=_indent_rest,
        field_doc=_field_doc,
        documented=_documented,
        arg_doc=_arg_doc,
        op_doc=_op_doc,
        pyrepr=_pyrepr,
        arg_entry=_arg_entry,
        return_annotation=return_annotation,
        call=_call,
        called=_called,
    )
    env.tests["shadowing"] = SHADOWING.__contains__  # a class attribute written after its annotations
    if own:
        _SHARED["own"] = env
    return env


def render(api: Api) -> dict[str, str]:
    """Source text of every package file, keyed by path relative to the package folder."""
    env = environment()
    files: dict[str, str] = {}
    for name, template in PACKAGE_FILES:
        files[name] = _encodable(name, _render_module(env, template, api, name))
    files.update(render_models(env, api))
    files.update(render_resources(env, api))
    files.update(render_chunks(env, api, "_resources", "names", _methods(api)))
    files.update(render_validators(env, api))
    files.update(render_testing(env, api))
    if any(name.startswith(internal.FOLDER + "/") for name in files):
        files[internal.path("__init__")] = internal.INIT
    files[SELECTION] = (Path(__file__).parents[1] / "selection.py").read_text(encoding="utf-8")
    files[MCP_TABLE], files[MCP_SCHEMAS] = tool_tables(api)
    fetched = ("_oauth.py",) if any(s.kind == "client_credentials" for s in api.security_schemes) else ()
    runtime = {name: (RUNTIME / name).read_text(encoding="utf-8") for name in needed(files, RUNTIME_FILES, fetched)}
    return {**runtime, **files}


def _render_module(env: jinja2.Environment, template: str, api: Api, name: str) -> str:
    """One file: its template places the IR and the pieces of :func:`module_views`."""
    return env.get_template(template).render(api=api, **module_views(api, name))


def _methods(api: Api) -> Table:
    """The lazy table of ``_client``: the methods of each module of ``_resources``."""
    return method_table([(view.name, view.entry.split()[1:]) for view in resource_views(api) if view.operations])


def module_views(api: Api, name: str) -> dict[str, object]:
    """What a module's template places besides the IR: pieces computed before Jinja runs."""
    if name == "_client.py":
        return {
            "imports": import_lines(name, _client_needs(api), 0),
            "sync_options": option_pieces(api, "httpx.Client"),
            "async_options": option_pieces(api, "httpx.AsyncClient"),
            "methods": _methods(api),
            "groups": (
                [internal.group(RESOURCES, g) for g in resource_groups(flat_modules(api))] if api.flat_methods else []
            ),
            "spaces": tuple(view.name for view in resource_views(api) if not view.module.is_part),
        }
    if name in ("__init__.py", "errors.py"):  # what the package's operations answer (issue 35)
        kinds = {op.response_kind for op in api.operations}
        return {
            "streams": "sse" in kinds or any(op.stream_switch for op in api.operations),
            "binary": "binary" in kinds,
        }
    if name == "README.md":
        options, optional = option_pieces(api, "httpx.Client"), optional_example(api)
        return {"options": options, "optional": optional, "readme": readme_view(api), "agent": readme_pieces(api)}
    return {}


def _client_needs(api: Api) -> set[str]:
    """What ``_client``'s text uses."""
    needs = set(ALWAYS["_client.py"]) | (set(FLAT_CLIENT) if api.flat_methods else set())
    if api.resources:
        needs.add("Space")
    return needs | ({"Scheme"} if api.security_schemes else set())


def _encodable(name: str, text: str) -> str:
    """Non-Python files (README.md) hold spec text as is, but for lone surrogates, which UTF-8
    cannot encode, and invisible or bidi characters: those are written as ``\\uXXXX`` escapes
    there. (Python files escape them in literals and docstrings.)"""
    if name.endswith(".py"):
        return text
    return escape_invisible(text.encode("utf-8", "backslashreplace").decode("utf-8"), "\\")
