"""Benchmark the curated retain path: what `post_tool_call` and `post_llm_call` cost on the Hermes turn, and how
fast the worker drains the outbox into FakeHindsight.

    .venv/bin/python bench/bench_retain_pipeline.py [--turns 500]

Prints p50/p95/max of `record_tool_call` and `submit_turn` (analysis + policy + one durable SQLite transaction
per scope, synchronous=FULL) and the delivery throughput (one retain request per scope per turn).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Outbox

URL = "http://hindsight.bench"
CONFIG = f"""
backend: {{type: hindsight, url: "{URL}"}}
stores:
  personal: {{bank_template: "user-{{internal_user_id}}"}}
  business: {{bank: wetopi-business}}
  platform: {{bank: wetopi-platform}}
"""
IDENTITIES = """
users:
  u_ana: {display_name: Ana, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
"""
USER = ("Decidimos que el plan {i} de Hermes costará 49 € al mes. The root cause of incident {i} was the conntrack "
        "table on the WAN nodes; verified with kubectl. Prefiero respuestas cortas para el informe {i}. "
        "Maybe we should also try Loki. Thanks!")
ANSWER = ("Understood. I checked the nodes with kubectl and the conntrack table was full on wan-{i}. "
          "I'll keep the reports short. Let me know if you need anything else.")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=500)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-retain-"))
    (tmp / "ids.yaml").write_text(IDENTITIES)
    config = parse_config(CONFIG, "bench.yaml", {})
    fake = FakeHindsight("1.1.0")
    plane = MemoryPlane(config, identities=IdentityResolver.from_file(tmp / "ids.yaml", known_scopes=config.stores),
                        backends={"hindsight": HindsightBackend(URL, transport=fake.transport)},
                        outbox=Outbox(tmp / "outbox.db", max_items=100_000))
    ana = plane.identify("telegram", "1001")
    co = plane.retention

    tool_ms: list[float] = []
    turn_ms: list[float] = []
    accepted = 0
    for i in range(args.turns):
        for j in range(8):
            started = time.perf_counter()
            co.record_tool_call(session_id="bench", turn_id=f"t{i}", tool_name="kubectl_exec",
                                args={"command": f"kubectl exec wan-{j} -- conntrack -S"},
                                result="cpu=0 found=0 invalid=12 drop=9123\n" * 200, status="ok", duration_ms=30)
            tool_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        report = co.submit_turn(ana, session_id="bench", turn_id=f"t{i}", user_message=USER.format(i=i),
                                assistant_response=ANSWER.format(i=i))
        turn_ms.append((time.perf_counter() - started) * 1000)
        accepted += len(report.accepted)

    started = time.perf_counter()
    assert asyncio.run(co.flush(600))
    drain = time.perf_counter() - started
    requests = fake.counts["retain"]
    print(f"turns {args.turns}, accepted candidates {accepted}, retain requests {requests} "
          f"({requests / args.turns:.2f} per turn, scopes per turn <= 3)")
    print(f"record_tool_call ms: p50 {statistics.median(tool_ms):.3f}  p95 {pct(tool_ms, 0.95):.3f}  "
          f"max {max(tool_ms):.3f}")
    print(f"submit_turn ms:      p50 {statistics.median(turn_ms):.2f}  p95 {pct(turn_ms, 0.95):.2f}  "
          f"max {max(turn_ms):.2f}")
    print(f"delivery: {requests} requests in {drain:.2f}s ({requests / drain:.0f} req/s)")
    co.close()


if __name__ == "__main__":
    main()
