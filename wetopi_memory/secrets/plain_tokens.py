"""PlainTokens: the whitespace tokens that segments judged plain were made of, remembered, so a later segment made
only of such tokens is known plain by one set lookup (prose brings the same words back text after text)."""

from __future__ import annotations


class PlainTokens:
    """Tokens no value lies in, learnt from whole segments judged plain (a segment test that decomposes into a
    per-token test makes each of their tokens plain); the set starts afresh past `size` tokens."""

    __slots__ = ("_plain", "_size")

    def __init__(self, size: int = 32768) -> None:
        self._size = size
        self._plain: set[str] = set()

    def known(self, tokens: list[str]) -> bool:
        """Whether every one of `tokens` is known plain."""
        return self._plain.issuperset(tokens)

    def learn(self, tokens: list[str]) -> None:
        """Remember `tokens`, the tokens of a segment judged plain."""
        if len(self._plain) > self._size:
            self._plain.clear()
        self._plain.update(tokens)
