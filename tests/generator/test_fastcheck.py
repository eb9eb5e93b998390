"""The quick check: `check` proves "nothing changed" from a record in the cache (outside the
repository) of the files the same inputs gave, and still fails on any drift (a spec file, a
hand edit, the generator, Black); a manifest forged by a pull request never passes it."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from generator.write import quick_check as fastcheck
from generator.write.provenance import MANIFEST

from ..conftest import FIXTURES, ROOT, run

MULTIFILE = FIXTURES / "golden" / "multifile"
QUICK = "is up to date (these inputs gave exactly these files before, says the cache)"
ARGS = ("--spec", "api/spec.yaml", "--out", "out", "--package", "pkg")


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A two-file spec (root + a referenced schema file) generated into out/pkg, with a cache of
    its own (tmp/cache)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CODEGEN_NO_CACHE", raising=False)
    monkeypatch.setenv("CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(MULTIFILE, tmp_path / "api", ignore=shutil.ignore_patterns("expected"))
    assert run(capsys, "generate", *ARGS)[0] == 0
    return tmp_path


def test_check_right_after_generate_is_quick(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK in out
    recorded = json.loads((work / "out" / "pkg" / MANIFEST).read_text())["inputs"]
    assert sorted(recorded["spec"]) == ["schemas/common.yaml", "schemas/user.yaml", "spec.yaml"]
    assert recorded["package"] == "pkg" and recorded["changes"] == "off"


def _referenced_file(work: Path) -> Path:
    return next(p for p in (work / "api" / "schemas").iterdir() if p.suffix == ".yaml")


def test_a_changed_referenced_file_is_drift(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ref = _referenced_file(work)
    ref.write_text(ref.read_text().replace("type: string", "type: integer", 1))
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out and "is stale" in err


def test_a_changed_root_spec_is_drift(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = work / "api" / "spec.yaml"
    spec.write_text(spec.read_text().replace("description: ok", "description: fine", 1))
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out and "is stale" in err


def test_a_hand_edit_is_drift(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    models = work / "out" / "pkg" / "_client.py"
    models.write_text(models.read_text() + "X = 1\n")
    code, _, err = run(capsys, "check", *ARGS)
    assert code == 1 and "_client.py: edited by hand" in err


def test_a_deleted_file_is_drift(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (work / "out" / "pkg" / "_client.py").unlink()
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out


@pytest.mark.parametrize(
    ("what", "record_outdated"), [("code_digest", True), ("_formatter_version", False), ("formatter_pin", False)]
)
def test_another_generator_or_formatter_runs_the_full_check(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, what: str, record_outdated: bool
) -> None:
    monkeypatch.setattr(fastcheck, what, lambda: "something else")
    code, out, err = run(capsys, "check", *ARGS)
    # The full check regenerated and compared: same files, so up to date (after another build of
    # the generator it says that the record is out of date).
    assert code == 0 and QUICK not in out and "is up to date" in out
    assert ("record of the inputs is out of date" in err) == record_outdated
    # ... and a real difference is still found by it.
    models = work / "out" / "pkg" / "_client.py"
    models.write_text(models.read_text().replace("class ", "class X", 1))
    assert run(capsys, "check", *ARGS)[0] == 1


def test_the_formatter_pin_is_the_one_pyproject_installs() -> None:
    """The pin has one source, pyproject.toml (read through the installed metadata), and the Ruff
    this environment formats with is that release (else the quick path would never run)."""
    import tomllib

    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pin = fastcheck.formatter_pin()
    assert pin is not None and all(part in dependencies for part in pin.split())
    assert fastcheck._formatter_version() == pin


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[list[str] | None], None]]:
    """Sets what the installed distribution requires (None: the generator is not installed)."""

    def pin(requirements: list[str] | None) -> None:
        def requires(name: str) -> list[str]:
            assert name == fastcheck.DISTRIBUTION
            if requirements is None:
                raise importlib.metadata.PackageNotFoundError(name)
            return requirements

        monkeypatch.setattr(importlib.metadata, "requires", requires)
        fastcheck.formatter_pin.cache_clear()

    yield pin
    fastcheck.formatter_pin.cache_clear()


def test_a_checkout_run_without_installing_reads_its_pyproject(pinned: Callable[[list[str] | None], None]) -> None:
    pinned(None)
    versions = [f"{name}=={importlib.metadata.version(name)}" for name in ("ruff", "black")]
    assert fastcheck.formatter_pin() == " ".join(versions)


@pytest.mark.parametrize(
    "requirements",
    [
        ["ruff>=0.17", "black==26.10.1"],
        ['ruff==0.17.6; extra == "dev"', "black==26.10.1"],
        ["ruff==1", "ruff==2", "black==26.10.1"],
        ["ruff==0.17.6"],
        [],
    ],
)
def test_no_exact_pin_leaves_the_quick_path(
    work: Path, capsys: pytest.CaptureFixture[str], pinned: Callable[[list[str] | None], None], requirements: list[str]
) -> None:
    pinned(requirements)
    assert fastcheck.formatter_pin() is None
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK not in out


def test_strict_is_a_run_mode_the_record_answers(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --strict changes the verdict, never the files: the record says whether the run was clean.
    code, out, _ = run(capsys, "check", *ARGS, "--strict")
    assert code == 0 and QUICK in out
    assert "strict" not in json.loads((work / "out" / "pkg" / MANIFEST).read_text())["inputs"]
    # The record keeps the warnings by class: the quick check prints the summary line the full
    # one prints, and judges --strict and --fatal as it does (a fatal class: the full path fails).
    spec = work / "api" / "spec.yaml"
    spec.write_text(spec.read_text() + "x-unused: 1\ntags: 7\n")
    assert run(capsys, "generate", *ARGS)[0] == 0
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK in out
    line = "api/spec.yaml#: 1 operation, 2 models; 0 left out, 0 degraded, 1 resolved by the generator"
    assert err == line + "; see --verbose\n"
    code, out, err = run(capsys, "check", *ARGS, "--verbose")  # every line: the full path
    assert code == 0 and QUICK not in out
    assert err.endswith(
        "#/tags: note: invalid OpenAPI: 7 is not of type 'array'; ignored (documentation only) [documentation-invalid]\n"
        + line
        + "\n"
    )
    code, out, _ = run(capsys, "check", *ARGS, "--strict")  # a note: --strict passes
    assert code == 0 and QUICK in out
    code, out, _ = run(capsys, "check", *ARGS, "--fatal", "documentation-invalid")
    assert code == 2 and QUICK not in out
    # A run with a warning that loses something is not clean: --strict takes the full path and fails.
    spec.write_text(spec.read_text() + "x-twice: 1\nx-twice: 2\n")
    assert run(capsys, "generate", *ARGS)[0] == 0
    assert QUICK in run(capsys, "check", *ARGS)[1]
    code, out, _ = run(capsys, "check", *ARGS, "--strict")
    assert code == 2 and QUICK not in out


def test_other_settings_run_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", *ARGS, "--changes")
    assert QUICK not in out


def test_a_sibling_spec_runs_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34's case: generate from one file, check against a sibling with two members changed.
    The manifest's hint names the first file; the --spec given is what is hashed."""
    spec = work / "api" / "spec.yaml"
    sibling = work / "api" / "other.yaml"
    sibling.write_text(spec.read_text().replace("description: ok", "description: fine").replace("1.0.0", "1.0.1"))
    code, out, err = run(capsys, "check", "--spec", "api/other.yaml", *ARGS[2:])
    assert code == 1 and QUICK not in out and "is stale" in err


