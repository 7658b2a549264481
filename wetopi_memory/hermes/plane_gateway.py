"""The only place the Hermes glue calls the MemoryPlane, its RetainCoordinator and its RecallCoordinator.

Hooks and tools call this gateway and nothing below it, so a change in the facade is a change here. Everything
asynchronous it starts runs on the plugin's background loop (`runtime.Runtime`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..config import Config, LoadedConfig
from ..host_conflicts import NativeProviderConflict
from ..identity import Identity
from ..plane import MemoryPlane, OutboxMode
from ..recall import InjectionDecision, PrefetchResult, RecallCoordinator, SyncRecallResult
from ..results import PlaneStatus, ReflectResult, RetainResult, SearchResult
from ..retain import RetainCoordinator
from ..retain.explicit import TurnRef
from ..state_db import StateFileProblem
from .runtime import Runtime
from .status_records import TurnRetainRecord, now_iso

__all__ = ["PlaneGateway", "RetainQueue"]

log = logging.getLogger(__name__)

OUTBOX_PROBLEM_DETAIL = ("the plugin's local retain queue file cannot be written; new memories are not stored until an "
                         "operator repairs it (`wetopi-memory status` says how)")
# what a memory_retain result shows the model: never the bank, nor a backend's error text (it may name a bank)
RETAIN_RESULT_KEYS = ("scope", "stored", "status", "reasons", "decision", "category", "durability", "verified",
                      "document_id")


@dataclass(frozen=True)
class RetainQueue:
    """Retain queue figures for memory_status (no paths, no content); `opened` once the pipeline exists."""

    opened: bool = False
    depth: int = 0
    undeliverable: int = 0
    oldest_age_seconds: float | None = None
    worker: bool = False
    delivered_batches: int = 0
    backend_cooling: bool = False
    problem: StateFileProblem | None = None

    def to_dict(self) -> dict[str, Any]:
        """The `queue` object of memory_status."""
        shown: dict[str, Any] = {"depth": self.depth, "undeliverable": self.undeliverable,
                                 "oldest_age_seconds": self.oldest_age_seconds, "worker": self.worker}
        if self.problem is not None:
            shown.update(problem=self.problem, detail=OUTBOX_PROBLEM_DETAIL)
        if self.opened:
            shown.update(delivered_batches=self.delivered_batches, backend_cooling=self.backend_cooling)
        return shown


class PlaneGateway:
    """One plane, its recall coordinator, and the turn-end retain pipeline opened on first use."""

    def __init__(self, plane: MemoryPlane, runtime: Runtime, environ: Mapping[str, str]) -> None:
        self.plane = plane
        self.runtime = runtime
        self.environ = environ
        self.recall = RecallCoordinator.from_plane(plane)
        self.closed = False
        self.native_conflict: NativeProviderConflict | None = None  # Hermes' own Hindsight provider is on (A1)
        self._retain_started = False
        self._retain_lock = threading.Lock()
        self._handoffs: set[concurrent.futures.Future[None]] = set()
        self._handoffs_lock = threading.Lock()
        self._session_judged: dict[str, threading.Event] = {}  # the latest hand-off's "judged", while pending
        plane.metrics.watch_state_files(lambda: {"outbox": self.outbox_problem()})
        if plane.config.retain.enabled and plane.retention.outbox is None:
            log.warning("wetopi-memory: the plane has no retain outbox (open it with outbox='durable'); finished "
                        "turns cannot be queued for retain")

    @staticmethod
    def open_plane(loaded: LoadedConfig, *, identities: str | None, environ: Mapping[str, str],
                   agent: str) -> MemoryPlane:
        """The plane of a Hermes process: config, identities, backends and (retain on) the durable outbox, a local
        SQLite file; no network I/O."""
        outbox: OutboxMode = "durable" if loaded.config.retain.enabled else "none"
        return MemoryPlane.open(loaded, identities=identities, environ=environ, agent=agent, outbox=outbox)

    # ------------------------------------------------------------------ the plane

    @property
    def config(self) -> Config:
        return self.plane.config

    @property
    def scopes(self) -> list[str]:
        return self.plane.scopes

    @property
    def config_source(self) -> str:
        return str(self.plane.config_source)

    def identify(self, platform: str, sender_id: str) -> Identity:
        """The plane's IdentityResolver: no sender is an unknown caller."""
        return self.plane.identify(platform, sender_id)

    def readable_scopes(self, identity: Identity) -> list[str]:
        return list(self.plane.acl.readable_scopes(identity))

    def search(self, identity: Identity, args: Mapping[str, Any]) -> Coroutine[Any, Any, SearchResult]:
        return self.plane.search(identity, args["query"], args.get("scopes"), budget=args.get("budget"),
                                 mode=args.get("mode", "normal"), limit=args.get("limit", 10))

    def reflect(self, identity: Identity, args: Mapping[str, Any]) -> Coroutine[Any, Any, list[ReflectResult]]:
        return self.plane.reflect(identity, args["query"], args.get("scopes"))

    def retain(self, identity: Identity, args: Mapping[str, Any], turn: TurnRef | None = None
               ) -> Coroutine[Any, Any, dict[str, Any]]:
        """An explicit retain through the turn pipeline's policies and outbox (opened here, on the caller's
        thread), with the result as the model may see it. Inside a `turn` it is held for that turn's batch."""
        self.retain_coordinator()
        return self._retain_shown(self.plane.retain(identity, args["content"], args["scope"],
                                                    reason=args.get("reason"), confidence=args.get("confidence"),
                                                    turn=turn), held=turn is not None)

    @staticmethod
    async def _retain_shown(retaining: Coroutine[Any, Any, RetainResult], *, held: bool) -> dict[str, Any]:
        result = await retaining
        shown = {k: v for k, v in result.to_dict().items() if k in RETAIN_RESULT_KEYS}
        if held and result.status == "queued" and result.detail:
            shown["detail"] = result.detail  # our own sentence (HELD_DETAIL), never a backend's error text
        return shown

    @property
    def automatic_retain_paused(self) -> bool:
        """True while Hermes' native Hindsight provider is on and the config does not explicitly allow both (A1)."""
        return self.native_conflict is not None and not self.config.retain.allow_with_native_provider

    def status(self, identity: Identity | None, timeout: float) -> Coroutine[Any, Any, PlaneStatus]:
        return self.plane.status(identity, timeout=timeout)

    # ------------------------------------------------------------------ recall

    def cached_context(self, session_id: str, identity: Identity, message: str, *, first_turn: bool = False
                       ) -> InjectionDecision:
        return self.recall.cached_context(session_id, identity, message, first_turn=first_turn)

    def sync_recall(self, session_id: str, identity: Identity, message: str, decision: InjectionDecision
                    ) -> Coroutine[Any, Any, SyncRecallResult]:
        return self.recall.sync_recall(session_id, identity, message, decision=decision)

    def prefetch(self, session_id: str, identity: Identity, text: str, query: str, tools: Sequence[str]
                 ) -> concurrent.futures.Future[PrefetchResult]:
        """Start the next turn's prefetch on the loop; returns at once."""
        return self.runtime.submit(self.recall.prefetch(session_id, identity, text, tools=tools, query=query))

    def prefetch_session(self, session_id: str, identity: Identity, message: str, *, skip: Sequence[str] = ()
                         ) -> concurrent.futures.Future[PrefetchResult]:
        """Start the session-start prefetch (personal, routed and the agent's usual scopes, not `skip`); returns at
        once."""
        return self.runtime.submit(self.recall.prefetch_session(session_id, identity, message, skip=skip))

    def note_manual_search(self, session_id: str) -> None:
        self.recall.note_manual_search(session_id)

    @property
    def automatic_recall(self) -> bool:
        return bool(self.recall.automatic_enabled)

    # ------------------------------------------------------------------ retain

    def retain_coordinator(self) -> RetainCoordinator | None:
        """The plane's turn-end retain pipeline, its delivery worker started on the runtime loop at first use (so
        nothing of it runs at register time). None when retain is off."""
        if self._retain_started or not self.config.retain.enabled or self.closed:
            return self._retain
        with self._retain_lock:
            if not self._retain_started and not self.closed:
                self.runtime.submit(self.plane.retention.start())
                self._retain_started = True
        return self._retain

    @property
    def _retain(self) -> RetainCoordinator | None:
        """The pipeline once in use, without starting it."""
        return self.plane.retention if self._retain_started else None

    def record_tool_call(self, kwargs: Mapping[str, Any]) -> None:
        """Evidence only: nothing is ever retained from a tool call."""
        coordinator = self.retain_coordinator()
        if coordinator is not None:
            coordinator.record_tool_call(**kwargs)

    def drop_turn_evidence(self, session_id: str, turn_id: str, *, open_pipeline: bool = True) -> None:
        coordinator = self.retain_coordinator() if open_pipeline else self._retain
        if coordinator is not None:
            coordinator.evidence.pop(session_id, turn_id)

    def hand_off_turn(self, identity: Identity, *, session_id: str, turn_id: str, user_text: str, answer_text: str,
                      platform: str | None, conversation_history: list[Any] | None,
                      on_queued: Callable[[TurnRetainRecord], None],
                      on_failure: Callable[[BaseException], None]) -> bool:
        """Queue one finished turn (at most one batch per scope) off Hermes' thread; never waits. False when
        there is no retain pipeline (nothing handed off, neither callback will run)."""
        coordinator = self.retain_coordinator()
        if coordinator is None:
            return False

        judged = threading.Event()

        def submit() -> None:  # sentence analysis, policies, one SQLite transaction per scope: off Hermes' thread
            try:
                report = coordinator.submit_turn(identity, session_id=session_id, turn_id=turn_id,
                                                 user_message=user_text, assistant_response=answer_text,
                                                 conversation_history=conversation_history,
                                                 source_agent=self.plane.agent, platform=platform,
                                                 on_judged=judged.set)
            finally:
                judged.set()
            queued = sorted(scope for scope, batch in report.batches.items() if batch is not None)
            on_queued({"at": now_iso(), "source": "turn", "queued_scopes": queued, "accepted": len(report.accepted),
                       "rejected": len(report.rejected), "outbox_problem": report.error})

        with self._handoffs_lock:
            self._session_judged[session_id] = judged
        future = self.runtime.submit(asyncio.to_thread(submit))
        future.add_done_callback(lambda _: self._forget_session_handoff(session_id, judged))
        self._track(future, on_failure)
        return True

    def _forget_session_handoff(self, session_id: str, judged: threading.Event) -> None:
        judged.set()  # a hand-off that never ran (shut down) must not hold the next turn
        with self._handoffs_lock:
            if self._session_judged.get(session_id) is judged:
                del self._session_judged[session_id]

    def await_previous_turn(self, session_id: str, timeout: float) -> None:
        """Back-to-back turns: give the session's previous hand-off at most `timeout` to judge its turn and show
        the accepted writes to their writer (read-your-writes; the durable write goes on behind); usually it is
        already done and this returns at once."""
        with self._handoffs_lock:
            judged = self._session_judged.get(session_id)
        if judged is not None:
            judged.wait(timeout)

    def release_turn(self, session_id: str, turn_id: str) -> None:
        """A turn ended without a hand-off: its held explicit retains go now, one batch per scope (off Hermes'
        thread; if this never runs, the hold expires and they go anyway)."""
        coordinator = self._retain
        if coordinator is not None:
            self._track(self.runtime.submit(asyncio.to_thread(coordinator.release_turn, session_id, turn_id)),
                        lambda error: log.warning("wetopi-memory turn release failed: %s", type(error).__name__))

    def _track(self, future: concurrent.futures.Future[None], on_failure: Callable[[BaseException], None]) -> None:
        """Keep a hand-off future until it is done, so that `settle_handoffs` can wait for it."""
        with self._handoffs_lock:
            self._handoffs.add(future)

        def done(f: concurrent.futures.Future[None]) -> None:
            with self._handoffs_lock:
                self._handoffs.discard(f)
            error = None if f.cancelled() else f.exception()
            if error is not None:
                on_failure(error)

        future.add_done_callback(done)

    async def settle_handoffs(self, timeout: float) -> None:
        """Wait (bounded) until every turn handed off so far is in the outbox."""
        with self._handoffs_lock:
            pending = list(self._handoffs)
        if pending:
            await asyncio.wait([asyncio.wrap_future(f) for f in pending], timeout=timeout)

    def end_session(self, session_id: str) -> bool:
        """Forget the session everywhere below; True when a retain pipeline may still hold queued work."""
        self.recall.invalidate(session_id)
        coordinator = self._retain
        if coordinator is None:
            return False
        coordinator.end_session(session_id)
        coordinator.wake()
        return True

    async def flush(self, seconds: float) -> None:
        """Give handed-off turns and queued retains a bounded chance to reach the backend."""
        coordinator = self._retain
        if coordinator is not None:
            await self.settle_handoffs(1.0)
            await coordinator.flush(seconds)

    def outbox_problem(self) -> StateFileProblem | None:
        """What is wrong with the retain outbox's file (damaged, disk full, …), or None when it is sound."""
        outbox = self.plane.retention.outbox
        trouble = outbox.trouble if outbox is not None else None
        return None if trouble is None else trouble.problem

    def retain_queue(self) -> RetainQueue:
        coordinator = self._retain
        problem = self.outbox_problem()
        store = self.plane.retention.outbox
        if coordinator is None or (store is not None and store.problem is not None):  # an unusable file: no figures
            return RetainQueue(opened=coordinator is not None, problem=problem)
        stats = coordinator.stats()
        outbox = stats.outbox
        oldest = outbox.oldest_age_seconds if outbox is not None else None
        return RetainQueue(opened=True, depth=outbox.depth if outbox is not None else 0,
                           undeliverable=outbox.failed if outbox is not None else 0,
                           oldest_age_seconds=None if oldest is None else round(oldest, 1), worker=stats.running,
                           delivered_batches=stats.delivered_batches, backend_cooling=bool(stats.cooling_backends),
                           problem=problem)

    async def aclose(self, flush_seconds: float) -> None:
        """Flush (bounded) and stop the retain worker, then close the plane's backends (on the runtime loop)."""
        coordinator = self._retain
        self.closed = True
        try:
            if coordinator is not None:
                await self.flush(flush_seconds)
                await coordinator.stop(0.5)
        finally:
            await self.plane.aclose()  # closes the outbox too
