"""Explicit memory requests (design §7): every way of asking for memory, as data, compiled by `compiled.py`.

The Spanish triggers live in `explicit_es.py`, the English ones in `explicit_en.py`, the trigger type and the
shared pattern pieces in `explicit_base.py`. Order matters only for which name is reported when several match.
"""

from __future__ import annotations

from .explicit_base import ExplicitTrigger
from .explicit_en import EN_TRIGGERS
from .explicit_es import ES_TRIGGERS

__all__ = ["EXPLICIT_TRIGGERS", "ExplicitTrigger"]

EXPLICIT_TRIGGERS: tuple[ExplicitTrigger, ...] = (*ES_TRIGGERS, *EN_TRIGGERS)
