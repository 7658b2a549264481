"""What a dead or stalled memory backend adds to a Hermes turn.

    .venv/bin/python bench/bench_faults.py [--turns 2000] [--stall-turns 40] [--timeout 0.25]

The plugin's thread layout: one background thread runs the asyncio loop for all backend I/O (the plugin's
runtime), this main thread plays Hermes. A turn is what wetopi-memory puts on Hermes' path:

* `cached_context`: the pre_llm_call decision from the prefetch cache (synchronous, no I/O);
* a tool search: the registered `memory_search` handler (HermesPlugin), which waits for the search on the
  runtime loop at most the recall timeout;
* `submit_turn`: the retain pipeline's turn analysis and, when the turn has a learning, its durable outbox write
  (SQLite, synchronous=FULL). In the plugin this runs off Hermes' thread; it is counted here anyway.

Two arms, over a real HindsightBackend (ResilientBackend around it, as `create_backend` builds it) whose
transport either refuses connections or stalls every request for 10 s:

1. backend down, circuit breaker OPEN: everything must fail fast. Goal: the added latency per turn < 1 ms.
2. backend stalled, breaker kept CLOSED (threshold out of reach): each tool search waits for its timeout.
   Goal: a turn never exceeds the configured timeout (`--timeout`, the recall timeout).

Prints p50/p99/max per component and per turn. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.backends.resilience import ResiliencePolicy, ResilientBackend
from wetopi_memory.config import parse_config
from wetopi_memory.hermes import HermesPlugin
from wetopi_memory.hermes import runtime as _runtime
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Outbox

URL = "http://hindsight.bench:8888"
IDENTITIES = "users:\n  u_ana: {allowed_scopes: [personal, business, platform], accounts: ['telegram:7']}\n"
MESSAGES = (
    "How is ingress configured on the RKE2 clusters?",
    "and why did it fail last time?",
    "What is the price of the Pro plan for agencies?",
    "ok thanks",
    "Which Ceph pool holds the database volumes?",
)
LEARNING = ("We decided that the {w} ingress controller stays nginx behind the IPVS load balancers on every RKE2 "
            "cluster.")


class Switch(httpx.AsyncBaseTransport):
    """`down`: connection refused at once; `stall`: no answer for 10 s; None: the inner FakeHindsight."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.mode: str | None = None
        self.requests = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        if self.mode == "down":
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        if self.mode == "stall":
            await asyncio.sleep(10.0)
        return await self.inner.handle_async_request(request)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(name: str, values: list[float], unit: str = "ms", scale: float = 1000.0) -> None:
    shown = [v * scale for v in values]
    print(f"  {name:38} p50 {statistics.median(shown):8.3f} {unit}   p99 {pct(shown, 0.99):8.3f} {unit}   "
          f"max {max(shown):8.3f} {unit}   (n={len(shown)})")


def build(tmp: Path, timeout: float, threshold: int) -> tuple[HermesPlugin, ResilientBackend, Switch]:
    config = parse_config(f"""
backend: {{type: hindsight, url: "{URL}", timeout_seconds: {timeout},
          timeouts: {{recall: {timeout}, retain: {timeout}, reflect: {timeout}, config: {timeout}}}}}
stores:
  personal: {{bank_template: "user-{{internal_user_id}}"}}
  business: {{bank: wetopi-business}}
  platform: {{bank: wetopi-platform}}
""", "bench.yaml", {})
    (tmp / "ids.yaml").write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(tmp / "ids.yaml", known_scopes=config.stores)
    switch = Switch(FakeHindsight("1.1.0").transport)
    policy = ResiliencePolicy(retry_attempts=2, backoff_seconds=0.05, breaker_threshold=threshold,
                              breaker_open_seconds=3600,
                              timeouts=dict.fromkeys(("recall", "retain", "reflect", "config"), timeout))
    backend = ResilientBackend(HindsightBackend(URL, transport=switch, timeouts=HindsightTimeouts.uniform(timeout)),
                               policy)
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend}, agent="bench",
                        outbox=Outbox(tmp / "state" / "outbox.db"))
    plugin = HermesPlugin(plane, runtime=_runtime.Runtime(name="bench-faults-io"),
                          environ={"WETOPI_MEMORY_STATE_DIR": str(tmp / "state")})
    plugin.pre_llm_call(session_id="s1", turn_id="t0", platform="telegram", sender_id="7",
                        user_message="hola")  # who speaks in turn t0, whose tool calls the bench times
    return plugin, backend, switch


