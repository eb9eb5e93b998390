"""``Client`` and ``AsyncClient`` of Botpress API, one method per operation."""

from __future__ import annotations

import dataclasses
import warnings
from datetime import datetime
from typing import Any, AsyncIterator, Iterator, Mapping

import httpx

from . import _validators, errors, models
from ._base_client import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_MAX_RETRIES,
    AsyncTransport,
    Config,
    Operation,
    PageTokens,
    RequestOptions,
    SyncTransport,
    _deep_object,
    _exploded,
    _joined,
    _joined_object,
    env_str,
    make_timeout,
    raw_async,
    raw_sync,
    resolve_base_url,
    resolve_token,
    setup_logging,
    user_agent,
)
from ._serde import _to_json
from ._types import UNSET, Body, FileTypes, Headers, Query, TimeoutTypes, Unset
from ._version import __version__

__all__ = ["Client", "AsyncClient", "DEFAULT_BASE_URL"]

DEFAULT_BASE_URL = "https://api.botpress.cloud"
_GET_OR_CREATE_TABLE = Operation(
    name="getOrCreateTable",
    method="POST",
    path="/v1/tables/{table}",
    idempotent=True,
    content_type="application/json",
    encoding="json",
    validate=_validators.check_get_or_create_table,
    required_headers=(("x-bot-id", "bot_id"),),
)
_GET_TABLE = Operation(
    name="getTable",
    method="GET",
    path="/v1/tables/{table}",
    idempotent=True,
    validate=_validators.check_get_table,
    required_headers=(("x-bot-id", "bot_id"),),
)
_RENAME_TABLE_COLUMN = Operation(
    name="renameTableColumn",
    method="PUT",
    path="/v1/tables/{table}/column",
    idempotent=True,
    content_type="application/json",
    encoding="json",
    validate=_validators.check_rename_table_column,
    required_headers=(("x-bot-id", "bot_id"),),
)
_CREATE_MESSAGE = Operation(
    name="createMessage",
    method="POST",
    path="/v1/chat/messages",
    idempotent=False,
    content_type="application/json",
    encoding="json",
    validate=_validators.check_create_message,
    required_headers=(("x-bot-id", "bot_id"),),
)
_GET_MESSAGE = Operation(
    name="getMessage",
    method="GET",
    path="/v1/chat/messages/{id}",
    idempotent=True,
    validate=_validators.check_get_message,
    required_headers=(("x-bot-id", "bot_id"),),
)
_SET_STATE_EXPIRY = Operation(
    name="setStateExpiry",
    method="POST",
    path="/v1/chat/states/{type}/{id}/{name}/expiry",
    idempotent=True,
    content_type="application/json",
    encoding="json",
    validate=_validators.check_set_state_expiry,
    required_headers=(("x-bot-id", "bot_id"),),
)
_GET_USER = Operation(
    name="getUser",
    method="GET",
    path="/v1/chat/users/{id}",
    idempotent=True,
    validate=_validators.check_get_user,
    required_headers=(("x-bot-id", "bot_id"),),
)
_LIST_TAG_VALUES = Operation(
    name="listTagValues",
    method="GET",
    path="/v1/chat/tags/{key}/values",
    idempotent=True,
    validate=_validators.check_list_tag_values,
    required_headers=(("x-bot-id", "bot_id"),),
)
_LIST_FILE_PASSAGES = Operation(
    name="listFilePassages",
    method="GET",
    path="/v1/files/{id}/passages",
    idempotent=True,
    validate=_validators.check_list_file_passages,
    required_headers=(("x-bot-id", "bot_id"),),
)
_LIST_FILE_TAG_VALUES = Operation(
    name="listFileTagValues",
    method="GET",
    path="/v1/files/tags/{tag}/values",
    idempotent=True,
    validate=_validators.check_list_file_tag_values,
    required_headers=(("x-bot-id", "bot_id"),),
)
_DELETE_FILE = Operation(
    name="deleteFile",
    method="DELETE",
    path="/v1/files/{id}",
    idempotent=True,
    validate=_validators.check_delete_file,
    required_headers=(("x-bot-id", "bot_id"),),
)
_UPDATE_WORKSPACE_MEMBER = Operation(
    name="updateWorkspaceMember",
    method="PUT",
    path="/v1/admin/workspace-members/{id}",
    idempotent=True,
    content_type="application/json",
    encoding="json",
    validate=_validators.check_update_workspace_member,
    required_headers=(("x-workspace-id", "workspace_id"),),
)
_DELETE_WORKSPACE = Operation(
    name="deleteWorkspace",
    method="DELETE",
    path="/v1/admin/workspaces/{id}",
    idempotent=True,
    validate=_validators.check_delete_workspace,
)
_GET_BOT_ISSUE = Operation(
    name="getBotIssue",
    method="GET",
    path="/v1/admin/bots/{id}/issues/{issueId}",
    idempotent=True,
    validate=_validators.check_get_bot_issue,
    required_headers=(("x-workspace-id", "workspace_id"),),
)
_DELETE_BOT_ISSUE = Operation(
    name="deleteBotIssue",
    method="DELETE",
    path="/v1/admin/bots/{id}/issues/{issueId}",
    idempotent=True,
    validate=_validators.check_delete_bot_issue,
    required_headers=(("x-workspace-id", "workspace_id"),),
)


