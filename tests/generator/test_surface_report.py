"""The generator's own breaking changes (issue 26 item 5): a package generated with older
conventions (optional members ``X | Unset``) regenerated with the new ones (``X | None``) is a
breaking change of its surface although the spec did not change; ``CHANGES.md`` lists each member
(against the package of the last release, or as first committed when there is none), the semver
verdict counts them, and ``generate`` says so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.report.surface import SURFACE, surface_of

from .test_changes import ARGS, CASE, changes_md, commit, git, run

MANIFEST = Path("generated") / "shop" / ".botpress-codegen-manifest.json"


def _as_older_surface(repo: Path) -> None:
    """The package on disk as an older generator wrote it: a manifest without ``surface``."""
    path = repo / MANIFEST
    data = json.loads(path.read_text())
    assert data.pop("surface") == SURFACE
    path.write_text(json.dumps(data, indent=2) + "\n")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    root = tmp_path / "repo"
    (root / "spec").mkdir(parents=True)
    git(root, "init", "-q")
    monkeypatch.chdir(root)
    shutil.copy(CASE / "old.yaml", root / "spec" / "openapi.yaml")
    return root


def test_surface_of_a_manifest() -> None:
    assert surface_of(b'{"surface": 2}') == 2
    assert surface_of(b'{"files": {}}') == 1 and surface_of(b"not json") == 1 and surface_of(None) == 1


def test_unreleased_package_of_older_conventions(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "generate", *ARGS)[0] == 0
    _as_older_surface(repo)
    first = commit(repo, "spec 1.0.0 and its client, by an older generator")
    code, _out, err = run(capsys, "generate", *ARGS)
    assert code == 0
    assert "breaking change of the generated code (generator surface 1 -> 2)" in err
    report = changes_md(repo, header=False)
    assert "API version 1.0.0. No earlier version of the spec in git." in report
    assert "## Breaking changes of the generated code (" in report
    assert f"since `{first[:12]}` (the package as first committed)" in report
    assert "- `models.Item.price`: type changed by the generator: float | Unset -> float | None" in report
    assert "needs" not in report and "no earlier release to compare it with: not checked" in report
    assert run(capsys, "check", *ARGS)[0] == 0  # the report is the same on every run
    commit(repo, "the client regenerated")
    code, _out, err = run(capsys, "generate", *ARGS)
    assert code == 0 and "breaking change of the generated code" not in err  # said once
    assert changes_md(repo, header=False) == report  # the report of this version stays


def test_released_package_of_older_conventions_needs_a_major_bump(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "generate", *ARGS)[0] == 0
    _as_older_surface(repo)
    commit(repo, "release 1.0.0")
    git(repo, "tag", "v1.0.0")
    spec = repo / "spec" / "openapi.yaml"
    spec.write_text(spec.read_text().replace("version: 1.0.0", "version: 1.1.0"))
    assert run(capsys, "generate", *ARGS)[0] == 0
    report = changes_md(repo, header=False)
    assert "- `models.Item.price`: type changed by the generator: float | Unset -> float | None" in report
    assert "breaking changes call for a major version bump; 1.0.0 -> 1.1.0 is only a minor bump: too small" in report
    assert run(capsys, "generate", *ARGS, "--strict")[0] == 1  # the semver gate holds


def test_a_package_first_committed_with_these_conventions_has_nothing_to_report(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "generate", *ARGS)[0] == 0
    commit(repo, "spec 1.0.0 and its client")
    code, _out, err = run(capsys, "generate", *ARGS)
    assert code == 0 and "generated code" not in err
    assert "generated code" not in changes_md(repo)
