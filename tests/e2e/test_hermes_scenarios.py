"""wetopi-memory inside a real Hermes Agent 0.19.0 turn, against the embedded store and a real Hindsight.

Each test runs its turns in fresh Hermes processes (see conftest.py); the stub LLM's request log shows exactly
what the model was sent, and the backend is read directly (not through the plugin) to check what was stored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import ALICE, BOB, Backend, World, closed_port

pytestmark = pytest.mark.hermes
HINDSIGHT = [pytest.mark.hindsight, pytest.mark.timeout(1200)]

MARKER = "[Wetopi Memory Plane]"
PLATFORM_FACT = "Wetopi runs its Kubernetes clusters on RKE2 with Cilium as the CNI."
ALICE_PRIVATE = "Alice keeps her OpenSearch dashboards in dark mode with a 15 minute refresh."
SECRET = "ghp_R8x2Lq9Vt4Zk7Wm3Pn6Yc1Hd5Jf0Sa2Ub4Ke"


def session(user: dict[str, str], session_id: str, message: str, agent: str | None = None) -> dict[str, Any]:
    return {**user, "agent": agent or session_id, "session_id": session_id, "message": message}


def scope_block(text: str, scope: str) -> str:
    """The body of one <scope> group of an injected block ('' when absent)."""
    start = text.find(f'<scope name="{scope}">')
    if start < 0:
        return ""
    end = text.find("</scope>", start)
    return text[start:end]


# ---------------------------------------------------------------------------------------------- scenario 1

DECISION = "Decision: Wetopi's Kubernetes platform uses Cilium as the CNI on every RKE2 cluster."


def retain_then_recall_in_a_later_session(make_world: Callable[[Backend], World], backend: Backend) -> None:
    """Turn 1 retains a durable platform fact (one batch); a later session gets it injected under platform."""
    world = make_world(backend)
    first = world.run([session(ALICE, "alice-monday", DECISION)], name="monday")
    assert first.turns[0]["completed"]
    retains = first.backend_calls("retain")
    assert len(retains) == 1, f"expected one batch, got {retains}"
    assert retains[0]["bank"] == backend.banks["platform"] and retains[0]["items"] == 1
    assert any("Cilium" in c for c in retains[0]["contents"])
    stored = world.stored_texts(backend.banks["platform"])
    assert any("Cilium" in text for text in stored), (len(stored), stored)
    assert not any("Cilium" in text for text in world.stored_texts(backend.banks["personal:u_alice"]))

    later = world.run([
        session(ALICE, "alice-friday", "What did we decide about the CNI of our Kubernetes platform?"),
        {**session(ALICE, "alice-friday", "Which CNI runs on the RKE2 clusters of the Kubernetes platform?"),
         "pause_before": 1.0},
    ], name="friday")
    asked = [t for t in later.user_texts() if "What did we decide about the CNI" in t]
    assert asked, "the stub never received the question"
    block = asked[-1][asked[-1].index(MARKER):]
    assert "Cilium" in scope_block(block, "platform"), block
    assert "<scope name=\"personal\">" not in block or "Cilium" not in scope_block(block, "personal")
    assert later.turns[0]["last_recall"]["sync"] == "explicit_memory_request"
    # the follow-up is answered from the prefetch cache filled after the first turn, without waiting on I/O
    follow = [t for t in later.user_texts() if "Which CNI runs on the RKE2" in t]
    assert follow and "Cilium" in scope_block(follow[-1], "platform")
    assert later.turns[1]["last_recall"]["outcome"] == "cache_hit", later.turns[1]["last_recall"]
    assert later.backend_calls("retain") == [] or all(c["bank"] != backend.banks["platform"] or
                                                      not any("Cilium" in x for x in c["contents"])
                                                      for c in later.backend_calls("retain"))


def test_1_a_fact_retained_in_one_session_is_injected_in_a_later_one_local(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    retain_then_recall_in_a_later_session(make_world, local_backend)


@pytest.mark.hindsight
@pytest.mark.timeout(1200)
def test_1_a_fact_retained_in_one_session_is_injected_in_a_later_one_hindsight(
        make_world: Callable[[Backend], World], hindsight_backend: Backend) -> None:
    retain_then_recall_in_a_later_session(make_world, hindsight_backend)


# ---------------------------------------------------------------------------------------------- scenario 2


def secrets_are_never_retained(make_world: Callable[[Backend], World], backend: Backend) -> None:
    """A secret in the user's message reaches neither the backend nor the outbox; a clean fact still does."""
    world = make_world(backend)
    leaky = (f"Decision: the Argo CD admin token for every RKE2 Kubernetes cluster is {SECRET}, "
             "and Argo CD deploys the platform from the platform-gitops repository.")
    run = world.run([
        session(ALICE, "alice-secret", leaky),
        session(ALICE, "alice-secret", f"Also, my personal GitHub token is {SECRET}; I prefer short answers."),
        session(ALICE, "alice-secret", DECISION),
    ], name="secret")
    assert all(t["completed"] for t in run.turns)
    sent = [c for c in run.backend_calls("retain")]
    assert sent, "the clean fact of the third turn was not retained: the test would prove nothing"
    assert any("Cilium" in x for c in sent for x in c["contents"])
    for call in sent:
        assert all(SECRET not in x and SECRET[:12] not in x for x in call["contents"]), call
    for bank in (backend.banks["platform"], backend.banks["business"], backend.banks["personal:u_alice"]):
        assert all(SECRET[:12] not in text for text in world.stored_texts(bank))
    disk = world.state_bytes()
    assert disk, "nothing was written to the state directory (no outbox?)"
    assert SECRET.encode() not in disk and SECRET[:12].encode() not in disk
    assert list(world.state.rglob("outbox*")), "no outbox file was written"


