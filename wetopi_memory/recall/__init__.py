"""Routed recall (design §7, §10-11, A2/A3/A15): parallel multi-store fan-out, merge, safe injection, prefetch cache.

* `fanout.recall_scopes`: one recall per bank in parallel, every scope through `ScopeACL.check`, fail-open per scope.
* `merge.merge_hits`: normalize → deduplicate (provenance kept) → reciprocal-rank fusion → token budgets.
* `inject.render_block`: the `[Wetopi Memory Plane]` block with one escaped `<scope>` group per scope.
* `cache.PrefetchCache`: pre-rendered recalled scopes per (session, identity, allowed scopes), TTL and LRU bounded.
* `coordinator.RecallCoordinator`: prefetch (turn N → turn N+1, and at session start), `cached_context` (sync, no
  I/O; a fresh cache answers explicit requests; own writes in front) and the bounded synchronous fallback
  (`sync.SyncRecaller`: one parallel round trip); `assembly.HitAssembly` merges and renders for all three.
* `own_writes`: read-your-writes, what this plane accepted for retain before the backend shows it.
* `results`: what recall returns and its closed vocabularies; `observer`: the metrics hooks protocol.
"""

from __future__ import annotations

from .cache import PrefetchCache
from .coordinator import RecallCoordinator, RecallPlane
from .fanout import FanoutResult, ScopeOutcome, recall_scopes, recallable_scopes, select_scopes
from .inject import escape_item, render_block
from .merge import MergedHit, MergeResult, merge_hits
from .observer import (
    NULL_RECALL_OBSERVER,
    GuardedRecallObserver,
    NullRecallObserver,
    RecallObserver,
    RecallObserverSource,
)
from .results import (
    InjectionDecision,
    InjectionReason,
    PrefetchReason,
    PrefetchResult,
    PrefetchStatus,
    ScopeStatus,
    SyncReason,
    SyncRecallResult,
    SyncStatus,
)

__all__ = [
    "NULL_RECALL_OBSERVER",
    "FanoutResult",
    "GuardedRecallObserver",
    "InjectionDecision",
    "InjectionReason",
    "MergeResult",
    "MergedHit",
    "NullRecallObserver",
    "PrefetchCache",
    "PrefetchReason",
    "PrefetchResult",
    "PrefetchStatus",
    "RecallCoordinator",
    "RecallObserver",
    "RecallObserverSource",
    "RecallPlane",
    "ScopeOutcome",
    "ScopeStatus",
    "SyncReason",
    "SyncRecallResult",
    "SyncStatus",
    "escape_item",
    "merge_hits",
    "recall_scopes",
    "recallable_scopes",
    "render_block",
    "select_scopes",
]
