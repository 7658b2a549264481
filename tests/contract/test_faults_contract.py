"""Contract: a Hermes session against a REAL Hindsight server whose API goes down mid-session and comes back.

The test starts its own server (not the shared fixture, which other tests keep using), runs a session through
the plugin's hooks and tools, stops the API process (PostgreSQL keeps the data), goes on with the session, then
starts the API again on the same URL. What must hold:

* the session never fails: every hook returns, within its bound; prefetch, synchronous recall and tool search
  fail open (no context, an error JSON); nothing raises into Hermes;
* retains made during the outage are accepted and kept in the outbox;
* after the restart the outbox drains by itself, and every accepted document (from the audit trail) is on the
  server exactly once: delivered by exactly one successful request, present once in its bank, nothing extra.
"""

from __future__ import annotations

import json
import os
import secrets
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.faults import FaultTransport
from tests.support.hindsight_server import SUPPORTED_VERSIONS, HindsightServer
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import load_config
from wetopi_memory.hermes import HermesPlugin
from wetopi_memory.hermes import runtime as _runtime
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Backoff, RetainTuning

pytestmark = [pytest.mark.hindsight, pytest.mark.timeout(1200)]

_raw = os.environ.get("WETOPI_HINDSIGHT_VERSIONS", "")
VERSIONS = [v.strip() for v in _raw.split(",") if v.strip()] or list(SUPPORTED_VERSIONS)
RECALL_TIMEOUT = 3.0
SYNC_TIMEOUT = 1.0
SLACK = 1.0
IDENTITIES = "users:\n  u_ana: {allowed_scopes: [personal, business, platform], accounts: ['telegram:1001']}\n"
WHO = {"session_id": "outage-session", "platform": "telegram", "sender_id": "1001"}


def statements(word: str) -> str:
    """One user message with a durable learning for each scope (unique words, so no duplicates)."""
    return (f"We decided that the {word}plan costs 49 EUR per month. "
            f"The root cause was the {word}conntrack limit on the RKE2 nodes; verified with kubectl on every node. "
            f"Prefiero que los informes {word}semanal lleguen siempre los lunes.")


