"""DecisionScorer: from the terms a message matched to the router's decision (design §8, A10).

Each distinct matched term adds its rule's weight to the rule's scope, once however often it occurs. When a
matched term is a contiguous part of a longer matched term of the same scope, only the longer one counts ("yo
prefiero" does not also count "prefiero"; "balanceador de carga" does not also count "balanceador"). The summed
weight `s` becomes `confidence = 1 - exp(-s)` (capped at 0.9999): one STRONG (1.0) term -> 0.63, two -> 0.86,
three -> 0.95; a WEAK (0.4) term alone -> 0.33. A config rule with the default weight 1.0 behaves like a STRONG
term. Scopes with confidence >= `confidence_threshold` are suggested, best first (ties by name), at most
`max_scopes`; `high_confidence` is set when the best suggested scope reaches the `high_confidence` setting.

Decisions (with the word model's prior) are memoised in a bounded dict keyed by the matched rule terms and the
trigger (never by text); `cache_size=0` turns that off. Scores are memoised the same way; both are `memo.BoundedMemo`s.
"""

from __future__ import annotations

import math
from typing import Final

from .compiled import Term
from .decision import CONFIDENCE_CAP, RouteDecision, ScopeScore, best_first, new_decision, new_score
from .evidence import counted_terms
from .memo import BoundedMemo
from .word_votes import NO_BARS, Bars, WordVoter

SCORE_MEMO_SIZE: Final = 1024


class DecisionScorer:
    """Sums, confidences and the chosen scopes of one router's settings, with the word model's prior."""

    def __init__(self, voter: WordVoter | None, *, confidence_threshold: float, high_confidence: float,
                 max_scopes: int, cache_size: int) -> None:
        self._threshold = confidence_threshold
        self._high = high_confidence
        self._max_scopes = max_scopes
        self._cache: BoundedMemo[tuple[frozenset[int], str | None], tuple[RouteDecision, Bars]] = BoundedMemo(
            cache_size)
        self._score_memo: BoundedMemo[tuple[str, float], ScopeScore] = BoundedMemo(SCORE_MEMO_SIZE)
        self._remembers = cache_size > 0
        self._voter = voter

    @property
    def remembered(self) -> int:
        """How many decisions the memo holds now (never more than `cache_size`)."""
        return len(self._cache)

    def decide(self, found: dict[int, Term], trigger: str | None) -> tuple[RouteDecision, Bars]:
        """The decision for the matched terms and the trigger, and the word model's limits for it; through the
        bounded memo keyed by both when it is on."""
        if not self._remembers:
            decision = self._decide(found, trigger)
            return decision, self._bars(decision, found)
        key = (frozenset(found), trigger)
        entry = self._cache.get(key)
        if entry is None:
            decision = self._decide(found, trigger)
            entry = self._cache.put(key, (decision, self._bars(decision, found)))
        return entry

    def _bars(self, decision: RouteDecision, found: dict[int, Term]) -> Bars:
        """The word model's limits for the decision; none when the speaker's own words settled it (`roles.OWN_WORDS`:
        the other scopes' words there are referents, whatever weight the model gives them)."""
        if self._voter is None or any(t.role == "own_words" for t in found.values()):
            return NO_BARS
        return self._voter.prior(decision)

    def _decide(self, found: dict[int, Term], trigger: str | None) -> RouteDecision:
        evidence = counted_terms(found)
        terms, anchored = evidence.terms, evidence.anchored
        sums: dict[str, float] = {}
        for t in terms:
            sums[t.scope] = sums.get(t.scope, 0.0) + t.weight
        memo = self._score_memo
        scores = []
        for item in sums.items():
            score = memo.get(item)
            scores.append(self._score(item) if score is None else score)
        if len(scores) > 1:
            scores.sort(key=best_first)
        threshold = self._threshold
        chosen = tuple([s for s in scores if s.confidence >= threshold and s.scope in anchored][: self._max_scopes])
        high = bool(chosen) and chosen[0].confidence >= self._high
        below = tuple(sorted(scope for scope in sums if scope not in anchored))
        return new_decision(chosen, tuple(scores), tuple([t.match for t in terms]), trigger is not None,
                            bool(chosen), high, trigger, evidence.cancelled, below)

    def _score(self, item: tuple[str, float]) -> ScopeScore:
        """The ScopeScore of (scope, summed weight), remembered in the bounded score memo."""
        scope, total = item
        return self._score_memo.put(item, new_score(scope, min(CONFIDENCE_CAP, 1.0 - math.exp(-total)), total))
