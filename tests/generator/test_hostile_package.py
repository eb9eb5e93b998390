"""A hostile package folder (issue 22): the package folder comes from the pull request too.

Each case is what an attacker added to ``out/pkg`` on main: a symbolic link to
``/proc/self/environ`` (``check`` printed the CI environment), to ``/dev/zero`` (10 GB in 30 s),
to a folder outside; a FIFO (``check`` hung); a huge file. ``check`` and ``generate`` run in a
guarded subprocess (tests/guarded.py: time and memory bounds, no traceback): each ends in exit 2
with one line naming the path, reads none of them, and prints no secret of the environment.
``generate --overwrite`` replaces the folder without following anything.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.write import files as write
from generator.write import package_folder
from generator.write.files import write_package
from generator.write.package_folder import MAX_PACKAGE_DEPTH, MAX_PACKAGE_FILE_BYTES, read_folder
from generator.write.provenance import MANIFEST

from ..conftest import FIXTURES, run
from ..guarded import Outcome, run_guarded

SECRET = "TOPSECRET-9c1e"
ARGS = ["--spec", "api/spec.yaml", "--out", "out", "--package", "pkg"]
NOT_READ = (
    "not read; a package folder holds only the regular files the generator wrote"
    " (remove it, or pass --overwrite to generate)"
)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """out/pkg generated once from the multi-file golden spec."""
    work = tmp_path_factory.mktemp("generated")
    shutil.copytree(FIXTURES / "golden" / "multifile", work / "api", ignore=shutil.ignore_patterns("expected"))
    outcome = run_guarded(["generate", *ARGS], cwd=work)
    assert outcome.returncode == 0, outcome.output
    return work


@pytest.fixture
def work(generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CI_SECRET", SECRET)
    monkeypatch.setenv("CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(generated / "api", tmp_path / "api")
    shutil.copytree(generated / "out", tmp_path / "out", symlinks=True)
    return tmp_path


def _link(target: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _huge(path: Path) -> None:
    with path.open("wb") as handle:  # sparse: costs no disk
        handle.truncate(MAX_PACKAGE_FILE_BYTES + 1)


CASES: dict[str, tuple[str, Callable[[Path], None], str]] = {
    # name: (entry under out/pkg, how to make it, what the line says)
    "environ_link": ("notes.txt", _link("/proc/self/environ"), "a symbolic link"),
    "dev_zero_link": ("notes.txt", _link("/dev/zero"), "a symbolic link"),
    "listed_file_is_a_link": ("_client.py", _link("/dev/zero"), "a symbolic link"),
    "folder_link": ("docs", _link("/etc"), "a symbolic link"),
    "fifo": ("notes.fifo", _fifo, "a FIFO"),
    "huge_file": (
        "big.txt",
        _huge,
        f"too large: more than {MAX_PACKAGE_FILE_BYTES:,} bytes (per file; the limit is"
        f" {MAX_PACKAGE_FILE_BYTES:,} per file, 268,435,456 in all)",
    ),
}


def _plant(work: Path, name: str) -> str:
    entry, make, _ = CASES[name]
    path = work / "out" / "pkg" / entry
    if path.exists() or path.is_symlink():
        path.unlink()
    make(path)
    return f"out/pkg/{entry}: {CASES[name][2]}: {NOT_READ}"


def _assert_refused(outcome: Outcome, line: str) -> None:
    assert "Traceback" not in outcome.output, outcome.output
    assert outcome.returncode == 2, outcome.output
    assert outcome.stderr.splitlines() == [line]
    assert outcome.stdout == ""
    assert SECRET not in outcome.output
    assert outcome.seconds < 10 and outcome.peak_bytes < 500 * 1024 * 1024


@pytest.mark.parametrize("command", ["check", "generate"])
@pytest.mark.parametrize("name", list(CASES))
def test_hostile_entry_is_refused_unread(work: Path, name: str, command: str) -> None:
    line = _plant(work, name)
    outcome = run_guarded([command, *ARGS], cwd=work)
    _assert_refused(outcome, line)
    assert (work / "out" / "pkg" / CASES[name][0]).is_symlink() or name in ("fifo", "huge_file")


def test_a_linked_package_folder_is_refused(work: Path) -> None:
    elsewhere = work / "elsewhere"
    shutil.move(work / "out" / "pkg", elsewhere)
    (elsewhere / "secret.txt").write_text(SECRET)
    (work / "out" / "pkg").symlink_to(elsewhere)
    for command in ("check", "generate"):
        outcome = run_guarded([command, *ARGS], cwd=work)
        _assert_refused(outcome, f"out/pkg: the package folder is a symbolic link: {NOT_READ}")
    assert (elsewhere / "secret.txt").read_text() == SECRET


def test_generate_overwrite_replaces_the_links_without_following_them(work: Path) -> None:
    victim = work / "victim.txt"
    victim.write_text("keep me")
    (work / "out" / "pkg" / "notes.txt").symlink_to(victim)
    (work / "out" / "pkg" / "_client.py").unlink()
    (work / "out" / "pkg" / "_client.py").symlink_to(victim)
    outcome = run_guarded(["generate", *ARGS, "--overwrite"], cwd=work)
    assert outcome.returncode == 0, outcome.output
    assert victim.read_text() == "keep me"
    package = work / "out" / "pkg"
    assert not (package / "notes.txt").exists() and not (package / "_client.py").is_symlink()
    assert run_guarded(["check", *ARGS], cwd=work).returncode == 0


# ---- the folder written: the umask's mode (item 13), a swap that survives interrupts (item 15) --


@pytest.mark.parametrize(("umask", "folder_mode", "file_mode"), [(0o022, 0o755, 0o644), (0o027, 0o750, 0o640)])
def test_the_package_folder_gets_the_umask_mode(tmp_path: Path, umask: int, folder_mode: int, file_mode: int) -> None:
    """Issue 22: the folder was written 0700 (mkdtemp's mode), whatever the umask."""
    old = os.umask(umask)
    try:
        write_package({"__init__.py": "", "sub/x.py": "X = 1\n"}, tmp_path / "pkg")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "pkg").stat().st_mode) == folder_mode
    assert stat.S_IMODE((tmp_path / "pkg" / "sub").stat().st_mode) == folder_mode
    assert stat.S_IMODE((tmp_path / "pkg" / "sub" / "x.py").stat().st_mode) == file_mode


