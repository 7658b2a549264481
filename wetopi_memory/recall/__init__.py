"""Routed recall (design §7, §10-11, A2/A3/A15): parallel multi-store fan-out, merge, safe injection, prefetch cache.

* `fanout.recall_scopes`: one recall per bank in parallel, every scope through `ScopeACL.check`, fail-open per scope.
* `merge.merge_hits`: normalize → deduplicate (provenance kept) → reciprocal-rank fusion → token budgets.
* `inject.render_block`: the `[Wetopi Memory Plane]` block with one escaped `<scope>` group per scope.
* `engine.RecallCoordinator`: prefetch cache (turn N → turn N+1), `cached_context` (sync, no I/O) and the bounded
  synchronous fallback.
"""

from __future__ import annotations

from .engine import (
    InjectionDecision,
    PrefetchResult,
    RecallCoordinator,
    RecallObserver,
    SyncRecallResult,
)
from .fanout import FanoutResult, ScopeOutcome, recall_scopes, recallable_scopes, select_scopes
from .inject import escape_item, render_block
from .merge import MergedHit, MergeResult, merge_hits

__all__ = [
    "FanoutResult",
    "InjectionDecision",
    "MergeResult",
    "MergedHit",
    "PrefetchResult",
    "RecallCoordinator",
    "RecallObserver",
    "ScopeOutcome",
    "SyncRecallResult",
    "escape_item",
    "merge_hits",
    "recall_scopes",
    "recallable_scopes",
    "render_block",
    "select_scopes",
]
