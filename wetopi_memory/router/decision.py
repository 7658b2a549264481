"""What the router returns: per-scope scores, the matched rule terms, and the decision for one message.

Privacy: `RuleMatch.term` is always the term as written in the rule (or the pattern/glob source), never a slice
of the message, so decisions can be logged (design §31-32: never user_message).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

CONFIDENCE_CAP: Final = 0.9999   # no route is ever certain
MatchKind = Literal["keyword", "phrase", "entity", "pattern", "tool", "near", "agent"]


@dataclass(frozen=True, slots=True)
class ScopeScore:
    """One scope's routing result: `confidence` in [0, 1) derived from `score`, the summed rule weight."""

    scope: str
    confidence: float
    score: float


@dataclass(frozen=True, slots=True)
class RuleMatch:
    """One matched rule term. `term` is the rule's own text (keyword, phrase, entity, pattern or tool glob);
    `rule` is `default:<name>` for built-in rules or `rules[<index>]` for `routing.rules` in config.yaml."""

    scope: str
    rule: str
    kind: MatchKind
    term: str
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Cancellation:
    """A matched term that did not count because words of another sense of it occur (`by`, a context term of the
    sense `sense`): "product" next to "vectors", "sales" in "¿a qué hora sales?"."""

    scope: str
    term: str
    by: str
    sense: str


@dataclass(frozen=True, slots=True)
class ModelVote:
    """A scope the word model added to the rules' scopes or dropped from them, with the model's probability for it.
    `features` are the model features that weighed most for the change (feature as written in the model, weight),
    worked out only when asked for: most decisions are never explained."""

    scope: str
    change: Literal["added", "dropped"]
    probability: float
    explained_by: Callable[[], tuple[tuple[str, float], ...]] = field(compare=False, repr=False)

    @property
    def features(self) -> tuple[tuple[str, float], ...]:
        return self.explained_by()


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """What the router suggests for one message."""

    scopes: tuple[ScopeScore, ...]
    all_scores: tuple[ScopeScore, ...]
    matches: tuple[RuleMatch, ...]
    explicit_memory_request: bool
    confident: bool
    high_confidence: bool
    explicit_trigger: str | None = None
    cancelled: tuple[Cancellation, ...] = ()
    below_evidence: tuple[str, ...] = ()   # scopes with matches but no anchor (the minimum-evidence rule)
    votes: tuple[ModelVote, ...] = ()       # the scopes the word model added to or dropped from the rules' choice

    @property
    def scope_names(self) -> tuple[str, ...]:
        return tuple(s.scope for s in self.scopes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scopes": [{"scope": s.scope, "confidence": round(s.confidence, 4)} for s in self.scopes],
            "explicit_memory_request": self.explicit_memory_request,
            "explicit_trigger": self.explicit_trigger,
            "matches": [{"scope": m.scope, "rule": m.rule, "kind": m.kind, "term": m.term, "weight": m.weight}
                        for m in self.matches],
            "cancelled": [{"scope": c.scope, "term": c.term, "by": c.by, "sense": c.sense} for c in self.cancelled],
            "below_evidence": list(self.below_evidence),
            "model": [{"scope": v.scope, "change": v.change, "probability": round(v.probability, 4),
                       "features": [{"feature": f, "weight": w} for f, w in v.features]} for v in self.votes],
        }


NO_ROUTE = RouteDecision(scopes=(), all_scores=(), matches=(), explicit_memory_request=False, confident=False,
                         high_confidence=False)


def best_first(score: ScopeScore) -> tuple[float, str]:
    """Sort key of scores: highest confidence first, ties by scope name."""
    return (-score.confidence, score.scope)


# Hot-path constructors: a frozen dataclass __init__ goes through object.__setattr__ once per field (~1 µs per
# object here); writing the slots through their descriptors builds the very same immutable objects ~3x faster.
_new_object = object.__new__
_SCORE_SLOTS = tuple(getattr(ScopeScore, name).__set__ for name in ("scope", "confidence", "score"))
_DECISION_SLOTS = tuple(
    getattr(RouteDecision, name).__set__
    for name in ("scopes", "all_scores", "matches", "explicit_memory_request", "confident", "high_confidence",
                 "explicit_trigger", "cancelled", "below_evidence", "votes")
)


def new_score(scope: str, confidence: float, score: float) -> ScopeScore:
    """A ScopeScore built without the dataclass __init__ (see above)."""
    obj: ScopeScore = _new_object(ScopeScore)
    set_scope, set_confidence, set_score = _SCORE_SLOTS
    set_scope(obj, scope)
    set_confidence(obj, confidence)
    set_score(obj, score)
    return obj


def new_decision(scopes: tuple[ScopeScore, ...], all_scores: tuple[ScopeScore, ...], matches: tuple[RuleMatch, ...],
                 explicit: bool, confident: bool, high: bool, trigger: str | None,
                 cancelled: tuple[Cancellation, ...] = (), below_evidence: tuple[str, ...] = (),
                 votes: tuple[ModelVote, ...] = ()) -> RouteDecision:
    """A RouteDecision built without the dataclass __init__ (see above)."""
    obj: RouteDecision = _new_object(RouteDecision)
    (set_scopes, set_all, set_matches, set_explicit, set_confident, set_high, set_trigger, set_cancelled,
     set_below, set_votes) = _DECISION_SLOTS
    set_scopes(obj, scopes)
    set_all(obj, all_scores)
    set_matches(obj, matches)
    set_explicit(obj, explicit)
    set_confident(obj, confident)
    set_high(obj, high)
    set_trigger(obj, trigger)
    set_cancelled(obj, cancelled)
    set_below(obj, below_evidence)
    set_votes(obj, votes)
    return obj
