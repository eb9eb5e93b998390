"""The call log of one operation of the fake API and the assertions on it
(``api.<method>.calls``, ``assert_called_once_with``...): what ``OperationStub`` of ``_testing``
inherits, apart from its stubs so that each module stays small."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .._serde import _to_json
from .._types import UNSET
from ._fake_wire import Call, FakeOperation

__all__ = ["CallLog"]


class _CallsOf(Protocol):
    """What the call log reads of the fake (``_testing.FakeApiBase``, which imports this module:
    a protocol rather than an import back)."""

    @property
    def calls(self) -> list[Call]: ...


def _given(fop: FakeOperation, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments given (``UNSET``: not given); ``TypeError`` for one ``fop`` does not take."""
    given = {k: v for k, v in arguments.items() if v is not UNSET}
    unknown = sorted(set(given) - fop.argument_names)
    if unknown:
        raise TypeError(f"{fop.method_name} has no argument {', '.join(unknown)}")
    return given


class CallLog:
    """The calls of one operation (``_fop``) the fake (``_api``) received, and the assertions
    on them; the generated stub classes type the ``assert_*_with`` methods by argument."""

    _api: _CallsOf
    _fop: FakeOperation

    @property
    def calls(self) -> list[Call]:
        """Calls of this operation, in order (each attempt of a retried call counts)."""
        return [c for c in self._api.calls if c.method == self._fop.method_name]

    @property
    def call_count(self) -> int:
        return len(self.calls)

    @property
    def called(self) -> bool:
        return bool(self.calls)

    @property
    def last_call(self) -> Call:
        calls = self.calls
        if not calls:
            raise AssertionError(f"{self._fop.method_name} was not called")
        return calls[-1]

    def _listing(self, calls: Sequence[Call]) -> str:
        return "".join(f"\n  {call}" for call in calls) or " none"

    def assert_called(self) -> None:
        if not self.calls:
            raise AssertionError(f"{self._fop.method_name} was not called")

    def assert_not_called(self) -> None:
        calls = self.calls
        if calls:
            raise AssertionError(f"{self._fop.method_name} was called {len(calls)} time(s):{self._listing(calls)}")

    def assert_called_once(self) -> None:
        calls = self.calls
        if len(calls) != 1:
            raise AssertionError(f"{self._fop.method_name}: expected 1 call, got {len(calls)}:{self._listing(calls)}")

    def _differences(self, call: Call, expected: Mapping[str, Any]) -> list[str]:
        out = []
        for name, value in expected.items():
            if name not in call.arguments:
                out.append(f"{name}: expected {_to_json(value)!r}, not sent")
            elif _to_json(value) != _to_json(call.arguments[name]):
                out.append(f"{name}: expected {_to_json(value)!r}, got {call.arguments[name]!r}")
        return out

    def _assert_called_with(self, **arguments: Any) -> None:
        """The last call sent these arguments (those not named are not compared)."""
        expected = _given(self._fop, arguments)
        differences = self._differences(self.last_call, expected)
        if differences:
            raise AssertionError(
                f"{self._fop.method_name}: the last call differs:\n  "
                + "\n  ".join(differences)
                + f"\ncall: {self.last_call}"
            )

    def _assert_called_once_with(self, **arguments: Any) -> None:
        """There was one call, with these arguments (those not named are not compared)."""
        self.assert_called_once()
        self._assert_called_with(**arguments)

    def _assert_any_call(self, **arguments: Any) -> None:
        """Some call sent these arguments (those not named are not compared)."""
        expected = _given(self._fop, arguments)
        calls = self.calls
        if not any(not self._differences(call, expected) for call in calls):
            wanted = ", ".join(f"{k}={_to_json(v)!r}" for k, v in expected.items())
            raise AssertionError(f"{self._fop.method_name}: no call with {wanted}; calls:{self._listing(calls)}")
