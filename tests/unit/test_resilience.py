"""ResilientBackend: retries only what is transient, honours Retry-After, dedupes recalls, bounds the queue,
and opens a circuit that a half-open probe closes again."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import httpx
import pytest

from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.backends.resilience import (
    BackpressureError,
    CircuitBreaker,
    CircuitOpenError,
    ResiliencePolicy,
    ResilientBackend,
)
from wetopi_memory.errors import (
    BackendAuthError,
    BackendError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
)
from wetopi_memory.models import BackendHealth, MemoryRecord, RecallQuery, RetainItem, RetainReceipt


class Scripted:
    """A backend whose answers are scripted per call: an exception instance to raise or a value to return."""

    kind = "scripted"

    def __init__(self, script: Sequence[Any] = (), delay: float = 0.0) -> None:
        self.script = list(script)
        self.calls = 0
        self.delay = delay

    async def _next(self, default: Any) -> Any:
        self.calls += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        outcome = self.script.pop(0) if self.script else default
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        return list(await self._next([MemoryRecord(id="1", content="x")]))

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        return await self._next(RetainReceipt(bank, len(items)))  # type: ignore[no-any-return]

    async def health(self) -> BackendHealth:
        return BackendHealth("scripted", True)

    async def aclose(self) -> None:
        return None


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, ...]] = []

    def on_retry(self, operation: str, attempt: int, error: BackendError) -> None:
        self.events.append(("retry", operation, str(attempt)))

    def on_drop(self, operation: str, reason: str) -> None:
        self.events.append(("drop", operation, reason))

    def on_breaker(self, state: str) -> None:
        self.events.append(("breaker", state))

    def on_timeout(self, operation: str) -> None:
        self.events.append(("timeout", operation))

    def on_error(self, operation: str, error: BackendError) -> None:
        self.events.append(("error", operation, type(error).__name__))


def make(script: Sequence[Any] = (), **policy: Any) -> tuple[Scripted, ResilientBackend, list[float], Recorder]:
    inner = Scripted(script)
    sleeps: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        sleeps.append(seconds)

    recorder = Recorder()
    backend = ResilientBackend(inner, ResiliencePolicy(**policy), observer=recorder, sleep=fake_sleep)  # type: ignore[arg-type]
    return inner, backend, sleeps, recorder


Q = RecallQuery(query="q")


def test_transient_errors_are_retried_with_backoff_then_succeed() -> None:
    inner, backend, sleeps, recorder = make([BackendUnavailableError("down", status=502),
                                            BackendTimeoutError("slow")], retry_attempts=3, backoff_seconds=0.1)
    assert asyncio.run(backend.recall("b", Q))[0].content == "x"
    assert inner.calls == 3
    assert len(sleeps) == 2 and 0.05 <= sleeps[0] <= 0.1 and 0.1 <= sleeps[1] <= 0.2
    assert [e[0] for e in recorder.events].count("retry") == 2


def test_retry_after_is_honoured_and_capped() -> None:
    _, backend, sleeps, _ = make([BackendUnavailableError("busy", status=503, retry_after=3.0),
                                      BackendUnavailableError("busy", status=503, retry_after=600.0)],
                                     retry_attempts=3, retry_after_cap_seconds=10.0)
    asyncio.run(backend.recall("b", Q))
    assert sleeps == [3.0, 10.0]


@pytest.mark.parametrize("error", [BackendRequestError("bad", status=422), BackendAuthError("no", status=401)])
def test_client_and_auth_errors_are_not_retried(error: BackendError) -> None:
    inner, backend, sleeps, _ = make([error], retry_attempts=5)
    with pytest.raises(type(error)):
        asyncio.run(backend.recall("b", Q))
    assert inner.calls == 1 and sleeps == []


def test_breaker_opens_after_threshold_fails_fast_and_closes_after_a_probe() -> None:
    now = [0.0]
    inner = Scripted([BackendUnavailableError("down")] * 3)
    recorder = Recorder()
    backend = ResilientBackend(inner, ResiliencePolicy(retry_attempts=1, breaker_threshold=3, breaker_open_seconds=30),
                               observer=recorder, clock=lambda: now[0])

    async def scenario() -> None:
        for _ in range(3):
            with pytest.raises(BackendUnavailableError):
                await backend.recall("b", Q)
        assert backend.breaker.state == "open"
        with pytest.raises(CircuitOpenError):
            await backend.recall("b", Q)
        assert inner.calls == 3  # failed fast: no call went out
        now[0] = 31.0
        assert backend.breaker.state == "half_open"
        assert (await backend.recall("b", Q))[0].content == "x"
        assert backend.breaker.state == "closed"

    asyncio.run(scenario())
    assert ("breaker", "open") in recorder.events and ("breaker", "closed") in recorder.events
    assert ("drop", "recall", "circuit_open") in recorder.events


def test_client_errors_do_not_open_the_breaker() -> None:
    breaker = CircuitBreaker(2, 30)
    for _ in range(5):
        breaker.failure(BackendRequestError("bad"))
    assert breaker.state == "closed"
    breaker.failure(BackendAuthError("no"))
    breaker.failure(BackendAuthError("no"))
    assert breaker.state == "open"


def test_failed_half_open_probe_reopens() -> None:
    now = [0.0]
    breaker = CircuitBreaker(1, 10, clock=lambda: now[0])
    breaker.failure(BackendUnavailableError("x"))
    now[0] = 11
    assert breaker.allow() and not breaker.allow()  # one probe at a time
    breaker.failure(BackendUnavailableError("x"))
    assert breaker.state == "open"


def test_identical_inflight_recalls_share_one_request() -> None:
    inner = Scripted(delay=0.05)
    backend = ResilientBackend(inner, ResiliencePolicy())

    async def scenario() -> list[list[MemoryRecord]]:
        return list(await asyncio.gather(*(backend.recall("b", Q) for _ in range(5)),
                                         backend.recall("other", Q)))

    results = asyncio.run(scenario())
    assert inner.calls == 2
    assert all(r[0].content == "x" for r in results)


def test_full_queue_drops_with_a_counted_reason() -> None:
    inner = Scripted(delay=0.05)
    recorder = Recorder()
    backend = ResilientBackend(inner, ResiliencePolicy(max_inflight=1, queue_size=2), observer=recorder)

    async def scenario() -> list[Any]:
        return list(await asyncio.gather(*(backend.retain("b", []) for _ in range(6)), return_exceptions=True))

    results = asyncio.run(scenario())
    drops = [r for r in results if isinstance(r, BackpressureError)]
    assert len(drops) == 3 and inner.calls == 3
    assert recorder.events.count(("drop", "retain", "queue_full")) == 3


def test_operation_timeout_is_enforced() -> None:
    inner = Scripted(delay=1.0)
    recorder = Recorder()
    backend = ResilientBackend(inner, ResiliencePolicy(retry_attempts=1, timeouts={"recall": 0.05}),
                               observer=recorder)
    with pytest.raises(BackendTimeoutError, match=r"within 0\.05s"):
        asyncio.run(backend.recall("b", Q))
    assert ("timeout", "recall") in recorder.events


def test_a_cancelled_half_open_probe_gives_its_slot_back() -> None:
    """A caller's deadline (sync recall, a tool's wait) may cancel the half-open probe; the breaker must not
    then refuse every call forever."""
    now = [0.0]
    inner = Scripted([BackendUnavailableError("down")], delay=0.2)
    backend = ResilientBackend(inner, ResiliencePolicy(retry_attempts=1, breaker_threshold=1, breaker_open_seconds=10),
                               clock=lambda: now[0])

    async def scenario() -> None:
        with pytest.raises(BackendUnavailableError):
            await backend.recall("b", Q)
        assert backend.breaker.state == "open"
        now[0] = 11.0
        with pytest.raises(TimeoutError):  # the probe is cut by the caller's own deadline
            await asyncio.wait_for(backend.recall("b", RecallQuery(query="probe")), 0.05)
        assert backend.breaker.state == "half_open"
        assert (await backend.recall("b", RecallQuery(query="next probe")))[0].content == "x"
        assert backend.breaker.state == "closed"

    asyncio.run(scenario())


def test_waiters_of_a_cancelled_shared_recall_are_not_cancelled() -> None:
    """Identical recalls share one request; when its owner is cancelled, the others make their own request
    instead of receiving a CancelledError they never asked for."""
    inner = Scripted(delay=0.1)
    backend = ResilientBackend(inner, ResiliencePolicy())

    async def scenario() -> list[MemoryRecord]:
        owner = asyncio.create_task(backend.recall("b", Q))
        await asyncio.sleep(0.01)
        waiter = asyncio.create_task(backend.recall("b", Q))
        await asyncio.sleep(0.01)
        owner.cancel()
        with pytest.raises(asyncio.CancelledError):
            await owner
        return await waiter

    assert asyncio.run(scenario())[0].content == "x"
    assert inner.calls == 2


# ---------------------------------------------------------------------- over a real HindsightBackend
# Concurrency and the total deadline belong to this layer; HindsightBackend is a plain HTTP client under it.

URL = "http://hindsight.test:8888"


def test_total_deadline_applies_even_when_bytes_trickle() -> None:
    class Slow(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            await asyncio.sleep(1)
            return httpx.Response(200, json={"results": []})

    async def main() -> None:
        backend = ResilientBackend(HindsightBackend(URL, transport=Slow(), timeouts=HindsightTimeouts(recall=0.05)),
                                   ResiliencePolicy(retry_attempts=1, timeouts={"recall": 0.05}))
        try:
            await backend.recall("b1", RecallQuery("x"))
        finally:
            await backend.aclose()

    with pytest.raises(BackendTimeoutError) as info:
        asyncio.run(main())
    assert "within 0.05s" in str(info.value)


class Counting(httpx.AsyncBaseTransport):
    def __init__(self) -> None:
        self.now = self.peak = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.now += 1
        self.peak = max(self.peak, self.now)
        await asyncio.sleep(0.01)
        self.now -= 1
        return httpx.Response(200, json={"results": []})


def test_max_inflight_bounds_concurrent_requests() -> None:
    transport = Counting()
    backend = ResilientBackend(HindsightBackend(URL, transport=transport), ResiliencePolicy(max_inflight=3))

    async def burst() -> None:
        await asyncio.gather(*(backend.recall("b1", RecallQuery(f"q{i}")) for i in range(10)))
        await backend.aclose()

    asyncio.run(burst())
    assert transport.peak == 3


def test_backend_survives_a_new_event_loop() -> None:
    transport = Counting()
    backend = ResilientBackend(HindsightBackend(URL, transport=transport), ResiliencePolicy(max_inflight=2))

    async def burst() -> int:
        results = await asyncio.gather(*(backend.recall("b1", RecallQuery(f"q{i}")) for i in range(6)))
        return len(results)

    assert asyncio.run(burst()) == 6  # the semaphore is contended, so bound to this loop
    assert asyncio.run(burst()) == 6  # a later asyncio.run (the CLI) gets a fresh semaphore and pool
    assert transport.peak == 2
    asyncio.run(backend.aclose())


def test_a_document_delete_is_retried_after_a_transient_error_and_a_bank_delete_is_not() -> None:
    class Deleting(Scripted):
        async def delete_document(self, bank: str, document_id: str) -> bool:
            return bool(await self._next(True))

        async def delete_bank(self, bank: str) -> bool:
            return bool(await self._next(True))

    inner = Deleting([BackendUnavailableError("deadlock", status=500)])
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    backend = ResilientBackend(inner, ResiliencePolicy(retry_attempts=3), sleep=sleep)
    assert asyncio.run(backend.delete_document("b", "doc-1")) is True
    assert inner.calls == 2 and len(sleeps) == 1
    inner.script = [BackendUnavailableError("deadlock", status=500)]
    with pytest.raises(BackendUnavailableError):
        asyncio.run(backend.delete_bank("b"))
    assert inner.calls == 3


def test_retains_are_not_retried_here() -> None:
    """The durable outbox is the only retrier of a retain: one attempt, the transient error goes back to it."""
    inner, backend, sleeps, recorder = make([BackendUnavailableError("down", status=503)], retry_attempts=3)
    with pytest.raises(BackendUnavailableError):
        asyncio.run(backend.retain("b", [RetainItem("x", "d")]))
    assert inner.calls == 1 and sleeps == []
    assert ("error", "retain", "BackendUnavailableError") in recorder.events
    assert not [e for e in recorder.events if e[0] == "retry"]


def test_health_is_cut_by_the_config_deadline() -> None:
    class Stalled(Scripted):
        async def health(self) -> BackendHealth:
            await asyncio.sleep(1.0)
            return BackendHealth("scripted", True)

    backend = ResilientBackend(Stalled(), ResiliencePolicy(timeouts={"config": 0.05}))
    health = asyncio.run(backend.health())
    assert not health.ok and "within 0.05s" in health.detail
