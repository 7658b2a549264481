"""Parallel multi-store recall (§10) and MemoryPlane.search on top of it: ACL first, per-store settings, fail-open."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.support.recall_rig import (
    BANKS,
    BUSINESS_FACTS,
    PLATFORM_FACTS,
    make_rig,
    recall_requests,
    run,
    seed,
    seeded_rig,
)
from wetopi_memory import AccessDenied, BackendUnavailableError, InvalidRequest, SearchResult
from wetopi_memory.recall import recall_scopes
from wetopi_memory.recall.fanout import select_scopes
from wetopi_memory.router import RuleRouter

ALL = ["personal", "business", "platform"]


def test_one_request_per_bank_in_parallel(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path, latency=0.15)
    started = time.perf_counter()
    result = run(recall_scopes(rig.plane.acl, rig.alice, ALL, query="kubernetes clusters pricing",
                               types=("observation",), limit=10))
    elapsed = time.perf_counter() - started
    assert elapsed < 0.4, f"three 150 ms recalls took {elapsed:.3f}s: not parallel"
    assert recall_requests(rig.fake) == 3
    assert sorted(bank for bank, _ in rig.backend.calls) == sorted(BANKS.values())
    assert result.scopes == ALL and result.failed == {}
    for hit in result.hits:
        assert hit.bank == BANKS[hit.scope]


def test_every_hit_is_labelled_with_its_own_scope_and_bank(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    for scope, bank in BANKS.items():
        seed(rig.fake, bank, f"shared words canary {scope} kubernetes")
    result = run(recall_scopes(rig.plane.acl, rig.alice, ALL, query="shared words kubernetes",
                               types=("observation",)))
    assert len(result.hits) == 3
    for hit in result.hits:
        assert hit.content.endswith(f"canary {hit.scope} kubernetes")
        assert hit.bank == BANKS[hit.scope]


def test_a_refused_scope_refuses_everything_before_any_io(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    for scopes in (["platform", "personal"], ["platform", "wetopi-business"], ["platform", "nope"]):
        with pytest.raises(AccessDenied):
            run(recall_scopes(rig.plane.acl, rig.ops, scopes, query="anything", types=None))
    with pytest.raises(AccessDenied):  # an unknown caller never gets a personal bank
        run(recall_scopes(rig.plane.acl, rig.stranger, ["personal"], query="anything", types=None))
    assert rig.fake.requests == [] and rig.backend.calls == []


def test_each_store_gets_its_own_budget_and_max_tokens_unless_overridden(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    run(recall_scopes(rig.plane.acl, rig.alice, ALL, query="q", types=("observation",), limit=7,
                      prefer_observations=True))
    sent = {bank: q for bank, q in rig.backend.calls}
    assert (sent["user-u_alice"].budget, sent["user-u_alice"].max_tokens) == ("low", 1000)
    assert (sent["wetopi-business"].budget, sent["wetopi-business"].max_tokens) == ("mid", 1500)
    assert (sent["wetopi-platform"].budget, sent["wetopi-platform"].max_tokens) == ("mid", 2000)
    assert all(q.types == ("observation",) and q.limit == 7 and q.prefer_observations for q in sent.values())
    rig.backend.calls.clear()
    run(recall_scopes(rig.plane.acl, rig.alice, ALL, query="q", types=None, budget_override="high"))
    assert {q.budget for _, q in rig.backend.calls} == {"high"}
    assert {q.max_tokens for _, q in rig.backend.calls} == {1000, 1500, 2000}


def test_failures_are_captured_per_scope_with_a_reason(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path)
    rig.backend.failures["wetopi-business"] = BackendUnavailableError("cannot reach Hindsight: refused")
    rig.backend.failures["user-u_alice"] = RuntimeError("boom")
    result = run(recall_scopes(rig.plane.acl, rig.alice, ALL, query="kubernetes clusters", types=None))
    assert result.ok_scopes == ["platform"]
    assert result.failed["business"] == "cannot reach Hindsight: refused"
    assert result.failed["personal"] == "RuntimeError: boom"
    assert {h.content for h in result.hits} == set(PLATFORM_FACTS)
    statuses = {o.scope: o.status for o in result.outcomes}
    assert statuses == {"personal": "error", "business": "error", "platform": "ok"}


def test_a_scope_over_the_deadline_times_out_and_the_others_answer(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path)
    rig.backend.delays["wetopi-business"] = 2.0
    started = time.perf_counter()
    result = run(recall_scopes(rig.plane.acl, rig.alice, ["business", "platform"], query="kubernetes pricing",
                               types=None, timeout=0.2))
    assert time.perf_counter() - started < 1.0
    assert result.failed == {"business": "no answer within 0.2s"}
    assert {o.scope: o.status for o in result.outcomes} == {"business": "timeout", "platform": "ok"}
    assert result.hits


# ------------------------------------------------------------------------------------------ scope selection


def test_select_scopes_rules(tmp_path: Path) -> None:
    rig = make_rig(tmp_path, """
