"""The embedded zero-setup backend: every bank in one SQLite file, each bank searched by its own FTS5 index."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
import time
import unicodedata
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from ..errors import BackendError, BackendRequestError, BackendUnavailableError
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
from .local_schema import (
    SCHEMA_VERSION,
    create_bank_index,
    enable_wal,
    fts_name,
    fts_source_name,
    migrate,
    primary_code,
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
_MAX_IDLE_CONNECTIONS: Final = 4

# SQLite primary result codes that mean "cannot serve now" rather than "this request is wrong".
_TRANSIENT_CODES: Final = frozenset({
    5,   # SQLITE_BUSY
    6,   # SQLITE_LOCKED
    7,   # SQLITE_NOMEM
    10,  # SQLITE_IOERR
    13,  # SQLITE_FULL
    14,  # SQLITE_CANTOPEN
    15,  # SQLITE_PROTOCOL
})


def _now() -> datetime:
    return datetime.now(UTC)


def _occurred(item: RetainItem, now: datetime) -> tuple[str, float]:
    """When the memory happened (ISO string, epoch seconds); naive timestamps are taken as UTC."""
    when = item.timestamp or now
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.isoformat(), when.timestamp()


class LocalBackend:
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
        self._busy_timeout_ms = busy_timeout_ms
        self._lock = threading.Lock()
        self._schema_lock = threading.Lock()
        self._schema_ready = False
        self._idle: list[sqlite3.Connection] = []
        self._closed = False

    # -- connections ---------------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """Open one configured connection, creating the directory, the file and the schema if needed."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self._busy_timeout_ms / 1000, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            enable_wal(conn, self.path, self._busy_timeout_ms)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA cache_size = -32768")
            conn.execute("PRAGMA mmap_size = 268435456")
            with self._schema_lock:
                if not self._schema_ready:
                    migrate(conn, self.path)
                    self._schema_ready = True
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """Borrow a pooled connection for one operation, so reads in several threads can run at once."""
        with self._lock:
            if self._closed:
                raise BackendError(f"local memory store {self.path}: backend is closed")
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self._open()
        healthy = True
        try:
            yield conn
        finally:
            try:
                if conn.in_transaction:
                    conn.rollback()
            except sqlite3.Error:
                healthy = False  # a connection that cannot roll back is not reused
            with self._lock:
                keep = healthy and not self._closed and len(self._idle) < _MAX_IDLE_CONNECTIONS
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    def _call(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` on a connection in this thread, translating every sqlite/OS failure to a BackendError."""
        try:
            with self._connection() as conn:
                return fn(conn)
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc, operation) from exc

    async def _run(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.to_thread(self._call, operation, fn)

    def _error(self, exc: sqlite3.Error | OSError, operation: str) -> BackendError:
        """One-line BackendError naming the file; busy, locked and I/O failures are transient."""
        reason = (str(exc).splitlines() or [type(exc).__name__])[0]
        message = f"local memory store {self.path}: {operation} failed: {reason}"
        if isinstance(exc, OSError) or primary_code(exc) in _TRANSIENT_CODES:
            return BackendUnavailableError(message, operation=operation)
        return BackendError(message, operation=operation)

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
                fts, source = fts_name(key), fts_source_name(key)
                by_document = [(key, doc) for doc in documents]
                # The index takes its values from the bank's view, and an external-content FTS5 index
                # forgets a row only when given the exact values it indexed.
                indexed = (f"SELECT v.id, v.content, v.context, v.pad FROM memories AS m"
                           f" JOIN {source} AS v ON v.id = m.id WHERE m.bank_key = ? AND m.document_id = ?")
                conn.executemany(f"INSERT INTO {fts}({fts}, rowid, content, context, pad)"
                                 f" SELECT 'delete', * FROM ({indexed})", by_document)
                conn.executemany("DELETE FROM memories WHERE bank_key = ? AND document_id = ?", by_document)
                conn.executemany(
                    "INSERT INTO memories(uid, bank_key, document_id, type, content, context, tags,"
                    " metadata, occurred_at, occurred_ts, created_at)"
                    " VALUES (?, ?, ?, 'world', ?, ?, ?, ?, ?, ?, ?)",
                    [(r[0], key, *r[1:]) for r in rows])
                # Every row these documents now have in this bank was inserted just above.
                conn.executemany(f"INSERT INTO {fts}(rowid, content, context, pad) {indexed}", by_document)
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
        """Open the file and run a cheap query; ok=False with the reason when that fails."""
        started = time.perf_counter()

        def work(conn: sqlite3.Connection) -> str:
            return str(conn.execute("PRAGMA user_version").fetchone()[0])

        try:
            version = await self._run("health", work)
        except BackendError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc),
                                 latency_ms=(time.perf_counter() - started) * 1000)
        return BackendHealth(backend=self.kind, ok=True, detail=str(self.path), version=version,
                             latency_ms=(time.perf_counter() - started) * 1000)

    async def aclose(self) -> None:
        """Close pooled connections; connections still in use close when their operation ends."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()


def _check_bank(bank: str, operation: str) -> None:
    if not isinstance(bank, str) or not bank:
        raise BackendRequestError("bank id must be a non-empty string", operation=operation)
