"""The word model's say in a route: after the rules decide, the model may add a scope the rules missed when the
words clearly point to it; each addition is a `ModelVote` that names its strongest features (design §8).
It never drops a scope the rules chose: on the parts of the corpus whose first look was closest to today's rules,
the model's drops were wrong more often than right, its additions right four times in five. The rules' matches,
cancellations and scores are kept as they are, so `route` shows both.

Hot path: per rules' decision (memoised with it) the voter packs, per scope not chosen, the word weight above
which the model would add it. Adding a message's packed word weights to that constant sets the top bit of a
scope's field exactly when its words outweigh the limit, so "nothing to add" is one sum, one AND and one test;
only an addition is unpacked and worked out scope by scope.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from .decision import CONFIDENCE_CAP, ModelVote, RouteDecision, ScopeScore, best_first, new_decision, new_score
from .word_model import (
    CHUNK,
    FIELD_BITS,
    FIELD_HALF,
    MAX_WORD_WEIGHT,
    WordModel,
    field_offset,
    logit_units,
    sigmoid,
    unpack,
)

PACKED_WORDS: Final = 64                      # words and tools summed packed; a longer message takes the exact path
MAX_PACKED_LIMIT: Final = PACKED_WORDS * MAX_WORD_WEIGHT + 1   # beyond what PACKED_WORDS words can reach
TOOL_MEMO_SIZE: Final = 1024
MIN_WORDS: Final = 3   # a message of fewer words is too little evidence for the model (the minimum-evidence rule)


@dataclass(frozen=True, slots=True)
class Bars:
    """For one rules' decision: per scope the rules did not choose, (model index, scope, the word weight above
    which the model adds it), and the packed form of the same test: `(words + packed) & top` is non-zero exactly
    when some scope's words pass its limit (`might_add`), for up to `PACKED_WORDS` words and tools. With no limit,
    `top` is 0 (nothing to add). A limit beyond what that many words can reach is packed clamped to the reach, which
    gives the same answer (`limits` keeps the true values for the exact path)."""

    limits: tuple[tuple[int, str, int], ...]
    packed: int
    top: int

    def might_add(self, weights: int, features: int) -> bool:
        """The packed test for the packed sum of a message's word and tool weights over `features` words and tools
        (`RuleRouter.route` inlines it)."""
        return features > PACKED_WORDS or bool((weights + self.packed) & self.top)


NO_BARS: Final = Bars((), 0, 0)


class WordVoter:
    """Applies a word model to the rules' decisions of one router (its scopes, threshold and scope cap). A scope
    is added when its probability passes both the model's threshold and the router's `confidence_threshold`; its
    confidence is that probability, and `high_confidence` stays the rules' own: the model may widen a recall but
    never on its own makes a turn wait for one."""

    def __init__(self, model: WordModel, known_scopes: Collection[str], *, confidence_threshold: float,
                 max_scopes: int) -> None:
        self._model = model
        self._scopes = tuple((index, scope) for index, scope in enumerate(model.scopes) if scope in known_scopes)
        self._threshold = max(model.threshold, logit_units(confidence_threshold, model.scale))
        self._tools: dict[tuple[str, ...], int] = {}
        self._offset = field_offset(len(model.scopes))
        self._max_scopes = max_scopes

    @property
    def model(self) -> WordModel:
        return self._model

    def prior(self, decision: RouteDecision) -> Bars:
        """The adding limits of one rules' decision (memoise them with the decision)."""
        chosen = [s.scope for s in decision.scopes]
        scores = {s.scope: s.score for s in decision.all_scores} if decision.all_scores else {}
        prior = self._model.rule_prior(chosen, scores)
        limits = tuple((index, scope, self._threshold - prior[index]) for index, scope in self._scopes
                       if scope not in chosen)
        top = sum(FIELD_HALF << (FIELD_BITS * index) for index, _, _ in limits)
        # field value = words - limit - 1 + HALF (HALF - 1 in other fields): top bit set exactly when words > limit
        packed = sum((FIELD_HALF - 1) << (FIELD_BITS * index) for index in range(len(self._model.scopes)))
        packed -= sum(max(-MAX_PACKED_LIMIT, min(MAX_PACKED_LIMIT, limit)) << (FIELD_BITS * index)
                      for index, _, limit in limits)
        return Bars(limits, packed, top)

    def revise(self, decision: RouteDecision, bars: Bars, packed: int, words: frozenset[bytes], tokens: int,
               tools: tuple[str, ...], allowed: frozenset[str] | None) -> RouteDecision:
        """`decision` itself when the model adds nothing, else a copy with its additions. `packed`: the packed sum
        of the weights of `words` (the message's distinct words, at least all those the model knows); `tools`: its
        tool names (`tool_names.tool_names`); `tokens`: how many words it has. Without tools the router calls it
        only when `bars.might_add` (the common case, nothing to add, costs no call)."""
        if not bars.limits or tokens < MIN_WORDS:
            return decision
        if tools:
            packed += self.tool_weights(tools)
            if not bars.might_add(packed, len(words) + len(tools)):
                return decision
        if len(words) + len(tools) <= CHUNK:   # the packed sum is exact: no field can have overflowed
            sums = unpack(packed, len(self._model.scopes), self._offset)
        else:
            sums = self._model.word_sums(words, tools)
        added = [(scope, sums[index] - limit + self._threshold) for index, scope, limit in bars.limits
                 if sums[index] > limit and (allowed is None or scope in allowed)]
        return self._added(decision, added, words, tools) if added else decision

    def tool_weights(self, tools: Sequence[str]) -> int:
        """The packed weights of a turn's tools, remembered per tool list."""
        key = tuple(tools)
        packed = self._tools.get(key)
        if packed is None:
            if len(self._tools) >= TOOL_MEMO_SIZE:
                self._tools.clear()
            packed = self._tools[key] = self._model.packed_tools(tools)
        return packed

    def _added(self, decision: RouteDecision, added: list[tuple[str, int]], words: frozenset[bytes],
               tools: Sequence[str]) -> RouteDecision:
        chosen = tuple(s.scope for s in decision.scopes)
        scores = {s.scope: s.score for s in decision.all_scores}
        extra: list[ScopeScore] = []
        votes = []
        for scope, total in sorted(added, key=lambda item: -item[1])[: self._max_scopes - len(chosen)]:
            probability = sigmoid(total / self._model.scale)
            extra.append(new_score(scope, min(CONFIDENCE_CAP, probability), scores.get(scope, 0.0)))
            reasons = partial(self._model.explain, scope, words, tuple(tools), chosen, scores.get(scope, 0.0))
            votes.append(ModelVote(scope, "added", probability, reasons))
        if not extra:   # the rules' scopes already fill `max_scopes`: an addition never displaces one
            return decision
        final = tuple(sorted((*decision.scopes, *extra), key=best_first))
        return new_decision(final, decision.all_scores, decision.matches, decision.explicit_memory_request,
                            bool(final), decision.high_confidence, decision.explicit_trigger, decision.cancelled,
                            decision.below_evidence, tuple(votes))
