"""VerdictMemo: a pure test over the tokens of many texts, each verdict remembered, so recurring words cost a set
lookup instead of the test (prose brings the same words back text after text)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class VerdictMemo(Generic[T]):
    """`any(test(t) for t in tokens)`, with every verdict kept in one of two sets (plain, holding) that both start
    afresh past `size` tokens. `test` must be pure: a kept verdict is what the test would say again."""

    __slots__ = ("_holding", "_plain", "_size", "_test")

    def __init__(self, test: Callable[[T], bool], size: int = 32768) -> None:
        self._test = test
        self._size = size
        self._plain: set[T] = set()
        self._holding: set[T] = set()

    def any(self, tokens: Sequence[T]) -> bool:
        """Whether the test holds for one of `tokens`."""
        plain = self._plain
        if plain.issuperset(tokens):   # the common case, in one C call
            return False
        if not self._holding.isdisjoint(tokens):
            return True
        if len(plain) + len(self._holding) > self._size:
            plain.clear()
            self._holding.clear()
        found = False
        for token in tokens:
            if token in plain:
                continue
            if self._test(token):
                self._holding.add(token)
                found = True
            else:
                plain.add(token)
        return found
