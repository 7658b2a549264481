"""The token estimate every recall budget is counted in (merge, cache, fan-out and the operation log)."""

from __future__ import annotations

from typing import Final

CHARS_PER_TOKEN: Final = 4


def estimate_tokens(text: str) -> int:
    """A cheap token estimate: about four characters per token, at least one for non-empty text."""
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN
