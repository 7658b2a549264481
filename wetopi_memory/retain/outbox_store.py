"""The outbox's SQLite file: schema, transactions, leases' owners and the read-only queries."""

from __future__ import annotations

import logging
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from .observer import RetainObserver, guarded
from .outbox_records import OutboxStats

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL,
    bank TEXT NOT NULL,
    backend TEXT NOT NULL,
    origin TEXT NOT NULL,
    group_key TEXT NOT NULL,
    created_at REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL,
    lease_owner TEXT,
    lease_until REAL,
    last_error TEXT
);
CREATE INDEX IF NOT EXISTS batches_due ON batches (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS items (
    bank TEXT NOT NULL,
    document_id TEXT NOT NULL,
    batch_id INTEGER NOT NULL REFERENCES batches(id),
    scope TEXT NOT NULL,
    position INTEGER NOT NULL,
    durability REAL NOT NULL,
    evictable INTEGER NOT NULL,
    created_at REAL NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (bank, document_id)
);
CREATE INDEX IF NOT EXISTS items_batch ON items (batch_id, position);
CREATE INDEX IF NOT EXISTS items_evictable ON items (evictable, created_at);
CREATE TABLE IF NOT EXISTS delivered (
    bank TEXT NOT NULL,
    document_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    delivered_at REAL NOT NULL,
    PRIMARY KEY (bank, document_id)
);
CREATE INDEX IF NOT EXISTS delivered_at ON delivered (delivered_at);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    scope TEXT NOT NULL,
    reason TEXT NOT NULL,
    count INTEGER NOT NULL,
    detail TEXT
);
"""


LIVE_OWNERS: set[str] = set()   # owner tokens of the Outbox objects open in this process


def _owner_token() -> str:
    return f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return True
    return True


class OutboxStore:
    """The outbox file and what can be read from it without changing the queue. Thread-safe."""


    def __init__(self, path: str | os.PathLike[str], *, max_items: int = 10_000, lease_seconds: float = 120.0,
                 ledger_max: int = 200_000, observer: RetainObserver | None = None,
                 clock: Callable[[], float] = time.time, busy_timeout_ms: int = 10_000) -> None:
        if max_items < 1:
            raise ValueError("max_items must be at least 1")
        self.path = Path(path)
        self.max_items = max_items
        self.lease_seconds = lease_seconds
        self.ledger_max = ledger_max
        self.observer: RetainObserver = guarded(observer)
        self.clock = clock
        self.owner = _owner_token()
        LIVE_OWNERS.add(self.owner)
        self._host = self.owner.split(":", 1)[0]
        self._lock = threading.RLock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(self.path), timeout=busy_timeout_ms / 1000, isolation_level=None,
                                     check_same_thread=False)
        self._conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._closed = False
        with self._tx() as conn:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
                         (str(SCHEMA_VERSION),))
        with suppress(OSError):
            os.chmod(self.path, 0o600)

    def __repr__(self) -> str:
        return f"Outbox(path={str(self.path)!r}, max_items={self.max_items})"

    # ------------------------------------------------------------------------------------------ plumbing

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise RuntimeError("the outbox is closed")
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._conn.execute(sql, params).fetchall())

    @staticmethod
    def _bump(conn: sqlite3.Connection, name: str, by: int = 1) -> None:
        if by:
            conn.execute("INSERT INTO counters (name, value) VALUES (?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value", (name, by))

    def _event(self, conn: sqlite3.Connection, kind: str, scope: str, reason: str, count: int,
               detail: str | None = None) -> None:
        conn.execute("INSERT INTO events (at, kind, scope, reason, count, detail) VALUES (?, ?, ?, ?, ?, ?)",
                     (self.clock(), kind, scope, reason, count, detail))
        conn.execute("DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - 1000")

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()
                LIVE_OWNERS.discard(self.owner)

    # ------------------------------------------------------------------------------------------ queries

    def known(self, bank: str, document_id: str) -> bool:
        """Whether this document is already queued, in flight, failed-and-kept or delivered (duplicate check)."""
        rows = self._read("SELECT 1 FROM items WHERE bank = ? AND document_id = ? UNION ALL "
                          "SELECT 1 FROM delivered WHERE bank = ? AND document_id = ? LIMIT 1",
                          (bank, document_id, bank, document_id))
        return bool(rows)

    def delivered(self, bank: str, document_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM delivered WHERE bank = ? AND document_id = ?", (bank, document_id)))

    def state_of(self, bank: str, document_id: str) -> str | None:
        """`pending`, `inflight`, `failed`, `delivered` or None."""
        rows = self._read("SELECT b.status FROM items i JOIN batches b ON b.id = i.batch_id "
                          "WHERE i.bank = ? AND i.document_id = ?", (bank, document_id))
        if rows:
            return str(rows[0][0])
        return "delivered" if self.delivered(bank, document_id) else None

    def depth(self) -> int:
        """Items waiting for delivery (queued or in flight); failed items are counted by `stats().failed`."""
        rows = self._read("SELECT COUNT(*) FROM items i JOIN batches b ON b.id = i.batch_id "
                          "WHERE b.status IN ('pending', 'inflight')")
        return int(rows[0][0])

    def size(self) -> int:
        """Every item held, failed ones included (what `max_items` bounds)."""
        return int(self._read("SELECT COUNT(*) FROM items")[0][0])

    def oldest_age_seconds(self) -> float | None:
        """Age of the oldest item waiting for delivery, or None when nothing waits."""
        rows = self._read("SELECT MIN(created_at) FROM batches WHERE status IN ('pending', 'inflight')")
        oldest = rows[0][0]
        return None if oldest is None else max(0.0, self.clock() - float(oldest))

    def counters(self) -> dict[str, int]:
        return {str(k): int(v) for k, v in self._read("SELECT name, value FROM counters")}

    def stats(self) -> OutboxStats:
        counters = self.counters()
        failed = int(self._read("SELECT COUNT(*) FROM items i JOIN batches b ON b.id = i.batch_id "
                                "WHERE b.status = 'failed'")[0][0])
        batches = int(self._read("SELECT COUNT(*) FROM batches WHERE status IN ('pending', 'inflight')")[0][0])
        return OutboxStats(path=str(self.path), depth=self.depth(), batches=batches, failed=failed,
                           oldest_age_seconds=self.oldest_age_seconds(), max_items=self.max_items,
                           delivered_total=counters.get("delivered", 0),
                           evicted_total=counters.get("evicted", 0), refused_total=counters.get("refused", 0),
                           counters=counters)

    def events(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest evictions, refusals and failures (newest first): counted and explained, never content."""
        rows = self._read("SELECT at, kind, scope, reason, count, detail FROM events ORDER BY id DESC LIMIT ?",
                          (limit,))
        return [{"at": r[0], "kind": r[1], "scope": r[2], "reason": r[3], "count": r[4], "detail": r[5]}
                for r in rows]

    def failed(self) -> list[dict[str, Any]]:
        """Batches kept after a client error, with their reason and document ids."""
        rows = self._read("SELECT id, scope, attempts, last_error, created_at FROM batches WHERE status = 'failed' "
                          "ORDER BY id")
        out = []
        for batch_id, scope, attempts, error, created in rows:
            docs = [r[0] for r in self._read("SELECT document_id FROM items WHERE batch_id = ? ORDER BY position",
                                             (batch_id,))]
            out.append({"batch_id": batch_id, "scope": scope, "attempts": attempts, "error": error,
                        "created_at": created, "document_ids": docs})
        return out

    def next_due_in(self) -> float | None:
        """Seconds until the next batch becomes due (0 if one is due now), None if nothing is queued."""
        now = self.clock()
        rows = self._read("SELECT MIN(next_attempt_at) FROM batches WHERE status = 'pending'")
        pending = rows[0][0]
        lease = self._read("SELECT MIN(lease_until) FROM batches WHERE status = 'inflight'")[0][0]
        candidates = [float(v) for v in (pending, lease) if v is not None]
        if not candidates:
            return None
        return max(0.0, min(candidates) - now)
