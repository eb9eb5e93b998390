"""The namer: one object per generated package that decides every identifier of the output.

Names come from :mod:`generator.lower.naming` (the spelling rules); this module decides which of
them are free. It reserves what the package defines itself — every attribute of the client and
transport classes (read from :mod:`generator.runtime` with :mod:`ast`, plus what the client
template adds), the runtime's error classes, the ``errors`` module's names, the module names
of the package and the package name — and every derived name (helper constants, validator and
decoder functions) is claimed through it, in the module it lives in.

Every collision is resolved, never refused, and the same way on every run: the name a member,
argument, method or class gets depends only on the names that collide with it, never on the
order of unrelated parts of the document. Each renaming is a located warning naming what
collided and the names given (``--strict`` makes it an error). The rules:

- a reserved name (a client attribute, a helper of the module) gets a trailing ``_``;
- model members: one that is spelled as its Python name keeps it; one whose wire name is itself
  a plain lowercase ASCII identifier keeps that (``mixedCase`` beside ``mixed_case``); members
  without a letter spell their symbols (``+1`` -> ``plus_1``, ``-1`` -> ``minus_1``); the rest
  get ``_2``, ``_3``... in the sorted order of their wire names;
- arguments of a method: path, query and cookie parameters first, then headers, then the
  members of the body; a later one whose name is taken gets its location as suffix
  (``id_query``, ``username_body``), then a number;
- methods, classes and module helpers: a number (``get_item_2``).
Names are compared as Python compares identifiers (after NFKC): generated names are ASCII, and
a wire name is kept verbatim only when it is ASCII and does not start with ``_`` (dunders and
``_``-prefixed names would shadow what a dataclass or the module needs).
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable

from ..load.reader import Document, Node
from ..problem_classes import Kind
from ..problems import Problem
from .collisions import member_names, numbered
from .naming import bounded, pascal_case, snake_case
from .reserved import ERRORS_MODULE_NAMES, MODELS_MODULE_IMPORTS, PACKAGE_MODULES, VALIDATORS_COMMON
from .runtime_names import client_options, runtime_client_attributes, runtime_error_classes

# Keyword arguments every client method defines itself, and names the method bodies use from
# the module (an argument named ``models`` would hide it): such an argument gets a trailing "_".
METHOD_ARGUMENTS = frozenset(
    {"self", "extra_headers", "extra_query", "extra_body", "timeout", "max_retries"}
    | {"models", "warnings", "httpx", "dataclasses", "datetime", "cast", "raw_sync", "raw_async", "setup_logging"}
    | {"make_config", "update_config", "_API_DEFAULTS"}
    | {"bool", "dict", "float", "int", "list", "object", "str", "tuple", "isinstance", "len", "iter", "next"}
    | {"overload", "streaming_sync", "streaming_async", "raw_event", "event_data", "event_json"}
    | {"request_events", "request_events_async", "request_json_or_events", "request_json_or_events_async"}
    | {"request_binary", "request_binary_async"}
)
# Arguments of ``Client(...)`` and ``with_options(...)`` (the runtime's ``CLIENT_OPTIONS``) and the
# names their bodies use: a client option (``x-client-option``) of one of these names gets a "_".
CLIENT_ARGUMENTS = frozenset(option.name for option in client_options() if "{" not in option.name) | frozenset(
    {"self", "config", "copy", "httpx", "errors", "models", "setup_logging", "make_config", "update_config"}
    | {"UNSET", "Unset", "Mapping", "TimeoutTypes", "DEFAULT_MAX_RESPONSE_BYTES", "_API_DEFAULTS"}
)
RESPONSES_MODULE = "_responses"
"""The module of ``models`` holding the decoders of answers that are no model."""
API_DEFAULTS = "_API_DEFAULTS"
"""The ``_client`` module's constant of the API's configuration defaults (see ``_config.ApiDefaults``)."""


class Scope:
    """One namespace of the output (a module, a class, a method's arguments)."""

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self.reserved = frozenset(reserved)
        self.owners: dict[str, str] = {}  # name -> what claimed it

    def free(self, name: str) -> bool:
        return name not in self.reserved and name not in self.owners

    def take(self, name: str, owner: str) -> None:
        self.owners[name] = owner


class Namer:
    """Every identifier of one generated package; warnings and problems are located."""

    def __init__(self, doc: Document, package: str) -> None:
        self.doc = doc
        self.package = package
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        modules = PACKAGE_MODULES | {package}
        self.models = Scope(MODELS_MODULE_IMPORTS | modules)  # classes and aliases of ``models``
        self.stems: dict[str, str] = {}  # snake stem of a model class -> the class
        self.client = Scope(runtime_client_attributes() | modules)  # methods of the client classes
        self.options = Scope(CLIENT_ARGUMENTS | modules)
        self.errors = Scope(runtime_error_classes() | ERRORS_MODULE_NAMES | modules | set(dir(builtins)))
        self.base_error = self._base_error()
        self.errors.take(self.base_error, "the package's base error")
        self.patterns: dict[str, str] = {}  # regex -> module constant of ``_validators``
        # module-level helpers (key sets, validators, decoders, constants) claimed per module
        self.helpers: dict[str, dict[str, str]] = {"models": {}, "_validators": {}, "_client": {API_DEFAULTS: ""}}
        self.given: dict[tuple[str, str, str], str] = {}  # (module, wanted name, owner) -> name given
        self.option_headers: dict[str, str] = {}  # client option -> its header (lower case)
        self.modules_taken: set[str] = {RESPONSES_MODULE, VALIDATORS_COMMON}  # modules of the models package
        self.resources = Scope()  # identifiers of the resources (groups of operations)
        self.resource_modules = Scope()  # modules of the _resources package

    def _helper(self, module: str, name: str, owner: str) -> str:
        """Claim a derived module-level name for ``owner``; the same owner may ask again and gets
        the same name. A name another owner holds gets a number."""
        given = self.given.get((module, name, owner))
        if given is not None:
            return given
        taken = self.helpers[module]
        final = name
        n = 2
        while taken.get(final, owner) != owner:
            final = f"{name}_{n}"
            n += 1
        taken[final] = owner
        self.given[(module, name, owner)] = final
        return final

    # -- reporting -------------------------------------------------------------------
    def where(self, node: Node) -> str:
        return f"{self.doc.name_of(node.file)}#{node.pointer}"

    def problem(self, node: Node, message: str) -> None:
        self.problems.append(self.doc.at(node, message))

    def warn(self, node: Node, message: str, kind: Kind) -> None:
        """A located warning of class ``kind`` (generator/problem_classes.py)."""
        self.warnings.append(self.doc.at(node, message, kind))

    def _base_error(self) -> str:
        """``<Package>Error``, the alias of ``ClientError`` under the package's own name."""
        name = pascal_case(self.package) + "Error"
        if name in runtime_error_classes() and name != "ClientError":
            renamed = pascal_case(self.package) + "ClientError"
            why = f"package error alias {name!r} would replace the runtime's class; named {renamed}"
            self.warn(self.doc.root, why, "class-renamed")
            return renamed
        return name

    # -- models module -----------------------------------------------------------------
    def model_class(self, name: str, node: Node, *, derived: bool) -> str:
        """A class or alias of the models module; derived (inline) names dodge collisions,
        spec names may not share one (a problem) and dodge shared helper names (a warning)."""
        if name in MODELS_MODULE_IMPORTS:
            name += "Model"
        stem = self.stem(name)
        if self.models.free(name) and stem not in self.stems:
            return self._take_class(name, node)
        n = 2
        while not self.models.free(f"{name}{n}") or self.stem(f"{name}{n}") in self.stems:
            n += 1
        if not derived and name in self.models.owners:
            owner = self.models.owners[name]
            why = f"schema name maps to Python class {name!r}, as does {owner}; named {name}{n}"
            self.warn(node, why, "class-renamed")
        elif not derived:  # e.g. ABTest and AbTest: their helpers (_AB_TEST_KEYS, ...) would clash
            other = self.stems.get(stem, name)
            why = f"class {name!r} would share helper names with class {other!r}; named {name}{n}"
            self.warn(node, why, "class-renamed")
        return self._take_class(f"{name}{n}", node)

    def typed_dict(self, class_name: str, node: Node) -> tuple[str, str, str]:
        """``models.<Class>Dict``, the TypedDict of a model's JSON form, and the helper names of its
        required and optional parts (``_<Class>DictRequired``, ``_<Class>DictOptional``). A taken
        name gets a number (a located warning)."""
        name = f"{class_name}Dict"
        if not self.models.free(name):
            n = 2
            while not self.models.free(f"{name}{n}"):
                n += 1
            why = f"TypedDict {name!r} of class {class_name!r} would reuse a name of models; named {name}{n}"
            self.warn(node, why, "class-renamed")
            name = f"{name}{n}"
        self.models.take(name, f"TypedDict of {class_name}")
        required = self._helper("models", f"_{name}Required", name)
        optional = self._helper("models", f"_{name}Optional", name)
        return name, required, optional

    def _take_class(self, name: str, node: Node) -> str:
        self.models.take(name, self.where(node))
        self.stems[snake_case(name).rstrip("_")] = name
        return name

    @staticmethod
    def stem(class_name: str) -> str:
        """The snake-case stem the module-level helpers of a class are named from (unique per
        class: :meth:`model_class` refuses a second class of the same stem)."""
        return snake_case(class_name).rstrip("_")

    def keys_const(self, class_name: str) -> str:
        """``models._<SNAKE>_KEYS``: the wire names of a model."""
        return self._helper("models", f"_{snake_case(class_name).upper()}_KEYS", class_name)

    def optional_const(self, class_name: str) -> str:
        """``models._<SNAKE>_OPTIONAL``: the optional members of a model (attribute and wire names)."""
        return self._helper("models", f"_{snake_case(class_name).upper()}_OPTIONAL", class_name)

    def validator(self, class_name: str) -> str:
        """``_validators._check_<stem>``: the request check of a model."""
        return self._helper("_validators", f"_check_{self.stem(class_name)}", class_name)

    def response_validator(self, class_name: str) -> str:
        """``_validators._rcheck_<stem>``: the response check of a model."""
        return self._helper("_validators", f"_rcheck_{self.stem(class_name)}", class_name)

    def union_decoder(self, class_name: str) -> str:
        """``models._decode_<stem>``: the decoder of a named union."""
        return self._helper("models", f"_decode_{self.stem(class_name)}", class_name)

    def union_table(self, class_name: str) -> str:
        """``models._<SNAKE>_MEMBERS``: the table a named union is read by, where it has one."""
        return self._helper("models", f"_{snake_case(class_name).upper()}_MEMBERS", class_name)

    def pattern(self, regex: str) -> str:
        """``_validators._PATTERN_<n>``: the compiled regex of a ``pattern`` rule."""
        const = self.patterns.setdefault(regex, f"_PATTERN_{len(self.patterns)}")
        return self._helper("_validators", const, f"pattern {regex!r}")

    def members(self, props: dict[str, Node]) -> dict[str, str]:
        """Attribute names of a model's members (wire name -> Python name), all distinct; each
        renaming a located warning (the rules: :mod:`generator.lower.collisions`)."""
        names, renamed = member_names(list(props))
        for wire, py, others in renamed:
            shared = ", ".join(repr(w) for w in others)
            why = f"member {wire!r} maps to Python name {py!r}, as does {shared}; named {names[wire]}"
            self.warn(props[wire], why, "member-renamed")
        return names

    # -- client ----------------------------------------------------------------------------
    def method(self, op_id: str, node: Node) -> str:
        """The client method of an operation (a number when another has the name).
        Claimed with :meth:`take_method` once the operation is built."""
        name = snake_case(op_id)
        if name in self.client.reserved:
            renamed = name + "_"
            why = f"operationId {op_id!r} maps to {name!r}, an attribute of the client; method named {renamed}"
            self.warn(node, why, "method-renamed")
            name = renamed
        if name in self.client.owners:
            renamed = numbered(name, lambda n: self.client.free(n))
            owner = self.client.owners[name]
            why = f"operationId {op_id!r} maps to method {name!r}, as does {owner!r}; named {renamed}"
            self.warn(node, why, "method-renamed")
            name = renamed
        return name

    def take_method(self, name: str, op_id: str) -> None:
        self.client.take(name, op_id)

    def iter_method(self, method: str, node: Node) -> str | None:
        """``iter_<items>`` of a paginated operation; None (a warning) when the name is taken."""
        rest = method[len("list_") :] if method.startswith("list_") else method
        name = f"iter_{rest}"
        if not self.client.free(name):
            why = f"paginated operation: method {name!r} is taken; no iterator generated"
            self.warn(node, why, "iterator-left-out")
            return None
        self.client.take(name, f"iterator of {method}")
        return name

    def models_module(self, name: str) -> str:
        """The module of the ``models`` package that holds the definition ``name`` (and what
        belongs to it): ``_`` and the name in snake_case; a number where two names spell the
        same module (compared without case: file systems may not tell them apart); a long name
        cut (:func:`~generator.lower.naming.bounded`)."""
        return self._module("_" + (snake_case(name).strip("_").lower() or "definition"))

    def responses_module(self, space: tuple[str, ...]) -> str:
        """The module of ``models`` of the answers' decoders of the client's namespace ``space``."""
        return self._module("_".join(("_responses", *space)))

    def _module(self, name: str) -> str:
        wanted = bounded(name)
        if wanted.endswith("_test"):  # test runners collect *_test.py files of vendored packages
            wanted += "_"
        module, n = wanted, 2
        while module in self.modules_taken:
            module, n = f"{wanted}_{n}", n + 1
        self.modules_taken.add(module)
        return module

    def operation_const(self, method: str) -> str:
        """``_client._<METHOD>``: the operation's static facts."""
        return self._helper("_client", "_" + method.upper().rstrip("_"), method)

    def operation_check(self, method: str) -> str:
        """``_validators.check_<method>``: the request check of an operation."""
        return self._helper("_validators", f"check_{method.rstrip('_')}", method)

    def response_decoder(self, method: str) -> str:
        """``models._response_<method>``: the decoder of a non-model JSON response."""
        return self._helper("models", f"_response_{method.rstrip('_')}", method)

    def client_option(self, name: str, header: str, node: Node) -> str:
        """The ``Client(...)`` argument of an ``x-client-option`` on ``header`` (headers that
        share a name, compared without case, share the option)."""
        py = snake_case(name)
        if py in self.options.reserved:
            renamed = py + "_"
            why = f"client option {name!r} maps to {py!r}, an argument of the client; named {renamed}"
            self.warn(node, why, "option-renamed")
            py = renamed
        known = self.option_headers.get(py)
        if known is not None and known != header.lower():
            renamed = numbered(py, lambda n: n not in self.option_headers and n not in self.options.reserved)
            self.warn(node, f"client option {py!r} already names header {known!r}; named {renamed}", "option-renamed")
            py = renamed
        self.option_headers[py] = header.lower()
        return py

    def credential_option(self, key: str, node: Node) -> str:
        """The ``Client(...)`` option of a security scheme's credential: the snake_case of its
        key; one that an option of the client or another scheme holds gets ``_`` or a number."""
        py = snake_case(key)
        if py in self.options.reserved:
            renamed = py + "_"
            self.warn(
                node,
                f"security scheme {key!r} maps to option {py!r}, an argument of the client; named {renamed}",
                "option-renamed",
            )
            py = renamed
        if py in self.option_headers:
            renamed = numbered(py, lambda n: n not in self.option_headers and n not in self.options.reserved)
            self.warn(
                node,
                f"security scheme {key!r} maps to option {py!r}, as does another scheme; named {renamed}",
                "option-renamed",
            )
            py = renamed
        self.option_headers[py] = f"security scheme {key}"
        return py

    def arguments(self, method: str) -> Arguments:
        """The keyword arguments of one client method."""
        return Arguments(self, method)

    # -- errors -----------------------------------------------------------------------------
    def error_class(self, value: str, node: Node) -> str | None:
        """The ``errors`` class of an error type; None when an earlier type has the same class."""
        name = pascal_case(value) + "Error"
        if not self.errors.free(name):
            if name in self.errors.owners and name != self.base_error:
                return None  # the class of an earlier error type
            renamed = pascal_case(value) + "ApiError"
            if name not in _QUIET_ERRORS:
                why = f"error type {value!r} maps to {name!r}, a name of the errors module; named {renamed}"
                self.warn(node, why, "class-renamed")
            name = renamed
        if name in self.errors.owners:
            return None
        if name in self.errors.reserved:
            renamed = numbered(name, self.errors.free)
            why = f"error type {value!r} maps to class {name!r}, a name of the errors module; named {renamed}"
            self.warn(node, why, "class-renamed")
            name = renamed
        self.errors.take(name, value)
        return name


# Error classes an error type was renamed away from before the namer existed (silently).
_QUIET_ERRORS = frozenset(dir(builtins)) | {
    "ApiError",
    "ApiConnectionError",
    "ApiTimeoutError",
    "ResponseDecodeError",
    "RequestValidationError",
}


class Arguments:
    """The keyword-argument names of one client method."""

    def __init__(self, namer: Namer, method: str) -> None:
        self.namer = namer
        self.method = method
        self.taken: dict[str, str] = {}  # argument -> what it sends

    def take(self, name: str, wire: str, node: Node, location: str = "") -> str:
        """Claim ``name`` for ``wire`` (sent as ``location``: path, query, header, cookie, body);
        a taken name gets ``location`` as suffix, then a number."""
        if name in METHOD_ARGUMENTS:
            name += "_"
        what = f"body member {wire!r}" if location == "body" else f"{location} parameter {wire!r}".strip()
        if name in self.taken:
            wanted = name
            # ``async_`` (a keyword's spelling) beside the body member ``async``: ``async_body``.
            suffixed = f"{name.rstrip('_') or name}_{location}" if location else name
            if suffixed in self.taken or suffixed in METHOD_ARGUMENTS:
                suffixed = numbered(suffixed, lambda n: n not in self.taken and n not in METHOD_ARGUMENTS)
            name = suffixed
            message = f"{what} maps to argument {wanted!r} of {self.method}, as does {self.taken[wanted]}; named {name}"
            self.namer.warn(node, message, "argument-renamed")
        self.taken[name] = what
        return name

    def __contains__(self, name: str) -> bool:
        return name in self.taken
