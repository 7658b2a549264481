"""CircuitBreaker: consecutive counted failures open it for a while; then one probe decides whether it closes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from ..errors import BackendError

__all__ = ["BreakerState", "CircuitBreaker"]

BreakerState = Literal["closed", "open", "half_open"]


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
        """The state now: an open breaker turns half-open once `open_seconds` have passed."""
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
        """A call succeeded: forget the failures and close."""
        self._failures = 0
        self._probing = False
        if self._state != "closed":
            self._set("closed")

    def failure(self, error: BackendError) -> None:
        """A call failed; only errors that count as backend failures move the breaker towards open."""
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
