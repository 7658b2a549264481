"""No content anywhere it must not be: a full scenario seeded with canaries, then every log record, the audit
trails, the metrics and a real CLI process's output are searched for them.

Canaries: memory content and user messages (`CONTENT`), queries (`QUERY`), a tool's output, a live secret, a scope
name made up by the model, and backend error bodies that echo a canary (`{"detail": "<canary>"}` on 500 and 422,
and a malformed JSON body). The scenario runs the Hermes plugin's hooks and tools (turns with secrets and
canaries, tool searches, explicit retains, refusals, reflect, status, a synchronous recall) first against a
healthy backend, then a failing one, then a CLI process against an HTTP server that answers every data call
with the canary. Content legitimately reaches the backend (it is what memory is for); it must never reach a log
line, the audit trail, the metrics or the CLI's output.
"""

from __future__ import annotations

import json
import logging
import os
import pwd
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.support.faults import FaultTransport
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import load_config
from wetopi_memory.hermes import HermesPlugin
from wetopi_memory.hermes import runtime as _runtime
from wetopi_memory.plane import MemoryPlane

TAG = uuid.uuid4().hex[:12]
CONTENT = f"canarycontent{TAG}"
QUERY = f"canaryquery{TAG}"
TOOL = f"canarytool{TAG}"
SCOPE = f"canaryscope{TAG}"
ERROR = f"canaryerror{TAG}"
SECRET = "sk_live_" + "51HqLyjWDarjtT1zdp7dc4eC39"
CANARIES = (CONTENT, QUERY, TOOL, SCOPE, ERROR, SECRET)
# Ana is also the account that runs the CLI here, so the CLI acts as herself (no operator role needed).
IDENTITIES = ("users:\n  u_ana: {allowed_scopes: [personal, business, platform], accounts: ['telegram:7', "
              f"'cli:{pwd.getpwuid(os.geteuid()).pw_name}']}}\n")


def config_text(url: str, audit: Path, timeout: float = 0.5) -> str:
    return f"""
backend:
  type: hindsight
  url: "{url}"
  timeout_seconds: {timeout}
  timeouts: {{recall: {timeout}, retain: {timeout}, reflect: {timeout}, config: {timeout}}}
  retry: {{max_attempts: 2, backoff_seconds: 0.01}}
recall:
  automatic: {{types: [observation, world]}}
stores:
  personal: {{bank_template: "user-{{internal_user_id}}"}}
  business: {{bank: wetopi-business}}
  platform: {{bank: wetopi-platform}}
observability: {{audit_path: "{audit}"}}
"""


def leaks(text: str) -> list[str]:
    return [c for c in CANARIES if c in text]


def record_text(record: logging.LogRecord) -> str:
    """Everything a handler could print from a record: message, arguments, exception, and extra fields."""
    parts = [record.getMessage(), repr(record.args)]
    if record.exc_info:
        parts.append(logging.Formatter().formatException(record.exc_info))
    parts += [repr(v) for k, v in vars(record).items() if k.startswith("wetopi_")]
    return "\n".join(parts)


@pytest.fixture
def plugin_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[HermesPlugin, FaultTransport,
                                                                                   FakeHindsight, Path]]:
    fake = FakeHindsight("1.1.0")
    faults = FaultTransport(fake.transport, ERROR)
    original = HindsightBackend.__init__

    def with_faults(self: HindsightBackend, url: str, **kwargs: Any) -> None:
        kwargs["transport"] = faults
        original(self, url, **kwargs)

    monkeypatch.setattr(HindsightBackend, "__init__", with_faults)
    state = tmp_path / "state"
    environ = {"WETOPI_MEMORY_STATE_DIR": str(state), "HERMES_HOME": str(tmp_path / "hermes")}
    config = tmp_path / "config.yaml"
    config.write_text(config_text("http://hindsight.test:8888", tmp_path / "audit.jsonl"))
    (tmp_path / "ids.yaml").write_text(IDENTITIES)
    plane = MemoryPlane.open(load_config(config, environ), identities=tmp_path / "ids.yaml", environ=environ,
                             agent="canary-agent", outbox="durable")
    runtime = _runtime.Runtime(name="canary-io")
    plugin = HermesPlugin(plane, runtime=runtime, environ=environ)
    yield plugin, faults, fake, tmp_path
    runtime.shutdown(5.0)


