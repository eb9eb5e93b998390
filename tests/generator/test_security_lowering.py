"""Lowering the security schemes: the prefix of their environment variables (flag, setting,
``x-client``, default), the namer's renamings with located warnings, what the IR holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import generate

from ..conftest import run


def spec(tmp_path: Path, schemes: dict[str, Any], **extra: Any) -> str:
    document = {
        "openapi": "3.1.0",
        "info": {"title": "S", "version": "1.0.0"},
        "servers": [{"url": "https://s.example"}],
        "security": [{key: []} for key in schemes][:1],
        "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {"description": "ok"}}, **extra}}},
        "components": {"securitySchemes": schemes},
    }
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(document))
    return str(path)


KEY = {"type": "apiKey", "in": "header", "name": "X-Key"}


def test_the_env_prefix_comes_from_the_flag_else_x_client_else_the_package(tmp_path: Path) -> None:
    path = spec(tmp_path, {"ApiKey": KEY})
    api, _, _ = generate(path, "acme_client")
    assert [(s.option, s.env) for s in api.security_schemes] == [("api_key", "ACME_CLIENT_API_KEY")]
    assert api.token_env == "ACME_CLIENT_TOKEN" and not api.token_required
    api, _, _ = generate(path, "acme_client", env_prefix="ACME")
    assert api.security_schemes[0].env == "ACME_API_KEY" and api.token_env == "ACME_TOKEN"
    document = json.loads(Path(path).read_text())
    document["x-client"] = {"token-env": "BP_TOKEN"}
    Path(path).write_text(json.dumps(document))
    api, _, _ = generate(path, "acme_client")
    assert api.security_schemes[0].env == "BP_API_KEY" and api.token_required
    document["x-client"] = {"env-prefix": "XC", "token-env": "BP_TOKEN"}
    Path(path).write_text(json.dumps(document))
    api, _, _ = generate(path, "acme_client")
    assert api.security_schemes[0].env == "XC_API_KEY" and api.token_env == "BP_TOKEN"


def test_a_bad_env_prefix_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = spec(tmp_path, {"ApiKey": KEY})
    code, _, err = run(
        capsys, "generate", "--spec", path, "--out", str(tmp_path), "--package", "p", "--env-prefix", "1-X"
    )
    assert code == 2 and "env-prefix" in err and "Traceback" not in err


def test_scheme_options_named_like_other_options_are_renamed_with_a_warning(tmp_path: Path) -> None:
    schemes = {"timeout": KEY, "Api-Key": KEY, "api_key": {**KEY, "in": "query"}}
    header = {"name": "X-Opt", "in": "header", "schema": {"type": "string"}, "x-client-option": {"name": "api_key"}}
    api, files, warnings = generate(spec(tmp_path, schemes, parameters=[header]), "p")
    options = [s.option for s in api.security_schemes]
    assert options == ["timeout_", "api_key", "api_key_2"]
    assert [o.name for o in api.client_options] == ["api_key_3"]
    texts = [str(w) for w in warnings]
    assert any("securitySchemes/timeout" in t and "named timeout_" in t for t in texts)
    assert any("securitySchemes/api_key" in t and "named api_key_2" in t for t in texts)
    assert any("named api_key_3" in t for t in texts)
    assert "timeout_: str | None = None" in files["_client.py"]


def test_requirements_in_the_ir(tmp_path: Path) -> None:
    schemes = {
        "k": KEY,
        "o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "/t", "scopes": {"a": ""}}}},
    }
    api, _, warnings = generate(spec(tmp_path, schemes, security=[{"k": [], "o": ["a"]}, {}]), "p")
    assert api.security == ((("k", ()),),)
    assert api.operations[0].security == ((("k", ()), ("o", ("a",))), ())
    cc = api.security_schemes[1]
    assert (cc.kind, cc.option, cc.token_url, cc.scopes, cc.secret_env) == (
        "client_credentials",
        "client_id",
        "/t",
        ("a",),
        "P_CLIENT_SECRET",
    )
    assert not warnings
