"""Backoff: one delay policy for read retries and outbox delivery; Retry-After is a floor, capped."""

from __future__ import annotations

import pytest

from wetopi_memory.backoff import Backoff


def test_delays_double_up_to_the_cap_without_jitter() -> None:
    backoff = Backoff(base_seconds=0.5, cap_seconds=3.0, jitter=0.0)
    assert [backoff.delay(n) for n in range(0, 6)] == [0.5, 0.5, 1.0, 2.0, 3.0, 3.0]
    assert backoff.delay(10_000) == 3.0  # a huge attempt count stays finite


def test_jitter_only_shortens_by_at_most_its_share() -> None:
    backoff = Backoff(base_seconds=1.0, cap_seconds=10.0, jitter=0.5)
    delays = [backoff.delay(2) for _ in range(200)]
    assert all(1.0 <= d <= 2.0 for d in delays) and len(set(delays)) > 1


def test_retry_after_is_a_floor_and_is_capped() -> None:
    backoff = Backoff(base_seconds=0.2, cap_seconds=5.0, jitter=0.0, retry_after_cap_seconds=10.0)
    assert backoff.delay(1, 3.0) == 3.0
    assert backoff.delay(1, 600.0) == 10.0
    assert backoff.delay(1, 0.01) == 0.2  # never sooner than the backoff itself
    assert backoff.delay(1, 0.0) == 0.2 and backoff.delay(1, None) == 0.2
    assert Backoff(base_seconds=1.0, cap_seconds=30.0, jitter=0.0).delay(1, 600.0) == 30.0  # default cap


@pytest.mark.parametrize("kwargs", [{"base_seconds": 0}, {"cap_seconds": -1}, {"jitter": 1.5},
                                    {"retry_after_cap_seconds": 0}, {"base_seconds": float("inf")}])
def test_nonsense_is_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Backoff(**kwargs)
