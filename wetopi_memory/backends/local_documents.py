"""LocalBackend's documents: a document is the memories of one bank sharing a document_id.

A mixin of `LocalBackend` (which owns the file and the retain path): list by keyset pages of document ids, delete
a document or a whole bank with its search index, and import through the ordinary retain. It also owns the one
way memories leave a bank's FTS5 index, which retain's replace uses too.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..models import RetainItem, RetainReceipt
from .base import StoredDocument
from .document_items import retain_items_of
from .local_schema import fts_name, fts_source_name, transaction
from .local_search import tag_filter

__all__ = ["LocalDocuments", "indexed_rows_sql", "unindex_documents"]

T = TypeVar("T")

DOCUMENTS_PAGE: Final = 100


def unindex_documents(conn: sqlite3.Connection, key: int, documents: Sequence[str]) -> None:
    """Remove these documents' memories from the bank's index and table (inside the caller's write transaction).

    The index takes its values from the bank's view, and an external-content FTS5 index forgets a row only when
    given the exact values it indexed, so the index goes first.
    """
    fts = fts_name(key)
    by_document = [(key, document) for document in documents]
    indexed = indexed_rows_sql(key)
    conn.executemany(f"INSERT INTO {fts}({fts}, rowid, content, context, pad) SELECT 'delete', * FROM ({indexed})",
                     by_document)
    conn.executemany("DELETE FROM memories WHERE bank_key = ? AND document_id = ?", by_document)


def indexed_rows_sql(key: int) -> str:
    """The values the bank's index holds for one document's memories (parameters: bank key, document id)."""
    return (f"SELECT v.id, v.content, v.context, v.pad FROM memories AS m"
            f" JOIN {fts_source_name(key)} AS v ON v.id = m.id WHERE m.bank_key = ? AND m.document_id = ?")


def _bank_key(conn: sqlite3.Connection, bank: str) -> int | None:
    row = conn.execute("SELECT key FROM banks WHERE bank_id = ?", (bank,)).fetchone()
    return None if row is None else int(row[0])


class LocalDocuments:
    """The documents half of `LocalBackend`: the four document methods of `MemoryBackend`."""

    if TYPE_CHECKING:
        async def _run(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T: ...

        async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt: ...

    async def iter_documents(self, bank: str, *, tags: Sequence[str] = (),
                             with_content: bool = False) -> AsyncIterator[StoredDocument]:
        """Documents in id order carrying ALL `tags`, 100 per read; deleting yielded ones meanwhile is safe (keyset)."""
        tag_sql, tag_params = tag_filter(tags, "all_strict")
        after = ""
        while True:
            page = await self._run("iter_documents", functools.partial(
                _documents_after, bank=bank, after=after, tag_sql=tag_sql, tag_params=tag_params,
                with_content=with_content))
            for document in page:
                yield document
            if len(page) < DOCUMENTS_PAGE:
                return
            after = page[-1].document_id

    async def delete_document(self, bank: str, document_id: str) -> bool:
        """Delete the document's memories (and their index entries); False when it or its bank is absent."""

        def work(conn: sqlite3.Connection) -> bool:
            with transaction(conn):
                key = _bank_key(conn, bank)
                if key is None:
                    return False
                found = conn.execute("SELECT 1 FROM memories WHERE bank_key = ? AND document_id = ? LIMIT 1",
                                     (key, document_id)).fetchone()
                if found is None:
                    return False
                unindex_documents(conn, key, [document_id])
                return True

        return await self._run("delete_document", work)

    async def delete_bank(self, bank: str) -> bool:
        """Drop the bank's index, memories and row in one transaction; False when it does not exist."""

        def work(conn: sqlite3.Connection) -> bool:
            with transaction(conn):
                key = _bank_key(conn, bank)
                if key is None:
                    return False
                conn.execute(f"DROP TABLE IF EXISTS {fts_name(key)}")
                conn.execute(f"DROP VIEW IF EXISTS {fts_source_name(key)}")
                conn.execute("DELETE FROM memories WHERE bank_key = ?", (key,))
                conn.execute("DELETE FROM banks WHERE key = ?", (key,))
                return True

        return await self._run("delete_bank", work)

    async def put_documents(self, bank: str, documents: Sequence[StoredDocument]) -> int:
        """One retain transaction for the batch: ids, tags, metadata kept, `created_at` as the memory's time."""
        items = retain_items_of(documents)
        if not items:
            return 0
        return (await self.retain(bank, items)).items_count


def _documents_after(conn: sqlite3.Connection, *, bank: str, after: str, tag_sql: str, tag_params: dict[str, Any],
                     with_content: bool) -> list[StoredDocument]:
    """The next page of documents with an id above `after`, each assembled from its memories in insertion order."""
    key = _bank_key(conn, bank)
    if key is None:
        return []
    ids = [row[0] for row in conn.execute(
        f"SELECT DISTINCT m.document_id FROM memories AS m WHERE m.bank_key = :bank_key AND m.document_id > :after"
        f" {tag_sql} ORDER BY m.document_id LIMIT :limit",
        {"bank_key": key, "after": after, "limit": DOCUMENTS_PAGE, **tag_params})]
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    rows = conn.execute(f"SELECT document_id, content, tags, metadata, occurred_at FROM memories"
                        f" WHERE bank_key = ? AND document_id IN ({marks}) ORDER BY document_id, id",
                        (key, *ids)).fetchall()
    grouped: dict[str, list[tuple[str, str, str, str]]] = {}
    for document_id, content, tags, metadata, occurred_at in rows:
        grouped.setdefault(document_id, []).append((content, tags, metadata, occurred_at))
    return [_document(document_id, grouped[document_id], with_content) for document_id in ids]


def _document(document_id: str, memories: list[tuple[str, str, str, str]], with_content: bool) -> StoredDocument:
    """One document from its memories: texts joined, tags united in order, the first memory's metadata and time."""
    tags: dict[str, None] = {}
    for _, raw_tags, _, _ in memories:
        tags.update(dict.fromkeys(json.loads(raw_tags)))
    metadata = json.loads(memories[0][2])
    return StoredDocument(
        document_id=document_id,
        content="\n\n".join(memory[0] for memory in memories) if with_content else None,
        tags=tuple(tags), metadata={str(k): str(v) for k, v in metadata.items()}, created_at=memories[0][3])
