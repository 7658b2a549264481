"""Which cached scopes a new message gets injected, and when a bounded synchronous recall is warranted.

Which cached scopes are injected
--------------------------------
* Confident route: the routed scopes (+ `always` scopes) that are cached. Cached scopes the new message is not
  about are NOT injected (the user changed subject). None cached → `cache_miss`.
* Route not confident: the cached scopes the new message relates to are injected (`carried_over=True`, reason
  `cache_hit`); the others are not. The relevance gate (`related_scopes`) is deterministic and cheap; a cached
  scope relates to the message when
  - the message has (sub-threshold, uncancelled) words of that scope: "and the ingress?" after an ingress turn;
  - or the message shares a salient word (4+ letters, not a common word) with that scope's cached memories;
  - or the message is a bare follow-up: only follow-up words ("why", "did", "happen", "eso", "por", "qué") and at
    least one reference to what came before ("that", "it", "eso", "esto"): every cached scope relates.
  "¿Y mañana a qué hora quedamos para comer?" after a platform turn relates to nothing cached: nothing is
  injected. Nothing related → `not_confident`: nothing is injected and no recall of any kind is started (§8).

When a synchronous recall is warranted
--------------------------------------
Each only when listed in `recall.synchronous.only_when` and `recall.synchronous.enabled`:
* `explicit_memory_request` ("¿qué habíamos decidido sobre…?", "search our memory for…"), even on a cache hit,
  because the cache answers the previous turn's question: scopes = the confident routed scopes, else every
  readable scope (capped); types observation + world with prefer_observations (like the `memory_search` tool).
* `high_confidence_cache_miss`: a high-confidence route whose best scope is not cached; scopes = the relevant
  scopes not cached; automatic types and budget; the result is stored in the cache.
With `recall.automatic.mode: off` only explicit requests recall; with `recall.cache.enabled: false` the cache is
always cold, so high-confidence routes recall synchronously.
* An explicit request that a fresh cache `covers` (every scope recalled within `recall.cache.fresh_seconds`, one
  of them with a memory) is served from the cache with no round trip.
* `first_turn` (only when listed): a session's first turn of a known speaker with nothing cached; scopes =
  `session_scopes` (the personal scopes, the routed ones, the agent's usual scope); the result is cached.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Final

from ..config import Config
from ..router import RouteDecision, tokenize
from ..router.near_rules import AGENT_PRIORS
from .cache import CachedScope
from .fanout import select_scopes
from .results import InjectionReason, SyncReason

MIN_SALIENT_CHARS: Final = 4
MAX_GATE_CHARS: Final = 1000          # the part of a not-confident message the relevance gate reads
MAX_MEMO_MEMORY_WORDS: Final = 4096   # cached scopes whose salient words are remembered
ANAPHORS: Final = frozenset({"it", "that", "this", "those", "these", "there", "same", "eso", "esto", "ello", "lo",
                             "la", "los", "las", "ahi", "alli", "mismo", "misma", "aquello"})
FOLLOW_UP_WORDS: Final = ANAPHORS | frozenset({
    "and", "but", "so", "then", "why", "how", "what", "when", "where", "which", "who", "did", "does", "do", "is",
    "was", "were", "are", "the", "a", "an", "of", "to", "in", "on", "for", "happen", "happened", "mean", "means",
    "fail", "failed", "fix", "fixed", "work", "works", "still", "again", "now", "cause", "caused", "reason", "ok",
    "explain", "more", "about", "one", "other", "s", "t", "can", "you", "we", "us", "me", "y", "pero", "entonces",
    "por", "que", "como", "cuando", "donde", "cual", "quien", "el", "un", "una", "de", "del", "en", "paso",
    "ocurrio", "falla", "fallo", "funciona", "significa", "causa", "motivo", "sigue", "otra", "vez", "ahora",
    "explica", "explicame", "mas", "otro", "es", "era", "ha", "se", "no", "not", "yet", "ya", "aun", "todavia"})
COMMON_WORDS: Final = FOLLOW_UP_WORDS | frozenset({
    "that", "this", "with", "from", "have", "has", "had", "will", "would", "could", "should", "there", "their",
    "they", "them", "your", "yours", "ours", "about", "after", "before", "also", "just", "only", "some", "very",
    "para", "pero", "como", "esto", "esta", "este", "estos", "estas", "porque", "cuando", "donde", "todo", "todos",
    "hace", "hacer", "tiene", "tienen", "tengo", "puedes", "puede", "sobre", "desde", "hasta", "entre", "muy",
    "bien", "gracias", "thanks", "please", "favor", "want", "need", "quiero", "necesito", "make", "know", "think",
    "creo", "parece", "look", "like", "what", "which", "been", "being", "does", "done", "were"})


def salient_words(tokens: Collection[str]) -> frozenset[str]:
    """The words of a text worth comparing: 4+ letters and not a common function or chat word."""
    return frozenset(t for t in tokens if len(t) >= MIN_SALIENT_CHARS and t not in COMMON_WORDS)


def is_bare_follow_up(tokens: Sequence[str]) -> bool:
    """Only follow-up words, with a reference to what came before ("and why did that happen?", "¿y eso por qué?")."""
    return bool(tokens) and not ANAPHORS.isdisjoint(tokens) and FOLLOW_UP_WORDS.issuperset(tokens)


class MemoryWords:
    """The salient words of a cached scope's memories, remembered per cached scope (cached scopes are immutable;
    the memo holds the scope's `lines` tuple, so an id reused after garbage collection is never mistaken)."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}

    def __call__(self, cached: CachedScope) -> frozenset[str]:
        memo = self._memo.get(id(cached.lines))
        if memo is not None and memo[0] is cached.lines:
            return memo[1]
        if len(self._memo) >= MAX_MEMO_MEMORY_WORDS:
            self._memo.clear()
        words = salient_words(tokenize(" ".join(h.hit.content for h in cached.hits)))
        self._memo[id(cached.lines)] = (cached.lines, words)
        return words