def _make_config(
    *,
    token: str | None,
    bot_id: str | None,
    integration_id: str | None,
    integration_alias: str | None,
    workspace_id: str | None,
    base_url: str | httpx.URL | None,
    timeout: TimeoutTypes | Unset,
    max_retries: int | None,
    default_headers: Mapping[str, str] | None,
    validate_requests: bool,
    require_token: bool,
    max_response_bytes: int,
    total_timeout: float | None,
) -> Config:
    options: dict[str, str | None] = {
        "x-bot-id": bot_id if bot_id is not None else env_str("BP_BOT_ID"),
        "x-integration-id": (
            integration_id if integration_id is not None else env_str("BP_INTEGRATION_ID")
        ),
        "x-integration-alias": integration_alias,
        "x-workspace-id": workspace_id if workspace_id is not None else env_str("BP_WORKSPACE_ID"),
    }
    return Config(
        token=resolve_token(token, "BP_TOKEN", require_token),
        base_url=resolve_base_url(base_url, "BP_API_URL", DEFAULT_BASE_URL),
        timeout=make_timeout(timeout),
        max_retries=DEFAULT_MAX_RETRIES if max_retries is None else max_retries,
        header_options=tuple((k, v) for k, v in options.items() if v is not None),
        default_headers=tuple((default_headers or {}).items()),
        validate_requests=validate_requests,
        require_token=require_token,
        max_response_bytes=max_response_bytes,
        total_timeout=total_timeout,
    )


def _update_config(
    config: Config,
    *,
    token: str | None | Unset,
    bot_id: str | None | Unset,
    integration_id: str | None | Unset,
    integration_alias: str | None | Unset,
    workspace_id: str | None | Unset,
    base_url: str | httpx.URL | Unset,
    timeout: TimeoutTypes | Unset,
    max_retries: int | Unset,
    default_headers: Mapping[str, str] | Unset,
    validate_requests: bool | Unset,
    require_token: bool | Unset,
    max_response_bytes: int | Unset,
    total_timeout: float | None | Unset,
) -> Config:
    options: dict[str, str | None] = dict(config.header_options)
    if bot_id is not UNSET:
        options["x-bot-id"] = bot_id
    if integration_id is not UNSET:
        options["x-integration-id"] = integration_id
    if integration_alias is not UNSET:
        options["x-integration-alias"] = integration_alias
    if workspace_id is not UNSET:
        options["x-workspace-id"] = workspace_id
    require = config.require_token if require_token is UNSET else require_token
    return dataclasses.replace(
        config,
        token=resolve_token(config.token if token is UNSET else token, "", require),
        base_url=(
            config.base_url
            if base_url is UNSET
            else resolve_base_url(base_url, "BP_API_URL", DEFAULT_BASE_URL)
        ),
        timeout=config.timeout if timeout is UNSET else make_timeout(timeout),
        max_retries=config.max_retries if max_retries is UNSET else max_retries,
        header_options=tuple((k, v) for k, v in options.items() if v is not None),
        default_headers=(
            config.default_headers if default_headers is UNSET else tuple(default_headers.items())
        ),
        validate_requests=(
            config.validate_requests if validate_requests is UNSET else validate_requests
        ),
        require_token=require,
        max_response_bytes=(
            config.max_response_bytes if max_response_bytes is UNSET else max_response_bytes
        ),
        total_timeout=config.total_timeout if total_timeout is UNSET else total_timeout,
    )


