"""No memory is lost: 1 000 accepted candidates, 30% injected backend failures and a SIGKILL mid-delivery.

FakeHindsight runs behind a real HTTP server in this test process (so its state outlives the coordinator
processes), answering 30% of retain requests with 503. A first subprocess judges 1 000 turns (one accepted
candidate each), queues them in the durable outbox and starts delivering; it is killed with SIGKILL once about a
third has arrived. A second subprocess opens the same outbox and drains it. Every accepted document must then be
in its bank exactly once, and nothing else.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from wetopi_memory.backends.fake_hindsight import FakeHindsight

N_TURNS = 1000
FAILURE_RATE = 0.30
KILL_AFTER = 300

IDENTITIES = """
users:
  u_ana: {display_name: Ana, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
"""

CHILD = textwrap.dedent('''
    import asyncio, json, sys
    from pathlib import Path
    from wetopi_memory.backends.hindsight import HindsightBackend
    from wetopi_memory.config import parse_config
    from wetopi_memory.identity import IdentityResolver
    from wetopi_memory.plane import MemoryPlane
    from wetopi_memory.retain import Backoff, Outbox, RetainTuning

    mode, url, workdir, n = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
    config = parse_config(
        "backend: {type: hindsight, url: '" + url + "'}\\n"
        "stores:\\n"
        "  personal: {bank_template: 'user-{internal_user_id}'}\\n"
        "  business: {bank: wetopi-business}\\n"
        "  platform: {bank: wetopi-platform}\\n", "c.yaml", {})
    resolver = IdentityResolver.from_file(workdir / "ids.yaml", known_scopes=config.stores)
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": HindsightBackend(url, timeouts=10)},
                        outbox=Outbox(workdir / "outbox.db", max_items=5000),
                        retain_tuning=RetainTuning(backoff=Backoff(base_seconds=0.002, cap_seconds=0.02, jitter=0.5)))
    ana = plane.identify("telegram", "1001")
    co = plane.retention
    TEMPLATES = [
        "We decided that service svc-{i:04d} always runs on node pool np-{p} of the RKE2 cluster.",
        "We decided that customer account acct-{i:04d} is billed {p}9 EUR per month.",
        "I prefer that report rpt-{i:04d} is always sent to me on Mondays.",
    ]

    async def produce():
        accepted = []
        for i in range(n):
            report = co.submit_turn(ana, session_id="noloss", turn_id=f"t{i}",
                                    user_message=TEMPLATES[i % 3].format(i=i, p=i % 7))
            accepted += [[d.bank, d.document_id] for d in report.accepted]
        (workdir / "accepted.json").write_text(json.dumps(accepted))
        print("ready", len(accepted), flush=True)
        await co.start()
        await co.flush(600)
        print("drained", flush=True)

    async def drain():
        await co.start()
        ok = await co.flush(300)
        await co.stop()
        stats = co.outbox.stats()
        print(json.dumps({"ok": ok, "depth": stats.depth, "failed": stats.failed, "counters": stats.counters}))

    asyncio.run(produce() if mode == "produce" else drain())
''')


class FlakyFakeServer:
    """FakeHindsight over real HTTP; `failure_rate` of retain requests answer 503 before reaching the fake."""

    def __init__(self, failure_rate: float, seed: int = 7, latency: float = 0.002) -> None:
        self.fake = FakeHindsight("1.1.0")
        self.rng = random.Random(seed)
        self.failure_rate = failure_rate
        self.latency = latency
        self.injected = 0
        self.deliveries: Counter[tuple[str, str]] = Counter()   # (bank, document id) -> successful retains
        self.retain_requests = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                return None

            def _any(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status, payload = outer.handle(self.command, self.path, dict(self.headers), body)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _any

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def handle(self, method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
        time.sleep(self.latency)
        is_retain = method == "POST" and path.endswith("/memories")
        if is_retain:
            self.retain_requests += 1
            if self.rng.random() < self.failure_rate:
                self.injected += 1
                return 503, b'{"detail": "injected fault"}'
        request = httpx.Request(method, "http://fake" + path, headers=headers, content=body)
        response = asyncio.run(self.fake._handle(request))
        if is_retain and response.status_code == 200:
            bank = path.split("/")[4]
            for entry in json.loads(body)["items"]:
                self.deliveries[(bank, entry["document_id"])] += 1
        return response.status_code, response.content

    def delivered(self) -> int:
        return len(self.deliveries)

    def __enter__(self) -> FlakyFakeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def server() -> Iterator[FlakyFakeServer]:
    with FlakyFakeServer(FAILURE_RATE) as running:
        yield running


def _child(mode: str, server: FlakyFakeServer, workdir: Path) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WETOPI_", "HINDSIGHT_"))}
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return [sys.executable, str(workdir / "child.py"), mode, server.url, str(workdir), str(N_TURNS)], env  # type: ignore[return-value]


@pytest.mark.timeout(600)
def test_no_accepted_memory_is_lost_across_failures_and_a_kill(server: FlakyFakeServer, tmp_path: Path) -> None:
    (tmp_path / "ids.yaml").write_text(IDENTITIES)
    (tmp_path / "child.py").write_text(CHILD)
    started = time.monotonic()

    argv, env = _child("produce", server, tmp_path)
    producer = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert producer.stdout is not None
    ready = producer.stdout.readline()
    assert ready.startswith("ready"), producer.stderr.read() if producer.stderr else ready
    deadline = time.monotonic() + 300
    while server.delivered() < KILL_AFTER and time.monotonic() < deadline and producer.poll() is None:
        time.sleep(0.002)
    os.kill(producer.pid, signal.SIGKILL)
    producer.wait(30)
    killed_at = server.delivered()
    assert producer.returncode == -signal.SIGKILL
    assert KILL_AFTER <= killed_at < N_TURNS, "the kill must land mid-delivery"

    accepted = [tuple(pair) for pair in json.loads((tmp_path / "accepted.json").read_text())]
    assert len(accepted) == N_TURNS == len(set(accepted))

    argv, env = _child("drain", server, tmp_path)
    drained = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=400)
    assert drained.returncode == 0, drained.stderr
    outcome = json.loads(drained.stdout.strip().splitlines()[-1])
    assert outcome["ok"] and outcome["depth"] == 0 and outcome["failed"] == 0

    # Every accepted item arrived, exactly once by document id in the bank state, and nothing else did.
    stored = [(bank, m["document_id"]) for bank, b in server.fake.banks.items() for m in b.memories]
    assert len(stored) == len(set(stored)) == N_TURNS
    assert set(stored) == set(accepted)
    # The request log: each document was delivered at least once; only the batch in flight at the kill can have
    # been delivered twice (re-delivery is idempotent: same document id).
    assert set(server.deliveries) == set(accepted)
    redelivered = sum(count - 1 for count in server.deliveries.values())
    assert redelivered <= 1
    assert server.injected >= 0.2 * server.retain_requests
    figures = {"accepted": len(accepted), "retain_requests": server.retain_requests, "injected_503": server.injected,
               "delivered_before_kill": killed_at, "redelivered_after_kill": redelivered,
               "reclaimed_leases": outcome["counters"].get("reclaimed", 0),
               "retries": outcome["counters"].get("retries", 0), "seconds": round(time.monotonic() - started, 1)}
    print("\nno-loss figures:", json.dumps(figures))
