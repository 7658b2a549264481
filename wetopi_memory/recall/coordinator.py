"""RecallCoordinator (design §7, A2/A15): the prefetch cache and the synchronous fallback, independent of Hermes.

Flow
----
* Turn N ends → `await prefetch(session, identity, turn_text)` (background, on the plugin's event loop): route the
  turn, and for the confident scopes the identity may read (plus `recall.mode: always` scopes) recall the
  automatic memory types (`recall.automatic.types`, observations by default) with the automatic budget, merge,
  pre-render the escaped item lines and store them per scope in the cache (recall/cache.py).
* Turn N+1 starts → `cached_context(session, identity, message)` (SYNCHRONOUS, no I/O, safe to call on Hermes'
  thread inside `pre_llm_call`): route the new message and answer from the cache with an `InjectionDecision`.
* Only when the decision says so (`decision.sync`): `await sync_recall(session, identity, message,
  decision=decision)`, bounded by `recall.synchronous.timeout_seconds`, fail-open.

Decision reasons: `cache_hit`, `cache_miss`, `not_confident`, `disabled` (recall off, automatic recall off, or the
cache off), `error` (an unexpected failure inside the coordinator; nothing injected, fail-open). Which cached
scopes are injected, and when a synchronous recall is warranted: recall/injection_rules.py.

Concurrent prefetches of the same key and the same (scopes, query) share one task; a newer prefetch of the same
key supersedes an older one, whose result is then discarded.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from ..config import Config
from ..errors import AccessDenied
from ..identity import Identity
from ..models import MemoryType, RecallHit
from ..oplog import OpLog, elapsed_ms
from ..router import RouteDecision, RuleRouter
from ..security import ScopeACL
from .cache import CachedScope, CacheEntry, CacheKey, PrefetchCache, cache_key, cached_scope
from .fanout import FanoutResult, recall_scopes, recallable_scopes, select_scopes
from .inject import MAX_BLOCK_CHARS, MAX_ITEM_CHARS, first_line, render_block
from .injection_rules import MemoryWords, choose_cached, related_scopes, sync_trigger
from .merge import MergedHit, merge_hits
from .observer import NULL_RECALL_OBSERVER, RecallObserver, RecallObserverSource, guarded
from .results import InjectionDecision, PrefetchResult, SyncReason, SyncRecallResult
from .tokens import estimate_tokens

log = logging.getLogger("wetopi_memory.recall")

AUTOMATIC_LIMIT: Final = 10          # hits asked from each bank by automatic recall (the merge budget trims)
MAX_AUTOMATIC_QUERY_CHARS: Final = 2000
SYNC_GRACE_SECONDS: Final = 0.05     # the outer guard of sync_recall: per-scope deadline + this
MAX_MEMO_CANDIDATES: Final = 1024

EXPLICIT_TYPES: Final[tuple[MemoryType, ...]] = ("observation", "world")

Fingerprint = tuple[tuple[str, ...], str]


class RecallPlane(Protocol):
    """The parts of a MemoryPlane a coordinator is built from."""

    @property
    def config(self) -> Config: ...
    @property
    def acl(self) -> ScopeACL: ...
    @property
    def router(self) -> RuleRouter: ...
    @property
    def metrics(self) -> RecallObserverSource: ...
    @property
    def oplog(self) -> OpLog: ...


class RecallCoordinator:
    """Prefetch cache + synchronous fallback over the Scope ACL; see the module docstring."""

    def __init__(self, config: Config, acl: ScopeACL, router: RuleRouter, *,
                 observer: RecallObserver = NULL_RECALL_OBSERVER, clock: Callable[[], float] = time.monotonic,
                 max_item_chars: int = MAX_ITEM_CHARS, max_block_chars: int = MAX_BLOCK_CHARS,
                 oplog: OpLog | None = None) -> None:
        self.config = config
        self.acl = acl
        self.router = router
        self.observer = guarded(observer)
        self.oplog = oplog or OpLog(config.observability)
        self._max_item_chars = max_item_chars
        self._max_block_chars = max_block_chars
        self._header_line = first_line(config.recall.inject_header)
        self._cache = PrefetchCache(ttl=float(config.recall.cache.ttl_seconds),
                                    max_entries=config.recall.cache.max_entries, clock=clock)
        self._candidates: dict[tuple[frozenset[str], bool], list[str]] = {}  # read by two threads: a plain dict
        self._inflight: dict[CacheKey, tuple[Fingerprint, asyncio.Task[PrefetchResult]]] = {}
        self._memory_words = MemoryWords()

    @classmethod
    def from_plane(cls, plane: RecallPlane, *, observer: RecallObserver | None = None,
                   clock: Callable[[], float] = time.monotonic) -> RecallCoordinator:
        """A coordinator over a MemoryPlane's config, ACL, router and oplog, feeding the plane's metrics by default."""
        chosen = observer if observer is not None else plane.metrics.recall_observer()
        return cls(plane.config, plane.acl, plane.router, observer=chosen, clock=clock, oplog=plane.oplog)

    # ------------------------------------------------------------------------------------------ cache state

    def invalidate(self, session_id: str) -> int:
        """Forget every cached entry of a session (session end or reset); returns how many keys were dropped.
        A prefetch of this session still in flight will discard its result."""
        return self._cache.invalidate(session_id)

    def cached_scopes(self, session_id: str, identity: Identity) -> tuple[str, ...]:
        """The scopes currently cached for (session, identity); for status pages and tests."""
        return tuple(self._cache.fresh_scopes(cache_key(session_id, identity)))

    def cached_tokens(self, key: CacheKey, scopes: Sequence[str]) -> int:
        """Token estimate of the cached items of some scopes of a key (for the operation log)."""
        cached = self._cache.fresh_scopes(key)
        return sum(sum(cached[s].tokens) for s in scopes if s in cached)

    def __len__(self) -> int:
        return len(self._cache)

    def note_manual_search(self, session_id: str) -> bool:
        """Call when the agent uses `memory_search`; True (and `on_manual_search_after_miss`) when the session's
        last automatic route had no confident scope."""
        missed = self._cache.last_route_missed(session_id)
        if missed:
            self.observer.on_manual_search_after_miss()
        return missed

    def _recallable(self, identity: Identity) -> list[str]:
        """`recallable_scopes`, memoized by what it depends on (allowed scopes, known or not); config is fixed."""
        memo_key = (identity.allowed_scopes, identity.known)
        found = self._candidates.get(memo_key)
        if found is None:
            if len(self._candidates) > MAX_MEMO_CANDIDATES:
                self._candidates.clear()
            found = self._candidates[memo_key] = recallable_scopes(self.acl, identity, self.config)
        return list(found)

    # ------------------------------------------------------------------------------------------ prefetch

    @property
    def automatic_enabled(self) -> bool:
        recall = self.config.recall
        return recall.enabled and recall.automatic.mode == "prefetch" and recall.cache.enabled

    async def prefetch(self, session_id: str, identity: Identity, text: str, *, tools: Sequence[str] = (),
                       query: str | None = None) -> PrefetchResult:
        """Route a finished turn and cache the automatic recall of its likely scopes for the next turn.

        `text` is what gets routed (the user's message, optionally with the answer); `query` (default `text`)
        is what the banks are asked, cut to MAX_AUTOMATIC_QUERY_CHARS. Never raises (except cancellation).
        """
        if not self.automatic_enabled:
            return PrefetchResult("disabled", "automatic recall or its cache is off", code="disabled")
        try:
            candidates = self._recallable(identity)
            decision = self.router.route(text, tools=tools, allowed_scopes=candidates)
            scopes = select_scopes(decision, candidates, self.config, fallback_to_all=False)
            question = _query(query if query is not None else text)
        except Exception as exc:
            log.warning("wetopi-memory prefetch skipped: %s", type(exc).__name__)
            self.oplog.emit("prefetch", "recall", session=str(session_id), status="failed", reason="routing_error")
            return PrefetchResult("failed", f"routing failed ({type(exc).__name__})", code="routing_error")
        if not scopes or not question:
            self.oplog.emit("prefetch", "recall", session=str(session_id), user=_user(identity), status="skipped",
                            reason="not_confident" if not scopes else "empty_query", **self._route_fields(decision))
            if not scopes:
                return PrefetchResult("skipped", "not_confident", code="not_confident")
            return PrefetchResult("skipped", "empty query", code="empty_query")
        return await self._shared_prefetch(cache_key(session_id, identity), identity, scopes, question, decision)

    async def _shared_prefetch(self, key: CacheKey, identity: Identity, scopes: list[str], question: str,
                               route: RouteDecision) -> PrefetchResult:
        """Join a running prefetch of the same key, scopes and question, or start one that supersedes the rest."""
        fingerprint = (tuple(scopes), question)
        running = self._inflight.get(key)
        if running is not None and running[0] == fingerprint and not running[1].done() \
                and running[1].get_loop() is asyncio.get_running_loop():
            return await asyncio.shield(running[1])
        ticket, epoch = self._cache.begin_prefetch(key)
        task = asyncio.ensure_future(self._prefetch(key, identity, scopes, question, epoch=epoch, ticket=ticket,
                                                    route=route))
        self._inflight[key] = (fingerprint, task)

        def done(_: asyncio.Task[PrefetchResult]) -> None:
            if key in self._inflight and self._inflight[key][1] is task:
                del self._inflight[key]
            self._cache.end_prefetch(key, ticket)

        task.add_done_callback(done)
        return await asyncio.shield(task)

    async def _prefetch(self, key: CacheKey, identity: Identity, scopes: list[str], question: str, *,
                        epoch: int, ticket: int, route: RouteDecision | None = None) -> PrefetchResult:
        result = await self._prefetch_scopes(key, identity, scopes, question, epoch=epoch, ticket=ticket)
        if self.oplog.enabled("recall"):
            self.oplog.write("prefetch", "recall", {
                "session": key[0], "user": _user(identity), "scopes": scopes, "cached": result.scopes,
                "latency_ms": result.seconds * 1000.0, "results": result.hits,
                "tokens": self.cached_tokens(key, result.scopes), "failed": sorted(result.failed) or None,
                "status": result.status, "reason": result.log_reason,
                **(self._route_fields(route) if route is not None else {})})
        return result

    async def _prefetch_scopes(self, key: CacheKey, identity: Identity, scopes: list[str], question: str, *,
                               epoch: int, ticket: int) -> PrefetchResult:
        automatic = self.config.recall.automatic
        started = time.perf_counter()
        try:
            fan = await recall_scopes(self.acl, identity, scopes, query=question, types=automatic.types,
                                      budget_override=automatic.budget, limit=AUTOMATIC_LIMIT,
                                      prefer_observations=automatic.prefer_observations, observer=self.observer)
        except AccessDenied as exc:
            return PrefetchResult("failed", f"access denied ({exc.code})", seconds=time.perf_counter() - started,
                                  code="access_denied")
        except Exception as exc:  # fail-open
            log.warning("wetopi-memory prefetch failed: %s", type(exc).__name__)
            return PrefetchResult("failed", type(exc).__name__, seconds=time.perf_counter() - started,
                                  code="unexpected_error", error=type(exc).__name__)
        fresh = self._cached_scopes_of(fan)
        elapsed = time.perf_counter() - started
        if not fresh:
            return PrefetchResult("failed", "every scope failed", failed=fan.failed, seconds=elapsed,
                                  code="every_scope_failed")
        if not self._cache.store(key, fresh, epoch=epoch, ticket=ticket):
            return PrefetchResult("stale", "session invalidated or superseded", failed=fan.failed, seconds=elapsed,
                                  code="session_invalidated_or_superseded")
        return PrefetchResult("stored", scopes=tuple(fresh), failed=fan.failed,
                              hits=sum(len(s.hits) for s in fresh.values()), seconds=elapsed)

    def _merge(self, ranked: Sequence[Sequence[RecallHit]]) -> tuple[MergedHit, ...]:
        recall = self.config.recall
        store_max = {name: store.recall.max_tokens for name, store in self.config.stores.items()}
        merged = merge_hits(ranked, max_total_tokens=recall.max_total_tokens, store_max_tokens=store_max,
                            deduplicate=recall.deduplicate)
        return merged.hits

    def _cached_scopes_of(self, fan: FanoutResult) -> dict[str, CachedScope]:
        """Merged, pre-rendered cache entries for every scope that answered (an empty answer is cached too)."""
        ok = [o for o in fan.outcomes if o.status == "ok"]
        merged = self._merge([o.hits for o in ok])
        now = self._cache.now()
        return {o.scope: cached_scope([m for m in merged if m.scope == o.scope], created=now,
                                      max_item_chars=self._max_item_chars, header_line=self._header_line)
                for o in ok}

    # ------------------------------------------------------------------------------------------ pre_llm_call

    def cached_context(self, session_id: str, identity: Identity, text: str, *,
                       tools: Sequence[str] = ()) -> InjectionDecision:
        """SYNCHRONOUS and network-free: route the new message and answer from the prefetch cache.

        Never raises: an unexpected failure returns reason `error` with nothing to inject.
        """
        recall = self.config.recall
        if not recall.enabled:
            return InjectionDecision("disabled")
        started = time.perf_counter()
        try:
            decision = self._cached_context(session_id, identity, text, tools)
        except Exception as exc:  # fail-open on Hermes' thread
            log.warning("wetopi-memory cached_context failed: %s", type(exc).__name__)
            decision = InjectionDecision("error", error=type(exc).__name__)
        if self.oplog.enabled("recall"):
            self.oplog.write("inject", "recall", {
                "session": str(session_id), "user": _user(identity), "reason": decision.reason,
                "scopes": decision.scopes, "carried_over": decision.carried_over or None, "items": len(decision.hits),
                "tokens": sum(estimate_tokens(h.content) for h in decision.hits), "sync": decision.sync,
                "sync_scopes": decision.sync_scopes or None, "latency_us": round(elapsed_ms(started) * 1000),
                "error": decision.error, **self._route_fields(decision.route)})
        elif decision.route is not None and self.oplog.enabled("routing"):  # log_recall off, log_routing on
            self.oplog.write("route", "routing", {"session": str(session_id), "user": _user(identity),
                                                  **self._route_fields(decision.route)})
        return decision

    def _route_fields(self, route: RouteDecision | None) -> dict[str, object]:
        """Route details for a recall line, when `observability.log_routing` allows them: confidence and the
        routed scopes, never the words that matched."""
        if route is None or not self.oplog.routing():
            return {}
        return {"route": "confident" if route.confident else "not_confident",
                "route_scopes": route.scope_names or None,
                "explicit": route.explicit_memory_request or None}

    def _cached_context(self, session_id: str, identity: Identity, text: str,
                        tools: Sequence[str]) -> InjectionDecision:
        candidates = self._recallable(identity)
        route = self.router.route(text, tools=tools, allowed_scopes=candidates)
        self.observer.on_route(route)
        if not route.confident:
            self.observer.on_route_miss()
        self._cache.note_route(session_id, route.confident)
        relevant = select_scopes(route, candidates, self.config, fallback_to_all=False)
        if not self.automatic_enabled:
            sync, sync_scopes = sync_trigger(route, candidates, relevant, missing=relevant, config=self.config)
            return InjectionDecision("disabled", "", (), sync, sync_scopes, route)
        entry = self._cache.fresh_entry(cache_key(session_id, identity)) or CacheEntry({})
        related: frozenset[str] = frozenset()
        if entry.scopes and not (relevant and route.confident):
            related = related_scopes(route, text, entry.scopes, self._memory_words)
        reason, chosen, carried = choose_cached(route, relevant, candidates, entry.scopes, related)
        self.observer.on_cache(bool(chosen))
        recall = self.config.recall
        context, injected = entry.block(chosen, budget=recall.max_total_tokens, header=recall.inject_header,
                                        max_block_chars=self._max_block_chars)
        missing = [s for s in relevant if s not in entry.scopes]
        sync, sync_scopes = sync_trigger(route, candidates, relevant, missing=missing, config=self.config)
        return InjectionDecision(reason, context, tuple(chosen), sync, sync_scopes, route, carried, injected)

    # ------------------------------------------------------------------------------------------ sync fallback

    async def sync_recall(self, session_id: str, identity: Identity, text: str, *,
                          decision: InjectionDecision | None = None, tools: Sequence[str] = ()
                          ) -> SyncRecallResult:
        """The bounded synchronous recall a decision asked for (`decision.sync`); computes the decision first
        when none is given. Never raises (except cancellation) and returns within about
        `recall.synchronous.timeout_seconds`: on timeout or error the result is empty and `context` falls back
        to the decision's cached block."""
        started = time.perf_counter()
        result = await self._sync_recall(session_id, identity, text, decision=decision, tools=tools)
        if result.status != "skipped" and self.oplog.enabled("recall"):
            self.oplog.write("sync_recall", "recall", {
                "session": str(session_id), "user": _user(identity), "reason": result.reason,
                "scopes": result.scopes or (decision.sync_scopes if decision is not None else None),
                "latency_ms": elapsed_ms(started), "results": len(result.hits),
                "tokens": sum(estimate_tokens(h.content) for h in result.hits),
                "failed": sorted(result.failed) or None, "status": result.status})
        return result

    async def _sync_recall(self, session_id: str, identity: Identity, text: str, *,
                           decision: InjectionDecision | None, tools: Sequence[str]) -> SyncRecallResult:
        if decision is None:
            decision = self.cached_context(session_id, identity, text, tools=tools)
        if decision.sync is None or not decision.sync_scopes:
            return SyncRecallResult("skipped", None, decision.context)
        reason = decision.sync
        self.observer.on_sync_recall(reason)
        question = _query(text)
        if not question:
            return SyncRecallResult("skipped", reason, decision.context, error="empty query")
        epoch = self._cache.epoch(session_id)
        started = time.perf_counter()
        try:
            fan = await self._sync_fanout(identity, decision.sync_scopes, question, reason)
        except Exception as exc:  # fail-open
            return SyncRecallResult("timeout" if isinstance(exc, TimeoutError) else "error", reason,
                                    decision.context, seconds=time.perf_counter() - started,
                                    error=self._sync_error(exc))
        elapsed = time.perf_counter() - started
        ok = [o for o in fan.outcomes if o.status == "ok"]
        if not ok:
            statuses = {o.status for o in fan.outcomes}
            return SyncRecallResult("timeout" if statuses == {"timeout"} else "error", reason, decision.context,
                                    failed=fan.failed, seconds=elapsed, error="; ".join(
                                        f"{s}: {e}" for s, e in fan.failed.items()))
        if reason == "high_confidence_cache_miss":
            self._cache.store(cache_key(session_id, identity), self._cached_scopes_of(fan), epoch=epoch,
                              ticket=None)
        fresh_scopes = {o.scope for o in ok}
        cached_by_scope: dict[str, list[RecallHit]] = {}
        for merged in decision.hits:
            if merged.scope not in fresh_scopes:
                cached_by_scope.setdefault(merged.scope, []).append(merged.hit)
        hits = self._merge([*(o.hits for o in ok), *cached_by_scope.values()])
        context = render_block(hits, header=self.config.recall.inject_header, max_item_chars=self._max_item_chars,
                               max_block_chars=self._max_block_chars)
        return SyncRecallResult("partial" if fan.failed else "ok", reason, context, hits,
                                tuple(o.scope for o in ok), fan.failed, elapsed)

    async def _sync_fanout(self, identity: Identity, scopes: Sequence[str], question: str,
                           reason: SyncReason) -> FanoutResult:
        """The fan-out of one synchronous recall, bounded per scope and, with a small grace, as a whole."""
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

    def _sync_error(self, exc: Exception) -> str:
        """The error text of a failed synchronous recall: the deadline, the ACL code, or the exception class."""
        if isinstance(exc, TimeoutError):
            return f"no answer within {float(self.config.recall.synchronous.timeout_seconds):g}s"
        if isinstance(exc, AccessDenied):
            return f"access denied ({exc.code})"
        return type(exc).__name__


def _user(identity: Identity) -> str:
    """The log name of a caller: internal user id, or `unknown`."""
    return identity.internal_user_id or "unknown"


def _query(text: object) -> str:
    if not isinstance(text, str):
        return ""
    return text.strip()[:MAX_AUTOMATIC_QUERY_CHARS].strip()
