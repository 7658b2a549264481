"""The durable retain outbox: every accepted batch is on disk until its backend confirms it.

One SQLite file in WAL mode (`retain.outbox.path`, default `<state_dir>/outbox.db`), safe for several processes
(the Hermes plugin and the CLI) at once:

* `enqueue` writes a batch and its items in one transaction (`synchronous=FULL`): once it returns, a crash
  (`kill -9`, power loss) cannot lose them. Items are keyed by (bank, document_id): the same memory is never
  queued twice, and a re-delivery after a crash replaces the same document on the backend (idempotent).
* A worker `claim`s a due batch under a lease (owner = host:pid:token, `lease_seconds`); a lease whose owner
  process is gone, or that expired, is reclaimed, so a batch in flight when its process died is delivered by
  the next process that opens the outbox.
* `complete` moves the items to the `delivered` ledger (kept for duplicate detection, trimmed to
  `ledger_max` newest ids) and deletes the batch; `retry_later` reschedules with the error recorded;
  `fail` keeps the batch as `failed` with its reason (a client error is not retried forever, and not lost:
  `failed()` lists it, `requeue_failed()` puts it back).
* **Bounded, never silently.** At most `max_items` items (queued, in flight or failed). When a new batch does not
  fit, the oldest *evictable* items (scopes whose policy says evictable, i.e. `personal`, with durability below
  0.85) are evicted first; if that is not enough, the new items are refused with `outbox_full`. Accepted
  platform/business memory is never dropped to make room. Every eviction and refusal is counted (`stats()`),
  logged as an event (`events()`) and reported to the observer (`on_drop`).

The file holds memory content that already passed the policy engine (no secrets: those are rejected before
anything is written here) and never anything the policy rejected.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from ..config import Config, state_dir
from ..models import RetainItem

__all__ = [
    "ClaimedBatch",
    "EnqueueResult",
    "NullObserver",
    "Outbox",
    "OutboxItem",
    "OutboxStats",
    "RetainObserver",
    "default_outbox_path",
]

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


class RetainObserver(Protocol):
    """Metrics hooks of the retain pipeline. Implementations must be cheap and must not raise (errors are
    swallowed and logged by the caller)."""

    def on_retain(self, scope: str, status: str) -> None:
        """A batch's items changed state: `queued`, `delivered`, `retry`, `failed`."""

    def on_rejected(self, scope: str, reason: str) -> None:
        """A candidate was rejected; one call per reason code (secret reasons as `secret_detected`)."""

    def on_batch(self, scope: str, size: int) -> None:
        """A per-scope batch of `size` items was formed (at most one per scope per turn)."""

    def on_queue_depth(self, n: int) -> None:
        """Items waiting in the outbox (queued or in flight), after every change."""

    def on_drop(self, reason: str) -> None:
        """An item was evicted or refused for room (`outbox_evicted`, `outbox_full`), or evidence overflowed."""


class NullObserver:
    """The default observer: does nothing."""

    def on_retain(self, scope: str, status: str) -> None:
        return None

    def on_rejected(self, scope: str, reason: str) -> None:
        return None

    def on_batch(self, scope: str, size: int) -> None:
        return None

    def on_queue_depth(self, n: int) -> None:
        return None

    def on_drop(self, reason: str) -> None:
        return None


def notify(observer: RetainObserver, method: str, *args: Any) -> None:
    """Call an observer hook; an observer bug never breaks retain."""
    try:
        getattr(observer, method)(*args)
    except Exception as exc:  # the observer is foreign code
        log.warning("retain observer %s failed: %s", method, type(exc).__name__)


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
    def fates(self) -> dict[str, str]:
        out = {d: "queued" for d in self.admitted}
        out.update({d: "duplicate" for d in self.duplicates})
        out.update({d: "outbox_full" for d in self.refused})
        return out


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


_LIVE_OWNERS: set[str] = set()   # owner tokens of the Outbox objects open in this process


def _owner_token() -> str:
    return f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return True
    return True


