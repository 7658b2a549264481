"""A real Hermes 0.19.0 process that exits with retains still queued: the plugin's final flush, close and
metrics write run at interpreter exit, with no warning and no traceback.

The process runs its turns through `run_turns.py` but leaves the shutdown to the interpreter (no explicit
`runtime.shutdown()`), and fires `on_session_finalize` from an `atexit` handler registered before the plugin's
runtime starts, as Hermes' interactive CLI does with `_run_cleanup`: both run after `threading._shutdown`, when
no thread pool takes new work any more.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

import tests.e2e.conftest as e2e
from tests.e2e.conftest import ALICE, Backend, Run, World, closed_port
from wetopi_memory.retain import Outbox

pytestmark = pytest.mark.hermes

DECISION = "Decision: Wetopi's Kubernetes platform uses Cilium as the CNI on every RKE2 cluster."
EXIT_RUNNER = '''
import atexit, json, sys
sys.path.insert(0, {e2e!r})
import run_turns
from wetopi_memory.hermes import runtime

runtime.shutdown = lambda timeout=5.0: None  # the exit is left to the interpreter's atexit handlers


def hermes_cleanup(spec_path: str) -> None:
    """What Hermes' CLI `_run_cleanup` does for the plugin at exit: one on_session_finalize per session."""
    from hermes_cli.plugins import invoke_hook

    with open(spec_path, encoding="utf-8") as fh:
        turns = json.load(fh)["turns"]
    for session_id in dict.fromkeys(t["session_id"] for t in turns):
        invoke_hook("on_session_finalize", session_id=session_id, platform="telegram", reason="shutdown")


atexit.register(hermes_cleanup, sys.argv[1])
sys.exit(run_turns.main(sys.argv[1], sys.argv[2]))
'''
PROBLEMS = re.compile(r"Traceback|shutdown step failed|shutdown failed|shutdown did not finish|"
                      r"wetopi-memory \w+ failed|RuntimeError|cannot schedule new futures")


def run_and_exit(world: World, monkeypatch: pytest.MonkeyPatch) -> tuple[Run, str]:
    """One Alice turn with a durable decision, then a natural exit; returns the run and Hermes' logs + stderr."""
    runner = world.root / "exit_runner.py"
    runner.write_text(EXIT_RUNNER.format(e2e=str(Path(e2e.__file__).parent)))
    monkeypatch.setattr(e2e, "RUNNER", runner)
    run = world.run([{**ALICE, "agent": "a", "session_id": "alice-exit", "message": DECISION}], finalize=False,
                    name="exit")
    assert run.turns[0]["completed"]
    logs = "\n".join(p.read_text(errors="replace") for p in sorted((world.home / "logs").glob("*")) if p.is_file())
    return run, logs + "\n" + run.stderr


def metrics_text(world: World) -> str:
    files = sorted(world.state.glob("*.prom"))
    assert files, f"no metrics textfile in {world.state}: the final metrics write did not run"
    return "\n".join(p.read_text() for p in files)


def test_queued_retains_are_delivered_at_exit(make_world: Callable[[Backend], World], local_backend: Backend,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    world = make_world(local_backend)
    _run, output = run_and_exit(world, monkeypatch)
    assert not PROBLEMS.findall(output), output[-4000:]
    assert any("Cilium" in text for text in world.stored_texts(local_backend.banks["platform"]))
    outbox = Outbox(world.state / "outbox.db")
    try:
        assert outbox.depth() == 0
    finally:
        outbox.close()
    assert re.search(r'wetopi_memory_retain_total\{[^}]*scope="platform"[^}]*status="delivered"[^}]*\} 1\.0',
                     metrics_text(world))


def test_retains_for_a_down_backend_stay_queued_and_counted_at_exit(
        make_world: Callable[[Backend], World], local_backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    down = Backend("hindsight", {"type": "hindsight", "url": f"http://127.0.0.1:{closed_port()}", "api_key": "k",
                                 "timeout_seconds": 1}, {**local_backend.banks})
    world = make_world(down)
    _run, output = run_and_exit(world, monkeypatch)
    assert not PROBLEMS.findall(output), output[-4000:]
    outbox = Outbox(world.state / "outbox.db")
    try:
        queued = outbox.depth()
    finally:
        outbox.close()
    assert queued >= 1, "the decision was neither delivered nor kept in the outbox"
    depth = re.search(r"wetopi_memory_queue_depth\{[^}]*\} ([0-9.]+)", metrics_text(world))
    assert depth and float(depth[1]) == queued, depth