def test_the_same_bytes_at_another_path_run_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(work / "api", work / "copy")
    code, out, _ = run(capsys, "check", "--spec", "copy/spec.yaml", *ARGS[2:])
    assert QUICK not in out and code in (0, 1)
    assert QUICK in run(capsys, "check", *ARGS)[1]  # the first record still answers for its own inputs


def test_another_package_name_runs_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(work / "out" / "pkg", work / "out" / "other")
    code, out, _ = run(capsys, "check", *ARGS[:4], "--package", "other")
    assert QUICK not in out and code in (0, 1)


@pytest.mark.parametrize("option", [("--ref-root", "."), ("--templates", "templates"), ("--project",)])
def test_another_option_runs_the_full_check(
    work: Path, capsys: pytest.CaptureFixture[str], option: tuple[str, ...]
) -> None:
    (work / "templates").mkdir()
    code, out, _ = run(capsys, "check", *ARGS, *option)
    assert QUICK not in out and code in (0, 1)


def test_a_kept_file_pattern_runs_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (work / "pyproject.toml").write_text('[tool.botpress-codegen]\nkeep = ["notes.md"]\n')
    _, out, _ = run(capsys, "check", *ARGS)
    assert QUICK not in out


def test_quick_check_imports_no_validator_jinja_or_formatter(work: Path) -> None:
    probe = (
        "import sys, time\n"
        "from generator.cli import main\n"
        f"code = main({list(('check', *ARGS))!r})\n"
        "heavy = sorted(m for m in ('black', 'ruff', 'jinja2', 'openapi_spec_validator') if m in sys.modules)\n"
        "print(code, heavy)\n"
    )
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "CODEGEN_CACHE_DIR": str(work / "cache")},
    )
    elapsed = time.perf_counter() - started
    assert done.stdout.strip().splitlines()[-1] == "0 []", done.stderr
    assert elapsed < 5  # ~0.2 s here; generous for a loaded CI machine (the figure is in make bench)


