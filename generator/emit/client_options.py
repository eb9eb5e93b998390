"""The client's options as pieces of code: the constructor's and ``with_options``' parameters,
the calls that build the configuration, the docstring entries and the README's list.

Every piece comes from one declaration, the runtime's ``CLIENT_OPTIONS`` (read by
:func:`generator.lower.runtime_names.client_options`), plus the spec's: its security schemes
(the table's rows of a scheme kind, one option per scheme of that kind) and its header options
(``x-client-option``). The order: the token, the credentials of the schemes, the header
options, then the rest, in the table's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api, SecurityScheme
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
    credentials: tuple[str, ...] = ()  # ``"option": option`` members of the credentials' dict

    @property
    def header_lines(self) -> list[str]:
        """The header options' dict, an argument of make_config and update_config, as lines."""
        return _dict_lines(self.headers)

    @property
    def credential_lines(self) -> list[str]:
        """The credential options' dict (option -> value), after the header options' one."""
        return _dict_lines(self.credentials)

    docs: tuple[tuple[str, str], ...] = ()  # (name, text) of the docstring's ``Args:``


def _dict_lines(members: tuple[str, ...]) -> list[str]:
    if not members:
        return ["{},"]
    return ["{", *(f"    {member}," for member in members), "},"]


def _fields(api: Api, http_client: str) -> dict[str, str]:
    base_url = f"``{api.base_url}``"
    if not api.base_url:  # the document names no server
        either = f" (or ``${api.base_url_env}``)" if api.base_url_env else ""
        base_url_doc = f"Required{either}: the API's document names no server."
    elif api.base_url_env:
        base_url_doc = f"Default: ``${api.base_url_env}``, else {base_url}."
    else:
        base_url_doc = f"Default: {base_url}."
    is_async = "Async" in http_client
    return {
        "http_client": http_client,
        "token_type": "AsyncTokenSource" if is_async else "TokenSource",
        "token_awaitable": ", awaited when it returns an awaitable" if is_async else "",
        "token_required": "True" if api.token_required else "None",
        "token_default": f" Default: ``${api.token_env}``." if api.token_env else "",
        "base_url_default": base_url_doc,
    }


_WHERE = {"header": "the header ``{}``", "query": "the query parameter ``{}``", "cookie": "the cookie ``{}``"}


def _scheme_fields(scheme: SecurityScheme) -> dict[str, str]:
    if scheme.kind == "api_key":
        where = _WHERE[scheme.location].format(scheme.wire)
    elif scheme.kind == "client_credentials":
        where = scheme.token_url
    else:
        where = scheme.location
    return {
        "option": scheme.option,
        "scheme": scheme.key,
        "where": where,
        "env_default": f" Default: ``${scheme.env}``." if scheme.env else "",
        "secret_default": f" Default: ``${scheme.secret_env}``." if scheme.secret_env else "",
    }


def _credential_options(api: Api, row: ClientOptionDeclaration) -> list[ClientOptionDeclaration]:
    """The options a row of a scheme kind declares: one per scheme of its kind (the first of
    them for the client credentials, whose options every such scheme shares)."""
    schemes = [s for s in api.security_schemes if s.kind == row.kind]
    if row.kind == "client_credentials":
        schemes = schemes[:1]
    out = []
    for scheme in schemes:
        fields = _scheme_fields(scheme)
        out.append(
            ClientOptionDeclaration(
                row.name.format(**fields),
                row.annotation,
                row.default,
                row.changeable,
                row.doc.format(**fields),
                row.kind,
            )
        )
    return out


def _declared(api: Api, http_client: str) -> list[ClientOptionDeclaration]:
    fields = _fields(api, http_client)
    table: list[ClientOptionDeclaration] = []
    for o in client_options():
        if o.kind:
            table += _credential_options(api, o)
        else:
            table.append(
                ClientOptionDeclaration(
                    o.name,
                    o.annotation.format(**fields),
                    o.default.format(**fields),
                    o.changeable,
                    o.doc.format(**fields),
                )
            )
    return table


def _changed_annotation(annotation: str) -> str:
    return annotation if "Unset" in annotation.split(" | ") else f"{annotation} | Unset"


def option_pieces(api: Api, http_client: str) -> OptionPieces:
    table = _declared(api, http_client)
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
    credentials = [o for o in table if o.kind]
    first = 1 + len(credentials)  # credentials first: the token, the schemes', then the spec's
    declared = [*table[:first], *spec, *table[first:]]
    changeable = [o for o in declared if o.changeable]
    return OptionPieces(
        parameters=tuple(f"{o.name}: {o.annotation} = {o.default}" for o in declared),
        changes=tuple(f"{o.name}: {_changed_annotation(o.annotation)} = UNSET" for o in changeable),
        given=tuple(f"{o.name}={o.name}" for o in table if o.changeable and not o.kind),
        passed=tuple(f"{o.name}={o.name}" for o in changeable),
        headers=tuple(f"{py_str(o.header)}: {o.name}" for o in api.client_options),
        credentials=tuple(f"{py_str(o.name)}: {o.name}" for o in credentials),
        docs=tuple((o.name, o.doc) for o in declared),
    )
