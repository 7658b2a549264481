"""Per-turn wall time of a real Hermes Agent 0.19.0 turn (stub LLM), with and without wetopi-memory.

    .venv/bin/python bench/bench_hermes_turn.py [--turns 40] [--latency-ms 100] [--pause 0.3]

Three arms, each a fresh Hermes process running one gateway-style conversation (platform=telegram, a known
user) through `AIAgent.run_conversation`, all against the same stub LLM and the same memory backend:

* `no plugin`       - wetopi-memory not enabled;
* `prefetch warm`   - wetopi-memory as shipped: the context of turn N+1 comes from the prefetch started after
                      turn N (the pause between turns stands for the user typing), retain is queued and
                      delivered in the background;
* `prefetch, no tools` - the same, with the four memory tools not offered to the model (separates the cost of
                      Hermes handling tool schemas from the cost of memory);
* `sync every turn` - the same, with `recall.cache.enabled: false`: every (high-confidence) turn recalls
                      synchronously inside `pre_llm_call`, which is what the design forbids as the default.

The backend is a real HTTP server on 127.0.0.1 serving `FakeHindsight` (the package's in-memory Hindsight API)
with 100 ms of latency on every request, so the plugin's real HindsightBackend, httpx pool, retries and
timeouts are all on the path and only the server's storage is simulated. The messages are platform questions
and statements that the router sends to `platform` with high confidence.

Prints figures only: per arm the median and p90 of turn wall time (turns 2..N of every process; the first turn
pays for the session start and a cold cache), the added median versus no plugin and the ratio, and the median
time Hermes spent inside the plugin's hooks per turn (`hooks`: what the plugin itself puts on the turn's path,
measured inside the Hermes process, immune to the machine's noise). The arms run round-robin, rotating the
order each round. The goal: wetopi-memory adds < 5 ms median per turn after the first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import yaml  # noqa: E402

from tests.e2e.hermes_env import ensure_hermes  # noqa: E402
from wetopi_memory.backends.fake_hindsight import FakeHindsight  # noqa: E402

RUNNER = ROOT / "tests" / "e2e" / "run_turns.py"
STUB = ROOT / "tests" / "e2e" / "stub_llm.py"
MESSAGES = [
    "How is the RKE2 Kubernetes cluster networking configured?",
    "Decision: the RKE2 Kubernetes clusters use Cilium as the CNI with kube-proxy replacement.",
    "Which ingress controller runs on our Kubernetes clusters?",
    "The Argo CD sync of the platform cluster failed again, check the Kubernetes pods.",
    "Decision: Argo CD deploys every Kubernetes change from the platform-gitops repository.",
    "How do we rotate the certificates of the RKE2 Kubernetes control plane?",
    "What storage class do the Kubernetes clusters use for databases?",
    "Decision: Longhorn is the default storage class on every RKE2 Kubernetes cluster.",
]


# ---------------------------------------------------------------------------------------------- backend


class FakeHindsightServer:
    """FakeHindsight behind a real HTTP listener on 127.0.0.1, every request delayed by `latency`.

    `fake` replaces the default FakeHindsight (its own latency applies); `served` records every request
    answered as {"method", "path", "start", "end"} (wall clock, comparable with the stub LLM's log)."""

    def __init__(self, latency: float, fake: FakeHindsight | None = None) -> None:
        self.fake = fake if fake is not None else FakeHindsight("1.1.0", latency=latency)
        self.served: list[dict[str, Any]] = []
        served = self.served
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="fake-hindsight", daemon=True).start()
        fake, loop = self.fake, self.loop

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _serve(self) -> None:
                start = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = httpx.Request(self.command, f"http://fake{self.path}", headers=dict(self.headers),
                                        content=body)
                response = asyncio.run_coroutine_threadsafe(fake._handle(request), loop).result(60)
                data = response.content
                self.send_response(response.status_code)
                for key, value in response.headers.items():
                    if key.lower() not in ("content-length", "transfer-encoding", "connection"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up: fine
                    self.wfile.write(data)
                served.append({"method": self.command, "path": self.path, "start": start, "end": time.time()})

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        report_error = self.server.handle_error

        def handle_error(request: Any, client_address: Any) -> None:
            if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that hung up is no server error
                report_error(request, client_address)

        self.server.handle_error = handle_error  # type: ignore[method-assign]
        threading.Thread(target=self.server.serve_forever, name="fake-hindsight-http", daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.loop.call_soon_threadsafe(self.loop.stop)


def hermes_config(stub_port: int, *, plugin: bool) -> str:
    """Hermes' own config.yaml for a bench process: the stub LLM, wetopi-memory enabled or not, nothing online."""
    return yaml.safe_dump({
        "model": {"provider": "custom", "default": "stub-model", "base_url": f"http://127.0.0.1:{stub_port}/v1",
                  "api_key": "sk-stub"},
        "plugins": {"enabled": ["wetopi-memory"] if plugin else []},
        "security": {"allow_lazy_installs": False, "tirith_enabled": False},
        "agent": {"environment_probe": False},
    })


SEED = [
    "The RKE2 Kubernetes clusters use Cilium as the CNI.",
    "ingress-nginx is the ingress controller on every Kubernetes cluster.",
    "Argo CD deploys the platform from the platform-gitops repository.",
    "cert-manager rotates the RKE2 control plane certificates.",
    "Longhorn provides the storage class for databases on Kubernetes.",
]


def seed(url: str, bank: str = "bench-platform", texts: list[str] = SEED) -> None:
    """A few platform memories, so every arm with the plugin has something to inject from the first turn."""
    from wetopi_memory.backends.hindsight import HindsightBackend
    from wetopi_memory.models import RetainItem

    async def main() -> None:
        backend = HindsightBackend(url)
        try:
            await backend.retain(bank, [RetainItem(content=text, document_id=f"seed-{i}")
                                        for i, text in enumerate(texts)])
        finally:
            await backend.aclose()

    asyncio.run(main())


# ---------------------------------------------------------------------------------------------- one arm


def run_arm(python: Path, work: Path, *, plugin: bool, cache: bool, backend_url: str, turns: int,
            pause: float, tools: bool = True) -> dict[str, Any]:
    home = work / "home"
    plugin_dir = home / "plugins" / "wetopi-memory"
    plugin_dir.mkdir(parents=True)
    for name in ("plugin.yaml", "__init__.py"):
        (plugin_dir / name).write_bytes((ROOT / "plugin" / name).read_bytes())
    (plugin_dir / "identities.yaml").write_text(yaml.safe_dump({"version": 1, "users": {"u_bench": {
        "allowed_scopes": ["personal", "business", "platform"], "accounts": ["telegram:4242"]}}}))
    (plugin_dir / "config.yaml").write_text(yaml.safe_dump({
        "version": 1,
        "backend": {"type": "hindsight", "url": backend_url, "timeout_seconds": 5},
        "recall": {"cache": {"enabled": cache}, "automatic": {"types": ["observation", "world"]}},
        "stores": {"personal": {"bank_template": "bench-user-{internal_user_id}"},
                   "business": {"bank": "bench-business"}, "platform": {"bank": "bench-platform"}},
        "identity": {"file": "identities.yaml"},
    }, sort_keys=False))
    log = work / "stub.jsonl"
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TMPDIR")}
    env.update(HOME=str(work), HERMES_HOME=str(home), HERMES_DISABLE_LAZY_INSTALLS="1", TIRITH_ENABLED="false",
               WETOPI_MEMORY_STATE_DIR=str(work / "state"), NO_PROXY="127.0.0.1,localhost",
               no_proxy="127.0.0.1,localhost")
    stub = subprocess.Popen([str(python), str(STUB), "--log", str(log)], stdout=subprocess.PIPE, text=True,
                            env=env)
    try:
        assert stub.stdout is not None
        port = int(stub.stdout.readline())
        (home / "config.yaml").write_text(hermes_config(port, plugin=plugin))
        spec = {"base_url": f"http://127.0.0.1:{port}/v1", "toolsets": ["wetopi_memory" if tools else "none"],
                "finalize": True,
                "instrument": False,
                "turns": [{"agent": "a", "session_id": "bench-session", "platform": "telegram", "user_id": "4242",
                           "message": MESSAGES[i % len(MESSAGES)], "pause_before": pause if i else 0}
                          for i in range(turns)]}
        (work / "spec.json").write_text(json.dumps(spec))
        done = subprocess.run([str(python), str(RUNNER), str(work / "spec.json"), str(work / "result.json")],
                              env=env, cwd=str(work), capture_output=True, text=True, timeout=900)
    finally:
        stub.terminate()
        stub.wait(10)
    if done.returncode != 0:
        raise SystemExit(f"Hermes failed: {done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads((work / "result.json").read_text())
    if result.get("exception"):
        raise SystemExit(result["exception"])
    if plugin and not result.get("plugin_loaded"):
        raise SystemExit(f"wetopi-memory did not load: {result.get('plugin_error')}")
    chats = [json.loads(line) for line in log.read_text().splitlines() if '"chat/completions"' in line
             or "/chat/completions" in line]
    bodies = [c["body"] for c in chats if c.get("method") == "POST" and "messages" in c.get("body", {})]
    result["injected_requests"] = sum(1 for b in bodies if "[Wetopi Memory Plane]" in json.dumps(b["messages"]))
    result["tools_offered"] = max((len(b.get("tools") or []) for b in bodies), default=0)
    return result


def summary(results: list[dict[str, Any]]) -> dict[str, float]:
    turns = [t for result in results for t in result["turns"][1:]]
    walls = sorted(t["seconds"] * 1000 for t in turns)
    hooks = sorted(sum(t["hook_seconds"].values()) * 1000 for t in turns)
    pre = sorted(t["hook_seconds"].get("pre_llm_call", 0.0) * 1000 for t in turns)
    post = sorted(t["hook_seconds"].get("post_llm_call", 0.0) * 1000 for t in turns)
    return {"median": statistics.median(walls), "p90": walls[int(0.9 * (len(walls) - 1))],
            "hooks": statistics.median(hooks), "hooks_p90": hooks[int(0.9 * (len(hooks) - 1))],
            "pre": statistics.median(pre), "post": statistics.median(post),
            "first": statistics.median(result["turns"][0]["seconds"] * 1000 for result in results),
            "samples": len(turns)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=15, help="turns per Hermes process")
    parser.add_argument("--rounds", type=int, default=3,
                        help="processes per arm, run round-robin across the arms so machine noise hits all alike")
    parser.add_argument("--latency-ms", type=float, default=100.0)
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between turns (not timed)")
    args = parser.parse_args()
    python = ensure_hermes()
    server = FakeHindsightServer(args.latency_ms / 1000)
    seed(server.url)
    arms = [("no plugin", False, True, True), ("prefetch warm", True, True, True),
            ("prefetch, no tools", True, True, False), ("sync every turn", True, False, True)]
    raw: dict[str, list[dict[str, Any]]] = {name: [] for name, *_ in arms}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-hermes-") as tmp:
            for round_ in range(args.rounds):
                order = arms[round_ % len(arms):] + arms[:round_ % len(arms)]  # rotate: no arm always goes first
                for index, (name, plugin, cache, tools) in enumerate(order):
                    raw[name].append(run_arm(python, Path(tmp) / f"r{round_}-arm{index}", plugin=plugin,
                                             cache=cache, backend_url=server.url, turns=args.turns,
                                             pause=args.pause, tools=tools))
    finally:
        requests = dict(server.fake.counts)
        server.close()
    results = {name: summary(runs) for name, runs in raw.items()}
    injected = {name: sum(r["injected_requests"] for r in runs) for name, runs in raw.items()}
    offered = {name: max(r["tools_offered"] for r in runs) for name, runs in raw.items()}
    base = results["no plugin"]["median"]
    print(f"Hermes 0.19.0 turn, stub LLM, backend latency {args.latency_ms:.0f} ms/request; per arm {args.rounds} "
          f"processes x {args.turns} turns (turn 1 of each excluded), {args.pause:.1f}s between turns")
    print(f"{'arm':<20}{'median ms':>10}{'p90 ms':>9}{'added ms':>10}{'ratio':>7}{'hooks ms':>10}"
          f"{'pre_llm ms':>11}{'post_llm ms':>12}{'turn 1 ms':>10}{'injected':>9}{'tools':>6}")
    for name, s in results.items():
        print(f"{name:<20}{s['median']:>10.1f}{s['p90']:>9.1f}{s['median'] - base:>10.1f}"
              f"{s['median'] / base:>7.2f}{s['hooks']:>10.2f}{s['pre']:>11.2f}{s['post']:>12.2f}"
              f"{s['first']:>10.1f}{injected[name]:>9}{offered[name]:>6}")
    print(f"backend requests: {json.dumps(requests, sort_keys=True)}")


if __name__ == "__main__":
    main()
