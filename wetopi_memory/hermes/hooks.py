"""The nine Hermes lifecycle hooks: recall into a turn, hand the finished turn to retain, follow sessions.

Hermes Agent 0.19.0 calls every hook synchronously on its own thread and never awaits a coroutine. So every hook
here is a plain ``def`` taking ``**kwargs`` that never raises into Hermes: a failure is caught, logged by exception
class only (never content), counted, and the turn goes on (§30). A hook waits for the background loop at most a
bounded time, and only where the design allows it to wait at all (§7: recall is prefetched, synchronous recall
is the exception; retain is handed off and never waited for).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..recall import PrefetchResult
from .plane_gateway import PlaneGateway
from .sessions import SessionRegistry, SessionState, TurnSpeaker
from .status_records import (
    BackendHealthRecord,
    HookName,
    PluginStats,
    PrefetchRecord,
    RecallOutcome,
    TurnRetainRecord,
    now_iso,
    prefetch_status,
    sync_outcome,
)

__all__ = ["FINALIZE_FLUSH_SECONDS", "SYNC_GUARD_SECONDS", "LifecycleHooks", "message_text"]

log = logging.getLogger(__name__)

FINALIZE_FLUSH_SECONDS = 2.0  # the most a CLI exit waits for queued retains (the outbox keeps the rest)
PREVIOUS_TURN_WAIT_SECONDS = 0.03  # the most a back-to-back turn waits for the previous turn's retain hand-off
SYNC_GUARD_SECONDS = 0.1  # outer guard around the coordinator's own synchronous-recall deadline (+0.05 s)
MAX_PREFETCH_QUERY_CHARS = 800
HEALTH_PROBE_SECONDS = 2.0
HEALTH_PROBE_EVERY_SECONDS = 300.0  # session starts probe the backend at most this often while it is healthy
UNHEALTHY_PROBE_EVERY_SECONDS = 30.0  # ... and this often once it was not

R = TypeVar("R")


def message_text(value: Any) -> str:
    """A message's text: a string, or the text parts of a multimodal list; anything else is no text."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(str(p.get("text") or "") for p in value if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _on_event_loop_thread() -> bool:
    """True on a thread that runs an asyncio loop (the gateway's), where a hook must never block."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _arg(kwargs: dict[str, Any], name: str) -> str:
    """A hook keyword as text; a missing or null one is empty."""
    return str(kwargs.get(name) or "")


def _guard(hook: HookName) -> Callable[[Callable[..., R]], Callable[..., R | None]]:
    """Never raise into Hermes: log the exception class (no content), count it, return None."""

    def wrap(fn: Callable[..., R]) -> Callable[..., R | None]:
        @functools.wraps(fn)
        def inner(self: LifecycleHooks, *args: Any, **kwargs: Any) -> R | None:
            started = time.perf_counter()
            try:
                self.stats.calls[hook] += 1
                self.emit_deferred_warnings()
                return fn(self, *args, **kwargs)
            except Exception as exc:
                try:
                    self.stats.errors[hook] += 1
                    log.warning("wetopi-memory %s failed: %s", hook, type(exc).__name__)
                except Exception:  # pragma: no cover - logging itself failed
                    pass
                return None
            finally:
                spent = self.stats.hook_seconds
                spent[hook] = spent.get(hook, 0.0) + time.perf_counter() - started

        return inner

    return wrap


class LifecycleHooks:
    """The hook callbacks, over the session registry and the plane gateway."""

    def __init__(self, gateway: PlaneGateway, sessions: SessionRegistry, stats: PluginStats) -> None:
        self.gateway = gateway
        self.sessions = sessions
        self.stats = stats
        self._deferred: list[str] = []  # register-time warnings, logged at the first hook
        self._lock = threading.Lock()
        self.clock: Callable[[], float] = time.monotonic
        self._next_probe = 0.0  # `clock()` of the next health probe a session start may run

    def by_name(self) -> dict[HookName, Callable[..., Any]]:
        return {"on_session_start": self.on_session_start, "pre_llm_call": self.pre_llm_call,
                "post_tool_call": self.post_tool_call, "post_llm_call": self.post_llm_call,
                "on_session_end": self.on_session_end, "on_session_finalize": self.on_session_finalize,
                "on_session_reset": self.on_session_reset, "subagent_start": self.subagent_start,
                "subagent_stop": self.subagent_stop}

    def defer_warning(self, message: str) -> None:
        """Log `message` at the first hook, once Hermes' own log handlers exist."""
        with self._lock:
            self._deferred.append(message)

    def emit_deferred_warnings(self) -> None:
        if not self._deferred:
            return
        with self._lock:
            pending, self._deferred = self._deferred, []
        for message in pending:
            log.warning(message)

    # ------------------------------------------------------------------ turns

    @_guard("on_session_start")
    def on_session_start(self, **kwargs: Any) -> None:
        session_id = _arg(kwargs, "session_id")
        if session_id:
            self.sessions.state(session_id, _arg(kwargs, "platform"))
        self._probe_health()

    def _probe_health(self) -> None:
        """A non-blocking health check, at most every HEALTH_PROBE_EVERY_SECONDS (its requests would otherwise
        take backend slots from the session's first recalls); its outcome lands in the stats (and one warning
        when unhealthy)."""
        with self._lock:
            now = self.clock()
            if now < self._next_probe:
                return
            self._next_probe = now + HEALTH_PROBE_EVERY_SECONDS
        future = self.gateway.runtime.submit(self.gateway.status(None, HEALTH_PROBE_SECONDS))

        def done(f: Any) -> None:
            healthy = False
            try:
                healthy = bool(f.result().healthy)
                if not healthy:
                    log.warning("wetopi-memory: a memory backend is unhealthy; turns continue without it")
            except Exception as exc:
                log.warning("wetopi-memory health check failed: %s", type(exc).__name__)
            self.stats.backend_health = BackendHealthRecord(at=now_iso(), healthy=healthy)
            if not healthy:
                with self._lock:
                    self._next_probe = min(self._next_probe, self.clock() + UNHEALTHY_PROBE_EVERY_SECONDS)

        future.add_done_callback(done)

    @_guard("pre_llm_call")
    def pre_llm_call(self, **kwargs: Any) -> dict[str, str] | None:
        """Record this turn's speaker from its own sender and inject the prefetched memory for that speaker."""
        state, speaker = self.sessions.begin_turn(_arg(kwargs, "session_id"), _arg(kwargs, "turn_id"),
                                                  _arg(kwargs, "platform"), _arg(kwargs, "sender_id"))
        state.turns += 1
        if speaker.doubt is not None:
            log.info("wetopi-memory turn speaker unknown (%s): no personal memory this turn", speaker.doubt)
        if not self.gateway.config.recall.enabled:
            return None
        message = message_text(kwargs.get("user_message"))
        if not message.strip():
            return None
        if not _on_event_loop_thread():  # the gateway's loop never blocks; elsewhere a back-to-back turn waits a little
            self.gateway.await_previous_turn(state.session_id, PREVIOUS_TURN_WAIT_SECONDS)
        block = self._recall_block(state, speaker, message, first_turn=state.turns == 1)
        return {"context": block} if block else None

    def _recall_block(self, state: SessionState, speaker: TurnSpeaker, message: str, *, first_turn: bool) -> str:
        """The prefetched context (no I/O); a bounded synchronous recall only when the coordinator asks for one.
        A session's first turn of a known speaker also starts the session-start prefetch, so turn 2 is warm."""
        started = time.perf_counter()
        decision = self.gateway.cached_context(state.session_id, speaker.identity, message, first_turn=first_turn)
        if first_turn and decision.sync != "first_turn" and speaker.identity.known and self.gateway.automatic_recall:
            fetching = decision.sync_scopes if decision.sync else ()  # the synchronous recall caches these itself
            self._watch_prefetch(state, self.gateway.prefetch_session(state.session_id, speaker.identity, message,
                                                                      skip=fetching))
        block: str = decision.context
        outcome: RecallOutcome = decision.reason
        if decision.sync is not None:
            timeout = float(self.gateway.config.recall.synchronous.timeout_seconds)
            try:
                result = self.gateway.runtime.run(
                    self.gateway.sync_recall(state.session_id, speaker.identity, message, decision),
                    timeout + SYNC_GUARD_SECONDS, cancel_on_timeout=True)
                block, outcome = result.context, sync_outcome(result.status)
            except TimeoutError:
                outcome = "sync_timeout"
        state.last_recall = {"at": now_iso(), "outcome": outcome, "sync": decision.sync,
                             "scopes": list(decision.sync_scopes if decision.sync else decision.scopes),
                             "ms": round((time.perf_counter() - started) * 1000, 1), "injected": bool(block)}
        return block

    @_guard("post_tool_call")
    def post_tool_call(self, **kwargs: Any) -> None:
        """Evidence only (A5): nothing is ever retained from here."""
        self.gateway.record_tool_call(kwargs)
        name = _arg(kwargs, "tool_name")
        if name:
            self.sessions.note_tool((_arg(kwargs, "session_id"), _arg(kwargs, "turn_id")), name)

    @_guard("post_llm_call")
    def post_llm_call(self, **kwargs: Any) -> None:
        """Hand the finished turn to the retain side and start the next turn's prefetch, both as THIS turn's
        speaker; never waits."""
        session_id, turn_id = _arg(kwargs, "session_id"), _arg(kwargs, "turn_id")
        state = self.sessions.state(session_id, _arg(kwargs, "platform"))
        speaker = self.sessions.speaker(session_id, turn_id)
        user_text = message_text(kwargs.get("user_message"))
        answer_text = message_text(kwargs.get("assistant_response"))
        tools = self.sessions.pop_turn_tools((session_id, turn_id))
        history = kwargs.get("conversation_history")
        started = threading.Event()

        def prefetch_next() -> None:  # once, after the turn's retain is queued (its own writes are visible then)
            if user_text.strip() and self.gateway.automatic_recall and not started.is_set():
                started.set()
                self._prefetch(state, speaker, f"{user_text}\n{answer_text}", user_text[:MAX_PREFETCH_QUERY_CHARS],
                               tools)

        self._retain_turn(state, speaker, user_text, answer_text, history if isinstance(history, list) else None,
                          then=prefetch_next)

    def _retain_turn(self, state: SessionState, speaker: TurnSpeaker, user_text: str, answer_text: str,
                     history: list[Any] | None, *, then: Callable[[], None]) -> None:
        """Queue the turn's curated learnings (at most one batch per scope, A6) for background delivery, then
        (`then`: the next turn's prefetch) once they are queued, or at once when nothing is handed off.

        The identity is the one recorded for this turn's speaker, snapshotted now (F.3). A turn we cannot
        attribute, scheduled jobs, sub-agents and a native Hindsight provider in charge (A1) write nothing
        automatically; their evidence is dropped."""
        turn_id = speaker.turn_id
        if speaker.doubt in ("no_turn_id", "unknown_turn"):
            log.info("wetopi-memory post_llm_call: turn speaker unknown (%s); no automatic retain", speaker.doubt)
        if (speaker.doubt in ("no_turn_id", "unknown_turn") or self.gateway.automatic_retain_paused
                or not (self.gateway.config.retain.automatic and state.automatic_writes)):
            self.gateway.drop_turn_evidence(state.session_id, turn_id)
            then()
            return

        def queued(record: TurnRetainRecord) -> None:
            state.last_retain = record
            then()

        def failed(error: BaseException) -> None:
            self.stats.errors["retain"] += 1
            log.warning("wetopi-memory retain hand-off failed: %s", type(error).__name__)
            then()

        # the identity and platform are snapshotted at hand-off (F.3)
        speaker.handed_off = True  # the hand-off releases the turn's held explicit retains with its own batch
        if not self.gateway.hand_off_turn(speaker.identity, session_id=state.session_id, turn_id=turn_id,
                                          user_text=user_text, answer_text=answer_text,
                                          platform=state.platform or None, conversation_history=history,
                                          on_queued=queued, on_failure=failed):
            then()

    def _prefetch(self, state: SessionState, speaker: TurnSpeaker, text: str, query: str,
                  tools: Sequence[str]) -> None:
        self._watch_prefetch(state, self.gateway.prefetch(state.session_id, speaker.identity, text, query, tools))

    def _watch_prefetch(self, state: SessionState, future: concurrent.futures.Future[PrefetchResult]) -> None:
        """Record a background prefetch's outcome for memory_status; a failure never surfaces in Hermes."""

        def done(f: Any) -> None:
            try:
                result = f.result()
                record: PrefetchRecord = {"at": now_iso(), "status": prefetch_status(result.status),
                                          "scopes": list(result.scopes), "ms": round(result.seconds * 1000, 1)}
                state.last_prefetch = record
            except (asyncio.CancelledError, concurrent.futures.CancelledError):  # shutting down: nothing failed
                log.debug("wetopi-memory prefetch cancelled at shutdown")
            except BaseException as exc:  # a bug: never surfaces in Hermes
                self.stats.errors["prefetch"] += 1
                log.warning("wetopi-memory prefetch failed: %s", type(exc).__name__)

        future.add_done_callback(done)

    # ------------------------------------------------------------------ sessions

    @_guard("on_session_end")
    def on_session_end(self, **kwargs: Any) -> None:
        """Fires at the end of EVERY turn in 0.19.0: the turn's speaker is released here (post_llm_call skips
        interrupted turns). A turn not handed to retain sends its held explicit retains now, one batch per
        scope; an interrupted turn's evidence is dropped rather than left to age out."""
        session_id, turn_id = _arg(kwargs, "session_id"), _arg(kwargs, "turn_id")
        speaker = self.sessions.end_turn(session_id, turn_id) if turn_id else None
        if speaker is not None and speaker.held_retains and not speaker.handed_off:
            self.gateway.release_turn(session_id, turn_id)
        if kwargs.get("completed") and not kwargs.get("interrupted"):
            return
        self.sessions.pop_turn_tools((session_id, turn_id))
        self.gateway.drop_turn_evidence(session_id, turn_id, open_pipeline=False)

    @_guard("on_session_finalize")
    def on_session_finalize(self, **kwargs: Any) -> None:
        wait = _arg(kwargs, "reason") == "shutdown"
        for key in ("session_id", "old_session_id"):
            session_id = _arg(kwargs, key)
            if session_id:
                self._finish_session(session_id, wait=wait)

    @_guard("on_session_reset")
    def on_session_reset(self, **kwargs: Any) -> None:
        old = _arg(kwargs, "old_session_id")
        if old:
            self._finish_session(old)

    def _finish_session(self, session_id: str, *, wait: bool = False) -> None:
        self.sessions.drop(session_id)
        if not self.gateway.end_session(session_id):
            return
        if not wait or _on_event_loop_thread():  # never block the gateway's loop: the worker delivers anyway
            return
        if self.gateway.closed:  # Hermes' atexit cleanup after the runtime's own: its close already flushed
            return
        # Process exit: give queued retains a short, bounded chance to land (the outbox keeps the rest).
        seconds = self.flush_seconds()
        with contextlib.suppress(TimeoutError):
            self.gateway.runtime.run(self.gateway.flush(seconds), seconds + 1.5)

    def flush_seconds(self) -> float:
        """How long an exit waits for queued retains: short when the backend is known to be down."""
        health = self.stats.backend_health
        if self.gateway.retain_queue().backend_cooling or (health is not None and not health.healthy):
            return 0.2  # waiting would only delay the exit; the outbox keeps everything for the next process
        return FINALIZE_FLUSH_SECONDS

    @_guard("subagent_start")
    def subagent_start(self, **kwargs: Any) -> None:
        child = _arg(kwargs, "child_session_id")
        if child:
            self.sessions.adopt_child(child, _arg(kwargs, "parent_session_id"), _arg(kwargs, "parent_turn_id"))

    @_guard("subagent_stop")
    def subagent_stop(self, **kwargs: Any) -> None:
        child = _arg(kwargs, "child_session_id")
        if child:
            self.sessions.drop(child)
