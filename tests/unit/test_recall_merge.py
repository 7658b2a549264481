"""merge_hits: normalize → deduplicate (provenance kept) → reciprocal-rank fusion → token budgets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.models import RecallHit
from wetopi_memory.recall.merge import (
    NEAR_DUPLICATE_JACCARD,
    RRF_K,
    comparison_key,
    jaccard,
    merge_hits,
    normalize_text,
    token_set,
)

BANK = {"platform": "wetopi-platform", "business": "wetopi-business", "personal": "user-u1"}


def hit(scope: str, content: str, score: float = 0.5, n: int = 0) -> RecallHit:
    return RecallHit(scope=scope, bank=BANK[scope], id=f"{scope}-{n}", content=content, score=score,
                     type="observation")


def test_normalize_trims_and_collapses_whitespace_and_drops_empty_hits() -> None:
    assert normalize_text("  a\n\tb   c \r\n") == "a b c"
    merged = merge_hits([[hit("platform", "  Argo CD\n  deploys\teverything  "), hit("platform", " \n\t ")]],
                        max_total_tokens=1000)
    assert [m.content for m in merged.hits] == ["Argo CD deploys everything"]
    assert merged.hits[0].hit.scope == "platform" and merged.hits[0].hit.bank == "wetopi-platform"


def test_same_text_in_two_scopes_is_kept_once_with_the_other_scope_recorded() -> None:
    text = "Infisical was selected for secrets management."
    merged = merge_hits([[hit("platform", text, 0.9, 1)],
                         [hit("business", "infisical WAS selected  for secrets management", 0.99, 2)]],
                        max_total_tokens=1000)
    assert len(merged.hits) == 1 and merged.duplicates == 1
    kept = merged.hits[0]
    # both are rank 0 in their bank: the higher-priority scope (requested first) keeps it
    assert (kept.scope, kept.bank, kept.content) == ("platform", "wetopi-platform", text)
    assert kept.also_in == (("business", "wetopi-business", "business-2"),)
    assert kept.also_in_scopes == ("business",)
    assert kept.fused == 2 / (RRF_K + 1)  # both copies count
    assert kept.to_dict()["also_in"] == ["business"]


def test_the_better_ranked_copy_is_kept_whatever_the_scope_priority() -> None:
    text = "Ceph backs the persistent volumes."
    merged = merge_hits([[hit("platform", "other platform fact", n=1), hit("platform", text, n=2)],
                         [hit("business", text, n=3)]], max_total_tokens=1000)
    kept = next(m for m in merged.hits if m.content == text)
    assert kept.scope == "business"  # rank 0 in business beats rank 1 in platform
    assert kept.also_in_scopes == ("platform",)


def test_near_duplicates_are_merged_and_different_facts_are_not() -> None:
    a = "the nginx ingress controller runs behind IPVS with direct server return on the WAN nodes"
    near = "the nginx ingress controller runs behind IPVS with direct server return on all the WAN nodes"
    different = "the haproxy ingress controller runs behind IPVS with direct server return on the LAN nodes"
    assert jaccard(token_set(comparison_key(a)), token_set(comparison_key(near))) >= NEAR_DUPLICATE_JACCARD
    assert jaccard(token_set(comparison_key(a)), token_set(comparison_key(different))) < NEAR_DUPLICATE_JACCARD
    merged = merge_hits([[hit("platform", a, n=1)], [hit("personal", near, n=2), hit("personal", different, n=3)]],
                        max_total_tokens=1000)
    assert [m.content for m in merged.hits] == [a, different]
    assert merged.hits[0].also_in == (("personal", "user-u1", "personal-2"),)


def test_short_texts_need_an_exact_match() -> None:
    merged = merge_hits([[hit("platform", "RKE2 v1.30")], [hit("business", "RKE2 v1.31")]], max_total_tokens=100)
    assert len(merged.hits) == 2


def test_deduplicate_off_keeps_every_copy() -> None:
    merged = merge_hits([[hit("platform", "same text here")], [hit("business", "same text here")]],
                        max_total_tokens=100, deduplicate=False)
    assert [m.scope for m in merged.hits] == ["platform", "business"] and merged.duplicates == 0


def test_ranking_uses_ranks_not_raw_scores_and_interleaves_by_priority() -> None:
    # business scores are on a much larger scale; fusion ignores the scale and interleaves by rank
    platform = [hit("platform", f"platform fact {i}", score=0.01 * (5 - i), n=i) for i in range(3)]
    business = [hit("business", f"business fact {i}", score=50.0 - i, n=i) for i in range(3)]
    merged = merge_hits([platform, business], max_total_tokens=1000)
    assert [m.content for m in merged.hits] == ["platform fact 0", "business fact 0", "platform fact 1",
                                                "business fact 1", "platform fact 2", "business fact 2"]
    assert merged.hits[0].hit.score == 0.05  # the bank's own score is kept for display
    assert [s for s in merged.by_scope()] == ["platform", "business"]


def test_a_memory_found_in_two_banks_outranks_single_bank_hits() -> None:
    shared = "Wetopi sells managed Hermes to agencies."
    merged = merge_hits([[hit("platform", "p0", n=0), hit("platform", shared, n=1)],
                         [hit("business", "b0", n=0), hit("business", shared, n=1)]], max_total_tokens=1000)
    assert merged.hits[0].content == shared


def test_global_budget_cuts_and_smaller_hits_may_still_fit() -> None:
    big = "x" * 400      # 100 tokens
    small = "y" * 40     # 10 tokens
    merged = merge_hits([[hit("platform", "a" * 200, n=0), hit("platform", big, n=1), hit("platform", small, n=2)]],
                        max_total_tokens=70)
    assert [len(m.content) for m in merged.hits] == [200, 40]
    assert merged.over_budget == 1 and merged.tokens == 60
    assert merged.tokens_by_scope == {"platform": 60}


def test_each_store_budget_is_applied_separately() -> None:
    platform = [hit("platform", f"platform {i} " + "p" * 29, n=i) for i in range(5)]  # 10 tokens each
    business = [hit("business", f"business {i} " + "b" * 29, n=i) for i in range(5)]
    merged = merge_hits([platform, business], max_total_tokens=1000,
                        store_max_tokens={"platform": 20, "business": 35})
    counts = {scope: len(hits) for scope, hits in merged.by_scope().items()}
    assert counts == {"platform": 2, "business": 3}
    assert all(m.hit.bank == BANK[m.scope] for m in merged.hits)


def test_limit_caps_the_number_of_hits() -> None:
    merged = merge_hits([[hit("platform", f"fact number {i}", n=i) for i in range(10)]], max_total_tokens=1000,
                        limit=3)
    assert [m.content for m in merged.hits] == ["fact number 0", "fact number 1", "fact number 2"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.text(min_size=0, max_size=60), max_size=6), min_size=1, max_size=3),
       st.integers(min_value=1, max_value=200))
def test_merge_never_loses_provenance_or_exceeds_the_budget(texts: list[list[str]], budget: int) -> None:
    scopes = ["platform", "business", "personal"]
    ranked = [[hit(scopes[i], t, n=j) for j, t in enumerate(group)] for i, group in enumerate(texts)]
    merged = merge_hits(ranked, max_total_tokens=budget)
    assert merged.tokens <= budget
    originals = {(h.scope, h.bank, h.id) for group in ranked for h in group}
    for m in merged.hits:
        assert (m.scope, m.bank, m.hit.id) in originals
        assert m.bank == BANK[m.scope]
        assert all(entry in originals for entry in m.also_in)
        assert m.content == normalize_text(m.content) and m.content
    keys = [comparison_key(m.content) for m in merged.hits]
    assert len(keys) == len(set(keys))