def test_2_a_secret_in_the_message_is_never_retained_local(make_world: Callable[[Backend], World],
                                                             local_backend: Backend) -> None:
    secrets_are_never_retained(make_world, local_backend)


@pytest.mark.hindsight
@pytest.mark.timeout(1200)
def test_2_a_secret_in_the_message_is_never_retained_hindsight(make_world: Callable[[Backend], World],
                                                                 hindsight_backend: Backend) -> None:
    secrets_are_never_retained(make_world, hindsight_backend)


# ---------------------------------------------------------------------------------------------- scenario 3


def tool_refusals(make_world: Callable[[Backend], World], backend: Backend) -> None:
    """The model addresses a bank id or another user's scope: refused, nothing touched; then a proper search."""
    world = make_world(backend)
    world.seed(ALICE, "platform", PLATFORM_FACT)
    world.seed(ALICE, "personal", ALICE_PRIVATE)
    alice_bank = backend.banks["personal:u_alice"]
    rules = [{"when": "look it up", "calls": [
        {"name": "memory_search", "arguments": {"query": "Kubernetes CNI", "bank_id": backend.banks["platform"]}},
        {"name": "memory_search", "arguments": {"query": "OpenSearch dashboards", "scopes": ["business"]}},
        {"name": "memory_search", "arguments": {"query": "OpenSearch dashboards", "scopes": [alice_bank]}},
        {"name": "memory_retain", "arguments": {"content": "Bob likes tea.", "scope": "personal",
                                                "user_id": "u_alice"}},
        {"name": "memory_search", "arguments": {"query": "Which CNI do the Kubernetes clusters use?",
                                                "scopes": ["platform"]}},
    ], "reply": "Looked it up."}]
    run = world.run([session(BOB, "bob-1", "Please look it up: which CNI do we use?")], rules)
    results = run.tool_results(0)
    assert [name for name, _ in results] == ["memory_search"] * 3 + ["memory_retain", "memory_search"], results
    codes = [r.get("error", {}).get("code") for _, r in results[:4]]
    assert codes == ["bank_id_not_accepted", "scope_not_allowed", "bank_id_not_accepted", "unknown_argument"]
    found = results[4][1]
    assert "error" not in found, results
    assert found["scopes"] == ["platform"]
    # (Hindsight may decorate a fact, e.g. with "(mentioned_at=...)"; the embedded store returns it verbatim)
    assert [r["scope"] for r in found["results"]] == ["platform"] and PLATFORM_FACT in found["results"][0]["content"]
    assert "bank" not in json.dumps(found)
    # the refused calls touched nothing: no request ever reached Alice's bank or the business bank
    touched = {c["bank"] for c in run.backend_calls()}
    assert alice_bank not in touched and backend.banks["business"] not in touched
    assert run.backend_calls("retain") == [], [c["contents"] for c in run.backend_calls("retain")]
    assert world.stored_texts(backend.banks["personal:u_bob"]) == []
    # no tool result names a bank, except to echo what the model itself sent
    calls = rules[0]["calls"]
    banks = [b for k, b in backend.banks.items() if k != "personal_template"]
    for call, (_, result) in zip(calls, results, strict=True):
        for bank in banks:
            assert bank not in json.dumps(result) or bank in json.dumps(call["arguments"]), (bank, result)
    assert ALICE_PRIVATE not in json.dumps(run.chat_requests()[-1]["body"])


