"""``python -m generator diff OLD NEW``: the change report of the generated client, and CHANGES.md.

Each ``tests/fixtures/diff/<case>/`` holds ``old.yaml`` and ``new.yaml`` (one kind of change) and
the exact expected output, ``expected.txt`` (or ``expected.json`` for ``--format json``; the stderr
for ``bad_input``), of the command run inside the case folder as ``diff old.yaml new.yaml``.

To refresh the snapshots after a deliberate change of wording, run

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/generator/test_diff.py

and review the diff of the expected files before committing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.report.changes import NO_PREVIOUS, changes_from_git
from generator.report.diff import load_api
from generator.report.gitlog import locate, release_base

ROOT = Path(__file__).resolve().parent.parent.parent
CASES_DIR = ROOT / "tests" / "fixtures" / "diff"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"

# case -> expected exit code (1: something breaking, 0: nothing breaking, 2: bad input)
EXIT = {
    # breaking
    "operation_removed": 1,
    "method_renamed": 1,
    "argument_added_required": 1,
    "argument_removed": 1,
    "argument_type_narrowed": 1,  # float -> int
    "argument_str_to_literal": 1,  # str -> Literal[...]
    "argument_made_required": 1,  # optional -> required
    "closed_enum_value_removed": 1,
    "response_member_removed": 1,
    "response_member_made_optional": 1,
    "model_removed": 1,
    "member_type_changed": 1,
    # non-breaking
    "operation_added": 0,
    "optional_argument_added": 0,
    "argument_made_optional": 0,
    "enum_value_added": 0,
    "open_enum_value_removed": 0,
    "response_member_added": 0,
    "model_added": 0,
    "type_widened": 0,  # int -> float
    # not reported at all
    "description_changed": 0,
    "no_change": 0,
    # a $ref target renamed, same shape: one non-breaking rename, nothing else
    "renamed_ref_target": 0,
    "renamed_recursive_ref": 0,
    # --format json (a rename and enum values removed and added)
    "json_format": 1,
    "bad_input": 2,
}
TEXT_CASES = sorted(set(EXIT) - {"json_format", "bad_input"})


def run_diff(
    case: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, str, str]:
    monkeypatch.chdir(CASES_DIR / case)
    code = main(["diff", "old.yaml", "new.yaml", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def check_snapshot(path: Path, actual: str) -> None:
    if UPDATE:
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"{path} missing; run with UPDATE_SNAPSHOTS=1"
    assert actual == path.read_text(encoding="utf-8")


def test_every_case_folder_is_listed() -> None:
    folders = {p.name for p in CASES_DIR.iterdir() if p.is_dir()}
    assert folders == set(EXIT)
    assert sum(1 for c in EXIT if c not in ("no_change", "bad_input", "json_format")) >= 10


@pytest.mark.parametrize("case", TEXT_CASES)
def test_text_report(case: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_diff(case, monkeypatch, capsys)
    assert err == ""
    check_snapshot(CASES_DIR / case / "expected.txt", out)
    assert code == EXIT[case]
    lines = out.splitlines()
    assert ("BREAKING (0)" in lines or "No changes to the generated client." in lines) == (code == 0)


@pytest.mark.parametrize("case", ["no_change", "description_changed"])
def test_nothing_to_report(case: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_diff(case, monkeypatch, capsys)
    assert code == 0
    assert "No changes to the generated client." in out.splitlines()
    assert out.splitlines()[-1].startswith("Semver: ") and out.splitlines()[-1].endswith(": enough")


@pytest.mark.parametrize("case", ["renamed_ref_target", "renamed_recursive_ref"])
def test_renamed_ref_target_is_one_non_breaking_rename(
    case: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_diff(case, monkeypatch, capsys, "--format", "json")
    report = json.loads(out)
    assert code == 0
    assert report["breaking"] == []
    assert [c["kind"] for c in report["non_breaking"]] == ["model-renamed"]
    assert report["non_breaking"][0]["message"].endswith("(same shape)")


def test_json_format(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_diff("json_format", monkeypatch, capsys, "--format", "json")
    assert err == ""
    check_snapshot(CASES_DIR / "json_format" / "expected.json", out)
    assert code == 1
    report = json.loads(out)
    assert set(report) == {"old_version", "new_version", "required_bump", "actual_bump", "enough"} | {
        "breaking",
        "non_breaking",
    }
    assert (report["old_version"], report["new_version"]) == ("1.0.0", "1.1.0")
    assert (report["required_bump"], report["actual_bump"], report["enough"]) == ("major", "minor", False)
    for change in report["breaking"] + report["non_breaking"]:
        assert set(change) == {"kind", "python", "location", "message"}
        assert re.match(r"^(old|new)\.yaml#/", change["location"])


def test_json_and_text_say_the_same(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, text, _ = run_diff("json_format", monkeypatch, capsys)
    _, out, _ = run_diff("json_format", monkeypatch, capsys, "--format", "json")
    report = json.loads(out)
    for change in report["breaking"] + report["non_breaking"]:
        assert f"  - {change['python']}: {change['message']}  [{change['location']}]" in text.splitlines()


def test_bad_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_diff("bad_input", monkeypatch, capsys)
    assert code == 2
    assert out == ""
    check_snapshot(CASES_DIR / "bad_input" / "expected.txt", err)
    assert all(re.match(r"^\S+#(/\S*)?: .+$", line) for line in err.splitlines())


def test_missing_file_and_real_command_line(tmp_path: Path) -> None:
    """Through ``python -m generator``: bad input of both sides at once, no traceback."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "diff",
            str(tmp_path / "nope.yaml"),
            "tests/fixtures/diff/bad_input/new.yaml",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert f"{tmp_path / 'nope.yaml'}#: file not found" in lines
    assert any(line.startswith("tests/fixtures/diff/bad_input/new.yaml#/components/") for line in lines)


