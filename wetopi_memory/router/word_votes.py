"""The word model's say in a route: after the rules decide, the model may add a scope the rules missed when the
words clearly point to it, and drop one the rules chose when the words clearly point away from it (only a model
that declares a `drop_threshold`); each change is a `ModelVote` that names its strongest features (design §8). The
rules' matches, cancellations and scores are kept as they are, so `route` shows both.

A message longer than the model's `full_weight_words` has its word sums scaled down by that many words over its
own: the model learned from chat-sized messages, and many weak words summed over a long one would otherwise add a
scope that none of them points to.

Hot path: per rules' decision (memoised with it) the voter packs, per scope, the word weight the model compares
the message's words with: above it a scope not chosen is added, at or below it a chosen scope is dropped. Adding
a message's packed word weights to that constant sets the top bit of a scope's field exactly when its words
outweigh the limit, so "nothing to change" is one sum, one AND and one comparison; only a change is unpacked and
worked out scope by scope. Scaling a sum towards 0 can change nothing the unscaled test keeps when every adding
limit is at least 0 and every dropping limit below 0 (`Bars.monotone`, the common case); otherwise a long message
takes the exact path.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from .decision import CONFIDENCE_CAP, ModelVote, RouteDecision, ScopeScore, best_first, new_decision, new_score
from .memo import BoundedMemo
from .word_model import (
    CHUNK,
    FIELD_BITS,
    FIELD_HALF,
    FIELD_MASK,
    MAX_WORD_WEIGHT,
    WordModel,
    field_offset,
    logit_units,
    sigmoid,
)

PACKED_WORDS: Final = 64                      # words and tools summed packed; a longer message takes the exact path
MAX_PACKED_LIMIT: Final = PACKED_WORDS * MAX_WORD_WEIGHT + 1   # beyond what PACKED_WORDS words can reach
TOOL_MEMO_SIZE: Final = 1024
BARS_MEMO_SIZE: Final = 1024
KEEP_SCORE: Final = 1.5   # a chosen scope's rules score from which dropping it takes STRONG_DROP
STRONG_DROP: Final = 0.15 # the probability at or below which such a scope is dropped
MIN_WORDS: Final = 3   # a message of fewer words is too little evidence for the model (the minimum-evidence rule)


@dataclass(frozen=True, slots=True)
class Bars:
    """For one rules' decision: per scope the model may change, (model index, scope, the word weight above which
    the model wants it), and the packed form of the same test: `(words + packed) & top` equals `kept` exactly when
    every scope stays as the rules decided (top bit set for a chosen scope whose words pass its limit, clear for a
    scope not chosen whose words do not), for up to `PACKED_WORDS` words and tools. `kept` has the top bits of the
    chosen scopes; `top` is 0 when nothing can change. A limit beyond what that many words can reach is packed
    clamped to the reach, which gives the same answer (`limits` keeps the true values for the exact path).
    `monotone`: the packed test also holds for a scaled-down sum (see the module's docstring)."""

    limits: tuple[tuple[int, str, int], ...]
    packed: int
    top: int
    kept: int = 0
    monotone: bool = True

    def might_change(self, weights: int, features: int, long: bool = False) -> bool:
        """The packed test for the packed sum of a message's word and tool weights over `features` words and tools;
        `long`: the message is longer than the model's `full_weight_words` (`RuleRouter.route` inlines it)."""
        return (features > PACKED_WORDS or (weights + self.packed) & self.top != self.kept
                or (long and not self.monotone))


NO_BARS: Final = Bars((), 0, 0)


class WordVoter:
    """Applies a word model to the rules' decisions of one router (its scopes, thresholds and scope cap). A scope
    is added when its probability passes both the model's threshold and the router's `confidence_threshold`; its
    confidence is that probability. A chosen scope is dropped when its probability is at or below the model's
    `drop_threshold`. `high_confidence` stays the rules' own, for the scopes still chosen: the model may widen or
    narrow a recall but never on its own makes a turn wait for one."""

    def __init__(self, model: WordModel, known_scopes: Collection[str], *, confidence_threshold: float,
                 high_confidence: float, max_scopes: int) -> None:
        self._model = model
        self._scopes = tuple((index, scope) for index, scope in enumerate(model.scopes) if scope in known_scopes)
        self._threshold = max(model.threshold, logit_units(confidence_threshold, model.scale))
        self._drop = model.drop_threshold
        self._strong_drop = None if self._drop is None else min(self._drop, logit_units(STRONG_DROP, model.scale))
        self._full_words = model.full_weight_words or 0
        self._high = high_confidence
        self._tools: BoundedMemo[tuple[str, ...], int] = BoundedMemo(TOOL_MEMO_SIZE)
        self._bars: BoundedMemo[tuple[tuple[ScopeScore, ...], tuple[ScopeScore, ...]], Bars] = BoundedMemo(
            BARS_MEMO_SIZE)
        self._offset = field_offset(len(model.scopes))
        self._max_scopes = max_scopes

    @property
    def model(self) -> WordModel:
        return self._model

    def prior(self, decision: RouteDecision) -> Bars:
        """The limits of one rules' decision (memoise them with the decision): an adding limit per scope not
        chosen, a dropping limit per chosen scope when the model drops at all. They depend on the chosen scopes and
        the scores alone, so they are remembered per both (many decisions share them)."""
        key = (decision.scopes, decision.all_scores)
        bars = self._bars.get(key)
        if bars is None:
            bars = self._bars.put(key, self._limits([s.scope for s in decision.scopes],
                                                    {s.scope: s.score for s in decision.all_scores}))
        return bars

    def _limits(self, chosen: list[str], scores: dict[str, float]) -> Bars:
        """`prior` worked out for the chosen scopes and the scores by scope."""
        prior = self._model.rule_prior(chosen, scores)
        # a scope the rules chose on strong evidence (a strong term and more) needs stronger words against it to be
        # dropped: the model knows the words the rules lack, not better than those they were written for ("switch
        # … to daily incrementals with restic" kept; "la nevera del pod de kubernetes" still dropped)
        wanted = {scope: self._threshold if scope not in chosen else
                  (self._strong_drop if scores.get(scope, 0.0) >= KEEP_SCORE else self._drop)
                  for _, scope in self._scopes}
        limits = tuple((index, scope, limit - prior[index], scope in chosen)
                       for index, scope in self._scopes if (limit := wanted[scope]) is not None)
        top = sum(FIELD_HALF << (FIELD_BITS * index) for index, _, _, _ in limits)
        kept = sum(FIELD_HALF << (FIELD_BITS * index) for index, _, _, was_chosen in limits if was_chosen)
        # field value = words - limit - 1 + HALF (HALF - 1 in other fields): top bit set exactly when words > limit
        packed = sum((FIELD_HALF - 1) << (FIELD_BITS * index) for index in range(len(self._model.scopes)))
        packed -= sum(max(-MAX_PACKED_LIMIT, min(MAX_PACKED_LIMIT, limit)) << (FIELD_BITS * index)
                      for index, _, limit, _ in limits)
        monotone = all(limit < 0 if was_chosen else limit >= 0 for _, _, limit, was_chosen in limits)
        return Bars(tuple((index, scope, limit) for index, scope, limit, _ in limits), packed, top, kept, monotone)

    def revise(self, decision: RouteDecision, bars: Bars, packed: int, words: frozenset[bytes], tokens: int,
               tools: tuple[str, ...], allowed: frozenset[str] | None) -> RouteDecision:
        """`decision` itself when the model changes nothing, else a copy with its changes. `packed`: the packed
        sum of the weights of `words` (the message's distinct words, at least all those the model knows); `tools`:
        its tool names (`tool_names.tool_names`); `tokens`: how many words it has. Without tools the router calls
        it only when `bars.might_change` (the common case, nothing to change, costs no call)."""
        if not bars.limits or tokens < MIN_WORDS:
            return decision
        full = self._full_words
        if tools:
            packed += self.tool_weights(tools)
            if not bars.might_change(packed, len(words) + len(tools), 0 < full < tokens):
                return decision
        sums = None if len(words) + len(tools) <= CHUNK else self._model.word_sums(words, tools)
        biased = packed + self._offset   # `unpack`, inlined below: the packed sum is exact when `sums` is None
        scaled = 0 < full < tokens   # scaled towards 0 (int() truncates): what `Bars.monotone` relies on
        chosen = [s.scope for s in decision.scopes]
        added: list[tuple[str, int]] = []
        dropped: list[tuple[str, int]] = []
        for index, scope, limit in bars.limits:   # one loop: most long messages come here and change nothing
            total = ((biased >> (FIELD_BITS * index)) & FIELD_MASK) - FIELD_HALF if sums is None else sums[index]
            if scaled:
                total = int(total * full / tokens)
            if scope in chosen:
                if total <= limit:
                    dropped.append((scope, total - limit + (self._drop or 0)))
            elif total > limit and (allowed is None or scope in allowed):
                added.append((scope, total - limit + self._threshold))
        return self._changed(decision, added, dropped, words, tools) if added or dropped else decision

    def tool_weights(self, tools: Sequence[str]) -> int:
        """The packed weights of a turn's tools, remembered per tool list."""
        key = tuple(tools)
        packed = self._tools.get(key)
        if packed is None:
            packed = self._tools.put(key, self._model.packed_tools(tools))
        return packed

    def _changed(self, decision: RouteDecision, added: list[tuple[str, int]], dropped: list[tuple[str, int]],
                 words: frozenset[bytes], tools: Sequence[str]) -> RouteDecision:
        """The decision with the model's drops and then its additions (which never displace a rules' scope)."""
        chosen = tuple(s.scope for s in decision.scopes)
        scores = {s.scope: s.score for s in decision.all_scores}
        scale = self._model.scale
        gone = {scope for scope, _ in dropped}
        kept = tuple(s for s in decision.scopes if s.scope not in gone)
        votes = [ModelVote(scope, "dropped", sigmoid(total / scale), partial(
            self._model.explain, scope, words, tuple(tools), chosen, scores.get(scope, 0.0), against=True))
            for scope, total in dropped]
        extra: list[ScopeScore] = []
        for scope, total in sorted(added, key=lambda item: -item[1])[: self._max_scopes - len(kept)]:
            probability = sigmoid(total / scale)
            extra.append(new_score(scope, min(CONFIDENCE_CAP, probability), scores.get(scope, 0.0)))
            reasons = partial(self._model.explain, scope, words, tuple(tools), chosen, scores.get(scope, 0.0))
            votes.append(ModelVote(scope, "added", probability, reasons))
        if not votes:   # the rules' scopes already fill `max_scopes`: an addition never displaces one
            return decision
        final = tuple(sorted((*kept, *extra), key=best_first))
        high = decision.high_confidence and any(s.confidence >= self._high for s in kept)
        return new_decision(final, decision.all_scores, decision.matches, decision.explicit_memory_request,
                            bool(final), high, decision.explicit_trigger, decision.cancelled,
                            decision.below_evidence, tuple(votes))
