"""The comparison of two IRs: what a regeneration changes for the code that calls the client.

Operations are matched by method name (a method that disappears while another appears for the
same endpoint is a rename: :mod:`generator.report.operation_changes`), models and enums by class
name (a model that disappears while another of the same shape appears is a rename:
:mod:`generator.report.model_changes`); arguments and members by Python name. Types are compared
by shape (:mod:`generator.report.shapes`). Only IRs are read (:mod:`generator.report.comparison`):
each change's location is the ``source`` the IR recorded at build time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Api
from ..load.reader import Document
from .comparison import ApiSide, Change, Comparison
from .model_changes import enum_changes, model_changes
from .operation_changes import operation_changes

__all__ = ["Change", "Report", "compare"]


@dataclass(frozen=True)
class Report:
    old_label: str
    new_label: str
    old_version: str
    new_version: str
    breaking: tuple[Change, ...]
    non_breaking: tuple[Change, ...]


def compare(old_doc: Document, old_api: Api, new_doc: Document, new_api: Api) -> Report:
    comparison = Comparison(ApiSide(old_api, old_doc.display), ApiSide(new_api, new_doc.display))
    operation_changes(comparison)
    model_changes(comparison)
    enum_changes(comparison)
    ordered = sorted(comparison.changes, key=lambda c: c.sort_key)
    return Report(
        old_label=old_doc.display,
        new_label=new_doc.display,
        old_version=old_api.api_version,
        new_version=new_api.api_version,
        breaking=tuple(c for c in ordered if c.breaking),
        non_breaking=tuple(c for c in ordered if not c.breaking),
    )
