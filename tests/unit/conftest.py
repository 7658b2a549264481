"""Fixtures the unit tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.judgement import PluginDriver, plugin_driver
from wetopi_memory.router import RuleRouter

_SCOPES = ("personal", "business", "platform")


@pytest.fixture(scope="module")
def driver() -> Iterator[PluginDriver]:
    """One Hermes plugin on the local backend (tests.support.judgement), shared by a test module's turns: each
    module gets its own, in its own temporary state dir, so no module sees another's stored items."""
    with plugin_driver() as d:
        yield d


@pytest.fixture(scope="module")
def router() -> RuleRouter:
    """The router as shipped: the routing rules and the word model learned from labels."""
    return RuleRouter((), known_scopes=_SCOPES)


@pytest.fixture(scope="module")
def rules() -> RuleRouter:
    """The rules alone, for a rule mechanism the shipped word model may add to (its additions:
    test_router_word_model.py)."""
    return RuleRouter((), known_scopes=_SCOPES, word_model=False)
