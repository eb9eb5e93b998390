"""The templates' Jinja2 environment: the generator's own is made once a process (compiling the
templates was half of a small generation), custom templates (--templates) get their own."""

from __future__ import annotations

from pathlib import Path

from generator.emit.render import environment
from generator.resources import TEMPLATES, using_templates


def test_the_generator_s_templates_are_compiled_once_a_process() -> None:
    env = environment()
    assert environment() is env
    assert env.auto_reload  # a template file changed on disk is compiled again, never rendered old


def test_custom_templates_get_an_environment_of_their_own(tmp_path: Path) -> None:
    name = "README.md.jinja"
    assert (TEMPLATES / name).is_file()
    custom = tmp_path / name
    custom.write_text("custom {{ 1 + 1 }}\n", encoding="utf-8")
    with using_templates({name: custom}):
        env = environment()
        assert env is not environment()
        assert env.get_template(name).render() == "custom 2\n"
    own = environment()
    assert own is environment()
    assert own.loader is not None and not own.loader.get_source(own, name)[0].startswith("custom")
