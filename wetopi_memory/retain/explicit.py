"""Explicit retains (`memory_retain`, `wetopi-memory retain`): one text for one scope, through the same policies."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..identity import Identity
from ..models import RetainItem
from ..results import RetainResult
from ..security import StoreBinding
from .coordinator import TURN_HOLD_SECONDS, RetainCoordinator, turn_group_key
from .decision import Decision
from .delivery import deliver_batch, report_delivery
from .outbox import Outbox
from .outbox_records import OutboxItem
from .planning import to_retain_item
from .reasons import ReasonCode

__all__ = ["HELD_DETAIL", "TurnRef", "evaluate_explicit", "retain_explicit"]

HELD_DETAIL = "accepted; it is sent with this turn's memories, in one batch per scope, when the turn ends"


@dataclass(frozen=True, slots=True)
class TurnRef:
    """The Hermes turn an explicit retain belongs to: its items join that turn's per-scope batch (A6)."""

    session_id: str
    turn_id: str


def evaluate_explicit(retention: RetainCoordinator, identity: Identity, content: str, scope: str, *,
                      reason: str | None = None, confidence: float | None = None,
                      tags: Sequence[str] = (), context: str | None = None) -> Decision:
    """The decision an explicit retain would get, with every reason code (ACL included). Stores nothing."""
    candidate = retention.builder.explicit(content, scope, identity=identity, reason=reason, confidence=confidence,
                                           tags=tags, platform=identity.platform or None, context=context)
    return retention.policy.decide(candidate, identity)


async def retain_explicit(retention: RetainCoordinator, identity: Identity, content: str, scope: str, *,
                          reason: str | None = None, confidence: float | None = None, tags: Sequence[str] = (),
                          context: str | None = None, dry_run: bool = False,
                          turn: TurnRef | None = None) -> RetainResult:
    """An explicit retain through the policies; delivered inline (through the outbox when the plane has one).
    Inside a Hermes `turn` it is judged now, queued durably at once and held to join that turn's batch (A6).

    Raises AccessDenied when the ACL refuses the scope; a policy rejection is a result with `stored=False,
    status="rejected"` and its reasons."""
    audit = retention.context.audit
    decision = evaluate_explicit(retention, identity, content, scope, reason=reason, confidence=confidence,
                                 tags=tags, context=context)
    for code in decision.reason_codes():
        retention.observer.on_rejected(scope, code)
    if not dry_run and decision.denied is not None:
        audit.retain_decision(decision, identity=identity)
        raise decision.denied
    if dry_run or not decision.accept:
        if not dry_run:
            audit.retain_decision(decision, identity=identity)
        return RetainResult(scope=scope, bank=decision.bank or "", document_id=decision.document_id or "",
                            stored=False, status="would_store" if dry_run and decision.accept else "rejected",
                            reasons=decision.reasons, decision=decision)
    item = to_retain_item(decision)
    if context:
        item = RetainItem(content=item.content, document_id=item.document_id, context=context[:2000],
                          timestamp=item.timestamp, tags=item.tags, metadata=item.metadata)
    binding = retention.context.acl.check(identity, scope, "retain")
    if retention.outbox is None:
        audit.retain_decision(decision, identity=identity, fate="direct")
        await binding.backend.retain(binding.bank, [item])
        retention.note_own_writes(identity, [decision], {item.document_id: "direct"})
        retention.observer.on_batch(scope, 1)
        retention.observer.on_retain(scope, "delivered")
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=True,
                            status="stored", decision=decision)
    if turn is not None:
        return await _held_for_turn(retention, retention.outbox, identity, decision, item, binding, turn)
    return await _through_outbox(retention, retention.outbox, identity, decision, item, binding)


async def _held_for_turn(retention: RetainCoordinator, outbox: Outbox, identity: Identity, decision: Decision,
                         item: RetainItem, binding: StoreBinding, turn: TurnRef) -> RetainResult:
    """Queue the item durably in its turn's group, held until the turn ends (or `TURN_HOLD_SECONDS`)."""
    scope = binding.scope
    queued = await asyncio.to_thread(
        outbox.enqueue, scope=scope, bank=binding.bank, backend=binding.backend_name,
        items=[OutboxItem(item=item, durability=decision.durability, evictable=decision.evictable)],
        origin="explicit", group_key=turn_group_key(turn.session_id, turn.turn_id), join=True,
        not_before=outbox.clock() + TURN_HOLD_SECONDS)
    retention.context.audit.retain_decision(
        decision, identity=identity, session_id=turn.session_id, turn_id=turn.turn_id,
        fate=queued.fates.get(item.document_id, "queued" if queued.batch_id else None))
    if queued.batch_id is None:
        code = ReasonCode.DUPLICATE if queued.duplicates else ReasonCode.OUTBOX_FULL
        retention.observer.on_rejected(scope, code)
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                            status="rejected", reasons=(code,), decision=decision)
    retention.note_own_writes(identity, [decision], queued.fates)
    retention.observer.on_retain(scope, "queued")  # the batch is counted when the turn's retain forms it
    return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                        status="queued", decision=decision, detail=HELD_DETAIL)


async def _through_outbox(retention: RetainCoordinator, outbox: Outbox, identity: Identity, decision: Decision,
                          item: RetainItem, binding: StoreBinding) -> RetainResult:
    """Queue the item durably, then deliver its batch inline; a transient failure leaves it queued."""
    scope = binding.scope
    queued = await asyncio.to_thread(
        outbox.enqueue, scope=scope, bank=binding.bank, backend=binding.backend_name,
        items=[OutboxItem(item=item, durability=decision.durability, evictable=decision.evictable)],
        origin="explicit", group_key=f"explicit:{item.document_id}", lease=True)
    retention.context.audit.retain_decision(
        decision, identity=identity, fate=queued.fates.get(item.document_id, "queued" if queued.batch_id else None))
    result = RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                          status="queued", decision=decision)
    if queued.batch_id is None:
        code = ReasonCode.DUPLICATE if queued.duplicates else ReasonCode.OUTBOX_FULL
        retention.observer.on_rejected(scope, code)
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                            status="rejected", reasons=(code,), decision=decision)
    retention.note_own_writes(identity, [decision], queued.fates)
    retention.observer.on_batch(scope, 1)
    retention.observer.on_retain(scope, "queued")
    claimed = await asyncio.to_thread(outbox.claim, batch_id=queued.batch_id)
    if claimed is None:  # another process took it over: it is durable and will be delivered
        return result
    worker = retention.worker
    started = time.perf_counter()
    outcome = await deliver_batch(outbox, binding.backend, claimed, backoff=worker.backoff,
                                  observer=retention.observer)
    report_delivery(claimed, outcome, started, oplog=retention.context.oplog, audit=retention.context.audit)
    if outcome.status == "delivered":
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=True,
                            status="stored", decision=decision)
    return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                        status="queued" if outcome.status == "retry" else "failed", decision=decision,
                        detail=outcome.error)
