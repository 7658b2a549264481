"""The outbox's SQLite file: schema, transactions, leases' owners and the read-only queries."""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from ..private_files import prepare_private_file
from ..state_db import (
    IntegrityCheckFailed,
    StateFileUnusable,
    bytes_contain,
    problem_of,
    quarantine,
    quick_check,
    reason_of,
    recovery_advice,
    require_sound,
    sqlite_recover_hint,
)
from .observer import RetainObserver, guarded
from .outbox_records import OutboxStats

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
_PAYLOAD_MARKER: Final = b'{"content": '  # how every item payload begins (`item_to_json`)
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
        self._host = self.owner.split(":", 1)[0]
        self._lock = threading.RLock()
        self._busy_timeout_ms = busy_timeout_ms
        self._closed = False
        self._conn: sqlite3.Connection | None = None
        self.problem: StateFileUnusable | None = None
        """Why the file cannot be used (every operation raises it), or None; a damaged file stays unusable."""
        self.last_failure: StateFileUnusable | None = None
        """The latest failure of the file (a full disk, say), until a transaction commits again."""
        self.quarantined: Path | None = None
        """Where a damaged file holding nothing recoverable was kept aside when this outbox started afresh."""
        self._start()
        LIVE_OWNERS.add(self.owner)

    def _start(self) -> None:
        """Open the file; a damaged one is kept aside and replaced only when it holds no queued item."""
        try:
            self.path = prepare_private_file(self.path)
            self._conn = self._connect()
            return
        except (sqlite3.Error, OSError, IntegrityCheckFailed) as exc:
            unusable = self._unusable(exc)
            if unusable is None:
                raise
        if unusable.problem == "damaged" and not self._may_hold_items():
            try:
                self.quarantined = quarantine(self.path)
                log.warning("retain outbox %s was damaged (%s) and held no queued memory: kept aside as %s, "
                            "a fresh outbox started", self.path, unusable.reason, self.quarantined)
                self.path = prepare_private_file(self.path)
                self._conn = self._connect()
                return
            except (sqlite3.Error, OSError, IntegrityCheckFailed) as exc:
                unusable = self._unusable(exc) or unusable
        self.problem = unusable
        log.error("%s", unusable)

    def _connect(self) -> sqlite3.Connection:
        """A configured connection with the schema in place."""
        conn = sqlite3.connect(str(self.path), timeout=self._busy_timeout_ms / 1000, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout={int(self._busy_timeout_ms)}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA secure_delete=ON")  # delivered payloads leave no bytes behind: see _may_hold_items
            require_sound(conn)  # bounded by max_items: milliseconds
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
                         (str(SCHEMA_VERSION),))
            conn.execute("COMMIT")
        except BaseException:
            conn.close()
            raise
        return conn

    def _may_hold_items(self) -> bool:
        """Whether a damaged file may still hold a queued item; when in doubt, yes.

        No: neither the file nor its WAL contains the first bytes of any item payload (freed pages are zeroed,
        `secure_delete`), or the `items` table and its indexes pass `quick_check` and hold no row.
        """
        if not bytes_contain(self.path, _PAYLOAD_MARKER):
            return False
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
            try:
                if quick_check(conn, "items") is not None:
                    return True
                return int(conn.execute("SELECT COUNT(*) FROM items").fetchone()[0]) > 0
            finally:
                conn.close()
        except sqlite3.Error:
            return True

    def _unusable(self, exc: BaseException) -> StateFileUnusable | None:
        """The one-line error a failure of this file becomes, or None when it says nothing about the file."""
        problem = problem_of(exc)
        if problem is None:
            return None
        hint = sqlite_recover_hint(self.path)
        damaged = (f"it may still hold queued memories, so it was kept: stop the processes using it, salvage them "
                   f"with {hint} and move the result in place, or move the file aside to start an empty outbox "
                   f"(its queued memories are then not delivered)")
        return StateFileUnusable("retain outbox", self.path, problem, reason_of(exc),
                                 recovery_advice(problem, damaged=damaged))

    def _usable(self) -> sqlite3.Connection:
        """The open connection; a file that could not be opened for a passing reason (disk full) is retried."""
        if self._closed:
            raise RuntimeError("the outbox is closed")
        if self._conn is None and self.problem is not None and self.problem.problem != "damaged":
            self.problem = None
            self._start()
        if self.problem is not None:
            raise self.problem
        assert self._conn is not None
        return self._conn

    def _failed(self, exc: sqlite3.Error | OSError) -> StateFileUnusable | None:
        """Turn a failure into its one-line error; damage is remembered, so later calls fail at once."""
        unusable = self._unusable(exc)
        if unusable is not None:
            self.last_failure = unusable
            if unusable.problem == "damaged":
                self.problem = unusable
                log.error("%s", unusable)
        return unusable

    @property
    def trouble(self) -> StateFileUnusable | None:
        """What is wrong with the file now, for status and metrics: unusable, or its latest failed write."""
        return self.problem or self.last_failure

    def __repr__(self) -> str:
        return f"Outbox(path={str(self.path)!r}, max_items={self.max_items})"

    # ------------------------------------------------------------------------------------------ plumbing

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One BEGIN IMMEDIATE transaction; a failure of the file leaves nothing half-written and raises one line."""
        with self._lock:
            conn = self._usable()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    conn.execute("COMMIT")
                    self.last_failure = None
                finally:
                    if conn.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            conn.execute("ROLLBACK")
            except (sqlite3.Error, OSError) as exc:
                unusable = self._failed(exc)
                if unusable is None:
                    raise
                raise unusable from exc

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            conn = self._usable()
            try:
                return list(conn.execute(sql, params).fetchall())
            except (sqlite3.Error, OSError) as exc:
                unusable = self._failed(exc)
                if unusable is None:
                    raise
                raise unusable from exc

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
                if self._conn is not None:
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
        """Seconds until the next batch becomes due (0 if one is due now), None if nothing is queued (or the file
        is unusable: nothing can be delivered from it)."""
        if self.problem is not None:
            return None
        now = self.clock()
        rows = self._read("SELECT MIN(next_attempt_at) FROM batches WHERE status = 'pending'")
        pending = rows[0][0]
        lease = self._read("SELECT MIN(lease_until) FROM batches WHERE status = 'inflight'")[0][0]
        candidates = [float(v) for v in (pending, lease) if v is not None]
        if not candidates:
            return None
        return max(0.0, min(candidates) - now)