def _item_to_json(item: RetainItem) -> str:
    return json.dumps({"content": item.content, "document_id": item.document_id, "context": item.context,
                       "timestamp": item.timestamp.isoformat() if item.timestamp else None,
                       "tags": list(item.tags), "metadata": dict(item.metadata)}, ensure_ascii=False)


def _item_from_json(raw: str) -> RetainItem:
    data = json.loads(raw)
    stamp = data.get("timestamp")
    return RetainItem(content=data["content"], document_id=data["document_id"], context=data.get("context"),
                      timestamp=datetime.fromisoformat(stamp) if stamp else None, tags=tuple(data.get("tags") or ()),
                      metadata={str(k): str(v) for k, v in (data.get("metadata") or {}).items()})


class Outbox:
    """A durable, bounded, multi-process queue of retain batches. Thread-safe."""

    def __init__(self, path: str | os.PathLike[str], *, max_items: int = 10_000, lease_seconds: float = 120.0,
                 ledger_max: int = 200_000, observer: RetainObserver | None = None,
                 clock: Callable[[], float] = time.time, busy_timeout_ms: int = 10_000) -> None:
        if max_items < 1:
            raise ValueError("max_items must be at least 1")
        self.path = Path(path)
        self.max_items = max_items
        self.lease_seconds = lease_seconds
        self.ledger_max = ledger_max
        self.observer: RetainObserver = observer or NullObserver()
        self.clock = clock
        self.owner = _owner_token()
        _LIVE_OWNERS.add(self.owner)
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

    @classmethod
    def for_config(cls, config: Config, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Outbox:
        """The outbox a configuration names, with its `max_items`."""
        return cls(default_outbox_path(config, environ), max_items=config.retain.outbox.max_items, **kwargs)

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
                _LIVE_OWNERS.discard(self.owner)

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

    # ------------------------------------------------------------------------------------------ writes

    def enqueue(self, *, scope: str, bank: str, backend: str, items: Sequence[OutboxItem], origin: str = "turn",
                group_key: str = "", lease: bool = False) -> EnqueueResult:
        """Durably queue one batch for one bank. Known document ids are skipped (`duplicates`); when the outbox is
        full, evictable items make room first and what still does not fit is refused (`refused`), counted."""
        now = self.clock()
        with self._tx() as conn:
            fresh: list[OutboxItem] = []
            duplicates: list[str] = []
            seen: set[str] = set()
            for entry in items:
                doc = entry.item.document_id
                row = conn.execute("SELECT 1 FROM items WHERE bank = ? AND document_id = ? UNION ALL "
                                   "SELECT 1 FROM delivered WHERE bank = ? AND document_id = ? LIMIT 1",
                                   (bank, doc, bank, doc)).fetchone()
                if row is not None or doc in seen:
                    duplicates.append(doc)
                else:
                    seen.add(doc)
                    fresh.append(entry)
            # Non-evictable items are admitted first, then evictable ones, each group in the given order.
            fresh.sort(key=lambda e: e.evictable)
            held = int(conn.execute("SELECT COUNT(*) FROM items").fetchone()[0])
            room = self.max_items - held
            evicted = 0
            need = len(fresh) - room
            if need > 0:
                evicted = self._evict(conn, need, now)
                room += evicted
            admitted = fresh[:max(room, 0)]
            refused = fresh[max(room, 0):]
            batch_id: int | None = None
            if admitted:
                cur = conn.execute(
                    "INSERT INTO batches (scope, bank, backend, origin, group_key, created_at, status, attempts, "
                    "next_attempt_at, lease_owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                    (scope, bank, backend, origin, group_key, now, "inflight" if lease else "pending", now,
                     self.owner if lease else None, now + self.lease_seconds if lease else None))
                batch_id = int(cur.lastrowid or 0)
                conn.executemany(
                    "INSERT INTO items (bank, document_id, batch_id, scope, position, durability, evictable, "
                    "created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(bank, e.item.document_id, batch_id, scope, pos, float(e.durability), int(e.evictable), now,
                      _item_to_json(e.item)) for pos, e in enumerate(admitted)])
                self._bump(conn, "enqueued", len(admitted))
            if refused:
                self._bump(conn, "refused", len(refused))
                self._event(conn, "refused", scope, "outbox_full", len(refused),
                            f"max_items={self.max_items}, nothing evictable left")
        for _ in refused:
            notify(self.observer, "on_drop", "outbox_full")
        if refused:
            log.warning("retain outbox full: refused %d new %s item(s) (max_items=%d)", len(refused), scope,
                        self.max_items)
        notify(self.observer, "on_queue_depth", self.depth())
        return EnqueueResult(batch_id=batch_id, admitted=tuple(e.item.document_id for e in admitted),
                             duplicates=tuple(duplicates), refused=tuple(e.item.document_id for e in refused),
                             evicted=evicted)

    def _evict(self, conn: sqlite3.Connection, need: int, now: float) -> int:
        """Evict up to `need` of the oldest evictable items that are not in flight; counted per scope."""
        rows = conn.execute(
            "SELECT i.bank, i.document_id, i.batch_id, i.scope FROM items i JOIN batches b ON b.id = i.batch_id "
            "WHERE i.evictable = 1 AND b.status != 'inflight' ORDER BY i.created_at, i.batch_id, i.position "
            "LIMIT ?", (need,)).fetchall()
        if not rows:
            return 0
        per_scope: dict[str, int] = {}
        batches: set[int] = set()
        for bank, doc, batch_id, scope in rows:
            conn.execute("DELETE FROM items WHERE bank = ? AND document_id = ?", (bank, doc))
            per_scope[scope] = per_scope.get(scope, 0) + 1
            batches.add(int(batch_id))
        for batch_id in batches:
            conn.execute("DELETE FROM batches WHERE id = ? AND NOT EXISTS (SELECT 1 FROM items WHERE batch_id = ?)",
                         (batch_id, batch_id))
        for scope, count in per_scope.items():
            self._bump(conn, "evicted", count)
            self._bump(conn, f"evicted:{scope}", count)
            self._event(conn, "evicted", scope, "outbox_full", count,
                        f"oldest low-durability {scope} items evicted to make room (max_items={self.max_items})")
            log.warning("retain outbox full: evicted %d oldest low-durability %s item(s)", count, scope)
        for _ in rows:
            notify(self.observer, "on_drop", "outbox_evicted")
        return len(rows)

    def claim(self, *, exclude_backends: Sequence[str] = (), batch_id: int | None = None) -> ClaimedBatch | None:
        """Lease the oldest due batch (or `batch_id`), reclaiming leases of dead or expired owners."""
        now = self.clock()
        with self._tx() as conn:
            if batch_id is not None:
                rows = conn.execute("SELECT id, status, lease_owner, lease_until, backend FROM batches WHERE id = ?",
                                    (batch_id,)).fetchall()
            else:
                rows = conn.execute(
                    "SELECT id, status, lease_owner, lease_until, backend FROM batches "
                    "WHERE (status = 'pending' AND next_attempt_at <= ?) OR status = 'inflight' "
                    "ORDER BY next_attempt_at, id LIMIT 200", (now,)).fetchall()
            chosen: tuple[Any, ...] | None = None
            for row in rows:
                bid, status, owner, until, backend = row
                if backend in exclude_backends:
                    continue
                if status == "inflight" and owner != self.owner and not self._lease_stale(owner, until, now):
                    continue
                if status == "inflight" and owner == self.owner and batch_id is None:
                    continue  # this process is delivering it right now
                if status == "failed":
                    continue
                chosen = row
                break
            if chosen is None:
                return None
            bid = int(chosen[0])
            if chosen[1] == "inflight" and chosen[2] != self.owner:
                self._bump(conn, "reclaimed")
            conn.execute("UPDATE batches SET status = 'inflight', lease_owner = ?, lease_until = ? WHERE id = ?",
                         (self.owner, now + self.lease_seconds, bid))
            meta = conn.execute("SELECT scope, bank, backend, origin, attempts, created_at FROM batches WHERE id = ?",
                                (bid,)).fetchone()
            payloads = conn.execute("SELECT payload FROM items WHERE batch_id = ? ORDER BY position",
                                    (bid,)).fetchall()
        if not payloads:
            self._delete_empty(bid)
            return None
        return ClaimedBatch(id=bid, scope=meta[0], bank=meta[1], backend=meta[2], origin=meta[3],
                            attempts=int(meta[4]), items=tuple(_item_from_json(p[0]) for p in payloads),
                            created_at=float(meta[5]))

    def _lease_stale(self, owner: str | None, until: float | None, now: float) -> bool:
        if owner is None or until is None or until <= now:
            return True
        host, _, rest = owner.partition(":")
        pid_text = rest.split(":", 1)[0]
        if host == self._host and pid_text.isdigit():
            pid = int(pid_text)
            if pid == os.getpid():
                return owner not in _LIVE_OWNERS  # an Outbox of this very process that was closed
            return not _pid_alive(pid)
        return False

    def _delete_empty(self, batch_id: int) -> None:
        with self._tx() as conn:
            conn.execute("DELETE FROM batches WHERE id = ? AND NOT EXISTS (SELECT 1 FROM items WHERE batch_id = ?)",
                         (batch_id, batch_id))

    def complete(self, batch: ClaimedBatch) -> None:
        """The backend confirmed the batch: record its documents as delivered and forget the batch."""
        now = self.clock()
        with self._tx() as conn:
            docs = conn.execute("SELECT bank, document_id, scope FROM items WHERE batch_id = ?",
                                (batch.id,)).fetchall()
            conn.executemany("INSERT OR REPLACE INTO delivered (bank, document_id, scope, delivered_at) "
                             "VALUES (?, ?, ?, ?)", [(b, d, s, now) for b, d, s in docs])
            conn.execute("DELETE FROM items WHERE batch_id = ?", (batch.id,))
            conn.execute("DELETE FROM batches WHERE id = ?", (batch.id,))
            self._bump(conn, "delivered", len(docs))
            self._bump(conn, "delivered_batches")
            total = int(conn.execute("SELECT COUNT(*) FROM delivered").fetchone()[0])
            if total > self.ledger_max:
                conn.execute("DELETE FROM delivered WHERE rowid IN (SELECT rowid FROM delivered "
                             "ORDER BY delivered_at LIMIT ?)", (total - self.ledger_max,))
        notify(self.observer, "on_queue_depth", self.depth())

    def retry_later(self, batch: ClaimedBatch, error: str, delay: float) -> None:
        """A transient failure: release the lease and try again in `delay` seconds."""
        now = self.clock()
        with self._tx() as conn:
            conn.execute("UPDATE batches SET status = 'pending', attempts = attempts + 1, next_attempt_at = ?, "
                         "lease_owner = NULL, lease_until = NULL, last_error = ? WHERE id = ?",
                         (now + max(delay, 0.0), error[:500], batch.id))
            self._bump(conn, "retries")

    def fail(self, batch: ClaimedBatch, error: str) -> None:
        """A permanent failure (client error): keep the batch, visible, with its reason; never retried alone."""
        with self._tx() as conn:
            conn.execute("UPDATE batches SET status = 'failed', attempts = attempts + 1, lease_owner = NULL, "
                         "lease_until = NULL, last_error = ? WHERE id = ?", (error[:500], batch.id))
            count = int(conn.execute("SELECT COUNT(*) FROM items WHERE batch_id = ?", (batch.id,)).fetchone()[0])
            self._bump(conn, "failed", count)
            self._event(conn, "failed", batch.scope, "client_error", count, error[:300])
        notify(self.observer, "on_queue_depth", self.depth())

    def release(self, batch: ClaimedBatch) -> None:
        """Give a leased batch back untouched (e.g. on shutdown)."""
        with self._tx() as conn:
            conn.execute("UPDATE batches SET status = 'pending', lease_owner = NULL, lease_until = NULL "
                         "WHERE id = ? AND lease_owner = ?", (batch.id, self.owner))

    def requeue_failed(self) -> int:
        """Put every failed batch back in the queue (after the cause was fixed); returns how many."""
        now = self.clock()
        with self._tx() as conn:
            cur = conn.execute("UPDATE batches SET status = 'pending', next_attempt_at = ? WHERE status = 'failed'",
                               (now,))
            return int(cur.rowcount or 0)
