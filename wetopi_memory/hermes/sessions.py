"""The session registry: who speaks in each Hermes turn, the sessions' sub-agents, and the tools each turn used.

Identity comes only from ``platform`` + ``sender_id`` in ``pre_llm_call`` and is recorded for that turn
(``turn_id``, unique per ``run_conversation``); the turn's later hooks and tool calls act as that speaker, never
as whoever spoke last in the session (two people in one thread, overlapping API-server requests). A call that
cannot be attributed to one speaker without doubt (no turn id, a turn we never saw, an empty sender) is the
unknown caller, with the reason (`CallerDoubt`). Every map is a bounded LRU cache, so a long-lived gateway never
grows without limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from cachetools import LRUCache

from ..identity import Identity
from .status_records import PrefetchRecord, RecallRecord, RetainRecord

__all__ = ["DOUBT_MESSAGES", "MAX_SESSIONS", "MAX_TOOLS_PER_TURN", "MAX_TURNS", "NO_AUTOMATIC_WRITE_PLATFORMS",
           "CallerDoubt", "SessionRegistry", "SessionState", "TurnSpeaker"]

MAX_SESSIONS = 10_000
MAX_TURNS = 10_000
MAX_TOOLS_PER_TURN = 64
# Platforms whose turns are never written automatically: scheduled jobs and delegated sub-agents (F.8).
NO_AUTOMATIC_WRITE_PLATFORMS = frozenset({"cron", "subagent", "batch", "flush"})

Identify = Callable[[str, str], Identity]
TurnKey = tuple[str, str]
CallerDoubt = Literal["no_turn_id", "unknown_turn", "no_sender"]
DOUBT_MESSAGES: dict[CallerDoubt, str] = {
    "no_turn_id": "this call carries no Hermes turn id, so its speaker is unknown: no personal memory",
    "unknown_turn": "this call's turn was never opened by pre_llm_call, so its speaker is unknown: no personal memory",
    "no_sender": "this turn has no sender id, so its speaker is unknown: no personal memory",
}


@dataclass
class TurnSpeaker:
    """Who speaks in one turn, recorded at pre_llm_call; `doubt` says why it is the unknown caller."""

    session_id: str
    turn_id: str
    identity: Identity
    doubt: CallerDoubt | None = None
    handed_off: bool = False  # post_llm_call handed the turn to retain (which then releases its held retains)
    held_retains: bool = False  # a memory_retain of this turn is held in the outbox for the turn's batch

    def caller_note(self) -> dict[str, str] | None:
        """What a tool answer says about an unattributable caller (a code and a sentence), else None."""
        if self.doubt is None:
            return None
        return {"code": self.doubt, "message": DOUBT_MESSAGES[self.doubt]}


@dataclass
class SessionState:
    """What the plugin remembers about one Hermes session (never message content, never a speaker: hooks and
    tools act as their own turn's `TurnSpeaker`)."""

    session_id: str
    platform: str
    automatic_writes: bool = True
    parent_session_id: str | None = None
    turns: int = 0
    last_seen: float = field(default_factory=time.monotonic)
    last_recall: RecallRecord | None = None
    last_prefetch: PrefetchRecord | None = None
    last_retain: RetainRecord | None = None


@dataclass(frozen=True)
class _ChildLink:
    """A sub-agent session: its parent session and the speaker of the parent turn that delegated it."""

    parent: str
    identity: Identity | None


class _EvictingLRU(LRUCache[str, SessionState]):
    """An LRU cache of sessions that tells its owner which session it evicted."""

    def __init__(self, maxsize: int, on_evict: Callable[[str], None]) -> None:
        super().__init__(maxsize)
        self._on_evict = on_evict

    def popitem(self) -> tuple[str, SessionState]:
        key, state = super().popitem()
        self._on_evict(key)
        return key, state


class SessionRegistry:
    """Sessions, turns' speakers, sub-agent parents and per-turn tool names; thread safe (Hermes calls from many
    threads)."""

    def __init__(self, identify: Identify, environ: Mapping[str, str]) -> None:
        self._identify = identify
        self._environ = environ
        self._lock = threading.Lock()
        self._children: LRUCache[str, _ChildLink] = LRUCache(MAX_SESSIONS)
        self._sessions = _EvictingLRU(MAX_SESSIONS, self._forget_parent)
        self._turns: LRUCache[TurnKey, TurnSpeaker] = LRUCache(MAX_TURNS)
        self._turn_tools: LRUCache[TurnKey, tuple[str, ...]] = LRUCache(MAX_SESSIONS)

    def _forget_parent(self, session_id: str) -> None:
        self._children.pop(session_id, None)

    def _automatic_writes_allowed(self, session_id: str, platform: str) -> bool:
        if platform in NO_AUTOMATIC_WRITE_PLATFORMS:
            return False
        if session_id.startswith("cron_") or self._environ.get("HERMES_CRON_SESSION") == "1":
            return False
        return session_id not in self._children

    def state(self, session_id: str, platform: str = "") -> SessionState:
        """The session's state, created if this is the first we hear of it."""
        with self._lock:
            state = self._sessions.get(session_id)
            if state is None:
                link = self._children.get(session_id)
                state = SessionState(session_id=session_id, platform=platform,
                                     automatic_writes=self._automatic_writes_allowed(session_id, platform),
                                     parent_session_id=link.parent if link else None)
                self._sessions[session_id] = state
            elif platform and not state.platform:
                state.platform = platform
            state.last_seen = time.monotonic()
            return state

    def begin_turn(self, session_id: str, turn_id: str, platform: str, sender_id: str
                   ) -> tuple[SessionState, TurnSpeaker]:
        """pre_llm_call: resolve this turn's speaker from its own sender and record it under the turn id.

        An empty sender is the unknown caller (never "the same user as before"), except in a sub-agent session,
        which speaks for the user of the parent turn that delegated it."""
        state = self.state(session_id, platform)
        with self._lock:
            link = self._children.get(session_id)
        doubt: CallerDoubt | None = None
        if sender_id:
            identity = self._identify(platform, sender_id)
        elif link is not None and link.identity is not None:
            identity = link.identity
        else:
            identity, doubt = self._identify(platform, ""), "no_sender"
        speaker = TurnSpeaker(session_id=session_id, turn_id=turn_id, identity=identity, doubt=doubt)
        if turn_id:
            with self._lock:
                self._turns[(session_id, turn_id)] = speaker
        return state, speaker

    def speaker(self, session_id: str, turn_id: str) -> TurnSpeaker:
        """The recorded speaker of a turn; the unknown caller, with the reason, when there is doubt."""
        doubt: CallerDoubt = "no_turn_id" if not turn_id else "unknown_turn"
        if turn_id:
            with self._lock:
                found = self._turns.get((session_id, turn_id))
            if found is not None:
                return found
        return TurnSpeaker(session_id=session_id, turn_id=turn_id, identity=self._identify("", ""), doubt=doubt)

    def end_turn(self, session_id: str, turn_id: str) -> TurnSpeaker | None:
        """on_session_end: forget the turn's speaker (post_llm_call is skipped for interrupted turns)."""
        with self._lock:
            return self._turns.pop((session_id, turn_id), None)

    def get(self, session_id: str) -> SessionState | None:
        """The session's state, if the plugin has seen the session."""
        with self._lock:
            return self._sessions.get(session_id)

    def adopt_child(self, child: str, parent: str, parent_turn_id: str) -> None:
        """A sub-agent session: it never writes automatically and speaks for the user of the parent turn that
        delegated it (unknown when that turn is unknown)."""
        parent_speaker = self.speaker(parent, parent_turn_id)
        identity = None if parent_speaker.doubt else parent_speaker.identity
        with self._lock:
            self._children[child] = _ChildLink(parent=parent, identity=identity)
            state = self._sessions.get(child)
            if state is not None:
                state.automatic_writes = False
                state.parent_session_id = parent

    def drop(self, session_id: str) -> None:
        """Forget a finished session and its open turns."""
        with self._lock:
            self._sessions.pop(session_id, None)
            self._children.pop(session_id, None)
            for key in [k for k in self._turns if k[0] == session_id]:
                self._turns.pop(key, None)

    def note_tool(self, key: TurnKey, name: str) -> None:
        """Remember that a turn used tool `name` (the router reads tool names, never their output)."""
        with self._lock:
            tools = self._turn_tools.get(key, ())
            if len(tools) < MAX_TOOLS_PER_TURN and name not in tools:
                self._turn_tools[key] = (*tools, name)

    def pop_turn_tools(self, key: TurnKey) -> tuple[str, ...]:
        """The tool names a turn used, forgotten now that the turn is over."""
        with self._lock:
            return self._turn_tools.pop(key, ())
