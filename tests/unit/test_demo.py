"""`make demo`'s script runs to the end on a fresh state dir: bootstrap, retain, recall, and isolation shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_demo_script_runs_and_shows_isolation(tmp_path: Path) -> None:
    cli = Path(sys.executable).parent / "wetopi-memory"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WETOPI_", "HINDSIGHT_"))}
    env.update(WETOPI_MEMORY_STATE_DIR=str(tmp_path / "state"), HERMES_HOME=str(tmp_path / "hermes"),
               NO_COLOR="1")
    done = subprocess.run(["bash", str(ROOT / "bench" / "demo.sh"), str(cli)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Carlos prefers OpenSearch for centralized logs." in done.stdout
    lucia_answer = done.stdout.split("sees nothing of Carlos", 1)[1].strip().splitlines()[-1]
    assert lucia_answer == "no memories found in: personal"