def wait_for(predicate: Callable[[], bool], timeout: float, step: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


@pytest.mark.parametrize("version", VERSIONS, ids=[f"hindsight-{v}" for v in VERSIONS])
def test_a_session_survives_an_outage_and_the_outbox_drains_exactly_once(
        version: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = HindsightServer(version, api_key=f"itest-key-{secrets.token_urlsafe(12)}")
    server.start()
    runtime = _runtime.Runtime(name="outage-io")
    try:
        counting = FaultTransport(httpx.AsyncHTTPTransport(), canary="unused")  # never armed: counts deliveries
        original = HindsightBackend.__init__

        def counted(self: HindsightBackend, url: str, **kwargs: Any) -> None:
            kwargs["transport"] = counting
            original(self, url, **kwargs)

        monkeypatch.setattr(HindsightBackend, "__init__", counted)
        base = f"itest-{uuid.uuid4().hex[:12]}"
        banks = {"business": f"{base}-business", "platform": f"{base}-platform", "personal": f"{base}-user-u_ana"}
        config = tmp_path / "config.yaml"
        config.write_text(f"""
backend:
  type: hindsight
  url: "{server.url}"
  api_key: "{server.api_key}"
  timeouts: {{recall: {RECALL_TIMEOUT}, retain: 60, reflect: 60, config: 5}}
  retry: {{max_attempts: 2, backoff_seconds: 0.1}}
  circuit_breaker: {{failure_threshold: 5, open_seconds: 2}}
recall:
  synchronous: {{timeout_seconds: {SYNC_TIMEOUT}}}
  automatic: {{types: [observation, world]}}
stores:
  personal: {{bank_template: "{base}-user-{{internal_user_id}}"}}
  business: {{bank: {banks['business']}}}
  platform: {{bank: {banks['platform']}}}
observability: {{audit_path: "{tmp_path / 'audit.jsonl'}"}}
""")
        (tmp_path / "ids.yaml").write_text(IDENTITIES)
        environ = {"WETOPI_MEMORY_STATE_DIR": str(tmp_path / "state"), "HERMES_HOME": str(tmp_path / "hermes")}
        # A short backoff, so the test does not wait minutes after the restart.
        plane = MemoryPlane.open(load_config(config, environ), identities=tmp_path / "ids.yaml", environ=environ,
                                 agent="outage-test", outbox="durable",
                                 retain_tuning=RetainTuning(backoff=Backoff(base_seconds=0.2, cap_seconds=2.0)))
        plugin = HermesPlugin(plane, runtime=runtime, environ=environ)
        coordinator = plugin.retain_coordinator()
        assert coordinator is not None
        slow: list[str] = []

        def turn(n: int, text: str) -> None:
            """One Hermes turn through the hooks; each hook must return within its bound."""
            started = time.perf_counter()
            plugin.pre_llm_call(**WHO, turn_id=f"t{n}", user_message=text)
            if time.perf_counter() - started > SYNC_TIMEOUT + 0.1 + SLACK:
                slow.append(f"pre_llm_call turn {n}")
            started = time.perf_counter()
            plugin.post_llm_call(**WHO, turn_id=f"t{n}", user_message=text, assistant_response="Entendido.")
            if time.perf_counter() - started > SLACK:
                slow.append(f"post_llm_call turn {n}")

        def search(query: str, n: int) -> dict[str, Any]:
            """A tool search inside turn `n`, as Hermes makes it."""
            started = time.perf_counter()
            answer: dict[str, Any] = json.loads(plugin.memory_search({"query": query}, session_id=WHO["session_id"],
                                                                     turn_id=f"t{n}"))
            if time.perf_counter() - started > RECALL_TIMEOUT + SLACK:
                slow.append(f"memory_search {query!r}")
            return answer

        # -- up ----------------------------------------------------------------------------------------------
        turn(1, statements("alpha"))
        turn(2, "What did we decide about the alphaplan? Search our memory.")
        assert wait_for(lambda: plugin.queue_depth() == 0, 180), plugin.queue_stats()
        assert "error" not in search("alphaplan costs 49 EUR per month", 2)

        # -- down: the API process is gone, the session goes on ----------------------------------------------
        server.stop_api()
        turn(3, statements("bravo"))
        turn(4, "What did we decide about the bravoplan? Search our memory.")  # sync recall fails open
        down = search("bravoplan costs 49 EUR per month", 4)
        assert down.get("error", {}).get("code") in ("backend_unavailable", "timeout"), down
        turn(5, statements("charlie"))
        plugin.pre_llm_call(**WHO, turn_id="t6", user_message="Save that, please.")
        kept = json.loads(plugin.memory_retain({"content": "We decided that the deltaplan costs 99 EUR per month.",
                                                "scope": "business"}, session_id=WHO["session_id"], turn_id="t6"))
        assert kept.get("status") == "queued", kept
        plugin.post_llm_call(**WHO, turn_id="t6", user_message="Save that, please.", assistant_response="Saved.")
        assert wait_for(lambda: plugin.queue_depth() >= 7, 10), plugin.queue_stats()  # 2 turns × 3 scopes + 1
        assert plugin.queue_stats()["undeliverable"] == 0
        for hook in ("pre_llm_call", "post_llm_call", "post_tool_call"):
            assert plugin.stats.errors[hook] == 0, dict(plugin.stats.errors)

        # -- up again: the outbox drains by itself --------------------------------------------------------------
        server.start_api()
        assert wait_for(lambda: plugin.queue_depth() == 0, 240), plugin.queue_stats()
        assert plugin.queue_stats()["undeliverable"] == 0
        assert wait_for(lambda: "error" not in search("charlieplan costs 49 EUR per month", 5), 30)
        assert not slow, slow

        accepted = Counter()
        for line in (tmp_path / "audit.jsonl").read_text().splitlines():
            record = json.loads(line)
            if record["event"] == "retain.decision" and record["decision"] == "accept":
                assert record.get("fate") in ("queued", "direct"), record
                accepted[(banks[record["scope"]], record["document_id"])] += 1
        assert len(accepted) == 10 and set(accepted.values()) == {1}  # 3 turns × 3 scopes + 1 explicit
        assert {doc: counting.delivered[doc] for _, doc in accepted} == {doc: 1 for _, doc in accepted}
        on_server: Counter[tuple[str, str]] = Counter()
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {server.api_key}"}, timeout=60,
                          trust_env=False) as client:
            for bank in banks.values():
                listed = client.get(f"/v1/default/banks/{bank}/documents", params={"limit": 100})
                assert listed.status_code == 200, listed.text
                on_server.update((bank, item["id"]) for item in listed.json()["items"])
        assert on_server == accepted  # every accepted document exactly once, nothing else
        plugin.close()
    finally:
        runtime.shutdown(5.0)
        server.stop()
