"""Explicit memory requests (design §7): every way of asking for memory, as data, compiled by `compiled.py`.

The Spanish triggers live in `explicit_es.py` and, for questions in the past tense of "we", `explicit_es_past.py`; the
English ones in `explicit_en.py`; those that lean on an aside next to a question (told before, half a memory, a lapse,
our past talk or writing) in `explicit_es_asides.py` and `explicit_en_asides.py`; those that ask to check our past
("I thought we agreed…", "busca si tenemos un runbook") in `explicit_checks.py`; the trigger type and the shared
pattern pieces in `explicit_base.py`. Order matters only for which name is reported when several match.
"""

from __future__ import annotations

from .explicit_base import ExplicitTrigger
from .explicit_checks import CHECK_TRIGGERS
from .explicit_en import EN_TRIGGERS
from .explicit_en_asides import EN_ASIDES
from .explicit_es import ES_TRIGGERS
from .explicit_es_asides import ES_ASIDES
from .explicit_es_past import ES_PAST

__all__ = ["EXPLICIT_TRIGGERS", "ExplicitTrigger"]

EXPLICIT_TRIGGERS: tuple[ExplicitTrigger, ...] = (*ES_TRIGGERS, *ES_PAST, *ES_ASIDES, *EN_TRIGGERS, *EN_ASIDES,
                                                   *CHECK_TRIGGERS)
