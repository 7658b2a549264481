"""The backend contract: everything above this line speaks scopes; only backends know banks on a server."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

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

# accepted: the credentials were checked and accepted; not_enforced: the server answers without credentials;
# no_credentials: the backend has none to check (the embedded store); refused: 401/403; unreachable: no answer
# (or a 5xx); failed: any other answer to the authenticated read.
AccessState = Literal["accepted", "not_enforced", "no_credentials", "refused", "unreachable", "failed"]


@dataclass(frozen=True, slots=True)
class AccessCheck:
    """The outcome of one authenticated read: whether the backend accepts this client's credentials."""

    state: AccessState
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.state in ("accepted", "not_enforced", "no_credentials")


@dataclass(frozen=True, slots=True)
class StoredDocument:
    """One document of a bank, as export/import and forget see it."""

    document_id: str
    content: str | None  # the text, when the backend keeps it (None: only extracted facts exist)
    tags: tuple[str, ...]
    metadata: Mapping[str, str]
    created_at: str | None  # ISO 8601


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

    async def check_access(self) -> AccessCheck:
        """An authenticated read that touches no bank: are the credentials accepted, and are they needed at all."""
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

    def iter_documents(self, bank: str, *, tags: Sequence[str] = (),
                       with_content: bool = False) -> AsyncIterator[StoredDocument]:
        """The bank's documents page by page, only those carrying ALL `tags`; a missing bank yields nothing."""
        ...

    async def delete_document(self, bank: str, document_id: str) -> bool:
        """Delete one document and its extracted memories: True if it existed, False if already absent."""
        ...

    async def delete_bank(self, bank: str) -> bool:
        """Delete a bank with everything in it: True if it existed, False if already absent."""
        ...

    async def put_documents(self, bank: str, documents: Sequence[StoredDocument]) -> int:
        """Write one batch of documents keeping id, tags, metadata and created_at; how many were written."""
        ...

    async def aclose(self) -> None:
        """Release connections and files."""
        ...
