"""FastSearch: where a trigger's pattern first matches, or whether it matches at all, searched as its fast-starting
alternatives (`pattern_shape.fast_alternatives`): `re` skips ahead to a literal first letter, where one pattern with
a group or lookbehind at its start is tried at every position. A leading \\b is dropped from each compiled
alternative and checked here instead (its first character is a letter or digit, so that is the same test).
"""

from __future__ import annotations

import re
from typing import Final

from .pattern_shape import WORD_BOUNDARY, fast_alternatives, required_lookaheads, starts_fast, top_level

WORD_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


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
    CLI command) is not built slower for the many triggers it never searches."""

    __slots__ = ("_parts", "_together", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._parts: tuple[tuple[re.Pattern[str], bool], ...] | None = None
        self._together: tuple[tuple[FastSearch, ...], ...] = ()

    def _compiled(self) -> tuple[tuple[re.Pattern[str], bool], ...]:
        """The compiled alternatives (and the lookahead conjunctions), compiled once."""
        parts: list[tuple[re.Pattern[str], bool]] = []
        together: list[tuple[FastSearch, ...]] = []
        for source in fast_alternatives(self.pattern):
            looks = required_lookaheads(source)
            if looks is None:
                parts.append(compile_alternative(source))
            else:
                together.append(tuple(FastSearch(look) for look in looks))
        self._together = tuple(together)
        self._parts = tuple(parts)
        return self._parts

    def start(self, text: str, pos: int = 0, end: int = -1) -> int:
        """Where the first match in `text[pos:end]` starts (lookbehinds and \\b see before `pos`), or -1."""
        if end < 0:
            end = len(text)
        best = -1
        parts = self._parts
        for regex, word_start in self._compiled() if parts is None else parts:
            at = pos
            while (match := regex.search(text, at, end)) is not None:
                start = match.start()
                if not word_start or start == 0 or text[start - 1] not in WORD_CHARS:
                    if best < 0 or start < best:
                        best = start
                    break
                at = start + 1
        if best != 0 and pos == 0 and self._together and any(
                all(look.start(text, 0, end) >= 0 for look in looks) for looks in self._together):
            return 0
        return best

    def found(self, text: str) -> bool:
        """Whether the pattern matches anywhere in `text`."""
        parts = self._parts
        for regex, word_start in self._compiled() if parts is None else parts:
            at = 0
            while (match := regex.search(text, at)) is not None:
                start = match.start()
                if not word_start or start == 0 or text[start - 1] not in WORD_CHARS:
                    return True
                at = start + 1
        return any(all(look.found(text) for look in looks) for looks in self._together)
