"""The background delivery worker: claims due outbox batches, delivers them, cools down a failing backend."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..backoff import Backoff
from .context import RetainContext
from .delivery import DeliveryOutcome, deliver_batch, report_delivery
from .observer import RetainObserver
from .outbox import Outbox

__all__ = ["DeliveryWorker", "RetainTuning"]

log = logging.getLogger(__name__)
TEXTFILE_REFRESH_SECONDS = 15.0  # the worker rewrites the metrics textfile at least this often while it runs


@dataclass(frozen=True, slots=True)
class RetainTuning:
    """How delivery retries a batch the backend did not take (the retain deadline is the backend's own)."""

    backoff: Backoff = field(default_factory=Backoff)


class DeliveryWorker:
    """Delivers the outbox in this task (`deliver_due`, `flush`) or as a background task (`start`/`stop`)."""

    def __init__(self, context: RetainContext, outbox: Outbox | None, *, observer: RetainObserver,
                 tuning: RetainTuning, metrics_textfile: Path | None = None) -> None:
        self.context = context
        self.outbox = outbox
        self.observer = observer
        self.backoff = tuning.backoff
        self.metrics_textfile = metrics_textfile
        self.delivered_batches = 0
        self._cooldown: dict[str, float] = {}
        self._failures: dict[str, int] = {}
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._stopping = False
        self._textfile_at = 0.0
        self._metrics_dirty = False

    def cooling(self) -> list[str]:
        """The backends in cool-down after a transient failure: not claimed for now."""
        now = time.monotonic()
        return [name for name, until in self._cooldown.items() if until > now]

    async def deliver_one(self) -> DeliveryOutcome | None:
        """Claim and deliver the next due batch (skipping backends in cool-down); None when nothing is due."""
        if self.outbox is None:
            return None
        batch = await asyncio.to_thread(self.outbox.claim, exclude_backends=self.cooling())
        if batch is None:
            return None
        started = time.perf_counter()
        outcome = await deliver_batch(self.outbox, self.context.acl.registry.backend(batch.backend), batch,
                                      backoff=self.backoff, observer=self.observer)
        report_delivery(batch, outcome, started, oplog=self.context.oplog, audit=self.context.audit)
        self._metrics_dirty = True
        if self.running:
            await self._write_metrics(min_interval=1.0)
        self._note(batch.backend, outcome)
        return outcome

    def _note(self, backend: str, outcome: DeliveryOutcome) -> None:
        """Cool a backend down after a transient failure; a success or a kept failure ends its cool-down."""
        if outcome.status == "retry":
            failures = self._failures.get(backend, 0) + 1
            self._failures[backend] = failures
            self._cooldown[backend] = time.monotonic() + min(outcome.delay, self.backoff.delay(failures))
            return
        self._failures.pop(backend, None)
        self._cooldown.pop(backend, None)
        if outcome.status == "delivered":
            self.delivered_batches += 1

    async def deliver_due(self, *, deadline: float | None = None, stop_on_retry: bool = True) -> list[DeliveryOutcome]:
        """Deliver what is due now, in this task (the CLI's way); stops at the first transient failure."""
        outcomes: list[DeliveryOutcome] = []
        while deadline is None or time.monotonic() < deadline:
            outcome = await self.deliver_one()
            if outcome is None:
                break
            outcomes.append(outcome)
            if outcome.status == "retry" and stop_on_retry:
                break
        return outcomes

    def _idle_wait(self) -> float:
        waits = [until - time.monotonic() for until in self._cooldown.values()]
        due = self.outbox.next_due_in() if self.outbox is not None else None
        if due is not None:
            waits.append(due)
        positive = [w for w in waits if w > 0]
        return min([1.0, *positive]) if positive else 1.0

    async def _write_metrics(self, *, min_interval: float, force: bool = False) -> None:
        """Write the plane's metrics to `metrics_textfile` (atomically, off the loop), at most every
        `min_interval` seconds; never raises."""
        path, metrics = self.metrics_textfile, self.context.metrics
        if path is None or metrics is None:
            return
        now = time.monotonic()
        if not force and now - self._textfile_at < min_interval:
            return
        self._textfile_at, self._metrics_dirty = now, False
        try:
            await asyncio.to_thread(metrics.write_textfile, path)
        except Exception as exc:
            log.debug("metrics textfile not written: %s", type(exc).__name__)

    async def _run(self) -> None:
        assert self._wake is not None
        await self._write_metrics(min_interval=0.0, force=True)
        while not self._stopping:
            try:
                outcome = await self.deliver_one()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the worker must survive anything; the outbox keeps the items
                log.warning("retain worker error: %s", type(exc).__name__)
                outcome = None
                await asyncio.sleep(0.5)
            if outcome is not None:
                continue
            await self._write_metrics(min_interval=1.0 if self._metrics_dirty else TEXTFILE_REFRESH_SECONDS)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._idle_wait())

    async def start(self) -> None:
        """Start the background delivery worker on the running loop (drains what earlier processes left)."""
        if self._task is not None and not self._task.done():
            return
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._stopping = False
        self._task = asyncio.create_task(self._run(), name="wetopi-memory-retain-worker")

    def wake(self) -> None:
        """Tell the worker there is work (thread-safe; a no-op when no worker runs)."""
        loop, event = self._loop, self._wake
        if loop is None or event is None or loop.is_closed():
            return
        try:
            if _running_loop() is loop:
                event.set()
            else:
                loop.call_soon_threadsafe(event.set)
        except RuntimeError:
            pass

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until nothing due is left to deliver (or `timeout`); True when the outbox has nothing waiting.

        With a worker running this waits for it; without one it delivers in this task, honouring backoff."""
        if self.outbox is None:
            return True
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            depth = await asyncio.to_thread(self.outbox.depth)
            if depth == 0:
                return True
            if time.monotonic() >= deadline:
                return False
            if self.running:
                self.wake()
                await asyncio.sleep(min(0.02, max(deadline - time.monotonic(), 0)))
                continue
            outcome = await self.deliver_one()
            if outcome is None:
                await asyncio.sleep(min(self._idle_wait(), max(deadline - time.monotonic(), 0), 0.25))

    async def stop(self, timeout: float = 5.0) -> None:
        """Stop the worker after its current delivery (at most `timeout`); undelivered items stay queued."""
        task = self._task
        self._stopping = True
        self.wake()
        if task is not None and not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except TimeoutError:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await self._write_metrics(min_interval=0.0, force=True)
        self._task = None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
