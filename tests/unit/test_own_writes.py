"""Read-your-writes (issue 13): what the plane accepted is visible to its writer at once, and to nobody else."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from wetopi_memory import MemoryPlane
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.identity import Identity
from wetopi_memory.models import RecallHit
from wetopi_memory.recall.merge import MergedHit
from wetopi_memory.recall.own_writes import OWN_WRITE_TYPE, OwnWrite, OwnWrites, merge_own_writes
from wetopi_memory.retain import Outbox
from wetopi_memory.retain.explicit import TurnRef

from ..support.texts import FAKE_URL, identities, standard_config

SCOPES = frozenset({"personal", "business", "platform"})
ANA = Identity("telegram", "1001", "u_ana", "Ana", SCOPES)
ANA_ON_SLACK = Identity("slack", "U0ANA", "u_ana", "Ana", SCOPES)
BEN = Identity("telegram", "1002", "u_ben", "Ben", SCOPES)
STRANGER = Identity("telegram", "999", None, None, frozenset({"platform"}))
TWO = """users:
  u_ana: {display_name: Ana, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_ben: {display_name: Ben, allowed_scopes: [personal, business, platform], accounts: ["telegram:1002"]}
"""
TURN = ("The root cause of the 502 on ingress was the nginx keepalive timeout; we verified the fix with kubectl.")
FACT = "We decided that the staging cluster always runs RKE2 1.30 on three control-plane nodes."


class Clock:
    """A settable time.time() stand-in, so TTL tests are deterministic."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def backend_hit(text: str, *, scope: str = "platform", hit_id: str = "mem-1") -> MergedHit:
    return MergedHit(RecallHit(scope=scope, bank="wetopi-platform", id=hit_id, content=text, score=1.0,
                               type="world"), 1 / 61, 10)


# ------------------------------------------------------------------------------------------------- OwnWrites


def test_a_write_is_visible_to_its_writer_at_once_only_in_its_scopes() -> None:
    own = OwnWrites()
    own.record(ANA, "platform", "  Ingress uses   nginx. ", "doc-1")
    seen = own.visible(ANA, ["platform", "business"])
    assert [(w.scope, w.text, w.document_id, w.internal_user_id) for w in seen] == [
        ("platform", "Ingress uses nginx.", "doc-1", "u_ana")]
    assert own.visible(ANA, ["business", "personal"]) == []
    assert own.visible(ANA_ON_SLACK, ["platform"]) == seen  # same person on another account: her own write


def test_another_person_never_sees_it_in_personal_or_shared_scopes() -> None:
    own = OwnWrites()
    own.record(ANA, "personal", "I prefer answers in Spanish.", "doc-p")
    own.record(ANA, "platform", "Ingress uses nginx.", "doc-s")
    assert own.visible(BEN, SCOPES) == []
    assert own.visible(STRANGER, SCOPES) == []
    own.record(BEN, "platform", "Ingress uses nginx.", "doc-s")  # both wrote the same shared document
    assert [w.internal_user_id for w in own.visible(BEN, SCOPES)] == ["u_ben"]
    assert {w.document_id for w in own.visible(ANA, SCOPES)} == {"doc-p", "doc-s"}


def test_an_unknown_caller_records_and_sees_nothing() -> None:
    own = OwnWrites()
    own.record(STRANGER, "platform", "Ingress uses nginx.", "doc-1")
    assert len(own) == 0
    assert own.visible(STRANGER, ["platform"]) == []
    own.record(ANA, "platform", "Ingress uses nginx.", "doc-1")
    assert own.visible(STRANGER, ["platform"]) == []


def test_newest_first_and_a_rewrite_moves_to_the_front() -> None:
    clock = Clock()
    own = OwnWrites(clock=clock)
    for n in range(3):
        own.record(ANA, "platform", f"fact number {n}", f"doc-{n}")
    assert [w.document_id for w in own.visible(ANA, ["platform"])] == ["doc-2", "doc-1", "doc-0"]
    own.record(ANA, "platform", "fact number 0", "doc-0")
    own.record(ANA, "platform", "Fact number 1.", "doc-1b")  # same normalised text, new document: one entry
    assert [w.document_id for w in own.visible(ANA, ["platform"])] == ["doc-1b", "doc-0", "doc-2"]


def test_entries_expire_after_the_ttl() -> None:
    clock = Clock()
    own = OwnWrites(ttl_seconds=900, clock=clock)
    own.record(ANA, "platform", "old fact", "doc-old")
    clock.now += 600
    own.record(ANA, "platform", "new fact", "doc-new")
    clock.now += 299
    assert [w.document_id for w in own.visible(ANA, ["platform"])] == ["doc-new", "doc-old"]
    clock.now += 2
    assert [w.document_id for w in own.visible(ANA, ["platform"])] == ["doc-new"]
    clock.now += 600
    assert own.visible(ANA, ["platform"]) == [] and len(own) == 0


def test_bounded_per_identity_and_in_identities() -> None:
    own = OwnWrites(max_per_identity=3, max_identities=2)
    for n in range(5):
        own.record(ANA, "platform", f"fact {n}", f"doc-{n}")
    assert [w.document_id for w in own.visible(ANA, ["platform"])] == ["doc-4", "doc-3", "doc-2"]
    own.record(BEN, "platform", "ben's fact", "doc-b")
    own.visible(ANA, ["platform"])  # Ana used most recently: Ben is the least recently used person
    carla = Identity("cli", "carla", "u_carla", None, SCOPES)
    own.record(carla, "platform", "carla's fact", "doc-c")
    assert own.visible(BEN, ["platform"]) == []
    assert len(own.visible(ANA, ["platform"])) == 3 and len(own.visible(carla, ["platform"])) == 1
    assert len(own) == 4


def test_long_text_is_cut_and_bad_bounds_are_refused() -> None:
    own = OwnWrites()
    own.record(ANA, "platform", "x" * 50_000, "doc-1")
    own.record(ANA, "platform", "   ", "doc-2")
    assert [len(w.text) for w in own.visible(ANA, ["platform"])] == [2000]
    with pytest.raises(ValueError, match="max_per_identity"):
        OwnWrites(max_per_identity=0)


def test_settle_removes_the_document_for_every_writer_in_that_scope_only() -> None:
    own = OwnWrites()
    own.record(ANA, "platform", "Ingress uses nginx.", "doc-1")
    own.record(BEN, "platform", "Ingress uses nginx.", "doc-1")
    own.record(ANA, "business", "Invoices go out monthly.", "doc-1")
    own.record(ANA, "platform", "Argo CD syncs every 3 minutes.", "doc-2")
    own.settle("platform", ["doc-1", "doc-unknown"])
    assert [(w.scope, w.document_id) for w in own.visible(ANA, SCOPES)] == [("platform", "doc-2"),
                                                                            ("business", "doc-1")]
    assert own.visible(BEN, SCOPES) == []
    own.forget_person("u_ana")
    assert own.visible(ANA, SCOPES) == [] and len(own) == 0


def test_many_threads_record_read_and_settle_without_losing_the_bounds() -> None:
    own = OwnWrites(max_per_identity=16, max_identities=50)
    people = [Identity("cli", f"p{n}", f"u_{n}", None, SCOPES) for n in range(60)]
    errors: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            for n in range(300):
                person = people[(worker * 7 + n) % len(people)]
                own.record(person, "platform", f"fact {worker} {n}", f"doc-{worker}-{n}")
                own.visible(person, ["platform"])
                if n % 10 == 0:
                    own.settle("platform", [f"doc-{worker}-{n - 5}"])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert 0 < len(own) <= 16 * 50
    assert all(len(own.visible(p, ["platform"])) <= 16 for p in people)


# ------------------------------------------------------------------------------------------------- merge


def write(text: str, document_id: str, scope: str = "platform") -> OwnWrite:
    return OwnWrite(scope=scope, text=text, document_id=document_id, internal_user_id="u_ana", at=1_000_000.0)


def test_merge_puts_own_writes_first_with_their_provenance() -> None:
    hits = [backend_hit("Argo CD syncs every three minutes.")]
    merged = merge_own_writes(hits, [write("Ingress uses nginx.", "doc-1")], max_items=10)
    assert [(m.source, m.hit.type, m.content) for m in merged] == [
        ("own_write", OWN_WRITE_TYPE, "Ingress uses nginx."),
        ("backend", "world", "Argo CD syncs every three minutes.")]
    assert merged[0].hit.id == "doc-1" and merged[0].to_dict()["source"] == "own_write"


def test_merge_drops_an_own_write_the_backend_already_returns() -> None:
    hits = [backend_hit("Ingress uses nginx", hit_id="mem-1"),
            backend_hit("the staging cluster always runs RKE2 1.30 on three control-plane nodes we decided")]
    own = [write("ingress USES   nginx.", "doc-a"),  # same normalised text
           write("Something the backend extracted differently.", "doc-b"),  # same document id
           write("We decided the staging cluster always runs RKE2 1.30 on three control-plane nodes", "doc-c"),
           write("Grafana dashboards live in the platform repo.", "doc-d")]
    merged = merge_own_writes(hits, own, max_items=10, document_ids=["doc-b"])
    assert [m.content for m in merged if m.source == "own_write"] == ["Grafana dashboards live in the platform repo."]
    assert len(merged) == 3


def test_merge_respects_max_items_and_own_duplicates() -> None:
    own = [write("fact one", "d1"), write("Fact one.", "d1b"), write("fact two", "d2")]
    hits = [backend_hit("backend fact")]
    assert [m.content for m in merge_own_writes(hits, own, max_items=2)] == ["fact one", "fact two"]
    assert [m.content for m in merge_own_writes(hits, own, max_items=3)] == ["fact one", "fact two", "backend fact"]
    assert merge_own_writes(hits, own, max_items=0) == ()


# ------------------------------------------------------------------------------------------------- the plane


def plane_of(tmp_path: Path, *, outbox: bool = True) -> MemoryPlane:
    config = standard_config()
    backend = HindsightBackend(FAKE_URL, transport=FakeHindsight("1.1.0").transport)
    return MemoryPlane(config, identities=identities(tmp_path, config, TWO), backends={"hindsight": backend},
                       outbox=Outbox(tmp_path / "outbox.db") if outbox else None)


def test_a_turn_s_accepted_memory_is_visible_to_its_writer_before_delivery(tmp_path: Path) -> None:
    plane = plane_of(tmp_path)
    ana, ben = plane.identify("telegram", "1001"), plane.identify("telegram", "1002")
    report = plane.retention.submit_turn(ana, session_id="s1", turn_id="t1", user_message=TURN)
    accepted = {d.scope: d.document_id for d in report.accepted}
    assert "platform" in accepted
    seen = plane.own_writes.visible(ana, list(accepted))
    assert {(w.scope, w.document_id) for w in seen} == set(accepted.items())
    assert any("keepalive" in w.text for w in seen)
    assert plane.own_writes.visible(ben, SCOPES) == []
    assert plane.retention.outbox is not None and plane.retention.outbox.stats().depth >= 1  # not delivered yet
    asyncio.run(plane.aclose())


def test_explicit_retains_are_visible_and_a_rejected_one_is_not(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with plane_of(tmp_path) as plane:
            ana, ben = plane.identify("telegram", "1001"), plane.identify("telegram", "1002")
            held = await plane.retain(ana, FACT, "platform", turn=TurnRef("s1", "t1"))
            assert held.status == "queued"
            alone = await plane.retain(ana, "I prefer short answers with code first.", "personal")
            assert alone.status in ("stored", "queued")
            secret = await plane.retain(ana, "The prod api_key is sk-live-9fQ2xZ7pLm4kR8tW1vB6", "platform")
            assert secret.status == "rejected"
            seen = {w.document_id: w.scope for w in plane.own_writes.visible(ana, SCOPES)}
            assert seen == {held.document_id: "platform", alone.document_id: "personal"}
            assert plane.own_writes.visible(ben, SCOPES) == []
    asyncio.run(scenario())


def test_a_plane_without_outbox_records_what_it_delivered_directly(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with plane_of(tmp_path, outbox=False) as plane:
            ana = plane.identify("telegram", "1001")
            result = await plane.retain(ana, FACT, "platform")
            assert result.status == "stored"
            assert [w.document_id for w in plane.own_writes.visible(ana, ["platform"])] == [result.document_id]
    asyncio.run(scenario())


def test_withdraw_takes_back_one_write_of_its_writer_only() -> None:
    own = OwnWrites()
    own.record(ANA, "platform", TURN, "doc-1")
    own.record(BEN, "platform", TURN, "doc-1")
    own.record(ANA, "platform", FACT, "doc-2")
    own.withdraw(ANA, "platform", "doc-1")
    own.withdraw(STRANGER, "platform", "doc-2")  # an unknown caller holds nothing and takes nothing back
    assert [w.document_id for w in own.visible(ANA, SCOPES)] == ["doc-2"]
    assert [w.document_id for w in own.visible(BEN, SCOPES)] == ["doc-1"]


def test_a_turn_s_writes_are_visible_once_judged_before_the_disk_write(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    plane = plane_of(tmp_path)
    ana = plane.identify("telegram", "1001")
    outbox = plane.retention.outbox
    assert outbox is not None
    judged, release = threading.Event(), threading.Event()
    real_enqueue = outbox.enqueue

    def slow_enqueue(**kwargs: object) -> object:
        assert release.wait(10), "the test never released the durable write"
        return real_enqueue(**kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(outbox, "enqueue", slow_enqueue)
    worker = threading.Thread(target=plane.retention.submit_turn, args=(ana,), kwargs={
        "session_id": "s1", "turn_id": "t1", "user_message": TURN, "on_judged": judged.set})
    worker.start()
    assert judged.wait(10)
    assert any("keepalive" in w.text for w in plane.own_writes.visible(ana, SCOPES))  # seen while the disk waits
    assert outbox.stats().depth == 0
    release.set()
    worker.join(10)
    assert outbox.stats().depth >= 1 and any("keepalive" in w.text for w in plane.own_writes.visible(ana, SCOPES))
    asyncio.run(plane.aclose())


def test_a_write_whose_durable_write_failed_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plane = plane_of(tmp_path)
    ana = plane.identify("telegram", "1001")
    assert plane.retention.outbox is not None

    def full_disk(**_: object) -> object:
        raise OSError("disk full")

    monkeypatch.setattr(plane.retention.outbox, "enqueue", full_disk)
    report = plane.retention.submit_turn(ana, session_id="s1", turn_id="t1", user_message=TURN)
    assert report.error == "OSError" and report.accepted
    assert plane.own_writes.visible(ana, SCOPES) == []
    asyncio.run(plane.aclose())
