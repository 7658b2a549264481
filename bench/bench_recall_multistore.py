"""Benchmark multi-store recall: three scopes whose backend takes 100 ms each, in parallel vs one after another.

Setup: a MemoryPlane over an in-memory FakeHindsight whose every request takes `--latency` seconds (default
0.1), three scopes (personal, business, platform) on three banks, each seeded with observations.

* parallel: `recall_scopes(acl, identity, [personal, business, platform], ...)` (one request per bank,
  asyncio.gather) — target ≈ one latency (≈100 ms), not three.
* plane.search: the same three scopes through `MemoryPlane.search` (fan-out + merge: dedupe, RRF, budget).
* sequential: the same three recalls awaited one after the other — ≈ three latencies.

Each variant runs `--runs` times (default 15) after one warm-up; prints median, min and max wall time.
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from wetopi_memory import MemoryPlane
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.recall import recall_scopes

URL = "http://hindsight.bench:8888"
SCOPES = ["personal", "business", "platform"]
CONFIG = """
backend: {type: hindsight, url: "http://hindsight.bench:8888", concurrency: {max_inflight: 4}}
stores:
  personal: {bank_template: "user-{internal_user_id}", recall: {budget: low, max_tokens: 1000}}
  business: {bank: wetopi-business, recall: {budget: mid, max_tokens: 1500}}
  platform: {bank: wetopi-platform, recall: {budget: mid, max_tokens: 2000}}
"""
IDENTITIES = """
users:
  u_alice: {allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
"""
QUERY = "what do we know about the kubernetes clusters, pricing and logs"
SEED = {
    "user-u_alice": ["Alice prefers OpenSearch for the logs of the Kubernetes clusters."],
    "wetopi-business": ["Managed Hermes pricing depends on the number of Kubernetes clusters we know about."],
    "wetopi-platform": ["The Kubernetes clusters run RKE2 and ship their logs to Loki.",
                        "Pricing of the Kubernetes clusters' storage is per TB of Ceph."],
}


async def timed(runs: int, work: Callable[[], Awaitable[Any]]) -> list[float]:
    await work()  # warm-up: connection pool, first-call costs
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await work()
        samples.append(time.perf_counter() - started)
    return samples


async def bench(latency: float, runs: int, tmp: Path) -> None:
    config = parse_config(CONFIG, "bench.yaml", {})
    ids = tmp / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    fake = FakeHindsight("1.1.0", latency=latency)
    for bank, texts in SEED.items():
        store = fake._create(bank)
        for i, text in enumerate(texts):
            store.memories.append({"id": f"{bank}-{i}", "text": text, "type": "observation", "context": None,
                                   "document_id": f"{bank}-d{i}", "tags": [], "metadata": None,
                                   "occurred_start": None, "mentioned_at": "2026-01-01T00:00:00Z"})
    backend = HindsightBackend(URL, transport=fake.transport, timeouts=30.0, max_inflight=4)
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend})
    alice = plane.identify("telegram", "1001")

    async def parallel() -> Any:
        return await recall_scopes(plane.acl, alice, SCOPES, query=QUERY, types=("observation",))

    async def search() -> Any:
        return await plane.search(alice, QUERY, SCOPES)

    async def sequential() -> Any:
        return [await recall_scopes(plane.acl, alice, [scope], query=QUERY, types=("observation",))
                for scope in SCOPES]

    try:
        result = await parallel()
        hits = {o.scope: len(o.hits) for o in result.outcomes}
        print(f"3 scopes x {latency * 1000:.0f} ms per backend request, {runs} runs each "
              f"(hits per scope: {', '.join(f'{k} {v}' for k, v in hits.items())})")
        rows = []
        for name, work in (("parallel (recall_scopes)", parallel), ("plane.search (fan-out + merge)", search),
                           ("sequential", sequential)):
            samples = await timed(runs, work)
            rows.append((name, samples))
            print(f"  {name:<32} median {statistics.median(samples) * 1000:7.1f} ms   "
                  f"min {min(samples) * 1000:7.1f} ms   max {max(samples) * 1000:7.1f} ms")
        speedup = statistics.median(rows[2][1]) / statistics.median(rows[0][1])
        print(f"  sequential / parallel (medians): {speedup:.2f}x")
    finally:
        await plane.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per backend request (default 0.1)")
    parser.add_argument("--runs", type=int, default=15, help="runs per variant (default 15)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(bench(args.latency, args.runs, Path(tmp)))


if __name__ == "__main__":
    main()