class Client(SyncTransport):
    """Synchronous client of Botpress API (1.82.0).

    Every argument is optional; unset ones come from the environment, then defaults.

    Args:
        token: Bearer token. Default: ``$BP_TOKEN``.
        bot_id: Sent as ``x-bot-id`` on the operations that declare it.
            Default: ``$BP_BOT_ID``.
        integration_id: Sent as ``x-integration-id`` on the operations that declare it.
            Default: ``$BP_INTEGRATION_ID``.
        integration_alias: Sent as ``x-integration-alias`` on the operations that declare it.
        workspace_id: Sent as ``x-workspace-id`` on the operations that declare it.
            Default: ``$BP_WORKSPACE_ID``.
        base_url: The API's address. Default: ``$BP_API_URL``, else ``https://api.botpress.cloud``.
        timeout: Seconds (or an ``httpx.Timeout``) to wait for each request; ``None`` waits
            forever. Default: 60.
        max_retries: How many times a failed request is retried when that is safe. Default: 2.
        http_client: An ``httpx.Client`` to send requests with, used as given (and not closed
            by this client).
        default_headers: Headers sent with every request.
        validate_requests: Check arguments against the API's rules before sending.
            Default: ``True``.
        require_token: Refuse to build the client without a token. ``False`` sends no
            ``Authorization`` header then, for a proxy that adds authentication itself.
            Default: ``True``.
        max_response_bytes: Largest answer body read, in bytes after decompression; a larger
            one raises ``ResponseTooLargeError``. Default: 64 MiB.
        total_timeout: Seconds a whole call may take, retries and waits included; ``None``:
            at most ``max_retries + 1`` attempts of ``timeout`` each, plus the waits between
            them. Default: ``None``.
    """

    _user_agent = user_agent(__version__)
    _error_types = errors.ERROR_TYPES
    _error_type_member = errors.ERROR_TYPE_MEMBER

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_id: str | None = None,
        integration_id: str | None = None,
        integration_alias: str | None = None,
        workspace_id: str | None = None,
        base_url: str | httpx.URL | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | None = None,
        http_client: httpx.Client | None = None,
        default_headers: Mapping[str, str] | None = None,
        validate_requests: bool = True,
        require_token: bool = True,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        total_timeout: float | None = None,
    ) -> None:
        setup_logging("BP_LOG")
        config = _make_config(
            token=token,
            bot_id=bot_id,
            integration_id=integration_id,
            integration_alias=integration_alias,
            workspace_id=workspace_id,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            validate_requests=validate_requests,
            require_token=require_token,
            max_response_bytes=max_response_bytes,
            total_timeout=total_timeout,
        )
        self._setup(config, http_client)
        self.with_raw_response = ClientWithRawResponse(self)
        """The same methods, returning a ``RawResponse`` (status, headers and the parsed model)."""

    def with_options(
        self,
        *,
        token: str | None | Unset = UNSET,
        bot_id: str | None | Unset = UNSET,
        integration_id: str | None | Unset = UNSET,
        integration_alias: str | None | Unset = UNSET,
        workspace_id: str | None | Unset = UNSET,
        base_url: str | httpx.URL | Unset = UNSET,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
        default_headers: Mapping[str, str] | Unset = UNSET,
        validate_requests: bool | Unset = UNSET,
        require_token: bool | Unset = UNSET,
        max_response_bytes: int | Unset = UNSET,
        total_timeout: float | None | Unset = UNSET,
    ) -> Client:
        """A copy of this client with some options changed, sharing its connection pool."""
        copy = Client.__new__(Client)
        copy._config = _update_config(
            self._config,
            token=token,
            bot_id=bot_id,
            integration_id=integration_id,
            integration_alias=integration_alias,
            workspace_id=workspace_id,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            validate_requests=validate_requests,
            require_token=require_token,
            max_response_bytes=max_response_bytes,
            total_timeout=total_timeout,
        )
        copy._http = self._http
        copy._owns_http = False
        copy.with_raw_response = ClientWithRawResponse(copy)
        return copy

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def get_or_create_table(
        self,
        *,
        table: str,
        schema: models.TableSchema | Mapping[str, Any],
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        factor: float | Unset = UNSET,
        frozen: bool | Unset = UNSET,
        key_column: str | None | Unset = UNSET,
        tags: dict[str, str] | Unset = UNSET,
        is_compute_enabled: bool | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetOrCreateTableResponse:
        """Get or create a table.

        Returns the table named or identified by `table` when it exists; otherwise creates it
        from the given schema. The response says whether the table was newly created
        (`created`) and carries its row counts.

        The schema may define at most 20 columns. `factor` (1 to 30, default 1) multiplies the
        per-row storage limit (4KB per unit) and the number of rows charged to the quota; it can
        only be increased after creation. A table created with `frozen: true` keeps its name and
        schema structure for good: only deletion is allowed. When `keyColumn` is set, a unique
        index is created on that column and all its values must be unique.

        Safe to repeat: calling it again with the same body returns the existing table.

        ``POST /v1/tables/{table}`` (operation ``getOrCreateTable``).

        Args:
            table: Table name or id.
            schema: Column definitions (at most 20 columns).
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            factor: Multiplies the per-row data storage limit (4KB per unit) and the row count
                charged to the quota. Can only be increased after creation. Default: 1.
            frozen: When true the table's name and schema structure are immutable and only deletion
                is allowed; the schema given here is final.
            key_column: Column used as the unique key; a unique index is created on it and all its
                values must be unique. Null means no key column.
            tags: Free key/value labels.
            is_compute_enabled: Whether the table is enabled for computation.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "schema": _to_json(schema),
        }
        if factor is not UNSET:
            _body["factor"] = factor
        if frozen is not UNSET:
            _body["frozen"] = frozen
        if key_column is not UNSET:
            _body["keyColumn"] = key_column
        if tags is not UNSET:
            _body["tags"] = tags
        if is_compute_enabled is not UNSET:
            _body["isComputeEnabled"] = is_compute_enabled
        return self._request(
            _GET_OR_CREATE_TABLE,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=_body,
            decode=models.GetOrCreateTableResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def get_table(
        self,
        *,
        table: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetTableResponse:
        """Get a table.

        Returns the table named or identified by `table`, with its total number of rows and the
        number of rows waiting to be processed (`stale`) or to be indexed for search
        (`indexing`).

        ``GET /v1/tables/{table}`` (operation ``getTable``).

        Args:
            table: Table name or id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _GET_TABLE,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.GetTableResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def rename_table_column(
        self,
        *,
        table: str,
        name: str,
        new_name: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.RenameTableColumnResponse:
        """Rename a table column.

        Renames the column `name` of the table to `newName` and returns the table with its
        updated schema. A frozen table refuses schema changes, so renaming a column of a frozen
        table fails.

        ``PUT /v1/tables/{table}/column`` (operation ``renameTableColumn``).

        Args:
            table: Table name or id.
            name: Current column name.
            new_name: New column name.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "name": name,
            "newName": new_name,
        }
        return self._request(
            _RENAME_TABLE_COLUMN,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=_body,
            decode=models.RenameTableColumnResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def create_message(
        self,
        *,
        payload: dict[str, Any],
        user_id: str,
        conversation_id: str,
        type: str,
        tags: dict[str, str],
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        schedule: models.MessageSchedule | Mapping[str, Any] | Unset = UNSET,
        origin: models.CreateMessageBodyOrigin | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.CreateMessageResponse:
        """Create a message.

        Creates a message in a conversation on behalf of a user and returns it. The message can
        be scheduled with `schedule`: give either an absolute `dateTime` or a `delay` in
        milliseconds. Accepted payload kinds: Text, Image, Choice, Dropdown, Card, Carousel,
        File, Audio, Video, Location.

        ``POST /v1/chat/messages`` (operation ``createMessage``).

        Args:
            payload: Message content. Accepted payload kinds: Text, Image, Choice, Dropdown, Card,
                Carousel, File, Audio, Video, Location.
            user_id: Id of the user the message belongs to (28 to 36 characters).
            conversation_id: Id of the conversation the message belongs to (28 to 36 characters).
            type: Message kind (at most 200 characters).
            tags: Key/value labels.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            schedule: When to send the message, for a scheduled message.
            origin: Origin of the message; only `synthetic`.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "payload": payload,
            "userId": user_id,
            "conversationId": conversation_id,
            "type": type,
            "tags": tags,
        }
        if schedule is not UNSET:
            _body["schedule"] = _to_json(schedule)
        if origin is not UNSET:
            _body["origin"] = origin
        return self._request(
            _CREATE_MESSAGE,
            path={},
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=_body,
            decode=models.CreateMessageResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def get_message(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetMessageResponse:
        """Get a message.

        Returns the message with the given id.

        ``GET /v1/chat/messages/{id}`` (operation ``getMessage``).

        Args:
            id: Message id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _GET_MESSAGE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.GetMessageResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def set_state_expiry(
        self,
        *,
        type: models.StateType,
        id: str,
        name: str,
        expiry: float | None,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.SetStateExpiryResponse:
        """Set the expiry of a state.

        Sets the expiry of the state `name` attached to the owner `id` of kind `type` (a
        conversation, user, bot, integration or workflow) and returns the state. `expiry` is in
        milliseconds; null makes the state never expire.

        Safe to repeat: setting the same expiry again has the same effect as setting it once.

        ``POST /v1/chat/states/{type}/{id}/{name}/expiry`` (operation ``setStateExpiry``).

        Args:
            type: Kind of owner the state is attached to.
            id: Id of the owner - the bot id, user id or conversation id, according to `type`.
            name: State name, as declared in the bot definition.
            expiry: Expiry in milliseconds (1 to 2,592,000,000, may be fractional); null means the
                state never expires. Unit, range, null and required come from the live API docs, not
                the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "expiry": expiry,
        }
        return self._request(
            _SET_STATE_EXPIRY,
            path={
                "type": type,
                "id": id,
                "name": name,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=_body,
            decode=models.SetStateExpiryResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def get_user(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetUserResponse:
        """Get a user.

        Returns the user with the given id. A user represents someone interacting with the bot
        through one integration; the same person on two integrations is two users.

        ``GET /v1/chat/users/{id}`` (operation ``getUser``).

        Args:
            id: User id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _GET_USER,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.GetUserResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def list_tag_values(
        self,
        *,
        key: str,
        type: models.TagType,
        next_token: str | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListTagValuesResponse:
        """List the values of a tag.

        Lists, page by page, the values taken by the tag `key` on objects of the given `type`
        (users, conversations or messages). Pass the previous response's `meta.nextToken` as
        `nextToken` to get the next page.

        ``GET /v1/chat/tags/{key}/values`` (operation ``listTagValues``).

        Args:
            key: Tag key.
            type: Kind of object whose tag values are listed. The parameter name comes from the live
                API docs, not the API description.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _LIST_TAG_VALUES,
            path={
                "key": key,
            },
            query={
                "nextToken": next_token,
                "type": type,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.ListTagValuesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def iter_tag_values(
        self,
        *,
        key: str,
        type: models.TagType,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> Iterator[models.TagValue]:
        """Iterate over every item of ``list_tag_values``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            key: Tag key.
            type: Kind of object whose tag values are listed. The parameter name comes from the live
                API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_tag_values")
        while True:
            _page = self.list_tag_values(
                key=key,
                type=type,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            yield from _page.tags
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    def list_file_passages(
        self,
        *,
        id: str,
        next_token: str | Unset = UNSET,
        limit: float | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListFilePassagesResponse:
        """List the passages of a file.

        Lists, page by page, the passages (text chunks) of the file identified by id or key.
        At most `limit` passages (default 20, maximum 200) are returned per request. Pass the
        previous response's `meta.nextToken` as `nextToken` to get the next page.

        ``GET /v1/files/{id}/passages`` (operation ``listFilePassages``).

        Args:
            id: File id or key.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            limit: Maximum number of passages per request (default 20, maximum 200). The parameter
                name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _LIST_FILE_PASSAGES,
            path={
                "id": id,
            },
            query={
                "nextToken": next_token,
                "limit": limit,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.ListFilePassagesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def iter_file_passages(
        self,
        *,
        id: str,
        limit: float | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> Iterator[models.Passage]:
        """Iterate over every item of ``list_file_passages``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            id: File id or key.
            limit: Maximum number of passages per request (default 20, maximum 200). The parameter
                name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_file_passages")
        while True:
            _page = self.list_file_passages(
                id=id,
                limit=limit,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                integration_name=integration_name,
                user_id=user_id,
                user_role=user_role,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            yield from _page.passages
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    def list_file_tag_values(
        self,
        *,
        tag: str,
        next_token: str | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListFileTagValuesResponse:
        """List the values of a file tag.

        Lists, page by page, the values of the file tag `tag`. Pass the previous response's
        `meta.nextToken` as `nextToken` to get the next page.

        ``GET /v1/files/tags/{tag}/values`` (operation ``listFileTagValues``).

        Args:
            tag: Tag name.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _LIST_FILE_TAG_VALUES,
            path={
                "tag": tag,
            },
            query={
                "nextToken": next_token,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.ListFileTagValuesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def iter_file_tag_values(
        self,
        *,
        tag: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> Iterator[str]:
        """Iterate over every item of ``list_file_tag_values``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            tag: Tag name.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_file_tag_values")
        while True:
            _page = self.list_file_tag_values(
                tag=tag,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                integration_name=integration_name,
                user_id=user_id,
                user_role=user_role,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            yield from _page.values
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    def delete_file(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteFileResponse:
        """Delete a file.

        Deletes the file identified by id or key. Returns an empty object.

        ``DELETE /v1/files/{id}`` (operation ``deleteFile``).

        Args:
            id: File id or key.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return self._request(
            _DELETE_FILE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.DeleteFileResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def update_workspace_member(
        self,
        *,
        id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        role: models.WorkspaceMemberRole | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.WorkspaceMember:
        """Update a workspace member.

        Updates the metadata of a workspace member, such as its `role`, and returns the member
        directly (not wrapped in an envelope).

        ``PUT /v1/admin/workspace-members/{id}`` (operation ``updateWorkspaceMember``).

        Args:
            id: Workspace member id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            role: New role of the member.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of update_workspace_member is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        _body: dict[str, Any] = {}
        if role is not UNSET:
            _body["role"] = role
        return self._request(
            _UPDATE_WORKSPACE_MEMBER,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=_body,
            decode=models.WorkspaceMember.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def delete_workspace(
        self,
        *,
        id: str,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteWorkspaceResponse:
        """Delete a workspace.

        Deletes the workspace with the given id. Returns an empty object. Apart from
        authentication, this operation accepts only the `x-multiple-integrations` option header.

        ``DELETE /v1/admin/workspaces/{id}`` (operation ``deleteWorkspace``).

        Args:
            id: Workspace id.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of delete_workspace is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return self._request(
            _DELETE_WORKSPACE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.DeleteWorkspaceResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def get_bot_issue(
        self,
        *,
        id: str,
        issue_id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetBotIssueResponse:
        """Get a bot issue.

        Returns the issue `issueId` of the bot `id`.

        ``GET /v1/admin/bots/{id}/issues/{issueId}`` (operation ``getBotIssue``).

        Args:
            id: Bot id.
            issue_id: Issue id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of get_bot_issue is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return self._request(
            _GET_BOT_ISSUE,
            path={
                "id": id,
                "issueId": issue_id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.GetBotIssueResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    def delete_bot_issue(
        self,
        *,
        id: str,
        issue_id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteBotIssueResponse:
        """Delete a bot issue.

        Deletes the issue `issueId` of the bot `id`. Returns an empty object.

        ``DELETE /v1/admin/bots/{id}/issues/{issueId}`` (operation ``deleteBotIssue``).

        Args:
            id: Bot id.
            issue_id: Issue id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of delete_bot_issue is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return self._request(
            _DELETE_BOT_ISSUE,
            path={
                "id": id,
                "issueId": issue_id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.DeleteBotIssueResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )


class ClientWithRawResponse:
    """``Client`` methods that return a ``RawResponse`` wrapping the parsed result."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self.get_or_create_table = raw_sync(client.get_or_create_table)
        self.get_table = raw_sync(client.get_table)
        self.rename_table_column = raw_sync(client.rename_table_column)
        self.create_message = raw_sync(client.create_message)
        self.get_message = raw_sync(client.get_message)
        self.set_state_expiry = raw_sync(client.set_state_expiry)
        self.get_user = raw_sync(client.get_user)
        self.list_tag_values = raw_sync(client.list_tag_values)
        self.list_file_passages = raw_sync(client.list_file_passages)
        self.list_file_tag_values = raw_sync(client.list_file_tag_values)
        self.delete_file = raw_sync(client.delete_file)
        self.update_workspace_member = raw_sync(client.update_workspace_member)
        self.delete_workspace = raw_sync(client.delete_workspace)
        self.get_bot_issue = raw_sync(client.get_bot_issue)
        self.delete_bot_issue = raw_sync(client.delete_bot_issue)


class AsyncClient(AsyncTransport):
    """Asynchronous client of Botpress API (1.82.0).

    Every argument is optional; unset ones come from the environment, then defaults.

    Args:
        token: Bearer token. Default: ``$BP_TOKEN``.
        bot_id: Sent as ``x-bot-id`` on the operations that declare it.
            Default: ``$BP_BOT_ID``.
        integration_id: Sent as ``x-integration-id`` on the operations that declare it.
            Default: ``$BP_INTEGRATION_ID``.
        integration_alias: Sent as ``x-integration-alias`` on the operations that declare it.
        workspace_id: Sent as ``x-workspace-id`` on the operations that declare it.
            Default: ``$BP_WORKSPACE_ID``.
        base_url: The API's address. Default: ``$BP_API_URL``, else ``https://api.botpress.cloud``.
        timeout: Seconds (or an ``httpx.Timeout``) to wait for each request; ``None`` waits
            forever. Default: 60.
        max_retries: How many times a failed request is retried when that is safe. Default: 2.
        http_client: An ``httpx.AsyncClient`` to send requests with, used as given (and not closed
            by this client).
        default_headers: Headers sent with every request.
        validate_requests: Check arguments against the API's rules before sending.
            Default: ``True``.
        require_token: Refuse to build the client without a token. ``False`` sends no
            ``Authorization`` header then, for a proxy that adds authentication itself.
            Default: ``True``.
        max_response_bytes: Largest answer body read, in bytes after decompression; a larger
            one raises ``ResponseTooLargeError``. Default: 64 MiB.
        total_timeout: Seconds a whole call may take, retries and waits included; ``None``:
            at most ``max_retries + 1`` attempts of ``timeout`` each, plus the waits between
            them. Default: ``None``.
    """

    _user_agent = user_agent(__version__)
    _error_types = errors.ERROR_TYPES
    _error_type_member = errors.ERROR_TYPE_MEMBER

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_id: str | None = None,
        integration_id: str | None = None,
        integration_alias: str | None = None,
        workspace_id: str | None = None,
        base_url: str | httpx.URL | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | None = None,
        http_client: httpx.AsyncClient | None = None,
        default_headers: Mapping[str, str] | None = None,
        validate_requests: bool = True,
        require_token: bool = True,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        total_timeout: float | None = None,
    ) -> None:
        setup_logging("BP_LOG")
        config = _make_config(
            token=token,
            bot_id=bot_id,
            integration_id=integration_id,
            integration_alias=integration_alias,
            workspace_id=workspace_id,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            validate_requests=validate_requests,
            require_token=require_token,
            max_response_bytes=max_response_bytes,
            total_timeout=total_timeout,
        )
        self._setup(config, http_client)
        self.with_raw_response = AsyncClientWithRawResponse(self)
        """The same methods, returning a ``RawResponse`` (status, headers and the parsed model)."""

    def with_options(
        self,
        *,
        token: str | None | Unset = UNSET,
        bot_id: str | None | Unset = UNSET,
        integration_id: str | None | Unset = UNSET,
        integration_alias: str | None | Unset = UNSET,
        workspace_id: str | None | Unset = UNSET,
        base_url: str | httpx.URL | Unset = UNSET,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
        default_headers: Mapping[str, str] | Unset = UNSET,
        validate_requests: bool | Unset = UNSET,
        require_token: bool | Unset = UNSET,
        max_response_bytes: int | Unset = UNSET,
        total_timeout: float | None | Unset = UNSET,
    ) -> AsyncClient:
        """A copy of this client with some options changed, sharing its connection pool."""
        copy = AsyncClient.__new__(AsyncClient)
        copy._config = _update_config(
            self._config,
            token=token,
            bot_id=bot_id,
            integration_id=integration_id,
            integration_alias=integration_alias,
            workspace_id=workspace_id,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            validate_requests=validate_requests,
            require_token=require_token,
            max_response_bytes=max_response_bytes,
            total_timeout=total_timeout,
        )
        copy._http = self._http
        copy._owns_http = False
        copy.with_raw_response = AsyncClientWithRawResponse(copy)
        return copy

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def get_or_create_table(
        self,
        *,
        table: str,
        schema: models.TableSchema | Mapping[str, Any],
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        factor: float | Unset = UNSET,
        frozen: bool | Unset = UNSET,
        key_column: str | None | Unset = UNSET,
        tags: dict[str, str] | Unset = UNSET,
        is_compute_enabled: bool | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetOrCreateTableResponse:
        """Get or create a table.

        Returns the table named or identified by `table` when it exists; otherwise creates it
        from the given schema. The response says whether the table was newly created
        (`created`) and carries its row counts.

        The schema may define at most 20 columns. `factor` (1 to 30, default 1) multiplies the
        per-row storage limit (4KB per unit) and the number of rows charged to the quota; it can
        only be increased after creation. A table created with `frozen: true` keeps its name and
        schema structure for good: only deletion is allowed. When `keyColumn` is set, a unique
        index is created on that column and all its values must be unique.

        Safe to repeat: calling it again with the same body returns the existing table.

        ``POST /v1/tables/{table}`` (operation ``getOrCreateTable``).

        Args:
            table: Table name or id.
            schema: Column definitions (at most 20 columns).
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            factor: Multiplies the per-row data storage limit (4KB per unit) and the row count
                charged to the quota. Can only be increased after creation. Default: 1.
            frozen: When true the table's name and schema structure are immutable and only deletion
                is allowed; the schema given here is final.
            key_column: Column used as the unique key; a unique index is created on it and all its
                values must be unique. Null means no key column.
            tags: Free key/value labels.
            is_compute_enabled: Whether the table is enabled for computation.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "schema": _to_json(schema),
        }
        if factor is not UNSET:
            _body["factor"] = factor
        if frozen is not UNSET:
            _body["frozen"] = frozen
        if key_column is not UNSET:
            _body["keyColumn"] = key_column
        if tags is not UNSET:
            _body["tags"] = tags
        if is_compute_enabled is not UNSET:
            _body["isComputeEnabled"] = is_compute_enabled
        return await self._request(
            _GET_OR_CREATE_TABLE,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=_body,
            decode=models.GetOrCreateTableResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def get_table(
        self,
        *,
        table: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetTableResponse:
        """Get a table.

        Returns the table named or identified by `table`, with its total number of rows and the
        number of rows waiting to be processed (`stale`) or to be indexed for search
        (`indexing`).

        ``GET /v1/tables/{table}`` (operation ``getTable``).

        Args:
            table: Table name or id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _GET_TABLE,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.GetTableResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def rename_table_column(
        self,
        *,
        table: str,
        name: str,
        new_name: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.RenameTableColumnResponse:
        """Rename a table column.

        Renames the column `name` of the table to `newName` and returns the table with its
        updated schema. A frozen table refuses schema changes, so renaming a column of a frozen
        table fails.

        ``PUT /v1/tables/{table}/column`` (operation ``renameTableColumn``).

        Args:
            table: Table name or id.
            name: Current column name.
            new_name: New column name.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "name": name,
            "newName": new_name,
        }
        return await self._request(
            _RENAME_TABLE_COLUMN,
            path={
                "table": table,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=_body,
            decode=models.RenameTableColumnResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def create_message(
        self,
        *,
        payload: dict[str, Any],
        user_id: str,
        conversation_id: str,
        type: str,
        tags: dict[str, str],
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        schedule: models.MessageSchedule | Mapping[str, Any] | Unset = UNSET,
        origin: models.CreateMessageBodyOrigin | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.CreateMessageResponse:
        """Create a message.

        Creates a message in a conversation on behalf of a user and returns it. The message can
        be scheduled with `schedule`: give either an absolute `dateTime` or a `delay` in
        milliseconds. Accepted payload kinds: Text, Image, Choice, Dropdown, Card, Carousel,
        File, Audio, Video, Location.

        ``POST /v1/chat/messages`` (operation ``createMessage``).

        Args:
            payload: Message content. Accepted payload kinds: Text, Image, Choice, Dropdown, Card,
                Carousel, File, Audio, Video, Location.
            user_id: Id of the user the message belongs to (28 to 36 characters).
            conversation_id: Id of the conversation the message belongs to (28 to 36 characters).
            type: Message kind (at most 200 characters).
            tags: Key/value labels.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            schedule: When to send the message, for a scheduled message.
            origin: Origin of the message; only `synthetic`.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "payload": payload,
            "userId": user_id,
            "conversationId": conversation_id,
            "type": type,
            "tags": tags,
        }
        if schedule is not UNSET:
            _body["schedule"] = _to_json(schedule)
        if origin is not UNSET:
            _body["origin"] = origin
        return await self._request(
            _CREATE_MESSAGE,
            path={},
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=_body,
            decode=models.CreateMessageResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def get_message(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetMessageResponse:
        """Get a message.

        Returns the message with the given id.

        ``GET /v1/chat/messages/{id}`` (operation ``getMessage``).

        Args:
            id: Message id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _GET_MESSAGE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.GetMessageResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def set_state_expiry(
        self,
        *,
        type: models.StateType,
        id: str,
        name: str,
        expiry: float | None,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.SetStateExpiryResponse:
        """Set the expiry of a state.

        Sets the expiry of the state `name` attached to the owner `id` of kind `type` (a
        conversation, user, bot, integration or workflow) and returns the state. `expiry` is in
        milliseconds; null makes the state never expire.

        Safe to repeat: setting the same expiry again has the same effect as setting it once.

        ``POST /v1/chat/states/{type}/{id}/{name}/expiry`` (operation ``setStateExpiry``).

        Args:
            type: Kind of owner the state is attached to.
            id: Id of the owner - the bot id, user id or conversation id, according to `type`.
            name: State name, as declared in the bot definition.
            expiry: Expiry in milliseconds (1 to 2,592,000,000, may be fractional); null means the
                state never expires. Unit, range, null and required come from the live API docs, not
                the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        _body: dict[str, Any] = {
            "expiry": expiry,
        }
        return await self._request(
            _SET_STATE_EXPIRY,
            path={
                "type": type,
                "id": id,
                "name": name,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=_body,
            decode=models.SetStateExpiryResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def get_user(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetUserResponse:
        """Get a user.

        Returns the user with the given id. A user represents someone interacting with the bot
        through one integration; the same person on two integrations is two users.

        ``GET /v1/chat/users/{id}`` (operation ``getUser``).

        Args:
            id: User id.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _GET_USER,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.GetUserResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def list_tag_values(
        self,
        *,
        key: str,
        type: models.TagType,
        next_token: str | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListTagValuesResponse:
        """List the values of a tag.

        Lists, page by page, the values taken by the tag `key` on objects of the given `type`
        (users, conversations or messages). Pass the previous response's `meta.nextToken` as
        `nextToken` to get the next page.

        ``GET /v1/chat/tags/{key}/values`` (operation ``listTagValues``).

        Args:
            key: Tag key.
            type: Kind of object whose tag values are listed. The parameter name comes from the live
                API docs, not the API description.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _LIST_TAG_VALUES,
            path={
                "key": key,
            },
            query={
                "nextToken": next_token,
                "type": type,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
            },
            body=None,
            decode=models.ListTagValuesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def iter_tag_values(
        self,
        *,
        key: str,
        type: models.TagType,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> AsyncIterator[models.TagValue]:
        """Iterate over every item of ``list_tag_values``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            key: Tag key.
            type: Kind of object whose tag values are listed. The parameter name comes from the live
                API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_tag_values")
        while True:
            _page = await self.list_tag_values(
                key=key,
                type=type,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            for _item in _page.tags:
                yield _item
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    async def list_file_passages(
        self,
        *,
        id: str,
        next_token: str | Unset = UNSET,
        limit: float | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListFilePassagesResponse:
        """List the passages of a file.

        Lists, page by page, the passages (text chunks) of the file identified by id or key.
        At most `limit` passages (default 20, maximum 200) are returned per request. Pass the
        previous response's `meta.nextToken` as `nextToken` to get the next page.

        ``GET /v1/files/{id}/passages`` (operation ``listFilePassages``).

        Args:
            id: File id or key.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            limit: Maximum number of passages per request (default 20, maximum 200). The parameter
                name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _LIST_FILE_PASSAGES,
            path={
                "id": id,
            },
            query={
                "nextToken": next_token,
                "limit": limit,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.ListFilePassagesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def iter_file_passages(
        self,
        *,
        id: str,
        limit: float | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> AsyncIterator[models.Passage]:
        """Iterate over every item of ``list_file_passages``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            id: File id or key.
            limit: Maximum number of passages per request (default 20, maximum 200). The parameter
                name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_file_passages")
        while True:
            _page = await self.list_file_passages(
                id=id,
                limit=limit,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                integration_name=integration_name,
                user_id=user_id,
                user_role=user_role,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            for _item in _page.passages:
                yield _item
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    async def list_file_tag_values(
        self,
        *,
        tag: str,
        next_token: str | Unset = UNSET,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.ListFileTagValuesResponse:
        """List the values of a file tag.

        Lists, page by page, the values of the file tag `tag`. Pass the previous response's
        `meta.nextToken` as `nextToken` to get the next page.

        ``GET /v1/files/tags/{tag}/values`` (operation ``listFileTagValues``).

        Args:
            tag: Tag name.
            next_token: Page token: the `meta.nextToken` of the previous response, to get the next
                page. The parameter name comes from the live API docs, not the API description.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _LIST_FILE_TAG_VALUES,
            path={
                "tag": tag,
            },
            query={
                "nextToken": next_token,
            },
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.ListFileTagValuesResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def iter_file_tag_values(
        self,
        *,
        tag: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> AsyncIterator[str]:
        """Iterate over every item of ``list_file_tag_values``, fetching pages lazily.

        Follows ``meta.nextToken`` until a page has none, or repeats any token already followed
        (a warning is logged then).

        Args:
            tag: Tag name.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        """
        _page_token: str | Unset = UNSET
        _tokens = PageTokens("iter_file_tag_values")
        while True:
            _page = await self.list_file_tag_values(
                tag=tag,
                bot_id=bot_id,
                integration_id=integration_id,
                integration_alias=integration_alias,
                integration_name=integration_name,
                user_id=user_id,
                user_role=user_role,
                next_token=_page_token,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            )
            for _item in _page.values:
                yield _item
            _token = _page.meta.next_token
            if not _tokens.follow(_token):  # no next page (or a server repeating itself)
                return
            _page_token = _token

    async def delete_file(
        self,
        *,
        id: str,
        bot_id: str | Unset = UNSET,
        integration_id: str | Unset = UNSET,
        integration_alias: str | Unset = UNSET,
        integration_name: str | Unset = UNSET,
        user_id: str | Unset = UNSET,
        user_role: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteFileResponse:
        """Delete a file.

        Deletes the file identified by id or key. Returns an empty object.

        ``DELETE /v1/files/{id}`` (operation ``deleteFile``).

        Args:
            id: File id or key.
            bot_id: Id of the bot the call acts on. The client takes it from its `bot_id` option or,
                per the official clients' convention in the live API docs, the `BP_BOT_ID`
                environment variable.
            integration_id: Id of the integration the caller acts as. The client takes it from its
                `integration_id` option or, per the official clients' convention in the live API
                docs, the `BP_INTEGRATION_ID` environment variable.
            integration_alias: Alias of the integration the caller acts as. The client takes it from
                its `integration_alias` option.
            integration_name: Name of the integration the caller acts as.
            user_id: Id of the user the caller acts as.
            user_role: Role of the user the caller acts as.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        return await self._request(
            _DELETE_FILE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-bot-id": bot_id,
                "x-integration-id": integration_id,
                "x-integration-alias": integration_alias,
                "x-integration-name": integration_name,
                "x-user-id": user_id,
                "x-user-role": user_role,
            },
            body=None,
            decode=models.DeleteFileResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def update_workspace_member(
        self,
        *,
        id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        role: models.WorkspaceMemberRole | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.WorkspaceMember:
        """Update a workspace member.

        Updates the metadata of a workspace member, such as its `role`, and returns the member
        directly (not wrapped in an envelope).

        ``PUT /v1/admin/workspace-members/{id}`` (operation ``updateWorkspaceMember``).

        Args:
            id: Workspace member id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            role: New role of the member.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of update_workspace_member is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        _body: dict[str, Any] = {}
        if role is not UNSET:
            _body["role"] = role
        return await self._request(
            _UPDATE_WORKSPACE_MEMBER,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=_body,
            decode=models.WorkspaceMember.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def delete_workspace(
        self,
        *,
        id: str,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteWorkspaceResponse:
        """Delete a workspace.

        Deletes the workspace with the given id. Returns an empty object. Apart from
        authentication, this operation accepts only the `x-multiple-integrations` option header.

        ``DELETE /v1/admin/workspaces/{id}`` (operation ``deleteWorkspace``).

        Args:
            id: Workspace id.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of delete_workspace is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return await self._request(
            _DELETE_WORKSPACE,
            path={
                "id": id,
            },
            query={},
            headers={
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.DeleteWorkspaceResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def get_bot_issue(
        self,
        *,
        id: str,
        issue_id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.GetBotIssueResponse:
        """Get a bot issue.

        Returns the issue `issueId` of the bot `id`.

        ``GET /v1/admin/bots/{id}/issues/{issueId}`` (operation ``getBotIssue``).

        Args:
            id: Bot id.
            issue_id: Issue id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of get_bot_issue is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return await self._request(
            _GET_BOT_ISSUE,
            path={
                "id": id,
                "issueId": issue_id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.GetBotIssueResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )

    async def delete_bot_issue(
        self,
        *,
        id: str,
        issue_id: str,
        workspace_id: str | Unset = UNSET,
        multiple_integrations: str | Unset = UNSET,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Body | None = None,
        timeout: TimeoutTypes | Unset = UNSET,
        max_retries: int | Unset = UNSET,
    ) -> models.DeleteBotIssueResponse:
        """Delete a bot issue.

        Deletes the issue `issueId` of the bot `id`. Returns an empty object.

        ``DELETE /v1/admin/bots/{id}/issues/{issueId}`` (operation ``deleteBotIssue``).

        Args:
            id: Bot id.
            issue_id: Issue id.
            workspace_id: Id of the workspace the call acts on. The client takes it from its
                `workspace_id` option or, per the official clients' convention in the live API docs,
                the `BP_WORKSPACE_ID` environment variable.
            multiple_integrations: Set to "true" to have integration instances returned keyed by
                alias instead of id. Announced as going away; alias-keyed output will then be the
                only behavior. The header name comes from the live API docs, not the API
                description. Deprecated.
            extra_headers: Headers added to (and overriding) the request's headers.
            extra_query: Query parameters added to the request.
            extra_body: Members added to the JSON body.
            timeout: Seconds (or an ``httpx.Timeout``) for this call instead of the client's.
            max_retries: Retries for this call instead of the client's.

        Raises:
            RequestValidationError: An argument breaks a rule of the API; nothing was sent.
            ApiError: The API answered with an error status (a subclass per error type).
            ApiConnectionError: The API could not be reached (``ApiTimeoutError`` on timeout).
        """
        if multiple_integrations is not UNSET:
            warnings.warn(
                "argument multiple_integrations of delete_bot_issue is deprecated",
                DeprecationWarning,
                stacklevel=2,
            )
        return await self._request(
            _DELETE_BOT_ISSUE,
            path={
                "id": id,
                "issueId": issue_id,
            },
            query={},
            headers={
                "x-workspace-id": workspace_id,
                "x-multiple-integrations": multiple_integrations,
            },
            body=None,
            decode=models.DeleteBotIssueResponse.from_dict,
            options=RequestOptions(extra_headers, extra_query, extra_body, timeout, max_retries),
        )


class AsyncClientWithRawResponse:
    """``AsyncClient`` methods that return a ``RawResponse`` wrapping the parsed result."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client
        self.get_or_create_table = raw_async(client.get_or_create_table)
        self.get_table = raw_async(client.get_table)
        self.rename_table_column = raw_async(client.rename_table_column)
        self.create_message = raw_async(client.create_message)
        self.get_message = raw_async(client.get_message)
        self.set_state_expiry = raw_async(client.set_state_expiry)
        self.get_user = raw_async(client.get_user)
        self.list_tag_values = raw_async(client.list_tag_values)
        self.list_file_passages = raw_async(client.list_file_passages)
        self.list_file_tag_values = raw_async(client.list_file_tag_values)
        self.delete_file = raw_async(client.delete_file)
        self.update_workspace_member = raw_async(client.update_workspace_member)
        self.delete_workspace = raw_async(client.delete_workspace)
        self.get_bot_issue = raw_async(client.get_bot_issue)
        self.delete_bot_issue = raw_async(client.delete_bot_issue)
