"""Fault injection, table-driven: every fault × every operation, each cell with its expected outcome and bound.

Faults (tests/support/faults.py), injected by an httpx transport in front of the real HindsightBackend, which is
built exactly as production builds it (`MemoryPlane.open` / `create_backend`: ResilientBackend around it):
timeout, HTTP 500, HTTP 503 with Retry-After, connection refused (a real closed port), HTTP 401, malformed JSON,
a 10-second stall, DNS failure (a real `.invalid` name). Every error body and the malformed body carry a canary;
no cell may show it in any log record, CLI output, tool answer or the audit trail.

Operations and what a fault must lead to (the `none` column is the healthy control, which proves each cell
could see memory if there were any to see):

| operation | healthy | under every fault |
|---|---|---|
| prefetch (`RecallCoordinator.prefetch`, then `cached_context`) | memory injected | turn continues without memory |
| sync recall (`RecallCoordinator.sync_recall`) | memory injected | turn continues without memory |
| tool search (`HermesPlugin.memory_search`, the registered tool handler) | results | error JSON, turn continues |
| retain delivery (`RetainCoordinator.deliver_one`) | delivered | kept in outbox, delivered once after recovery |
| reflect (`HermesPlugin.memory_reflect`) | answer | error JSON, turn continues |
| bootstrap (`wetopi-memory bootstrap`) | exit 0 | exit 2 with one error line |
| status (`wetopi-memory status`) | exit 0 | exit 2 with one error line |

Each cell's elapsed time must stay within the budget its configuration gives it (`BOUNDS`) plus a small slack:
this is what makes "an agent hangs for minutes when memory is down" impossible. The 10-second stall is always
cut by the operation's own timeout. No other speed target is asserted.

A second table: for every fault, the circuit breaker opens after `failure_threshold` (5) failed requests, then
refuses calls without any request, and a half-open probe closes it once the backend recovers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from tests.support.faults import FAULTS, RETRY_AFTER_SECONDS, FaultTransport
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.backends.resilience import CircuitOpenError, ResiliencePolicy, ResilientBackend
from wetopi_memory.config import load_config
from wetopi_memory.errors import BackendError
from wetopi_memory.hermes import HermesPlugin
from wetopi_memory.hermes import runtime as _runtime
from wetopi_memory.identity import Identity
from wetopi_memory.models import RecallQuery
from wetopi_memory.plane import MemoryPlane, OutboxMode
from wetopi_memory.recall import RecallCoordinator
from wetopi_memory.recall.sync import SYNC_GRACE_SECONDS
from wetopi_memory.retain import Backoff, RetainTuning

URL = "http://hindsight.test:8888"
TIMEOUT = 0.25          # every backend operation: recall, retain, reflect, config
SYNC_TIMEOUT = 0.3      # recall.synchronous.timeout_seconds
ATTEMPTS = 2            # backend.retry.max_attempts
BACKOFF = 0.05          # backend.retry.backoff_seconds
SLACK = 1.5             # scheduling, thread hops, SQLite on a loaded 2-core machine; a 10-s stall still fails
CLI_SLACK = 1.0         # plus loading the config and building the plane in the CLI
# A resilient call: every attempt cut by its timeout, the waits between attempts (Retry-After honoured).
RESILIENT = ATTEMPTS * TIMEOUT + (ATTEMPTS - 1) * max(RETRY_AFTER_SECONDS, BACKOFF)

OPERATIONS = ("prefetch", "sync_recall", "tool_search", "retain_delivery", "reflect", "bootstrap", "status")
BOUNDS = {
    "prefetch": RESILIENT,                            # background; no outer deadline but the resilience budget
    "sync_recall": SYNC_TIMEOUT + SYNC_GRACE_SECONDS,  # the coordinator's own deadline
    "tool_search": TIMEOUT,                           # the plugin waits min(recall timeout, 30 s)
    "retain_delivery": TIMEOUT,                       # the resilience layer's retain deadline, never retried
    "reflect": TIMEOUT,                               # the plugin waits min(reflect timeout, 60 s)
    "bootstrap": RESILIENT + CLI_SLACK,               # list_banks, retried once
    "status": TIMEOUT + CLI_SLACK,                    # one health probe
}

INJECTED = "memory injected"
NO_MEMORY = "turn continues without memory"
RESULTS = "results"
TOOL_ERROR = "error JSON, turn continues"
DELIVERED = "delivered"
KEPT = "kept in outbox, delivered once after recovery"
ANSWER = "answer"
EXIT0 = "exit 0"
EXIT2 = "exit 2, one error line"
HEALTHY = {"prefetch": INJECTED, "sync_recall": INJECTED, "tool_search": RESULTS, "retain_delivery": DELIVERED,
           "reflect": ANSWER, "bootstrap": EXIT0, "status": EXIT0}
FAILED = {"prefetch": NO_MEMORY, "sync_recall": NO_MEMORY, "tool_search": TOOL_ERROR, "retain_delivery": KEPT,
          "reflect": TOOL_ERROR, "bootstrap": EXIT2, "status": EXIT2}
EXPECTED: dict[str, dict[str | None, str]] = {op: {None: HEALTHY[op], **dict.fromkeys(FAULTS, FAILED[op])}
                                              for op in OPERATIONS}
CELLS = [(op, fault) for op in OPERATIONS for fault in (None, *FAULTS)]

SEED = "Ingress traffic goes through the nginx ingress controller behind the IPVS load balancers on RKE2."
PREFETCH_TEXT = "How is ingress configured on the RKE2 clusters?"
FOLLOW_UP = "and the ingress controller on RKE2?"
EXPLICIT = "What did we decide about the ingress controller on RKE2? Search our memory."
TURN = "We decided that the ingress controller stays nginx behind the IPVS load balancers on every RKE2 cluster."
IDENTITIES = "users:\n  u_ana: {allowed_scopes: [personal, business, platform], accounts: ['telegram:7']}\n"
BANKS = ("version: 1\nbanks:\n  wetopi-platform:\n    name: Wetopi Platform\n    config:\n"
         "      retain_mission: Keep durable platform knowledge.\n")


def config_text(tmp: Path) -> str:
    return f"""