def run_session(plugin: HermesPlugin, faults: FaultTransport, turn: int) -> None:
    """One session's worth of hooks and tool calls, every text carrying canaries."""
    who = {"session_id": "s1", "platform": "telegram", "sender_id": "7"}
    plugin.pre_llm_call(**who, turn_id=f"t{turn}", user_message=f"How is ingress configured on RKE2? {CONTENT}")
    plugin.post_tool_call(session_id="s1", turn_id=f"t{turn}", tool_name="terminal",
                          args={"command": f"kubectl get ingress -A {TOOL}"},
                          result=f"NAME CLASS HOSTS\nweb nginx {TOOL}.wetopi.test\n{SECRET}", status="ok",
                          duration_ms=12)
    plugin.post_llm_call(session_id="s1", turn_id=f"t{turn}", platform="telegram",
                         user_message=(f"We decided that the ingress controller stays nginx behind IPVS on every "
                                       f"RKE2 cluster, see {CONTENT}."),
                         assistant_response=f"Noted: {CONTENT}. Maybe the cache is the real problem.")
    plugin.post_llm_call(session_id="s1", turn_id=f"t{turn}b", platform="telegram",
                         user_message=f"We decided the Stripe live key for billing is {SECRET} ({CONTENT}).",
                         assistant_response="Saved.")
    plugin.pre_llm_call(**who, turn_id=f"t{turn}c",
                        user_message=f"What did we decide about the ingress controller on RKE2? Search our memory for "
                                     f"{QUERY}.")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("memory_search", {"query": f"ingress controller RKE2 {QUERY}"}),
        ("memory_search", {"query": f"{QUERY} runbook", "scopes": ["platform", "business"], "mode": "deep"}),
        ("memory_retain", {"content": f"We decided that Ceph backups run nightly at 02:00 ({CONTENT} {turn}).",
                           "scope": "platform", "reason": f"confirmed {CONTENT}"}),
        ("memory_retain", {"content": f"Our Stripe key is {SECRET} ({CONTENT}).", "scope": "business"}),
        ("memory_retain", {"content": f"The wiki lives at {CONTENT}.wetopi.test", "scope": "wetopi-platform"}),
        ("memory_retain", {"content": f"Remember {CONTENT}", "scope": SCOPE}),
        ("memory_search", {"query": f"{QUERY}", "scopes": [SCOPE]}),
        ("memory_reflect", {"query": f"What do we know about {QUERY}?", "scopes": ["platform"]}),
        ("memory_status", {}),
    ]
    for name, args in calls:
        answer = plugin.handlers()[name](args, session_id="s1", task_id="s1", turn_id=f"t{turn}c")
        assert isinstance(answer, str)
    plugin.on_session_end(session_id="s1", turn_id=f"t{turn}c", completed=True, interrupted=False)
    assert faults is not None


