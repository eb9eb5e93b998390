"""The intermediate representation: plain, frozen, typed dataclasses.

They hold structure (which type to decode, which parameter style, which rule, which decoder
function) and the names the namer chose, never Python code: the views of :mod:`generator.emit`
write the code from them before the templates run, and :mod:`generator.spelling` spells types and an
operation's answer (also what ``diff`` shows). Types are in :mod:`generator.ir_types`, checks in
:mod:`generator.ir_checks`; both are imported from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# The types of values and the checks of requests and answers live in modules of their own; they
# are part of the IR, imported from here.
from .ir_checks import MemberCheck as MemberCheck
from .ir_checks import ModelValidator as ModelValidator
from .ir_checks import OperationValidator as OperationValidator
from .ir_checks import Rule as Rule
from .ir_checks import RuleTest as RuleTest
from .ir_checks import ValueCheck as ValueCheck
from .ir_types import TypeKind as TypeKind
from .ir_types import TypeRef as TypeRef
from .selection import Selection

BodyEncoding = Literal["json", "form", "multipart", "raw"]
ResponseKind = Literal["json", "text", "bytes", "binary", "sse", "none"]
ParamStyle = Literal["plain", "joined", "deep_object", "exploded", "joined_object", "label", "matrix", "simple_object"]


@dataclass(frozen=True)
class Example:
    """An ``example`` of the spec (schema, property or media type): its JSON value, as data, and
    where it stands. Used by the package's test kit for the answers nothing stubs; one that does
    not match its schema is left out at generation (with a warning)."""

    value: Any  # JSON data: dict, list, str, int, float, bool or None
    source: str  # FILE#/pointer of the value

    def __hash__(self) -> int:  # the value may hold lists and dicts; equal examples share a source
        return hash(self.source)


@dataclass(frozen=True)
class Field:
    """One member of a model."""

    name: str  # Python attribute
    wire: str  # JSON member name
    type: TypeRef
    required: bool
    description: str
    deprecated: bool
    read_only: bool  # sent by the server only: not an argument of request bodies
    default_doc: str  # "Default: 1." style note for docstrings ("" when none)
    source: str  # FILE#/pointer of the property (where an allOf part declares it)
    example: Example | None = None  # of the property (or of the schema it refers to)
    # required by the document but writeOnly: required in requests only (OpenAPI), so ``required``
    # (what answers are read by) is False
    write_only_required: bool = False

    @property
    def sent_required(self) -> bool:
        """Required in what the client sends (a request body, its JSON form, a tool's input)."""
        return self.required or self.write_only_required


@dataclass(frozen=True)
class Model:
    """A dataclass of the generated ``models`` module."""

    name: str
    description: str
    fields: tuple[Field, ...]
    closed: bool  # additionalProperties: false in the spec
    keys_const: str  # name of the frozenset of known wire names
    source: str  # FILE#/pointer, for messages
    example: Example | None = None  # the schema's own ``example`` (or first of ``examples``)
    optional_const: str = ""  # name of the tuple of its optional members (none: "")

    @property
    def required_fields(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.required)

    @property
    def optional_fields(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if not f.required)


@dataclass(frozen=True)
class EnumAlias:
    """A ``Literal[...]`` alias; an open enum also admits any other value."""

    name: str
    description: str
    values: tuple[str | int, ...]  # the known values
    open: bool
    base: str  # "str" or "int"
    source: str  # FILE#/pointer of the schema


@dataclass(frozen=True)
class UnionDef:
    """A named union (``oneOf``/``anyOf``) with its generated decoder."""

    name: str
    description: str
    decoder: str  # function name
    members: tuple[TypeRef, ...]  # tried in order
    prop: str  # discriminating member ("" when none)
    tags: tuple[tuple[str, TypeRef], ...]  # discriminator value -> member
    source: str = ""  # FILE#/pointer of the schema
    table: str = ""  # the constant of its ``UnionByTag`` in ``models``, where it is read by one


@dataclass(frozen=True)
class ResponseDecoder:
    """A generated function turning a non-model JSON response into its Python value."""

    function: str
    type: TypeRef


@dataclass(frozen=True)
class ClientOption:
    """A client configuration value sent as a header on the operations that declare it."""

    name: str  # Client(...) argument and attribute
    header: str  # wire header name
    env: str  # environment variable, "" when none
    description: str


Requirement = tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]
"""A ``security`` requirement: alternatives, each a tuple of (scheme key, scopes) all sent;
``()`` (``security: []``): none; an empty alternative (``{}``): the call may go without."""


@dataclass(frozen=True)
class SecurityScheme:
    """A scheme of ``components.securitySchemes`` the client can send credentials of."""

    key: str  # its name in components.securitySchemes
    kind: str  # bearer | api_key | basic | http | client_credentials
    option: str  # the Client(...) option giving it (``token`` for bearer-like schemes)
    env: str  # its environment variable (of ``client_id`` for client credentials)
    location: str = ""  # api_key: header | query | cookie; http: the scheme's word
    wire: str = ""  # api_key: the header, query parameter or cookie name
    token_url: str = ""  # client_credentials: the flow's tokenUrl
    scopes: tuple[str, ...] = ()  # client_credentials: the flow's scopes
    secret_env: str = ""  # client_credentials: the environment variable of ``client_secret``


