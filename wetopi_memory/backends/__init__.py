"""Backends: the only layer that knows how scopes are stored (a Hindsight server, or the embedded SQLite file)."""

from __future__ import annotations

from pathlib import Path

from ..config import BackendSettings
from .base import MemoryBackend

__all__ = ["MemoryBackend", "create_backend"]


def create_backend(settings: BackendSettings, *, state_dir: Path) -> MemoryBackend:
    """Build the backend a settings block describes; nothing connects until the first call."""
    if settings.type == "hindsight":
        from .hindsight import HindsightBackend, HindsightTimeouts

        assert settings.url is not None
        timeouts = HindsightTimeouts(
            recall=settings.timeout_for("recall"), retain=settings.timeout_for("retain"),
            reflect=settings.timeout_for("reflect"), config=settings.timeout_for("config"))
        api_key = settings.api_key.get_secret_value() if settings.api_key else None
        return HindsightBackend(settings.url, api_key=api_key, timeouts=timeouts,
                                max_inflight=settings.concurrency.max_inflight)
    from .local import LocalBackend

    path = Path(settings.path).expanduser() if settings.path else state_dir / "memory.db"
    return LocalBackend(path)
