"""The pages of a list operation of the fake API of ``testing`` (copied into the packages that
have one): where a page carries its items and the next page's token, the last page of an answer,
and the pages ``api.<method>.pages(...)`` serves, chained by their tokens."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from .._serde import _to_json
from .._types import UNSET
from ._fake_answers import InvalidStub, _Answer, _Fake, _json_response, checked_answer
from ._fake_wire import Call, FakeOperation

__all__ = ["FakePaging"]

_PAGE_TOKEN = "fake-page-"


@dataclass(frozen=True, slots=True)
class FakePaging:
    """Where a list operation carries its page token and its items, as wire names."""

    token: str
    """The argument carrying the page token."""
    items: str
    """The member of a page holding its items."""
    next_token: tuple[str, ...]
    """The members leading to the next page's token on a page."""

    def last(self, fop: FakeOperation, page: Any) -> Any:
        """``page`` (JSON) without a next-page token, checked: a list operation's last page (its
        default answer too, whatever token the spec's example shows, so ``iter_*`` ends)."""
        if not isinstance(page, dict):
            return checked_answer(fop, page)
        _set_path(page, self.next_token, UNSET)
        try:
            return checked_answer(fop, page)
        except InvalidStub:
            _set_path(page, self.next_token, None)  # a next token that is required, nullable
            return checked_answer(fop, page)

    def answer(self, fop: FakeOperation, pages: Sequence[Sequence[Any]]) -> _Answer:
        """The answer serving ``pages`` of items (models or JSON), each page's token leading to
        the next."""
        built: list[Any] = []
        for number, items in enumerate(pages, start=1):
            page = copy.deepcopy(fop.default) if isinstance(fop.default, dict) else {}
            page[self.items] = [_to_json(item) for item in items]
            if number == len(pages):
                built.append(self.last(fop, page))
            else:
                _set_path(page, self.next_token, f"{_PAGE_TOKEN}{number + 1}")
                built.append(checked_answer(fop, page))

        def answer(api: _Fake, fop: FakeOperation, call: Call) -> httpx.Response:
            token = call.arguments.get(self.token)
            index = 0
            if token is not None:
                text = str(token)
                number = text[len(_PAGE_TOKEN) :] if text.startswith(_PAGE_TOKEN) else ""
                if not number.isdigit() or not 2 <= int(number) <= len(built):
                    raise AssertionError(f"{fop.label}: page token {text!r} was never handed out")
                index = int(number) - 1
            return _json_response(fop.status, copy.deepcopy(built[index]), None)

        return answer


def _set_path(data: Any, path: Sequence[str], value: Any) -> None:
    for member in path[:-1]:
        data = data.setdefault(member, {}) if isinstance(data, dict) else None
    if isinstance(data, dict):
        if value is UNSET:
            data.pop(path[-1], None)
        else:
            data[path[-1]] = value
