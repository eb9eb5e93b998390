"""Names the generated package defines itself, which no name from the document may take: its
modules, the names of its ``errors`` module, what its models modules import."""

from __future__ import annotations

import keyword
import sys

from ..resources import RUNTIME

# Modules of the generated package (the package name itself is reserved per package): its own,
# and every module of the runtime it copies (read from the folder, so a new one is never missed).
PACKAGE_MODULES = frozenset(
    {"errors", "models", "_client", "_validators", "_version", "testing", "_resources", "_fakes", "_internal"}
    | {"load_all"}
    | {"_selection"}  # generator/selection.py, copied beside the runtime
    | {path.stem for path in RUNTIME.glob("*.py") if path.name != "__init__.py"}
)
VALIDATORS_COMMON = "_common"
"""The module of ``_validators`` holding what its checks share. Its other modules are named as the
modules of ``models`` are, so no module of ``models`` may take this name (a schema ``Common``)."""
# Names the ``errors`` module defines next to the error classes.
ERRORS_MODULE_NAMES = frozenset({"ERROR_TYPES", "ERROR_TYPE_MEMBER", "ERROR_FIELDS", "annotations"})
# Names the models package and its modules import or define: a schema of that name gets a "Model"
# suffix.
MODELS_MODULE_IMPORTS = frozenset(
    {
        "LazyModules",
        "TYPE_CHECKING",
        "load_all",
        "Any",
        "Literal",
        "Mapping",
        "MappingProxyType",
        "TypeAlias",
        "TypedDict",
        "UNSET",
        "ABSENT",
        "Unset",
        "FileTypes",
        "cast",
        "dataclass",
        "field",
        "_Model",
        "UnionByTag",
    }
)

# What the generated package imports (httpx and the packages httpx imports; orjson, which its
# runtime imports when installed).
RESOURCES_MODULE_NAMES = frozenset(
    {
        *("Any", "AsyncBinaryResponse", "AsyncIterator", "AsyncSpace", "AsyncStream", "AsyncTransport"),
        *("BinaryResponse", "Body", "FileTypes", "Headers", "Iterator", "Literal", "Mapping", "Operation"),
        *("PageTokens", "Params", "Query", "RequestOptions", "RequestValidationError", "ServerSentEvent", "Space"),
        *("Stream", "SyncSpace", "SyncTransport", "TYPE_CHECKING", "TimeoutTypes", "UNSET", "Unset"),
        *("Client", "AsyncClient"),  # a namespace's class extends the client's with the flat methods
    }
)
"""The capitalized names a module of ``_resources`` imports or defines beside its namespace classes
(``generator.emit.imports.IMPORTS``, the method template's own text; a test holds them equal): no
namespace class is named so (``query`` -> ``QuerySpace``)."""


_TAKEN_NAMES = frozenset({"httpx", "httpcore", "h11", "anyio", "sniffio", "certifi", "idna", "orjson"})


def package_name_problem(package: str) -> str:
    """Why ``package`` cannot name the generated package ('' when it can)."""
    if not package.isidentifier():
        return "not a valid Python identifier"
    if not package.isascii():
        return "not ASCII: Python reads identifiers NFKC-normalized, so `import` may look for another folder"
    if keyword.iskeyword(package):
        return "a Python keyword"
    if package.startswith("__") and package.endswith("__"):
        return "a dunder name, reserved by Python (__main__, __init__, ...)"
    if package in sys.stdlib_module_names:
        return "shadows the standard library module of that name"
    if package in _TAKEN_NAMES:
        return "shadows a package the generated client imports"
    if package in PACKAGE_MODULES:
        return "shadows a module of the generated package itself"
    return ""
