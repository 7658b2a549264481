"""Benchmark the turn's critical path: `cached_context` (prefetch cache) vs a synchronous recall per turn.

Setup: a MemoryPlane over an in-memory FakeHindsight whose every request takes 200 ms (`--latency`), three scopes
seeded with observations, and the plugin's thread layout: one background thread runs the asyncio loop for all
backend I/O, the "Hermes" thread (this main thread) calls the hooks.

1. `cached_context` on a warm cache, called directly on the Hermes thread (it is synchronous and network-free):
   p50/p99/p99.9/max over `--calls` calls (default 20 000), over a rotation of confident, follow-up and small-talk
   messages. Target: p99 < 1 ms.
2. The synchronous-recall approach on the same backend: each turn submits `plane.search(...)` + `render_block` to
   the loop thread and waits for it (what a hook without a prefetch cache does), `--sync-calls` times.
3. Backend calls on the critical path of normal turns: a scripted conversation of `--turns` turns; every turn is
   `cached_context` (critical path, requests counted) then `prefetch` on the loop (after the turn, not counted).

Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from wetopi_memory import MemoryPlane
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.recall import RecallCoordinator
from wetopi_memory.recall.inject import render_block

T = TypeVar("T")
URL = "http://hindsight.bench:8888"
CONFIG = """
backend: {type: hindsight, url: "http://hindsight.bench:8888"}
stores:
  personal: {bank_template: "user-{internal_user_id}", recall: {budget: low, max_tokens: 1000}}
  business: {bank: wetopi-business, recall: {budget: mid, max_tokens: 1500}}
  platform: {bank: wetopi-platform, recall: {budget: mid, max_tokens: 2000}}
recall: {synchronous: {timeout_seconds: 5}}
"""
IDENTITIES = """
users:
  u_alice: {allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
"""
OBSERVATIONS = {
    "wetopi-platform": [
        "Wetopi runs its Kubernetes clusters on RKE2, deployed with Argo CD from the platform-gitops repository.",
        "The Ceph cluster provides the persistent volumes of every Kubernetes cluster (RBD for databases).",
        "The WAN load balancers use IPVS with VRRP and direct server return towards the WAN nodes.",
        "Infisical is the secrets manager; Kubernetes secrets are synced by the Infisical operator.",
        "Ingress traffic goes through the nginx ingress controller behind the IPVS load balancers.",
        "Grafana, Prometheus and Loki monitor the clusters; alerts go to the on-call channel.",
        "Proxmox hosts the virtual machines of the RKE2 control plane nodes.",
        "Upgrades of RKE2 are rolled out one node at a time after draining the node.",
    ],
    "wetopi-business": [
        "Managed Hermes is priced per agent per month, with a discount for agencies.",
        "The reseller plan gives agencies a thirty percent margin on the list price.",
    ],
    "user-u_alice": [
        "Alice prefers OpenSearch for centralized logs and short answers in Spanish.",
    ],
}
TURN = "The RKE2 upgrade of the Kubernetes clusters failed on one node, check Argo CD and the ingress"
MESSAGES = [
    "check the kubernetes ingress of the cluster",            # confident, cached scope
    "and why did that happen?",                               # follow-up: carried over
    "the argo cd sync of the cluster is stuck",               # confident
    "thanks!",                                                # small talk: carried over
    "rollout the kubernetes deployment again",               # confident, high confidence, cached
    "ok, go on",                                              # small talk
]
CONVERSATION = [
    TURN, "check the kubernetes ingress of the cluster", "and why did that happen?",
    "the argo cd sync of the cluster is stuck", "thanks!", "and the ingress pods of the kubernetes cluster?",
    "ok", "rollout the kubernetes deployment again", "what should the pricing be for the customer?",
    "and for agencies?", "draft the contract for that customer", "perfect",
]


class LoopThread:
    """The plugin's I/O thread: one asyncio loop; hooks submit coroutines and wait."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"p50": statistics.median(ordered), "p99": at(0.99), "p99.9": at(0.999), "max": ordered[-1],
            "mean": statistics.fmean(ordered)}


def build(latency: float, tmp: Path) -> tuple[FakeHindsight, MemoryPlane, RecallCoordinator]:
    config = parse_config(CONFIG, "bench.yaml", {})
    ids = tmp / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    fake = FakeHindsight("1.1.0", latency=latency)
    for bank, texts in OBSERVATIONS.items():
        store = fake._create(bank)
        for i, text in enumerate(texts):
            store.memories.append({"id": f"{bank}-{i}", "text": text, "type": "observation", "context": None,
                                   "document_id": f"{bank}-d{i}", "tags": [], "metadata": None,
                                   "occurred_start": None, "mentioned_at": "2026-01-01T00:00:00Z"})
    backend = HindsightBackend(URL, transport=fake.transport, timeouts=30.0)
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend})
    return fake, plane, RecallCoordinator.from_plane(plane)


