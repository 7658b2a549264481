"""The backend contract: everything above this line speaks scopes; only backends know banks on a server."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)


@runtime_checkable
class MemoryBackend(Protocol):
    """A store of banks. Methods raise `wetopi_memory.errors.BackendError` subclasses, never raw I/O errors."""

    kind: str

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Search one bank; a bank that does not exist yet has no memories (empty list)."""
        ...

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """Store a batch in one bank; re-sending an item with the same document_id replaces it."""
        ...

    async def reflect(self, bank: str, query: str, *, budget: str = "low",
                      max_tokens: int = 2048) -> ReflectAnswer:
        """Synthesize an answer from one bank's memories, or say honestly that this backend cannot."""
        ...

    async def health(self) -> BackendHealth:
        """Probe the backend without touching any bank."""
        ...

    async def list_banks(self) -> list[BankInfo]:
        """Every bank the backend holds (all pages)."""
        ...

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        """Create the bank if missing and set its display name; never deletes or resets anything."""
        ...

    async def get_config(self, bank: str) -> BankConfigState | None:
        """The bank's resolved config and overrides; None when the backend can tell the bank is missing."""
        ...

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        """Merge overrides atomically; a None value clears that override."""
        ...

    async def aclose(self) -> None:
        """Release connections and files."""
        ...