def _forge(work: Path) -> None:
    """What the pull request of issue 22 did: code injected into _client.py, and its SHA-256
    updated in the manifest (so the manifest agrees with the files it lists)."""
    package = work / "out" / "pkg"
    client = package / "_client.py"
    client.write_text(client.read_text() + '__import__("os").system("id")\n')
    manifest = json.loads((package / MANIFEST).read_text())
    manifest["files"]["_client.py"] = hashlib.sha256(client.read_bytes()).hexdigest()
    (package / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def test_a_forged_manifest_is_not_trusted(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _forge(work)
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out and "is stale" in err
    assert '+__import__("os").system("id")' not in out and '-__import__("os").system("id")' in out


def test_a_forged_manifest_with_an_empty_cache_runs_the_full_check(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh CI clone: nothing recorded, so the full check, which finds the injection."""
    shutil.rmtree(work / "cache")
    _forge(work)
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out and '-__import__("os").system("id")' in out


def test_a_fresh_cache_runs_the_full_check_then_records_it(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.rmtree(work / "cache")
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK not in out and "is up to date" in out
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK in out
    monkeypatch.setenv("CODEGEN_NO_CACHE", "1")
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 0 and QUICK not in out and "is up to date" in out


def test_a_forged_hint_of_spec_files_runs_the_full_check(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The manifest's list of spec files is only a hint: listing fewer files (so that a changed
    one is not hashed) gives inputs nothing recorded."""
    ref = _referenced_file(work)
    ref.write_text(ref.read_text().replace("type: string", "type: integer", 1))
    manifest_path = work / "out" / "pkg" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    rel = ref.relative_to(work / "api").as_posix()
    del manifest["inputs"]["spec"][rel]
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    code, out, _ = run(capsys, "check", *ARGS)
    assert code == 1 and QUICK not in out


def test_a_hint_naming_a_fifo_is_not_read(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(work / "api" / "pipe.yaml")
    manifest_path = work / "out" / "pkg" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    manifest["inputs"]["spec"]["pipe.yaml"] = "0" * 64
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    code, out, err = run(capsys, "check", *ARGS)  # would hang on open() without O_NONBLOCK
    assert code == 0 and QUICK not in out and "record of the inputs is out of date" in err


@pytest.fixture(autouse=True)
def _not_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read check's local advice and the quick path; CI=true (set by CI runners) changes both."""
    monkeypatch.delenv("CI", raising=False)