@dataclass(frozen=True)
class Parameter:
    name: str  # Python argument
    wire: str
    location: Literal["path", "query", "header", "cookie"]
    type: TypeRef
    required: bool
    description: str
    deprecated: bool
    option: ClientOption | None  # filled from client configuration when not given
    spec_required: bool  # required by the spec (``required`` is about the Python argument)
    style: ParamStyle  # how it goes into the request mapping (joined: one delimited string)
    delimiter: str  # of a joined list
    source: str  # FILE#/pointer of the parameter, as the operation (or its path) lists it
    explode: bool = False  # of a ``label``, ``matrix`` or ``simple_object`` style


@dataclass(frozen=True)
class BodyArg:
    """A request-body member exposed as a keyword argument."""

    name: str
    wire: str
    type: TypeRef
    required: bool
    description: str
    raw: bool  # the whole body as str (type str) or bytes (type file), sent as it is
    source: str  # FILE#/pointer of the body member (or of the body)


@dataclass(frozen=True)
class Body:
    content_type: str
    encoding: BodyEncoding
    model: str  # model name of the body, "" when the body is not an object model
    args: tuple[BodyArg, ...]
    required: bool
    # multipart: (member's wire name, its part's Content-Type) from the media type's ``encoding``
    part_types: tuple[tuple[str, str], ...] = ()

    @property
    def required_args(self) -> tuple[BodyArg, ...]:
        return tuple(a for a in self.args if a.required)

    @property
    def optional_args(self) -> tuple[BodyArg, ...]:
        return tuple(a for a in self.args if not a.required)


@dataclass(frozen=True)
class Pagination:
    iter_name: str
    items_attr: str  # attribute of the page holding the items
    item_type: TypeRef
    token_param: str  # argument carrying the page token
    token_path: tuple[str, ...]  # attribute path to the next token on a page
    items_may_be_none: bool = False  # the page's items member is optional or nullable
    meta_may_be_none: bool = False  # the member holding the next token's model is optional or nullable


@dataclass(frozen=True)
class Operation:
    operation_id: str
    method_name: str
    const_name: str  # module constant of ``_client`` holding the operation's static facts
    http_method: str
    path: str  # template with ``{name}`` placeholders of wire names
    tag: str
    summary: str
    description: str
    deprecated: bool
    idempotent: bool  # safe to retry whatever the failure
    params: tuple[Parameter, ...]
    body: Body | None
    response_type: TypeRef | None  # of a JSON answer (None: no answer, text or bytes)
    response_function: str  # the decoder function of ``models`` of an answer that is no model, or ""
    response_kind: ResponseKind
    pagination: Pagination | None
    source: str
    validator: OperationValidator | None
    event_type: TypeRef | None = None  # of the events of a ``text/event-stream`` answer
    event_function: str = ""  # the decoder function of ``models`` of events that are no model, or ""
    stream_switch: str = ""  # the boolean body argument asking for the event stream instead of JSON
    response_example: Example | None = None  # of the success answer: its media type's, else its schema's
    event_example: Example | None = None  # of one event of an event stream: its schema's
    security: Requirement | None = None  # its own ``security``; None: the document's
    accept: tuple[str, ...] = ()  # media types of its success answers, when not only the default of its kind
    may_be_empty: bool = False  # a success answer declared without content beside the one read
    redirects: tuple[int, ...] = ()  # 3XX answers it declares where no 2XX is: its answer, not an error
    tags: tuple[str, ...] = ()  # all its tags, in the document's order (``tag`` is the first)
    space: tuple[str, ...] = ()  # the namespace of its method (``("files", "passages")``)
    space_method: str = ""  # its method's name in that namespace (``list``)
    space_iter: str = ""  # its page iterator's name there ("" when it has none)

    @property
    def path_params(self) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.location == "path")

    @property
    def query_params(self) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.location == "query")

    @property
    def header_params(self) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.location == "header")

    @property
    def cookie_params(self) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.location == "cookie")

    @property
    def required_option_headers(self) -> tuple[Parameter, ...]:
        """Required headers that the client configuration may supply."""
        return tuple(p for p in self.header_params if p.option is not None and p.spec_required)

    @property
    def iter_arguments(self) -> tuple[Parameter | BodyArg, ...]:
        """The arguments of the ``iter_*`` method: all but the page token."""
        assert self.pagination is not None
        token = self.pagination.token_param
        return tuple(a for a in self.arguments if a.name != token)

    @property
    def arguments(self) -> tuple[Parameter | BodyArg, ...]:
        """Keyword arguments in signature order: required first, each group in spec order."""
        args: list[Parameter | BodyArg] = list(self.params)
        if self.body is not None:
            args.extend(self.body.args)
        return tuple(sorted(args, key=lambda a: not a.required))


