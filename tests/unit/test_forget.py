"""Governed forget on the local backend (real SQLite): a person erased across every scope and the outbox, with a
receipt whose counts match; a mistaken memory forgotten through the ACL; other people's memory untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.governance_seed import attributable, plane, run, seed, snapshot, without
from wetopi_memory import AccessDenied, ForgetPlan, InvalidRequest, MemoryPlane
from wetopi_memory.models import RetainItem
from wetopi_memory.retain.outbox import Outbox
from wetopi_memory.retain.outbox_records import OutboxItem, OutboxSelection

__all__ = ["plane"]  # the fixture

def audit_events(tmp_path: Path, event: str) -> list[dict[str, Any]]:
    lines = (tmp_path / "audit.jsonl").read_text().splitlines()
    return [e for e in map(json.loads, lines) if e["event"] == event]


def test_erasing_a_person_leaves_nothing_attributable_and_a_matching_receipt(plane: MemoryPlane,
                                                                            tmp_path: Path) -> None:
    seed(plane)
    before = snapshot(plane)
    assert len(attributable(before, "u_alice")) == 6
    ops = plane.identify("cli", "ops")
    plan: ForgetPlan = run(plane.governance.plan_forget_person(ops, "u_alice"))
    by_scope = {s.scope: s for s in plan.scopes}
    assert by_scope["personal"].action == "delete_bank" and by_scope["personal"].bank == "user-u_alice"
    assert sorted(by_scope["personal"].document_ids) == ["a-p0", "a-p1", "a-p2"]
    assert sorted(by_scope["business"].document_ids) == ["a-b1", "a-b2"]
    assert by_scope["platform"].document_ids == ("a-x1",)
    assert by_scope["handbook"].document_ids == ()
    assert sorted(plan.outbox_items) == [("user-u_alice", "a-q1"), ("wetopi-business", "a-q2")]
    assert snapshot(plane) == before  # a plan deletes nothing

    receipt = run(plane.governance.apply_forget(plan, ops))
    after = snapshot(plane)
    assert attributable(after, "u_alice") == []
    assert without(after, "u_alice") == without(before, "u_alice")  # everyone else's memory is unchanged
    assert receipt.documents == 6 == len(attributable(before, "u_alice"))
    assert receipt.banks_deleted == 1 and receipt.outbox_purged == 2
    outbox = plane.retention.outbox
    assert outbox is not None
    assert outbox.size() == 1 and outbox.state_of("wetopi-business", "b-q1") == "pending"
    [event] = audit_events(tmp_path, "governance.forget_receipt")
    assert event["user"] == "u_alice" and event["by"] == "u_ops" and event["by_account"] == "cli:ops"
    assert event["documents"] == 6 and event["banks"] == 1 and event["outbox_items"] == 2
    assert sorted(event["scopes"]["business"]["document_ids"]) == ["a-b1", "a-b2"]
    assert "tea" not in (tmp_path / "audit.jsonl").read_text()  # never content


def test_a_second_erase_deletes_nothing_and_says_so(plane: MemoryPlane) -> None:
    seed(plane)
    ops = plane.identify("cli", "ops")
    run(plane.governance.apply_forget(run(plane.governance.plan_forget_person(ops, "u_alice")), ops))
    before = snapshot(plane)
    again = run(plane.governance.plan_forget_person(ops, "u_alice"))
    assert again.empty and again.to_dict()["summary"]["nothing_to_delete"] is True
    receipt = run(plane.governance.apply_forget(again, ops))
    assert receipt.nothing_deleted and receipt.documents == 0 and receipt.outbox_purged == 0
    assert snapshot(plane) == before


def test_only_an_operator_may_erase_a_person(plane: MemoryPlane) -> None:
    seed(plane)
    bob = plane.identify("telegram", "2001")
    with pytest.raises(AccessDenied) as denied:
        run(plane.governance.plan_forget_person(bob, "u_alice"))
    assert denied.value.code == "operator_required"
    ops = plane.identify("cli", "ops")
    plan = run(plane.governance.plan_forget_person(ops, "u_alice"))
    with pytest.raises(AccessDenied):
        run(plane.governance.apply_forget(plan, bob))
    assert len(attributable(snapshot(plane), "u_alice")) == 6
    with pytest.raises(InvalidRequest, match="not an internal user id"):
        run(plane.governance.plan_forget_person(ops, "user-u_alice/../x"))


def test_a_mistaken_memory_is_forgotten_by_id_or_by_text_in_a_writable_scope(plane: MemoryPlane) -> None:
    seed(plane)
    bob = plane.identify("telegram", "2001")
    before = snapshot(plane)
    plan = run(plane.governance.plan_forget_memory(bob, "business", match="PRICING"))
    assert sorted(plan.scopes[0].document_ids) == ["a-b1", "b-b2"]  # case-insensitive
    receipt = run(plane.governance.apply_forget(plan, bob))
    assert receipt.documents == 2 and receipt.kind == "match"
    after = snapshot(plane)
    assert set(before["wetopi-business"]) - set(after["wetopi-business"]) == {"a-b1", "b-b2"}
    assert after["wetopi-platform"] == before["wetopi-platform"]

    by_id = run(plane.governance.plan_forget_memory(bob, "platform", document_id="x-1"))
    assert by_id.scopes[0].document_ids == ("x-1",)
    assert run(plane.governance.apply_forget(by_id, bob)).documents == 1
    missing = run(plane.governance.plan_forget_memory(bob, "platform", document_id="x-1"))
    assert missing.empty


def test_forgetting_a_memory_goes_through_the_acl(plane: MemoryPlane) -> None:
    seed(plane)
    bob = plane.identify("telegram", "2001")
    ops = plane.identify("cli", "ops")
    for who, scope, code in ((bob, "handbook", "read_only_scope"), (ops, "personal", "scope_not_allowed"),
                             (bob, "user-u_alice", "bank_id_not_accepted")):
        with pytest.raises(AccessDenied) as denied:
            run(plane.governance.plan_forget_memory(who, scope, document_id="a-p0"))
        assert denied.value.code == code
    own = run(plane.governance.plan_forget_memory(bob, "personal", document_id="a-p0"))
    assert own.scopes[0].bank == "user-u_bob" and own.empty  # bob's personal scope is bob's bank, never alice's
    with pytest.raises(InvalidRequest, match="exactly one"):
        run(plane.governance.plan_forget_memory(bob, "business"))


def test_pending_outbox_items_of_a_forgotten_memory_are_purged(plane: MemoryPlane) -> None:
    seed(plane)
    bob = plane.identify("telegram", "2001")
    plan = run(plane.governance.plan_forget_memory(bob, "business", match="bob PENDING"))
    assert plan.outbox_items == (("wetopi-business", "b-q1"),)
    assert run(plane.governance.apply_forget(plan, bob)).outbox_purged == 1
    outbox = plane.retention.outbox
    assert outbox is not None
    assert outbox.state_of("wetopi-business", "b-q1") is None
    assert outbox.state_of("wetopi-business", "a-q2") == "pending"


def test_what_a_person_retained_through_the_plane_is_found_and_erased(plane: MemoryPlane) -> None:
    alice, bob = plane.identify("telegram", "1001"), plane.identify("telegram", "2001")
    facts = {"business": "We decided the enterprise plan is billed annually, confirmed by finance.",
             "personal": "I prefer short answers in Spanish, always."}
    for who in (alice, bob):
        for scope, text in facts.items():
            result = run(plane.retain(who, f"{text} ({who.internal_user_id})", scope))
            assert result.status == "stored", result
    before = snapshot(plane)
    assert len(attributable(before, "u_alice")) == 2
    ops = plane.identify("cli", "ops")
    receipt = run(plane.governance.apply_forget(run(plane.governance.plan_forget_person(ops, "u_alice")), ops))
    assert receipt.documents == 2 and receipt.banks_deleted == 1
    after = snapshot(plane)
    assert attributable(after, "u_alice") == []
    assert without(after, "u_alice") == without(before, "u_alice")
    assert len(attributable(after, "u_bob")) == 2


def test_the_outbox_purge_reaches_queued_in_flight_and_failed_items_and_the_ledger(tmp_path: Path) -> None:
    ref = "src:0123456789abcdef01234567"
    outbox = Outbox(tmp_path / "outbox.db")
    by_tag = RetainItem(content="a", document_id="t1", tags=(ref,))
    by_meta = RetainItem(content="b", document_id="m1", metadata={"source_ref": ref})
    other = RetainItem(content="c", document_id="o1", tags=("src:ffffffffffffffffffffffff",))
    delivered = RetainItem(content="d", document_id=f"x-{ref.removeprefix('src:')}", tags=(ref,))
    outbox.enqueue(scope="business", bank="b", backend="local", items=[OutboxItem(delivered)])
    first = outbox.claim()
    assert first is not None
    outbox.complete(first)
    outbox.enqueue(scope="business", bank="b", backend="local", items=[OutboxItem(by_tag)])
    outbox.enqueue(scope="business", bank="b", backend="local", items=[OutboxItem(by_meta), OutboxItem(other)])
    inflight = outbox.claim()
    assert inflight is not None
    outbox.fail(inflight, "client error")  # kept as failed: still purged
    selection = OutboxSelection(source_ref=ref)
    assert outbox.matching(selection) == [("b", "m1"), ("b", "t1")]
    assert outbox.purge(selection) == [("b", "m1"), ("b", "t1")]
    assert outbox.matching(selection) == [] and outbox.size() == 1
    assert outbox.state_of("b", "o1") is not None
    assert not outbox.delivered("b", delivered.document_id)  # a returning person's retain is not a "duplicate"
    assert outbox.counters()["purged"] == 2
    assert outbox.purge(OutboxSelection()) == []  # an empty selection selects nothing


def test_an_erased_person_s_recent_writes_are_never_injected_again(plane: MemoryPlane) -> None:
    seed(plane)
    alice = plane.identify("telegram", "1001")
    plane.own_writes.record(alice, "personal", "Alice prefers tea in the mornings.", "wm-alice-tea")
    assert plane.own_writes.visible(alice, ["personal"])
    ops = plane.identify("cli", "ops")
    run(plane.governance.apply_forget(run(plane.governance.plan_forget_person(ops, "u_alice")), ops))
    assert plane.own_writes.visible(alice, ["personal"]) == []