recall: {}
routing: {max_scopes_per_recall: 2}
""")
    router = RuleRouter.from_settings(rig.plane.config.routing, rig.plane.config.stores)
    config = rig.plane.config
    confident = router.route("the kubernetes ingress of the cluster is down")
    vague = router.route("hola, qué tal")
    assert select_scopes(confident, ALL, config, fallback_to_all=False) == ["platform"]
    assert select_scopes(vague, ALL, config, fallback_to_all=False) == []
    assert select_scopes(vague, ALL, config, fallback_to_all=True) == ["personal", "business"]  # capped at 2
    # routed scopes that are not candidates never come back; the fallback only offers candidates
    assert select_scopes(confident, ["business"], config, fallback_to_all=False) == []
    assert select_scopes(confident, ["business"], config, fallback_to_all=True) == ["business"]


def test_always_and_never_modes(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    config = rig.plane.config.model_copy(update={"stores": {
        **rig.plane.config.stores,
        "personal": rig.plane.config.stores["personal"].model_copy(update={"recall": rig.plane.config.stores[
            "personal"].recall.model_copy(update={"mode": "always"})}),
        "business": rig.plane.config.stores["business"].model_copy(update={"recall": rig.plane.config.stores[
            "business"].recall.model_copy(update={"mode": "never"})}),
    }})
    router = RuleRouter.from_settings(config.routing, config.stores)
    candidates = [s for s in ALL if config.stores[s].recall.mode != "never"]
    assert select_scopes(router.route("kubernetes cluster"), candidates, config, fallback_to_all=False) == [
        "platform", "personal"]
    assert select_scopes(router.route("hola"), candidates, config, fallback_to_all=False) == ["personal"]
    assert "business" not in select_scopes(router.route("pricing for the customer"), candidates, config,
                                           fallback_to_all=True)


# ------------------------------------------------------------------------------------------ MemoryPlane.search


def test_search_without_scopes_routes_a_confident_query_to_its_scopes(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path)
    result = run(rig.plane.search(rig.alice, "kubernetes clusters on RKE2 with Argo CD"))
    assert isinstance(result, SearchResult)
    assert result.scopes == ["platform"]
    assert [b for b, _ in rig.backend.calls] == ["wetopi-platform"]
    assert {h.content for h in result.hits} == set(PLATFORM_FACTS)


def test_search_without_a_confident_route_uses_every_readable_scope_capped(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path)
    result = run(rig.plane.search(rig.alice, "what about the thing from yesterday?"))
    assert result.scopes == ALL
    capped = make_rig(tmp_path, "routing: {max_scopes_per_recall: 2}\n")
    assert run(capped.plane.search(capped.alice, "what about the thing from yesterday?")).scopes == [
        "personal", "business"]
    assert run(rig.plane.search(rig.ops, "what about the thing from yesterday?")).scopes == ["platform"]
    assert run(rig.plane.search(rig.stranger, "what about it")).scopes == ["platform"]


def test_search_named_scopes_and_validation_are_unchanged(tmp_path: Path) -> None:
    rig = seeded_rig(tmp_path)
    result = run(rig.plane.search(rig.alice, "pricing for agencies", ["business", "business"]))
    assert result.scopes == ["business"]
    assert [h.content for h in result.hits] == BUSINESS_FACTS
    for bad in ("business", [], [1]):
        with pytest.raises(InvalidRequest):
            run(rig.plane.search(rig.alice, "q", bad))  # type: ignore[arg-type]
    with pytest.raises(AccessDenied):
        run(rig.plane.search(rig.ops, "q", ["platform", "personal"]))
    assert set(result.to_dict()) == {"scopes", "results", "failed"}
    assert set(result.to_dict()["results"][0]) == {"scope", "bank", "id", "content", "score", "type", "tags",
                                                   "occurred_at"}


def test_search_modes_ask_for_the_right_types_and_budgets(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    run(rig.plane.search(rig.alice, "q", ["platform"]))
    normal = rig.backend.calls[-1][1]
    assert normal.types == ("observation", "world") and normal.prefer_observations and normal.budget == "mid"
    run(rig.plane.search(rig.alice, "q", ["platform"], mode="deep"))
    deep = rig.backend.calls[-1][1]
    assert deep.types == ("observation", "world", "experience") and not deep.prefer_observations
    assert deep.budget == "high"
    run(rig.plane.search(rig.alice, "q", ["platform"], mode="deep", budget="low"))
    assert rig.backend.calls[-1][1].budget == "low"


def test_search_merges_duplicates_across_scopes_and_fails_open(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    same = "Argo CD is the GitOps deployment controller of every Kubernetes cluster."
    seed(rig.fake, "wetopi-platform", same)
    seed(rig.fake, "wetopi-business", "  Argo CD is the GitOps deployment controller of every Kubernetes cluster ")
    result = run(rig.plane.search(rig.alice, "Argo CD GitOps controller", ["platform", "business"]))
    assert [h.content for h in result.hits] == [same]
    assert result.hits[0].scope == "platform" and result.hits[0].bank == "wetopi-platform"
    rig.backend.failures["wetopi-business"] = RuntimeError("unexpected")
    result = run(rig.plane.search(rig.alice, "Argo CD GitOps controller", ["platform", "business"]))
    assert result.failed == {"business": "RuntimeError: unexpected"}
    assert [h.scope for h in result.hits] == ["platform"]


def test_search_respects_the_global_token_budget_and_limit(tmp_path: Path) -> None:
    rig = make_rig(tmp_path, "recall: {max_total_tokens: 60}\n")
    for i in range(6):
        seed(rig.fake, "wetopi-platform", f"kubernetes note {i}: " + "x" * 80)  # ~25 tokens each
    result = run(rig.plane.search(rig.alice, "kubernetes note", ["platform"]))
    assert len(result.hits) == 2
    assert len(run(rig.plane.search(rig.alice, "kubernetes note", ["platform"], limit=1)).hits) == 1
