"""TriggerIndex: the explicit-memory triggers a message's words select to be searched, in trigger order.

A trigger is a candidate when one of its anchor words occurs and all its `requires` words do; the candidates are
remembered per set of such words (they decide them). `matching.explicit_trigger` then skips a candidate none of
whose gate words (`Trigger.gate`, from `pattern_words`) occurs, before any search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .memo import BoundedMemo
from .triggers import Trigger

CANDIDATE_MEMO_SIZE: Final = 4096


class TriggerIndex:
    """The triggers of one router by anchor word."""

    __slots__ = ("_anchored", "_candidates", "gate_words", "words")

    def __init__(self, anchored: Mapping[bytes, tuple[Trigger, ...]]) -> None:
        self._anchored = dict(anchored)
        triggers = {t for found in anchored.values() for t in found}
        self.words = frozenset(anchored) | {w for t in triggers for w in t.requires}   # that anchor or are required
        self.gate_words = frozenset(w for t in triggers if t.gate is not None for w in t.gate).union(
            *(t.first.gate_words for t in triggers))   # the words a trigger or an alternative of its is gated on
        self._candidates: BoundedMemo[frozenset[bytes], tuple[Trigger, ...]] = BoundedMemo(CANDIDATE_MEMO_SIZE)

    def candidates(self, asking: frozenset[bytes]) -> tuple[Trigger, ...]:
        """The triggers a message's trigger words (`words` that occur) anchor and satisfy, in trigger order."""
        candidates = self._candidates.get(asking)
        if candidates is None:
            anchored = self._anchored
            found = {t for word in asking if word in anchored for t in anchored[word] if t.requires <= asking}
            candidates = self._candidates.put(asking, tuple(sorted(found, key=lambda t: t.order)))
        return candidates
