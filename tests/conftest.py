"""Fixtures every test folder shares."""

from __future__ import annotations

import pytest

from wetopi_memory.backends.fake_hindsight import FakeHindsight


@pytest.fixture
def fake() -> FakeHindsight:
    """An in-memory Hindsight 1.1.0 API (wetopi_memory.backends.fake_hindsight)."""
    return FakeHindsight("1.1.0")
