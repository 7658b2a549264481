"""Scope routing for recall (design §8, A10): a deterministic rule router; the semantic router is postponed (A11)."""

from __future__ import annotations

from .decision import MatchKind, RouteDecision, RuleMatch, ScopeScore
from .rules import CONFIDENCE_CAP, RuleRouter
from .text import MAX_INPUT_CHARS, normalize, tokenize

__all__ = [
    "CONFIDENCE_CAP",
    "MAX_INPUT_CHARS",
    "MatchKind",
    "RouteDecision",
    "RuleMatch",
    "RuleRouter",
    "ScopeScore",
    "normalize",
    "tokenize",
]
