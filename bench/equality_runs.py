"""The shared half of the equality checkers (`check_router_equality.py`, `check_secret_equality.py`): run one
checker's `--dump` in two source roots, each a subprocess importing its own `wetopi_memory`, and compare the dumps
line by line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Comparison:
    """Lines dumped by each root, and how many differ (a missing line counts as a difference)."""

    base: int
    new: int
    differences: int

    @property
    def compared(self) -> int:
        return min(self.base, self.new)


def compare_roots(script: str, base: Path, new: Path, out: Path, env: Mapping[str, str] | None = None) -> Comparison:
    """Dump `script` under both roots into `out` and compare; exits when a dump fails."""
    out.mkdir(parents=True, exist_ok=True)
    files = {name: out / f"{name}.txt" for name in ("base", "new")}
    roots = {"base": base, "new": new}
    runs = [subprocess.Popen([sys.executable, script, "--dump", str(files[name])],
                             env={**os.environ, "PYTHONPATH": str(root), **(env or {})})
            for name, root in roots.items()]
    if any(run.wait() for run in runs):
        sys.exit("a dump failed")
    before = files["base"].read_text(encoding="utf-8").splitlines()
    after = files["new"].read_text(encoding="utf-8").splitlines()
    differences = sum(a != b for a, b in zip(before, after, strict=False)) + abs(len(before) - len(after))
    return Comparison(base=len(before), new=len(after), differences=differences)
