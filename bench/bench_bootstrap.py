"""Bootstrap of many banks against a server with fixed per-request latency: wall time vs the ideal
`requests / concurrency × latency`, side by side with a one-request-at-a-time client, and the idempotent re-run.

Uses FakeHindsight (the in-package fake server) with an injected latency. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.banks import reconcile
from wetopi_memory.banks.reconcile import allowed_keys
from wetopi_memory.banks.spec import DesiredBank

URL = "http://bench.invalid:8888"


def desired(count: int) -> list[DesiredBank]:
    return [DesiredBank(f"bench-{i:04d}", f"Bench bank {i}",
                        {"retain_extraction_mode": "concise", "enable_observations": True,
                         "recall_max_tokens": 1000 + i, "retain_mission": f"Retain durable facts for bank {i}."},
                        "bench") for i in range(count)]


async def one_run(banks: list[DesiredBank], concurrency: int, latency: float) -> dict[str, float]:
    fake = FakeHindsight("1.1.0", latency=latency)
    backend = HindsightBackend(URL, transport=fake.transport, max_inflight=concurrency)
    results: dict[str, float] = {}
    for label in ("first", "rerun"):
        before_requests, before_writes = len(fake.requests), fake.writes
        started = time.perf_counter()
        await allowed_keys(backend, [])  # what reconcile_file does before planning
        report = await reconcile(backend, banks, concurrency=concurrency)
        wall = time.perf_counter() - started
        assert report.converged
        results[f"{label}_wall"] = wall
        results[f"{label}_requests"] = len(fake.requests) - before_requests
        results[f"{label}_writes"] = fake.writes - before_writes
    await backend.aclose()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--banks", type=int, default=200)
    parser.add_argument("--latency-ms", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    latency = args.latency_ms / 1000
    banks = desired(args.banks)
    bounded = asyncio.run(one_run(banks, args.concurrency, latency))
    naive = asyncio.run(one_run(banks, 1, latency))
    ideal = bounded["first_requests"] / args.concurrency * latency
    print(f"bootstrap of {args.banks} banks, {args.latency_ms:.0f} ms per request")
    print(f"  concurrency {args.concurrency}: {bounded['first_wall']:.2f} s for {bounded['first_requests']:.0f} "
          f"requests ({bounded['first_writes']:.0f} writes); ideal requests/concurrency*latency = {ideal:.2f} s; "
          f"ratio to ideal {bounded['first_wall'] / ideal:.2f}x")
    print(f"  one request at a time: {naive['first_wall']:.2f} s for {naive['first_requests']:.0f} requests; "
          f"bounded-concurrency speed-up {naive['first_wall'] / bounded['first_wall']:.1f}x")
    print(f"  idempotent re-run: {bounded['rerun_wall']:.2f} s, {bounded['rerun_requests']:.0f} requests, "
          f"{bounded['rerun_writes']:.0f} writes")


if __name__ == "__main__":
    main()