@pytest.mark.parametrize("call", [1, 2])
def test_an_interrupt_during_the_swap_keeps_a_whole_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: int
) -> None:
    """Issue 22: an interrupt between the two renames left only .pkg.old-PID. Whichever rename
    it interrupts, the old package is there afterwards, and nothing else."""
    target = tmp_path / "pkg"
    old_files = {"__init__.py": "OLD = 1\n", "models.py": "A = 1\n"}
    write_package(with_manifest_like(old_files), target)
    real = os.replace
    calls = []

    def interrupted(src: object, dst: object) -> None:
        calls.append((src, dst))
        if len(calls) == call:
            if call == 2:
                raise KeyboardInterrupt
            real(src, dst)  # type: ignore[arg-type]
            raise KeyboardInterrupt  # right after the first rename returned
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(write.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_package(with_manifest_like({"__init__.py": "NEW = 1\n"}), target)
    monkeypatch.setattr(write.os, "replace", real)
    assert (target / "__init__.py").read_text() == "OLD = 1\n" and (target / "models.py").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pkg"]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("command", ["check", "generate"])
def test_a_run_killed_between_the_renames_is_restored(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A generate killed (SIGKILL: no except clause runs) after moving the package aside and
    before moving the new one in left only .pkg.old-PID: the next run restores it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(generated / "api", tmp_path / "api")
    shutil.copytree(generated / "out", tmp_path / "out")
    pid = _dead_pid()
    os.rename(tmp_path / "out" / "pkg", tmp_path / "out" / f".pkg.old-{pid}")
    (tmp_path / "out" / f".pkg.new-{pid}-0a1b2c3d").mkdir()
    code, out, err = run(capsys, command, *ARGS)
    assert err.splitlines()[0] == (
        f"out/pkg: restored from .pkg.old-{pid}, left by a generate interrupted while swapping folders"
    )
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["pkg"]
    if command == "check":
        assert "out/pkg is up to date" in out
    assert run(capsys, "check", *ARGS)[0] == 0


def with_manifest_like(files: dict[str, str]) -> dict[str, str]:
    """``files`` with a manifest listing them, as generate writes (so the next write may replace them)."""
    listed = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in files.items()}
    return {**files, MANIFEST: json.dumps({"files": listed})}


def test_folders_nested_too_deep_are_refused(tmp_path: Path) -> None:
    """Each level holds a descriptor open while it is read: the depth is bounded."""
    deep = tmp_path / "pkg" / "/".join(["d"] * (MAX_PACKAGE_DEPTH + 5))
    deep.mkdir(parents=True)
    (deep / "x.txt").write_text("x")
    folder = read_folder(tmp_path / "pkg")
    where = tmp_path / "pkg" / "/".join(["d"] * (MAX_PACKAGE_DEPTH + 1))
    assert folder.refused == [
        f"{where}: folders nested more than {MAX_PACKAGE_DEPTH} levels deep (the limit): {NOT_READ}"
    ]
    assert folder.files == {}


def test_a_file_is_read_up_to_the_bound_whatever_its_size_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/proc's files say 0 bytes: the read itself is bounded."""
    monkeypatch.setattr(package_folder, "MAX_PACKAGE_FILE_BYTES", 1000)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "environ").symlink_to("/proc/self/environ")
    assert read_folder(tmp_path / "pkg").refused[0].startswith(f"{tmp_path / 'pkg' / 'environ'}: a symbolic link")
    big = tmp_path / "pkg" / "big.txt"
    big.write_bytes(b"x" * 1001)
    real_fstat = os.fstat
    monkeypatch.setattr(package_folder.os, "fstat", lambda fd: _size_zero(real_fstat(fd)))
    folder = read_folder(tmp_path / "pkg")
    assert "big.txt" not in folder.files
    assert folder.refused[0].startswith(f"{big}: too large: more than 1,000 bytes")


def _size_zero(info: os.stat_result) -> os.stat_result:
    fields = list(info)
    fields[stat.ST_SIZE] = 0
    return os.stat_result(fields)
