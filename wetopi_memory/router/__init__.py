"""Scope routing for recall (design §8, A10): a deterministic rule router; the semantic router is postponed (A11)."""

from __future__ import annotations

from .rules import (
    CONFIDENCE_CAP,
    MAX_INPUT_CHARS,
    RouteDecision,
    RuleMatch,
    RuleRouter,
    ScopeScore,
    normalize,
    tokenize,
)

__all__ = [
    "CONFIDENCE_CAP",
    "MAX_INPUT_CHARS",
    "RouteDecision",
    "RuleMatch",
    "RuleRouter",
    "ScopeScore",
    "normalize",
    "tokenize",
]
