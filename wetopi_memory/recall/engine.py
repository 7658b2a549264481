"""RecallCoordinator (design §7, A2/A15): the prefetch cache and the synchronous fallback, independent of Hermes.

Flow
----
* Turn N ends → `await prefetch(session, identity, turn_text)` (background, on the plugin's event loop): route the
  turn, and for the confident scopes the identity may read (plus `recall.mode: always` scopes) recall the
  automatic memory types (`recall.automatic.types`, observations by default) with the automatic budget, merge,
  pre-render the escaped item lines and store them per scope in the cache.
* Turn N+1 starts → `cached_context(session, identity, message)` (SYNCHRONOUS, no I/O, safe to call on Hermes'
  thread inside `pre_llm_call`): route the new message and answer from the cache with an `InjectionDecision`.
* Only when the decision says so (`decision.sync`): `await sync_recall(session, identity, message,
  decision=decision)`, bounded by `recall.synchronous.timeout_seconds`, fail-open.

Which cached scopes are injected
--------------------------------
* Confident route: the routed scopes (+ `always` scopes) that are cached. Cached scopes the new message is not
  about are NOT injected (the user changed subject). None cached → `cache_miss`.
* Route not confident (a follow-up such as "and why did it fail?"): every cached scope of this session and
  identity is injected (`carried_over=True`, reason `cache_hit`). The prefetch was made from the previous turn,
  its TTL bounds staleness, and a follow-up without topic words is exactly what the prefetch is for (the same
  choice as Hermes' Hindsight provider, whose prefetch uses the previous turn's query). Nothing cached →
  `not_confident`: nothing is injected and no recall of any kind is started (design §8).
* Reasons: `cache_hit`, `cache_miss`, `not_confident`, `disabled` (recall off, automatic recall off, or the cache
  off), `error` (an unexpected failure inside the coordinator; nothing injected, fail-open).

When a synchronous recall is warranted (`decision.sync`)
--------------------------------------------------------
Each only when listed in `recall.synchronous.only_when` and `recall.synchronous.enabled`:
* `explicit_memory_request` ("¿qué habíamos decidido sobre…?", "search our memory for…"), even on a cache hit,
  because the cache answers the previous turn's question: scopes = the confident routed scopes, else every
  readable scope (capped); types observation + world with prefer_observations (like the `memory_search` tool).
* `high_confidence_cache_miss`: a high-confidence route whose best scope is not cached; scopes = the relevant
  scopes not cached; automatic types and budget; the result is stored in the cache.
With `recall.automatic.mode: off` only explicit requests recall; with `recall.cache.enabled: false` the cache is
always cold, so high-confidence routes recall synchronously.

Isolation
---------
Cache key = (session id, identity key, the identity's allowed scopes). The identity key is the internal user id,
or `platform:platform_user_id` for an unknown caller. Another session, another identity in the same session, or
the same identity after its allowed scopes changed never sees the entry. `invalidate(session_id)` drops every
entry of a session (session end or reset) and makes an in-flight prefetch of that session discard its result.

Threads
-------
The cache is guarded by a `threading.Lock` (held only for dictionary operations, never across an await), so
`cached_context` may run on Hermes' thread while `prefetch`/`sync_recall` run on the plugin's loop thread.
Concurrent prefetches of the same key and the same (scopes, query) share one task; a newer prefetch of the same
key supersedes an older one, whose result is then discarded.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol

from ..config import Config
from ..errors import AccessDenied
from ..identity import Identity
from ..models import MemoryType, RecallHit
from ..oplog import OpLog, elapsed_ms
from ..router.rules import RouteDecision, RuleRouter
from ..security import ScopeACL
from .fanout import FanoutResult, estimate_tokens, recall_scopes, recallable_scopes, select_scopes
from .inject import MAX_BLOCK_CHARS, MAX_ITEM_CHARS, assemble, first_line, item_line, render_block
from .merge import MergedHit, merge_hits

log = logging.getLogger("wetopi_memory.recall")

InjectionReason = Literal["cache_hit", "cache_miss", "not_confident", "disabled", "error"]
SyncReason = Literal["explicit_memory_request", "high_confidence_cache_miss"]
PrefetchStatus = Literal["stored", "disabled", "skipped", "failed", "stale"]
SyncStatus = Literal["ok", "partial", "timeout", "error", "skipped"]

AUTOMATIC_LIMIT: Final = 10          # hits asked from each bank by automatic recall (the merge budget trims)
MAX_AUTOMATIC_QUERY_CHARS: Final = 2000
SYNC_GRACE_SECONDS: Final = 0.05     # the outer guard of sync_recall: per-scope deadline + this
MAX_TRACKED_SESSIONS: Final = 10_000
EXPLICIT_TYPES: Final[tuple[MemoryType, ...]] = ("observation", "world")


class RecallObserver:
    """Metrics hooks, all no-ops here: subclass and override what you measure. Calls come from the caller's
    thread (Hermes' thread for `cached_context`, the loop thread otherwise); an exception raised by a hook is
    swallowed and never breaks recall.

    * `on_route(decision)` / `on_route_miss()`: once per `cached_context` (the user's new message), the miss when
      the route has no confident scope. Prefetch routes (turn text) are not reported.
    * `on_cache(hit)`: once per `cached_context` that consulted the cache; `hit` when something was injected
      from it (or a relevant scope was cached but empty).
    * `on_sync_recall(reason)`: once per synchronous recall started.
    * `on_recall(scope, status, seconds, results, tokens)`: once per scope per backend recall (prefetch or
      sync); status `ok`, `error` or `timeout`.
    * `on_manual_search_after_miss()`: `note_manual_search` in a session whose last automatic route missed.
    """

    def on_route(self, decision: RouteDecision) -> None:
        """A user message was routed."""

    def on_route_miss(self) -> None:
        """The route found no confident scope."""

    def on_cache(self, hit: bool) -> None:
        """The prefetch cache was consulted."""

    def on_sync_recall(self, reason: str) -> None:
        """A synchronous recall started (`explicit_memory_request` or `high_confidence_cache_miss`)."""

    def on_recall(self, scope: str, status: str, seconds: float, results: int, tokens: int) -> None:
        """One scope's backend recall finished."""

    def on_manual_search_after_miss(self) -> None:
        """The agent searched memory by hand after an automatic route miss."""


NULL_OBSERVER: Final = RecallObserver()


@dataclass(frozen=True, slots=True)
class InjectionDecision:
    """What `cached_context` decided for one message: the block to inject now (maybe ""), and whether a bounded
    synchronous recall is warranted (`sync`) and over which scopes."""

    reason: InjectionReason
    context: str = ""
    scopes: tuple[str, ...] = ()
    sync: SyncReason | None = None
    sync_scopes: tuple[str, ...] = ()
    route: RouteDecision | None = None
    carried_over: bool = False
    hits: tuple[MergedHit, ...] = ()
    error: str | None = None

    @property
    def sync_recall_warranted(self) -> bool:
        return self.sync is not None

    def to_dict(self) -> dict[str, object]:
        """A log-safe summary: reasons and scope names, never memory content."""
        return {"reason": self.reason, "scopes": list(self.scopes), "sync": self.sync,
                "sync_scopes": list(self.sync_scopes), "carried_over": self.carried_over, "items": len(self.hits),
                "chars": len(self.context), "error": self.error}


@dataclass(frozen=True, slots=True)
class PrefetchResult:
    """What one prefetch did: `stored` (scopes now cached), or why it stored nothing."""

    status: PrefetchStatus
    reason: str = ""
    scopes: tuple[str, ...] = ()
    failed: dict[str, str] = field(default_factory=dict)
    hits: int = 0
    seconds: float = 0.0


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


@dataclass(frozen=True, slots=True)
class _Slot:
    """One cached scope: its merged hits, their pre-escaped item lines and token estimates."""

    created: float
    hits: tuple[MergedHit, ...]
    lines: tuple[str, ...]
    tokens: tuple[int, ...]


@dataclass(slots=True)
class _Entry:
    """The cached scopes of one (session, identity) and the blocks already assembled from them. An entry is
    never changed once stored (a store or an expiry replaces it), so the memo stays valid for its lifetime."""

    slots: dict[str, _Slot]
    blocks: dict[tuple[str, ...], tuple[str, tuple[MergedHit, ...]]] = field(default_factory=dict)


CacheKey = tuple[str, tuple[str, ...], frozenset[str]]


class _PlaneLike(Protocol):
    config: Config
    acl: ScopeACL
    router: RuleRouter


class RecallCoordinator:
    """Prefetch cache + synchronous fallback over the Scope ACL; see the module docstring."""

    def __init__(self, config: Config, acl: ScopeACL, router: RuleRouter, *,
                 observer: RecallObserver | None = None, clock: Callable[[], float] = time.monotonic,
                 max_item_chars: int = MAX_ITEM_CHARS, max_block_chars: int = MAX_BLOCK_CHARS,
                 oplog: OpLog | None = None) -> None:
        self.config = config
        self.acl = acl
        self.router = router
        self.observer = observer or NULL_OBSERVER
        self.oplog = oplog or OpLog(config.observability)
        self._clock = clock
        self._max_item_chars = max_item_chars
        self._max_block_chars = max_block_chars
        self._header_line = first_line(config.recall.inject_header)
        self._lock = threading.Lock()
        self._entries: OrderedDict[CacheKey, _Entry] = OrderedDict()
        self._candidates: dict[tuple[frozenset[str], bool], list[str]] = {}
        self._epochs: OrderedDict[str, int] = OrderedDict()
        self._last_confident: OrderedDict[str, bool] = OrderedDict()
        self._latest: dict[CacheKey, int] = {}
        self._tickets = itertools.count(1)
        self._inflight: dict[CacheKey, tuple[tuple[tuple[str, ...], str], asyncio.Task[PrefetchResult]]] = {}

    @classmethod
    def from_plane(cls, plane: _PlaneLike, *, observer: RecallObserver | None = None,
                   clock: Callable[[], float] = time.monotonic) -> RecallCoordinator:
        """A coordinator over a MemoryPlane's config, ACL and router; by default it feeds the plane's metrics."""
        plane_metrics = getattr(plane, "metrics", None)
        if observer is None and plane_metrics is not None:
            from ..metrics import RecallMetrics

            observer = RecallMetrics(plane_metrics)
        plane_oplog = getattr(plane, "oplog", None)
        return cls(plane.config, plane.acl, plane.router, observer=observer, clock=clock,
                   oplog=plane_oplog if isinstance(plane_oplog, OpLog) else None)

    # ------------------------------------------------------------------------------------------ keys & state

    @staticmethod
    def identity_key(identity: Identity) -> tuple[str, ...]:
        """The internal user id, or platform:user for an unknown caller (':' never occurs in internal ids)."""
        if identity.internal_user_id is not None:
            return ("user", identity.internal_user_id)
        return ("platform", identity.platform, identity.platform_user_id)

    def _key(self, session_id: str, identity: Identity) -> CacheKey:
        return (str(session_id), self.identity_key(identity), identity.allowed_scopes)

    @property
    def _settings_ttl(self) -> float:
        return float(self.config.recall.cache.ttl_seconds)

    def _fresh_entry(self, key: CacheKey) -> _Entry | None:
        """The unexpired cached scopes of a key (expired ones are dropped); marks the key recently used."""
        now = self._clock()
        ttl = self._settings_ttl
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            if any(now - slot.created >= ttl for slot in entry.slots.values()):
                fresh = {scope: slot for scope, slot in entry.slots.items() if now - slot.created < ttl}
                if not fresh:
                    del self._entries[key]
                    return None
                entry = self._entries[key] = _Entry(fresh)
            self._entries.move_to_end(key)
            return entry

    def _fresh_slots(self, key: CacheKey) -> dict[str, _Slot]:
        entry = self._fresh_entry(key)
        return {} if entry is None else entry.slots

    def _recallable(self, identity: Identity) -> list[str]:
        """`recallable_scopes`, memoized by what it depends on (allowed scopes, known or not); config is fixed."""
        memo_key = (identity.allowed_scopes, identity.known)
        found = self._candidates.get(memo_key)
        if found is None:
            found = recallable_scopes(self.acl, identity, self.config)
            if len(self._candidates) > 1024:
                self._candidates.clear()
            self._candidates[memo_key] = found
        return list(found)

    def _store(self, key: CacheKey, slots: dict[str, _Slot], *, epoch: int, ticket: int | None) -> bool:
        """Add scopes to a key's entry, unless the session was invalidated or a newer prefetch superseded this
        one since it started. Evicts least-recently-used keys beyond `recall.cache.max_entries`."""
        session = key[0]
        with self._lock:
            if self._epochs.get(session, 0) != epoch:
                return False
            if ticket is not None and self._latest.get(key) != ticket:
                return False
            previous = self._entries.get(key)
            merged = {**previous.slots, **slots} if previous is not None else dict(slots)
            self._entries[key] = _Entry(merged)
            self._entries.move_to_end(key)
            while len(self._entries) > self.config.recall.cache.max_entries:
                self._entries.popitem(last=False)
            return True

    def _epoch(self, session_id: str) -> int:
        with self._lock:
            return self._epochs.get(str(session_id), 0)

    def invalidate(self, session_id: str) -> int:
        """Forget every cached entry of a session (session end or reset); returns how many keys were dropped.
        A prefetch of this session still in flight will discard its result."""
        session = str(session_id)
        with self._lock:
            doomed = [k for k in self._entries if k[0] == session]
            for k in doomed:
                del self._entries[k]
            self._epochs[session] = self._epochs.get(session, 0) + 1
            self._epochs.move_to_end(session)
            while len(self._epochs) > MAX_TRACKED_SESSIONS:
                self._epochs.popitem(last=False)
            self._last_confident.pop(session, None)
            return len(doomed)

    def cached_scopes(self, session_id: str, identity: Identity) -> tuple[str, ...]:
        """The scopes currently cached for (session, identity); for status pages and tests."""
        return tuple(self._fresh_slots(self._key(session_id, identity)))

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def _note_route(self, session_id: str, confident: bool) -> None:
        with self._lock:
            self._last_confident[str(session_id)] = confident
            self._last_confident.move_to_end(str(session_id))
            while len(self._last_confident) > MAX_TRACKED_SESSIONS:
                self._last_confident.popitem(last=False)

    def note_manual_search(self, session_id: str) -> bool:
        """Call when the agent uses `memory_search`; True (and `on_manual_search_after_miss`) when the session's
        last automatic route had no confident scope."""
        with self._lock:
            missed = self._last_confident.get(str(session_id)) is False
        if missed:
            self._notify("on_manual_search_after_miss")
        return missed

    def _notify(self, hook: str, *args: object) -> None:
        try:
            getattr(self.observer, hook)(*args)
        except Exception:  # metrics never break recall
            log.debug("recall observer hook %s failed", hook, exc_info=True)

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
            return PrefetchResult("disabled", "automatic recall or its cache is off")
        try:
            candidates = self._recallable(identity)
            decision = self.router.route(text, tools=tools, allowed_scopes=candidates)
            scopes = select_scopes(decision, candidates, self.config, fallback_to_all=False)
            question = _query(query if query is not None else text)
        except Exception as exc:
            log.warning("wetopi-memory prefetch skipped: %s", type(exc).__name__)
            self.oplog.emit("prefetch", "recall", session=str(session_id), status="failed", reason="routing_error")
            return PrefetchResult("failed", f"routing failed ({type(exc).__name__})")
        if not scopes or not question:
            self.oplog.emit("prefetch", "recall", session=str(session_id), user=_user(identity), status="skipped",
                            reason="not_confident" if not scopes else "empty_query", **self._route_fields(decision))
            return PrefetchResult("skipped", "not_confident" if not scopes else "empty query")
        key = self._key(session_id, identity)
        fingerprint = (tuple(scopes), question)
        running = self._inflight.get(key)
        if running is not None and running[0] == fingerprint and not running[1].done() \
                and running[1].get_loop() is asyncio.get_running_loop():
            return await asyncio.shield(running[1])
        ticket = next(self._tickets)
        with self._lock:
            self._latest[key] = ticket
            epoch = self._epochs.get(key[0], 0)
        task = asyncio.ensure_future(self._prefetch(key, identity, scopes, question, epoch=epoch, ticket=ticket,
                                                    route=decision))
        self._inflight[key] = (fingerprint, task)

        def done(_: asyncio.Task[PrefetchResult]) -> None:
            if self._inflight.get(key, (None, None))[1] is task:
                del self._inflight[key]
            with self._lock:
                if self._latest.get(key) == ticket:
                    del self._latest[key]

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
                "status": result.status, "reason": _reason_code(result.reason),
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
            return PrefetchResult("failed", f"access denied ({exc.code})", seconds=time.perf_counter() - started)
        except Exception as exc:  # fail-open
            log.warning("wetopi-memory prefetch failed: %s", type(exc).__name__)
            return PrefetchResult("failed", type(exc).__name__, seconds=time.perf_counter() - started)
        slots = self._slots(fan)
        elapsed = time.perf_counter() - started
        if not slots:
            return PrefetchResult("failed", "every scope failed", failed=fan.failed, seconds=elapsed)
        if not self._store(key, slots, epoch=epoch, ticket=ticket):
            return PrefetchResult("stale", "session invalidated or superseded", failed=fan.failed, seconds=elapsed)
        return PrefetchResult("stored", scopes=tuple(slots), failed=fan.failed,
                              hits=sum(len(s.hits) for s in slots.values()), seconds=elapsed)

    def _merge(self, ranked: Sequence[Sequence[RecallHit]], *, limit: int | None = None
               ) -> tuple[MergedHit, ...]:
        recall = self.config.recall
        store_max = {name: store.recall.max_tokens for name, store in self.config.stores.items()}
        merged = merge_hits(ranked, max_total_tokens=recall.max_total_tokens, store_max_tokens=store_max,
                            deduplicate=recall.deduplicate, limit=limit)
        return merged.hits

    def _slots(self, fan: FanoutResult) -> dict[str, _Slot]:
        """Merged, pre-rendered cache slots for every scope that answered (an empty answer is cached too)."""
        ok = [o for o in fan.outcomes if o.status == "ok"]
        merged = self._merge([o.hits for o in ok])
        now = self._clock()
        slots: dict[str, _Slot] = {}
        for outcome in ok:
            hits = tuple(m for m in merged if m.scope == outcome.scope)
            lines: list[str] = []
            tokens: list[int] = []
            kept: list[MergedHit] = []
            for hit in hits:
                line = item_line(hit.content, max_chars=self._max_item_chars, header_line=self._header_line)
                if line is not None:
                    kept.append(hit)
                    lines.append(line)
                    tokens.append(estimate_tokens(line))
            slots[outcome.scope] = _Slot(now, tuple(kept), tuple(lines), tuple(tokens))
        return slots

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

    def cached_tokens(self, key: CacheKey, scopes: Sequence[str]) -> int:
        """Token estimate of the cached items of some scopes of a key (for the operation log)."""
        slots = self._fresh_slots(key)
        return sum(sum(slots[s].tokens) for s in scopes if s in slots)

    def _cached_context(self, session_id: str, identity: Identity, text: str,
                        tools: Sequence[str]) -> InjectionDecision:
        recall = self.config.recall
        candidates = self._recallable(identity)
        decision = self.router.route(text, tools=tools, allowed_scopes=candidates)
        self._notify("on_route", decision)
        if not decision.confident:
            self._notify("on_route_miss")
        self._note_route(session_id, decision.confident)
        relevant = select_scopes(decision, candidates, self.config, fallback_to_all=False)

        reason: InjectionReason
        carried = False
        hit_scopes: list[str] = []
        if self.automatic_enabled:
            entry = self._fresh_entry(self._key(session_id, identity)) or _Entry({})
            slots = entry.slots
            allowed = frozenset(candidates)
            if relevant and decision.confident:
                hit_scopes = [s for s in relevant if s in slots]
                reason = "cache_hit" if hit_scopes else "cache_miss"
            else:
                hit_scopes = [s for s in sorted(slots, key=lambda s: -slots[s].created) if s in allowed]
                for scope in relevant:  # `always` scopes first when nothing is routed
                    if scope in hit_scopes:
                        hit_scopes.remove(scope)
                        hit_scopes.insert(0, scope)
                carried = bool(hit_scopes)
                reason = "cache_hit" if hit_scopes else "not_confident"
            self._notify("on_cache", bool(hit_scopes))
            missing = [s for s in relevant if s not in slots]
            memo = tuple(hit_scopes)
            built = entry.blocks.get(memo)
            if built is None:
                built = self._assemble([(s, slots[s]) for s in hit_scopes])
                if len(entry.blocks) < 16:
                    entry.blocks[memo] = built
            context, injected = built
        else:
            reason, missing, context, injected = "disabled", list(relevant), "", ()

        sync: SyncReason | None = None
        sync_scopes: tuple[str, ...] = ()
        only_when = recall.synchronous.only_when if recall.synchronous.enabled else ()
        if decision.explicit_memory_request and "explicit_memory_request" in only_when:
            sync = "explicit_memory_request"
            sync_scopes = tuple(relevant or select_scopes(decision, candidates, self.config, fallback_to_all=True))
        elif (decision.high_confidence and "high_confidence_cache_miss" in only_when
              and recall.automatic.mode == "prefetch" and decision.scopes
              and decision.scopes[0].scope in missing):
            sync = "high_confidence_cache_miss"
            sync_scopes = tuple(missing)
        if sync is not None and not sync_scopes:
            sync = None
        return InjectionDecision(reason, context, tuple(hit_scopes), sync, sync_scopes, decision, carried,
                                 injected)

    def _assemble(self, chosen: Sequence[tuple[str, _Slot]]) -> tuple[str, tuple[MergedHit, ...]]:
        """The block for the chosen cached scopes, within `recall.max_total_tokens` and the block bound."""
        budget = self.config.recall.max_total_tokens
        groups: list[tuple[str, list[str]]] = []
        hits: list[MergedHit] = []
        spent = 0
        for scope, slot in chosen:
            lines: list[str] = []
            for hit, line, tokens in zip(slot.hits, slot.lines, slot.tokens, strict=True):
                if spent + tokens > budget:
                    continue
                spent += tokens
                lines.append(line)
                hits.append(hit)
            if lines:
                groups.append((scope, lines))
        if not groups:
            return "", ()
        return assemble(self.config.recall.inject_header, groups, max_block_chars=self._max_block_chars), \
            tuple(hits)

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
        self._notify("on_sync_recall", reason)
        recall = self.config.recall
        timeout = float(recall.synchronous.timeout_seconds)
        question = _query(text)
        if not question:
            return SyncRecallResult("skipped", reason, decision.context, error="empty query")
        automatic = recall.automatic
        explicit = reason == "explicit_memory_request"
        types: tuple[MemoryType, ...] = EXPLICIT_TYPES if explicit else automatic.types
        budget = None if explicit else automatic.budget
        prefer = True if explicit else automatic.prefer_observations
        epoch = self._epoch(session_id)
        started = time.perf_counter()
        try:
            fan = await asyncio.wait_for(
                recall_scopes(self.acl, identity, decision.sync_scopes, query=question, types=types,
                              budget_override=budget, limit=AUTOMATIC_LIMIT, prefer_observations=prefer,
                              timeout=timeout, observer=self.observer),
                timeout + SYNC_GRACE_SECONDS)
        except TimeoutError:
            return SyncRecallResult("timeout", reason, decision.context, seconds=time.perf_counter() - started,
                                    error=f"no answer within {timeout:g}s")
        except AccessDenied as exc:
            return SyncRecallResult("error", reason, decision.context, seconds=time.perf_counter() - started,
                                    error=f"access denied ({exc.code})")
        except Exception as exc:  # fail-open
            return SyncRecallResult("error", reason, decision.context, seconds=time.perf_counter() - started,
                                    error=type(exc).__name__)
        elapsed = time.perf_counter() - started
        ok = [o for o in fan.outcomes if o.status == "ok"]
        if not ok:
            statuses = {o.status for o in fan.outcomes}
            return SyncRecallResult("timeout" if statuses == {"timeout"} else "error", reason, decision.context,
                                    failed=fan.failed, seconds=elapsed, error="; ".join(
                                        f"{s}: {e}" for s, e in fan.failed.items()))
        if reason == "high_confidence_cache_miss":
            self._store(self._key(session_id, identity), self._slots(fan), epoch=epoch, ticket=None)
        fresh_scopes = {o.scope for o in ok}
        cached_by_scope: dict[str, list[RecallHit]] = {}
        for merged in decision.hits:
            if merged.scope not in fresh_scopes:
                cached_by_scope.setdefault(merged.scope, []).append(merged.hit)
        hits = self._merge([*(o.hits for o in ok), *cached_by_scope.values()])
        context = render_block(hits, header=recall.inject_header, max_item_chars=self._max_item_chars,
                               max_block_chars=self._max_block_chars)
        return SyncRecallResult("partial" if fan.failed else "ok", reason, context, hits,
                                tuple(o.scope for o in ok), fan.failed, elapsed)


def _user(identity: Identity) -> str:
    """The log name of a caller: internal user id, or `unknown`."""
    return identity.internal_user_id or "unknown"


def _reason_code(reason: str) -> str | None:
    """A PrefetchResult reason as a log token (`every scope failed` -> `every_scope_failed`)."""
    if not reason:
        return None
    return "_".join(reason.split("(", 1)[0].split()).lower() or None


def _query(text: object) -> str:
    if not isinstance(text, str):
        return ""
    return text.strip()[:MAX_AUTOMATIC_QUERY_CHARS].strip()
