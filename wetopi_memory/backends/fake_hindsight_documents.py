"""FakeHindsight's documents routes, shaped as 0.9.2 and 1.1.0 answer them (observed on both servers).

In the fake every retained item is one document holding one memory, so a document is read off its memory:
`GET …/documents` (newest first, `tags` with `tags_match`, default `any_strict`; `limit`/`offset`),
`GET …/documents/{id}` (`original_text`), `DELETE …/documents/{id}` (404 "Document not found" when absent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

__all__ = ["DOCUMENT_NOT_FOUND", "document_detail", "document_page", "tags_ok"]

DOCUMENT_NOT_FOUND = "Document not found"


def tags_ok(want: set[str], have: set[str], mode: str) -> bool:
    """Hindsight's tag semantics: any/all include untagged items, *_strict exclude them, exact is equality."""
    if mode == "exact":
        return want == have
    if not have:
        return mode in ("any", "all")
    return bool(want & have) if mode.startswith("any") else want <= have


def _list_item(memory: dict[str, Any], legacy: bool) -> dict[str, Any]:
    """A document as the list shows it: no text, but tags, metadata and the retain timestamp."""
    metadata = memory.get("metadata") or {}
    params: dict[str, Any] = {"metadata": metadata} if metadata else {}
    if memory.get("occurred_start"):
        params["event_date"] = memory["occurred_start"]
    item = {"id": memory["document_id"], "bank_id": memory["bank_id"], "content_hash": None,
            "created_at": memory["created_at"], "updated_at": memory["created_at"],
            "text_length": len(memory["text"]), "memory_unit_count": 1, "retain_params": params,
            "document_metadata": metadata or None, "tags": list(memory["tags"])}
    if not legacy:
        item["matched_fields"] = []
    return item


def document_page(memories: Sequence[dict[str, Any]], params: httpx.QueryParams, legacy: bool) -> dict[str, Any]:
    """One page of the bank's documents, newest first."""
    want, mode = set(params.get_list("tags")), params.get("tags_match", "any_strict")
    limit, offset = int(params.get("limit", 100)), int(params.get("offset", 0))
    hits = [m for m in reversed(memories) if not want or tags_ok(want, set(m["tags"]), mode)]
    page: dict[str, Any] = {"items": [_list_item(m, legacy) for m in hits[offset:offset + limit]],
                            "total": len(hits), "limit": limit, "offset": offset}
    if not legacy:
        page["total_is_estimate"] = False
    return page


def document_detail(memory: dict[str, Any], legacy: bool) -> dict[str, Any]:
    """`GET …/documents/{id}`: the list item plus the stored text."""
    item = _list_item(memory, legacy)
    item.pop("text_length")
    item.pop("matched_fields", None)
    return {**item, "original_text": memory["text"], "nodes_by_fact_type": {"world": 1, "experience": 0,
                                                                              "observation": 0},
            "observation_scopes": None}
