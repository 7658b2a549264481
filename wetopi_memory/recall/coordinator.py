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
  decision=decision)`: one parallel round trip bounded by `recall.synchronous.timeout_seconds`, fail-open
  (recall/sync.py). An explicit request that a fresh cache covers (every scope it needs recalled within
  `recall.cache.fresh_seconds`, and something to show) is served from the cache: no round trip.
* A session's first turn of a known speaker → `prefetch_session` (background): the personal scopes, the routed
  ones and the agent's usual scope, so the next turn is warm; with `first_turn` in
  `recall.synchronous.only_when` a cold first turn recalls them synchronously instead (one backend latency).
* Read-your-writes: what this identity had accepted for retain (`OwnWrites`, recall/own_writes.py) and the
  backend may not return yet is merged in front of the cached or recalled hits, for the scopes the message is
  about (or whose own write shares a salient word with it); every backend answer settles the documents it holds.

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
from collections.abc import Callable, Collection, Sequence
from typing import Final, Protocol

from ..config import Config
from ..errors import AccessDenied
from ..identity import Identity
from ..oplog import OpLog, elapsed_ms
from ..router import RouteDecision, RuleRouter
from ..security import ScopeACL
from .asking import read_intent
from .assembly import HitAssembly, recall_query, user_name
from .cache import EMPTY_ENTRY, CacheKey, PrefetchCache, cache_key
from .fanout import recall_scopes, recallable_scopes, select_scopes
from .inject import MAX_BLOCK_CHARS, MAX_ITEM_CHARS
from .injection_rules import (
    MemoryWords,
    choose_cached,
    covers,
    related_scopes,
    session_scopes,
    sync_trigger,
)
from .observer import NULL_RECALL_OBSERVER, RecallObserver, RecallObserverSource, guarded
from .own_writes import OwnWrites
from .results import InjectionDecision, PrefetchResult, SyncRecallResult
from .sync import AUTOMATIC_LIMIT, CACHING_REASONS, SyncRecaller
from .tokens import estimate_tokens

log = logging.getLogger("wetopi_memory.recall")

MAX_MEMO_CANDIDATES: Final = 1024
MAX_SESSION_QUERY_CHARS: Final = 800

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
    @property
    def own_writes(self) -> OwnWrites: ...
    @property
    def agent(self) -> str | None: ...


class RecallCoordinator:
    """Prefetch cache + synchronous fallback over the Scope ACL; see the module docstring."""

    def __init__(self, config: Config, acl: ScopeACL, router: RuleRouter, *,
                 observer: RecallObserver = NULL_RECALL_OBSERVER, clock: Callable[[], float] = time.monotonic,
                 max_item_chars: int = MAX_ITEM_CHARS, max_block_chars: int = MAX_BLOCK_CHARS,
                 oplog: OpLog | None = None, own_writes: OwnWrites | None = None, agent: str | None = None) -> None:
        self.config = config
        self.agent = agent  # the Hermes agent served: its usual scope is prefetched at session start
        self.acl = acl
        self.router = router
        self.observer = guarded(observer)
        self.oplog = oplog or OpLog(config.observability)
        self._cache = PrefetchCache(ttl=float(config.recall.cache.ttl_seconds),
                                    max_entries=config.recall.cache.max_entries, clock=clock)
        self._assembly = HitAssembly(config, self._cache, max_item_chars=max_item_chars,
                                     max_block_chars=max_block_chars, own_writes=own_writes)
        self._sync = SyncRecaller(config, acl, self._assembly, observer=self.observer, oplog=self.oplog)
        self._candidates: dict[tuple[frozenset[str], bool], list[str]] = {}  # read by two threads: a plain dict
        self._inflight: dict[CacheKey, tuple[Fingerprint, asyncio.Task[PrefetchResult]]] = {}
        self._memory_words = MemoryWords()

    @classmethod
    def from_plane(cls, plane: RecallPlane, *, observer: RecallObserver | None = None,
                   clock: Callable[[], float] = time.monotonic, own_writes: OwnWrites | None = None
                   ) -> RecallCoordinator:
        """A coordinator over a MemoryPlane's config, ACL, router and oplog, feeding the plane's metrics by default;
        `own_writes` (default: the plane's) makes its accepted writes visible at once."""
        chosen = observer if observer is not None else plane.metrics.recall_observer()
        return cls(plane.config, plane.acl, plane.router, observer=chosen, clock=clock, oplog=plane.oplog,
                   own_writes=own_writes if own_writes is not None else plane.own_writes, agent=plane.agent)

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
            question = recall_query(query if query is not None else text)
        except Exception as exc:
            log.warning("wetopi-memory prefetch skipped: %s", type(exc).__name__)
            self.oplog.emit("prefetch", "recall", session=str(session_id), status="failed", reason="routing_error")
            return PrefetchResult("failed", f"routing failed ({type(exc).__name__})", code="routing_error")
        if not scopes or not question:
            self.oplog.emit("prefetch", "recall", session=str(session_id), user=user_name(identity), status="skipped",
                            reason="not_confident" if not scopes else "empty_query", **self._route_fields(decision))
            if not scopes:
                return PrefetchResult("skipped", "not_confident", code="not_confident")
            return PrefetchResult("skipped", "empty query", code="empty_query")
        return await self._shared_prefetch(cache_key(session_id, identity), identity, scopes, question, decision)

    async def prefetch_session(self, session_id: str, identity: Identity, text: str, *,
                               skip: Collection[str] = ()) -> PrefetchResult:
        """At a session's first turn of a known speaker: cache what it most likely needs next (its personal scopes,
        the routed ones, the agent's usual scope; not `skip`, which a synchronous recall is fetching) for `text`,
        so the next turn is warm. Never raises."""
        if not self.automatic_enabled or not identity.known:
            return PrefetchResult("disabled", "automatic recall off or unknown speaker", code="disabled")
        try:
            candidates = self._recallable(identity)
            route = self.router.route(text, allowed_scopes=candidates)
            relevant = select_scopes(route, candidates, self.config, fallback_to_all=False)
            scopes = [s for s in session_scopes(candidates, relevant, self.config, agent=self.agent) if s not in skip]
            question = recall_query(text[:MAX_SESSION_QUERY_CHARS])
        except Exception as exc:
            log.warning("wetopi-memory session prefetch skipped: %s", type(exc).__name__)
            return PrefetchResult("failed", f"routing failed ({type(exc).__name__})", code="routing_error")
        if not scopes or not question:
            return PrefetchResult("skipped", "nothing to prefetch", code="not_confident" if not scopes else
                                  "empty_query")
        key = cache_key(session_id, identity)
        return await self._prefetch(key, identity, scopes, question, epoch=self._cache.epoch(session_id),
                                    ticket=None, route=route)

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
                        epoch: int, ticket: int | None, route: RouteDecision | None = None) -> PrefetchResult:
        result = await self._prefetch_scopes(key, identity, scopes, question, epoch=epoch, ticket=ticket)
        if self.oplog.enabled("recall"):
            self.oplog.write("prefetch", "recall", {
                "session": key[0], "user": user_name(identity), "scopes": scopes, "cached": result.scopes,
                "latency_ms": result.seconds * 1000.0, "results": result.hits,
                "tokens": self.cached_tokens(key, result.scopes), "failed": sorted(result.failed) or None,
                "status": result.status, "reason": result.log_reason,
                **(self._route_fields(route) if route is not None else {})})
        return result

    async def _prefetch_scopes(self, key: CacheKey, identity: Identity, scopes: list[str], question: str, *,
                               epoch: int, ticket: int | None) -> PrefetchResult:
        automatic = self.config.recall.automatic
        started = time.perf_counter()
        try:
            with self._cache.warming(key, scopes):
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
        self._assembly.settle(fan)
        fresh = self._assembly.cached_scopes_of(fan)
        if ticket is None:  # a session-start prefetch never replaces what a later prefetch already cached
            fresh = {s: c for s, c in fresh.items() if s not in self._cache.fresh_scopes(key)} or fresh
        elapsed = time.perf_counter() - started
        if not fresh:
            return PrefetchResult("failed", "every scope failed", failed=fan.failed, seconds=elapsed,
                                  code="every_scope_failed")
        if not self._cache.store(key, fresh, epoch=epoch, ticket=ticket):
            return PrefetchResult("stale", "session invalidated or superseded", failed=fan.failed, seconds=elapsed,
                                  code="session_invalidated_or_superseded")
        return PrefetchResult("stored", scopes=tuple(fresh), failed=fan.failed,
                              hits=sum(len(s.hits) for s in fresh.values()), seconds=elapsed)

    # ------------------------------------------------------------------------------------------ pre_llm_call

    def cached_context(self, session_id: str, identity: Identity, text: str, *,
                       tools: Sequence[str] = (), first_turn: bool = False) -> InjectionDecision:
        """SYNCHRONOUS and network-free: route the new message and answer from the prefetch cache (`first_turn`:
        the session's first turn, which may warrant a `first_turn` synchronous recall when listed).

        Never raises: an unexpected failure returns reason `error` with nothing to inject.
        """
        recall = self.config.recall
        if not recall.enabled:
            return InjectionDecision("disabled")
        started = time.perf_counter()
        try:
            decision = self._cached_context(session_id, identity, text, tools, first_turn)
        except Exception as exc:  # fail-open on Hermes' thread
            log.warning("wetopi-memory cached_context failed: %s", type(exc).__name__)
            decision = InjectionDecision("error", error=type(exc).__name__)
        if self.oplog.enabled("recall"):
            self.oplog.write("inject", "recall", {
                "session": str(session_id), "user": user_name(identity), "reason": decision.reason,
                "scopes": decision.scopes, "carried_over": decision.carried_over or None, "items": len(decision.hits),
                "tokens": sum(estimate_tokens(h.content) for h in decision.hits), "sync": decision.sync,
                "sync_scopes": decision.sync_scopes or None, "latency_us": round(elapsed_ms(started) * 1000),
                "error": decision.error, **self._route_fields(decision.route)})
        elif decision.route is not None and self.oplog.enabled("routing"):  # log_recall off, log_routing on
            self.oplog.write("route", "routing", {"session": str(session_id), "user": user_name(identity),
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

    def _cached_context(self, session_id: str, identity: Identity, text: str, tools: Sequence[str],
                        first_turn: bool) -> InjectionDecision:
        candidates = self._recallable(identity)
        route = self.router.route(text, tools=tools, allowed_scopes=candidates)
        self.observer.on_route(route)
        if not route.confident:
            self.observer.on_route_miss()
        self._cache.note_route(session_id, route.confident)
        relevant = select_scopes(route, candidates, self.config, fallback_to_all=False)
        if not self.automatic_enabled:
            sync, sync_scopes = sync_trigger(route, candidates, relevant, missing=relevant, config=self.config)
            return self._assembly.with_own_writes(identity, text, candidates, relevant,
                                       InjectionDecision("disabled", "", (), sync, sync_scopes, route))
        key = cache_key(session_id, identity)
        entry = self._cache.fresh_entry(key) or EMPTY_ENTRY
        related: frozenset[str] = frozenset()
        if entry.scopes and not (relevant and route.confident):
            related = related_scopes(route, text, entry.scopes, self._memory_words)
        reason, chosen, carried = choose_cached(route, relevant, candidates, entry.scopes, related)
        intent = read_intent(text)
        declaring = intent == "declares"
        standing = self._standing(identity, candidates) if route.confident or intent == "asks" else ()
        if standing and (extra := [s for s in standing if s in entry.scopes and s not in chosen]):
            chosen, reason = [*chosen, *extra], "cache_hit"
        warming = self._cache.warming_scopes(key)  # a prefetch on its way: it serves the next turn, no second trip
        missing = [s for s in relevant if s not in entry.scopes and s not in warming]
        sync, sync_scopes = sync_trigger(route, candidates, relevant, missing=missing, config=self.config)
        if sync == "high_confidence_cache_miss" and declaring:  # the prefetch after this turn covers the next one
            sync, sync_scopes = None, ()
        recall = self.config.recall
        if sync == "explicit_memory_request" and covers(entry.scopes, sync_scopes, now=self._cache.now(),
                                                        window=float(recall.cache.fresh_seconds)):
            reason, carried = "cache_hit", False
            chosen = list(dict.fromkeys([*chosen, *sync_scopes]))
            sync, sync_scopes = None, ()
        elif sync is None and first_turn and not declaring and not entry.scopes and self._first_turn_sync(identity):
            sync_scopes = session_scopes(candidates, relevant, self.config, agent=self.agent)
            sync = "first_turn" if sync_scopes else None
        if sync in CACHING_REASONS and (cold := [s for s in standing if s not in entry.scopes and s not in warming
                                                 and s not in sync_scopes]):
            sync_scopes = (*sync_scopes, *cold)  # the same parallel round trip warms the speaker's own scope
        self.observer.on_cache(bool(chosen))
        context, injected = entry.block(chosen, budget=recall.max_total_tokens, header=recall.inject_header,
                                        max_block_chars=self._assembly.max_block_chars)
        decision = InjectionDecision(reason, context, tuple(chosen), sync, sync_scopes, route, carried, injected)
        return self._assembly.with_own_writes(identity, text, candidates, (*relevant, *standing), decision)

    def _standing(self, identity: Identity, candidates: Sequence[str]) -> tuple[str, ...]:
        """The speaker's own per-person scopes: their standing preferences shape any answer they ask for."""
        stores = self.config.stores
        return tuple(s for s in candidates if stores[s].bank_template is not None) if identity.known else ()

    def _first_turn_sync(self, identity: Identity) -> bool:
        synchronous = self.config.recall.synchronous
        return identity.known and synchronous.enabled and "first_turn" in synchronous.only_when

    # ------------------------------------------------------------------------------------------ sync recall

    async def sync_recall(self, session_id: str, identity: Identity, text: str, *,
                          decision: InjectionDecision | None = None, tools: Sequence[str] = ()
                          ) -> SyncRecallResult:
        """The bounded synchronous recall a decision asked for (`decision.sync`; recall/sync.py): one parallel
        round trip; computes the decision first when none is given. Never raises (except cancellation); on
        timeout or error `context` falls back to the decision's cached block."""
        if decision is None:
            decision = self.cached_context(session_id, identity, text, tools=tools)
        return await self._sync.run(session_id, identity, text, decision)
