"""An answer sentence that states what the assistant checked for the user, when the user asked to check what a
system's configuration is ("can you confirm the Ceph networks?"): a verified configuration fact (design §16)."""

from __future__ import annotations

from dataclasses import replace

from .dialogue_lexicon import SNAPSHOT
from .signals import Signals, technical_value
from .term_matching import mentions

__all__ = ["checked_fact"]


def checked_fact(signals: Signals, text: str) -> Signals | None:
    """An answer sentence that states what the assistant checked for the user ("public_network is 10.40.0.0/24",
    "todos los PVC usan la storageClass ceph-rbd-mad") as a verified configuration fact; None for a reading of the
    moment, a doubt, a question, an offer or a sentence with no system value."""
    if signals.hedges or signals.unverified or signals.question or signals.filler or signals.raw \
            or signals.transient or signals.one_off or not technical_value(text) or mentions(SNAPSHOT, text):
        return None
    kinds = tuple(c for c in signals.categories if c in ("config", "architecture", "constraint")) or ("config",)
    return replace(signals, categories=kinds, past_action=(), errand=(),
                   verified=signals.verified or ("checked",))
