"""The options of every generated client, declared once (:data:`CLIENT_OPTIONS`), beside
``_config``, whose :func:`~_config.make_config` and :func:`~_config.update_config` take their
values. Data for the generator only: it reads this module as text
(``generator/lower/runtime_names.py``) to write the clients' constructors, ``with_options`` and
the README's option list. No module imports it, so no package copies it (issue 35).
"""

CLIENT_OPTIONS: tuple[tuple[str, str, str, bool, str, str], ...] = (
    (
        "token",
        "{token_type} | None",
        "None",
        True,
        "Bearer token, sent as ``Authorization: Bearer <token>``, or a callable returning it"
        " (called when a request needs it{token_awaitable}); never shown.{token_default}",
        "",
    ),
    (
        "{option}",
        "str | None",
        "None",
        True,
        "API key ``{scheme}``, sent as {where}; never shown.{env_default}",
        "api_key",
    ),
    (
        "{option}",
        "tuple[str, str] | None",
        "None",
        True,
        "HTTP basic credentials ``(username, password)`` of ``{scheme}`` (its environment"
        " variable holds ``username:password``); never shown.{env_default}",
        "basic",
    ),
    (
        "{option}",
        "str | None",
        "None",
        True,
        "Credentials of ``{scheme}``, sent as ``Authorization: {where} <value>``; never shown." "{env_default}",
        "http",
    ),
    (
        "client_id",
        "str | None",
        "None",
        True,
        "OAuth2 client ID: with ``client_secret``, the client fetches its tokens from"
        " ``{where}`` (client credentials); an explicit ``token`` wins.{env_default}",
        "client_credentials",
    ),
    (
        "client_secret",
        "str | None",
        "None",
        True,
        "OAuth2 client secret, with ``client_id``; never shown.{secret_default}",
        "client_credentials",
    ),
    (
        "base_url",
        "str | httpx.URL | None",
        "None",
        True,
        "The API's address. {base_url_default}",
        "",
    ),
    (
        "timeout",
        "TimeoutTypes | Unset",
        "UNSET",
        True,
        "Seconds (or an ``httpx.Timeout``) to wait for each request; ``None`` waits forever." " Default: 60.",
        "",
    ),
    (
        "max_retries",
        "int | None",
        "None",
        True,
        "How many times a failed request is retried when that is safe. Default: 2.",
        "",
    ),
    (
        "http_client",
        "{http_client} | None",
        "None",
        False,
        "An ``{http_client}`` to send requests with (proxies, certificates, transports, event"
        " hooks), used as given and not closed by this client.",
        "",
    ),
    (
        "default_headers",
        "Mapping[str, str] | None",
        "None",
        True,
        "Headers sent with every request.",
        "",
    ),
    (
        "validate_requests",
        "bool",
        "True",
        True,
        "Check arguments against the API's rules before sending. Default: ``True``.",
        "",
    ),
    (
        "require_token",
        "bool | None",
        "{token_required}",
        True,
        "``True``: refuse to build the client without a token. ``False``: an operation that"
        " needs a bearer token is sent without one when none is given, for a proxy that adds"
        " authentication itself. ``None``: a call whose credentials are missing raises"
        " ``MissingCredentialsError`` before sending. Default: ``{token_required}``.",
        "",
    ),
    (
        "max_response_bytes",
        "int",
        "DEFAULT_MAX_RESPONSE_BYTES",
        True,
        "Largest answer body read, in bytes after decompression; a larger one raises"
        " ``ResponseTooLargeError``. Default: 64 MiB.",
        "",
    ),
    (
        "total_timeout",
        "float | None",
        "None",
        True,
        "Seconds a whole call may take, retries and waits included; ``None``: at most"
        " ``max_retries + 1`` attempts of ``timeout`` each, plus the waits between them."
        " Default: ``None``.",
        "",
    ),
    (
        "strict_responses",
        "bool",
        "False",
        True,
        "Check every JSON answer against its schema (member types, required members) and raise"
        " ``ResponseValidationError`` naming the path and the rule. Default: ``False`` (answers"
        " are read leniently).",
        "",
    ),
)
"""The options of every generated client, declared once: (name, annotation of the argument, its
default, whether ``with_options`` changes it, the line that documents it, the kind of security
scheme it gives credentials of: "" for every client; ``api_key``, ``basic``, ``http``: one option
per scheme of that kind, named by the generator (``{option}``); ``client_credentials``: once
when the API has such a scheme). The generator reads
this table (it is a literal) to write ``__init__``, ``with_options``, the README's option list
and the names no header option may take; the ``{...}`` fields are the spec's (the client class,
the environment variables). ``_config.make_config`` and ``_config.update_config`` take the
values."""
