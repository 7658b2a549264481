"""What the outbox takes and gives (items, claimed batches, enqueue results, stats) and where its file lives."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from ..config import Config, state_dir
from ..models import RetainItem

__all__ = ["ClaimedBatch", "EnqueueResult", "ItemFate", "OutboxItem", "OutboxSelection", "OutboxStats",
           "default_outbox_path"]

ItemFate = Literal["queued", "duplicate", "outbox_full"]


def default_outbox_path(config: Config, environ: Mapping[str, str] | None = None) -> Path:
    """`retain.outbox.path` (with ~ expanded), else `<state_dir>/outbox.db`."""
    configured = config.retain.outbox.path
    if configured:
        return Path(configured).expanduser()
    return state_dir(environ) / "outbox.db"


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """One memory to deliver, with what the overflow policy needs to know about it."""

    item: RetainItem
    durability: float = 0.5
    evictable: bool = False


@dataclass(frozen=True, slots=True)
class EnqueueResult:
    """What `enqueue` did: the batch id (None if nothing was admitted), and per-item fates."""

    batch_id: int | None
    admitted: tuple[str, ...] = ()
    duplicates: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    evicted: int = 0

    @property
    def fates(self) -> dict[str, ItemFate]:
        out: dict[str, ItemFate] = {d: "queued" for d in self.admitted}
        out.update({d: "duplicate" for d in self.duplicates})
        out.update({d: "outbox_full" for d in self.refused})
        return out


@dataclass(frozen=True, slots=True)
class OutboxSelection:
    """Which held items a forget purges: every item of some banks, the items carrying a person's source ref (tag or
    metadata), given documents, or the items of one bank whose content contains a text (case-insensitive)."""

    banks: tuple[str, ...] = ()
    source_ref: str | None = None
    documents: tuple[tuple[str, str], ...] = ()  # (bank, document_id)
    text_in_bank: tuple[str, str] | None = None  # (bank, text)


@dataclass(frozen=True, slots=True)
class ClaimedBatch:
    """A batch leased to this process for delivery."""

    id: int
    scope: str
    bank: str
    backend: str
    origin: str
    attempts: int
    items: tuple[RetainItem, ...]
    created_at: float


@dataclass(frozen=True, slots=True)
class OutboxStats:
    """Counts for status and metrics. `depth` = items waiting (queued or in flight), `failed` = kept after a
    client error."""

    path: str
    depth: int
    batches: int
    failed: int
    oldest_age_seconds: float | None
    max_items: int
    delivered_total: int
    evicted_total: int
    refused_total: int
    counters: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "depth": self.depth, "batches": self.batches, "failed": self.failed,
                "oldest_age_seconds": None if self.oldest_age_seconds is None else round(self.oldest_age_seconds, 1),
                "max_items": self.max_items, "delivered_total": self.delivered_total,
                "evicted_total": self.evicted_total, "refused_total": self.refused_total}



def item_to_json(item: RetainItem) -> str:
    return json.dumps({"content": item.content, "document_id": item.document_id, "context": item.context,
                       "timestamp": item.timestamp.isoformat() if item.timestamp else None,
                       "tags": list(item.tags), "metadata": dict(item.metadata)}, ensure_ascii=False)


def item_from_json(raw: str) -> RetainItem:
    data = json.loads(raw)
    stamp = data.get("timestamp")
    return RetainItem(content=data["content"], document_id=data["document_id"], context=data.get("context"),
                      timestamp=datetime.fromisoformat(stamp) if stamp else None, tags=tuple(data.get("tags") or ()),
                      metadata={str(k): str(v) for k, v in (data.get("metadata") or {}).items()})
