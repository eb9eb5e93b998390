"""The checks of the fake API's answers: a stubbed (or default) answer against the response
schema, failing the test at once with :class:`InvalidStub` naming the path; and whether a call
asked for a stream of events.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .._exceptions import _Mismatch
from .._serde import _to_json
from ._fake_wire import Call, FakeOperation

__all__ = ["InvalidStub", "asks_stream", "checked", "checked_answer"]


class InvalidStub(AssertionError):
    """A stubbed (or default) answer that breaks the operation's response schema."""

    def __init__(self, operation: str, path: str, rule: str) -> None:
        self.operation = operation
        self.path = path
        self.rule = rule
        super().__init__(f"{operation}: the answer breaks the response schema at {path!r}: {rule}")


def checked(
    label: str,
    value: Any,
    check: Callable[[Any], None] | None,
    decode: Callable[[Any], Any] | None,
) -> Any:
    """The JSON of ``value`` (a model or its JSON form), checked by ``check`` and read by
    ``decode`` (:class:`InvalidStub` naming ``label`` and the path where it breaks them)."""
    data = _to_json(value)
    try:
        if check is not None:
            check(data)
        if decode is not None:
            decode(copy.deepcopy(data))
    except _Mismatch as exc:
        raise InvalidStub(label, exc.path, exc.rule) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidStub(label, "", f"{type(exc).__name__}: {exc}") from None
    return data


def checked_answer(fop: FakeOperation, value: Any) -> Any:
    """The JSON of an answer (a model or its JSON form), checked against the response schema
    (:class:`InvalidStub`, naming the path); bytes or text as they are."""
    kind = fop.op.response
    if kind == "json":
        return checked(fop.label, value, fop.op.check_response, fop.decode)
    if kind in ("bytes", "binary") and not isinstance(value, (bytes, bytearray)):
        raise InvalidStub(fop.label, "", "must be bytes")
    if kind == "text" and not isinstance(value, str):
        raise InvalidStub(fop.label, "", "must be a string")
    return value


def asks_stream(fop: FakeOperation, call: Call) -> bool:
    """Whether ``call`` asked for a stream of events (always, or with ``stream=True``)."""
    if fop.events is None:
        return False
    return fop.op.response == "sse" or "text/event-stream" in call.headers.get("accept", "")
