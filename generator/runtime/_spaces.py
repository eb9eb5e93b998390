"""The client's namespaces (``client.files.passages.list(...)``): each is a class of a module of
``_resources``, imported and made the first time the attribute is read (``Space``), then kept on
the object it was read from. A namespace sends through its client: it reads the client's
configuration, connection pool and error tables, never a copy of them."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from ._async_client import AsyncTransport
from ._base_client import SyncTransport

T = TypeVar("T")

SHARED = (
    "_config",
    "_http",
    "_owns_http",
    "_direct",
    "_clock",
    "_user_agent",
    "_error_types",
    "_error_type_member",
    "_error_fields",
)
"""What a namespace reads of its client: set once by the client, read on every call."""


class Space(Generic[T]):
    """A namespace attribute of a client or of a namespace: ``package.module``'s class ``cls``,
    imported on first read and made with the client, then kept in the reader's ``__dict__``
    (a plain attribute from then on). Type checkers read ``T``, the namespace's class."""

    def __init__(self, package: str | None, module: str, cls: str) -> None:
        self._where = f"{package}.{module}"
        self._cls = cls
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:  # what help(Client) shows of it, with nothing imported
        return f"<namespace {self._name}: its operations load on first use>"

    @overload
    def __get__(self, obj: None, owner: type) -> Space[T]: ...

    @overload
    def __get__(self, obj: object, owner: type) -> T: ...

    def __get__(self, obj: object | None, owner: type) -> Space[T] | T:
        if obj is None:
            return self
        client = obj.__dict__.get("_client", obj)  # a namespace's sub-namespaces share its client
        made: T = getattr(importlib.import_module(self._where), self._cls)(client)
        obj.__dict__[self._name] = made
        return made


def _shared(name: str) -> property:
    return property(lambda space: getattr(space._client, name))


class SyncSpace(SyncTransport):
    """The base of a namespace of ``Client``."""

    def __init__(self, client: SyncTransport) -> None:
        self._client = client

    def __dir__(self) -> list[str]:
        return _own_names(self)


class AsyncSpace(AsyncTransport):
    """The base of a namespace of ``AsyncClient``."""

    def __init__(self, client: AsyncTransport) -> None:
        self._client = client

    def __dir__(self) -> list[str]:
        return _own_names(self)


def _own_names(space: SyncSpace | AsyncSpace) -> list[str]:
    """What ``dir()`` lists of a namespace: its own methods and sub-namespaces, not the whole
    names of the client's flat methods (``flat-methods``) its class takes them from (a base
    that is neither a namespace class nor a transport class)."""
    flat: set[str] = set()
    own: set[str] = set()
    for base in type(space).__mro__:
        if issubclass(base, (SyncSpace, AsyncSpace)):
            own.update(vars(base))
        elif not issubclass(SyncSpace, base) and not issubclass(AsyncSpace, base):
            flat.update(name for name in vars(base) if not name.startswith("_"))
    return sorted(set(object.__dir__(space)) - (flat - own))


if not TYPE_CHECKING:  # type checkers read the transport's own attributes
    for _name in SHARED:
        setattr(SyncSpace, _name, _shared(_name))
        setattr(AsyncSpace, _name, _shared(_name))


class FakeSpace:
    """A namespace of the test kit's ``FakeApi`` mirroring the client's (``api.tables.get_or_create``):
    each name is the stub of the operation the client's namespace calls so, the very object
    ``api.<method>`` is (stubbing one stubs the other)."""

    _methods: ClassVar[dict[str, str]] = {}
    """Its method names -> the fake's attribute of their operation."""

    def __init__(self, api: Any) -> None:
        self._client = api

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            method = type(self)._methods.get(name)
            if method is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            stub = getattr(self._client, method)
            self.__dict__[name] = stub
            return stub

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *type(self)._methods})


def load_spaces(package: str | None, modules: tuple[str, ...]) -> None:
    """Import the module of every namespace now (``load_all``)."""
    for module in modules:
        importlib.import_module(f"{package}.{module}")
