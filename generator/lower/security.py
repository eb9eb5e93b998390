"""The security schemes of a document (``components.securitySchemes``) and its requirements (the
document's and each operation's ``security``) as the IR holds them: what each scheme is, where
its credential goes, the client option and environment variable giving it.

A scheme the client cannot send (``mutualTLS``, an ``apiKey`` without ``in``/``name``, an
unknown type) is left out with one located warning; a requirement naming a scheme that is not
declared (or left out) drops it, with one located warning.
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import Requirement, SecurityScheme
from ..load.reader import Node
from .models import ModelBuilder

BEARER, API_KEY, BASIC, HTTP, CLIENT_CREDENTIALS = "bearer", "api_key", "basic", "http", "client_credentials"

_TOKEN_CHARS = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def env_prefix(given: str | None, ext: dict[str, Any], package: str) -> str:
    """The prefix of the credentials' environment variables: ``given`` (``--env-prefix`` or the
    ``env-prefix`` setting), else the document's ``x-client`` (``env-prefix``, else its
    ``token-env`` without ``_TOKEN``), else the package name in upper case."""
    if given:
        return given
    named = ext.get("env-prefix")
    if isinstance(named, str) and ENV_NAME.fullmatch(named):
        return named
    token_env = ext.get("token-env")
    if isinstance(token_env, str) and token_env.endswith("_TOKEN") and ENV_NAME.fullmatch(token_env[:-6]):
        return token_env[: -len("_TOKEN")]
    return package.upper()


class SecurityBuilder:
    """The schemes of one document, named through the namer, and its requirements."""

    def __init__(self, b: ModelBuilder, prefix: str, token_env: str) -> None:
        self.b = b
        self.prefix = prefix
        self.token_env = token_env
        self.schemes: dict[str, SecurityScheme] = {}
        root = b.doc.root
        components = root.value.get("components")
        found = components.get("securitySchemes") if isinstance(components, dict) else None
        if isinstance(found, dict):
            for key in found:
                node = b.deref(root.child("components", "securitySchemes", key))
                scheme = self._scheme(str(key), node)
                if scheme is not None:
                    self.schemes[str(key)] = scheme
        self.security = self.requirement(root.child("security")) if "security" in root.value else None

    def authorizing(self) -> frozenset[str]:
        """The schemes whose credential the client sends in ``Authorization``: all but an
        ``apiKey`` elsewhere than a header of that name."""
        return frozenset(
            key
            for key, s in self.schemes.items()
            if s.kind != API_KEY or (s.location == "header" and s.wire.lower() == "authorization")
        )

    def _env(self, option: str) -> str:
        return f"{self.prefix}_{option.upper()}"

    def _scheme(self, key: str, node: Node) -> SecurityScheme | None:
        spec = node.value
        if not isinstance(spec, dict):
            self.b.warn(node, "security scheme is not an object; left out", "credential-unsupported")
            return None
        kind = spec.get("type")
        if kind == "apiKey":
            where, name = spec.get("in"), spec.get("name")
            if where not in ("header", "query", "cookie") or not isinstance(name, str) or not name:
                self.b.warn(
                    node,
                    "apiKey scheme without a valid 'in' (header, query, cookie) and 'name'; left out",
                    "credential-unsupported",
                )
                return None
            if where != "query" and not _TOKEN_CHARS.fullmatch(name):
                self.b.warn(
                    node.child("name"),
                    f"{where} name {name!r} cannot be sent; scheme left out",
                    "credential-unsupported",
                )
                return None
            option = self.b.namer.credential_option(key, node)
            return SecurityScheme(key, API_KEY, option, self._env(option), where, name)
        if kind == "http":
            word = spec.get("scheme")
            if not isinstance(word, str) or not _TOKEN_CHARS.fullmatch(word):
                self.b.warn(node, "http scheme without a valid 'scheme'; left out", "credential-unsupported")
                return None
            if word.lower() == "bearer":
                return SecurityScheme(key, BEARER, "token", self.token_env)
            option = self.b.namer.credential_option(key, node)
            if word.lower() == "basic":
                return SecurityScheme(key, BASIC, option, self._env(option))
            return SecurityScheme(key, HTTP, option, self._env(option), word)
        if kind == "oauth2":
            return self._oauth2(key, node)
        if kind == "openIdConnect":
            return SecurityScheme(key, BEARER, "token", self.token_env)
        if kind == "mutualTLS":
            self.b.warn(
                node,
                "mutualTLS: give the certificate to an http_client of yours; scheme left out",
                "credential-unsupported",
            )
            return None
        self.b.warn(node, f"unknown security scheme type {kind!r}; left out", "credential-unsupported")
        return None

    def _oauth2(self, key: str, node: Node) -> SecurityScheme:
        flows = node.value.get("flows")
        flow = flows.get("clientCredentials") if isinstance(flows, dict) else None
        url = flow.get("tokenUrl") if isinstance(flow, dict) else None
        if not isinstance(flow, dict) or not isinstance(url, str) or not url:
            return SecurityScheme(key, BEARER, "token", self.token_env)
        scopes = flow.get("scopes")
        names = tuple(sorted(str(s) for s in scopes)) if isinstance(scopes, dict) else ()
        return SecurityScheme(
            key,
            CLIENT_CREDENTIALS,
            "client_id",
            self._env("client_id"),
            token_url=url,
            scopes=names,
            secret_env=self._env("client_secret"),
        )

    def requirement(self, node: Node) -> Requirement | None:
        """A ``security`` value: its alternatives, each of the schemes it names (an undeclared
        one dropped, with a warning); ``None`` when it is no list (warned)."""
        value = node.value
        if not isinstance(value, list):
            self.b.warn(node, "security is not a list; ignored", "credential-unsupported")
            return None
        alternatives: list[tuple[tuple[str, tuple[str, ...]], ...]] = []
        for i, alt in enumerate(value):
            if not isinstance(alt, dict):
                self.b.warn(node.child(i), "security requirement is not an object; ignored", "credential-unsupported")
                continue
            schemes: list[tuple[str, tuple[str, ...]]] = []
            for key, scopes in alt.items():
                if key not in self.schemes:
                    self.b.warn(
                        node.child(i),
                        f"security names scheme {key!r}, which the client cannot send; dropped",
                        "credential-unsupported",
                    )
                    continue
                names = tuple(str(s) for s in scopes) if isinstance(scopes, list) else ()
                schemes.append((str(key), names))
            alternatives.append(tuple(schemes))
        return tuple(alternatives)

    def of_operation(self, op: Node) -> Requirement | None:
        """An operation's own requirement; ``None`` when it has none (the document's applies)."""
        if not isinstance(op.value, dict) or "security" not in op.value:
            return None
        found = self.requirement(op.child("security"))
        return None if found == self.security else found
