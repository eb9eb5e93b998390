"""Build the IR from a loaded document.

``schema`` reads raw-schema facts, ``names`` owns every identifier, ``types`` and ``models``
turn schemas into types and models (all built before any operation reads them), ``checks``
turns schema rules into request checks and ``operations`` builds the client methods (from
``parameters``, ``bodies`` and ``responses``; ``error_types`` from the error schemas).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any, TypedDict

from ..ir import Api
from ..load.reader import Document
from ..problems import SpecError
from .examples import vet_examples
from .models import ModelBuilder
from .models_modules import models_modules, responses_modules
from .names import Namer
from .operations import OperationBuilder
from .resources import build_resources
from .response_checks import ResponseCheckBuilder
from .schema import text
from .security import SecurityBuilder
from .security import env_prefix as security_env_prefix
from .spaces import flat_methods
from .typed_dicts import build_typed_dicts

__all__ = ["build_api", "spec_checksum"]


def spec_checksum(doc: Document) -> str:
    """SHA-256 of the document's content (every file it reaches), independent of formatting."""
    digest = hashlib.sha256()
    base = doc.path.parent

    def rel(path: Path) -> str:
        return path.relative_to(base).as_posix() if path.is_relative_to(base) else path.name

    for path in sorted(doc.files, key=rel):
        digest.update(rel(path).encode())
        digest.update(json.dumps(doc.files[path], sort_keys=True, ensure_ascii=True).encode())
    return digest.hexdigest()


def build_api(doc: Document, package: str, env_prefix: str | None = None) -> Api:
    namer = Namer(doc, package)
    b = ModelBuilder(doc, namer)
    b.register_components()
    ext = doc.root.value.get("x-client")
    if not isinstance(ext, dict):
        ext = {}
    prefix = security_env_prefix(env_prefix, ext, package)
    token_env = str(ext.get("token-env", "")) or f"{prefix}_TOKEN"
    security = SecurityBuilder(b, prefix, token_env)  # before the operations: options first
    ops_builder = OperationBuilder(b, security.authorizing())
    drafts = ops_builder.draft_all()  # names every type an operation reaches
    b.build_models()  # every model and union, once, before an operation reads one
    b.finish_unions()
    operations = [
        dataclasses.replace(ops_builder.complete(draft), security=security.of_operation(draft.node)) for draft in drafts
    ]
    operations = vet_examples(b.examples, b.models, b.enums, b.unions, operations)
    ops_builder.checks.build_model_validators(b.model_nodes)
    response_validators = ResponseCheckBuilder(b).build(operations, b.model_nodes)
    assert not b.pending_models and not b.pending_unions, "a model was reached after the models were built"
    error_types, error_member = ops_builder.error_types()
    typed_dicts = build_typed_dicts(namer, operations, b.models, b.unions, b.model_nodes)
    modules = models_modules(namer, b, typed_dicts)
    resources, operations = build_resources(namer, list(zip(operations, (d.node for d in drafts), strict=True)), ext)
    decoders = tuple(d.function for d in ops_builder.responses.decoders)
    modules += responses_modules(namer, decoders, operations)
    doc.warnings.extend(namer.warnings)
    if namer.problems:
        raise SpecError(namer.problems)
    return Api(
        package=package,
        base_error=namer.base_error,
        **_described(doc.root.value, package),
        spec_checksum=spec_checksum(doc),
        token_env=token_env,
        base_url_env=str(ext.get("base-url-env", "")),
        log_env=str(ext.get("log-env", "")),
        client_options=tuple(ops_builder.parameters.options.values()),
        enums=tuple(b.enums[k] for k in sorted(b.enums)),
        models=tuple(b.models[k] for k in sorted(b.models)),
        unions=tuple(b.unions[k] for k in sorted(b.unions)),
        response_decoders=tuple(ops_builder.responses.decoders),
        operations=tuple(operations),
        error_types=error_types,
        error_type_member=error_member,
        error_fields=ops_builder.error_fields(),
        validators=tuple(v for _, v in sorted(ops_builder.checks.validators.items())),
        patterns=tuple((const, regex) for regex, const in namer.patterns.items()),
        typed_dicts=typed_dicts,
        response_validators=response_validators,
        models_modules=tuple(sorted(modules, key=lambda m: m.name)),
        resources=resources,
        selection=doc.selection,
        security_schemes=tuple(security.schemes.values()),
        security=security.security,
        token_required=bool(ext.get("token-env")),
        flat_methods=flat_methods(ext),
    )


class _Described(TypedDict):
    title: str
    description: str
    api_version: str
    base_url: str


def _described(root: dict[str, Any], package: str) -> _Described:
    """The API's title, description and version (``info``) and its first server's address."""
    info = root.get("info")
    if not isinstance(info, dict):  # a finding of the validator, read leniently
        info = {}
    servers = root.get("servers") or []
    base_url = servers[0].get("url", "") if servers and isinstance(servers[0], dict) else ""
    return _Described(
        title=text(info.get("title")) or package,
        description=text(info.get("description")),
        api_version=str(info.get("version", "")),
        base_url=base_url if isinstance(base_url, str) else "",
    )
