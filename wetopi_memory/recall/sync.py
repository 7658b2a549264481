"""The bounded synchronous recall (design §7, A2): ONE parallel round trip with a deadline, the cache as fallback.

Only when `cached_context` decided it is warranted (`InjectionDecision.sync`, see recall/injection_rules.py). Every
scope of the decision is asked at once (one backend latency, never one after another), each bounded by
`recall.synchronous.timeout_seconds` and the whole by that plus SYNC_GRACE_SECONDS. On timeout or error the
decision's cached block is injected instead (fail-open). A topic switch (`high_confidence_cache_miss`) and a
session's first turn (`first_turn`) store what they recalled, so the next turns are served from the cache.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Final

from ..config import Config
from ..errors import AccessDenied
from ..identity import Identity
from ..models import MemoryType, RecallHit
from ..oplog import OpLog, elapsed_ms
from ..security import ScopeACL
from .assembly import HitAssembly, backend_hits, recall_query, user_name
from .cache import cache_key
from .fanout import FanoutResult, recall_scopes
from .observer import RecallObserver
from .results import InjectionDecision, SyncReason, SyncRecallResult
from .tokens import estimate_tokens

AUTOMATIC_LIMIT: Final = 10          # hits asked from each bank by automatic recall (the merge budget trims)
SYNC_GRACE_SECONDS: Final = 0.05     # the outer guard of a synchronous recall: per-scope deadline + this
EXPLICIT_TYPES: Final[tuple[MemoryType, ...]] = ("observation", "world")
CACHING_REASONS: Final[frozenset[SyncReason]] = frozenset({"high_confidence_cache_miss", "first_turn"})


class SyncRecaller:
    """Runs the synchronous recall a decision asked for; the coordinator owns the decision."""

    def __init__(self, config: Config, acl: ScopeACL, assembly: HitAssembly, *, observer: RecallObserver,
                 oplog: OpLog) -> None:
        self.config = config
        self.acl = acl
        self.assembly = assembly
        self.observer = observer
        self.oplog = oplog

    async def run(self, session_id: str, identity: Identity, text: str, decision: InjectionDecision
                  ) -> SyncRecallResult:
        """The recall of `decision.sync_scopes`, logged; never raises (except cancellation)."""
        started = time.perf_counter()
        result = await self._run(session_id, identity, text, decision)
        if result.status != "skipped" and self.oplog.enabled("recall"):
            self.oplog.write("sync_recall", "recall", {
                "session": str(session_id), "user": user_name(identity), "reason": result.reason,
                "scopes": result.scopes or decision.sync_scopes, "latency_ms": elapsed_ms(started),
                "results": len(result.hits), "tokens": sum(estimate_tokens(h.content) for h in result.hits),
                "failed": sorted(result.failed) or None, "status": result.status})
        return result

    async def _run(self, session_id: str, identity: Identity, text: str, decision: InjectionDecision
                   ) -> SyncRecallResult:
        if decision.sync is None or not decision.sync_scopes:
            return SyncRecallResult("skipped", None, decision.context)
        reason = decision.sync
        self.observer.on_sync_recall(reason)
        question = recall_query(text)
        if not question:
            return SyncRecallResult("skipped", reason, decision.context, error="empty query")
        cache = self.assembly.cache
        epoch = cache.epoch(session_id)
        started = time.perf_counter()
        try:
            fan = await self._fanout(identity, decision.sync_scopes, question, reason)
        except Exception as exc:  # fail-open
            return SyncRecallResult("timeout" if isinstance(exc, TimeoutError) else "error", reason,
                                    decision.context, seconds=time.perf_counter() - started, error=self._error(exc))
        elapsed = time.perf_counter() - started
        ok = [o for o in fan.outcomes if o.status == "ok"]
        if not ok:
            statuses = {o.status for o in fan.outcomes}
            return SyncRecallResult("timeout" if statuses == {"timeout"} else "error", reason, decision.context,
                                    failed=fan.failed, seconds=elapsed, error="; ".join(
                                        f"{s}: {e}" for s, e in fan.failed.items()))
        if reason in CACHING_REASONS:
            cache.store(cache_key(session_id, identity), self.assembly.cached_scopes_of(fan), epoch=epoch,
                        ticket=None)
        fresh_scopes = {o.scope for o in ok}
        cached_by_scope: dict[str, list[RecallHit]] = {}
        for merged in backend_hits(decision.hits):
            if merged.scope not in fresh_scopes:
                cached_by_scope.setdefault(merged.scope, []).append(merged.hit)
        self.assembly.settle(fan)
        hits = self.assembly.front(self.assembly.merge([*(o.hits for o in ok), *cached_by_scope.values()]),
                                   decision.own_writes)
        return SyncRecallResult("partial" if fan.failed else "ok", reason, self.assembly.render(hits), hits,
                                tuple(o.scope for o in ok), fan.failed, elapsed)

    async def _fanout(self, identity: Identity, scopes: Sequence[str], question: str,
                      reason: SyncReason) -> FanoutResult:
        """The one parallel fan-out of a synchronous recall, bounded per scope and, with a small grace, as a whole."""
        automatic = self.config.recall.automatic
        timeout = float(self.config.recall.synchronous.timeout_seconds)
        explicit = reason == "explicit_memory_request"
        types: tuple[MemoryType, ...] = EXPLICIT_TYPES if explicit else automatic.types
        return await asyncio.wait_for(
            recall_scopes(self.acl, identity, scopes, query=question, types=types,
                          budget_override=None if explicit else automatic.budget, limit=AUTOMATIC_LIMIT,
                          prefer_observations=True if explicit else automatic.prefer_observations,
                          timeout=timeout, observer=self.observer),
            timeout + SYNC_GRACE_SECONDS)

    def _error(self, exc: Exception) -> str:
        """The error text of a failed synchronous recall: the deadline, the ACL code, or the exception class."""
        if isinstance(exc, TimeoutError):
            return f"no answer within {float(self.config.recall.synchronous.timeout_seconds):g}s"
        if isinstance(exc, AccessDenied):
            return f"access denied ({exc.code})"
        return type(exc).__name__
