"""How many examples each hypothesis test draws, by profile (``$HYPOTHESIS_PROFILE``).

- ``default`` (``make test``, ``make test-quick``): ``examples(n)`` is ``n``, the count written
  in the test: enough to exercise every property on every run, derandomized (the same examples
  each run, so CI never flakes);
- ``thorough``: ``4 * n`` (at least the counts the suite drew before issue 37), for a change to
  the code a property covers: ``HYPOTHESIS_PROFILE=thorough make pytest``.

Every property is checked in both: only the number of examples differs. Tests that set no count
take the profile's ``max_examples`` (registered in tests/conftest.py).
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SCALE = {"default": 1, "thorough": 4}
if PROFILE not in SCALE:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: one of {', '.join(SCALE)}")


def examples(n: int) -> int:
    """``n`` examples in the default profile, more in ``thorough``."""
    return n * SCALE[PROFILE]
