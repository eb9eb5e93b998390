"""Parameter styles beyond a plain value (OpenAPI's ``style`` and ``explode``): ``label`` and
``matrix`` path segments, and objects in a path, header or cookie (``simple``/``form``)."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from ._encoding import _query_text, _Segment
from ._types import UNSET

__all__ = ["_label", "_matrix", "_object_text"]


def _pieces(value: object) -> list[str]:
    if isinstance(value, Mapping):
        return [_query_text(x) for pair in value.items() for x in pair]
    if isinstance(value, (list, tuple)):
        return [_query_text(v) for v in value]
    return [_query_text(value)]


def _enc(text: str) -> str:
    return quote(text, safe="")


def _object_text(value: object, explode: bool) -> object:
    """An object (``simple`` style; ``form`` in a cookie): ``k1,v1,k2,v2``, exploded
    ``k1=v1,k2=v2``. Anything else as it is."""
    if not isinstance(value, Mapping):
        return value
    if explode:
        return ",".join(f"{_query_text(k)}={_query_text(v)}" for k, v in value.items())
    return ",".join(_pieces(value))


def _label(value: object, explode: bool) -> object:
    """``style: label``: ``.v``, a list ``.a,b`` (exploded ``.a.b``), an object ``.k,v``
    (exploded ``.k=v``)."""
    if value is UNSET or value is None:
        return value
    if isinstance(value, Mapping) and explode:
        return _Segment("".join(f".{_enc(_query_text(k))}={_enc(_query_text(v))}" for k, v in value.items()))
    parts = [_enc(p) for p in _pieces(value)]
    return _Segment("." + ("." if explode else ",").join(parts))


def _matrix(name: str, value: object, explode: bool) -> object:
    """``style: matrix``: ``;name=v``, a list ``;name=a,b`` (exploded ``;name=a;name=b``), an
    object ``;name=k,v`` (exploded ``;k=v``)."""
    if value is UNSET or value is None:
        return value
    key = _enc(name)
    if isinstance(value, Mapping) and explode:
        return _Segment("".join(f";{_enc(_query_text(k))}={_enc(_query_text(v))}" for k, v in value.items()))
    parts = [_enc(p) for p in _pieces(value)]
    if explode and isinstance(value, (list, tuple)):
        return _Segment("".join(f";{key}={p}" for p in parts))
    return _Segment(f";{key}=" + ",".join(parts))
