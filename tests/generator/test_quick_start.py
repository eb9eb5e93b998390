"""The README's quick start, followed as written by a newcomer with a public document of
``../shared/corpus``: in a fresh virtual environment outside the checkout (the generator installed
from its wheel: ``conftest.installed`` stands for the README's install line), from an empty
folder, the README's ``botpress-codegen generate`` line runs verbatim on the document saved as
``my-api.yaml``; then the README's Python block runs verbatim but for the two values it says are
the reader's own (the API's address and the method): here a loopback server and an operation of
the document. The package it writes answers, and ``help(Client)`` names the operations.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

from ..conftest import ROOT
from ..loopback import Loopback
from .conftest import sh

DOCUMENT = ROOT.parent / "shared" / "corpus" / "oai" / "petstore-expanded.yaml"
ADDRESS = '"https://api.example.com"'
METHOD = "client.items.list()"


def quick_start() -> tuple[list[str], str]:
    """The lines of the quick start's shell block and the text of its Python block."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w+)\n(.*?)```", section, flags=re.DOTALL)
    assert [lang for lang, _ in blocks] == ["sh", "python"], blocks
    return blocks[0][1].strip().splitlines(), blocks[1][1]


def test_the_readme_quick_start_works_as_written(installed: Path, tmp_path: Path, loopback: Loopback) -> None:
    shell, python = quick_start()
    install, generate = shell
    assert install.startswith("pipx install ./botpress-codegen")  # the wheel of this checkout
    assert "Python 3.11" in (ROOT / "README.md").read_text(encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["CODEGEN_CACHE_DIR"] = str(tmp_path / "cache")
    work = tmp_path / "project"
    work.mkdir()
    shutil.copy(DOCUMENT, work / "my-api.yaml")
    argv = shlex.split(generate, comments=True)
    assert argv[0] == "botpress-codegen"
    sh(installed / argv[0], *argv[1:], cwd=work, env=env)

    assert python.count(ADDRESS) == 1 and python.count(METHOD) == 1, python
    code = python.replace(ADDRESS, repr(loopback.url)).replace(METHOD, "client.pets.find()")
    loopback.reply(200, [{"id": 1, "name": "Rex", "tag": "dog"}])
    out = sh(installed / "python", "-c", code, cwd=work / "src", env=env)
    assert "Rex" in out and "Pet(" in out, out
    assert [(r.method, r.path) for r in loopback.requests] == [("GET", "/pets")]

    shown = sh(installed / "python", "-c", "import my_api; help(my_api.Client)", cwd=work / "src", env=env)
    assert "pets" in shown, "help(Client) does not name its namespace"
    script = "import my_api; help(my_api.Client(base_url='http://x').pets)"
    shown = sh(installed / "python", "-c", script, cwd=work / "src", env=env)
    for method in ("find", "add", "find_by_id", "delete"):
        assert f"{method}(" in shown, f"help(client.pets) does not name {method}"
