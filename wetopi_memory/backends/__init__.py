"""Backends: the only layer that knows how scopes are stored (a Hindsight server, or the embedded SQLite file)."""

from __future__ import annotations

from pathlib import Path

from ..config import BackendSettings
from ..models import TIMED_OPERATIONS, TimedOperation
from .base import MemoryBackend

__all__ = ["MemoryBackend", "create_backend"]


def create_backend(settings: BackendSettings, *, state_dir: Path, resilient: bool = True) -> MemoryBackend:
    """Build the backend a settings block describes, wrapped in the resilience layer; nothing connects yet."""
    timeouts = {operation: settings.timeout_for(operation) for operation in TIMED_OPERATIONS}
    inner = _create_raw(settings, state_dir=state_dir, timeouts=timeouts)
    if not resilient:
        return inner
    from .resilience import ResiliencePolicy, ResilientBackend

    policy = ResiliencePolicy(
        max_inflight=settings.concurrency.max_inflight, queue_size=settings.concurrency.queue_size,
        retry_attempts=settings.retry.max_attempts if settings.retry.enabled else 1,
        backoff_seconds=settings.retry.backoff_seconds,
        breaker_threshold=settings.circuit_breaker.failure_threshold,
        breaker_open_seconds=settings.circuit_breaker.open_seconds,
        timeouts=timeouts)
    return ResilientBackend(inner, policy)


def _create_raw(settings: BackendSettings, *, state_dir: Path,
                timeouts: dict[TimedOperation, float]) -> MemoryBackend:
    """The bare backend; its httpx timeouts are the resilience deadlines again, as a backstop."""
    if settings.type == "hindsight":
        from .hindsight import HindsightBackend, HindsightTimeouts

        assert settings.url is not None
        api_key = settings.api_key.get_secret_value() if settings.api_key else None
        return HindsightBackend(settings.url, api_key=api_key, timeouts=HindsightTimeouts.from_mapping(timeouts),
                                max_inflight=settings.concurrency.max_inflight,
                                max_response_bytes=settings.max_response_bytes)
    from .local import LocalBackend

    path = Path(settings.path).expanduser() if settings.path else state_dir / "memory.db"
    return LocalBackend(path)
