"""Format the generated Python with Ruff's formatter and, where Ruff's output might not be
Black's, with Black; both pinned (see pyproject.toml).

Formatting was the slowest stage by far: Black formats about 2,000 lines a second, two minutes of
CPU for the 276,000 lines of a 1,700-schema document, where Ruff's formatter takes about a
second for the whole package. Ruff's formatter is built to give Black's output, and it does for
everything the writer emits but three statements (a name's annotation over the line, the last
line of a docstring over it, a conditional expression Ruff splits in a comprehension): those
statements of Ruff's output are found (:func:`_black_may_differ`) and given Black's form one by
one (:mod:`.black_fixups`), or, where that cannot be done with certainty, the whole module is
formatted again from its source by Black. The writer also lays out the one
split where they part within the width, a long parameter annotation, as both keep
(:func:`generator.emit.layout.parameter_annotation`). tests/generator/test_format.py holds the
output to Black's for the goldens, this project's spec and a corpus package.

Ruff runs once, on the whole package written to a temporary folder (in memory where it can be), with no configuration file
read (``--isolated``: the user's own settings never change the output) and no cache written.
The runtime modules are copied as they are: they are formatted already (``make lint``).
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

from ..problems import Problem, SpecError
from .black_fixups import mend
from .layout import WIDTH

TARGET = "py310"  # the oldest Python the generated package supports
_TEXT_TOKENS = frozenset(
    {
        tokenize.STRING,
        tokenize.COMMENT,
        *(getattr(tokenize, n, -1) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")),
    }
)
_ANNOTATED = re.compile(r"\s*[^\W\d]\w*: ")  # a line starting with a name and its annotation
_LAYOUT_TOKENS = frozenset({tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER})
_SETTINGS = (
    f"--line-length={WIDTH}",
    f"--target-version={TARGET}",
    "--config=exclude=[]",  # every file given is formatted, whatever its folder is called
    "--config=respect-gitignore=false",
    '--config=format.line-ending="lf"',  # byte-identical on every machine
)
_TIMEOUT = 600  # seconds; Ruff takes a few seconds for the largest documents


def ruff_binary() -> str:
    """The ``ruff`` executable the installed ``ruff`` distribution ships."""
    from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]  # ruff ships no stubs

    return str(find_ruff_bin())


def format_files(files: dict[str, str], package: str, verbatim: frozenset[str] = frozenset()) -> dict[str, str]:
    """Every ``.py`` and ``.pyi`` file formatted (stubs in stub style); other files, and those
    named in ``verbatim`` (formatted already), pass unchanged.

    Memory: the texts given are not held while Ruff runs (a large package's text is tens of
    MB): each goes to disk, twice (the copy Ruff formats, and the source, read back only for the
    rare module Black must format whole), and a caller that passes its dict without keeping it
    (``format_files(render(api), ...)``) has it freed here."""
    todo = sorted(name for name in files if name.endswith((".py", ".pyi")) and name not in verbatim)
    if not todo:
        return dict(files)
    order = list(files)
    out = dict(files)
    del files  # from here on, only ``out`` holds the texts: each is dropped once written
    with tempfile.TemporaryDirectory(prefix="codegen-format-", dir=_scratch()) as tmp:
        root, sources = Path(tmp) / "package", Path(tmp) / "sources"
        for name in todo:
            text = out.pop(name)
            for folder in (root, sources):
                path = folder / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8", newline="")
        del text
        _run_ruff(root, package)
        for name in todo:
            formatted = (root / name).read_text(encoding="utf-8")
            out[name] = _like_black(sources / name, formatted, name)
    return {name: out[name] for name in order}


def _scratch() -> str | None:
    """Where the package goes for Ruff: a memory file system (``/dev/shm``) where there is one we
    may write to and ``TMPDIR`` names no other place, else the system's temporary folder. Writing
    and deleting thousands of files on a busy disk took 17 s of GitHub's generation."""
    if os.environ.get("TMPDIR") or not os.path.isdir(_SHM) or not os.access(_SHM, os.W_OK | os.X_OK):
        return None
    return _SHM


_SHM = "/dev/shm"


def _like_black(source: Path, formatted: str, name: str) -> str:
    """Ruff's output ``formatted`` of the module kept at ``source`` as Black gives it: as it
    is, or with the statements where they may part mended one by one (:mod:`.black_fixups`),
    else Black's output of the whole module."""
    flagged, tree = _flagged(formatted)
    if not flagged:
        return formatted
    mended = mend(formatted, flagged, lambda text, width: _black(text, name, width), tree)
    if mended is not None:
        return mended
    with open(source, encoding="utf-8", newline="") as kept:  # the very text written
        return _black(kept.read(), name)


def _black_may_differ(text: str) -> set[int]:
    """The lines (1-based) where Ruff's output ``text`` may part from Black's (every other
    statement the writer emits, both format alike: tests/generator/test_format.py holds that for
    the goldens and the corpus): the last line of a docstring of several lines, over the width
    with its closing quotes (Black puts the quotes on a line of their own), a line over the width
    that starts with a name and its annotation (``NAME: T = value``, not in a string: Black puts a
    long annotation between parentheses, Ruff splits the value), and a conditional expression
    split without parentheses (:func:`_bare_conditionals`). A false alarm costs time (Black on a
    statement), never the output."""
    return _flagged(text)[0]


