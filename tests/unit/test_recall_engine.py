"""RecallCoordinator (§7, A2/A15): prefetch → cache → cached_context, sync fallback, fail-open, isolation."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.recall_rig import (
    BUSINESS_FACTS,
    PERSONAL_FACTS,
    PLATFORM_FACTS,
    Rig,
    make_rig,
    recall_requests,
    run,
    seed,
    seeded_rig,
)
from wetopi_memory.identity import Identity
from wetopi_memory.recall import InjectionDecision, RecallCoordinator
from wetopi_memory.recall.inject import UNTRUSTED_NOTE

TURN_PLATFORM = "The RKE2 upgrade of the Kubernetes clusters failed, check Argo CD"
NEXT_PLATFORM = "Check the kubernetes ingress of the cluster"       # confident (platform), not high
FOLLOW_UP = "and why did that happen?"                              # not confident
HIGH_PLATFORM = "the ceph cluster has high latency on kubernetes"   # high confidence
SMALL_TALK = ["hola qué tal", "thanks!", "ok", "¿y eso por qué?", "perfect, go on"]
EXPLICIT_ES = "¿Qué habíamos decidido sobre RKE2?"
EXPLICIT_EN = "What did we decide about pricing?"


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return seeded_rig(tmp_path)


def warm(rig: Rig, session: str = "s1", identity: Identity | None = None, text: str = TURN_PLATFORM) -> Any:
    result = run(rig.coordinator.prefetch(session, identity or rig.alice, text))
    assert result.status == "stored", result
    return result


def items(decision: InjectionDecision) -> list[str]:
    return [line[2:] for line in decision.context.split("\n") if line.startswith("- ")]


# ------------------------------------------------------------------------------------------ prefetch and cache


def test_turn_n_prefetch_is_injected_at_turn_n_plus_1_without_io(rig: Rig) -> None:
    result = warm(rig)
    assert result.scopes == ("platform",) and result.hits == 2
    requests = recall_requests(rig.fake)
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert recall_requests(rig.fake) == requests  # nothing on the critical path
    assert decision.reason == "cache_hit" and decision.scopes == ("platform",) and decision.sync is None
    assert decision.context.startswith("[Wetopi Memory Plane]\n")
    assert UNTRUSTED_NOTE in decision.context and '<scope name="platform">' in decision.context
    assert sorted(items(decision)) == sorted(PLATFORM_FACTS)
    assert all(h.scope == "platform" and h.bank == "wetopi-platform" for h in decision.hits)


def test_prefetch_recalls_only_automatic_types_with_the_automatic_budget(rig: Rig) -> None:
    seed(rig.fake, "wetopi-platform", "Kubernetes clusters world fact about RKE2 upgrade", type="world")
    warm(rig)
    (bank, query), = rig.backend.calls
    assert bank == "wetopi-platform"
    assert query.types == ("observation",) and query.budget == "low" and query.prefer_observations
    assert query.max_tokens == 2000
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert "world fact" not in decision.context


def test_another_session_never_hits(rig: Rig) -> None:
    warm(rig, "s1")
    for session in ("s2", "s1 ", "S1", ""):
        decision = rig.coordinator.cached_context(session, rig.alice, NEXT_PLATFORM)
        assert decision.context == "" and decision.reason == "cache_miss" and not decision.hits


def test_another_identity_in_the_same_session_never_hits(rig: Rig) -> None:
    warm(rig, "s1", rig.alice, "I prefer OpenSearch for the logs of my Kubernetes clusters")
    assert set(rig.coordinator.cached_scopes("s1", rig.alice)) >= {"personal"}
    for other in (rig.bob, rig.ops, rig.stranger):
        for text in (NEXT_PLATFORM, FOLLOW_UP, "what is my preference for the logs?"):
            decision = rig.coordinator.cached_context("s1", other, text)
            assert decision.context == "" and not decision.hits, (other, text)
    assert "OpenSearch" in rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP).context


def test_same_user_with_changed_permissions_does_not_reuse_the_entry(rig: Rig) -> None:
    warm(rig)
    narrowed = Identity(platform="telegram", platform_user_id="1001", internal_user_id="u_alice",
                        display_name="Alice", allowed_scopes=frozenset({"business"}))
    assert rig.coordinator.cached_context("s1", narrowed, FOLLOW_UP).context == ""


def test_entries_expire_after_the_ttl(rig: Rig) -> None:
    warm(rig)
    rig.clock.advance(299)
    assert rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason == "cache_hit"
    rig.clock.advance(2)
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert decision.reason == "cache_miss" and decision.context == ""
    assert len(rig.coordinator) == 0


def test_the_cache_is_lru_bounded(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path, "recall: {cache: {max_entries: 2}}\n")
    warm(rig, "s1")
    warm(rig, "s2")
    assert rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason == "cache_hit"  # s1 now recent
    warm(rig, "s3")
    assert len(rig.coordinator) == 2
    assert rig.coordinator.cached_context("s2", rig.alice, NEXT_PLATFORM).reason == "cache_miss"  # evicted
    assert rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason == "cache_hit"
    assert rig.coordinator.cached_context("s3", rig.alice, NEXT_PLATFORM).reason == "cache_hit"


def test_invalidate_drops_the_session_and_discards_an_in_flight_prefetch(rig: Rig) -> None:
    warm(rig, "s1")
    warm(rig, "s2")
    assert rig.coordinator.invalidate("s1") == 1
    assert rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason == "cache_miss"
    assert rig.coordinator.cached_context("s2", rig.alice, NEXT_PLATFORM).reason == "cache_hit"

    rig.backend.delays["wetopi-platform"] = 0.1

    async def race() -> Any:
        task = asyncio.ensure_future(rig.coordinator.prefetch("s3", rig.alice, TURN_PLATFORM))
        await asyncio.sleep(0.02)
        rig.coordinator.invalidate("s3")  # session reset while the prefetch is in flight
        return await task

    assert run(race()).status == "stale"
    assert rig.coordinator.cached_context("s3", rig.alice, NEXT_PLATFORM).reason == "cache_miss"


def test_concurrent_prefetches_of_the_same_turn_share_one_recall(rig: Rig) -> None:
    rig.backend.delays["wetopi-platform"] = 0.05

    async def both() -> Any:
        return await asyncio.gather(*(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM) for _ in range(5)))

    results = run(both())
    assert {r.status for r in results} == {"stored"}
    assert len(rig.backend.calls) == 1


def test_a_newer_prefetch_supersedes_an_older_one(rig: Rig) -> None:
    rig.backend.delays["wetopi-platform"] = 0.05

    async def both() -> Any:
        older = asyncio.ensure_future(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM))
        await asyncio.sleep(0.01)
        newer = asyncio.ensure_future(rig.coordinator.prefetch("s1", rig.alice, "ceph persistent volumes cluster"))
        return await older, await newer

    older, newer = run(both())
    assert older.status == "stale" and newer.status == "stored"


def test_low_confidence_turn_prefetches_nothing(rig: Rig) -> None:
    for text in SMALL_TALK:
        assert run(rig.coordinator.prefetch("s1", rig.alice, text)).status == "skipped"
    assert rig.fake.requests == []


def test_prefetch_keeps_other_scopes_until_their_own_ttl(rig: Rig) -> None:
    warm(rig, text=TURN_PLATFORM)
    rig.clock.advance(100)
    warm(rig, text="What should the pricing be for the customer?")
    assert set(rig.coordinator.cached_scopes("s1", rig.alice)) == {"platform", "business"}
    business = rig.coordinator.cached_context("s1", rig.alice, "draft the contract for the customer")
    assert business.scopes == ("business",) and items(business) == BUSINESS_FACTS
    rig.clock.advance(250)  # platform is 350 s old, business 250 s
    assert rig.coordinator.cached_scopes("s1", rig.alice) == ("business",)


# ------------------------------------------------------------------------------------------ what gets injected


def test_a_confident_route_injects_only_its_own_cached_scopes(rig: Rig) -> None:
    warm(rig, text=TURN_PLATFORM)
    decision = rig.coordinator.cached_context("s1", rig.alice, "draft the contract for the customer")
    assert decision.reason == "cache_miss" and decision.context == ""  # platform is cached, not relevant


def test_a_follow_up_without_topic_words_carries_the_cached_scopes_over(rig: Rig) -> None:
    warm(rig)
    decision = rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP)
    assert decision.reason == "cache_hit" and decision.carried_over and decision.sync is None
    assert decision.route is not None and not decision.route.confident
    assert sorted(items(decision)) == sorted(PLATFORM_FACTS)


def test_low_confidence_with_a_cold_cache_means_no_recall_at_all(rig: Rig) -> None:
    for text in SMALL_TALK:
        decision = rig.coordinator.cached_context("s1", rig.alice, text)
        assert decision.reason == "not_confident" and decision.context == "" and decision.sync is None
        result = run(rig.coordinator.sync_recall("s1", rig.alice, text, decision=decision))
        assert result.status == "skipped" and result.context == ""
    assert rig.fake.requests == [] and rig.backend.calls == []


def test_injected_memories_respect_the_global_token_budget(tmp_path: Path) -> None:
    rig = make_rig(tmp_path, "recall: {max_total_tokens: 40}\n")
    for i in range(10):
        seed(rig.fake, "wetopi-platform", f"Kubernetes clusters note {i} " + "k" * 60)
    warm(rig)
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert len(items(decision)) in (1, 2)


# ------------------------------------------------------------------------------------------ sync fallback


@pytest.mark.parametrize("text,scope", [(EXPLICIT_ES, "platform"), (EXPLICIT_EN, "business"),
                                        ("Busca en nuestra memoria cómo resolvimos este error", None),
                                        ("search our memory for the load balancer fix", "platform")])
def test_an_explicit_memory_request_warrants_a_sync_recall(rig: Rig, text: str, scope: str | None) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, text)
    assert decision.sync == "explicit_memory_request"
    assert decision.sync_scopes == ((scope,) if scope else ("personal", "business", "platform"))
    assert rig.fake.requests == []  # the decision itself never does I/O
    result = run(rig.coordinator.sync_recall("s1", rig.alice, text, decision=decision))
    assert result.status == "ok" and result.reason == "explicit_memory_request"
    assert {q.types for _, q in rig.backend.calls} == {("observation", "world")}
    assert all(h.scope in decision.sync_scopes for h in result.hits)


def test_an_explicit_request_on_a_stale_cache_hit_recalls_and_merges_with_it(rig: Rig) -> None:
    warm(rig, text=TURN_PLATFORM)
    seed(rig.fake, "wetopi-platform", "Decision: RKE2 was chosen over k3s for production.", type="world")
    rig.clock.advance(rig.plane.config.recall.cache.fresh_seconds + 1)  # past the freshness window, within the TTL
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    assert decision.reason == "cache_hit" and decision.sync == "explicit_memory_request"
    result = run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    assert "Decision: RKE2 was chosen over k3s for production." in result.context
    assert result.context.count('<scope name="platform">') == 1


def test_a_high_confidence_cold_cache_warrants_a_sync_recall_that_warms_the_cache(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, HIGH_PLATFORM)
    assert decision.reason == "cache_miss" and decision.sync == "high_confidence_cache_miss"
    assert decision.sync_scopes == ("platform", "personal")  # the speaker's own scope rides the same trip
    result = run(rig.coordinator.sync_recall("s1", rig.alice, HIGH_PLATFORM, decision=decision))
    assert result.status == "ok" and '<scope name="platform">' in result.context
    assert {q.types for _, q in rig.backend.calls} == {("observation",)}
    again = rig.coordinator.cached_context("s1", rig.alice, HIGH_PLATFORM)
    assert again.reason == "cache_hit" and again.sync is None


def test_a_medium_confidence_cold_cache_does_not_recall(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, "rke2 upgrade")
    assert decision.route is not None and decision.route.confident and not decision.route.high_confidence
    assert decision.reason == "cache_miss" and decision.sync is None


def test_sync_triggers_follow_only_when(tmp_path: Path) -> None:
    only_explicit = make_rig(tmp_path, "recall: {synchronous: {only_when: [explicit_memory_request]}}\n")
    assert only_explicit.coordinator.cached_context("s", only_explicit.alice, HIGH_PLATFORM).sync is None
    assert only_explicit.coordinator.cached_context("s", only_explicit.alice, EXPLICIT_ES).sync is not None
    only_high = make_rig(tmp_path, "recall: {synchronous: {only_when: [high_confidence_cache_miss]}}\n")
    assert only_high.coordinator.cached_context("s", only_high.alice, EXPLICIT_ES).sync is None
    assert only_high.coordinator.cached_context("s", only_high.alice, HIGH_PLATFORM).sync is not None
    off = make_rig(tmp_path, "recall: {synchronous: {enabled: false}}\n")
    for text in (EXPLICIT_ES, HIGH_PLATFORM):
        assert off.coordinator.cached_context("s", off.alice, text).sync is None


def test_disabled_recall_and_disabled_automatic_recall(tmp_path: Path) -> None:
    disabled = make_rig(tmp_path, "recall: {enabled: false}\n")
    decision = disabled.coordinator.cached_context("s", disabled.alice, EXPLICIT_ES)
    assert decision.reason == "disabled" and decision.sync is None
    assert run(disabled.coordinator.prefetch("s", disabled.alice, TURN_PLATFORM)).status == "disabled"
    manual = make_rig(tmp_path, "recall: {automatic: {mode: 'off'}}\n")
    assert run(manual.coordinator.prefetch("s", manual.alice, TURN_PLATFORM)).status == "disabled"
    assert manual.coordinator.cached_context("s", manual.alice, HIGH_PLATFORM).sync is None
    explicit = manual.coordinator.cached_context("s", manual.alice, EXPLICIT_ES)
    assert explicit.reason == "disabled" and explicit.sync == "explicit_memory_request"
    no_cache = make_rig(tmp_path, "recall: {cache: {enabled: false}}\n")
    assert no_cache.coordinator.cached_context("s", no_cache.alice, HIGH_PLATFORM).sync == \
        "high_confidence_cache_miss"
    assert manual.fake.requests == [] and disabled.fake.requests == []


# ------------------------------------------------------------------------------------------ fail-open


def test_sync_recall_times_out_and_fails_open(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path, "recall: {synchronous: {timeout_seconds: 0.2}}\n", latency=1.5)
    decision = rig.coordinator.cached_context("s1", rig.alice, HIGH_PLATFORM)
    started = time.perf_counter()
    result = run(rig.coordinator.sync_recall("s1", rig.alice, HIGH_PLATFORM, decision=decision))
    elapsed = time.perf_counter() - started
    assert elapsed < 0.6, elapsed
    assert result.status == "timeout" and result.hits == () and result.context == ""
    assert result.error and "0.2s" in result.error
    assert rig.coordinator.cached_context("s1", rig.alice, HIGH_PLATFORM).reason == "cache_miss"


def test_sync_recall_timeout_falls_back_to_the_cached_block(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path, "recall: {synchronous: {timeout_seconds: 0.2}}\n")
    warm(rig)
    rig.fake.latency = 1.5
    rig.clock.advance(rig.plane.config.recall.cache.fresh_seconds + 1)  # stale: the explicit request recalls
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    result = run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    assert result.status == "timeout" and result.context == decision.context != ""


def test_a_raising_backend_fails_open_everywhere(rig: Rig) -> None:
    rig.backend.failures["wetopi-platform"] = RuntimeError("backend exploded")
    rig.backend.failures["user-u_alice"] = RuntimeError("backend exploded")
    prefetched = run(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM))
    assert prefetched.status == "failed" and prefetched.failed == {"platform": "RuntimeError: backend exploded"}
    decision = rig.coordinator.cached_context("s1", rig.alice, HIGH_PLATFORM)
    result = run(rig.coordinator.sync_recall("s1", rig.alice, HIGH_PLATFORM, decision=decision))
    assert result.status == "error" and result.context == "" and "backend exploded" in (result.error or "")
    rig.fake.fail_next(503, times=5)
    del rig.backend.failures["wetopi-platform"], rig.backend.failures["user-u_alice"]
    assert run(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM)).status == "failed"


def test_one_failing_scope_gives_a_partial_result(rig: Rig) -> None:
    rig.backend.failures["wetopi-business"] = RuntimeError("down")
    text = "search our memory: kubernetes clusters pricing for the customer"
    decision = rig.coordinator.cached_context("s1", rig.alice, text)
    assert set(decision.sync_scopes) == {"platform", "business"}
    result = run(rig.coordinator.sync_recall("s1", rig.alice, text, decision=decision))
    assert result.status == "partial" and result.failed == {"business": "RuntimeError: down"}
    assert '<scope name="platform">' in result.context and "business" not in result.scopes


def test_cached_context_never_raises(rig: Rig) -> None:
    class Broken:
        def route(self, *args: Any, **kwargs: Any) -> Any:
            raise ValueError("router bug")

    assert rig.coordinator.cached_context("s1", rig.alice, None).reason == "not_confident"  # type: ignore[arg-type]
    rig.coordinator.router = Broken()  # type: ignore[assignment]
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert decision.reason == "error" and decision.context == "" and decision.error == "ValueError"


# ------------------------------------------------------------------------------------------ the critical path


def test_normal_turns_make_zero_backend_calls_on_the_critical_path(rig: Rig) -> None:
    """A conversation: every pre_llm_call is `cached_context` only; prefetch runs after the turn."""
    conversation = [TURN_PLATFORM, NEXT_PLATFORM, FOLLOW_UP, "the argo cd sync of the cluster is stuck",
                     "thanks!", "and the ingress pods of the kubernetes cluster?", FOLLOW_UP,
                     "rollout the kubernetes deployment again"]
    warm(rig, text=TURN_PLATFORM)
    critical = 0
    for text in conversation:
        before = recall_requests(rig.fake)
        decision = rig.coordinator.cached_context("s1", rig.alice, text)
        critical += recall_requests(rig.fake) - before
        assert decision.sync is None, (text, decision.to_dict())
        assert decision.reason in ("cache_hit", "not_confident"), (text, decision.to_dict())
        run(rig.coordinator.prefetch("s1", rig.alice, text))  # post_llm_call, off the critical path
    assert critical == 0


def test_cached_context_works_from_another_thread_while_the_loop_prefetches(rig: Rig) -> None:
    """The plugin's shape: one loop thread for I/O, hooks on Hermes' thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        asyncio.run_coroutine_threadsafe(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM), loop).result(5)
        rig.backend.delays["wetopi-platform"] = 0.01
        futures = [asyncio.run_coroutine_threadsafe(
            rig.coordinator.prefetch(f"s{i % 3}", rig.alice, TURN_PLATFORM), loop) for i in range(30)]
        reasons = set()
        for _ in range(2000):
            reasons.add(rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason)
        for f in futures:
            assert f.result(5).status in ("stored", "stale")
        assert reasons == {"cache_hit"}
    finally:
        asyncio.run_coroutine_threadsafe(rig.backend.aclose(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


# ------------------------------------------------------------------------------------------ metrics hooks


def test_observer_sees_routes_cache_sync_recalls_and_manual_search_after_miss(rig: Rig) -> None:
    obs = rig.observer
    warm(rig)
    last = obs.events[-1]
    assert last[:4] == ("recall", "platform", "ok", 2) and last[4] > 0
    obs.events.clear()
    rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert obs.events == [("route", True), ("cache", True)]
    assert rig.coordinator.note_manual_search("s1") is False
    obs.events.clear()
    rig.coordinator.cached_context("s2", rig.alice, "hola qué tal")
    assert obs.events == [("route", False), ("route_miss",), ("cache", False)]
    assert rig.coordinator.note_manual_search("s2") is True
    assert obs.events[-1] == ("manual_after_miss",)
    assert rig.coordinator.note_manual_search("unknown-session") is False
    obs.events.clear()
    decision = rig.coordinator.cached_context("s3", rig.alice, HIGH_PLATFORM)
    run(rig.coordinator.sync_recall("s3", rig.alice, HIGH_PLATFORM, decision=decision))
    assert ("sync", "high_confidence_cache_miss") in obs.events
    assert sorted(e[:3] for e in obs.events if e[0] == "recall") == [("recall", "personal", "ok"),
                                                                     ("recall", "platform", "ok")]
    rig.coordinator.invalidate("s2")
    assert rig.coordinator.note_manual_search("s2") is False


def test_a_failing_observer_never_breaks_recall(rig: Rig) -> None:
    class Exploding(type(rig.observer)):  # type: ignore[misc]
        def __getattribute__(self, name: str) -> Any:
            if name.startswith("on_"):
                raise RuntimeError("metrics down")
            return super().__getattribute__(name)

    coordinator = RecallCoordinator.from_plane(rig.plane, observer=Exploding(), clock=rig.clock)
    assert run(coordinator.prefetch("s1", rig.alice, TURN_PLATFORM)).status == "stored"
    assert coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).reason == "cache_hit"
    assert coordinator.note_manual_search("s1") is False


def test_decision_summary_is_log_safe(rig: Rig) -> None:
    warm(rig, text="I prefer OpenSearch for the logs of my Kubernetes clusters")
    decision = rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP)
    summary = str(decision.to_dict())
    assert all(fact[:20] not in summary for fact in PERSONAL_FACTS + PLATFORM_FACTS)
    assert decision.to_dict()["items"] == len(decision.hits) > 0


def test_assembled_blocks_follow_every_change_of_the_cache(rig: Rig) -> None:
    warm(rig, text=TURN_PLATFORM)
    first = rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP)
    assert first.scopes == ("platform",)
    assert rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP).context == first.context  # memoized
    rig.clock.advance(100)
    warm(rig, text="What should the pricing be for the customer?")
    both = rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP)
    assert both.scopes == ("business", "platform")  # the most recent prefetch first
    assert '<scope name="business">' in both.context and '<scope name="platform">' in both.context
    rig.clock.advance(250)  # platform expires
    only = rig.coordinator.cached_context("s1", rig.alice, FOLLOW_UP)
    assert only.scopes == ("business",) and '<scope name="platform">' not in only.context