def test_3_tools_refuse_bank_ids_and_foreign_scopes_local(make_world: Callable[[Backend], World],
                                                          local_backend: Backend) -> None:
    tool_refusals(make_world, local_backend)


@pytest.mark.hindsight
@pytest.mark.timeout(1200)
def test_3_tools_refuse_bank_ids_and_foreign_scopes_hindsight(make_world: Callable[[Backend], World],
                                                              hindsight_backend: Backend) -> None:
    tool_refusals(make_world, hindsight_backend)


# ---------------------------------------------------------------------------------------------- scenario 4


def two_users(make_world: Callable[[Backend], World], backend: Backend) -> None:
    """Alice and Bob on the same gateway process: Bob never sees Alice's personal memory."""
    world = make_world(backend)
    world.seed(ALICE, "platform", PLATFORM_FACT)
    rules = [
        {"when": "remember that i keep", "calls": [
            {"name": "memory_retain", "arguments": {"content": ALICE_PRIVATE, "scope": "personal",
                                                    "reason": "stated preference"}}], "reply": "Noted."},
        {"when": "search my memory", "calls": [
            {"name": "memory_search", "arguments": {"query": "OpenSearch dashboards dark mode refresh",
                                                    "scopes": ["personal"]}},
            {"name": "memory_search", "arguments": {"query": "OpenSearch dashboards dark mode refresh"}}],
         "reply": "Searched."},
    ]
    ask = "What do I prefer for my OpenSearch dashboards? Please search my memory."
    turns = [
        session(ALICE, "alice-1", "Please remember that I keep my OpenSearch dashboards in dark mode."),
        session(BOB, "bob-1", ask),
        session(ALICE, "alice-1", ask),
        session(BOB, "bob-1", "And what do you remember about OpenSearch dashboards in dark mode?"),
    ]
    run = world.run(turns, rules)
    assert all(t["completed"] for t in run.turns)
    stored = run.tool_results(0)
    assert stored and "error" not in stored[0][1], stored
    assert any(ALICE_PRIVATE in text for text in world.stored_texts(backend.banks["personal:u_alice"]))
    assert world.stored_texts(backend.banks["personal:u_bob"]) == []

    # Everything the LLM was sent in Bob's turns (injected context and tool results alike) lacks Alice's memory.
    bob_requests = [r for r in run.chat_requests() if _speaker(r) == "bob"]
    alice_requests = [r for r in run.chat_requests() if _speaker(r) == "alice"]
    assert len(bob_requests) >= 3 and alice_requests, [(_speaker(r), _last_user(r)[:120]) for r in run.chat_requests()]
    for request in bob_requests:
        assert ALICE_PRIVATE not in json.dumps(request["body"]), "Alice's personal memory reached Bob's turn"
    bob_searches = run.tool_results(1)
    assert [name for name, _ in bob_searches] == ["memory_search", "memory_search"]
    assert all("error" not in result for _, result in bob_searches), bob_searches
    # Positive control: the same question from Alice brings it back, injected and through the tool.
    assert any(ALICE_PRIVATE in r["content"] and r["scope"] == "personal"
               for _, result in run.tool_results(2) for r in result.get("results", []))
    injected = [_last_user(r) for r in alice_requests]
    assert any(ALICE_PRIVATE in scope_block(text, "personal") for text in injected), "Alice's own recall missing"


