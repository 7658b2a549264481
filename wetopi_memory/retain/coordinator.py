"""RetainCoordinator: a turn's evidence and text in, curated per-scope batches queued durably, delivered later.

Flow of one Hermes turn::

    post_tool_call  ──► record_tool_call()  ──► TurnEvidenceBuffer            (never retained, A5)
    post_llm_call   ──► submit_turn()       ──► sentences ─► router ─► units (sentence × scope)
                                                  │ PolicyEngine per unit (hypothesis, transient, filler, …)
                                                  ▼
                                     one candidate per scope: its accepted sentences
                                                  │ PolicyEngine again (ACL, secrets, duplicate, size)
                                                  ▼
                                     Outbox.enqueue: ONE batch per scope per turn (A6), durable
    DeliveryWorker  ──► claim ─► backend.retain(bank, batch) ─► complete | retry (backoff) | failed (kept)

`submit_turn` is synchronous and returns at once (analysis plus one SQLite transaction per scope). The plane
builds exactly one coordinator and owns it; explicit retains (retain/explicit.py) use the same policies and outbox.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..identity import Identity
from ..oplog import elapsed_ms
from .candidates import CandidateBuilder
from .context import RetainContext
from .decision import Decision
from .delivery import DeliveryOutcome
from .evidence import EMPTY_EVIDENCE, TurnEvidence, TurnEvidenceBuffer
from .kinds import Origin
from .observer import RetainObserver, guarded
from .outbox import Outbox
from .outbox_records import EnqueueResult, OutboxStats
from .planning import TurnReport, outbox_item, plan_units
from .policy import PolicyEngine
from .reasons import ReasonCode
from .turn_units import turn_units
from .worker import DeliveryWorker, RetainTuning

__all__ = ["TURN_HOLD_SECONDS", "RetainCoordinator", "RetainStats", "turn_group_key"]

log = logging.getLogger(__name__)
MAX_TEXT_CHARS = 20_000
TURN_HOLD_SECONDS = 300.0  # the longest a turn's explicit retains wait for the turn's end before going alone
OWN_WRITE_FATES = frozenset({"queued", "direct"})  # durably queued, or delivered without an outbox
KEPT_OWN_WRITE_FATES = OWN_WRITE_FATES | {"duplicate"}  # a duplicate's first copy is queued already


def turn_group_key(session_id: str, turn_id: str) -> str:
    """The outbox group of one Hermes turn: its automatic retain and its explicit ones share each scope's batch."""
    return f"turn:{session_id}:{turn_id}"


@dataclass(frozen=True, slots=True)
class RetainStats:
    """Queue figures for `memory_status` and `status`: the worker, the evidence buffer and the outbox."""

    running: bool
    delivered_batches: int
    evidence_open_turns: int
    evidence_dropped: int
    cooling_backends: list[str] = field(default_factory=list)
    outbox: OutboxStats | None = None

    def to_dict(self) -> dict[str, Any]:
        base: dict[str, Any] = {"running": self.running, "delivered_batches": self.delivered_batches,
                                "evidence_open_turns": self.evidence_open_turns,
                                "evidence_dropped": self.evidence_dropped, "cooling_backends": self.cooling_backends}
        if self.outbox is not None:
            base.update(self.outbox.to_dict())
        return base


