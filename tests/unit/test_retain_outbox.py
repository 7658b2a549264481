"""The durable outbox: persistence, idempotency, leases after a crash, and the counted overflow policy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wetopi_memory.models import RetainItem
from wetopi_memory.retain import Outbox
from wetopi_memory.retain.outbox import OutboxItem


def item(doc: str, *, durability: float = 0.9, evictable: bool = False, content: str | None = None) -> OutboxItem:
    return OutboxItem(RetainItem(content=content or f"memory {doc}", document_id=doc), durability=durability,
                      evictable=evictable)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_enqueued_batches_survive_reopen_and_complete_once(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db")
    result = box.enqueue(scope="platform", bank="wetopi-platform", backend="hindsight",
                         items=[item("d1"), item("d2")], origin="turn", group_key="s:t")
    assert result.batch_id is not None and result.admitted == ("d1", "d2")
    box.close()
    again = Outbox(tmp_path / "o.db")
    assert again.depth() == 2 and again.known("wetopi-platform", "d1")
    batch = again.claim()
    assert batch is not None and [i.document_id for i in batch.items] == ["d1", "d2"]
    assert batch.items[0].content == "memory d1"
    again.complete(batch)
    assert again.depth() == 0 and again.delivered("wetopi-platform", "d2")
    assert again.state_of("wetopi-platform", "d1") == "delivered"
    dup = again.enqueue(scope="platform", bank="wetopi-platform", backend="hindsight", items=[item("d1")])
    assert dup.batch_id is None and dup.duplicates == ("d1",)
    assert not again.known("other-bank", "d1")  # ids are per bank
    assert (os.stat(tmp_path / "o.db").st_mode & 0o777) == 0o600


def test_a_lease_of_a_dead_process_is_reclaimed_but_a_live_one_is_respected(tmp_path: Path) -> None:
    path = tmp_path / "o.db"
    Outbox(path).enqueue(scope="platform", bank="b", backend="hindsight", items=[item("d1")])
    script = ("import sys, os; from wetopi_memory.retain import Outbox; b = Outbox(sys.argv[1]); "
              "c = b.claim(); print(c.id, flush=True); os._exit(0)")  # claims, then dies holding the lease
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    box = Outbox(path)
    reclaimed = box.claim()
    assert reclaimed is not None and [i.document_id for i in reclaimed.items] == ["d1"]
    assert box.counters()["reclaimed"] == 1
    other = Outbox(path)  # a second live owner in this process must not steal the lease
    assert other.claim() is None


def test_expired_leases_and_backoff(tmp_path: Path) -> None:
    clock = Clock()
    box = Outbox(tmp_path / "o.db", clock=clock, lease_seconds=30)
    box.enqueue(scope="platform", bank="b", backend="hindsight", items=[item("d1")])
    batch = box.claim()
    assert batch is not None
    box.retry_later(batch, "BackendUnavailableError (HTTP 503)", 10)
    assert box.claim() is None and box.next_due_in() == pytest.approx(10)
    clock.now += 10
    again = box.claim()
    assert again is not None and again.attempts == 1
    assert box.stats().depth == 1
    assert box.claim(exclude_backends=["hindsight"]) is None


def test_overflow_evicts_oldest_personal_low_durability_first_counted_and_explained(tmp_path: Path) -> None:
    clock = Clock()
    box = Outbox(tmp_path / "o.db", max_items=4, clock=clock)
    for i in range(2):
        clock.now += 1
        box.enqueue(scope="personal", bank="user-u1", backend="h", items=[item(f"p{i}", durability=0.6,
                                                                             evictable=True)])
    clock.now += 1
    box.enqueue(scope="platform", bank="wetopi-platform", backend="h", items=[item("k0"), item("k1")])
    assert box.size() == 4
    clock.now += 1
    result = box.enqueue(scope="business", bank="wetopi-business", backend="h", items=[item("b0")])
    assert result.admitted == ("b0",) and result.evicted == 1
    assert not box.known("user-u1", "p0") and box.known("user-u1", "p1")  # the oldest went first
    stats = box.stats()
    assert stats.evicted_total == 1 and stats.counters["evicted:personal"] == 1
    (event,) = box.events()
    assert event["kind"] == "evicted" and event["scope"] == "personal" and event["reason"] == "outbox_full"
    assert "oldest low-durability personal" in event["detail"]


def test_when_nothing_is_evictable_new_items_are_refused_never_accepted_memory_dropped(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db", max_items=3)
    box.enqueue(scope="platform", bank="wetopi-platform", backend="h", items=[item("k0"), item("k1"), item("k2")])
    low = box.enqueue(scope="personal", bank="user-u1", backend="h", items=[item("p0", evictable=True)])
    high = box.enqueue(scope="business", bank="wetopi-business", backend="h", items=[item("b0")])
    assert low.refused == ("p0",) and low.batch_id is None and low.fates == {"p0": "outbox_full"}
    assert high.refused == ("b0",)
    assert all(box.known("wetopi-platform", d) for d in ("k0", "k1", "k2"))
    stats = box.stats()
    assert stats.refused_total == 2 and stats.evicted_total == 0
    assert [e["kind"] for e in box.events()] == ["refused", "refused"]


def test_a_batch_partly_fits_non_evictable_items_first(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db", max_items=2)
    result = box.enqueue(scope="personal", bank="user-u1", backend="h",
                         items=[item("low", evictable=True, durability=0.6), item("high1"), item("high2")])
    assert set(result.admitted) == {"high1", "high2"} and result.refused == ("low",)


def test_in_flight_items_are_never_evicted(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db", max_items=1)
    box.enqueue(scope="personal", bank="user-u1", backend="h", items=[item("p0", evictable=True)])
    assert box.claim() is not None
    result = box.enqueue(scope="platform", bank="wetopi-platform", backend="h", items=[item("k0")])
    assert result.refused == ("k0",) and box.known("user-u1", "p0")


def test_failed_batches_are_kept_visible_and_requeueable(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db")
    box.enqueue(scope="platform", bank="b", backend="h", items=[item("d1")])
    batch = box.claim()
    assert batch is not None
    box.fail(batch, "BackendRequestError (HTTP 422): Hindsight rejected the retain request")
    assert box.depth() == 0 and box.size() == 1 and box.claim() is None
    assert box.failed()[0]["document_ids"] == ["d1"] and box.stats().failed == 1
    assert box.known("b", "d1")  # still a duplicate: it is not lost, just parked
    assert box.requeue_failed() == 1 and box.claim() is not None


def test_the_delivered_ledger_is_bounded(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "o.db", ledger_max=3)
    for i in range(5):
        box.enqueue(scope="platform", bank="b", backend="h", items=[item(f"d{i}")])
        batch = box.claim()
        assert batch is not None
        box.complete(batch)
    assert not box.delivered("b", "d0") and box.delivered("b", "d4")
    assert box.stats().delivered_total == 5


def test_oldest_age(tmp_path: Path) -> None:
    clock = Clock()
    box = Outbox(tmp_path / "o.db", clock=clock)
    assert box.oldest_age_seconds() is None
    box.enqueue(scope="platform", bank="b", backend="h", items=[item("d1")])
    clock.now += 42
    assert box.oldest_age_seconds() == pytest.approx(42)
    assert box.stats().to_dict()["oldest_age_seconds"] == 42.0


def test_a_held_group_batch_is_joined_per_bank_and_waits_until_released(tmp_path: Path) -> None:
    clock = Clock()
    box = Outbox(tmp_path / "o.db", clock=clock)
    common = {"backend": "hindsight", "group_key": "turn:s:t1", "join": True}
    first = box.enqueue(scope="platform", bank="wetopi-platform", items=[item("e1")], origin="explicit",
                        not_before=clock.now + 300, **common)
    second = box.enqueue(scope="platform", bank="wetopi-platform", items=[item("e2")], origin="explicit",
                         not_before=clock.now + 300, **common)
    other_bank = box.enqueue(scope="personal", bank="user-u_bob", items=[item("p1")], origin="explicit",
                             not_before=clock.now + 300, **common)
    other_turn = box.enqueue(scope="platform", bank="wetopi-platform", items=[item("x1")], origin="explicit",
                             backend="hindsight", group_key="turn:s:t2", join=True, not_before=clock.now + 300)
    assert first.batch_id == second.batch_id and other_bank.batch_id != first.batch_id
    assert other_turn.batch_id != first.batch_id
    assert box.claim() is None and box.depth() == 4  # held, and durable
    turn = box.enqueue(scope="platform", bank="wetopi-platform", items=[item("t1")], origin="turn", **common)
    assert turn.batch_id == first.batch_id  # the turn's automatic retain joins: one batch, now due
    batch = box.claim()
    assert batch is not None and [i.document_id for i in batch.items] == ["e1", "e2", "t1"]
    assert batch.origin == "turn"
    box.complete(batch)
    assert box.claim() is None
    assert box.release_group("turn:s:t1") == 1  # the personal batch of the same turn
    claimed = box.claim()
    assert claimed is not None and claimed.bank == "user-u_bob"
    box.complete(claimed)
    clock.now += 301  # a turn that never ended: the hold runs out, nothing is lost
    late = box.claim()
    assert late is not None and [i.document_id for i in late.items] == ["x1"]


def test_a_batch_in_flight_or_retried_is_never_joined(tmp_path: Path) -> None:
    clock = Clock()
    box = Outbox(tmp_path / "o.db", clock=clock)
    box.enqueue(scope="platform", bank="b", backend="h", items=[item("a")], group_key="g", join=True)
    claimed = box.claim()
    assert claimed is not None
    joined = box.enqueue(scope="platform", bank="b", backend="h", items=[item("b")], group_key="g", join=True)
    assert joined.batch_id != claimed.id
    box.retry_later(claimed, "down", 10)
    again = box.enqueue(scope="platform", bank="b", backend="h", items=[item("c")], group_key="g", join=True)
    assert again.batch_id == joined.batch_id  # the fresh batch, not the one being retried
