"""How an imported document is written back: a StoredDocument as the retain item that recreates it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..errors import BackendRequestError
from ..models import RetainItem
from .base import StoredDocument

__all__ = ["retain_items_of"]


def retain_items_of(documents: Sequence[StoredDocument]) -> list[RetainItem]:
    """One retain item per document, id, tags and metadata kept and `created_at` as the timestamp; a bad document
    fails the whole batch before anything is written."""
    items = [_retain_item_of(index, document) for index, document in enumerate(documents)]
    seen: set[str] = set()
    for item in items:
        if item.document_id in seen:
            raise BackendRequestError(f"put_documents batch repeats document {item.document_id[:80]!r}",
                                      operation="put_documents")
        seen.add(item.document_id)
    return items


def _retain_item_of(index: int, document: StoredDocument) -> RetainItem:
    """The retain item that writes a document back; one without text cannot be written (only facts remain)."""
    if not isinstance(document, StoredDocument):
        raise BackendRequestError(f"document {index} is a {type(document).__name__}, not a StoredDocument",
                                  operation="put_documents")
    if not document.document_id:
        raise BackendRequestError(f"document {index} has no document_id", operation="put_documents")
    if document.content is None or not document.content.strip():
        raise BackendRequestError(f"document {document.document_id[:80]!r} has no text to import (it was "
                                  "exported without content)", operation="put_documents")
    timestamp: datetime | None = None
    if document.created_at:
        try:
            timestamp = datetime.fromisoformat(document.created_at)
        except ValueError:
            raise BackendRequestError(f"document {document.document_id[:80]!r} has created_at "
                                      f"{document.created_at[:40]!r}, not an ISO 8601 time",
                                      operation="put_documents") from None
    return RetainItem(content=document.content, document_id=document.document_id, timestamp=timestamp,
                      tags=tuple(document.tags), metadata={str(k): str(v) for k, v in document.metadata.items()})
