"""The router's fast paths give what the definitions they replace give, on any set of matched terms."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.compiled import Term
from wetopi_memory.router.decision import Cancellation
from wetopi_memory.router.evidence import counted_terms
from wetopi_memory.router.pattern_shape import holds_question_mark
from wetopi_memory.router.word_votes import WordVoter

SCOPES = ("personal", "business", "platform")
ROUTER = RuleRouter((), known_scopes=SCOPES, cache_size=0)
TERMS = sorted({t.rank: t for entry in ROUTER._lookup.values()
                for t in (*entry[0].values(), *(p[1] for p in entry[1]), *entry[2])}.values(), key=lambda t: t.rank)
CONTEXTS = [t for t in TERMS if t.cancels]
BY_RANK = {t.rank: t for t in TERMS}
CANCELLED = [BY_RANK[rank] for rank in sorted({rank for t in CONTEXTS for rank in t.cancels}) if rank in BY_RANK]


def _cancelled_by_definition(found: dict[int, Term]) -> tuple[tuple[Cancellation, ...], list[int]]:
    """Cancellations as first written: every rank each context cancels, the first context by rank winning."""
    by_rank: dict[int, Term] = {}
    for context in sorted((t for t in found.values() if t.cancels), key=lambda t: t.rank):
        for rank in context.cancels:
            by_rank.setdefault(rank, context)
    cancelled = tuple(Cancellation(found[r].scope, found[r].match.term, by_rank[r].match.term, by_rank[r].sense)
                      for r in sorted(by_rank) if r in found)
    return cancelled, sorted(r for r, t in found.items() if r not in by_rank and not t.is_context)


_found = st.builds(
    lambda contexts, cancelled, others: {t.rank: t for t in (*contexts, *cancelled, *others)},
    st.lists(st.sampled_from(CONTEXTS), min_size=1, max_size=4),
    st.lists(st.sampled_from(CANCELLED), max_size=6),
    st.lists(st.sampled_from(TERMS), max_size=6),
)


@settings(max_examples=300, deadline=None)
@given(_found)
def test_cancellations_looked_up_per_matched_rank_equal_the_definition(found: dict[int, Term]) -> None:
    cancelled, kept = _cancelled_by_definition(found)
    evidence = counted_terms(found)
    assert evidence.cancelled == cancelled
    assert {t.rank for t in evidence.terms} <= set(kept)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TERMS), min_size=1, max_size=8))
def test_remembered_limits_equal_limits_worked_out_afresh(terms: list[Term]) -> None:
    voter = ROUTER._voter
    assert isinstance(voter, WordVoter)
    decision, _ = ROUTER._scorer.decide({t.rank: t for t in terms}, None)
    fresh = voter._limits([s.scope for s in decision.scopes], {s.scope: s.score for s in decision.all_scores})
    assert voter.prior(decision) == fresh
    assert voter.prior(decision) == fresh   # and again, from the memo


TRIGGERS = sorted({t for entry in ROUTER._lookup.values() for t in entry[3]}, key=lambda t: t.order)
ASKING = [t for t in TRIGGERS if t.needs_question]
_PIECES = sorted({word.decode() for t in TRIGGERS for word in (*t.anchor_words, *t.requires)}
                 | {"what", "we", "que", "my", "usual", "did", " ", ", ", ". ", "¿", "!"})


def test_only_a_pattern_that_holds_a_question_mark_is_skipped_without_one() -> None:
    assert holds_question_mark(r"\b(?:what|how)\b[^.!?]*\?")
    assert not holds_question_mark(r"what\??") and not holds_question_mark(r"(?:a\?|b)")
    assert ASKING and len(ASKING) < len(TRIGGERS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30).map(" ".join))
def test_a_trigger_that_needs_a_question_mark_never_matches_without_one(text: str) -> None:
    for trigger in ASKING:
        assert trigger.regex.search(text) is None or trigger.also is None or trigger.also.search(text) is None
