"""PerLoop: one value per running event loop, because asyncio primitives and connection pools belong to one loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["PerLoop"]

T = TypeVar("T")


class PerLoop(Generic[T]):
    """Builds its value on first use in a loop and again in every later loop (a second `asyncio.run`, a fork)."""

    def __init__(self, factory: Callable[[], T]) -> None:
        self._factory = factory
        self._value: T | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> T:
        """The running loop's value; the previous loop's value is dropped (it cannot be used, nor closed, here)."""
        loop = asyncio.get_running_loop()
        if self._value is None or self._loop is not loop:
            self._value = self._factory()
            self._loop = loop
        return self._value

    @property
    def current(self) -> T | None:
        """The value built last, if any, without building one."""
        return self._value
