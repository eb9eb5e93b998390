"""Page tokens that never loop (:class:`PageTokens`), for the ``iter_*`` methods of paginated
operations: copied only into a package that has one."""

from __future__ import annotations

from ._config import log


class PageTokens:
    """The page tokens an ``iter_*`` method has followed, to stop on any repeated one.

    A server that sends a token it sent before (``A, B, A, ...``) would make the iteration
    loop forever; it stops there instead, with a warning logged (the token is not shown).
    """

    __slots__ = ("_method", "_seen")

    def __init__(self, method: str) -> None:
        self._method = method
        self._seen: set[str] = set()

    def follow(self, token: object) -> bool:
        """Whether to fetch the page of ``token``: it is a non-empty string not seen before."""
        if not isinstance(token, str) or not token:
            return False
        if token in self._seen:
            log.warning(
                "%s: the server sent a page token again after %d pages; stopping",
                self._method,
                len(self._seen) + 1,
            )
            return False
        self._seen.add(token)
        return True
