"""FastSearch: where a trigger's pattern first matches, or whether it matches at all, searched as its fast-starting
alternatives (`pattern_shape.fast_alternatives`): `re` skips ahead to a literal first letter, where one pattern with
a group or lookbehind at its start is tried at every position. A leading \\b is dropped from each compiled
alternative and checked here instead (its first character is a letter or digit, so that is the same test).
"""

from __future__ import annotations

import re
from typing import Final

from .pattern_shape import (
    MAX_ALTERNATIVES,
    WORD_BOUNDARY,
    fast_alternatives,
    required_lookaheads,
    starts_fast,
    top_level,
)
from .pattern_words import plain_word

WORD_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
# a lookahead of a conjunction (`required_lookaheads`) is only ever asked whether it matches, so gated alternatives
# cost little beyond the ones that can match: it is split further ("what year|in 19xx|…|songs?": 25 alternatives)
MAX_LOOK_ALTERNATIVES: Final = 32
Gate = frozenset[bytes] | None   # one of these words must occur for an alternative to match (None: no such words)


def compile_alternative(source: str) -> tuple[re.Pattern[str], bool]:
    """The compiled alternative and whether its leading \\b was dropped (to be checked by the caller)."""
    alternatives, read = top_level(source)
    if read and len(alternatives) == 1 and alternatives[0][:1] == [(WORD_BOUNDARY, "")] and starts_fast(
            alternatives[0][1:2]):
        return re.compile(source[len(WORD_BOUNDARY):]), True
    return re.compile(source), False


class FastSearch:
    """One pattern, searched as its alternatives; "^(?=[\\s\\S]*A)(?=[\\s\\S]*B)" as a search for each of A, B.
    The alternatives are compiled at the first search, not with the router: a router that routes few messages (a
    CLI command) is not built slower for the many triggers it never searches. `gated`: `start` and `found` skip
    an alternative whose gate (`pattern_words.plain_word`, when the pattern has several alternatives; the
    lookaheads of a conjunction gated alike) no word of the message meets (the gates are read with the router:
    its word set must hold their words)."""

    __slots__ = ("_gated", "_gates", "_most", "_parts", "_together", "pattern")

    def __init__(self, pattern: str, *, gated: bool = False, most: int = MAX_ALTERNATIVES) -> None:
        self.pattern = pattern
        self._gated = gated
        self._most = most   # alternatives at most (`pattern_shape.fast_alternatives`)
        self._gates: tuple[Gate, ...] = ()
        if gated and len(alternatives := fast_alternatives(pattern, most)) > 1:
            self._gates = tuple(plain_word(source) for source in alternatives)
        self._parts: tuple[tuple[re.Pattern[str], bool, Gate], ...] | None = None
        self._together: tuple[tuple[FastSearch, ...], ...] = ()

    @property
    def gate_words(self) -> frozenset[bytes]:
        """The words of the alternatives' gates and of the lookaheads' of a conjunction among them (the message's
        words `start` or `found` is given must show all of them)."""
        words = {word for gate in self._gates if gate is not None for word in gate}
        if self._gated:
            for source in fast_alternatives(self.pattern, self._most):
                for look in required_lookaheads(source) or ():
                    words |= FastSearch(look, gated=True, most=MAX_LOOK_ALTERNATIVES).gate_words
        return frozenset(words)

    def _compiled(self) -> tuple[tuple[re.Pattern[str], bool, Gate], ...]:
        """The compiled alternatives with their gates (and the lookahead conjunctions), compiled once."""
        parts: list[tuple[re.Pattern[str], bool, Gate]] = []
        together: list[tuple[FastSearch, ...]] = []
        alternatives = fast_alternatives(self.pattern, self._most)
        for source, gate in zip(alternatives, self._gates or [None] * len(alternatives), strict=True):
            looks = required_lookaheads(source)
            if looks is None:
                parts.append((*compile_alternative(source), gate))
            else:
                together.append(tuple(FastSearch(look, gated=self._gated, most=MAX_LOOK_ALTERNATIVES)
                                      for look in looks))
        self._together = tuple(together)
        self._parts = tuple(parts)
        return self._parts

    def start(self, text: str, pos: int = 0, end: int = -1, words: frozenset[bytes] | None = None) -> int:
        """Where the first match in `text[pos:end]` starts (lookbehinds and \\b see before `pos`), or -1. `words`:
        the message's words (those of `gate_words` among them at least), when known."""
        if end < 0:
            end = len(text)
        best = -1
        parts = self._parts
        for regex, word_start, gate in self._compiled() if parts is None else parts:
            if gate is not None and words is not None and gate.isdisjoint(words):
                continue   # none of its gate's words occurs: it cannot match
            at = pos
            while (match := regex.search(text, at, end)) is not None:
                start = match.start()
                if not word_start or start == 0 or text[start - 1] not in WORD_CHARS:
                    if best < 0 or start < best:
                        best = start
                    break
                at = start + 1
        if best != 0 and pos == 0 and self._together and any(
                all(look.start(text, 0, end, words) >= 0 for look in looks) for looks in self._together):
            return 0
        return best

    def found(self, text: str, words: frozenset[bytes] | None = None) -> bool:
        """Whether the pattern matches anywhere in `text` (`words`: as for `start`)."""
        parts = self._parts
        for regex, word_start, gate in self._compiled() if parts is None else parts:
            if gate is not None and words is not None and gate.isdisjoint(words):
                continue   # none of its gate's words occurs: it cannot match
            at = 0
            while (match := regex.search(text, at)) is not None:
                start = match.start()
                if not word_start or start == 0 or text[start - 1] not in WORD_CHARS:
                    return True
                at = start + 1
        return any(all(look.found(text, words) for look in looks) for looks in self._together)
