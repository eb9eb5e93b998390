"""The package's private folder ``_internal``: the one place for the modules named by hash bits
or numbers, which no user opens (issue 35 item 4). Every other module of a package is named
after what it holds (``models/_table.py``, ``_resources/files_passages.py``).

It holds the machinery of large packages: the chunks of lazy tables (``<area>_names_<bits>``,
``fakes_routes_<bits>``: the names whose CRC-32 ends in those bits), the typing-only groups
composing the client's and the test kit's classes (``<area>_group_<NN>[_<bits>]``), and the
parts of a namespace too long for one module (``<area>_<module>__p<bits>``). The folder sits at
the package's root, as ``models`` and ``_resources`` do, so its modules import the package's
modules as theirs do (``..models``). The run time (``runtime/_lazy.py``) spells the same names.
"""

from __future__ import annotations

FOLDER = "_internal"


def area_of(folder: str) -> str:
    """The prefix of a folder's modules in ``_internal`` (``_resources`` -> ``resources``)."""
    return folder.strip("_")


def chunk(folder: str, kind: str, bits: str) -> str:
    """The module of the chunk ``bits`` of a lazy table (``kind``: ``names`` or ``routes``) of ``folder``."""
    return f"{area_of(folder)}_{kind}_{bits}"


def group(folder: str, name: str) -> str:
    """The module of a typing-only group of ``folder`` (``name``: its number, and bits when cut)."""
    return f"{area_of(folder)}_group_{name}"


def part(folder: str, module: str) -> str:
    """The module of a part of a namespace's module ``module`` of ``folder`` (``x__p01``)."""
    return f"{area_of(folder)}_{module}"


def is_part(module: str) -> bool:
    """Whether a module of ``_resources`` or ``_fakes`` is a part of a long namespace's
    (``<module>__p<bits>``: no namespace's module has a ``__``), kept here."""
    return "__" in module


def dotted(folder: str, module: str) -> str:
    """The dotted path from the package's root of a module of ``folder`` (``_resources``,
    ``_fakes``): ``_internal.<area>_<module>`` for a part."""
    return f"{FOLDER}.{part(folder, module)}" if is_part(module) else f"{folder}.{module}"


def path(module: str, suffix: str = "py") -> str:
    """The path of a module of ``_internal`` in the package."""
    return f"{FOLDER}/{module}.{suffix}"


INIT = '''"""Machinery of this package, named by hash bits or numbers: nothing here is meant to be
opened or imported by users (its names change with the document).

- ``*_names_<bits>``, ``fakes_routes_<bits>``: chunks of the lazy tables of ``models``,
  ``_validators``, the client's methods and the test kit (the names whose CRC-32 ends in the
  bits), read by the first look-up of one of their names;
- ``models_modules_<bits>``: for type checkers only, the modules of ``models`` whose name's
  CRC-32 ends in the bits, re-exported whole;
- ``*_group_<NN>``: for type checkers only, the classes of a group of modules, composed;
- ``<area>_<module>__p<bits>``: a part of a namespace too long for one module, which the
  namespace's own module composes.
"""
'''
"""The folder's ``__init__.py``: what it holds."""
