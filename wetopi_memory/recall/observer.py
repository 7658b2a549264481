"""Recall's observer protocol (metrics hooks), its null implementation and a guard that keeps metrics from breaking
recall."""

from __future__ import annotations

import logging
from typing import Final, Protocol

from ..router import RouteDecision
from .results import ScopeStatus, SyncReason

__all__ = ["NULL_RECALL_OBSERVER", "GuardedRecallObserver", "NullRecallObserver", "RecallObserver",
           "RecallObserverSource", "guarded"]

log = logging.getLogger("wetopi_memory.recall")


class RecallObserver(Protocol):
    """Metrics hooks of recall. Calls come from the caller's thread (Hermes' thread for `cached_context`, the loop
    thread otherwise); recall calls them through `guarded`, so a failing hook never breaks recall.

    * `on_route(decision)` / `on_route_miss()`: once per `cached_context` (the user's new message), the miss when
      the route has no confident scope. Prefetch routes (turn text) are not reported.
    * `on_cache(hit)`: once per `cached_context` that consulted the cache; `hit` when something was injected
      from it (or a relevant scope was cached but empty).
    * `on_sync_recall(reason)`: once per synchronous recall started.
    * `on_recall(scope, status, seconds, results, tokens)`: once per scope per backend recall (prefetch, sync or
      tool search); status `ok`, `error` or `timeout`.
    * `on_manual_search_after_miss()`: `note_manual_search` in a session whose last automatic route missed.
    """

    def on_route(self, decision: RouteDecision) -> None:
        """A user message was routed."""

    def on_route_miss(self) -> None:
        """The route found no confident scope."""

    def on_cache(self, hit: bool) -> None:
        """The prefetch cache was consulted."""

    def on_sync_recall(self, reason: SyncReason) -> None:
        """A synchronous recall started."""

    def on_recall(self, scope: str, status: ScopeStatus, seconds: float, results: int, tokens: int) -> None:
        """One scope's backend recall finished."""

    def on_manual_search_after_miss(self) -> None:
        """The agent searched memory by hand after an automatic route miss."""


class RecallObserverSource(Protocol):
    """Metrics that can feed on recall's events (the plane's `Metrics`)."""

    def recall_observer(self) -> RecallObserver:
        """An observer that records recall's events in these metrics."""
        ...


class NullRecallObserver:
    """The observer of a recall nobody measures: does nothing."""

    def on_route(self, decision: RouteDecision) -> None:
        return None

    def on_route_miss(self) -> None:
        return None

    def on_cache(self, hit: bool) -> None:
        return None

    def on_sync_recall(self, reason: SyncReason) -> None:
        return None

    def on_recall(self, scope: str, status: ScopeStatus, seconds: float, results: int, tokens: int) -> None:
        return None

    def on_manual_search_after_miss(self) -> None:
        return None


NULL_RECALL_OBSERVER: Final = NullRecallObserver()


class GuardedRecallObserver:
    """Forwards every hook to a foreign observer; a failure in it is logged at debug level and swallowed."""

    def __init__(self, inner: RecallObserver) -> None:
        self.inner = inner

    def on_route(self, decision: RouteDecision) -> None:
        try:
            self.inner.on_route(decision)
        except Exception:  # metrics never break recall
            _failed("on_route")

    def on_route_miss(self) -> None:
        try:
            self.inner.on_route_miss()
        except Exception:
            _failed("on_route_miss")

    def on_cache(self, hit: bool) -> None:
        try:
            self.inner.on_cache(hit)
        except Exception:
            _failed("on_cache")

    def on_sync_recall(self, reason: SyncReason) -> None:
        try:
            self.inner.on_sync_recall(reason)
        except Exception:
            _failed("on_sync_recall")

    def on_recall(self, scope: str, status: ScopeStatus, seconds: float, results: int, tokens: int) -> None:
        try:
            self.inner.on_recall(scope, status, seconds, results, tokens)
        except Exception:
            _failed("on_recall")

    def on_manual_search_after_miss(self) -> None:
        try:
            self.inner.on_manual_search_after_miss()
        except Exception:
            _failed("on_manual_search_after_miss")


def _failed(hook: str) -> None:
    log.debug("recall observer hook %s failed", hook, exc_info=True)


def guarded(observer: RecallObserver) -> RecallObserver:
    """The observer to call: the null one as is, anything else wrapped once in a guard."""
    if isinstance(observer, NullRecallObserver | GuardedRecallObserver):
        return observer
    return GuardedRecallObserver(observer)
