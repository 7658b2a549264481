"""Typed values that cross layer boundaries: recall hits, retain items, reflect answers, health."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

MemoryType = Literal["world", "experience", "observation"]
Budget = Literal["low", "mid", "high"]
TagsMatch = Literal["any", "all", "any_strict", "all_strict"]
Operation = Literal["recall", "retain", "reflect"]
# Every backend call that has its own timeout: the memory operations plus bank configuration.
TimedOperation = Literal["recall", "retain", "reflect", "config"]
TIMED_OPERATIONS: tuple[TimedOperation, ...] = ("recall", "retain", "reflect", "config")

ALL_MEMORY_TYPES: tuple[MemoryType, ...] = ("world", "experience", "observation")


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """One memory as a backend returns it, before the plane labels it with its scope."""

    id: str
    content: str
    type: str = "world"
    score: float = 0.0
    tags: tuple[str, ...] = ()
    document_id: str | None = None
    occurred_at: str | None = None


@dataclass(frozen=True, slots=True)
class RecallHit:
    """A recalled memory with its provenance: the scope and bank it came from (principle 18)."""

    scope: str
    bank: str
    id: str
    content: str
    score: float
    type: str
    tags: tuple[str, ...] = ()
    occurred_at: str | None = None
    document_id: str | None = None  # the retained document it was extracted from, when the backend says

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "bank": self.bank, "id": self.id, "content": self.content,
                "score": self.score, "type": self.type, "tags": list(self.tags),
                "occurred_at": self.occurred_at}


@dataclass(frozen=True, slots=True)
class RecallQuery:
    """What to ask one bank for."""

    query: str
    types: tuple[MemoryType, ...] | None = None
    budget: Budget = "mid"
    max_tokens: int = 2048
    tags: tuple[str, ...] = ()
    tags_match: TagsMatch = "any"
    limit: int = 20
    prefer_observations: bool = False


@dataclass(frozen=True, slots=True)
class RetainItem:
    """One memory to store; `document_id` makes re-delivery idempotent."""

    content: str
    document_id: str
    context: str | None = None
    timestamp: datetime | None = None
    tags: tuple[str, ...] = ()
    metadata: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RetainReceipt:
    """The backend's acknowledgement of a retain batch."""

    bank: str
    items_count: int
    operation_id: str | None = None


@dataclass(frozen=True, slots=True)
class ReflectAnswer:
    """A reflect answer from one bank; `supported` is False when the backend cannot reflect."""

    bank: str
    text: str
    supported: bool = True
    based_on: tuple[MemoryRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class BackendHealth:
    """Whether a backend answers, and what it is."""

    backend: str
    ok: bool
    detail: str = ""
    version: str | None = None
    latency_ms: float | None = None


@dataclass(frozen=True, slots=True)
class BankInfo:
    """A bank as listed by the backend."""

    bank_id: str
    name: str


@dataclass(frozen=True, slots=True)
class BankConfigState:
    """A bank's config: `config` is resolved (defaults included), `overrides` is only what the bank sets."""

    bank_id: str
    config: dict[str, Any]
    overrides: dict[str, Any]
