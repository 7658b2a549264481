"""Fixtures every test folder shares."""

from __future__ import annotations

import gc

import pytest

from wetopi_memory.backends.fake_hindsight import FakeHindsight


@pytest.fixture
def fake() -> FakeHindsight:
    """An in-memory Hindsight 1.1.0 API (wetopi_memory.backends.fake_hindsight)."""
    return FakeHindsight("1.1.0")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection built (test modules, their corpora and tables) out of the collector's reach."""
    # Several hundred thousand objects that live until the run ends: each full collection would walk them all, a
    # pause of up to a second on a loaded 2-core machine that lands inside whichever latency bound is being timed.
    # What the code under test allocates afterwards is still collected as usual.
    gc.freeze()