# -- CHANGES.md from git -----------------------------------------------------------------------


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


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    root = tmp_path / "repo"
    (root / "spec").mkdir(parents=True)
    git(root, "init", "-q")
    monkeypatch.chdir(root)
    return root


def changes(spec: str = "spec/openapi.yaml") -> str:
    doc, api = load_api(spec, "shop")
    return changes_from_git(spec, doc, api)


def test_changes_md_names_the_change_against_the_previous_commit(repo: Path) -> None:
    spec = repo / "spec" / "openapi.yaml"
    shutil.copy(CASES_DIR / "closed_enum_value_removed" / "old.yaml", spec)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "v1")
    first = git(repo, "rev-parse", "HEAD")
    only_one = changes()
    assert NO_PREVIOUS in only_one
    assert "1.0.0" in only_one

    shutil.copy(CASES_DIR / "closed_enum_value_removed" / "new.yaml", spec)
    before_commit = changes()
    assert locate("spec/openapi.yaml") == (repo.resolve(), "spec/openapi.yaml")
    assert release_base(repo.resolve(), "spec/openapi.yaml", "1.1.0") == first
    assert "API version 1.0.0 -> 1.1.0" in before_commit
    assert "## Breaking changes (1)" in before_commit
    assert (
        '- `models.Status`: value "archived" removed (`spec/openapi.yaml#/components/schemas/Status`)' in before_commit
    )
    assert f"`{first[:12]}:spec/openapi.yaml`" in before_commit

    # Committing the current content does not change the answer (make check agrees after a commit).
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "v2")
    assert changes() == before_commit
    # Nor does an unrelated commit.
    (repo / "README").write_text("hello\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "readme")
    assert changes() == before_commit


def test_changes_md_reports_removals_at_the_old_git_object(repo: Path) -> None:
    spec = repo / "spec" / "openapi.yaml"
    shutil.copy(CASES_DIR / "operation_removed" / "old.yaml", spec)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "v1")
    first = git(repo, "rev-parse", "HEAD")[:12]
    shutil.copy(CASES_DIR / "operation_removed" / "new.yaml", spec)
    text = changes()
    assert (
        f"- `Client.get_item`: method removed (GET /items/{{id}}) (`{first}:spec/openapi.yaml#/paths/~1items~1{{id}}/get`)"
        in text
    )


def test_changes_md_without_git_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    shutil.copy(CASES_DIR / "no_change" / "old.yaml", tmp_path / "openapi.yaml")
    assert locate("openapi.yaml") is None
    assert NO_PREVIOUS in changes("openapi.yaml")


def test_generate_and_check_with_changes_from_git(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = repo / "spec" / "openapi.yaml"
    shutil.copy(CASES_DIR / "argument_added_required" / "old.yaml", spec)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "v1")
    shutil.copy(CASES_DIR / "argument_added_required" / "new.yaml", spec)
    args = ["--spec", "spec/openapi.yaml", "--out", "generated", "--package", "shop", "--changes-from-git"]
    assert main(["generate", *args]) == 0
    text = (repo / "generated" / "shop" / "CHANGES.md").read_text()
    assert "`Client.get_item(locale)`: required argument added: str" in text
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "v2 and its client")
    capsys.readouterr()
    assert main(["check", *args]) == 0, capsys.readouterr().out
    # Without the option the file is not part of the package.
    assert main(["check", *args[:-1]]) == 1


@pytest.mark.parametrize(
    ("old", "new", "line", "code"),
    [
        ("1.0.0", "2.0.0", "Semver: 1.0.0 -> 2.0.0 needs major; the bump is major: enough", 1),
        ("1.0.0", "1.1.0", "Semver: 1.0.0 -> 1.1.0 needs major; the bump is minor: too small", 1),
        ("2.0.0", "1.0.0", "Semver: 2.0.0 -> 1.0.0 needs major; the bump is a downgrade: too small", 1),
        ("1.0", "2.0", "Semver: 1.0 -> 2.0 needs major; the bump is not MAJOR.MINOR.PATCH: not checked", 1),
    ],
)
def test_semver_line_always_on_stdout(
    old: str,
    new: str,
    line: str,
    code: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --strict too, the last line of stdout says what the changes need and whether the
    version bump is enough; --format json carries the same as data."""
    case = CASES_DIR / "argument_added_required"
    for name, version in (("old.yaml", old), ("new.yaml", new)):
        text = (case / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(re.sub(r"version: .*", f"version: '{version}'", text, count=1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["diff", "old.yaml", "new.yaml"]) == code
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == line and err == ""
    strict = main(["diff", "old.yaml", "new.yaml", "--strict", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert (report["old_version"], report["new_version"]) == (old, new)
    assert strict == 1 and report["required_bump"] == "major"
