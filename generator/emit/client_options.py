"""The client's options as pieces of code: the constructor's and ``with_options``' parameters,
the calls that build the configuration, the docstring entries and the README's list.

Every piece comes from one declaration, the runtime's ``CLIENT_OPTIONS`` (read by
:func:`generator.lower.runtime_names.client_options`), plus the header options of the spec
(``x-client-option``): the token first, then the spec's header options, then the rest, in the
table's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api
from ..lower.runtime_names import ClientOptionDeclaration, client_options
from .literals import py_str


@dataclass(frozen=True, slots=True)
class OptionPieces:
    """Lines of code and documentation for one client class (sync or async)."""

    parameters: tuple[str, ...]  # of ``__init__``, after ``*``
    changes: tuple[str, ...]  # of ``with_options``, after ``*``
    given: tuple[str, ...]  # ``name=name`` arguments of make_config (and update_config)
    passed: tuple[str, ...]  # ``name=name`` of every option ``with_options`` takes (the test kit's ``client()``)
    headers: tuple[str, ...]  # ``"x-wire": name`` members of the header options' dict

    @property
    def header_lines(self) -> list[str]:
        """The header options' dict, an argument of make_config and update_config, as lines."""
        if not self.headers:
            return ["{},"]
        return ["{", *(f"    {header}," for header in self.headers), "},"]

    docs: tuple[tuple[str, str], ...]  # (name, text) of the docstring's ``Args:``


def _fields(api: Api, http_client: str) -> dict[str, str]:
    base_url = f"``{api.base_url}``"
    if not api.base_url:  # the document names no server
        either = f" (or ``${api.base_url_env}``)" if api.base_url_env else ""
        base_url_doc = f"Required{either}: the API's document names no server."
    elif api.base_url_env:
        base_url_doc = f"Default: ``${api.base_url_env}``, else {base_url}."
    else:
        base_url_doc = f"Default: {base_url}."
    return {
        "http_client": http_client,
        "token_required": "True" if api.token_env else "False",
        "token_default": f" Default: ``${api.token_env}``." if api.token_env else "",
        "base_url_default": base_url_doc,
    }


def _changed_annotation(annotation: str) -> str:
    return annotation if "Unset" in annotation.split(" | ") else f"{annotation} | Unset"


def option_pieces(api: Api, http_client: str) -> OptionPieces:
    fields = _fields(api, http_client)
    table = [
        ClientOptionDeclaration(
            o.name, o.annotation.format(**fields), o.default.format(**fields), o.changeable, o.doc.format(**fields)
        )
        for o in client_options()
    ]
    spec = [
        ClientOptionDeclaration(
            o.name,
            "str | None",
            "None",
            True,
            f"Sent as ``{o.header}`` on the operations that declare it; a per-call argument of the"
            " same name overrides it." + (f" Default: ``${o.env}``." if o.env else ""),
        )
        for o in api.client_options
    ]
    declared = [*table[:1], *spec, *table[1:]]  # credentials first: the token, then the spec's
    changeable = [o for o in declared if o.changeable]
    return OptionPieces(
        parameters=tuple(f"{o.name}: {o.annotation} = {o.default}" for o in declared),
        changes=tuple(f"{o.name}: {_changed_annotation(o.annotation)} = UNSET" for o in changeable),
        given=tuple(f"{o.name}={o.name}" for o in table if o.changeable),
        passed=tuple(f"{o.name}={o.name}" for o in changeable),
        headers=tuple(f"{py_str(o.header)}: {o.name}" for o in api.client_options),
        docs=tuple((o.name, o.doc) for o in declared),
    )
