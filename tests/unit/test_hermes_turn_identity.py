"""Identity bound to each Hermes turn, a turn's explicit retains in its batch, and the native-provider conflict."""

from __future__ import annotations

import concurrent.futures
import contextvars
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.support.plugin_spy import spy_retains
from wetopi_memory.hermes import runtime as _runtime
from wetopi_memory.host_conflicts import NativeProviderConflict

from . import test_hermes_plugin as _base
from .test_hermes_plugin import ALICE, BOB, DECISION, FakeCtx, bank_contents, begin, end, remember, settle

make = _base.make  # the fixtures, shared by name
runtime = _base.runtime

ALICE_PREF = "I prefer dark mode in OpenSearch dashboards for every log search."
PLATFORM_FACTS = ("Decision: Wetopi's Kubernetes platform uses Cilium as the CNI on every RKE2 cluster.",
                  "Decision: Longhorn is the default storage class on every RKE2 Kubernetes cluster.",
                  "Decision: Velero backs up every RKE2 Kubernetes cluster to MinIO each night.")
NO_SENDER = {"platform": "api_server", "sender_id": ""}


def search_personal(ctx: FakeCtx, session: str, tid: str | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"session_id": session}
    if tid is not None:
        kwargs["turn_id"] = tid
    return ctx.tool("memory_search", {"query": "OpenSearch dashboards dark mode", "scopes": ["personal"]}, **kwargs)


# ------------------------------------------------------------------------------------------- identity per turn


