"""Recall that follows the conversation (issue #13): a fresh cache answers explicit requests, one round trip
otherwise, own writes visible at once to their writer only, a session-start prefetch."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.support.recall_rig import PERSONAL_FACTS, Rig, make_rig, run, seeded_rig
from wetopi_memory.recall.cache import cache_key

TURN_PLATFORM = "The RKE2 upgrade of the Kubernetes clusters failed, check Argo CD"
TURN_BUSINESS = "What is the managed Hermes pricing for agencies per customer?"
EXPLICIT_ES = "¿Qué habíamos decidido sobre RKE2?"
NEXT_PLATFORM = "Check the kubernetes ingress of the cluster"
OWN_FACT = "We moved the cluster ingress to Traefik v3 on the staging RKE2 nodes."
FIRST_TURN = "recall: {synchronous: {only_when: [explicit_memory_request, high_confidence_cache_miss, first_turn]}}\n"


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return seeded_rig(tmp_path)


def prefetched(rig: Rig, text: str) -> int:
    """Warm session s1 for alice; the number of backend recalls so far."""
    assert run(rig.coordinator.prefetch("s1", rig.alice, text)).status == "stored"
    return len(rig.backend.calls)


def test_a_fresh_cache_serves_an_explicit_request_with_no_backend_call(rig: Rig) -> None:
    before = prefetched(rig, TURN_PLATFORM)
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    assert decision.route is not None and decision.route.explicit_memory_request
    assert decision.sync is None and decision.reason == "cache_hit" and "platform" in decision.scopes
    assert "RKE2" in decision.context
    result = run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    assert result.status == "skipped" and len(rig.backend.calls) == before


def test_a_stale_cache_makes_exactly_one_parallel_round_trip(rig: Rig) -> None:
    before = prefetched(rig, TURN_PLATFORM)
    rig.clock.advance(rig.plane.config.recall.cache.fresh_seconds + 1)
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    assert decision.sync == "explicit_memory_request" and decision.context  # the stale block is the fallback
    result = run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    asked = [bank for bank, _ in rig.backend.calls[before:]]
    assert result.status == "ok" and len(asked) == len(decision.sync_scopes) == len(set(asked))


def test_a_cache_that_does_not_cover_the_request_makes_one_round_trip(rig: Rig) -> None:
    before = prefetched(rig, TURN_BUSINESS)
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    assert decision.sync == "explicit_memory_request" and "platform" in decision.sync_scopes
    run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    asked = [bank for bank, _ in rig.backend.calls[before:]]
    assert len(asked) == len(decision.sync_scopes) == len(set(asked))


def test_own_writes_show_in_the_next_turn_without_a_backend_call_and_only_to_their_writer(rig: Rig) -> None:
    rig.plane.own_writes.record(rig.alice, "platform", OWN_FACT, "doc-own-1")
    decision = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM)
    assert OWN_FACT in decision.context and rig.backend.calls == []
    assert [w.document_id for w in decision.own_writes] == ["doc-own-1"]
    for other in (rig.bob, rig.ops, rig.stranger):
        seen = rig.coordinator.cached_context("s1", other, NEXT_PLATFORM)
        assert OWN_FACT not in seen.context and seen.own_writes == ()


def test_own_writes_go_in_front_of_a_synchronous_recall(rig: Rig) -> None:
    rig.plane.own_writes.record(rig.alice, "platform", OWN_FACT, "doc-own-1")
    decision = rig.coordinator.cached_context("s1", rig.alice, EXPLICIT_ES)
    result = run(rig.coordinator.sync_recall("s1", rig.alice, EXPLICIT_ES, decision=decision))
    assert result.status == "ok" and OWN_FACT in result.context and "Argo CD" in result.context
    assert result.context.index(OWN_FACT) < result.context.index("Argo CD")


def test_own_writes_of_an_unrelated_scope_stay_out_of_an_unrelated_message(rig: Rig) -> None:
    rig.plane.own_writes.record(rig.alice, "platform", OWN_FACT, "doc-own-1")
    decision = rig.coordinator.cached_context("s1", rig.alice, "¿Y mañana a qué hora quedamos para comer?")
    assert decision.context == "" and decision.own_writes == ()


def test_the_session_start_prefetch_warms_the_personal_and_routed_scopes(rig: Rig) -> None:
    result = run(rig.coordinator.prefetch_session("s1", rig.alice, TURN_PLATFORM))
    assert result.status == "stored" and {"personal", "platform"} <= set(result.scopes)
    assert {"personal", "platform"} <= set(rig.coordinator.cached_scopes("s1", rig.alice))
    unknown = run(rig.coordinator.prefetch_session("s1", rig.stranger, TURN_PLATFORM))
    assert unknown.status == "disabled"


def test_a_later_prefetch_is_not_replaced_by_a_slower_session_start_prefetch(rig: Rig) -> None:
    prefetched(rig, TURN_PLATFORM)
    first = rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).hits
    rig.clock.advance(1)
    run(rig.coordinator.prefetch_session("s1", rig.alice, "hola"))
    assert rig.coordinator.cached_context("s1", rig.alice, NEXT_PLATFORM).hits == first


def test_a_cold_first_turn_recalls_synchronously_only_when_configured(tmp_path: Path) -> None:
    default = make_rig(tmp_path)
    assert default.coordinator.cached_context("s1", default.alice, "hola", first_turn=True).sync is None
    rig = seeded_rig(tmp_path, FIRST_TURN)
    assert rig.coordinator.cached_context("s1", rig.alice, "hola").sync is None  # not the first turn
    assert rig.coordinator.cached_context("s1", rig.stranger, "hola", first_turn=True).sync is None
    hello = "hola, centralized logs today"
    decision = rig.coordinator.cached_context("s1", rig.alice, hello, first_turn=True)
    assert decision.sync == "first_turn" and "personal" in decision.sync_scopes
    result = run(rig.coordinator.sync_recall("s1", rig.alice, hello, decision=decision))
    assert result.status == "ok" and PERSONAL_FACTS[0] in result.context
    assert len(rig.backend.calls) == len(decision.sync_scopes)
    assert "personal" in rig.coordinator.cached_scopes("s1", rig.alice)  # turn 2 is warm


def test_the_session_start_prefetch_leaves_out_what_the_synchronous_recall_fetches(rig: Rig) -> None:
    result = run(rig.coordinator.prefetch_session("s1", rig.alice, TURN_PLATFORM, skip=["platform"]))
    assert result.status == "stored" and "platform" not in result.scopes and "personal" in result.scopes


# ------------------------------------------------------------------------------------------ declarations, standing


DECLARATION = "Decision: the ceph cluster on kubernetes keeps three replicas per pool"
PLATFORM_QUESTION = "Which ingress should the ceph cluster on kubernetes get?"


def test_a_declaration_never_waits_for_a_synchronous_recall_on_a_cold_cache(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, DECLARATION)
    assert decision.route is not None and decision.route.high_confidence  # a cold, confident route
    assert decision.sync is None and rig.backend.calls == []
    asked = rig.coordinator.cached_context("s2", rig.alice, PLATFORM_QUESTION)
    assert asked.route is not None and asked.route.high_confidence
    assert asked.sync == "high_confidence_cache_miss"  # a question on the same subject does wait


def test_a_declaration_on_the_first_turn_does_not_recall_even_when_first_turn_is_listed(tmp_path: Path) -> None:
    rig = make_rig(tmp_path, FIRST_TURN)
    assert rig.coordinator.cached_context("s1", rig.alice, DECLARATION, first_turn=True).sync is None
    assert rig.coordinator.cached_context("s2", rig.alice, PLATFORM_QUESTION, first_turn=True).sync is not None


def test_the_speaker_s_standing_preferences_come_with_a_question_on_another_subject(rig: Rig) -> None:
    run(rig.coordinator.prefetch_session("s1", rig.alice, TURN_PLATFORM))
    decision = rig.coordinator.cached_context("s1", rig.alice, PLATFORM_QUESTION)
    assert decision.route is not None and decision.route.scope_names == ("platform",)
    assert set(decision.scopes) == {"platform", "personal"} and PERSONAL_FACTS[0] in decision.context
    for small_talk in ("thanks!", "hola qué tal", "ok"):
        assert PERSONAL_FACTS[0] not in rig.coordinator.cached_context("s1", rig.alice, small_talk).context


def test_own_personal_writes_come_with_any_request_and_never_to_another_person(rig: Rig) -> None:
    rig.plane.own_writes.record(rig.alice, "personal", "I prefer answers in bullet points.", "doc-own-2")
    request = "Summarise the on-call rota change for me."
    assert "bullet points" in rig.coordinator.cached_context("s1", rig.alice, request).context
    assert "bullet points" not in rig.coordinator.cached_context("s1", rig.alice, "thanks!").context
    for other in (rig.bob, rig.ops, rig.stranger):
        assert "bullet points" not in rig.coordinator.cached_context("s1", other, request).context


def test_a_scope_a_prefetch_is_already_fetching_costs_the_turn_no_second_round_trip(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path, latency=0.3)
    fetching = threading.Thread(target=run, args=(rig.coordinator.prefetch_session("s1", rig.alice,
                                                                                  TURN_PLATFORM),))
    fetching.start()
    key = cache_key("s1", rig.alice)
    while fetching.is_alive() and "platform" not in rig.coordinator._cache.warming_scopes(key):
        fetching.join(0.005)
    decision = rig.coordinator.cached_context("s1", rig.alice, PLATFORM_QUESTION)
    assert decision.route is not None and decision.route.high_confidence
    in_flight = fetching.is_alive()
    fetching.join(10)
    assert in_flight, "the prefetch ended before the turn looked (latency too short for this machine?)"
    assert decision.sync is None  # no second trip for a scope on its way
    assert rig.coordinator._cache.warming_scopes(key) == frozenset()
    after = rig.coordinator.cached_context("s1", rig.alice, PLATFORM_QUESTION)
    assert after.reason == "cache_hit" and "platform" in after.scopes


def test_a_round_trip_that_happens_anyway_brings_the_speaker_s_own_scope_too(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, PLATFORM_QUESTION)
    assert decision.sync == "high_confidence_cache_miss" and decision.sync_scopes == ("platform", "personal")
    result = run(rig.coordinator.sync_recall("s1", rig.alice, PLATFORM_QUESTION, decision=decision))
    assert result.status == "ok" and PERSONAL_FACTS[0] in result.context
    assert sorted(bank for bank, _ in rig.backend.calls) == sorted(["wetopi-platform", "user-u_alice"])
    assert {"platform", "personal"} <= set(rig.coordinator.cached_scopes("s1", rig.alice))
    stranger = rig.coordinator.cached_context("s9", rig.stranger, PLATFORM_QUESTION)
    assert "personal" not in stranger.sync_scopes  # an unknown caller has no own scope
