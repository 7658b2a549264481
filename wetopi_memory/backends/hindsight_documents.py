"""HindsightBackend's documents (0.9.2 and 1.x alike): list page by page, read, delete, delete a bank, import.

A mixin of `HindsightBackend`, which keeps requests and error mapping; this module knows the documents routes:
`GET B/{id}/documents?tags=&tags_match=all_strict&limit=&offset=` (newest first; each item carries its tags,
`document_metadata` and `retain_params.event_date`, the retain timestamp), `GET …/documents/{doc}` (the text
in `original_text`, null when the server stores no document text), `DELETE …/documents/{doc}` (404 "Document
not found" when absent) and `DELETE B/{id}` (200 even for a missing bank). Imports are plain retains, so one
code path serves both versions and the server re-extracts the facts.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote

from ..errors import BackendRequestError
from ..models import BankInfo, RetainItem, RetainReceipt, TimedOperation
from .base import StoredDocument
from .document_items import retain_items_of
from .hindsight_requests import QueryParams, bank_path
from .hindsight_responses import ResponseReader, is_int

if TYPE_CHECKING:
    import httpx

__all__ = ["HindsightDocuments", "document_from_item"]

DOCUMENTS_PAGE: Final = 100
_MAX_PAGES: Final = 100_000


class HindsightDocuments:
    """The documents half of `HindsightBackend`: the four document methods of `MemoryBackend`."""

    if TYPE_CHECKING:
        _answers: ResponseReader
        _known_banks: set[str]

        async def _send(self, op: str, method: str, path: str, timed: TimedOperation, *, json: Any = None,
                        params: QueryParams | None = None, anonymous: bool = False) -> httpx.Response: ...

        async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt: ...

        async def find_bank(self, bank: str) -> BankInfo | None: ...

    async def iter_documents(self, bank: str, *, tags: Sequence[str] = (),
                             with_content: bool = False) -> AsyncIterator[StoredDocument]:
        """Documents carrying ALL `tags`, one page of 100 in memory at a time; `with_content` reads each one's text.

        Deleting the documents already yielded while iterating is safe: when the total changes between pages the
        next offset moves by the same amount, and an id the previous page yielded is not yielded again (only two
        pages of ids are kept, so memory stays bounded however large the bank).
        """
        path = bank_path(bank, "iter_documents") + "/documents"
        base: tuple[tuple[str, str | int], ...] = tuple(("tags", tag) for tag in dict.fromkeys(t for t in tags if t))
        if base:
            base += (("tags_match", "all_strict"),)
        offset, last_total, previous = 0, None, set[str]()
        for _ in range(_MAX_PAGES):
            data = await self._documents_page(bank, path, (*base, ("limit", DOCUMENTS_PAGE), ("offset", offset)))
            if data is None:
                return
            items, total = data
            if last_total is not None and total != last_total and offset + total - last_total >= 0:
                offset, last_total = offset + total - last_total, total
                continue  # the bank changed between pages: ask again for the window that follows what we saw
            last_total, current = total, set[str]()
            for item in items:
                document = document_from_item(item, self._answers)
                if document.document_id in previous or document.document_id in current:
                    continue
                current.add(document.document_id)
                if with_content:
                    document = await self._with_text(bank, document)
                yield document
            offset, previous = offset + len(items), current
            if not items or offset >= total:
                return
        raise self._answers.shape("iter_documents", f"more than {_MAX_PAGES} pages")

    async def _documents_page(self, bank: str, path: str,
                              params: QueryParams) -> tuple[list[Any], int] | None:
        """One page of the document list (items, total), or None for a missing bank (1.x answers 404)."""
        resp = await self._send("iter_documents", "GET", path, "config", params=params)
        if resp.status_code == 404 and self._answers.is_missing_bank(resp):
            return None
        self._answers.raise_for_status("iter_documents", resp, bank=bank)
        data = self._answers.json_object("iter_documents", resp)
        items, total = data.get("items"), data.get("total")
        if not isinstance(items, list) or not is_int(total):
            raise self._answers.shape("iter_documents", "expected an 'items' list and an integer 'total'")
        return items, total

    async def _with_text(self, bank: str, document: StoredDocument) -> StoredDocument:
        """The document with its stored text (`original_text`; None when the server keeps no text)."""
        resp = await self._send("get_document", "GET", _document_path(bank, document.document_id), "config")
        if resp.status_code == 404 and self._answers.is_missing_bank(resp):
            return document  # deleted since it was listed: keep what the list said
        self._answers.raise_for_status("get_document", resp, bank=bank)
        text = self._answers.json_object("get_document", resp).get("original_text")
        return StoredDocument(document_id=document.document_id, content=text if isinstance(text, str) else None,
                              tags=document.tags, metadata=document.metadata, created_at=document.created_at)

    async def delete_document(self, bank: str, document_id: str) -> bool:
        """`DELETE …/documents/{id}`: the document and its memory units; False when it (or its bank) is absent."""
        resp = await self._send("delete_document", "DELETE", _document_path(bank, document_id), "config")
        if resp.status_code == 404 and self._answers.is_missing_bank(resp):
            return False
        self._answers.raise_for_status("delete_document", resp, bank=bank)
        return True

    async def delete_bank(self, bank: str) -> bool:
        """`DELETE B/{id}` when the bank is listed (the server answers 200 for a missing bank too)."""
        path = bank_path(bank, "delete_bank")
        if await self.find_bank(bank) is None:
            return False
        resp = await self._send("delete_bank", "DELETE", path, "config")
        self._answers.raise_for_status("delete_bank", resp, bank=bank, config=True)
        self._known_banks.discard(bank)
        return True

    async def put_documents(self, bank: str, documents: Sequence[StoredDocument]) -> int:
        """One synchronous retain of the batch: ids, tags, metadata kept, `created_at` as the retain timestamp."""
        items = retain_items_of(documents)
        if not items:
            return 0
        receipt = await self.retain(bank, items)
        return receipt.items_count


def _document_path(bank: str, document_id: str) -> str:
    if not isinstance(document_id, str) or not document_id:
        raise BackendRequestError("document id must be a non-empty string", operation="delete_document")
    return bank_path(bank, "document") + "/documents/" + quote(document_id, safe="")


def document_from_item(item: Any, answers: ResponseReader) -> StoredDocument:
    """A document list item: `id`, `tags`, `document_metadata`, and the retain timestamp (`retain_params.event_date`,
    else the server's `created_at`)."""
    if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"]:
        raise answers.shape("iter_documents", "a document entry has no string 'id'")
    raw_tags, raw_metadata = item.get("tags") or [], item.get("document_metadata") or {}
    if not isinstance(raw_tags, list) or not isinstance(raw_metadata, dict):
        raise answers.shape("iter_documents", "a document's 'tags' is not a list or its metadata not an object")
    params = item.get("retain_params")
    event_date = params.get("event_date") if isinstance(params, dict) else None
    created = event_date if isinstance(event_date, str) and event_date else item.get("created_at")
    return StoredDocument(
        document_id=item["id"], content=None,
        tags=tuple(sorted({tag for tag in raw_tags if isinstance(tag, str)})),  # the server's order varies
        metadata={str(key): str(value) for key, value in raw_metadata.items() if value is not None},
        created_at=created if isinstance(created, str) else None)
