"""The embedded zero-setup backend: every bank in one SQLite file, each bank searched by its own FTS5 index."""

from __future__ import annotations

import json
import os
import sqlite3
import time
import unicodedata
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from ..errors import BackendError, BackendRequestError
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
from .base import AccessCheck
from .local_documents import LocalDocuments, indexed_rows_sql, unindex_documents
from .local_files import LocalStoreFile
from .local_schema import (
    SCHEMA_VERSION,
    create_bank_index,
    fts_name,
    transaction,
)
from .local_search import (
    RECENCY_SCALE_S,
    RECENCY_WEIGHT,
    build_match,
    clean_tags,
    query_tokens,
    recall_sql,
    score,
    tag_filter,
    within_budget,
)

__all__ = ["REFLECT_UNSUPPORTED", "SCHEMA_VERSION", "LocalBackend"]

T = TypeVar("T")

REFLECT_UNSUPPORTED: Final = (
    "Reflect is not supported by the local backend; use memory_search, or configure a Hindsight backend."
)

# Config every bank starts from; a bank's overrides are laid over it.
DEFAULT_BANK_CONFIG: Final[Mapping[str, Any]] = {}

_BUSY_TIMEOUT_MS: Final = 10_000


def _now() -> datetime:
    return datetime.now(UTC)


def _occurred(item: RetainItem, now: datetime) -> tuple[str, float]:
    """When the memory happened (ISO string, epoch seconds); naive timestamps are taken as UTC."""
    when = item.timestamp or now
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.isoformat(), when.timestamp()


