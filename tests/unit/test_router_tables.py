"""Routers built alike share one copy of the compiled tables while any of them lives, and only then."""

from __future__ import annotations

import gc
import weakref

from wetopi_memory.config import RoutingRule
from wetopi_memory.router.rules import RuleRouter

SCOPES = ("personal", "business", "platform")


def test_routers_built_alike_share_their_tables_and_keep_their_own_thresholds() -> None:
    strict = RuleRouter(known_scopes=SCOPES, confidence_threshold=0.9)
    loose = RuleRouter(known_scopes=tuple(reversed(SCOPES)), confidence_threshold=0.1)
    assert strict._tables is loose._tables
    assert loose.route("the server is slow").scope_names == ("platform",)
    assert strict.route("the server is slow").scope_names == ()   # 0.63 confidence: below this router's 0.9
    assert strict.route("the nginx ingress on RKE2 keeps returning 502").scope_names == ("platform",)


def test_other_rules_scopes_or_models_get_their_own_tables() -> None:
    base = RuleRouter(known_scopes=SCOPES)
    rule = RoutingRule(scope="business", keywords=("quokka",))
    with_rule = RuleRouter([rule], known_scopes=SCOPES)
    fewer = RuleRouter(known_scopes=("personal", "platform"))
    no_model = RuleRouter(known_scopes=SCOPES, word_model=None)
    assert len({id(r._tables) for r in (base, with_rule, fewer, no_model)}) == 4
    assert [s.scope for s in with_rule.route("the quokka contract").scopes] == ["business"]
    assert not base.route("the quokka").scopes


def test_tables_are_freed_once_no_router_uses_them() -> None:
    rule = RoutingRule(scope="platform", keywords=("wombatctl",))
    first = RuleRouter([rule], known_scopes=SCOPES)
    tables = weakref.ref(first._tables)
    second = RuleRouter([rule], known_scopes=SCOPES)
    assert second._tables is tables()
    del first, second
    gc.collect()
    assert tables() is None
    third = RuleRouter([rule], known_scopes=SCOPES)
    assert [s.scope for s in third.route("wombatctl crashed").scopes] == ["platform"]