backend:
  type: hindsight
  url: "{URL}"
  timeout_seconds: {TIMEOUT}
  timeouts: {{recall: {TIMEOUT}, retain: {TIMEOUT}, reflect: {TIMEOUT}, config: {TIMEOUT}}}
  retry: {{max_attempts: {ATTEMPTS}, backoff_seconds: {BACKOFF}}}
  circuit_breaker: {{failure_threshold: 5, open_seconds: 30}}
recall:
  synchronous: {{timeout_seconds: {SYNC_TIMEOUT}}}
  automatic: {{types: [observation, world]}}  # FakeHindsight stores world facts, no observations
stores:
  personal: {{bank_template: "user-{{internal_user_id}}"}}
  business: {{bank: wetopi-business}}
  platform: {{bank: wetopi-platform}}
observability: {{audit_path: "{tmp / 'audit.jsonl'}"}}
"""


@dataclass
class Env:
    tmp: Path
    fake: FakeHindsight
    faults: FaultTransport
    config_path: Path
    ids_path: Path
    environ: dict[str, str]
    runtime: _runtime.Runtime
    canary: str

    def plane(self, *, outbox: OutboxMode = "none", retain_tuning: RetainTuning | None = None) -> MemoryPlane:
        loaded = load_config(self.config_path, self.environ)
        return MemoryPlane.open(loaded, identities=self.ids_path, environ=self.environ, agent="fault-suite",
                                outbox=outbox, retain_tuning=retain_tuning)

    def cli(self, *args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(app, ["--config", str(self.config_path), *args])
        return result.exit_code, result.stdout, result.stderr

    def audit_text(self) -> str:
        path = self.tmp / "audit.jsonl"
        return path.read_text() if path.exists() else ""


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Env]:
    canary = f"canary-{uuid.uuid4().hex}"
    fake = FakeHindsight("1.1.0")
    faults = FaultTransport(fake.transport, canary)
    original = HindsightBackend.__init__

    def with_faults(self: HindsightBackend, url: str, **kwargs: Any) -> None:
        kwargs["transport"] = faults  # every backend the plane or the CLI builds goes through the faults
        original(self, url, **kwargs)

    monkeypatch.setattr(HindsightBackend, "__init__", with_faults)
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES"):
        monkeypatch.delenv(var, raising=False)
    state = tmp_path / "state"
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(state))
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    config_path = tmp_path / "config.yaml"
    config_path.write_text(config_text(tmp_path))
    ids_path = tmp_path / "ids.yaml"
    ids_path.write_text(IDENTITIES)
    (tmp_path / "banks.yaml").write_text(BANKS)
    runtime = _runtime.Runtime(name="fault-suite-io")
    environ = {"WETOPI_MEMORY_STATE_DIR": str(state), "HERMES_HOME": str(tmp_path / "hermes")}
    yield Env(tmp_path, fake, faults, config_path, ids_path, environ, runtime, canary)
    runtime.shutdown(5.0)


def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "7")


async def seed(plane: MemoryPlane) -> None:
    result = await plane.retain(ana(plane), SEED, "platform", reason="verified runbook", confidence=0.95)
    assert result.stored, result.to_dict()
    plane.own_writes.forget_person("u_ana")  # a memory of an earlier session: only the backend may show it


# ---------------------------------------------------------------------------------------------- the cells

CellResult = tuple[str, float, str]  # outcome, elapsed seconds, text the caller saw (checked for the canary)


def cell_prefetch(env: Env, fault: str | None) -> CellResult:
    plane = env.plane()
    recall = RecallCoordinator.from_plane(plane)

    async def main() -> CellResult:
        await seed(plane)
        env.faults.arm(fault)
        started = time.perf_counter()
        result = await recall.prefetch("s1", ana(plane), PREFETCH_TEXT)
        elapsed = time.perf_counter() - started
        decision = recall.cached_context("s1", ana(plane), FOLLOW_UP)
        await plane.aclose()
        if "IPVS" in decision.context:
            return INJECTED, elapsed, decision.context
        if result.status == "failed" and not decision.context:
            return NO_MEMORY, elapsed, ""
        return f"unexpected: prefetch {result.status}, inject {decision.reason}", elapsed, ""

    return asyncio.run(main())


def cell_sync_recall(env: Env, fault: str | None) -> CellResult:
    plane = env.plane()
    recall = RecallCoordinator.from_plane(plane)

    async def main() -> CellResult:
        await seed(plane)
        decision = recall.cached_context("s1", ana(plane), EXPLICIT)
        assert decision.sync == "explicit_memory_request", decision.to_dict()
        env.faults.arm(fault)
        started = time.perf_counter()
        result = await recall.sync_recall("s1", ana(plane), EXPLICIT, decision=decision)
        elapsed = time.perf_counter() - started
        await plane.aclose()
        if "IPVS" in result.context:
            return INJECTED, elapsed, result.context
        if result.status in ("timeout", "error") and not result.context:
            return NO_MEMORY, elapsed, result.error or ""
        return f"unexpected: sync {result.status}", elapsed, ""

    return asyncio.run(main())


def _plugin(env: Env) -> HermesPlugin:
    plane = env.plane(outbox="durable")
    asyncio.run(seed(plane))
    plugin = HermesPlugin(plane, runtime=env.runtime, environ=env.environ)
    plugin.pre_llm_call(session_id="s1", turn_id="t1", platform="telegram", sender_id="7",
                        user_message="hola")  # who speaks in turn t1
    return plugin


def cell_tool_search(env: Env, fault: str | None) -> CellResult:
    plugin = _plugin(env)
    env.faults.arm(fault)
    started = time.perf_counter()
    raw = plugin.memory_search({"query": "ingress controller RKE2"}, session_id="s1", task_id="s1",
                               turn_id="t1")
    elapsed = time.perf_counter() - started
    plugin.close()
    data = json.loads(raw)
    if any("IPVS" in r["content"] for r in data.get("results", [])):
        return RESULTS, elapsed, raw
    if data.get("error", {}).get("code") in ("backend_unavailable", "timeout"):
        return TOOL_ERROR, elapsed, raw
    return f"unexpected: {raw[:200]}", elapsed, raw


def cell_reflect(env: Env, fault: str | None) -> CellResult:
    plugin = _plugin(env)
    env.faults.arm(fault)
    started = time.perf_counter()
    raw = plugin.memory_reflect({"query": "what do we know about ingress?", "scopes": ["platform"]},
                                session_id="s1", task_id="s1", turn_id="t1")
    elapsed = time.perf_counter() - started
    plugin.close()
    data = json.loads(raw)
    if data.get("answers") and data["answers"][0]["supported"]:
        return ANSWER, elapsed, raw
    if data.get("error", {}).get("code") in ("backend_unavailable", "timeout"):
        return TOOL_ERROR, elapsed, raw
    return f"unexpected: {raw[:200]}", elapsed, raw


def cell_retain_delivery(env: Env, fault: str | None) -> CellResult:
    fast = RetainTuning(backoff=Backoff(base_seconds=0.01, cap_seconds=0.02))
    plane = env.plane(outbox="durable", retain_tuning=fast)
    coordinator = plane.retention
    outbox = coordinator.outbox
    assert outbox is not None

    async def main() -> CellResult:
        report = coordinator.submit_turn(ana(plane), session_id="s1", turn_id="t1", user_message=TURN,
                                         assistant_response="Noted.")
        documents = [d.document_id for d in report.accepted if d.document_id]
        assert documents, [d.to_dict() for d in report.decisions]
        env.faults.arm(fault)
        started = time.perf_counter()
        first = await coordinator.deliver_one()
        elapsed = time.perf_counter() - started
        assert first is not None
        if first.status == "delivered":
            outcome = DELIVERED
        elif first.status == "retry" and outbox.depth() == len(documents):
            env.faults.arm(None)  # the backend recovers
            drained = await coordinator.flush(5.0)
            once = all(env.faults.delivered[d] == 1 for d in documents)
            outcome = KEPT if drained and once and outbox.depth() == 0 else f"unexpected: drained={drained}"
        else:
            outcome = f"unexpected: {first.status} depth={outbox.depth()}"
        coordinator.close()
        await plane.aclose()
        return outcome, elapsed, first.error or ""

    return asyncio.run(main())


def _one_error_line(stderr: str) -> bool:
    lines = [line for line in stderr.splitlines() if line.strip()]
    return len(lines) == 1 and lines[0].startswith("error: ")


def cell_bootstrap(env: Env, fault: str | None) -> CellResult:
    env.faults.arm(fault)
    started = time.perf_counter()
    code, out, err = env.cli("bootstrap", str(env.tmp / "banks.yaml"))
    elapsed = time.perf_counter() - started
    if code == 0:
        return EXIT0, elapsed, out + err
    if code == 2 and _one_error_line(err):
        return EXIT2, elapsed, out + err
    return f"unexpected: exit {code}: {err[:300]}", elapsed, out + err


def cell_status(env: Env, fault: str | None) -> CellResult:
    env.faults.arm(fault)
    started = time.perf_counter()
    code, out, err = env.cli("--identities", str(env.ids_path), "status")
    elapsed = time.perf_counter() - started
    if code == 0 and not err.strip():
        return EXIT0, elapsed, out + err
    if code == 2 and _one_error_line(err):
        return EXIT2, elapsed, out + err
    return f"unexpected: exit {code}: {err[:300]}", elapsed, out + err


RUN: dict[str, Callable[[Env, str | None], CellResult]] = {
    "prefetch": cell_prefetch, "sync_recall": cell_sync_recall, "tool_search": cell_tool_search,
    "retain_delivery": cell_retain_delivery, "reflect": cell_reflect, "bootstrap": cell_bootstrap,
    "status": cell_status,
}


@pytest.mark.parametrize(("operation", "fault"), CELLS, ids=[f"{op}-{f or 'healthy'}" for op, f in CELLS])
def test_fault_cell(env: Env, operation: str, fault: str | None, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, every level
    outcome, elapsed, seen = RUN[operation](env, fault)
    bound = BOUNDS[operation]
    print(f"\n{operation:15} × {fault or 'healthy':20} → {outcome:45} {elapsed:6.3f}s ≤ {bound + SLACK:.2f}s")
    assert outcome == EXPECTED[operation][fault]
    assert elapsed <= bound + SLACK, f"{operation} under {fault} took {elapsed:.2f}s (budget {bound:.2f}s)"
    for where, text in (("logs", caplog.text), ("output", seen), ("audit", env.audit_text())):
        assert env.canary not in text, f"the error body's canary leaked into the {where}"
    if fault is not None:
        assert env.faults.faulted > 0  # the fault really was on the path


# ---------------------------------------------------------------------------------------------- the breaker


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("fault", FAULTS)
def test_breaker_opens_after_n_failures_fails_fast_then_a_probe_closes_it(fault: str) -> None:
    fake = FakeHindsight("1.1.0")
    faults = FaultTransport(fake.transport, "canary")
    clock = Clock()
    policy = ResiliencePolicy(retry_attempts=1, breaker_threshold=5, breaker_open_seconds=30,
                              timeouts=dict.fromkeys(("recall", "retain", "reflect", "config"), TIMEOUT))
    backend = ResilientBackend(HindsightBackend(URL, transport=faults, timeouts=HindsightTimeouts.uniform(TIMEOUT)),
                               policy, clock=clock)

    async def main() -> None:
        faults.arm(fault)
        for n in range(1, 6):
            assert backend.breaker.state == "closed", f"opened after {n - 1} failures"
            with pytest.raises(BackendError):
                await backend.recall("wetopi-platform", RecallQuery(query=f"ingress {n}"))
        assert backend.breaker.state == "open" and faults.requests == 5
        started = time.perf_counter()
        with pytest.raises(CircuitOpenError):
            await backend.recall("wetopi-platform", RecallQuery(query="ingress again"))
        elapsed = time.perf_counter() - started
        assert faults.requests == 5  # failed fast: no request went out
        print(f"\nbreaker × {fault:20} → open after 5 failures; open-circuit call {elapsed * 1e6:.0f} µs, no I/O")
        clock.now += 30  # half-open: one probe goes out
        faults.arm(None)
        assert await backend.recall("wetopi-platform", RecallQuery(query="ingress probe")) == []
        assert backend.breaker.state == "closed"
        await backend.aclose()

    asyncio.run(main())


def test_breaker_open_turns_stay_fast_and_memoryless(env: Env) -> None:
    """With the circuit open, a whole plugin turn (pre_llm_call, a tool search, post_llm_call) goes on without
    memory and without touching the network; the turn's retain waits in the outbox."""
    plugin = _plugin(env)
    env.faults.arm("stall_10s")
    speaker = plugin.identity_for("s1", "t1")  # the speaker of the turn `_plugin` opened
    assert speaker.known
    for n in range(3):  # background prefetches against a stalled backend: every attempt times out and counts
        plugin.runtime.run(plugin.recall.prefetch("s1", speaker, f"{PREFETCH_TEXT} {n}"), 5.0)
    backend = plugin.plane.acl.registry.backends["hindsight"]
    assert isinstance(backend, ResilientBackend)
    assert backend.breaker.state == "open"
    before = env.faults.requests
    started = time.perf_counter()
    context = plugin.pre_llm_call(session_id="s1", turn_id="t9", platform="telegram", sender_id="7",
                                  user_message=FOLLOW_UP)
    answer = json.loads(plugin.memory_search({"query": "ingress controller RKE2"}, session_id="s1", turn_id="t9"))
    plugin.post_llm_call(session_id="s1", turn_id="t9", platform="telegram", user_message=TURN,
                         assistant_response="Noted.")
    elapsed = time.perf_counter() - started
    assert context is None and answer["error"]["code"] == "backend_unavailable"
    assert elapsed < TIMEOUT, elapsed  # nothing on the turn waited for the dead backend
    time.sleep(0.3)  # the background prefetch and retain hand-off run (and fail fast) meanwhile
    assert env.faults.requests == before  # the open circuit sent nothing
    assert plugin.queue_depth() >= 1  # the turn's learning is kept for later
    assert list((env.tmp / "state").glob("metrics-*.prom"))  # the plugin's worker writes its metrics
    plugin.close()