def test_interleaved_turns_of_one_session_each_act_as_their_own_speaker(make: Callable[..., Any],
                                                                        runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    remember(ctx, plugin, runtime, "alice-dm", ALICE, ALICE_PREF, "personal")
    a_turn, _ = begin(ctx, "group", ALICE, "What do I prefer for dashboards?")
    b_turn, _ = begin(ctx, "group", BOB, "What do I prefer for dashboards?")  # Bob spoke last
    found = search_personal(ctx, "group", a_turn)
    assert [r["content"] for r in found["results"]] == [ALICE_PREF]
    assert search_personal(ctx, "group", b_turn)["results"] == []  # Bob's own (empty) personal bank
    bob_pref = "I prefer light mode in every Grafana dashboard I open."
    out = ctx.tool("memory_retain", {"content": bob_pref, "scope": "personal"}, session_id="group", turn_id=b_turn)
    assert out["status"] == "queued", out
    end(ctx, "group", a_turn, "I prefer vim keybindings in every editor I use, always.")
    end(ctx, "group", b_turn, "ok")
    settle(plugin, runtime)
    alice_bank, bob_bank = bank_contents(plugin, "user-u_alice"), bank_contents(plugin, "user-u_bob")
    assert bob_pref in bob_bank and bob_pref not in alice_bank
    assert not any("vim" in text for text in bob_bank)  # A's sentence never lands in B's bank


def test_a_call_without_a_known_turn_fails_closed_and_says_why(make: Callable[..., Any],
                                                               runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    remember(ctx, plugin, runtime, "alice-dm", ALICE, ALICE_PREF, "personal")
    begin(ctx, "alice-dm", ALICE)  # Alice's turn is open in this session
    for tid, code in ((None, "no_turn_id"), ("", "no_turn_id"), ("guessed-turn", "unknown_turn")):
        out = ctx.tool("memory_search", {"query": "OpenSearch dashboards dark mode", "scopes": ["personal"]},
                       session_id="alice-dm", turn_id=tid)
        assert out["error"]["code"] in ("identity_required", "scope_not_allowed"), out
        assert out["caller"]["code"] == code and "unknown" in out["caller"]["message"]
    status = ctx.tool("memory_status", {}, session_id="alice-dm", turn_id="guessed-turn")
    assert status["identity"] == {"known": False} and status["scopes"] == []
    assert status["caller"]["code"] == "unknown_turn"


def test_an_empty_sender_is_unknown_even_in_a_session_a_known_person_used(make: Callable[..., Any],
                                                                          runtime: _runtime.Runtime) -> None:
    """The API server's shape: same session id, empty sender, requests running at the same time."""
    plugin, ctx = make()
    remember(ctx, plugin, runtime, "shared", ALICE, ALICE_PREF, "personal")
    alice_turn, _ = begin(ctx, "shared", ALICE)
    attacker_turns = [begin(ctx, "shared", NO_SENDER, turn_id=f"api-{n}")[0] for n in range(4)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda tid: search_personal(ctx, "shared", tid), attacker_turns))
    for out in answers:
        assert "results" not in out and out["caller"]["code"] == "no_sender", out
    assert [r["content"] for r in search_personal(ctx, "shared", alice_turn)["results"]] == [ALICE_PREF]


def test_the_background_review_agent_gets_no_personal_memory(make: Callable[..., Any],
                                                             runtime: _runtime.Runtime) -> None:
    """Hermes' review agent reuses the session id with an empty sender, after (or during) the user's turn."""
    plugin, ctx = make()
    remember(ctx, plugin, runtime, "dm", ALICE, ALICE_PREF, "personal")
    review, _ = begin(ctx, "dm", {"platform": "telegram", "sender_id": ""}, "Review the conversation.")
    assert "results" not in search_personal(ctx, "dm", review)
    out = ctx.tool("memory_retain", {"content": "I prefer tea over coffee every morning.", "scope": "personal"},
                   session_id="dm", turn_id=review)
    assert out["error"]["code"] in ("identity_required", "scope_not_allowed")
    end(ctx, "dm", review, "I prefer tea over coffee every morning.", "ok")
    settle(plugin, runtime)
    assert not any("tea" in text for text in bank_contents(plugin, "user-u_alice"))


def test_the_speaker_is_released_when_the_turn_ends_even_when_interrupted(make: Callable[..., Any]) -> None:
    plugin, ctx = make()
    tid, _ = begin(ctx, "s1", ALICE)
    assert plugin.sessions.speaker("s1", tid).doubt is None
    end(ctx, "s1", tid, "hello", interrupted=True)  # no post_llm_call, as Hermes does
    assert plugin.sessions.speaker("s1", tid).doubt == "unknown_turn"


def test_a_subagent_speaks_for_the_parent_turns_user(make: Callable[..., Any]) -> None:
    plugin, ctx = make()
    alice_turn, _ = begin(ctx, "group", ALICE)
    begin(ctx, "group", BOB)  # Bob spoke last in the parent session
    ctx.hook("subagent_start", parent_session_id="group", parent_turn_id=alice_turn, child_session_id="child")
    child_turn, _ = begin(ctx, "child", {"platform": "subagent", "sender_id": ""})
    assert plugin.sessions.speaker("child", child_turn).identity.internal_user_id == "u_alice"
    ctx.hook("subagent_start", parent_session_id="group", parent_turn_id="nope", child_session_id="orphan")
    orphan_turn, _ = begin(ctx, "orphan", {"platform": "subagent", "sender_id": ""})
    assert not plugin.sessions.speaker("orphan", orphan_turn).identity.known


@pytest.fixture
def hermes_contextvar(monkeypatch: pytest.MonkeyPatch) -> Iterator[contextvars.ContextVar[str]]:
    """Hermes 0.19.0's `tools.approval._approval_turn_id`, set around each tool dispatch."""
    var: contextvars.ContextVar[str] = contextvars.ContextVar("approval_turn_id", default="")
    module = types.ModuleType("tools.approval")
    module._approval_turn_id = var  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tools", types.ModuleType("tools"))
    monkeypatch.setitem(sys.modules, "tools.approval", module)
    yield var


def test_a_tool_handler_finds_its_turn_in_hermes_contextvar(make: Callable[..., Any],
                                                            hermes_contextvar: contextvars.ContextVar[str]) -> None:
    _, ctx = make()
    a_turn, _ = begin(ctx, "group", ALICE)
    b_turn, _ = begin(ctx, "group", BOB)
    handler = ctx.tools["memory_search"]["handler"]
    business = {"query": "x", "scopes": ["business"]}
    token = hermes_contextvar.set(a_turn)
    try:
        assert '"error"' not in handler(business, task_id="group", session_id="group")
    finally:
        hermes_contextvar.reset(token)
    token = hermes_contextvar.set(b_turn)
    try:
        assert "scope_not_allowed" in handler(business, task_id="group", session_id="group")
    finally:
        hermes_contextvar.reset(token)
    assert "no_turn_id" in handler(business, task_id="group", session_id="group")


# ------------------------------------------------------------------------------------------- explicit retains


def test_a_turns_explicit_retains_join_its_one_batch_per_scope(make: Callable[..., Any],
                                                               runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    sent = spy_retains(plugin)
    tid, _ = begin(ctx, "s1", ALICE, DECISION)
    for fact in PLATFORM_FACTS[1:]:
        out = ctx.tool("memory_retain", {"content": fact, "scope": "platform"}, session_id="s1")
        assert out["status"] == "queued" and "turn" in out["detail"], out
    out = ctx.tool("memory_retain", {"content": ALICE_PREF, "scope": "personal"}, session_id="s1")
    assert out["status"] == "queued", out
    assert plugin.queue_depth() == 3  # durable at once, held for the turn
    coordinator = plugin.retain_coordinator()
    assert coordinator is not None
    assert runtime.run(coordinator.flush(0.5), 5) is False  # the worker leaves held batches alone
    assert sent == []  # nothing goes before the turn ends
    end(ctx, "s1", tid, DECISION, "Noted.")
    settle(plugin, runtime)
    assert sorted(sent) == [("user-u_alice", 1), ("wetopi-platform", 3)]  # A6: one request per scope
    assert len(bank_contents(plugin, "wetopi-platform")) == 3


def test_an_interrupted_turns_explicit_retains_go_as_one_batch(make: Callable[..., Any],
                                                               runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    sent = spy_retains(plugin)
    tid, _ = begin(ctx, "s1", ALICE)
    for fact in PLATFORM_FACTS[:2]:
        assert ctx.tool("memory_retain", {"content": fact, "scope": "platform"}, session_id="s1")["status"] == "queued"
    end(ctx, "s1", tid, "hello", interrupted=True)
    settle(plugin, runtime)
    assert sent == [("wetopi-platform", 2)]


def test_a_held_retain_is_never_lost_when_the_turn_never_ends(make: Callable[..., Any],
                                                              runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    begin(ctx, "s1", ALICE)
    assert ctx.tool("memory_retain", {"content": PLATFORM_FACTS[0], "scope": "platform"},
                    session_id="s1")["status"] == "queued"
    outbox = plugin.plane.retention.outbox
    assert outbox is not None and outbox.depth() == 1 and outbox.next_due_in() > 60  # held, on disk
    ctx.hook("on_session_finalize", session_id="s1", reason="shutdown")  # the session ends: it goes now
    settle(plugin, runtime)
    assert bank_contents(plugin, "wetopi-platform") == [PLATFORM_FACTS[0]]


def test_a_retain_outside_a_turn_is_delivered_at_once(make: Callable[..., Any], runtime: _runtime.Runtime) -> None:
    """The CLI's path (no Hermes turn) is unchanged: stored inline."""
    plugin, _ = make()
    identity = plugin.plane.identify("telegram", "1001")
    result = runtime.run(plugin.plane.retain(identity, PLATFORM_FACTS[0], "platform"), 10)
    assert result.stored and result.status == "stored"


# ------------------------------------------------------------------------------------------- native provider


def test_a_native_provider_pauses_automatic_retains_and_status_shows_it(make: Callable[..., Any],
                                                                        runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    plugin.gateway.native_conflict = NativeProviderConflict("/h/config.yaml", "hindsight")
    sent = spy_retains(plugin)
    tid, _ = begin(ctx, "s1", ALICE, DECISION)
    status = ctx.tool("memory_status", {}, session_id="s1")
    (conflict,) = status["conflicts"]
    assert conflict["provider"] == "hindsight" and conflict["automatic_retain"] is False
    assert "/h/config.yaml" not in str(status)
    assert ctx.tool("memory_retain", {"content": PLATFORM_FACTS[1], "scope": "platform"},
                    session_id="s1")["status"] == "queued"  # the tools keep working
    end(ctx, "s1", tid, DECISION, "Noted.")
    settle(plugin, runtime)
    assert sent == [("wetopi-platform", 1)]
    assert bank_contents(plugin, "wetopi-platform") == [PLATFORM_FACTS[1]]  # the turn's own DECISION was not kept


def test_the_config_may_allow_automatic_retains_beside_a_native_provider(make: Callable[..., Any],
                                                                         runtime: _runtime.Runtime) -> None:
    plugin, ctx = make("retain: {allow_with_native_provider: true}\n")
    plugin.gateway.native_conflict = NativeProviderConflict("/h/config.yaml", "hindsight")
    tid, _ = begin(ctx, "s1", ALICE, DECISION)
    assert ctx.tool("memory_status", {}, session_id="s1")["conflicts"][0]["automatic_retain"] is True
    end(ctx, "s1", tid, DECISION, "Noted.")
    settle(plugin, runtime)
    assert any("Cilium" in text for text in bank_contents(plugin, "wetopi-platform"))


def test_the_conflict_is_read_from_hermes_config_file_outside_hermes(make: Callable[..., Any],
                                                                     tmp_path: Any) -> None:
    home = tmp_path / "hermes-home"
    home.mkdir()
    (home / "config.yaml").write_text("memory: {provider: hindsight}\n")
    plugin, _ = make(environ={"HERMES_HOME": str(home)})
    assert plugin.gateway.native_conflict is not None and plugin.gateway.automatic_retain_paused
    (home / "config.yaml").write_text("memory: {provider: honcho}\n")
    clean, _ = make(environ={"HERMES_HOME": str(home)})
    assert clean.gateway.native_conflict is None
