"""Fixtures the unit tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.judgement import PluginDriver, plugin_driver


@pytest.fixture(scope="module")
def driver() -> Iterator[PluginDriver]:
    """One Hermes plugin on the local backend (tests.support.judgement), shared by a test module's turns: each
    module gets its own, in its own temporary state dir, so no module sees another's stored items."""
    with plugin_driver() as d:
        yield d
