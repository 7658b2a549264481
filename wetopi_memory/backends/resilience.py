"""ResilientBackend: backpressure, read retries, in-flight dedupe, timeouts and a circuit breaker around any
MemoryBackend (A7).

It lives in the backend layer on purpose (§20): the router and the policies never see retries or breakers. It is
the only owner of concurrency, of the per-operation deadline and of retries; retains are never retried here,
because the durable outbox is their only retrier.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from ..backoff import Backoff
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
    TimedOperation,
)
from .base import AccessCheck, MemoryBackend, StoredDocument
from .circuit_breaker import BreakerState, CircuitBreaker
from .per_loop import PerLoop

__all__ = [
    "BackendCall",
    "BackpressureError",
    "BreakerState",
    "CallSpec",
    "CircuitBreaker",
    "CircuitOpenError",
    "DropReason",
    "NullObserver",
    "ResilienceObserver",
    "ResiliencePolicy",
    "ResilientBackend",
]

T = TypeVar("T")
BackendCall = Literal["recall", "retain", "reflect", "list_banks", "ensure_bank", "get_config", "patch_config",
                      "iter_documents", "delete_document", "delete_bank", "put_documents"]
DropReason = Literal["circuit_open", "queue_full"]
# Jitter of a read retry's backoff: each delay is 50-100% of the exponential step.
_READ_RETRY_JITTER = 0.5


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


@dataclass(frozen=True, slots=True)
class CallSpec:
    """How this layer treats one backend call: which deadline bounds it, and whether it is retried (reads only)."""

    name: BackendCall
    timeout: TimedOperation
    retried: bool


RECALL = CallSpec("recall", "recall", retried=True)
RETAIN = CallSpec("retain", "retain", retried=False)  # the outbox is the only retrier of a retain
REFLECT = CallSpec("reflect", "reflect", retried=False)  # one LLM synthesis; a retry would run it twice
LIST_BANKS = CallSpec("list_banks", "config", retried=True)
GET_CONFIG = CallSpec("get_config", "config", retried=True)
ENSURE_BANK = CallSpec("ensure_bank", "config", retried=False)
PATCH_CONFIG = CallSpec("patch_config", "config", retried=False)
# A document page is a read, but an async generator that raised cannot resume: a failed iteration is re-run by
# its caller (forget plans and exports are idempotent). Deleting one document by id is idempotent (a second
# delete finds nothing), so a transient failure is retried: Hindsight 1.1.0 answers 500 now and then when a
# document is deleted while it still extracts. Bank deletes and imports are never retried here.
ITER_DOCUMENTS = CallSpec("iter_documents", "config", retried=False)
DELETE_DOCUMENT = CallSpec("delete_document", "config", retried=True)
DELETE_BANK = CallSpec("delete_bank", "config", retried=False)
PUT_DOCUMENTS = CallSpec("put_documents", "retain", retried=False)


@dataclass(frozen=True)
class ResiliencePolicy:
    """Limits and timings; timeouts are per timed operation (recall, retain, reflect, config)."""

    max_inflight: int = 4
    queue_size: int = 64
    retry_attempts: int = 3
    backoff_seconds: float = 0.2
    backoff_cap_seconds: float = 5.0
    retry_after_cap_seconds: float = 10.0
    breaker_threshold: int = 5
    breaker_open_seconds: float = 30.0
    timeouts: Mapping[TimedOperation, float] | None = None

    def timeout(self, operation: TimedOperation) -> float | None:
        """The deadline of one call of this operation, or None for no deadline."""
        return (self.timeouts or {}).get(operation)

    @property
    def backoff(self) -> Backoff:
        """The delay policy between read retries (Retry-After honoured up to its own cap)."""
        return Backoff(base_seconds=self.backoff_seconds, cap_seconds=self.backoff_cap_seconds,
                       jitter=_READ_RETRY_JITTER, retry_after_cap_seconds=self.retry_after_cap_seconds)


@dataclass
class _LoopState:
    """What belongs to one event loop: the concurrency gate and the recalls in flight on it."""

    gate: asyncio.Semaphore
    inflight_recalls: dict[tuple[str, RecallQuery], asyncio.Future[list[MemoryRecord]]] = field(
        default_factory=dict)


class ResilientBackend:
    """Wraps a backend: bounded concurrency and queue, read retries, recall dedupe, breaker, deadlines."""

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
        self._backoff = self.policy.backoff
        self._per_loop = PerLoop(lambda: _LoopState(asyncio.Semaphore(self.policy.max_inflight)))
        self._waiting = 0

    @property
    def waiting(self) -> int:
        """Calls queued for a concurrency slot right now."""
        return self._waiting

    def _admit(self, spec: CallSpec) -> asyncio.Semaphore:
        """The gate to queue at, or a fail-fast error: circuit open, or the queue in front of the gate full."""
        if not self.breaker.allow():
            self._drop(spec, "circuit_open")
            raise CircuitOpenError(f"{self.kind} backend circuit is open after repeated failures; "
                                   f"retrying in at most {self.policy.breaker_open_seconds:g}s", operation=spec.name)
        gate = self._per_loop.get().gate
        if gate.locked() and self._waiting >= self.policy.queue_size:
            self.breaker.release_probe()
            self._drop(spec, "queue_full")
            raise BackpressureError(f"{self.kind} backend queue is full ({self.policy.queue_size} waiting)",
                                    operation=spec.name)
        return gate

    def _drop(self, spec: CallSpec, reason: DropReason) -> None:
        self.observer.on_drop(spec.name, reason)

    async def _call(self, spec: CallSpec, make: Callable[[], Awaitable[T]]) -> T:
        gate = self._admit(spec)
        attempts = self.policy.retry_attempts if spec.retried else 1
        attempt = 0
        while True:
            attempt += 1
            try:
                result = await self._once(spec, make, gate)
            except BackendError as exc:
                self.breaker.failure(exc)
                self.observer.on_error(spec.name, exc)
                if not exc.transient or attempt >= attempts or not self.breaker.allow():
                    raise
                self.observer.on_retry(spec.name, attempt, exc)
                await self._pause(attempt, exc)
                continue
            except BaseException:
                # Cancelled (a caller's deadline) or a non-backend bug: neither success nor failure, but a
                # half-open probe slot must be given back, or the breaker would refuse every call forever.
                self.breaker.release_probe()
                raise
            self.breaker.success()
            return result

    async def _pause(self, attempt: int, error: BackendError) -> None:
        """Wait out the backoff before the next attempt."""
        retry_after = error.retry_after if isinstance(error, BackendUnavailableError) else None
        try:
            await self._sleep(self._backoff.delay(attempt, retry_after))
        except BaseException:
            self.breaker.release_probe()  # the probe slot taken by allow() was never used
            raise

    async def _once(self, spec: CallSpec, make: Callable[[], Awaitable[T]], gate: asyncio.Semaphore) -> T:
        self._waiting += 1
        try:
            await gate.acquire()
        finally:
            self._waiting -= 1
        try:
            return await self._within_deadline(spec, make)
        finally:
            gate.release()

    async def _within_deadline(self, spec: CallSpec, make: Callable[[], Awaitable[T]]) -> T:
        """One attempt under its operation's deadline; the deadline starts once a concurrency slot is held."""
        timeout = self.policy.timeout(spec.timeout)
        if timeout is None:
            return await make()
        try:
            return await asyncio.wait_for(make(), timeout)
        except TimeoutError:
            self.observer.on_timeout(spec.name)
            raise BackendTimeoutError(f"{self.kind} backend did not answer {spec.name} within {timeout:g}s",
                                      operation=spec.name) from None

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Identical recalls already in flight share one request. When the caller that owns the shared request
        is cancelled (its own deadline), the others are not: they make their own request."""
        inflight = self._per_loop.get().inflight_recalls
        key = (bank, query)
        pending = inflight.get(key)
        if pending is not None:
            try:
                return list(await asyncio.shield(pending))
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not pending.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller itself was cancelled
        future: asyncio.Future[list[MemoryRecord]] = asyncio.get_running_loop().create_future()
        inflight[key] = future
        try:
            result = await self._call(RECALL, lambda: self.inner.recall(bank, query))
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
            if inflight.get(key) is future:
                del inflight[key]

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """One attempt, never retried here: a failed retain goes back to the outbox, which retries it."""
        return await self._call(RETAIN, lambda: self.inner.retain(bank, items))

    async def reflect(self, bank: str, query: str, *, budget: str = "low", max_tokens: int = 2048) -> ReflectAnswer:
        """One attempt under the reflect deadline."""
        return await self._call(REFLECT, lambda: self.inner.reflect(bank, query, budget=budget, max_tokens=max_tokens))

    async def health(self) -> BackendHealth:
        """Only the config deadline: health bypasses queue, breaker and retries to show the backend's real state."""
        timeout = self.policy.timeout("config")
        try:
            health = await (self.inner.health() if timeout is None else asyncio.wait_for(self.inner.health(), timeout))
        except TimeoutError:
            health = BackendHealth(self.kind, False, f"{self.kind} backend did not answer health within {timeout:g}s")
        if self.breaker.state != "closed":
            detail = f"{health.detail}; circuit {self.breaker.state}".strip("; ")
            return BackendHealth(health.backend, health.ok, detail, health.version, health.latency_ms)
        return health

    async def check_access(self) -> AccessCheck:
        """Like health: only the config deadline, so a refused key shows even while the breaker is open."""
        timeout = self.policy.timeout("config")
        try:
            return await (self.inner.check_access() if timeout is None
                          else asyncio.wait_for(self.inner.check_access(), timeout))
        except TimeoutError:
            return AccessCheck("unreachable", f"{self.kind} backend did not answer the access check within "
                                              f"{timeout:g}s")

    async def list_banks(self) -> list[BankInfo]:
        return await self._call(LIST_BANKS, self.inner.list_banks)

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        return await self._call(ENSURE_BANK, lambda: self.inner.ensure_bank(bank, name))

    async def get_config(self, bank: str) -> BankConfigState | None:
        return await self._call(GET_CONFIG, lambda: self.inner.get_config(bank))

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        return await self._call(PATCH_CONFIG, lambda: self.inner.patch_config(bank, updates))

    async def iter_documents(self, bank: str, *, tags: Sequence[str] = (),
                             with_content: bool = False) -> AsyncIterator[StoredDocument]:
        """Each step of the inner iteration under the gate, breaker and config deadline; the gate is not held while
        the caller handles a document (it may delete through this same backend)."""
        inner = aiter(self.inner.iter_documents(bank, tags=tags, with_content=with_content))
        try:
            while (document := await self._call(ITER_DOCUMENTS, lambda: _next_or_none(inner))) is not None:
                yield document
        finally:
            if isinstance(inner, AsyncGenerator):
                await inner.aclose()

    async def delete_document(self, bank: str, document_id: str) -> bool:
        return await self._call(DELETE_DOCUMENT, lambda: self.inner.delete_document(bank, document_id))

    async def delete_bank(self, bank: str) -> bool:
        return await self._call(DELETE_BANK, lambda: self.inner.delete_bank(bank))

    async def put_documents(self, bank: str, documents: Sequence[StoredDocument]) -> int:
        return await self._call(PUT_DOCUMENTS, lambda: self.inner.put_documents(bank, documents))

    async def aclose(self) -> None:
        await self.inner.aclose()


async def _next_or_none(documents: AsyncIterator[StoredDocument]) -> StoredDocument | None:
    """The next document, or None at the end (StopAsyncIteration must not cross a task boundary)."""
    try:
        return await anext(documents)
    except StopAsyncIteration:
        return None
