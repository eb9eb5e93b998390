"""CHANGES.md with a defined base (the last release of the spec), without git history (shallow
clone, no git), after follow-up commits, with tags, ``--changes-since``, the semver verdict, and
``diff`` on ``REV:path`` revisions."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generator.cli import main
from generator.report.changes import actual_bump

from ..conftest import FIXTURES

CASE = FIXTURES / "diff" / "closed_enum_value_removed"  # 1.0.0 -> 1.1.0, one breaking change
BREAKING = '- `models.Status`: value "archived" removed (`spec/openapi.yaml#/components/schemas/Status`)'
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


def commit(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose spec went 1.0.0 (first commit) -> 1.1.0 (second commit, breaking)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    root = tmp_path / "repo"
    (root / "spec").mkdir(parents=True)
    git(root, "init", "-q")
    monkeypatch.chdir(root)
    shutil.copy(CASE / "old.yaml", root / "spec" / "openapi.yaml")
    commit(root, "spec 1.0.0")
    shutil.copy(CASE / "new.yaml", root / "spec" / "openapi.yaml")
    return root


def changes_md(repo: Path, header: bool = True) -> str:
    text = (repo / "generated" / "shop" / "CHANGES.md").read_text()
    return text if header else text.split(" -->\n", 1)[1]


def test_follow_up_commits_keep_the_report_of_the_release(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = git(repo, "rev-list", "--max-parents=0", "HEAD")
    assert run(capsys, "generate", *ARGS)[0] == 0
    report = changes_md(repo, header=False)
    assert "API version 1.0.0 -> 1.1.0" in report and BREAKING in report
    assert f"the last release of the spec, `{first[:12]}:spec/openapi.yaml`" in report
    commit(repo, "spec 1.1.0 and its client")
    assert run(capsys, "check", *ARGS)[0] == 0
    # A follow-up commit within 1.1.0 that only fixes a description: the report stays.
    spec = repo / "spec" / "openapi.yaml"
    spec.write_text(spec.read_text().replace("description: ok", "description: the item"))
    assert run(capsys, "generate", *ARGS)[0] == 0
    assert changes_md(repo, header=False) == report  # the header names the new SPEC_SHA256
    commit(repo, "fix a description")
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 0, out + err
    assert changes_md(repo, header=False) == report


def test_a_tag_marks_the_release(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "tag", "v1.0.0", "HEAD")
    assert run(capsys, "generate", *ARGS)[0] == 0
    assert "the last release of the spec, `v1.0.0:spec/openapi.yaml`" in changes_md(repo)


def test_changes_since_names_the_base(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    commit(repo, "1.1.0")
    git(repo, "tag", "mine")
    code, _, err = run(capsys, "generate", *ARGS[:-1], "--changes-since", "mine")
    assert code == 0, err
    assert "API version 1.1.0 -> 1.1.0: `spec/openapi.yaml` compared with `mine`" in changes_md(repo)
    assert "No changes to the generated client." in changes_md(repo)
    code, _, err = run(capsys, "generate", *ARGS, "--changes-since", "no-such-ref")
    assert code == 2
    assert err == "no-such-ref#: --changes-since: not a git revision of this repository\n"


def test_strict_fails_when_the_version_bumps_less_than_the_changes_call_for(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "generate", *ARGS)[0] == 0
    verdict = "Semver: the breaking changes call for a major version bump; 1.0.0 -> 1.1.0 is only a minor bump"
    assert verdict in changes_md(repo)
    code, _, err = run(capsys, "check", *ARGS, "--strict")
    assert code == 1
    assert f"spec/openapi.yaml#/info/version: {verdict}: too small." in err
    spec = repo / "spec" / "openapi.yaml"
    spec.write_text(spec.read_text().replace("version: 1.1.0", "version: 2.0.0"))
    assert run(capsys, "generate", *ARGS, "--strict")[0] == 0
    assert "1.0.0 -> 2.0.0 is a major bump: enough." in changes_md(repo)


@pytest.mark.parametrize(
    ("old", "new", "bump"),
    [
        ("1.2.3", "2.0.0", "major"),
        ("1.2.3", "1.3.0", "minor"),
        ("1.2.3", "1.2.4", "patch"),
        ("v1.0.0", "1.0.0", "none"),
    ],
)
def test_actual_bump(old: str, new: str, bump: str) -> None:
    assert actual_bump(old, new) == bump
    assert actual_bump("2024-01-01", new) is None


def _published(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "generate", *ARGS)[0] == 0
    commit(repo, "spec 1.1.0 and its client")


def test_shallow_clone_check_does_not_fail_on_changes_md(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _published(repo, capsys)
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"
    monkeypatch.chdir(clone)
    before = changes_md(clone)
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 0, out + err
    assert err.count("git history unavailable") == 1
    assert "generated/shop/CHANGES.md: not compared" in err
    # Regenerating does not destroy CHANGES.md.
    assert run(capsys, "generate", *ARGS)[0] == 0
    assert changes_md(clone) == before
    assert run(capsys, "check", *ARGS)[0] == 0
    # The rest is still compared.
    models = clone / "generated" / "shop" / "_client.py"
    models.write_text(models.read_text() + "X = 1\n")
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 1
    assert "generated/shop/_client.py: edited by hand since it was generated" in err


def test_no_git_at_all_check_does_not_fail_on_changes_md(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _published(repo, capsys)
    tarball = tmp_path / "tarball"
    shutil.copytree(repo, tarball, ignore=shutil.ignore_patterns(".git"))
    monkeypatch.chdir(tarball)
    code, out, err = run(capsys, "check", *ARGS)
    assert code == 0, out + err
    assert err.count("git history unavailable") == 1


def test_diff_accepts_git_revisions_on_both_sides(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = commit(repo, "spec 1.1.0")
    code, out, err = run(capsys, "diff", "HEAD~1:spec/openapi.yaml", "HEAD:spec/openapi.yaml")
    assert code == 1, err
    assert out.startswith("API changes from HEAD~1:spec/openapi.yaml (1.0.0) to HEAD:spec/openapi.yaml (1.1.0)")
    assert '- models.Status: value "archived" removed  [HEAD:spec/openapi.yaml#/components/schemas/Status]' in out
    spec = repo / "spec" / "openapi.yaml"
    spec.write_text(spec.read_text().replace("version: 1.1.0", "version: 1.2.0"))
    code, out, _ = run(capsys, "diff", "HEAD:spec/openapi.yaml", "spec/openapi.yaml")
    assert code == 0
    assert out.startswith("API changes from HEAD:spec/openapi.yaml (1.1.0) to spec/openapi.yaml (1.2.0)")
    (repo / "sub").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(repo / "sub")
        code, out, _ = run(capsys, "diff", f"{first}:../spec/openapi.yaml", "../spec/openapi.yaml")
        assert code == 0 and out.startswith(f"API changes from {first}:spec/openapi.yaml (1.1.0)")
    code, _, err = run(capsys, "diff", "nope:spec/openapi.yaml", "spec/openapi.yaml")
    assert (code, err) == (2, "nope:spec/openapi.yaml#: nope: not a git revision of this repository\n")
    code, _, err = run(capsys, "diff", "HEAD:spec/missing.yaml", "spec/openapi.yaml")
    assert (code, err) == (2, "HEAD:spec/missing.yaml#: spec/missing.yaml: no such file in HEAD\n")


def test_diff_strict_fails_on_a_version_bump_too_small(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(FIXTURES / "diff" / "optional_argument_added" / "old.yaml", repo / "old.yaml")
    new = (FIXTURES / "diff" / "optional_argument_added" / "new.yaml").read_text()
    (repo / "new.yaml").write_text(new.replace("version: 1.1.0", "version: 1.0.1"))
    code, out, err = run(capsys, "diff", "old.yaml", "new.yaml")
    verdict = "Semver: 1.0.0 -> 1.0.1 needs minor; the bump is patch: too small"
    assert (code, err, out.splitlines()[-1]) == (0, "", verdict)
    code, out, err = run(capsys, "diff", "old.yaml", "new.yaml", "--strict")
    assert (code, err, out.splitlines()[-1]) == (1, "", verdict)