class RetainCoordinator:
    """Turn-end retain for one plane: evidence buffer, policies, per-scope batching, durable outbox, delivery."""

    def __init__(self, context: RetainContext, outbox: Outbox | None = None, *,
                 observer: RetainObserver | None = None, evidence: TurnEvidenceBuffer | None = None,
                 tuning: RetainTuning | None = None, metrics_textfile: Path | None = None) -> None:
        self.context = context
        self.outbox = outbox
        self.observer = guarded(observer)
        if outbox is not None:
            outbox.observer = self.observer
        self.evidence = evidence or TurnEvidenceBuffer()
        self.builder = CandidateBuilder(context.router, source_agent=context.agent)
        self.policy = PolicyEngine(context.config, context.acl, source_key=context.source_key)
        self.policy.ledger = outbox
        self.worker = DeliveryWorker(context, outbox, observer=self.observer, tuning=tuning or RetainTuning(),
                                     metrics_textfile=metrics_textfile)

    # -------------------------------------------------------------------------------------- hooks (sync)

    def record_tool_call(self, *, session_id: Any = None, turn_id: Any = None, tool_name: Any = None,
                         args: Any = None, result: Any = None, status: Any = None, error_type: Any = None,
                         duration_ms: Any = None, **_: Any) -> None:
        """`post_tool_call`: keep a bounded summary as evidence. Never retains anything (A5)."""
        before = self.evidence.dropped_items + self.evidence.evicted_turns
        self.evidence.record(session_id, turn_id, tool_name, args=args, result=result, status=status,
                             error_type=error_type, duration_ms=duration_ms)
        if self.evidence.dropped_items + self.evidence.evicted_turns > before:
            self.observer.on_drop("evidence_overflow")

    def evaluate_turn(self, identity: Identity | None, *, session_id: Any = None, turn_id: Any = None,
                      user_message: Any = None, assistant_response: Any = None,
                      evidence: TurnEvidence = EMPTY_EVIDENCE, source_agent: str | None = None,
                      platform: str | None = None, conversation_history: Any = None) -> TurnReport:
        """The decisions for one turn, without writing anything (a dry run of `submit_turn`)."""
        sid, tid = str(session_id or ""), str(turn_id or "")
        user = user_message[:MAX_TEXT_CHARS] if isinstance(user_message, str) else ""
        answer = assistant_response[:MAX_TEXT_CHARS] if isinstance(assistant_response, str) else ""
        read = turn_units(self.builder, identity, user=user, answer=answer, history=conversation_history,
                          evidence=evidence, session_id=sid or None, turn_id=tid or None, source_agent=source_agent,
                          platform=platform)
        sentences, units, unrouted = read.sentences, read.units, read.unrouted
        decisions, outcomes = plan_units(self.builder, self.policy, identity, units, whole_items=False)
        return TurnReport(session_id=sid, turn_id=tid, decisions=tuple(decisions), units=tuple(outcomes),
                          unrouted=tuple(s.index for s in unrouted), sentences=tuple(sentences),
                          evidence={"calls": len(evidence.items), "dropped": evidence.dropped,
                                    "errors": sum(1 for e in evidence.items if not e.ok)})

    def submit_turn(self, identity: Identity | None, *, session_id: Any = None, turn_id: Any = None,
                    user_message: Any = None, assistant_response: Any = None, conversation_history: Any = None,
                    source_agent: str | None = None, platform: str | None = None,
                    on_judged: Callable[[], None] | None = None, **_: Any) -> TurnReport:
        """`post_llm_call`: judge the turn and durably queue at most ONE batch per scope. Never raises (an outbox
        failure is logged, counted and reported in `TurnReport.error`). `on_judged` runs once the accepted writes
        are visible to their writer (read-your-writes), before the durable write: a back-to-back turn waits for
        that, not for the disk."""
        evidence = self.evidence.pop(session_id, turn_id)
        started = time.perf_counter()
        try:
            report = self.evaluate_turn(identity, session_id=session_id, turn_id=turn_id, user_message=user_message,
                                        assistant_response=assistant_response, evidence=evidence,
                                        source_agent=source_agent, platform=platform,
                                        conversation_history=conversation_history)
        except Exception as exc:  # never break the Hermes turn
            log.warning("retain evaluation failed: %s", type(exc).__name__)
            self.observer.on_drop("evaluation_error")
            if turn_id:
                self.release_turn(str(session_id or ""), str(turn_id))
            return TurnReport(session_id=str(session_id or ""), turn_id=str(turn_id or ""),
                              error=type(exc).__name__)
        self.note_own_writes(identity, report.decisions, None)
        if on_judged is not None:
            on_judged()
        group = turn_group_key(report.session_id, report.turn_id)
        batches, fates, error = self.enqueue_decisions(report.decisions, origin="turn", group_key=group,
                                                       join=bool(report.turn_id))
        self.withdraw_own_writes(identity, report.decisions, fates)
        if report.turn_id:
            self.release_turn(report.session_id, report.turn_id)  # the turn's held explicit retains go with it
        self._count_rejections(report)
        if any(batch is not None for batch in batches.values()):
            self.wake()  # only when something was queued: a dead backend's worker is not woken every turn
        self._observe_turn(identity, report, batches, fates, error, started)
        return TurnReport(session_id=report.session_id, turn_id=report.turn_id, decisions=report.decisions,
                          units=report.units, unrouted=report.unrouted, sentences=report.sentences,
                          batches=batches, fates=fates, evidence=report.evidence, error=error)

    def _observe_turn(self, identity: Identity | None, report: TurnReport, batches: Mapping[str, int | None],
                      fates: Mapping[str, str], error: str | None, started: float) -> None:
        """The turn's operation line and audit records: decisions, fates and reason codes, never content."""
        try:
            audit = self.context.audit
            if not report.decisions and not report.units:
                return
            unit_reasons: Counter[str] = Counter(code for _, code in report.sentence_rejections())
            reasons: Counter[str] = Counter(code for _, code in report.scope_rejections())
            if audit.enabled:
                for decision in report.decisions:
                    audit.retain_decision(decision, identity=identity, session_id=report.session_id,
                                          turn_id=report.turn_id, fate=fates.get(decision.document_id or ""))
                for outcome in report.units:   # a sentence dropped for a secret, its scope's batch kept
                    audit.secret_rejected(outcome.decision, identity=identity, session_id=report.session_id,
                                          turn_id=report.turn_id)
                audit.retain_turn(session_id=report.session_id, turn_id=report.turn_id, identity=identity,
                                  accepted=len(report.accepted), rejected=len(report.rejected),
                                  unit_reasons=unit_reasons)
            queued = sorted(scope for scope, batch in batches.items() if batch is not None)
            self.context.oplog.emit(
                "retain_turn", "retain", session=report.session_id or None, turn=report.turn_id or None,
                scopes=sorted({d.scope for d in report.decisions}), accepted=len(report.accepted),
                rejected=len(report.rejected), queued=queued, reasons=dict(reasons + unit_reasons),
                latency_ms=elapsed_ms(started),
                status="outbox_error" if error else ("queued" if queued else "nothing_to_retain"))
        except Exception as exc:  # observability never breaks the turn
            log.debug("retain turn observation failed: %s", type(exc).__name__)

    def end_session(self, session_id: Any) -> None:
        """`on_session_finalize` / `on_session_reset`: forget the session's open evidence; its held explicit
        retains become due."""
        self.evidence.drop_session(session_id)
        if self.outbox is not None and session_id:
            self.outbox.release_groups_with_prefix(turn_group_key(str(session_id), ""))

    def release_turn(self, session_id: str, turn_id: str) -> None:
        """A turn ended: its held explicit retains are due now, as one batch per scope (A6)."""
        if self.outbox is not None and self.outbox.release_group(turn_group_key(session_id, turn_id)):
            self.wake()

    def note_own_writes(self, identity: Identity | None, decisions: Sequence[Decision],
                        fates: Mapping[str, str] | None) -> None:
        """Read-your-writes: accepted decisions durably queued (or delivered) become visible to their writer at
        once, before the backend has them (`fates` None: about to be queued; `withdraw_own_writes` takes back
        those that were not); a failure here never breaks the retain."""
        ledger = self.context.own_writes
        if ledger is None or identity is None or not identity.known:
            return
        for decision in decisions:
            document_id = decision.document_id
            if (decision.accept and decision.candidate is not None and document_id
                    and (fates is None or fates.get(document_id) in OWN_WRITE_FATES)):
                try:
                    ledger.record(identity, decision.scope, decision.candidate.content, document_id)
                except Exception as exc:  # the ledger only speeds up visibility: the write itself is safe
                    log.warning("own-write record failed: %s", type(exc).__name__)

    def withdraw_own_writes(self, identity: Identity | None, decisions: Sequence[Decision],
                            fates: Mapping[str, str]) -> None:
        """Accepted writes shown early whose durable write failed (or that were never queued) are not shown."""
        ledger = self.context.own_writes
        if ledger is None or identity is None or not identity.known:
            return
        for decision in decisions:
            document_id = decision.document_id
            if decision.accept and document_id and fates.get(document_id) not in KEPT_OWN_WRITE_FATES:
                ledger.withdraw(identity, decision.scope, document_id)

    def _count_rejections(self, report: TurnReport) -> None:
        for scope, code in report.sentence_rejections() + report.scope_rejections():
            self.observer.on_rejected(scope, code)

    def enqueue_decisions(self, decisions: Sequence[Decision], *, origin: Origin, group_key: str,
                          max_batch_items: int = 50, join: bool = False
                          ) -> tuple[dict[str, int | None], dict[str, str], str | None]:
        """Queue accepted decisions, one batch per (scope, bank) (chunked at `max_batch_items`); with `join`, into
        the group's pending batch when there is one (A6)."""
        groups: dict[tuple[str, str, str], list[Decision]] = {}
        for decision in decisions:
            if decision.accept and decision.bank and decision.backend:
                groups.setdefault((decision.scope, decision.bank, decision.backend), []).append(decision)
        batches: dict[str, int | None] = {}
        fates: dict[str, str] = {}
        if not groups:
            return batches, fates, None
        if self.outbox is None:
            return batches, {d.document_id or "": "not_queued" for g in groups.values() for d in g}, "no outbox"
        error: str | None = None
        for (scope, bank, backend), group in groups.items():
            for start in range(0, len(group), max_batch_items):
                chunk = group[start:start + max_batch_items]
                try:
                    result: EnqueueResult = self.outbox.enqueue(scope=scope, bank=bank, backend=backend,
                                                                items=[outbox_item(d) for d in chunk],
                                                                origin=origin, group_key=group_key,
                                                                join=join and start == 0)
                except Exception as exc:  # disk full, locked for too long: say so, loudly
                    error = type(exc).__name__
                    log.error("retain outbox write failed for %d %s item(s): %s", len(chunk), scope, error)
                    for d in chunk:
                        fates[d.document_id or ""] = "outbox_error"
                    self.observer.on_drop("outbox_error")
                    continue
                batches.setdefault(scope, result.batch_id)
                fates.update(result.fates)
                if result.admitted:
                    self.observer.on_batch(scope, len(result.admitted))
                    self.observer.on_retain(scope, "queued")
                for _ in result.duplicates:
                    self.observer.on_rejected(scope, ReasonCode.DUPLICATE)
        return batches, fates, error

    # -------------------------------------------------------------------------------------- delivery

    async def deliver_one(self) -> DeliveryOutcome | None:
        """Claim and deliver the next due batch; None when nothing is due."""
        return await self.worker.deliver_one()

    async def deliver_due(self, *, deadline: float | None = None, stop_on_retry: bool = True) -> list[DeliveryOutcome]:
        """Deliver what is due now, in this task (the CLI's way); stops at the first transient failure."""
        return await self.worker.deliver_due(deadline=deadline, stop_on_retry=stop_on_retry)

    async def start(self) -> None:
        """Start the background delivery worker on the running loop."""
        await self.worker.start()

    def wake(self) -> None:
        """Tell the worker there is work (thread-safe)."""
        self.worker.wake()

    @property
    def running(self) -> bool:
        return self.worker.running

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until nothing due is left to deliver (or `timeout`); True when nothing is waiting."""
        return await self.worker.flush(timeout)

    async def stop(self, timeout: float = 5.0) -> None:
        """Stop the worker after its current delivery; undelivered items stay queued."""
        await self.worker.stop(timeout)

    def stats(self) -> RetainStats:
        """Queue figures: depth, oldest age, failed, evictions, refusals, the worker's state."""
        return RetainStats(running=self.running, delivered_batches=self.worker.delivered_batches,
                           evidence_open_turns=len(self.evidence), evidence_dropped=self.evidence.dropped_items,
                           cooling_backends=self.worker.cooling(),
                           outbox=self.outbox.stats() if self.outbox is not None else None)

    def close(self) -> None:
        if self.outbox is not None:
            self.outbox.close()
