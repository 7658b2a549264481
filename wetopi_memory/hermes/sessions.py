"""The session registry: who speaks in each Hermes session, its sub-agents, and the tools each turn used.

Identity comes only from ``platform`` + ``sender_id`` in ``pre_llm_call`` and is remembered per session; later
hooks and tool calls of the session use it. No sender (the CLI) is an unknown caller. Both maps are bounded LRU
caches, so a long-lived gateway never grows without limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from cachetools import LRUCache

from ..identity import Identity
from .status_records import PrefetchRecord, RecallRecord, RetainRecord

__all__ = ["MAX_SESSIONS", "MAX_TOOLS_PER_TURN", "NO_AUTOMATIC_WRITE_PLATFORMS", "SessionRegistry", "SessionState"]

MAX_SESSIONS = 10_000
MAX_TOOLS_PER_TURN = 64
# Platforms whose turns are never written automatically: scheduled jobs and delegated sub-agents (F.8).
NO_AUTOMATIC_WRITE_PLATFORMS = frozenset({"cron", "subagent", "batch", "flush"})

Identify = Callable[[str, str], Identity]
TurnKey = tuple[str, str]


@dataclass
class SessionState:
    """What the plugin remembers about one Hermes session (never message content)."""

    session_id: str
    platform: str
    identity: Identity
    automatic_writes: bool = True
    parent_session_id: str | None = None
    identity_from_sender: bool = False
    turns: int = 0
    last_seen: float = field(default_factory=time.monotonic)
    last_recall: RecallRecord | None = None
    last_prefetch: PrefetchRecord | None = None
    last_retain: RetainRecord | None = None


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
    """Sessions by id, sub-agent parents, and per-turn tool names; thread safe (Hermes calls from many threads)."""

    def __init__(self, identify: Identify, environ: Mapping[str, str]) -> None:
        self._identify = identify
        self._environ = environ
        self._lock = threading.Lock()
        self._children: dict[str, str] = {}  # subagent child session -> parent session
        self._sessions = _EvictingLRU(MAX_SESSIONS, self._forget_parent)
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
        """The session's state, created (as an unknown caller) if this is the first we hear of it."""
        with self._lock:
            state = self._sessions.get(session_id)
            if state is None:
                parent = self._children.get(session_id)
                parent_state = self._sessions.get(parent) if parent else None
                identity = parent_state.identity if parent_state else self._identify(platform, "")
                state = SessionState(session_id=session_id, platform=platform, identity=identity,
                                     automatic_writes=self._automatic_writes_allowed(session_id, platform),
                                     parent_session_id=parent)
                self._sessions[session_id] = state
            elif platform and not state.platform:
                state.platform = platform
            state.last_seen = time.monotonic()
            return state

    def speaker(self, session_id: str, platform: str, sender_id: str) -> SessionState:
        """Resolve this turn's speaker (pre_llm_call) and remember it for the session's later hooks and tools."""
        state = self.state(session_id, platform)
        if state.parent_session_id is not None and not sender_id:
            return state  # a sub-agent speaks for its parent's user (identity inherited at subagent_start)
        identity = self._identify(platform, sender_id)  # no sender: an unknown caller (fail closed)
        with self._lock:
            state.identity = identity
            state.identity_from_sender = bool(sender_id)
        return state

    def get(self, session_id: str) -> SessionState | None:
        """The session's state, if the plugin has seen the session."""
        with self._lock:
            return self._sessions.get(session_id)

    def identity_for(self, session_id: str | None) -> Identity:
        """The identity of a tool call: the session's speaker, else an unknown caller (fail closed)."""
        state = self.get(session_id) if session_id else None
        if state is not None:
            return state.identity
        return self._identify("", "")

    def adopt_child(self, child: str, parent: str) -> None:
        """A sub-agent session: it never writes automatically and speaks for its parent's user."""
        with self._lock:
            self._children[child] = parent
            state = self._sessions.get(child)
            if state is not None:
                state.automatic_writes = False
                state.parent_session_id = parent
                parent_state = self._sessions.get(parent)
                if parent_state is not None:
                    state.identity = parent_state.identity

    def drop(self, session_id: str) -> None:
        """Forget a finished session."""
        with self._lock:
            self._sessions.pop(session_id, None)
            self._children.pop(session_id, None)

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
