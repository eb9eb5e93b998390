"""Shared fixtures: paths, and the committed generated package on sys.path."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
SPEC = ROOT / "spec" / "openapi.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

if str(GENERATED) not in sys.path:
    sys.path.insert(0, str(GENERATED))

from .loopback import loopback  # noqa: E402,F401 - the fixture, for every test module
