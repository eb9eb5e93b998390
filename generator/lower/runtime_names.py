"""What the runtime (copied into every generated package) defines, read with :mod:`ast`: the
attributes of the client classes, the error classes and the client options' declaration.

The runtime is the one source of these names and options: the namer reserves them and the emit
side writes the client's constructor from them, so adding a client option is a change of
``generator/runtime`` alone (the table in ``_options.py``, what takes the values in
``_config.py``). The runtime needs httpx, which the generator does not import: it is read as
text, never imported.
"""

from __future__ import annotations

import ast
from functools import cache
from typing import NamedTuple

from ..resources import RUNTIME

# What the ``_client.py`` template defines on the client classes, besides the runtime's attributes.
CLIENT_TEMPLATE_ATTRIBUTES = frozenset(
    {"with_options", "with_raw_response", "with_streaming_response", "_user_agent", "_error_types"}
    | {"_error_type_member", "_error_fields"}
    | {"__init__", "__enter__", "__exit__", "__aenter__", "__aexit__", "__getattr__"}
)


class ClientOptionDeclaration(NamedTuple):
    """One entry of the runtime's ``CLIENT_OPTIONS`` (see ``generator/runtime/_options.py``)."""

    name: str
    annotation: str  # may hold {http_client}
    default: str  # may hold {token_required}
    changeable: bool  # also an argument of ``with_options``
    doc: str  # may hold {http_client}, {token_default}, {base_url_default}, {token_required}
    kind: str = ""  # the kind of security scheme it gives credentials of ("": every client has it)


def _runtime_tree(module: str) -> ast.Module:
    return ast.parse((RUNTIME / f"{module}.py").read_text(encoding="utf-8"))


@cache
def client_options() -> tuple[ClientOptionDeclaration, ...]:
    """The runtime's ``CLIENT_OPTIONS`` table, in its order."""
    for node in _runtime_tree("_options").body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id == "CLIENT_OPTIONS" and node.value is not None:
                return tuple(ClientOptionDeclaration(*entry) for entry in ast.literal_eval(node.value))
    raise LookupError("generator/runtime/_options.py declares no CLIENT_OPTIONS")


def _stored_attributes(cls: ast.ClassDef) -> set[str]:
    """Methods, class attributes and ``self.<name> = ...`` attributes a class defines."""
    names: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.add(stmt.target.id)
        elif isinstance(stmt, ast.Assign):
            names.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            names.add(node.attr)
    return names


_CLIENT_BASES = ("BaseTransport", "SyncTransport", "AsyncTransport", "SyncClientBase", "AsyncClientBase")


@cache
def runtime_client_attributes() -> frozenset[str]:
    """Every attribute (public and private) the generated client classes get from the runtime's
    transport classes and from the client template, and those of every object."""
    names: set[str] = set(CLIENT_TEMPLATE_ATTRIBUTES) | set(dir(object))
    for module in ("_transport", "_base_client", "_async_client"):  # the classes of _CLIENT_BASES
        for node in _runtime_tree(module).body:
            if isinstance(node, ast.ClassDef) and node.name in _CLIENT_BASES:
                names |= _stored_attributes(node)
    return frozenset(names)


@cache
def runtime_error_classes() -> frozenset[str]:
    """The error classes of the runtime (``ClientError``, ``ApiError``, ...)."""
    modules = ("_exceptions", "_auth", "_events")  # MissingCredentialsError: _auth; the stream errors: _events
    return frozenset(n.name for m in modules for n in _runtime_tree(m).body if isinstance(n, ast.ClassDef))
