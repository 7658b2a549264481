"""`tests/e2e/run_turns.py` for `bench_hermes_memory.py`: the same turns, plus when each `pre_llm_call` ran.

    <hermes venv>/bin/python hermes_memory_runner.py SPEC.json RESULT.json

Runs under Hermes' own Python. It replaces run_turns' backend instrumentation (the bench counts backend requests
at its HTTP server instead) and its speaker recording with a timer around every `pre_llm_call` callback Hermes
holds, so the turns run exactly as in the e2e suite. Each call lands in RESULT's "speakers" list as
{"call": "pre_llm_call", "session", "message", "start" (wall clock), "seconds", "thread"}, after one
{"call": "source", "path"} naming the wetopi_memory package Hermes loaded.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

import run_turns


def _no_instrument(plugin: Any, calls: list[dict[str, Any]]) -> None:
    """The bench counts backend requests where they arrive: nothing to wrap here."""


def _time_pre_llm_call(plugin: Any, records: list[dict[str, Any]]) -> None:
    """Wrap every registered `pre_llm_call` callback with a timer that appends one record per call."""
    from hermes_cli.plugins import get_plugin_manager

    import wetopi_memory

    records.append({"call": "source", "path": wetopi_memory.__file__})
    hooks = get_plugin_manager()._hooks
    callbacks = hooks.get("pre_llm_call", [])

    def timed(callback: Any) -> Any:
        def call(**kwargs: Any) -> Any:
            start, t0 = time.time(), time.perf_counter()
            try:
                return callback(**kwargs)
            finally:
                records.append({"call": "pre_llm_call", "session": kwargs.get("session_id"),
                                "message": str(kwargs.get("user_message") or "")[:200], "start": start,
                                "seconds": time.perf_counter() - t0, "thread": threading.current_thread().name})

        return call

    hooks["pre_llm_call"] = [timed(cb) for cb in callbacks]


run_turns._instrument = _no_instrument
run_turns._record_speakers = _time_pre_llm_call

if __name__ == "__main__":
    sys.exit(run_turns.main(sys.argv[1], sys.argv[2]))