def recalls(fake: FakeHindsight) -> int:
    return sum(1 for _, path in fake.requests if path.endswith("/memories/recall"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per backend request (default 0.2)")
    parser.add_argument("--calls", type=int, default=20_000, help="cached_context calls (default 20000)")
    parser.add_argument("--sync-calls", type=int, default=50, help="synchronous recalls (default 50)")
    parser.add_argument("--turns", type=int, default=120, help="turns of the scripted conversation (default 120)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        fake, plane, coordinator = build(args.latency, Path(tmp))
        io = LoopThread()
        try:
            alice = plane.identify("telegram", "1001")
            started = time.perf_counter()
            prefetched = io.run(coordinator.prefetch("bench", alice, TURN))
            print(f"backend latency {args.latency * 1000:.0f} ms/request | prefetch ({prefetched.status}, "
                  f"{', '.join(prefetched.scopes)}, {prefetched.hits} hits) took "
                  f"{(time.perf_counter() - started) * 1000:.0f} ms, off the critical path")

            # 1. cached_context on a warm cache, on this ("Hermes") thread
            for message in MESSAGES * 50:  # warm-up
                coordinator.cached_context("bench", alice, message)
            before = recalls(fake)
            samples: list[float] = []
            cpu_samples: list[float] = []
            reasons: dict[str, int] = {}
            chars = 0
            clock, cpu = time.perf_counter, time.thread_time
            for i in range(args.calls):
                message = MESSAGES[i % len(MESSAGES)]
                c0, t0 = cpu(), clock()
                decision = coordinator.cached_context("bench", alice, message)
                t1, c1 = clock(), cpu()
                samples.append(t1 - t0)
                cpu_samples.append(c1 - c0)
                reasons[decision.reason] = reasons.get(decision.reason, 0) + 1
                chars += len(decision.context)
            cached = percentiles(samples)
            cached_cpu = percentiles(cpu_samples)
            cached_calls = recalls(fake) - before
            summary = ", ".join(f"{k} {v}" for k, v in reasons.items())
            print(f"\ncached_context, warm cache, {args.calls} calls ({summary}; "
                  f"avg block {chars // max(args.calls, 1)} chars)")
            print("  wall: " + "  ".join(f"{k} {v * 1e6:,.1f} µs" for k, v in cached.items()))
            print("  cpu:  " + "  ".join(f"{k} {v * 1e6:,.1f} µs" for k, v in cached_cpu.items()))
            print(f"  backend requests during these calls: {cached_calls}")

            # 2. synchronous recall on every turn, same backend
            sync_samples: list[float] = []
            header = plane.config.recall.inject_header

            async def sync_turn(message: str) -> str:
                result = await plane.search(alice, message)
                return render_block(result.hits, header=header)

            io.run(sync_turn(MESSAGES[0]))  # warm-up (connection pool)
            before = recalls(fake)
            for i in range(args.sync_calls):
                message = MESSAGES[i % len(MESSAGES)]
                t0 = clock()
                io.run(sync_turn(message))
                sync_samples.append(clock() - t0)
            synced = percentiles(sync_samples)
            print(f"\nsynchronous recall per turn (plane.search + render_block via the loop thread), "
                  f"{args.sync_calls} calls, {recalls(fake) - before} backend requests")
            print("  " + "  ".join(f"{k} {v * 1e3:,.1f} ms" for k, v in synced.items()))
            print(f"\nratio sync/cached: p50 {synced['p50'] / cached['p50']:,.0f}x   "
                  f"p99 {synced['p99'] / cached['p99']:,.0f}x")

            # 3. backend calls on the critical path of normal turns
            coordinator.invalidate("conv")
            io.run(coordinator.prefetch("conv", alice, CONVERSATION[0]))
            normal_turns = normal_calls = sync_turns = sync_calls = off_path = 0
            by_reason: dict[str, int] = {}
            for turn in range(args.turns):
                message = CONVERSATION[1 + turn % (len(CONVERSATION) - 1)]
                before = recalls(fake)
                decision = coordinator.cached_context("conv", alice, message)    # pre_llm_call
                by_reason[decision.reason] = by_reason.get(decision.reason, 0) + 1
                if decision.sync is None:
                    normal_turns += 1
                    normal_calls += recalls(fake) - before
                else:  # the exception: a bounded synchronous recall on the critical path
                    sync_turns += 1
                    io.run(coordinator.sync_recall("conv", alice, message, decision=decision))
                    sync_calls += recalls(fake) - before
                before = recalls(fake)
                io.run(coordinator.prefetch("conv", alice, message))             # post_llm_call
                off_path += recalls(fake) - before
            summary = ", ".join(f"{k} {v}" for k, v in by_reason.items())
            print(f"\nscripted conversation, {args.turns} turns ({summary})")
            print(f"  normal turns: {normal_turns}, backend recalls on their critical path: {normal_calls}")
            print(f"  turns with a warranted synchronous recall (explicit request or high-confidence cold "
                  f"cache): {sync_turns}, backend recalls: {sync_calls}")
            print(f"  backend recalls after the turn (prefetch, off the critical path): {off_path}")
        finally:
            io.run(plane.aclose())
            io.close()


if __name__ == "__main__":
    main()
