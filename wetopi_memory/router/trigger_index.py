"""TriggerIndex: the explicit-memory triggers a message's words select to be searched, in trigger order.

A trigger is a candidate when one of its anchor words occurs; the candidates are remembered per set of anchor words
(they decide them, and far fewer sets of them occur than of all the words that condition a trigger).
`matching.explicit_trigger` then skips a candidate whose `requires` words do not all occur or none of whose gate
words (`Trigger.gate`, from `pattern_words`) does, before any search.
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
        self.words = frozenset(anchored)   # the words that anchor a trigger
        # the words a trigger needs, or a trigger or an alternative of its pattern or `unless` is gated on
        self.gate_words = frozenset(w for t in triggers for w in (*t.requires, *(t.gate or ()))).union(
            *(t.first.gate_words for t in triggers), *(t.unless_found.gate_words for t in triggers if t.unless_found))
        self._candidates: BoundedMemo[frozenset[bytes], tuple[Trigger, ...]] = BoundedMemo(CANDIDATE_MEMO_SIZE)

    def candidates(self, anchors: frozenset[bytes]) -> tuple[Trigger, ...]:
        """The triggers a message's anchor words (`words` that occur) anchor, in trigger order."""
        candidates = self._candidates.get(anchors)
        if candidates is None:
            found = {t for word in anchors for t in self._anchored[word]}
            candidates = self._candidates.put(anchors, tuple(sorted(found, key=lambda t: t.order)))
        return candidates
