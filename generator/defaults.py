"""What ``generate`` and ``check`` take when neither a flag nor pyproject.toml names it:
``--spec`` is ``openapi.yaml`` (``.yml``, ``.json``) of the current folder, ``--out`` the current
folder, ``--package`` the document's ``info.title`` in snake case (``Pet Store API`` ->
``pet_store_api``) when that is a usable package name."""

from __future__ import annotations

from pathlib import Path

SPEC_NAMES = ("openapi.yaml", "openapi.yml", "openapi.json")
OUT = "."


def spec() -> str | None:
    """The first of :data:`SPEC_NAMES` in the current folder."""
    return next((name for name in SPEC_NAMES if Path(name).is_file()), None)


def package(spec_path: str) -> tuple[str | None, str]:
    """The package name made from ``info.title`` of ``spec_path``, or None and why not."""
    from .load.limits import Budget, parse
    from .lower.naming import snake_case
    from .lower.reserved import package_name_problem
    from .problems import SpecError

    try:
        document = parse(Path(spec_path), spec_path, Budget())
    except SpecError:
        return None, f"{spec_path} cannot be read"  # generate says why, with the flag given
    info = document.get("info") if isinstance(document, dict) else None
    title = info.get("title") if isinstance(info, dict) else None
    if not isinstance(title, str) or not title.strip():
        return None, f"{spec_path} has no info.title"
    name = snake_case(title)
    why = package_name_problem(name)
    if why:
        return None, f"{name!r}, from info.title of {spec_path}: {why}"
    return name, ""
