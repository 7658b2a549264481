"""The retain pipeline's observer protocol (metrics hooks), its null implementation and a guard for foreign ones."""

from __future__ import annotations

import logging
from typing import Literal, Protocol

from .reasons import ReasonCode

__all__ = ["DeliveryState", "DropReason", "GuardedObserver", "NullObserver", "RetainObserver"]

log = logging.getLogger(__name__)

DeliveryState = Literal["queued", "delivered", "retry", "failed"]
DropReason = Literal["outbox_evicted", "outbox_full", "evidence_overflow", "evaluation_error", "outbox_error"]


class RetainObserver(Protocol):
    """Metrics hooks of the retain pipeline; implementations must be cheap."""

    def on_retain(self, scope: str, status: DeliveryState) -> None:
        """A batch's items changed state."""

    def on_rejected(self, scope: str, reason: ReasonCode) -> None:
        """A candidate was rejected; one call per reason code (a secret as `secret_detected`, without its rule)."""

    def on_batch(self, scope: str, size: int) -> None:
        """A per-scope batch of `size` items was formed (at most one per scope per turn)."""

    def on_queue_depth(self, n: int) -> None:
        """Items waiting in the outbox (queued or in flight), after every change."""

    def on_drop(self, reason: DropReason) -> None:
        """An item was evicted or refused for room, evidence overflowed, or a turn could not be judged."""


class NullObserver:
    """The observer of a pipeline nobody watches: does nothing."""

    def on_retain(self, scope: str, status: DeliveryState) -> None:
        return None

    def on_rejected(self, scope: str, reason: ReasonCode) -> None:
        return None

    def on_batch(self, scope: str, size: int) -> None:
        return None

    def on_queue_depth(self, n: int) -> None:
        return None

    def on_drop(self, reason: DropReason) -> None:
        return None


class GuardedObserver:
    """Forwards every hook to a foreign observer; a bug in it is logged and never breaks retain."""

    def __init__(self, inner: RetainObserver) -> None:
        self.inner = inner

    def _failed(self, hook: str, exc: Exception) -> None:
        log.warning("retain observer %s failed: %s", hook, type(exc).__name__)

    def on_retain(self, scope: str, status: DeliveryState) -> None:
        try:
            self.inner.on_retain(scope, status)
        except Exception as exc:  # the observer is foreign code
            self._failed("on_retain", exc)

    def on_rejected(self, scope: str, reason: ReasonCode) -> None:
        try:
            self.inner.on_rejected(scope, reason)
        except Exception as exc:
            self._failed("on_rejected", exc)

    def on_batch(self, scope: str, size: int) -> None:
        try:
            self.inner.on_batch(scope, size)
        except Exception as exc:
            self._failed("on_batch", exc)

    def on_queue_depth(self, n: int) -> None:
        try:
            self.inner.on_queue_depth(n)
        except Exception as exc:
            self._failed("on_queue_depth", exc)

    def on_drop(self, reason: DropReason) -> None:
        try:
            self.inner.on_drop(reason)
        except Exception as exc:
            self._failed("on_drop", exc)


def guarded(observer: RetainObserver | None) -> RetainObserver:
    """The observer to call: a null one for None, a guarded wrapper for anything else (never wrapped twice)."""
    if observer is None:
        return NullObserver()
    if isinstance(observer, NullObserver | GuardedObserver):
        return observer
    return GuardedObserver(observer)