def run_turns(plugin: HermesPlugin, turns: int, tag: str) -> dict[str, list[float]]:
    coordinator = plugin.retain_coordinator()
    assert coordinator is not None
    speaker = plugin.identity_for("s1", "t0")  # the speaker of the turn `build` opened
    out: dict[str, list[float]] = {"cached_context": [], "tool search": [], "submit_turn (no learning)": [],
                                   "submit_turn (a learning: outbox fsync)": [], "turn total": []}
    for n in range(turns):
        message = MESSAGES[n % len(MESSAGES)]
        learning = n % 4 == 3
        t0 = time.perf_counter()
        plugin.recall.cached_context("s1", speaker, message)
        t1 = time.perf_counter()
        answer = json.loads(plugin.memory_search({"query": message}, session_id="s1", turn_id="t0"))
        t2 = time.perf_counter()
        coordinator.submit_turn(speaker, session_id="s1", turn_id=f"{tag}{n}", user_message=(
            LEARNING.format(w=f"{tag}{n}") if learning else message), assistant_response="Entendido.")
        t3 = time.perf_counter()
        assert "error" in answer, answer  # the backend is never usable in these arms
        out["cached_context"].append(t1 - t0)
        out["tool search"].append(t2 - t1)
        out["submit_turn (a learning: outbox fsync)" if learning else "submit_turn (no learning)"].append(t3 - t2)
        out["turn total"].append(t3 - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=2000, help="turns with the breaker open")
    parser.add_argument("--stall-turns", type=int, default=40, help="turns against the stalled backend")
    parser.add_argument("--timeout", type=float, default=0.25, help="the recall timeout (seconds)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "open").mkdir()
        plugin, backend, switch = build(Path(tmp) / "open", args.timeout, threshold=5)
        switch.mode = "down"
        while backend.breaker.state != "open":
            plugin.memory_search({"query": "open the breaker"}, session_id="s1", turn_id="t0")
        before = switch.requests
        run_turns(plugin, 50, "warm")
        results = run_turns(plugin, args.turns, "open")
        print(f"1. backend down, circuit breaker open ({args.turns} turns; requests sent meanwhile: "
              f"{switch.requests - before})")
        for name, values in results.items():
            report(name, values)
        no_learning = [a + b for a, b in zip(results["cached_context"], results["tool search"], strict=True)]
        report("turn on Hermes' thread (no submit_turn)", no_learning)
        plugin.close()
        plugin.runtime.shutdown(5.0)

        (Path(tmp) / "stall").mkdir()
        plugin, backend, switch = build(Path(tmp) / "stall", args.timeout, threshold=10**9)
        switch.mode = "stall"
        results = run_turns(plugin, args.stall_turns, "stall")
        print(f"\n2. backend stalled (10 s per request), breaker closed "
              f"(state {backend.breaker.state}; {args.stall_turns} turns; configured recall timeout "
              f"{args.timeout * 1000:.0f} ms)")
        for name, values in results.items():
            report(name, values)
        worst = max(results["turn total"])
        print(f"  worst turn / configured timeout: {worst * 1000:.1f} ms / {args.timeout * 1000:.0f} ms "
              f"= {worst / args.timeout:.2f}")
        plugin.close()
        plugin.runtime.shutdown(5.0)


if __name__ == "__main__":
    main()
