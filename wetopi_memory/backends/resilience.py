"""ResilientBackend: backpressure, retry, in-flight dedupe and a circuit breaker around any MemoryBackend (A7).

It lives in the backend layer on purpose (§20): the router and the policies never see retries or breakers.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from ..errors import BackendError, BackendTimeoutError, BackendUnavailableError
from ..models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)
from .base import MemoryBackend

T = TypeVar("T")
BreakerState = Literal["closed", "open", "half_open"]


class BackpressureError(BackendUnavailableError):
    """The local queue in front of the backend is full: the call was dropped, and counted, instead of waiting."""


class CircuitOpenError(BackendUnavailableError):
    """The circuit breaker is open: the backend failed repeatedly, so calls fail fast until a probe succeeds."""


class ResilienceObserver(Protocol):
    """Receives every event worth a metric; the default does nothing."""

    def on_retry(self, operation: str, attempt: int, error: BackendError) -> None: ...
    def on_drop(self, operation: str, reason: str) -> None: ...
    def on_breaker(self, state: BreakerState) -> None: ...
    def on_timeout(self, operation: str) -> None: ...
    def on_error(self, operation: str, error: BackendError) -> None: ...


class NullObserver:
    """An observer that ignores everything."""

    def on_retry(self, operation: str, attempt: int, error: BackendError) -> None:
        return None

    def on_drop(self, operation: str, reason: str) -> None:
        return None

    def on_breaker(self, state: BreakerState) -> None:
        return None

    def on_timeout(self, operation: str) -> None:
        return None

    def on_error(self, operation: str, error: BackendError) -> None:
        return None


@dataclass(frozen=True)
class ResiliencePolicy:
    """Limits and timings; timeouts are per operation kind (recall, retain, reflect, config)."""

    max_inflight: int = 4
    queue_size: int = 64
    retry_attempts: int = 3
    backoff_seconds: float = 0.2
    backoff_cap_seconds: float = 5.0
    retry_after_cap_seconds: float = 10.0
    breaker_threshold: int = 5
    breaker_open_seconds: float = 30.0
    timeouts: Mapping[str, float] | None = None

    def timeout(self, kind: str) -> float | None:
        return (self.timeouts or {}).get(kind)


class CircuitBreaker:
    """Consecutive counted failures open it for a while; then one probe decides whether it closes again."""

    def __init__(self, threshold: int, open_seconds: float, *, clock: Callable[[], float] = time.monotonic,
                 on_change: Callable[[BreakerState], None] | None = None) -> None:
        self.threshold = threshold
        self.open_seconds = open_seconds
        self._clock = clock
        self._on_change = on_change
        self._failures = 0
        self._opened_at = 0.0
        self._state: BreakerState = "closed"
        self._probing = False

    @property
    def state(self) -> BreakerState:
        if self._state == "open" and self._clock() - self._opened_at >= self.open_seconds:
            self._set("half_open")
        return self._state

    def allow(self) -> bool:
        """Whether a call may go out now; in half-open state only one probe at a time."""
        state = self.state
        if state == "closed":
            return True
        if state == "half_open" and not self._probing:
            self._probing = True
            return True
        return False

    def release_probe(self) -> None:
        """Give back a half-open probe slot that was never used."""
        self._probing = False

    def success(self) -> None:
        self._failures = 0
        self._probing = False
        if self._state != "closed":
            self._set("closed")

    def failure(self, error: BackendError) -> None:
        self._probing = False
        if not error.counts_as_failure:
            return
        self._failures += 1
        if self._state == "half_open" or self._failures >= self.threshold:
            self._opened_at = self._clock()
            self._set("open")

    def _set(self, state: BreakerState) -> None:
        if state != self._state:
            self._state = state
            if self._on_change is not None:
                self._on_change(state)


class ResilientBackend:
    """Wraps a backend: bounded concurrency and queue, retries for transient errors, dedupe, breaker, timeouts."""

    def __init__(self, inner: MemoryBackend, policy: ResiliencePolicy | None = None, *,
                 observer: ResilienceObserver | None = None, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.policy = policy or ResiliencePolicy()
        self.observer: ResilienceObserver = observer or NullObserver()
        self.breaker = CircuitBreaker(self.policy.breaker_threshold, self.policy.breaker_open_seconds, clock=clock,
                                      on_change=lambda s: self.observer.on_breaker(s))
        self._sleep = sleep
        self._gate: asyncio.Semaphore | None = None
        self._gate_loop: asyncio.AbstractEventLoop | None = None
        self._waiting = 0
        self._inflight_recalls: dict[tuple[Any, ...], asyncio.Future[list[MemoryRecord]]] = {}

    @property
    def waiting(self) -> int:
        """Calls queued for a concurrency slot right now."""
        return self._waiting

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._gate is None or self._gate_loop is not loop:
            self._gate = asyncio.Semaphore(self.policy.max_inflight)
            self._gate_loop = loop
            self._inflight_recalls.clear()
        return self._gate

    async def _call(self, operation: str, kind: str, make: Callable[[], Awaitable[T]], *, retry: bool = True) -> T:
        if not self.breaker.allow():
            error = CircuitOpenError(f"{self.kind} backend circuit is open after repeated failures; "
                                     f"retrying in at most {self.policy.breaker_open_seconds:g}s",
                                     operation=operation)
            self.observer.on_drop(operation, "circuit_open")
            raise error
        gate = self._semaphore()
        if gate.locked() and self._waiting >= self.policy.queue_size:
            self.breaker.release_probe()
            self.observer.on_drop(operation, "queue_full")
            raise BackpressureError(f"{self.kind} backend queue is full ({self.policy.queue_size} waiting)",
                                    operation=operation)
        attempts = self.policy.retry_attempts if retry else 1
        attempt = 0
        while True:
            attempt += 1
            try:
                result = await self._once(operation, kind, make, gate)
            except BackendError as exc:
                self.breaker.failure(exc)
                self.observer.on_error(operation, exc)
                if not exc.transient or attempt >= attempts or not self.breaker.allow():
                    raise
                self.observer.on_retry(operation, attempt, exc)
                try:
                    await self._sleep(self._backoff(attempt, exc))
                except BaseException:
                    self.breaker.release_probe()  # the probe slot taken by allow() above was never used
                    raise
                continue
            except BaseException:
                # Cancelled (a caller's deadline) or a non-backend bug: neither success nor failure, but a
                # half-open probe slot must be given back, or the breaker would refuse every call forever.
                self.breaker.release_probe()
                raise
            self.breaker.success()
            return result

    async def _once(self, operation: str, kind: str, make: Callable[[], Awaitable[T]],
                    gate: asyncio.Semaphore) -> T:
        self._waiting += 1
        try:
            await gate.acquire()
        finally:
            self._waiting -= 1
        try:
            timeout = self.policy.timeout(kind)
            if timeout is None:
                return await make()
            try:
                return await asyncio.wait_for(make(), timeout)
            except TimeoutError:
                self.observer.on_timeout(operation)
                raise BackendTimeoutError(f"{self.kind} backend did not answer {operation} within {timeout:g}s",
                                          operation=operation) from None
        finally:
            gate.release()

    def _backoff(self, attempt: int, error: BackendError) -> float:
        retry_after = getattr(error, "retry_after", None)
        if isinstance(retry_after, int | float) and retry_after > 0:
            return float(min(retry_after, self.policy.retry_after_cap_seconds))
        base = min(self.policy.backoff_cap_seconds, self.policy.backoff_seconds * 2 ** (attempt - 1))
        return float(base * (0.5 + random.random() / 2))

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Identical recalls already in flight share one request. When the caller that owns the shared request
        is cancelled (its own deadline), the others are not: they make their own request."""
        self._semaphore()
        key = (bank, query)
        pending = self._inflight_recalls.get(key)
        if pending is not None:
            try:
                return list(await asyncio.shield(pending))
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not pending.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller itself was cancelled
        future: asyncio.Future[list[MemoryRecord]] = asyncio.get_running_loop().create_future()
        self._inflight_recalls[key] = future
        try:
            result = await self._call("recall", "recall", lambda: self.inner.recall(bank, query))
            future.set_result(result)
            return result
        except asyncio.CancelledError:
            future.cancel()  # waiters see a cancelled shared request and make their own
            raise
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters re-raise it themselves
            raise
        finally:
            if self._inflight_recalls.get(key) is future:
                del self._inflight_recalls[key]

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        return await self._call("retain", "retain", lambda: self.inner.retain(bank, items))

    async def reflect(self, bank: str, query: str, *, budget: str = "low", max_tokens: int = 2048) -> ReflectAnswer:
        return await self._call("reflect", "reflect",
                                lambda: self.inner.reflect(bank, query, budget=budget, max_tokens=max_tokens),
                                retry=False)

    async def health(self) -> BackendHealth:
        """Health bypasses the breaker and the retries: it is how an operator sees the backend's real state."""
        health = await self.inner.health()
        if self.breaker.state != "closed":
            detail = f"{health.detail}; circuit {self.breaker.state}".strip("; ")
            return BackendHealth(health.backend, health.ok, detail, health.version, health.latency_ms)
        return health

    async def list_banks(self) -> list[BankInfo]:
        return await self._call("list_banks", "config", self.inner.list_banks)

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        return await self._call("ensure_bank", "config", lambda: self.inner.ensure_bank(bank, name))

    async def get_config(self, bank: str) -> BankConfigState | None:
        return await self._call("get_config", "config", lambda: self.inner.get_config(bank))

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        return await self._call("patch_config", "config", lambda: self.inner.patch_config(bank, updates))

    async def aclose(self) -> None:
        await self.inner.aclose()