class LocalBackend(LocalDocuments):
    """All banks in one SQLite file (WAL, FTS5 BM25 plus a mild recency boost), safe across processes.

    The local backend has no consolidation: every stored item is a "world" memory, and a recall asking
    for any memory type ("world", "experience", "observation") is served from those world memories.
    Re-retaining a document_id replaces every memory that document had in the bank.

    Isolation: memories share one table, but every bank has its own FTS5 index (`fts_<bank key>`, created
    in the same transaction as the bank row), so neither the rows a search can reach nor the BM25
    statistics (IDF, average length) behind a score depend on any other bank. Each returned row is also
    checked against the bank key, in SQL and again in Python. Every write to `memories` goes through
    this class and updates the bank's index in the same transaction (there are no triggers, which would
    have to test every bank on every write). Scores are in (0, 1]; see `local_search.score`.
    """

    kind = "local"

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = _BUSY_TIMEOUT_MS) -> None:
        self.path = Path(os.fspath(path)).expanduser()
        self._file = LocalStoreFile(self.path, busy_timeout_ms)

    async def _run(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await self._file.run(operation, fn)

    # -- banks ---------------------------------------------------------------------------------------

    @staticmethod
    def _bank_key(conn: sqlite3.Connection, bank: str) -> int | None:
        row = conn.execute("SELECT key FROM banks WHERE bank_id = ?", (bank,)).fetchone()
        return None if row is None else int(row[0])

    @staticmethod
    def _create_bank(conn: sqlite3.Connection, bank: str, name: str) -> int:
        """The bank's key, inserting the bank and its FTS index first if missing (inside a write transaction)."""
        key = LocalBackend._bank_key(conn, bank)
        if key is not None:
            return key
        stamp = _now().isoformat()
        cursor = conn.execute("INSERT INTO banks(bank_id, name, config, created_at, updated_at)"
                              " VALUES (?, ?, '{}', ?, ?)", (bank, name, stamp, stamp))
        key = cursor.lastrowid
        assert key is not None
        create_bank_index(conn, key)
        return key

    @staticmethod
    def _config_state(bank: str, raw: str) -> BankConfigState:
        overrides = json.loads(raw)
        return BankConfigState(bank_id=bank, config={**DEFAULT_BANK_CONFIG, **overrides}, overrides=overrides)

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        """Create the bank if missing and set its display name; never deletes or resets anything."""
        _check_bank(bank, "ensure_bank")

        def work(conn: sqlite3.Connection) -> BankInfo:
            with transaction(conn):
                self._create_bank(conn, bank, name)
                conn.execute("UPDATE banks SET name = ?, updated_at = ? WHERE bank_id = ? AND name <> ?",
                             (name, _now().isoformat(), bank, name))
            return BankInfo(bank_id=bank, name=name)

        return await self._run("ensure_bank", work)

    async def list_banks(self) -> list[BankInfo]:
        """Every bank in the file, ordered by id."""

        def work(conn: sqlite3.Connection) -> list[BankInfo]:
            rows = conn.execute("SELECT bank_id, name FROM banks ORDER BY bank_id").fetchall()
            return [BankInfo(bank_id=r[0], name=r[1]) for r in rows]

        return await self._run("list_banks", work)

    async def get_config(self, bank: str) -> BankConfigState | None:
        """The bank's overrides laid over the (empty) defaults; None when the bank does not exist."""

        def work(conn: sqlite3.Connection) -> BankConfigState | None:
            row = conn.execute("SELECT config FROM banks WHERE bank_id = ?", (bank,)).fetchone()
            return None if row is None else self._config_state(bank, row[0])

        return await self._run("get_config", work)

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        """Merge overrides in one write transaction (None removes a key); creates the bank if missing."""
        _check_bank(bank, "patch_config")
        try:
            json.dumps(dict(updates))
        except (TypeError, ValueError) as exc:
            raise BackendRequestError(f"bank config for {bank!r} is not JSON-serializable: {exc}",
                                      operation="patch_config") from exc

        def work(conn: sqlite3.Connection) -> BankConfigState:
            with transaction(conn):
                self._create_bank(conn, bank, bank)
                raw = conn.execute("SELECT config FROM banks WHERE bank_id = ?", (bank,)).fetchone()[0]
                overrides: dict[str, Any] = json.loads(raw)
                for key, value in updates.items():
                    if value is None:
                        overrides.pop(key, None)
                    else:
                        overrides[key] = value
                merged = json.dumps(overrides, sort_keys=True)
                conn.execute("UPDATE banks SET config = ?, updated_at = ? WHERE bank_id = ?",
                             (merged, _now().isoformat(), bank))
            return self._config_state(bank, merged)

        return await self._run("patch_config", work)

    # -- memories ------------------------------------------------------------------------------------

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """Store a batch in one transaction; each document_id in it replaces that document's old memories."""
        _check_bank(bank, "retain")
        if not items:
            return RetainReceipt(bank=bank, items_count=0)
        now = _now()
        stamp = now.isoformat()
        rows: list[tuple[Any, ...]] = []
        for index, item in enumerate(items):
            content = unicodedata.normalize("NFC", item.content)
            if not content.strip():
                raise BackendRequestError(f"retain item {index} for bank {bank!r} has empty content",
                                          operation="retain")
            if not item.document_id:
                raise BackendRequestError(f"retain item {index} for bank {bank!r} has no document_id",
                                          operation="retain")
            context = unicodedata.normalize("NFC", item.context) if item.context else None
            occurred_at, occurred_ts = _occurred(item, now)
            rows.append((uuid.uuid4().hex, item.document_id, content, context,
                         json.dumps(clean_tags(item.tags)), json.dumps(dict(item.metadata), sort_keys=True),
                         occurred_at, occurred_ts, stamp))
        documents = list(dict.fromkeys(item.document_id for item in items))

        def work(conn: sqlite3.Connection) -> RetainReceipt:
            with transaction(conn):
                key = self._create_bank(conn, bank, bank)
                fts = fts_name(key)
                by_document = [(key, doc) for doc in documents]
                unindex_documents(conn, key, documents)
                conn.executemany(
                    "INSERT INTO memories(uid, bank_key, document_id, type, content, context, tags,"
                    " metadata, occurred_at, occurred_ts, created_at)"
                    " VALUES (?, ?, ?, 'world', ?, ?, ?, ?, ?, ?, ?)",
                    [(r[0], key, *r[1:]) for r in rows])
                # Every row these documents now have in this bank was inserted just above.
                conn.executemany(f"INSERT INTO {fts}(rowid, content, context, pad) {indexed_rows_sql(key)}",
                                 by_document)
            return RetainReceipt(bank=bank, items_count=len(rows))

        return await self._run("retain", work)

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Search one bank's own index by BM25 with a mild recency boost; a missing bank has no memories.

        Scores are in (0, 1] (see `local_search.score`). At least the top hit is returned whatever its length; further
        hits stop at `max_tokens`. A non-positive `limit` or `max_tokens` asks for nothing.
        """
        tag_sql, tag_params = tag_filter(query.tags, query.tags_match)
        if query.limit <= 0 or query.max_tokens <= 0:
            return []
        tokens = query_tokens(query.query)
        match = build_match(tokens)
        if match is None:
            return []

        def work(conn: sqlite3.Connection) -> list[MemoryRecord]:
            key = self._bank_key(conn, bank)
            if key is None:
                return []
            params: dict[str, Any] = {"match": match, "bank_key": key, "limit": query.limit,
                                      "now": time.time(), "rw": RECENCY_WEIGHT, "rs": RECENCY_SCALE_S,
                                      **tag_params}
            rows = conn.execute(recall_sql(fts_name(key), tag_sql), params).fetchall()
            return [MemoryRecord(id=r[1], content=r[2], type=r[3], score=score(float(r[7]), len(tokens)),
                                 tags=tuple(json.loads(r[4])), document_id=r[5], occurred_at=r[6])
                    for r in rows
                    if r[0] == key]  # redundant with the SQL; isolation is worth a second check

        records = await self._run("recall", work)
        return within_budget(records, query.max_tokens)

    async def count(self, bank: str) -> int:
        """How many memories one bank holds (0 for a missing bank)."""

        def work(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT count(*) FROM memories AS m JOIN banks AS b ON b.key = m.bank_key"
                               " WHERE b.bank_id = ?", (bank,)).fetchone()
            return int(row[0])

        return await self._run("count", work)

    async def reflect(self, bank: str, query: str, *, budget: str = "low",
                      max_tokens: int = 2048) -> ReflectAnswer:
        """Say honestly that there is no synthesis here, instead of faking one."""
        return ReflectAnswer(bank=bank, text=REFLECT_UNSUPPORTED, supported=False)

    # -- lifecycle -----------------------------------------------------------------------------------

    async def health(self) -> BackendHealth:
        """Open the file and run SQLite's integrity check (`PRAGMA quick_check`); ok=False with the reason when
        that fails, so a page-damaged file is never reported healthy."""
        started = time.perf_counter()
        try:
            version = await self._run("health", self._file.check)
        except BackendError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc),
                                 latency_ms=(time.perf_counter() - started) * 1000)
        return BackendHealth(backend=self.kind, ok=True, detail=str(self.path), version=version,
                             latency_ms=(time.perf_counter() - started) * 1000)

    async def check_access(self) -> AccessCheck:
        """A local file has no credentials: its file permissions are the only access control."""
        return AccessCheck("no_credentials", "embedded store: no credentials to check")

    async def aclose(self) -> None:
        """Close pooled connections; connections still in use close when their operation ends."""
        self._file.close()


def _check_bank(bank: str, operation: str) -> None:
    if not isinstance(bank, str) or not bank:
        raise BackendRequestError("bank id must be a non-empty string", operation=operation)
