"""Which cached scopes a new message gets injected, and when a bounded synchronous recall is warranted.

Which cached scopes are injected
--------------------------------
* Confident route: the routed scopes (+ `always` scopes) that are cached. Cached scopes the new message is not
  about are NOT injected (the user changed subject). None cached → `cache_miss`.
* Route not confident (a follow-up such as "and why did it fail?"): every cached scope of this session and
  identity is injected (`carried_over=True`, reason `cache_hit`). The prefetch was made from the previous turn,
  its TTL bounds staleness, and a follow-up without topic words is exactly what the prefetch is for (the same
  choice as Hermes' Hindsight provider, whose prefetch uses the previous turn's query). Nothing cached →
  `not_confident`: nothing is injected and no recall of any kind is started (design §8).

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..config import Config
from ..router import RouteDecision
from .cache import CachedScope
from .fanout import select_scopes
from .results import InjectionReason, SyncReason


def choose_cached(route: RouteDecision, relevant: Sequence[str], candidates: Sequence[str],
                  cached: Mapping[str, CachedScope]) -> tuple[InjectionReason, list[str], bool]:
    """Which cached scopes to inject, why, and whether they are carried over from an earlier subject."""
    if relevant and route.confident:
        chosen = [s for s in relevant if s in cached]
        return ("cache_hit" if chosen else "cache_miss"), chosen, False
    allowed = frozenset(candidates)
    chosen = [s for s in sorted(cached, key=lambda s: -cached[s].created) if s in allowed]
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
