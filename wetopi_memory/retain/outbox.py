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
from ..source_refs import SOURCE_REF_METADATA_KEY, SOURCE_REF_TAG_PREFIX
from .outbox_records import (
    ClaimedBatch,
    EnqueueResult,
    OutboxItem,
    OutboxSelection,
    default_outbox_path,
    item_from_json,
    item_to_json,
)
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
                group_key: str = "", lease: bool = False, join: bool = False,
                not_before: float | None = None) -> EnqueueResult:
        """Durably queue one batch for one bank. Known document ids are skipped (`duplicates`); when the outbox is
        full, evictable items make room first and what still does not fit is refused (`refused`), counted.

        With `join`, the items join this group's pending batch for the same bank (a turn's explicit retains and
        its automatic one: one request, A6); `not_before` holds the batch back until then (or `release_group`)."""
        now = self.clock()
        due = now if not_before is None else max(now, not_before)
        with self._tx() as conn:
            fresh, duplicates = self._fresh(conn, bank, items)
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
                joined = self._joinable(conn, group_key, bank, backend) if join and not lease else None
                if joined is None:
                    batch_id = self._new_batch(conn, scope=scope, bank=bank, backend=backend, origin=origin,
                                               group_key=group_key, due=due, lease=lease, now=now)
                    first = 0
                else:
                    batch_id, first = joined
                    conn.execute("UPDATE batches SET next_attempt_at = MIN(next_attempt_at, ?), origin = "
                                 "CASE WHEN ? = 'turn' THEN 'turn' ELSE origin END WHERE id = ?",
                                 (due, origin, batch_id))
                conn.executemany(
                    "INSERT INTO items (bank, document_id, batch_id, scope, position, durability, evictable, "
                    "created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(bank, e.item.document_id, batch_id, scope, first + pos, float(e.durability), int(e.evictable),
                      now, item_to_json(e.item)) for pos, e in enumerate(admitted)])
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

    @staticmethod
    def _fresh(conn: sqlite3.Connection, bank: str,
               items: Sequence[OutboxItem]) -> tuple[list[OutboxItem], list[str]]:
        """The items not yet queued nor delivered (non-evictable first, each group in order), and the duplicates."""
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
        fresh.sort(key=lambda e: e.evictable)
        return fresh, duplicates

    @staticmethod
    def _joinable(conn: sqlite3.Connection, group_key: str, bank: str, backend: str) -> tuple[int, int] | None:
        """This group's pending batch for the bank, and the next item position in it; None when there is none."""
        if not group_key:
            return None
        row = conn.execute("SELECT b.id, COALESCE(MAX(i.position) + 1, 0) FROM batches b LEFT JOIN items i "
                           "ON i.batch_id = b.id WHERE b.group_key = ? AND b.bank = ? AND b.backend = ? "
                           "AND b.status = 'pending' AND b.attempts = 0 GROUP BY b.id ORDER BY b.id LIMIT 1",
                           (group_key, bank, backend)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def _new_batch(self, conn: sqlite3.Connection, *, scope: str, bank: str, backend: str, origin: str,
                   group_key: str, due: float, lease: bool, now: float) -> int:
        cur = conn.execute(
            "INSERT INTO batches (scope, bank, backend, origin, group_key, created_at, status, attempts, "
            "next_attempt_at, lease_owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            (scope, bank, backend, origin, group_key, now, "inflight" if lease else "pending", due,
             self.owner if lease else None, now + self.lease_seconds if lease else None))
        return int(cur.lastrowid or 0)

    def release_group(self, group_key: str) -> int:
        """Make a group's held batches due now (its turn ended); returns how many were released."""
        now = self.clock()
        with self._tx() as conn:
            cur = conn.execute("UPDATE batches SET next_attempt_at = ? WHERE group_key = ? AND status = 'pending' "
                               "AND next_attempt_at > ? AND attempts = 0", (now, group_key, now))
            return int(cur.rowcount or 0)

    def release_groups_with_prefix(self, prefix: str) -> int:
        """Make every held batch whose group key starts with `prefix` due now (its session ended)."""
        now = self.clock()
        with self._tx() as conn:
            cur = conn.execute("UPDATE batches SET next_attempt_at = ? WHERE substr(group_key, 1, ?) = ? "
                               "AND status = 'pending' AND next_attempt_at > ? AND attempts = 0",
                               (now, len(prefix), prefix, now))
            return int(cur.rowcount or 0)

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
        """Lease the oldest due batch (or `batch_id`), reclaiming leases of dead or expired owners. Nothing is
        claimable from a damaged file: its writers and `status` say so, and the worker does not spin on it."""
        if self.problem is not None:
            return None
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

    def matching(self, selection: OutboxSelection) -> list[tuple[str, str]]:
        """The (bank, document_id) of every held item (queued, in flight or failed) the selection names."""
        where, params = _selection_sql(selection)
        if not where:
            return []
        return [(str(b), str(d)) for b, d in self._read(f"SELECT bank, document_id FROM items WHERE {where} "
                                                         "ORDER BY bank, document_id", params)]

    def purge(self, selection: OutboxSelection) -> list[tuple[str, str]]:
        """Delete the selected items (a forget: nothing of theirs is delivered after it) and their batches once
        empty, and forget them in the delivered ledger too; returns what was purged, counted as `purged`."""
        where, params = _selection_sql(selection)
        if not where:
            return []
        with self._tx() as conn:
            rows = [(str(b), str(d), int(i)) for b, d, i in conn.execute(
                f"SELECT bank, document_id, batch_id FROM items WHERE {where}", params).fetchall()]
            conn.executemany("DELETE FROM items WHERE bank = ? AND document_id = ?", [(b, d) for b, d, _ in rows])
            conn.executemany("DELETE FROM batches WHERE id = ? AND NOT EXISTS (SELECT 1 FROM items WHERE "
                             "batch_id = ?)", [(i, i) for i in {i for _, _, i in rows}])
            conn.executemany("DELETE FROM delivered WHERE bank = ?", [(b,) for b in selection.banks])
            conn.executemany("DELETE FROM delivered WHERE bank = ? AND document_id = ?", selection.documents)
            if selection.source_ref:  # document ids embed the ref's digest where the retain builds them
                conn.execute("DELETE FROM delivered WHERE instr(document_id, ?) > 0",
                             (selection.source_ref.removeprefix(SOURCE_REF_TAG_PREFIX),))
            self._bump(conn, "purged", len(rows))
        self.observer.on_queue_depth(self.depth())
        return sorted((b, d) for b, d, _ in rows)


def _selection_sql(selection: OutboxSelection) -> tuple[str, list[str]]:
    """The WHERE clause (over `items`) of a selection, and its parameters; empty when it selects nothing."""
    clauses: list[str] = []
    params: list[str] = []
    if selection.banks:
        clauses.append(f"bank IN ({', '.join('?' * len(selection.banks))})")
        params += selection.banks
    if selection.source_ref:
        clauses.append(f"(json_extract(payload, '$.metadata.{SOURCE_REF_METADATA_KEY}') = ? OR EXISTS "
                       "(SELECT 1 FROM json_each(payload, '$.tags') AS t WHERE t.value = ?))")
        params += [selection.source_ref, selection.source_ref]
    for bank, document_id in selection.documents:
        clauses.append("(bank = ? AND document_id = ?)")
        params += [bank, document_id]
    if selection.text_in_bank is not None:
        bank, text = selection.text_in_bank
        clauses.append("(bank = ? AND instr(lower(json_extract(payload, '$.content')), lower(?)) > 0)")
        params += [bank, text]
    return " OR ".join(clauses), params
