"""PlainTokens: whitespace tokens judged plain (no value lies in them) or valued, remembered, so a later segment made
only of plain tokens, or holding a valued one, is judged by one set operation (prose brings the same words back)."""

from __future__ import annotations

from collections.abc import Callable


class PlainTokens:
    """Token verdicts of a per-token test: plain ones learnt from whole segments judged plain (a segment test that
    decomposes into a per-token test makes each of their tokens plain), valued ones from the tokens of segments judged
    valued, tested alone; each set starts afresh past `size` tokens."""

    __slots__ = ("_plain", "_size", "_valued")

    def __init__(self, size: int = 32768) -> None:
        self._size = size
        self._plain: set[str] = set()
        self._valued: set[str] = set()

    def known(self, tokens: list[str]) -> bool:
        """Whether every one of `tokens` is known plain."""
        return self._plain.issuperset(tokens)

    def any_valued(self, tokens: list[str]) -> bool:
        """Whether one of `tokens` is known valued."""
        return not self._valued.isdisjoint(tokens)

    def unknown(self, tokens: list[str]) -> list[str]:
        """Those of `tokens` not known plain, in order."""
        plain = self._plain
        return [token for token in tokens if token not in plain]

    def judge(self, tokens: list[str], test: Callable[[str], bool]) -> bool:
        """Whether one of `tokens` (none known) is valued by the per-token `test`, judged in order up to the first
        valued one; each verdict reached is remembered."""
        for token in tokens:
            if test(token):
                if len(self._valued) > self._size:
                    self._valued.clear()
                self._valued.add(token)
                return True
            self.learn([token])
        return False

    def learn(self, tokens: list[str]) -> None:
        """Remember `tokens`, the tokens of a segment judged plain."""
        if len(self._plain) > self._size:
            self._plain.clear()
        self._plain.update(tokens)

    def learn_valued(self, tokens: list[str], test: Callable[[str], bool]) -> None:
        """Judge alone, with the per-token `test`, the tokens of a segment judged valued not yet known plain, and
        remember each verdict."""
        if len(self._valued) > self._size:
            self._valued.clear()
        plain = self._plain
        for token in tokens:
            if token not in plain:
                if test(token):
                    self._valued.add(token)
                else:
                    self.learn([token])
