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

import logging
import os
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from ..config import Config
from .outbox_records import ClaimedBatch, EnqueueResult, OutboxItem, default_outbox_path, item_from_json, item_to_json
from .outbox_store import LIVE_OWNERS, OutboxStore, pid_alive

__all__ = ["Outbox"]

log = logging.getLogger(__name__)


class Outbox(OutboxStore):
    """A durable, bounded, multi-process queue of retain batches. Thread-safe."""

    @classmethod
    def for_config(cls, config: Config, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Outbox:
        """The outbox a configuration names, with its `max_items`."""
        return cls(default_outbox_path(config, environ), max_items=config.retain.outbox.max_items, **kwargs)

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
                      item_to_json(e.item)) for pos, e in enumerate(admitted)])
                self._bump(conn, "enqueued", len(admitted))
            if refused:
                self._bump(conn, "refused", len(refused))
                self._event(conn, "refused", scope, "outbox_full", len(refused),
                            f"max_items={self.max_items}, nothing evictable left")
        for _ in refused:
            self.observer.on_drop("outbox_full")
        if refused:
            log.warning("retain outbox full: refused %d new %s item(s) (max_items=%d)", len(refused), scope,
                        self.max_items)
        self.observer.on_queue_depth(self.depth())
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
            self.observer.on_drop("outbox_evicted")
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
                            attempts=int(meta[4]), items=tuple(item_from_json(p[0]) for p in payloads),
                            created_at=float(meta[5]))

    def _lease_stale(self, owner: str | None, until: float | None, now: float) -> bool:
        if owner is None or until is None or until <= now:
            return True
        host, _, rest = owner.partition(":")
        pid_text = rest.split(":", 1)[0]
        if host == self._host and pid_text.isdigit():
            pid = int(pid_text)
            if pid == os.getpid():
                return owner not in LIVE_OWNERS  # an Outbox of this very process that was closed
            return not pid_alive(pid)
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
        self.observer.on_queue_depth(self.depth())

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
        self.observer.on_queue_depth(self.depth())

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