_SCOPE_GROUP = re.compile(r"<scope name=.*?</scope>", re.S)


def _speaker(request: dict[str, Any]) -> str:
    """Whose conversation a chat request belongs to: Alice's starts with her 'remember' message (read outside any
    injected memory block, so that a leak of her words into Bob's turn is never taken for her conversation)."""
    messages = request["body"].get("messages") or []
    first = next((m for m in messages if m.get("role") == "user"), {})
    said = _SCOPE_GROUP.sub("", json.dumps(first).replace("\\n", "\n"))
    return "alice" if "Please remember that I keep" in said else "bob"


def _last_user(request: dict[str, Any]) -> str:
    users = [m for m in request["body"].get("messages") or [] if m.get("role") == "user"]
    content = users[-1].get("content") if users else ""
    return content if isinstance(content, str) else json.dumps(content)


def test_4_two_gateway_users_never_share_personal_memory_local(make_world: Callable[[Backend], World],
                                                               local_backend: Backend) -> None:
    two_users(make_world, local_backend)


@pytest.mark.hindsight
@pytest.mark.timeout(1200)
def test_4_two_gateway_users_never_share_personal_memory_hindsight(make_world: Callable[[Backend], World],
                                                                   hindsight_backend: Backend) -> None:
    two_users(make_world, hindsight_backend)


# ---------------------------------------------------------------------------------------------- scenario 5


def backend_down(make_world: Callable[[Backend], World], backend: Backend) -> None:
    world = make_world(backend)
    timeout = 0.5
    world.configure(recall={"synchronous": {"timeout_seconds": timeout}})
    rules = [{"when": "search memory", "calls": [{"name": "memory_search", "arguments": {"query": "RKE2 CNI"}},
                                                 {"name": "memory_status", "arguments": {}}],
              "reply": "Memory is down, carrying on."}]
    turns = [
        session(ALICE, "alice-down", "What did we decide about the Kubernetes CNI on RKE2?"),
        session(ALICE, "alice-down", "Please search memory for the RKE2 CNI."),
        session(ALICE, "alice-down", "Our RKE2 Kubernetes clusters need a CNI review, remember we use Cilium."),
        session(ALICE, "alice-down", "Thanks, that is all."),
    ]
    run = world.run(turns, rules)
    assert len(run.turns) == 4 and all(t["completed"] and t["final_response"] for t in run.turns)
    results = dict(run.tool_results(1))
    assert results["memory_search"]["error"]["code"] in ("backend_unavailable", "timeout")
    assert results["memory_status"]["healthy"] is False
    # the only turn-path waits are the bounded synchronous recall and the bounded tool calls
    tool_budget = float(backend.settings.get("timeout_seconds", 5)) + 2 * 0.5
    for index, turn in enumerate(run.turns):
        hooks = sum(turn["hook_seconds"].values())
        assert hooks <= timeout + 0.1 + 0.2, f"turn {index}: the hooks added {hooks:.2f}s"
        budget = 3.0 + (2 * tool_budget if index == 1 else timeout + 0.1)
        assert turn["seconds"] <= budget, f"turn {index} took {turn['seconds']:.2f}s"
    assert all(MARKER not in t for t in run.user_texts())
    exit_seconds = float(run.result.get("shutdown_seconds", 0)) + sum(run.result.get("finalize_seconds") or [])
    assert exit_seconds < 2.5, f"the exit waited {exit_seconds:.2f}s for a dead backend"


def test_5_backend_down_every_turn_completes_in_time_closed_port(make_world: Callable[[Backend], World],
                                                                 local_backend: Backend) -> None:
    down = Backend("hindsight", {"type": "hindsight", "url": f"http://127.0.0.1:{closed_port()}",
                                 "api_key": "k", "timeout_seconds": 1},
                   {**local_backend.banks})
    backend_down(make_world, down)


