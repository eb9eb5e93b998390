"""Regeneration a team can live with (issue 25), each scenario in a temporary git repository:
quiet diffs (a one-field change touches only the files whose content changes), a semver gate
that holds (a tag is a release; same version with changes, a downgrade), ``check``'s summary
and advice, hand edits merged three-way, kept files, a ``pyproject.toml`` beside the package and
custom templates."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from generator.write.provenance import MANIFEST

from ..conftest import FIXTURES, run

OLD = FIXTURES / "diff" / "closed_enum_value_removed" / "old.yaml"  # Shop 1.0.0
ARGS = ["--spec", "spec/openapi.yaml", "--out", "generated", "--package", "shop", "--changes"]


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.strip()


def commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A repository holding the Shop spec 1.0.0 and its generated client, committed; its own cache."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    monkeypatch.setenv("CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CODEGEN_NO_CACHE", raising=False)
    monkeypatch.delenv("CI", raising=False)
    root = tmp_path / "repo"
    (root / "spec").mkdir(parents=True)
    git(root, "init", "-q")
    monkeypatch.chdir(root)
    shutil.copy(OLD, root / "spec" / "openapi.yaml")
    code, out, err = run(capsys, "generate", *ARGS)
    assert code == 0, out + err
    commit(root, "spec 1.0.0 and its client")
    return root


SPEC = Path("spec/openapi.yaml")
PACKAGE = Path("generated/shop")


def edit_spec(old: str, new: str) -> None:
    text = SPEC.read_text()
    assert old in text, old
    SPEC.write_text(text.replace(old, new, 1))


def package_files() -> dict[str, tuple[str, int]]:
    return {
        p.relative_to(PACKAGE).as_posix(): (p.read_text(), p.stat().st_ino) for p in PACKAGE.rglob("*") if p.is_file()
    }


# -- 1. quiet regeneration ------------------------------------------------------------------------


def test_a_one_field_change_touches_only_the_files_whose_content_changes(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = package_files()
    edit_spec("        value: {type: string}\n", "        value: {type: string}\n        note: {type: string}\n")
    edit_spec("version: 1.0.0", "version: 1.1.0")
    code, out, err = run(capsys, "generate", *ARGS, "--strict")
    assert code == 0, out + err
    after = package_files()
    changed = {name for name in after if after[name][0] != before[name][0]}
    # The headers carry no version or checksum: the schema's module of models, the version facts,
    # the report, the manifest.
    assert {"_version.py", "CHANGES.md", MANIFEST} <= changed
    assert len({name for name in changed if name.startswith("models/")}) == 1, changed
    assert not changed & {"_client.py", "errors.py", "README.md", "__init__.py", "_base_client.py"}
    assert set(git(repo, "status", "--porcelain", "--", "generated").split()[1::2]) == {
        f"generated/shop/{name}" for name in changed
    }
    # The files whose content stays were not rewritten: same inode (the folder swap kept them).
    for name in set(after) - changed:
        assert after[name][1] == before[name][1], name
    assert f"({len(after)} files, {len(changed)} changed)" in out
    manifest = json.loads((PACKAGE / MANIFEST).read_text())
    assert manifest["api_version"] == "1.1.0" and "strict" not in manifest["inputs"]


# -- 2. a semver gate that holds ------------------------------------------------------------------


def test_a_change_after_a_tag_without_a_new_version_fails_under_strict(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    git(repo, "tag", "v1.0.0")
    edit_spec("        name: {type: string}\n        price", "        name: {type: integer}\n        price")
    code, out, err = run(capsys, "generate", *ARGS, "--strict")
    assert code == 1, out + err
    assert "spec/openapi.yaml#/info/version: Semver: the breaking changes call for a major version bump;" in err
    assert "1.0.0 -> 1.0.0 is no bump (the version of the release): too small." in err
    # Without --strict the report is written against the tag, with the same verdict.
    assert run(capsys, "generate", *ARGS)[0] == 0
    report = (PACKAGE / "CHANGES.md").read_text()
    assert "compared with the last release of the spec, `v1.0.0:spec/openapi.yaml`" in report
    assert "1.0.0 -> 1.0.0 is no bump" in report and "models.Item.name" in report
    commit(repo, "a break after the release")
    assert run(capsys, "check", *ARGS, "--strict")[0] == 1
    edit_spec("version: 1.0.0", "version: 2.0.0")
    assert run(capsys, "generate", *ARGS, "--strict")[0] == 0
    assert "1.0.0 -> 2.0.0 is a major bump: enough." in (PACKAGE / "CHANGES.md").read_text()


def test_a_downgrade_is_an_error_under_strict(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "tag", "v1.0.0")
    edit_spec("version: 1.0.0", "version: 0.9.0")
    code, _, err = run(capsys, "generate", *ARGS, "--strict")
    assert code == 1
    assert err.splitlines()[-1] == (
        "spec/openapi.yaml#/info/version: Semver: 1.0.0 -> 0.9.0 is a downgrade: a version never goes back."
    )
    assert run(capsys, "generate", *ARGS)[0] == 0
    assert "is a downgrade" in (PACKAGE / "CHANGES.md").read_text()
    code, out, _ = run(capsys, "diff", "v1.0.0:spec/openapi.yaml", "spec/openapi.yaml", "--format", "json")
    data = json.loads(out)
    assert (data["old_version"], data["new_version"], data["actual_bump"], data["enough"]) == (
        "1.0.0",
        "0.9.0",
        "downgrade",
        False,
    )


# -- 3. diff as data ------------------------------------------------------------------------------


def test_json_diff_carries_the_versions_the_bump_and_each_location(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit_spec("        name: {type: string}\n        price", "        name: {type: integer}\n        price")
    edit_spec("version: 1.0.0", "version: 1.1.0")
    code, out, err = run(capsys, "diff", "HEAD:spec/openapi.yaml", "spec/openapi.yaml", "--format", "json")
    assert code == 1, err
    data = json.loads(out)
    assert {k: data[k] for k in ("old_version", "new_version", "required_bump", "actual_bump", "enough")} == {
        "old_version": "1.0.0",
        "new_version": "1.1.0",
        "required_bump": "major",
        "actual_bump": "minor",
        "enough": False,
    }
    assert data["breaking"] and all(c["location"].startswith("spec/openapi.yaml#/") for c in data["breaking"])
    code, out, _ = run(capsys, "diff", "HEAD:spec/openapi.yaml", "spec/openapi.yaml")
    assert out.splitlines()[-1] == "Semver: 1.0.0 -> 1.1.0 needs major; the bump is minor: too small"


# -- 4. check on drift ----------------------------------------------------------------------------


def test_check_on_drift_summarizes_first_and_caps_the_diff(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    edit_spec("        name: {type: string}\n        price", "        name: {type: integer}\n        price")
    edit_spec("version: 1.0.0", "version: 2.0.0")
    SPEC.write_text(SPEC.read_text().replace("Tag", "Label").replace("tags", "labels"))
    models = PACKAGE / "errors.py"
    models.write_text(models.read_text() + "# mine\n")
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "generated/shop is stale:"
    assert lines[1].startswith("  files that differ (") and "models/_" in lines[1] and "_client.py" not in lines[1]
    assert lines[2] == "  edited by hand (1): errors.py"
    head = next(i for i, line in enumerate(lines) if line.startswith("  API changes"))
    assert lines[head].startswith("  API changes since `") and ":spec/openapi.yaml` (" in lines[head]
    assert any(line.startswith("    breaking: models.Item.name: ") for line in lines[head + 1 :])
    diff = lines[lines.index("") + 1 :]
    assert len(diff) == 201 and diff[-1].startswith("... ") and "--full-diff` shows them all" in diff[-1]
    assert "botpress-codegen check --spec spec/openapi.yaml" in diff[-1]
    assert err.splitlines()[-1] == (
        "generated/shop is stale: regenerate it: `botpress-codegen generate --spec spec/openapi.yaml --out generated"
        " --package shop --changes`"
    )
    code, out, _ = run(capsys, "check", *ARGS, "--full-diff")
    assert code == 1 and "more lines of diff" not in out
    monkeypatch.setenv("CI", "true")
    code, _, err = run(capsys, "check", *ARGS)
    assert code == 1 and err.splitlines()[-1].startswith("generated/shop is stale: regenerate and commit")
    assert "make generate" not in err


# -- 5. edits that survive ------------------------------------------------------------------------

HELPER = "\n\ndef cheapest(items: list[Item]) -> Item:\n    return min(items, key=lambda i: i.price or 0)\n"


def _defining(cls: str) -> Path:
    """The module of ``models`` defining class ``cls`` (a schema's, or the one it is part of)."""
    return next(p for p in sorted((PACKAGE / "models").glob("_*.py")) if f"\nclass {cls}(" in p.read_text())


def test_a_hand_edit_survives_a_regeneration_that_changes_another_part_of_the_file(
    repo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    models = _defining("Item")
    name = f"models/{models.name}"
    models.write_text(models.read_text() + HELPER)
    commit(repo, "a helper of our own")
    shutil.rmtree(tmp_path / "cache")  # a fresh clone: the base comes from git history
    edit_spec(
        "        price: {type: number}\n        status",
        "        price: {type: number}\n        note: {type: string}\n        status",
    )
    edit_spec("version: 1.0.0", "version: 1.1.0")
    code, out, err = run(capsys, "generate", *ARGS, "--strict")
    assert code == 0, out + err
    assert f"generated/shop/{name}: your edits merged into the new output" in out
    text = models.read_text()
    assert text.endswith(HELPER) and "note: str | None = None" in text
    manifest = json.loads((PACKAGE / MANIFEST).read_text())
    assert list(manifest["edited"]) == [name]
    assert manifest["edited"][name] != manifest["files"][name]
    assert run(capsys, "check", *ARGS, "--strict")[0] == 0  # the recorded edit is not drift
    commit(repo, "1.1.0")
    # Another regeneration keeps it too (the base now from the cache), and --overwrite discards it.
    edit_spec(
        "        note: {type: string}\n        status",
        "        note: {type: string}\n        rank: {type: integer}\n        status",
    )
    edit_spec("version: 1.1.0", "version: 1.2.0")
    assert run(capsys, "generate", *ARGS, "--strict")[0] == 0
    assert models.read_text().endswith(HELPER) and "rank: int | None = None" in models.read_text()
    code, _, err = run(capsys, "generate", *ARGS, "--overwrite")
    assert code == 0 and f"generated/shop/{name}: had been edited by hand since it was generated; replaced" in err
    assert HELPER not in models.read_text() and "edited" not in json.loads((PACKAGE / MANIFEST).read_text())


def test_a_conflicting_hand_edit_exits_1_naming_the_hunk_and_writes_nothing(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    models = _defining("Tag")
    text = models.read_text()
    assert text.count("    key: str\n") == 1
    models.write_text(text.replace("    key: str\n", "    key: str  # the tag's name\n"))
    edit_spec("        key: {type: string}\n", "        key: {type: integer}\n")
    edit_spec("version: 1.0.0", "version: 2.0.0")
    before = {p: p.read_bytes() for p in PACKAGE.rglob("*") if p.is_file()}
    code, out, err = run(capsys, "generate", *ARGS)
    assert code == 1
    line = text[: text.index("    key: str\n")].count("\n") + 1
    assert (
        f"generated/shop/models/{models.name}: conflict: @@ line {line} edited by hand, line {line} of the new output:"
        in err
    )
    assert "<<<<<<< edited by hand\n    key: str  # the tag's name\n=======\n    key: int\n>>>>>>> generated" in out
    assert err.splitlines()[-1].startswith("generated/shop: nothing written")
    assert {p: p.read_bytes() for p in PACKAGE.rglob("*") if p.is_file()} == before


def test_kept_files_are_never_touched(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "pyproject.toml").write_text(
        '[tool.botpress-codegen]\nspec = "spec/openapi.yaml"\nout = "generated"\npackage = "shop"\nchanges = true\n'
        'keep = ["_hooks.py"]\n'
    )
    hooks = PACKAGE / "_hooks.py"
    hooks.write_text("HOOKS = []\n")
    inode = hooks.stat().st_ino
    edit_spec("version: 1.0.0", "version: 1.0.1")
    code, out, err = run(capsys, "generate")
    assert code == 0, out + err
    assert hooks.read_text() == "HOOKS = []\n" and hooks.stat().st_ino == inode
    assert "_hooks.py" not in json.loads((PACKAGE / MANIFEST).read_text())["files"]
    assert run(capsys, "check")[0] == 0
    # Without the setting it is a file the generator did not write: generate refuses.
    code, _, err = run(capsys, "generate", "--config", str(repo / "pyproject.toml"), "--spec", "spec/openapi.yaml")
    (repo / "pyproject.toml").write_text(
        '[tool.botpress-codegen]\nspec = "spec/openapi.yaml"\nout = "generated"\npackage = "shop"\n'
    )
    code, _, err = run(capsys, "generate")
    assert code == 2 and "generated/shop/_hooks.py: not in the generator's manifest" in err


# -- 6. an installable package --------------------------------------------------------------------


def test_a_project_output_installs_into_a_fresh_venv_and_imports(
    repo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    edit_spec("version: 1.0.0", "version: 1.0.1")
    code, out, err = run(capsys, "generate", *ARGS, "--project")
    assert code == 0, out + err
    project = (repo / "generated" / "pyproject.toml").read_text()
    assert project.startswith("# Generated by botpress-codegen ")
    assert 'name = "shop"' in project and 'version = "1.0.1"' in project and '"httpx>=0.27,<1"' in project
    manifest = json.loads((PACKAGE / MANIFEST).read_text())
    assert list(manifest["project"]) == ["pyproject.toml"] and manifest["inputs"]["project"] is True
    assert run(capsys, "check", *ARGS, "--project")[0] == 0
    (repo / "generated" / "pyproject.toml").write_text(project.replace("1.0.1", "9"))
    code, out, _ = run(capsys, "check", *ARGS, "--project")
    assert code == 1 and "../pyproject.toml" in out.splitlines()[1]
    assert run(capsys, "generate", *ARGS, "--project")[0] == 0
    # pip install ./generated into a fresh environment (no network: setuptools and httpx borrowed
    # from this one, as tests/generator/test_install.py does), then import it from elsewhere.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "_borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", "--python", str(python)]
    done = subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", "--no-index", "--no-build-isolation", str(repo / "generated")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    probe = "import shop, shop._version as v; print(shop.Client.__name__, v.API_VERSION, shop.__file__)"
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    name, version, where = done.stdout.split()
    assert (name, version) == ("Client", "1.0.1") and Path(where).is_relative_to(venv), where
    assert Path(where).with_name("py.typed").is_file()


# -- 7. custom templates --------------------------------------------------------------------------


def test_a_custom_template_changes_the_output_and_check_agrees(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.resources import TEMPLATES

    mine = repo / "my-templates"
    mine.mkdir()
    readme = (TEMPLATES / "README.md.jinja").read_text()
    (mine / "README.md.jinja").write_text(readme.replace("# {{ api.package }}\n", "# {{ api.package }}: ours\n", 1))
    code, out, err = run(capsys, "generate", *ARGS, "--templates", "my-templates")
    assert code == 0, out + err
    assert "# shop: ours\n" in (PACKAGE / "README.md").read_text()
    manifest = json.loads((PACKAGE / MANIFEST).read_text())
    assert list(manifest["templates"]) == ["README.md.jinja"]
    code, out, err = run(capsys, "check", *ARGS, "--templates", "my-templates")
    assert code == 0 and "is up to date" in out, out + err
    code, out, err = run(capsys, "check", *ARGS)  # without them: drift, and the summary says why
    assert code == 1
    assert out.splitlines()[1].startswith(
        "  custom templates: the manifest records README.md.jinja, this check uses none"
    )
    (mine / "READMEE.md.jinja").write_text("x")
    code, _, err = run(capsys, "generate", *ARGS, "--templates", "my-templates")
    assert code == 2 and "my-templates/READMEE.md.jinja: not a template of the generator (known: " in err