class EchoServer(BaseHTTPRequestHandler):
    """A Hindsight that is healthy but answers data calls with 422/500 bodies echoing the canary."""

    def _json(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _drain(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)

    def do_GET(self) -> None:
        if self.path == "/health":
            self._json(200, {"status": "healthy"})
        elif self.path == "/version":
            self._json(200, {"api_version": "1.1.0"})
        elif self.path.split("?")[0] == "/v1/default/banks":
            self._json(200, {"banks": [], "total": 0})
        else:
            self._json(500, {"detail": f"internal error near {ERROR}"})

    def do_POST(self) -> None:
        self._drain()
        status = 422 if self.path.endswith("/memories") else 500
        self._json(status, {"detail": f"cannot process {ERROR}"})

    def do_PUT(self) -> None:
        self._drain()
        self._json(500, {"detail": f"bank store failed near {ERROR}"})

    do_PATCH = do_PUT

    def log_message(self, format: str, *args: Any) -> None:
        return None


def test_no_canary_in_logs_audit_metrics_or_cli_output(plugin_env: tuple[HermesPlugin, FaultTransport,
                                                                           FakeHindsight, Path],
                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, every level
    plugin, faults, fake, tmp = plugin_env

    run_session(plugin, faults, 1)  # healthy
    deadline = time.monotonic() + 10
    while plugin.queue_depth() and time.monotonic() < deadline:  # let the healthy round land before any fault
        time.sleep(0.05)
    for fault in ("http_500", "http_422", "malformed_json"):  # error bodies echo the ERROR canary
        faults.arm(fault)
        run_session(plugin, faults, {"http_500": 2, "http_422": 3, "malformed_json": 4}[fault])
    faults.arm("http_422")
    plugin.on_session_finalize(session_id="s1", reason="shutdown")  # bounded flush: deliveries hit the 422
    faults.arm(None)
    metrics = plugin.plane.metrics.render().decode()
    plugin.close()

    # The scenario did what it claims: content reached the backend, refusals and secrets were audited.
    stored = [m["text"] for bank in fake.banks.values() for m in bank.memories]
    assert any(CONTENT in text for text in stored) and not any(SECRET in text for text in stored)
    assert faults.faulted > 0
    audit = (tmp / "audit.jsonl").read_text()
    events = {json.loads(line)["event"] for line in audit.splitlines()}
    assert {"retain.decision", "security.secret_rejected", "security.acl_denied", "retain.turn"} <= events
    operations = {r.wetopi_op for r in caplog.records if hasattr(r, "wetopi_op")}
    assert {"search", "retain", "reflect", "status", "inject", "prefetch", "sync_recall", "retain_turn",
            "retain_delivery"} <= operations, operations

    # CLI: a real process against a server whose error bodies echo the canary.
    server = ThreadingHTTPServer(("127.0.0.1", 0), EchoServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    cli_output = ""
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        config = tmp / "cli-config.yaml"
        config.write_text(config_text(url, tmp / "cli-audit.jsonl", timeout=2.0))
        banks = tmp / "banks.yaml"
        banks.write_text("version: 1\nbanks:\n  wetopi-platform:\n    name: Wetopi Platform\n    config:\n"
                         "      retain_mission: Keep durable platform knowledge.\n")
        env = {**os.environ, "WETOPI_MEMORY_STATE_DIR": str(tmp / "cli-state"), "HERMES_HOME": str(tmp / "h"),
               "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
        env.pop("WETOPI_MEMORY_CONFIG", None)
        commands = [
            ["recall", f"ingress controller {QUERY}", "--scope", "platform", "--user", "telegram:7"],
            ["retain", f"We decided that the ingress controller stays nginx on every RKE2 cluster ({CONTENT}).",
             "--scope", "platform", "--user", "telegram:7"],
            ["retain", f"Our Stripe key is {SECRET} ({CONTENT}).", "--scope", "business", "--user", "telegram:7"],
            ["retain", f"Remember {CONTENT}", "--scope", SCOPE, "--user", "telegram:7"],
            ["reflect", f"What do we know about {QUERY}?", "--scope", "platform", "--user", "telegram:7"],
            ["bootstrap", str(banks)],
            ["status", "--user", "telegram:7"],
        ]
        codes = []
        for args in commands:
            proc = subprocess.run(
                [sys.executable, "-c", "from wetopi_memory_cli.app import main; main()", "--config", str(config),
                 "--identities", str(tmp / "ids.yaml"), *args],
                capture_output=True, text=True, env=env, timeout=120, check=False)
            codes.append(proc.returncode)
            cli_output += proc.stdout + proc.stderr
        assert codes == [2, 2, 2, 2, 0, 2, 0], (codes, cli_output[-2000:])
    finally:
        server.shutdown()
        server.server_close()

    found = {
        "log records": sorted({c for r in caplog.records for c in leaks(record_text(r))}),
        "audit trail": leaks(audit),
        "CLI audit trail": leaks((tmp / "cli-audit.jsonl").read_text() if (tmp / "cli-audit.jsonl").exists()
                                 else ""),
        "metrics": leaks(metrics),
        "metrics textfile": leaks("".join(p.read_text() for p in (tmp / "state").glob("metrics-*.prom"))),
        # The CLI echoes the scope its operator typed back in the refusal ("unknown scope '…'"): that is the
        # operator's own argument, not memory content; every other canary must stay out of its output.
        "CLI output": [c for c in leaks(cli_output) if c != SCOPE],
    }
    assert not any(found.values()), found