def test_5_backend_down_every_turn_completes_in_time_black_hole(make_world: Callable[[Backend], World],
                                                                local_backend: Backend) -> None:
    """A backend that accepts connections and never answers: the timeouts, not a refusal, bound the turn."""
    import socket

    hole = socket.socket()
    hole.bind(("127.0.0.1", 0))
    hole.listen(64)
    try:
        down = Backend("hindsight", {"type": "hindsight", "url": f"http://127.0.0.1:{hole.getsockname()[1]}",
                                     "api_key": "k", "timeout_seconds": 1},
                       {**local_backend.banks})
        backend_down(make_world, down)
    finally:
        hole.close()


# ---------------------------------------------------------------------------------------------- packaging


def test_the_pip_entry_point_loads_without_the_directory_plugin(make_world: Callable[[Backend], World],
                                                                local_backend: Backend) -> None:
    """`pip install wetopi-memory` + `plugins.enabled: [wetopi-memory]`, no plugin directory: Hermes loads the
    entry-point module and the tools work."""
    world = make_world(local_backend)
    world.seed(ALICE, "platform", PLATFORM_FACT)
    for name in ("plugin.yaml", "__init__.py"):
        (world.plugin_dir / name).unlink()  # config.yaml and identities.yaml stay: the config lives there
    rules = [{"when": "status please", "calls": [
        {"name": "memory_status", "arguments": {}},
        {"name": "memory_search", "arguments": {"query": "Kubernetes CNI", "scopes": ["platform"]}}],
        "reply": "ok"}]
    run = world.run([session(ALICE, "ep-1", "Memory status please")], rules, plugin_source="entrypoint")
    (status, _), (search, found) = run.tool_results(0)
    assert status == "memory_status" and search == "memory_search"
    assert [r["scope"] for r in found["results"]] == ["platform"] and PLATFORM_FACT in found["results"][0]["content"]


# ---------------------------------------------------------------------------------------------- contexts


def test_scheduled_jobs_never_write_and_a_native_hindsight_provider_is_called_out(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    """A cron turn is not retained while the same turn from a chat is; `memory.provider: hindsight` in Hermes'
    config gets one loud warning in Hermes' log (A1)."""
    world = make_world(local_backend)
    world.configure(identity={"unknown_caller_scopes": ["platform"]},  # so an unknown caller may write platform
                    retain={"allow_with_native_provider": True})  # said explicitly: retain despite the conflict
    world.hermes_extra = {"memory": {"provider": "hindsight"}}
    cron = {"platform": "cron", "user_id": "", "chat_id": "cron"}
    chat = {"platform": "slack", "user_id": "", "chat_id": "c1"}
    run = world.run([session(cron, "cron_nightly_20260101_000000", DECISION),
                     session(chat, "chat-1", "Decision: Longhorn is the default storage class on every RKE2 "
                                             "Kubernetes cluster.")], name="cron")
    retained = [x for c in run.backend_calls("retain") for x in c["contents"]]
    assert any("Longhorn" in x for x in retained), "the chat turn was not retained: the test proves nothing"
    assert not any("Cilium" in x for x in retained), "a cron turn was retained"
    log = (world.home / "logs" / "agent.log").read_text(errors="replace")
    assert log.count("WETOPI-MEMORY CONFLICT") == 1, log[-2000:]


def test_a_native_hindsight_provider_pauses_automatic_retains(make_world: Callable[[Backend], World],
                                                               local_backend: Backend) -> None:
    """While Hermes' own Hindsight provider is on, the plugin retains nothing automatically (A1) and says so."""
    world = make_world(local_backend)
    world.configure(identity={"unknown_caller_scopes": ["platform"]})
    world.hermes_extra = {"memory": {"provider": "hindsight"}}
    chat = {"platform": "slack", "user_id": "", "chat_id": "c1"}
    run = world.run([session(chat, "chat-1", "Decision: Longhorn is the default storage class on every RKE2 "
                                             "Kubernetes cluster.")], name="paused")
    assert not run.backend_calls("retain"), "a turn was retained while the native provider owns the banks"
    log = (world.home / "logs" / "agent.log").read_text(errors="replace")
    assert log.count("WETOPI-MEMORY CONFLICT") == 1, log[-2000:]
