"""What recall returns: the injection decision, prefetch and sync-recall results, and their closed vocabularies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..router import RouteDecision
from .merge import MergedHit
from .own_writes import OwnWrite

InjectionReason = Literal["cache_hit", "cache_miss", "not_confident", "disabled", "error"]
SyncReason = Literal["explicit_memory_request", "high_confidence_cache_miss", "first_turn"]
PrefetchStatus = Literal["stored", "disabled", "skipped", "failed", "stale"]
PrefetchReason = Literal["disabled", "routing_error", "not_confident", "empty_query", "access_denied",
                         "unexpected_error", "every_scope_failed", "session_invalidated_or_superseded"]
SyncStatus = Literal["ok", "partial", "timeout", "error", "skipped"]
ScopeStatus = Literal["ok", "error", "timeout"]


@dataclass(frozen=True, slots=True)
class InjectionDecision:
    """What `cached_context` decided for one message: the block to inject now (maybe ""), and whether a bounded
    synchronous recall is warranted (`sync`) and over which scopes; `hits` holds the own writes in front."""

    reason: InjectionReason
    context: str = ""
    scopes: tuple[str, ...] = ()
    sync: SyncReason | None = None
    sync_scopes: tuple[str, ...] = ()
    route: RouteDecision | None = None
    carried_over: bool = False
    hits: tuple[MergedHit, ...] = ()
    error: str | None = None
    own_writes: tuple[OwnWrite, ...] = ()   # this identity's accepted writes put in front of `hits`

    @property
    def sync_recall_warranted(self) -> bool:
        return self.sync is not None

    def to_dict(self) -> dict[str, object]:
        """A log-safe summary: reasons and scope names, never memory content."""
        return {"reason": self.reason, "scopes": list(self.scopes), "sync": self.sync,
                "sync_scopes": list(self.sync_scopes), "carried_over": self.carried_over, "items": len(self.hits),
                "own_writes": len(self.own_writes),
                "chars": len(self.context), "error": self.error}


@dataclass(frozen=True, slots=True)
class PrefetchResult:
    """What one prefetch did: `stored` (scopes now cached), or why it stored nothing (`reason` for people, `code`
    for logs; `error` names the exception of an `unexpected_error`)."""

    status: PrefetchStatus
    reason: str = ""
    scopes: tuple[str, ...] = ()
    failed: dict[str, str] = field(default_factory=dict)
    hits: int = 0
    seconds: float = 0.0
    code: PrefetchReason | None = None
    error: str | None = None

    @property
    def log_reason(self) -> str | None:
        """The reason as one log token: the code, or the exception class of an unexpected failure."""
        if self.code == "unexpected_error" and self.error:
            return self.error.lower()
        return self.code


@dataclass(frozen=True, slots=True)
class SyncRecallResult:
    """A synchronous recall's outcome. `context` is the block to inject: the fresh hits merged with the cached
    ones of the decision; on `timeout`/`error` it falls back to the decision's cached context (fail-open)."""

    status: SyncStatus
    reason: SyncReason | None
    context: str
    hits: tuple[MergedHit, ...] = ()
    scopes: tuple[str, ...] = ()
    failed: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    error: str | None = None