@dataclass(frozen=True)
class ErrorType:
    wire: str  # value of the error body's discriminating member
    class_name: str
    status: int | None = None  # documented HTTP status (x-error-statuses), None when unknown
    base: str = "ApiError"  # the runtime class it derives from: the class of its documented status
    own_class: bool = True  # False: the type is a runtime status class itself (NotFound -> NotFoundError)


@dataclass(frozen=True)
class ModelsModule:
    """One module of the ``models`` package: the definitions of one schema (a model with its key
    set and JSON form, an enum, a union with its decoder), or the decoders of answers that are no
    model. A schema's module changes only with that schema (and the names it refers to)."""

    name: str  # module name inside the package's models/ folder, e.g. "_table"
    enums: tuple[str, ...] = ()
    models: tuple[str, ...] = ()
    typed_dicts: tuple[str, ...] = ()
    unions: tuple[str, ...] = ()
    response_decoders: tuple[str, ...] = ()  # functions


@dataclass(frozen=True)
class ResourceModule:
    """One module of the ``_resources`` package: the class of one namespace of the client
    (``client.files.passages``) and its operations' methods, named after the namespace. A
    namespace too long for one module is cut into parts (``is_part``), which its own module's
    class composes (``parts``)."""

    name: str  # module name inside the package's _resources/ folder, e.g. "files_passages"
    segment: str  # what the namespace's second level says ("" for a first level's own)
    operations: tuple[str, ...]  # method names, in the document's order
    space: tuple[str, ...] = ()  # the attribute path of its namespace, e.g. ("files", "passages")
    class_name: str = ""  # its namespace's sync class (``FilesPassages``; async: ``Async`` + it)
    parts: tuple[str, ...] = ()  # the modules whose classes this module's composes (when cut)
    children: tuple[tuple[str, str, str], ...] = ()  # (attribute, module, class) of its sub-namespaces
    is_part: bool = False  # a part of a namespace's methods, composed by the namespace's module


@dataclass(frozen=True)
class Resource:
    """A first-level namespace of the client (``client.files``) and the modules of it and of its
    sub-namespaces."""

    name: str  # the namespace's attribute (snake_case), unique among the client's attributes
    key: str  # what the document spells it from (a path segment, a tag, or an override)
    modules: tuple[ResourceModule, ...]  # its own module first

    @property
    def module(self) -> ResourceModule:
        return self.modules[0]


ErrorPath = tuple[str | int, ...]
"""Where a value sits in a JSON body: member names and list indexes (``("errors", 0, "message")``)."""

ErrorFields = tuple[tuple[str, tuple[ErrorPath, ...]], ...]
"""For each role ``ApiError`` reads (``message``, ``type``, ``code``, ``id``, ``metadata``) that
the document's error schemas hold: the paths to try in turn."""


@dataclass(frozen=True)
class Api:
    """Everything the templates render."""

    package: str
    base_error: str  # class every error of the package derives from
    title: str
    description: str
    api_version: str
    spec_checksum: str
    base_url: str
    token_env: str
    base_url_env: str
    log_env: str
    client_options: tuple[ClientOption, ...]
    enums: tuple[EnumAlias, ...]
    models: tuple[Model, ...]
    unions: tuple[UnionDef, ...]
    response_decoders: tuple[ResponseDecoder, ...]
    operations: tuple[Operation, ...]
    error_types: tuple[ErrorType, ...]
    error_type_member: str  # wire name of the member naming the error type ("" when none)
    validators: tuple[ModelValidator, ...]  # request-side checks of the models bodies reach
    patterns: tuple[tuple[str, str], ...]  # (module constant, regex) used by the checks
    typed_dicts: tuple[TypedDictDef, ...] = ()  # JSON forms of the models request arguments reach
    response_validators: tuple[ModelValidator, ...] = ()  # type checks of the models answers reach
    models_modules: tuple[ModelsModule, ...] = ()  # where each definition of ``models`` lives
    resources: tuple[Resource, ...] = ()  # where each operation's methods live (``_resources``)
    selection: Selection = field(default_factory=Selection)  # the --include/--exclude the operations were kept by
    error_fields: ErrorFields = ()  # where the error bodies put what ``ApiError`` reads
    security_schemes: tuple[SecurityScheme, ...] = ()  # the schemes the client sends credentials of
    security: Requirement | None = None  # the document's ``security`` (None: none declared)
    token_required: bool = False  # x-client's token-env: a client without a token is refused
    flat_methods: bool = False  # x-client's flat-methods: every method on the client itself too


@dataclass(frozen=True)
class TypedDictDef:
    """The JSON form of a model as a ``TypedDict`` of ``models`` (wire names as keys), which object
    arguments accept besides the model. With both required and optional members, it derives from
    ``required_base`` (total) and ``optional_base`` (``total=False``), helpers of ``models``."""

    name: str
    model: str
    required_base: str = ""
    optional_base: str = ""
