"""What memory_status shows and the logs count: per-session last recall, prefetch and retain; process counters."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal, TypedDict

__all__ = ["HOOK_NAMES", "BackendHealthRecord", "HookName", "PluginStats", "PrefetchRecord", "PrefetchStatus",
           "RecallOutcome", "RecallRecord", "RetainRecord", "ToolRetainRecord", "TurnRetainRecord", "now_iso",
           "prefetch_status", "sync_outcome"]

HookName = Literal["on_session_start", "pre_llm_call", "post_tool_call", "post_llm_call", "on_session_end",
                   "on_session_finalize", "on_session_reset", "subagent_start", "subagent_stop"]
HOOK_NAMES: tuple[HookName, ...] = ("on_session_start", "pre_llm_call", "post_tool_call", "post_llm_call",
                                    "on_session_end", "on_session_finalize", "on_session_reset", "subagent_start",
                                    "subagent_stop")

RecallOutcome = Literal["cache_hit", "cache_miss", "not_confident", "disabled", "error", "sync_ok", "sync_partial",
                        "sync_timeout", "sync_error", "sync_skipped"]
_SYNC_OUTCOMES: dict[str, RecallOutcome] = {"ok": "sync_ok", "partial": "sync_partial", "timeout": "sync_timeout",
                                            "error": "sync_error", "skipped": "sync_skipped"}
PrefetchStatus = Literal["stored", "disabled", "skipped", "unavailable", "stale"]
_PREFETCH_STATUSES: dict[str, PrefetchStatus] = {"stored": "stored", "disabled": "disabled", "skipped": "skipped",
                                                 "failed": "unavailable", "stale": "stale"}


def sync_outcome(status: str) -> RecallOutcome:
    """The recorded outcome of a synchronous recall that ended with `status`."""
    return _SYNC_OUTCOMES.get(status, "sync_error")


def prefetch_status(status: str) -> PrefetchStatus:
    """The recorded status of a prefetch that ended with `status` (a failure shows as unavailable)."""
    return _PREFETCH_STATUSES.get(status, "unavailable")


def now_iso() -> str:
    """The current UTC time, to the second, as the records show it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class RecallRecord(TypedDict):
    """The last pre_llm_call recall of a session."""

    at: str
    outcome: RecallOutcome
    sync: str | None
    scopes: list[str]
    ms: float
    injected: bool


class PrefetchRecord(TypedDict):
    """The last background prefetch of a session."""

    at: str
    status: PrefetchStatus
    scopes: list[str]
    ms: float


class TurnRetainRecord(TypedDict):
    """The last turn handed to the retain pipeline."""

    at: str
    source: Literal["turn"]
    queued_scopes: list[str]
    accepted: int
    rejected: int
    outbox_problem: str | None


class ToolRetainRecord(TypedDict):
    """The last explicit memory_retain of a session."""

    at: str
    source: Literal["tool"]
    scope: str
    stored: bool


RetainRecord = TurnRetainRecord | ToolRetainRecord


@dataclass(frozen=True)
class BackendHealthRecord:
    """The outcome of the last background health probe."""

    at: str
    healthy: bool


@dataclass
class PluginStats:
    """Process-wide counters, for `memory_status` and the logs."""

    errors: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)
    hook_seconds: dict[str, float] = field(default_factory=dict)  # time Hermes spent waiting in each hook
    backend_health: BackendHealthRecord | None = None
