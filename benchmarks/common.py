"""What the modules of ``make bench`` share: paths, the children's environment, logging, the figures."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = ROOT / "spec" / "openapi.yaml"
RESULTS = HERE / "results.md"
BIN = Path(sys.executable).parent
PY = sys.executable
WORKERS = HERE / "workers.py"

ENV = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONDONTWRITEBYTECODE="1")
"""Every child runs with the bench venv first on PATH (OPC then finds its ruff post-hook, as a
user who installed it would)."""
for _name in ("CODEGEN_NO_CACHE", "CODEGEN_CACHE_DIR"):  # each measurement sets the cache it means
    ENV.pop(_name, None)


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def first_line(text: str, limit: int = 150) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line[:limit]
    return "(no output)"


def fmt_us(us: float | None) -> str:
    if us is None:
        return "-"
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.1f} us"


class WorkerError(Exception):
    pass


@dataclass
class Figures:
    """Medians (microseconds) per family and key, with their call counts; failures per family."""

    us: dict[str, dict[str, float]] = field(default_factory=dict)
    number: dict[str, dict[str, int]] = field(default_factory=dict)
    repeat: dict[str, dict[str, int]] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def get(self, family: str, key: str) -> float | None:
        return self.us.get(family, {}).get(key)

    def why(self, family: str, key: str) -> str:
        """Why a figure is missing."""
        if family == "client" and key == "sync.opc" and "opc_error" in self.info.get("client", {}):
            return str(self.info["client"]["opc_error"])
        return self.errors.get(family, "not measured")

    def runs(self, family: str, key: str) -> str:
        n = self.number.get(family, {}).get(key)
        r = self.repeat.get(family, {}).get(key)
        return f"{r}x{n}" if n else "-"

    def add(self, family: str, answer: dict[str, Any]) -> None:
        for key, value in answer["results"].items():
            self.us.setdefault(family, {})[key] = value["us"]
            self.number.setdefault(family, {})[key] = value["number"]
            self.repeat.setdefault(family, {})[key] = value["repeat"]
        self.info[family] = answer.get("info", {})