def _flagged(text: str) -> tuple[set[int], ast.Module | None]:
    """:func:`_black_may_differ`'s lines, and the module's syntax tree when it was parsed to tell
    code from text (given to :func:`.black_fixups.mend`, which would parse it again). A line
    is code unless it lies inside a string of several lines, with nothing but a comment after
    the string's end (the tokens of the module say the same, at several times the cost)."""
    if any(c in text for c in _OTHER_BREAKS):  # splitlines() and the tokens number lines apart: the long way
        return _tokenized(text), None
    flagged: set[int] = set()
    annotated: set[int] = set()
    lines = text.split("\n")
    for n in [n for n, line in enumerate(lines, 1) if len(line) > WIDTH]:
        line = lines[n - 1]
        if line.endswith('"""') and not line.lstrip().startswith('"""'):
            flagged.add(n)
        elif _ANNOTATED.match(line):
            annotated.add(n)
    if "else " in text:
        annotated.update(_bare_conditionals(lines))
    if not annotated:
        return flagged, None
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return flagged | annotated, None  # a false alarm costs time only (mend gives up: Black)
    return flagged | (annotated - _text_lines(tree, lines, annotated)), tree


_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""The line breaks of str.splitlines() other than ``\\n`` (none in Ruff's output of the writer's)."""


def _text_lines(tree: ast.Module, lines: list[str], candidates: set[int]) -> set[int]:
    """Which of the ``candidates`` (1-based lines) hold no code token: inside a string literal of
    several lines (not an f-string: its fields are code), from its second line to its last when
    nothing but blanks or a comment follows the string there. Only the statements that hold a
    candidate are walked."""
    found: set[int] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.JoinedStr):
            continue  # code may stand in its fields: its lines stay code (a false alarm at worst)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, (str, bytes)) and (node.end_lineno or node.lineno) > node.lineno:
                found.update(_inside(node, lines))
            continue
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.excepthandler)) or any(
                child.lineno <= n <= (child.end_lineno or child.lineno) for n in candidates
            ):
                todo.append(child)
    return found & candidates


def _inside(node: ast.Constant, lines: list[str]) -> range:
    """The lines of a string of several lines that hold nothing but its text (and a comment)."""
    first, last = node.lineno, node.end_lineno or node.lineno
    rest = lines[last - 1].encode("utf-8")[node.end_col_offset or 0 :].decode("utf-8", "replace").lstrip()
    return range(first + 1, last + 1) if not rest or rest.startswith("#") else range(first + 1, last)


def _tokenized(text: str) -> set[int]:
    """:func:`_black_may_differ` by the tokens of the module (for a text with line breaks other
    than ``\\n``, whose lines the two ways number apart)."""
    flagged: set[int] = set()
    annotated: set[int] = set()
    for n, line in enumerate(text.splitlines(), 1):
        if len(line) <= WIDTH:
            continue
        if line.endswith('"""') and not line.lstrip().startswith('"""'):
            flagged.add(n)
        elif _ANNOTATED.match(line):
            annotated.add(n)
    annotated.update(_bare_conditionals(text.splitlines()))
    if not annotated:
        return flagged
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in _TEXT_TOKENS and token.type not in _LAYOUT_TOKENS:
            flagged.update(annotated.intersection(range(token.start[0], token.end[0] + 1)))
    return flagged


def _bare_conditionals(lines: list[str]) -> set[int]:
    """The lines (1-based) ending a conditional expression split over lines without parentheses
    of its own (``value`` / ``if test`` / ``else other``, the line before ``value`` not ending in
    ``(``): Black puts it between parentheses or joins it, Ruff leaves it so (in a comprehension)."""
    found: set[int] = set()
    for n, line in enumerate(lines):
        if not line.lstrip().startswith("else "):
            continue
        depth = _indent(line)
        at = n - 1
        while at > 0 and _indent(lines[at]) > depth:  # the test, when split itself
            at -= 1
        if not lines[at].lstrip().startswith("if ") or _indent(lines[at]) != depth:
            continue  # not a conditional expression's layout
        at -= 1
        while at > 0 and _indent(lines[at]) > depth:  # the value, when split itself
            at -= 1
        if at > 0 and not lines[at - 1].rstrip().endswith("("):
            found.add(n + 1)
    return found


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _black(source: str, name: str, width: int = WIDTH) -> str:
    import black
    from black.mode import TargetVersion

    mode = black.Mode(target_versions={TargetVersion.PY310}, line_length=width, is_pyi=name.endswith(".pyi"))
    return black.format_str(source, mode=mode)


def _run_ruff(root: Path, package: str) -> None:
    command = [ruff_binary(), "format", "--isolated", "--no-cache", *_SETTINGS, "."]
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        # the formatter is ours to run: its failure is an internal error, not the document's
        raise RuntimeError(f"the formatter (ruff format) could not run: {exc}") from None
    if done.returncode == 0:
        return
    unparsable = [line for line in done.stderr.splitlines() if "Failed to parse" in line]
    if unparsable:  # a construct the writer got wrong: located to the package, never silent
        problems = [Problem(package, "", f"generated code does not parse: {line.strip()}") for line in unparsable]
        raise SpecError(problems)
    print(done.stderr, file=sys.stderr, end="")
    raise RuntimeError(f"the formatter (ruff format) failed with exit status {done.returncode}")