def related_scopes(route: RouteDecision, text: str, cached: Mapping[str, CachedScope],
                   memory_words: Callable[[CachedScope], frozenset[str]]) -> frozenset[str]:
    """The cached scopes a not-confident message relates to (the relevance gate; see the module docstring)."""
    tokens = tokenize(text[:MAX_GATE_CHARS]) if isinstance(text, str) else []
    if is_bare_follow_up(tokens):
        return frozenset(cached)
    related = {m.scope for m in route.matches if m.kind not in ("tool", "agent") and m.scope in cached}
    words = salient_words(tokens)
    if words:
        related |= {scope for scope, entry in cached.items()
                    if scope not in related and not words.isdisjoint(memory_words(entry))}
    return frozenset(related)


def choose_cached(route: RouteDecision, relevant: Sequence[str], candidates: Sequence[str],
                  cached: Mapping[str, CachedScope], related: Collection[str] = ()
                  ) -> tuple[InjectionReason, list[str], bool]:
    """Which cached scopes to inject, why, and whether they are carried over from an earlier subject; a not
    confident message only gets the cached scopes it is `related` to."""
    if relevant and route.confident:
        chosen = [s for s in relevant if s in cached]
        return ("cache_hit" if chosen else "cache_miss"), chosen, False
    allowed = frozenset(candidates)
    chosen = [s for s in sorted(cached, key=lambda s: -cached[s].created) if s in allowed and s in related]
    for scope in relevant:  # `always` scopes first when nothing is routed
        if scope in chosen:
            chosen.remove(scope)
            chosen.insert(0, scope)
    return ("cache_hit" if chosen else "not_confident"), chosen, bool(chosen)


def sync_trigger(route: RouteDecision, candidates: Sequence[str], relevant: Sequence[str], *,
                 missing: Sequence[str], config: Config) -> tuple[SyncReason | None, tuple[str, ...]]:
    """Whether a bounded synchronous recall is warranted for this route, and over which scopes."""
    recall = config.recall
    only_when = recall.synchronous.only_when if recall.synchronous.enabled else ()
    scopes: tuple[str, ...] = ()
    if route.explicit_memory_request and "explicit_memory_request" in only_when:
        scopes = tuple(relevant or select_scopes(route, candidates, config, fallback_to_all=True))
        return ("explicit_memory_request" if scopes else None), scopes
    if (route.high_confidence and "high_confidence_cache_miss" in only_when
            and recall.automatic.mode == "prefetch" and route.scopes and route.scopes[0].scope in missing):
        scopes = tuple(missing)
        return ("high_confidence_cache_miss" if scopes else None), scopes
    return None, scopes


def covers(cached: Mapping[str, CachedScope], scopes: Sequence[str], *, now: float, window: float) -> bool:
    """Whether a fresh cache answers a request over `scopes`: each recalled within `window` seconds, and at least
    one of them holds a memory (an empty answer to the previous question says nothing about this one)."""
    slots = [cached.get(s) for s in scopes]
    fresh = [s for s in slots if s is not None and now - s.created < window]
    return bool(scopes) and len(fresh) == len(slots) and any(s.hits for s in fresh)


def session_scopes(candidates: Sequence[str], relevant: Sequence[str], config: Config, *,
                   agent: str | None) -> tuple[str, ...]:
    """What a session most likely needs first: the identity's own (per-person) scopes, the routed ones, then the
    agent's usual scope; readable ones only, at most `routing.max_scopes_per_recall`."""
    personal = [s for s in candidates if config.stores[s].bank_template is not None]
    usual = AGENT_PRIORS.get(agent.strip().casefold(), "") if isinstance(agent, str) else ""
    chosen = [*personal, *relevant, *([usual] if usual in candidates else [])]
    return tuple(dict.fromkeys(chosen))[:config.routing.max_scopes_per_recall]
