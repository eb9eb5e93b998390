"""Issue 15 item 7: object arguments accept their model or a TypedDict of its JSON form, so a
misspelt key of a dict literal is a mypy --strict error and a correct literal passes.

mypy checks a dict literal against a TypedDict member of a union only when the literal's keys fit
it (``find_typeddict_context`` of mypy/checkexpr.py): passed straight to ``schema=`` the misspelt
literal is refused naming the argument and ``TableSchema | TableSchemaDict``; written as a
``TableSchemaDict`` the error names the key."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from .. import mypy_run

GENERATED = Path(__file__).resolve().parent.parent.parent / "generated"

HEAD = """from botpress_client import Client, models


def create(client: Client) -> models.GetOrCreateTableResponse:
    return client.get_or_create_table(
        table="People",
"""
MISSPELT = HEAD + """        schema={"type": "object", "propertiez": {}},
    )
"""
MISSPELT_DICT = """from botpress_client import models

schema: models.TableSchemaDict = {"type": "object", "propertiez": {}}
"""
CORRECT = HEAD + """        schema={
            "type": "object",
            "additionalProperties": True,
            "required": ["email"],
            "properties": {
                "email": {"type": "string", "x-zui": {"index": 0, "searchable": True}},
                "score": {
                    "type": "number",
                    "nullable": True,
                    "x-zui": {"index": 1, "computed": {"action": "ai", "model": "gpt", "dependencies": ["email"]}},
                },
            },
        },
    )


def schedule(client: Client) -> None:
    client.create_message(
        conversation_id="c" * 28,
        user_id="u" * 28,
        type="text",
        payload={"text": "hi"},
        tags={},
        schedule={"delay": 5},
    )
"""


SNIPPETS = {"misspelt.py": MISSPELT, "misspelt_dict.py": MISSPELT_DICT, "correct.py": CORRECT}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """One ``mypy --strict`` run over the three snippets; each test reads its own file's errors."""
    tmp = tmp_path_factory.mktemp("typed_dicts")
    for name, source in SNIPPETS.items():
        (tmp / name).write_text(source, encoding="utf-8")
    return mypy_run.run(list(SNIPPETS), cwd=tmp, path=[GENERATED], env={"PATH": "/usr/bin:/bin"})


@pytest.mark.slow
def test_one_run_checks_the_snippets(checked: subprocess.CompletedProcess[str]) -> None:
    assert checked.returncode == 1, checked.stdout + checked.stderr  # errors found, no crash
    assert {line.split(":")[0] for line in mypy_run.errors(checked)} == {"misspelt.py", "misspelt_dict.py"}


@pytest.mark.slow
def test_a_misspelt_key_is_a_mypy_error(checked: subprocess.CompletedProcess[str]) -> None:
    errors = "\n".join(mypy_run.errors(checked, "misspelt.py"))
    assert 'misspelt.py:7: error: Argument "schema" to "get_or_create_table"' in errors, checked.stdout
    assert 'expected "TableSchema | TableSchemaDict"' in errors, checked.stdout


@pytest.mark.slow
def test_a_misspelt_key_of_the_typed_dict_is_named(checked: subprocess.CompletedProcess[str]) -> None:
    errors = "\n".join(mypy_run.errors(checked, "misspelt_dict.py"))
    assert 'Extra key "propertiez" for TypedDict "TableSchemaDict"' in errors, checked.stdout
    missing = re.search(r"Missing keys \(([^)]*)\)", errors)  # mypy lists them in no set order
    assert missing is not None, checked.stdout
    assert sorted(re.findall(r'"(\w+)"', missing.group(1))) == ["additionalProperties", "properties"], checked.stdout


@pytest.mark.slow
def test_a_correct_literal_passes_mypy(checked: subprocess.CompletedProcess[str]) -> None:
    assert mypy_run.errors(checked, "correct.py") == [], checked.stdout
    assert "(checked 3 source files)" in checked.stdout, checked.stdout


COLLIDING = """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /things:
    post:
      operationId: makeThing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [thing]
              properties:
                thing: {$ref: "#/components/schemas/Thing"}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Answer"}
components:
  schemas:
    Thing:
      type: object
      required: [x-kind]
      properties:
        x-kind: {type: string}
        class: {type: integer}
    ThingDict:
      type: object
      properties:
        a: {type: string}
    Answer:
      type: object
      properties:
        id: {type: string}
"""


def test_typed_dict_names_dodge_schema_names_with_a_located_warning(tmp_path: Path) -> None:
    from generator.pipeline import generate

    spec = tmp_path / "spec.yaml"
    spec.write_text(COLLIDING, encoding="utf-8")
    _, files, warnings = generate(str(spec), "things")
    assert [(w.pointer, w.message) for w in warnings] == [
        (
            "/components/schemas/Thing",
            "TypedDict 'ThingDict' of class 'Thing' would reuse a name of models; named ThingDict2",
        )
    ]
    models = "".join(text for name, text in sorted(files.items()) if name.startswith("models/"))
    assert '_ThingDict2Required = TypedDict("_ThingDict2Required", {"x-kind": "str"})' in models
    assert '_ThingDict2Optional = TypedDict("_ThingDict2Optional", {"class": "int"}, total=False)' in models
    assert "class ThingDict2(_ThingDict2Required, _ThingDict2Optional):" in models
    assert "AnswerDict" not in models  # only models that request arguments reach get one
    methods = "".join(text for name, text in sorted(files.items()) if name.startswith("_resources/"))
    assert "thing: models.Thing | models.ThingDict2," in methods
