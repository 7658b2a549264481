"""Delivery of one claimed outbox batch in one backend request, settled in the outbox, logged and audited."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Literal

from ..audit import AuditLog
from ..backends.base import MemoryBackend
from ..backoff import Backoff
from ..errors import BackendAuthError, BackendError, BackendUnavailableError
from ..oplog import OpLog, SafeText, elapsed_ms, safe_error
from .observer import RetainObserver
from .outbox import Outbox
from .outbox_records import ClaimedBatch

__all__ = ["DeliveryOutcome", "DeliveryStatus", "deliver_batch", "report_delivery"]

log = logging.getLogger(__name__)

DeliveryStatus = Literal["delivered", "retry", "failed"]


@dataclass(frozen=True, slots=True)
class DeliveryOutcome:
    """`delivered`, `retry` (transient, rescheduled after `delay`) or `failed` (kept, with `error`)."""

    status: DeliveryStatus
    batch_id: int
    scope: str
    items: int
    error: str | None = None
    delay: float = 0.0


def _settle(batch: ClaimedBatch, status: DeliveryStatus, error: str | None = None,
            delay: float = 0.0) -> DeliveryOutcome:
    return DeliveryOutcome(status, batch.id, batch.scope, len(batch.items), error, delay)


async def _retry(outbox: Outbox, batch: ClaimedBatch, observer: RetainObserver, error: str,
                 delay: float) -> DeliveryOutcome:
    await asyncio.to_thread(outbox.retry_later, batch, error, delay)
    observer.on_retain(batch.scope, "retry")
    return _settle(batch, "retry", error, delay)


async def _fail(outbox: Outbox, batch: ClaimedBatch, observer: RetainObserver, error: str) -> DeliveryOutcome:
    await asyncio.to_thread(outbox.fail, batch, error)
    observer.on_retain(batch.scope, "failed")
    return _settle(batch, "failed", error)


async def _backend_failed(outbox: Outbox, batch: ClaimedBatch, exc: BackendError, *, backoff: Backoff,
                          observer: RetainObserver) -> DeliveryOutcome:
    """A transient or authentication error is retried later; any other client error keeps the batch as failed."""
    error = str(safe_error(exc))
    if exc.transient or isinstance(exc, BackendAuthError):
        retry_after = exc.retry_after if isinstance(exc, BackendUnavailableError) else None
        delay = backoff.delay(batch.attempts + 1, retry_after)
        log.info("retain batch %d (%s, %d items) will be retried in %.2fs: %s", batch.id, batch.scope,
                 len(batch.items), delay, type(exc).__name__)
        return await _retry(outbox, batch, observer, error, delay)
    log.warning("retain batch %d (%s, %d items) failed and is kept in the outbox: %s", batch.id, batch.scope,
                len(batch.items), error)
    return await _fail(outbox, batch, observer, error)


async def deliver_batch(outbox: Outbox, backend: MemoryBackend | None, batch: ClaimedBatch, *,
                        backoff: Backoff, observer: RetainObserver,
                        max_unexpected_attempts: int = 10) -> DeliveryOutcome:
    """Send one claimed batch in ONE backend request and settle it in the outbox."""
    if backend is None:
        return await _fail(outbox, batch, observer, f"no backend named {batch.backend!r} is configured")
    try:  # the backend's own retain deadline bounds this call (backends/resilience.py owns timeouts)
        await backend.retain(batch.bank, list(batch.items))
    except BackendError as exc:
        return await _backend_failed(outbox, batch, exc, backoff=backoff, observer=observer)
    except Exception as exc:  # a bug or an unexpected error type: retry a few times, then keep it as failed
        error = type(exc).__name__  # its message could quote content: the class only
        if batch.attempts + 1 >= max_unexpected_attempts:
            return await _fail(outbox, batch, observer, error)
        return await _retry(outbox, batch, observer, error, backoff.delay(batch.attempts + 1))
    await asyncio.to_thread(outbox.complete, batch)
    observer.on_retain(batch.scope, "delivered")
    return _settle(batch, "delivered")


def report_delivery(batch: ClaimedBatch, outcome: DeliveryOutcome, started: float, *, oplog: OpLog,
                    audit: AuditLog) -> None:
    """The operation line of one delivery attempt, and the audit record of a delivered or failed batch."""
    error = SafeText(outcome.error) if outcome.error else None
    oplog.emit("retain_delivery", "retain", batch=batch.id, scope=batch.scope, items=len(batch.items),
               attempt=batch.attempts + 1, latency_ms=elapsed_ms(started), status=outcome.status,
               retry_in_s=round(outcome.delay, 2) if outcome.status == "retry" else None, error=error)
    if outcome.status != "retry":
        audit.retain_delivery(status=outcome.status, scope=batch.scope, bank=batch.bank,
                              batch_id=batch.id, document_ids=[i.document_id for i in batch.items],
                              attempts=batch.attempts + 1, error=error)
