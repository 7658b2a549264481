"""The one backoff policy: exponential delays with jitter that never come back before the server's Retry-After."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

__all__ = ["Backoff"]


@dataclass(frozen=True, slots=True)
class Backoff:
    """base·2^(attempt-1) capped, minus up to `jitter` of itself; Retry-After (capped) is a floor, not a ceiling."""

    base_seconds: float = 0.5
    cap_seconds: float = 300.0
    jitter: float = 0.2
    retry_after_cap_seconds: float | None = None

    def __post_init__(self) -> None:
        if not (self.base_seconds > 0 and math.isfinite(self.base_seconds)):
            raise ValueError("Backoff.base_seconds must be a positive number of seconds")
        if not (self.cap_seconds > 0 and math.isfinite(self.cap_seconds)):
            raise ValueError("Backoff.cap_seconds must be a positive number of seconds")
        if not 0.0 <= self.jitter <= 1.0:
            raise ValueError("Backoff.jitter must be between 0 and 1")
        if self.retry_after_cap_seconds is not None and not self.retry_after_cap_seconds > 0:
            raise ValueError("Backoff.retry_after_cap_seconds must be a positive number of seconds")

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry `attempt` (1 = the first retry), honouring a positive Retry-After."""
        exponent = min(max(attempt - 1, 0), 64)  # 2**64 · base is past any cap; keeps the float finite
        raw = min(self.cap_seconds, self.base_seconds * 2.0 ** exponent)
        raw *= 1.0 - self.jitter * random.random()
        if retry_after is not None and math.isfinite(retry_after) and retry_after > 0:
            cap = self.cap_seconds if self.retry_after_cap_seconds is None else self.retry_after_cap_seconds
            raw = max(raw, min(float(retry_after), cap))
        return raw
