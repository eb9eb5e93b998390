"""Docstrings are the document's descriptions as it gives them; notes for the document's
maintainers live in ``x-`` members (this repository's spec: ``x-spec-note``), which the generator
does not emit."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.pipeline import generate

NOTE = "Maintainers: this came from the live API docs."

SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Notes", "version": "1.0.0", "description": "The notes API.", "x-spec-note": NOTE},
    "paths": {
        "/notes/{id}": {
            "get": {
                "operationId": "getNote",
                "description": "Returns the note `id`.\n\nIt is *never* cached.",
                "x-spec-note": NOTE,
                "parameters": [
                    {
                        "name": "id",
                        "in": "path",
                        "required": True,
                        "description": "Id of the note.",
                        "x-spec-note": NOTE,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The note.",
                        "x-spec-note": NOTE,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}},
                    }
                },
            }
        }
    },
    "components": {
        "schemas": {
            "Note": {
                "type": "object",
                "description": "A note.",
                "x-spec-note": NOTE,
                "properties": {"text": {"type": "string", "description": "Its text.", "x-spec-note": NOTE}},
            }
        }
    },
}


def test_descriptions_are_emitted_and_x_notes_are_not(tmp_path: Path) -> None:
    spec = tmp_path / "openapi.yaml"
    spec.write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    files = generate(str(spec), "notes")[1]
    text = "\n".join(files.values())
    assert "live API docs" not in text
    for description in ("Returns the note `id`.", "It is *never* cached.", "Id of the note.", "A note.", "Its text."):
        assert description in text, description
