"""BoundedMemo: the router's one bounded memo (decisions, trigger candidates, tool lookups, the word model's limits).

Each memo maps a hashable key to a value worked out from that key alone, holds at most `size` entries and is emptied
when full: cheaper on the hot path than least-recently-used bookkeeping, and a memo never changes a result, only
how soon it comes. A hit is the dict's own `get` (no Python frame); a store is `put`. Safe to share between
threads: a lost store only costs a recomputation.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """At most `size` values by key, emptied when full; `size` 0 remembers nothing."""

    __slots__ = ("_entries", "_size", "get")

    def __init__(self, size: int) -> None:
        self._entries: dict[K, V] = {}
        self._size = max(0, size)
        self.get: Callable[[K], V | None] = self._entries.get

    def put(self, key: K, value: V) -> V:
        """Remember `value` for `key` (emptying the memo first when it is full) and return it."""
        if self._size:
            if len(self._entries) >= self._size:
                self._entries.clear()
            self._entries[key] = value
        return value

    def __len__(self) -> int:
        return len(self._entries)
