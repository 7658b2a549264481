"""RetainCoordinator (design §12-16, A5, A6, A7): evidence in, curated per-scope batches out, delivered durably.

Flow of one Hermes turn::

    post_tool_call  ──► record_tool_call()  ──► TurnEvidenceBuffer            (never retained, A5)
    post_llm_call   ──► submit_turn()       ──► sentences ─► router ─► units (sentence × scope)
                                                  │ PolicyEngine per unit (hypothesis, transient, filler, …)
                                                  ▼
                                     one candidate per scope: its accepted sentences
                                                  │ PolicyEngine again (ACL, secrets, duplicate, size)
                                                  ▼
                                     Outbox.enqueue: ONE batch per scope per turn (A6), durable
    background worker ──► claim ─► backend.retain(bank, batch) ─► complete | retry (backoff) | failed (kept)

`submit_turn` is synchronous and returns at once (a few ms: analysis plus one SQLite transaction per scope); the
delivery runs on an asyncio task (`start()` on the caller's loop). Transient backend errors (5xx, timeouts,
connection refused, 429 — `BackendError.transient`) and authentication errors are retried with exponential
backoff, honouring Retry-After, with a per-backend cool-down so a dead backend is not hammered. Client errors
(400/422) mark the batch `failed` with the reason: kept in the outbox and visible, never retried forever, never
lost. A process killed mid-delivery loses nothing: the next process that opens the outbox reclaims the lease and
delivers again; the stable document ids make the re-delivery idempotent.

Explicit `memory_retain` calls (`MemoryPlane.retain`) go through the same PolicyEngine and, when an outbox is
attached to the plane, through the same outbox, delivered inline: see `retain_explicit`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
import weakref
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..audit import AuditLog
from ..backends.base import MemoryBackend
from ..config import state_dir
from ..errors import BackendAuthError, BackendError
from ..identity import Identity
from ..models import RetainItem
from ..oplog import OpLog, SafeText, elapsed_ms, safe_error
from ..router.rules import RuleRouter
from .candidates import CandidateBuilder, Origin, Role, Sentence, Unit
from .evidence import EMPTY_EVIDENCE, TurnEvidence, TurnEvidenceBuffer
from .outbox import ClaimedBatch, EnqueueResult, NullObserver, Outbox, OutboxItem, RetainObserver, notify
from .policy import Decision, PolicyEngine

if TYPE_CHECKING:
    from ..plane import MemoryPlane, RetainResult

__all__ = [
    "Backoff",
    "DeliveryOutcome",
    "RetainCoordinator",
    "TurnReport",
    "UnitOutcome",
    "attach_outbox",
    "attached_outbox",
    "evaluate_explicit",
    "evaluate_statement",
    "plan_units",
    "report_delivery",
    "retain_explicit",
    "to_retain_item",
]

log = logging.getLogger(__name__)
MAX_TEXT_CHARS = 20_000
METRICS_TEXTFILE = "metrics.prom"
TEXTFILE_REFRESH_SECONDS = 15.0  # the worker rewrites the metrics textfile at least this often while it runs


# ================================================================================================== planning

@dataclass(frozen=True, slots=True)
class UnitOutcome:
    """The policy's verdict on one sentence for one scope (before merging per scope)."""

    sentence: int
    role: str
    scope: str
    routed_by: str
    decision: Decision

    def to_dict(self) -> dict[str, Any]:
        return {"sentence": self.sentence, "role": self.role, "scope": self.scope, "routed_by": self.routed_by,
                "decision": self.decision.verdict, "reasons": list(self.decision.reasons),
                "category": self.decision.category, "durability": self.decision.durability}


def plan_units(builder: CandidateBuilder, policy: PolicyEngine, identity: Identity | None, units: Sequence[Unit],
               *, pending: set[tuple[str, str]] | None = None,
               check_acl: bool = True) -> tuple[list[Decision], list[UnitOutcome]]:
    """Judge every unit, then merge each scope's accepted units into one candidate and judge that.

    A unit rejected for a secret is merged too, so that its scope's whole candidate is rejected: never a
    redacted copy of a learning that came with a secret."""
    outcomes: list[UnitOutcome] = []
    by_scope: dict[str, list[Unit]] = {}
    for unit in units:
        decision = policy.evaluate(unit.candidate, identity, check_acl=False, check_duplicate=False,
                                   scan_secrets=False)  # the whole source text was scanned by the builder
        outcomes.append(UnitOutcome(sentence=unit.sentence.index, role=unit.sentence.role,
                                    scope=unit.candidate.scope, routed_by=unit.routed_by, decision=decision))
        poisoned = any(r.startswith("secret_detected") for r in decision.reasons)
        if decision.accept or poisoned:
            by_scope.setdefault(unit.candidate.scope, []).append(unit)
    decisions: list[Decision] = []
    seen = pending if pending is not None else set()
    for scoped in by_scope.values():
        decision = policy.evaluate(builder.merge(scoped), identity, pending=seen, check_acl=check_acl)
        if decision.accept and decision.bank and decision.document_id:
            seen.add((decision.bank, decision.document_id))
        decisions.append(decision)
    return decisions, outcomes


def evaluate_statement(builder: CandidateBuilder, policy: PolicyEngine, identity: Identity | None, text: str,
                       scope: str, *, origin: Origin = "turn", role: Role = "user",
                       evidence: TurnEvidence = EMPTY_EVIDENCE, priority: str | None = None,
                       check_acl: bool = True) -> Decision:
    """The decision for a text proposed to one given scope, exactly as a turn (or an import) would judge it:
    sentence by sentence, then the scope's merged candidate. When every sentence is rejected, the reasons of
    all of them are returned."""
    sentences = builder.sentences(text, role, tool_line_hashes=evidence.line_hashes())
    units = [builder.unit(s, scope, origin=origin, evidence=evidence, priority=priority) for s in sentences]
    if not units:
        return Decision(accept=False, reasons=("empty",), scope=scope, document_id=None, origin=origin)
    decisions, outcomes = plan_units(builder, policy, identity, units, check_acl=check_acl)
    if decisions:
        return decisions[0]
    reasons = tuple(dict.fromkeys(r for o in outcomes for r in o.decision.reasons))
    first = outcomes[0].decision
    return Decision(accept=False, reasons=reasons, scope=scope, document_id=None, category=first.category,
                    durability=max(o.decision.durability for o in outcomes), verified=first.verified,
                    origin=origin, policy=first.policy,
                    findings=tuple(f for o in outcomes for f in o.decision.findings))


def to_retain_item(decision: Decision) -> RetainItem:
    """The backend item of an accepted decision: content, stable document id, provenance as tags and metadata."""
    candidate = decision.candidate
    if candidate is None or decision.document_id is None:
        raise ValueError("only an accepted decision with a candidate becomes a retain item")
    # Hindsight shows metadata and context to its extraction LLM, so both stay short: provenance only (who, how,
    # what kind, verified, from which session/call/entry); scores and evidence stay in the turn report and tags.
    metadata: dict[str, str] = {"source_agent": candidate.source_agent, "origin": candidate.origin,
                                "category": candidate.category, "verified": "true" if candidate.verified else "false"}
    extra = candidate.session_id or candidate.reason or candidate.priority
    if candidate.session_id:
        metadata["session_id"] = candidate.session_id[:200]
    elif candidate.reason:
        metadata["reason"] = candidate.reason[:500]
    elif extra:
        metadata["priority"] = str(extra)
    context = {"turn": "from a Hermes conversation", "explicit": "explicitly saved by an agent",
               "import": "imported from a Hermes MEMORY.md"}.get(candidate.origin, candidate.origin)
    context = f"{candidate.category.replace('_', ' ')} {context}"
    tags = list(candidate.tags)
    if candidate.verified:
        tags.append("verified")
    return RetainItem(content=candidate.content.strip(), document_id=decision.document_id, context=context,
                      timestamp=candidate.timestamp, tags=tuple(dict.fromkeys(tags)), metadata=metadata)


def _outbox_item(decision: Decision) -> OutboxItem:
    return OutboxItem(item=to_retain_item(decision), durability=decision.durability, evictable=decision.evictable)


@dataclass(frozen=True, slots=True)
class TurnReport:
    """What happened to one turn: per-scope decisions, per-sentence outcomes, batches and fates. No content."""

    session_id: str
    turn_id: str
    decisions: tuple[Decision, ...] = ()
    units: tuple[UnitOutcome, ...] = ()
    unrouted: tuple[int, ...] = ()
    sentences: tuple[Sentence, ...] = field(default=(), repr=False)
    batches: dict[str, int | None] = field(default_factory=dict)
    fates: dict[str, str] = field(default_factory=dict)
    evidence: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    @property
    def accepted(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.accept)

    @property
    def rejected(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if not d.accept)

    def to_dict(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "turn_id": self.turn_id,
                "decisions": [{**d.to_dict(), "fate": self.fates.get(d.document_id or "", "rejected")}
                              for d in self.decisions],
                "units": [u.to_dict() for u in self.units], "unrouted": list(self.unrouted),
                "batches": dict(self.batches), "evidence": self.evidence, "error": self.error}


# ================================================================================================== delivery

@dataclass(frozen=True, slots=True)
class Backoff:
    """Exponential backoff with jitter, honouring the server's Retry-After (capped)."""

    base: float = 0.5
    factor: float = 2.0
    max_delay: float = 300.0
    jitter: float = 0.2

    def delay(self, attempts: int, retry_after: float | None = None) -> float:
        raw = min(self.max_delay, self.base * self.factor ** max(attempts - 1, 0))
        raw *= 1.0 - self.jitter * random.random()
        if retry_after is not None and retry_after > 0:
            raw = max(raw, min(retry_after, self.max_delay))
        return raw


@dataclass(frozen=True, slots=True)
class DeliveryOutcome:
    """`delivered`, `retry` (transient, rescheduled after `delay`) or `failed` (kept, with `error`)."""

    status: str
    batch_id: int
    scope: str
    items: int
    error: str | None = None
    delay: float = 0.0


def _safe_error(exc: BaseException) -> str:
    """A one-line error without content: the class, the HTTP status, the library's own (scrubbed) message
    (`oplog.safe_error`)."""
    return str(safe_error(exc))


async def deliver_batch(outbox: Outbox, backend: MemoryBackend | None, batch: ClaimedBatch, *,
                        backoff: Backoff, observer: RetainObserver, timeout: float = 120.0,
                        max_unexpected_attempts: int = 10) -> DeliveryOutcome:
    """Send one claimed batch in ONE backend request and settle it in the outbox."""
    if backend is None:
        error = f"no backend named {batch.backend!r} is configured"
        await asyncio.to_thread(outbox.fail, batch, error)
        notify(observer, "on_retain", batch.scope, "failed")
        return DeliveryOutcome("failed", batch.id, batch.scope, len(batch.items), error)
    try:
        await asyncio.wait_for(backend.retain(batch.bank, list(batch.items)), timeout)
    except BackendError as exc:
        error = _safe_error(exc)
        if exc.transient or isinstance(exc, BackendAuthError):
            delay = backoff.delay(batch.attempts + 1, getattr(exc, "retry_after", None))
            await asyncio.to_thread(outbox.retry_later, batch, error, delay)
            notify(observer, "on_retain", batch.scope, "retry")
            log.info("retain batch %d (%s, %d items) will be retried in %.2fs: %s", batch.id, batch.scope,
                     len(batch.items), delay, type(exc).__name__)
            return DeliveryOutcome("retry", batch.id, batch.scope, len(batch.items), error, delay)
        await asyncio.to_thread(outbox.fail, batch, error)
        notify(observer, "on_retain", batch.scope, "failed")
        log.warning("retain batch %d (%s, %d items) failed and is kept in the outbox: %s", batch.id, batch.scope,
                    len(batch.items), error)
        return DeliveryOutcome("failed", batch.id, batch.scope, len(batch.items), error)
    except TimeoutError:
        delay = backoff.delay(batch.attempts + 1)
        await asyncio.to_thread(outbox.retry_later, batch, f"no answer within {timeout:g}s", delay)
        notify(observer, "on_retain", batch.scope, "retry")
        return DeliveryOutcome("retry", batch.id, batch.scope, len(batch.items), "timeout", delay)
    except Exception as exc:  # a bug or an unexpected error type: retry a few times, then keep it as failed
        error = type(exc).__name__  # its message could quote content: the class only
        if batch.attempts + 1 >= max_unexpected_attempts:
            await asyncio.to_thread(outbox.fail, batch, error)
            notify(observer, "on_retain", batch.scope, "failed")
            return DeliveryOutcome("failed", batch.id, batch.scope, len(batch.items), error)
        delay = backoff.delay(batch.attempts + 1)
        await asyncio.to_thread(outbox.retry_later, batch, error, delay)
        notify(observer, "on_retain", batch.scope, "retry")
        return DeliveryOutcome("retry", batch.id, batch.scope, len(batch.items), error, delay)
    await asyncio.to_thread(outbox.complete, batch)
    notify(observer, "on_retain", batch.scope, "delivered")
    return DeliveryOutcome("delivered", batch.id, batch.scope, len(batch.items))


# ================================================================================================== per-plane state

@dataclass
class _PlaneRetain:
    builder: CandidateBuilder
    policy: PolicyEngine
    outbox: Outbox | None = None
    observer: RetainObserver = field(default_factory=NullObserver)
    backoff: Backoff = field(default_factory=Backoff)


_PLANES: weakref.WeakKeyDictionary[Any, _PlaneRetain] = weakref.WeakKeyDictionary()
_PLANES_LOCK = threading.Lock()


def _router_of(plane: MemoryPlane) -> RuleRouter:
    router = getattr(plane, "router", None)
    if isinstance(router, RuleRouter):
        return router
    return RuleRouter.from_settings(plane.config.routing, known_scopes=plane.config.stores)


def _state(plane: MemoryPlane) -> _PlaneRetain:
    with _PLANES_LOCK:
        state = _PLANES.get(plane)
        if state is None:
            state = _PlaneRetain(builder=CandidateBuilder(_router_of(plane), source_agent=plane.agent),
                                 policy=PolicyEngine(plane.config, plane.acl))
            _PLANES[plane] = state
        return state


def attach_outbox(plane: MemoryPlane, outbox: Outbox | None, *, observer: RetainObserver | None = None) -> None:
    """Make the plane's explicit retains (and its status) use this outbox; None detaches it."""
    state = _state(plane)
    state.outbox = outbox
    state.policy.ledger = outbox
    if observer is not None:
        state.observer = observer


def attached_outbox(plane: MemoryPlane) -> Outbox | None:
    with _PLANES_LOCK:
        state = _PLANES.get(plane)
    return state.outbox if state is not None else None


def _backend_named(plane: MemoryPlane, name: str) -> MemoryBackend | None:
    backends: Mapping[str, MemoryBackend] = plane.acl.registry._backends  # the registry is the one source of truth
    return backends.get(name)


_NO_AUDIT = AuditLog(None)


def _audit_of(plane: MemoryPlane) -> AuditLog:
    audit = getattr(plane, "audit", None)
    return audit if isinstance(audit, AuditLog) else _NO_AUDIT


def _oplog_of(plane: MemoryPlane) -> OpLog:
    oplog = getattr(plane, "oplog", None)
    return oplog if isinstance(oplog, OpLog) else OpLog(plane.config.observability, agent=plane.agent)


def report_delivery(plane: MemoryPlane, batch: ClaimedBatch, outcome: DeliveryOutcome, started: float, *,
                    oplog: OpLog | None = None) -> None:
    """The operation line of one delivery attempt, and the audit record of a delivered or failed batch."""
    log_ = oplog or _oplog_of(plane)
    error = SafeText(outcome.error) if outcome.error else None
    log_.emit("retain_delivery", "retain", batch=batch.id, scope=batch.scope, items=len(batch.items),
              attempt=batch.attempts + 1, latency_ms=elapsed_ms(started), status=outcome.status,
              retry_in_s=round(outcome.delay, 2) if outcome.status == "retry" else None, error=error)
    if outcome.status in ("delivered", "failed"):
        _audit_of(plane).retain_delivery(status=outcome.status, scope=batch.scope, bank=batch.bank,
                                         batch_id=batch.id, document_ids=[i.document_id for i in batch.items],
                                         attempts=batch.attempts + 1, error=error)


# ================================================================================================== explicit retains

def evaluate_explicit(plane: MemoryPlane, identity: Identity, content: str, scope: str, *, reason: str | None = None,
                      confidence: float | None = None, tags: Sequence[str] = ()) -> Decision:
    """The decision an explicit retain would get, with every reason code (ACL included). Stores nothing."""
    state = _state(plane)
    candidate = state.builder.explicit(content, scope, identity=identity, reason=reason, confidence=confidence,
                                       tags=tags, platform=identity.platform or None)
    return state.policy.evaluate(candidate, identity)


async def retain_explicit(plane: MemoryPlane, identity: Identity, content: str, scope: str, *,
                          reason: str | None = None, confidence: float | None = None, tags: Sequence[str] = (),
                          context: str | None = None, dry_run: bool = False) -> RetainResult:
    """An explicit retain through the policies; delivered inline (through the outbox when one is attached).

    Raises AccessDenied when the ACL refuses the scope (as before); a policy rejection is a result with
    `stored=False, status="rejected"` and its reasons."""
    from ..plane import RetainResult

    state = _state(plane)
    audit = _audit_of(plane)
    decision = evaluate_explicit(plane, identity, content, scope, reason=reason, confidence=confidence, tags=tags)
    for code in decision.reasons:
        notify(state.observer, "on_rejected", scope, code.split(":", 1)[0])
    if not dry_run and decision.denied is not None:
        audit.retain_decision(decision, identity=identity)
        raise decision.denied
    bank = decision.bank or ""
    doc = decision.document_id or ""
    if dry_run or not decision.accept:
        status = ("would_store" if decision.accept else "rejected") if dry_run else "rejected"
        if not dry_run:
            audit.retain_decision(decision, identity=identity)
        return RetainResult(scope=scope, bank=bank, document_id=doc, stored=False, status=status,
                            reasons=decision.reasons, decision=decision)
    item = to_retain_item(decision)
    if context:
        item = RetainItem(content=item.content, document_id=item.document_id, context=context[:2000],
                          timestamp=item.timestamp, tags=item.tags, metadata=item.metadata)
    binding = plane.acl.check(identity, scope, "retain")
    outbox = state.outbox
    if outbox is None:
        audit.retain_decision(decision, identity=identity, fate="direct")
        await binding.backend.retain(binding.bank, [item])
        notify(state.observer, "on_batch", scope, 1)
        notify(state.observer, "on_retain", scope, "delivered")
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=True,
                            status="stored", decision=decision)
    queued = await asyncio.to_thread(
        outbox.enqueue, scope=scope, bank=binding.bank, backend=binding.backend_name,
        items=[OutboxItem(item=item, durability=decision.durability, evictable=decision.evictable)],
        origin="explicit", group_key=f"explicit:{item.document_id}", lease=True)
    audit.retain_decision(decision, identity=identity,
                          fate=queued.fates.get(item.document_id, "queued" if queued.batch_id else None))
    if queued.batch_id is None:
        code = "duplicate" if queued.duplicates else "outbox_full"
        notify(state.observer, "on_rejected", scope, code)
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                            status="rejected", reasons=(code,), decision=decision)
    notify(state.observer, "on_batch", scope, 1)
    notify(state.observer, "on_retain", scope, "queued")
    claimed = await asyncio.to_thread(outbox.claim, batch_id=queued.batch_id)
    if claimed is None:  # another process took it over: it is durable and will be delivered
        return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id, stored=False,
                            status="queued", decision=decision)
    settings = plane.config.backend_settings(binding.backend_name)
    timeout = settings.timeout_for("retain") + 5.0 if settings is not None else 120.0
    started = time.perf_counter()
    outcome = await deliver_batch(outbox, binding.backend, claimed, backoff=state.backoff, observer=state.observer,
                                  timeout=timeout)
    report_delivery(plane, claimed, outcome, started)
    status = {"delivered": "stored", "retry": "queued", "failed": "failed"}[outcome.status]
    return RetainResult(scope=scope, bank=binding.bank, document_id=item.document_id,
                        stored=outcome.status == "delivered", status=status, decision=decision,
                        detail=outcome.error)


# ================================================================================================== the coordinator

class RetainCoordinator:
    """Turn-end retain for one plane: evidence buffer, policies, per-scope batching, durable outbox, delivery."""

    def __init__(self, plane: MemoryPlane, outbox: Outbox | None, *, observer: RetainObserver | None = None,
                 evidence: TurnEvidenceBuffer | None = None, backoff: Backoff | None = None,
                 builder: CandidateBuilder | None = None, policy: PolicyEngine | None = None,
                 delivery_timeout: float | None = None, attach: bool = True) -> None:
        self.plane = plane
        self.outbox = outbox
        self.observer: RetainObserver = observer or NullObserver()
        if outbox is not None and isinstance(outbox.observer, NullObserver):
            outbox.observer = self.observer
        self.evidence = evidence or TurnEvidenceBuffer()
        self.backoff = backoff or Backoff()
        self.builder = builder or CandidateBuilder(_router_of(plane), source_agent=plane.agent)
        self.policy = policy or PolicyEngine(plane.config, plane.acl)
        self.policy.ledger = outbox
        settings = plane.config.backend
        self.delivery_timeout = delivery_timeout or settings.timeout_for("retain") + 5.0
        self._cooldown: dict[str, float] = {}
        self._failures: dict[str, int] = {}
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._stopping = False
        self.delivered_batches = 0
        self.oplog = _oplog_of(plane)
        # Where the delivery worker writes the plane's metrics (Prometheus text format) for `status --metrics`
        # and node-exporter: set by `open()`, used only while `start()`ed (the long-lived plugin process).
        self.metrics_textfile: Path | None = None
        self._textfile_at = 0.0
        self._metrics_dirty = False
        if attach and outbox is not None:
            attach_outbox(plane, outbox, observer=self.observer)
            _state(plane).backoff = self.backoff

    @classmethod
    def open(cls, plane: MemoryPlane, *, environ: Mapping[str, str] | None = None, path: str | None = None,
             observer: RetainObserver | None = None, **kwargs: Any) -> RetainCoordinator:
        """A coordinator on the plane's configured outbox (`retain.outbox.path`, default `<state_dir>/outbox.db`);
        by default it feeds the plane's metrics."""
        if observer is None:
            from ..metrics import RetainMetrics

            observer = RetainMetrics(plane.metrics)
        if path is not None:
            outbox = Outbox(path, max_items=plane.config.retain.outbox.max_items, observer=observer)
        else:
            outbox = Outbox.for_config(plane.config, environ, observer=observer)
        coordinator = cls(plane, outbox, observer=observer, **kwargs)
        if plane.config.observability.metrics:
            coordinator.metrics_textfile = state_dir(environ) / METRICS_TEXTFILE
        return coordinator

    # -------------------------------------------------------------------------------------- hooks (sync)

    def record_tool_call(self, *, session_id: Any = None, turn_id: Any = None, tool_name: Any = None,
                         args: Any = None, result: Any = None, status: Any = None, error_type: Any = None,
                         duration_ms: Any = None, **_: Any) -> None:
        """`post_tool_call`: keep a bounded summary as evidence. Never retains anything (A5)."""
        before = self.evidence.dropped_items + self.evidence.evicted_turns
        self.evidence.record(session_id, turn_id, tool_name, args=args, result=result, status=status,
                             error_type=error_type, duration_ms=duration_ms)
        if self.evidence.dropped_items + self.evidence.evicted_turns > before:
            notify(self.observer, "on_drop", "evidence_overflow")

    def evaluate_turn(self, identity: Identity | None, *, session_id: Any = None, turn_id: Any = None,
                      user_message: Any = None, assistant_response: Any = None,
                      evidence: TurnEvidence = EMPTY_EVIDENCE, source_agent: str | None = None,
                      platform: str | None = None) -> TurnReport:
        """The decisions for one turn, without writing anything (a dry run of `submit_turn`)."""
        sid, tid = str(session_id or ""), str(turn_id or "")
        user = user_message[:MAX_TEXT_CHARS] if isinstance(user_message, str) else ""
        answer = assistant_response[:MAX_TEXT_CHARS] if isinstance(assistant_response, str) else ""
        hashes = evidence.line_hashes()
        sentences = self.builder.sentences(user, "user", tool_line_hashes=hashes)
        sentences += self.builder.sentences(answer, "assistant", first_index=len(sentences), tool_line_hashes=hashes)
        fallback = self.builder.context_scopes([user, answer], evidence.tools)
        units, unrouted = self.builder.units(sentences, origin="turn", fallback=fallback, evidence=evidence,
                                             identity=identity, session_id=sid or None, turn_id=tid or None,
                                             source_agent=source_agent, platform=platform)
        decisions, outcomes = plan_units(self.builder, self.policy, identity, units)
        return TurnReport(session_id=sid, turn_id=tid, decisions=tuple(decisions), units=tuple(outcomes),
                          unrouted=tuple(s.index for s in unrouted), sentences=tuple(sentences),
                          evidence={"calls": len(evidence.items), "dropped": evidence.dropped,
                                    "errors": sum(1 for e in evidence.items if not e.ok)})

    def submit_turn(self, identity: Identity | None, *, session_id: Any = None, turn_id: Any = None,
                    user_message: Any = None, assistant_response: Any = None, conversation_history: Any = None,
                    source_agent: str | None = None, platform: str | None = None, **_: Any) -> TurnReport:
        """`post_llm_call`: judge the turn and durably queue at most ONE batch per scope. Returns at once; never
        raises (an outbox failure is logged, counted and reported in `TurnReport.error`)."""
        evidence = self.evidence.pop(session_id, turn_id)
        started = time.perf_counter()
        try:
            report = self.evaluate_turn(identity, session_id=session_id, turn_id=turn_id, user_message=user_message,
                                        assistant_response=assistant_response, evidence=evidence,
                                        source_agent=source_agent, platform=platform)
        except Exception as exc:  # never break the Hermes turn
            log.warning("retain evaluation failed: %s", type(exc).__name__)
            notify(self.observer, "on_drop", "evaluation_error")
            return TurnReport(session_id=str(session_id or ""), turn_id=str(turn_id or ""),
                              error=type(exc).__name__)
        batches, fates, error = self._enqueue(report.decisions, origin="turn",
                                              group_key=f"{report.session_id}:{report.turn_id}")
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
            audit = _audit_of(self.plane)
            if not report.decisions and not report.units:
                return
            merged = {(d.scope, i) for d in report.decisions for i in (d.candidate.sentences if d.candidate else ())}
            unit_reasons: Counter[str] = Counter(
                code.split(":", 1)[0] for u in report.units
                if not u.decision.accept and (u.scope, u.sentence) not in merged for code in u.decision.reasons)
            reasons: Counter[str] = Counter(code.split(":", 1)[0] for d in report.rejected for code in d.reasons)
            if audit.enabled:
                for decision in report.decisions:
                    audit.retain_decision(decision, identity=identity, session_id=report.session_id,
                                          turn_id=report.turn_id, fate=fates.get(decision.document_id or ""))
                audit.retain_turn(session_id=report.session_id, turn_id=report.turn_id, identity=identity,
                                  accepted=len(report.accepted), rejected=len(report.rejected),
                                  unit_reasons=unit_reasons)
            queued = sorted(scope for scope, batch in batches.items() if batch is not None)
            self.oplog.emit("retain_turn", "retain", session=report.session_id or None,
                            turn=report.turn_id or None, scopes=sorted({d.scope for d in report.decisions}),
                            accepted=len(report.accepted), rejected=len(report.rejected), queued=queued,
                            reasons=dict(reasons + unit_reasons), latency_ms=elapsed_ms(started),
                            status="outbox_error" if error else ("queued" if queued else "nothing_to_retain"))
        except Exception as exc:  # observability never breaks the turn
            log.debug("retain turn observation failed: %s", type(exc).__name__)

    def end_session(self, session_id: Any) -> None:
        """`on_session_finalize` / `on_session_reset`: forget the session's open evidence."""
        self.evidence.drop_session(session_id)

    def _count_rejections(self, report: TurnReport) -> None:
        merged = {(d.scope, s) for d in report.decisions for s in (d.candidate.sentences if d.candidate else ())}
        for unit in report.units:
            if not unit.decision.accept and (unit.scope, unit.sentence) not in merged:
                for code in unit.decision.reasons:
                    notify(self.observer, "on_rejected", unit.scope, code.split(":", 1)[0])
        for decision in report.rejected:
            for code in decision.reasons:
                notify(self.observer, "on_rejected", decision.scope, code.split(":", 1)[0])

    def enqueue_decisions(self, decisions: Sequence[Decision], *, origin: str, group_key: str,
                          max_batch_items: int = 50) -> tuple[dict[str, int | None], dict[str, str], str | None]:
        """Queue accepted decisions, one batch per (scope, bank) (chunked at `max_batch_items`)."""
        return self._enqueue(decisions, origin=origin, group_key=group_key, max_batch_items=max_batch_items)

    def _enqueue(self, decisions: Sequence[Decision], *, origin: str, group_key: str,
                 max_batch_items: int = 50) -> tuple[dict[str, int | None], dict[str, str], str | None]:
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
                                                                items=[_outbox_item(d) for d in chunk],
                                                                origin=origin, group_key=group_key)
                except Exception as exc:  # disk full, locked for too long: say so, loudly
                    error = type(exc).__name__
                    log.error("retain outbox write failed for %d %s item(s): %s", len(chunk), scope, error)
                    for d in chunk:
                        fates[d.document_id or ""] = "outbox_error"
                    notify(self.observer, "on_drop", "outbox_error")
                    continue
                batches.setdefault(scope, result.batch_id)
                fates.update(result.fates)
                if result.admitted:
                    notify(self.observer, "on_batch", scope, len(result.admitted))
                    notify(self.observer, "on_retain", scope, "queued")
                for _ in result.duplicates:
                    notify(self.observer, "on_rejected", scope, "duplicate")
        return batches, fates, error

    # -------------------------------------------------------------------------------------- delivery

    def _cooling(self) -> list[str]:
        now = time.monotonic()
        return [name for name, until in self._cooldown.items() if until > now]

    async def deliver_one(self) -> DeliveryOutcome | None:
        """Claim and deliver the next due batch (skipping backends in cool-down); None when nothing is due."""
        if self.outbox is None:
            return None
        batch = await asyncio.to_thread(self.outbox.claim, exclude_backends=self._cooling())
        if batch is None:
            return None
        started = time.perf_counter()
        outcome = await deliver_batch(self.outbox, _backend_named(self.plane, batch.backend), batch,
                                      backoff=self.backoff, observer=self.observer, timeout=self.delivery_timeout)
        report_delivery(self.plane, batch, outcome, started, oplog=self.oplog)
        self._metrics_dirty = True
        if self.running:
            await self._write_metrics(min_interval=1.0)
        if outcome.status == "retry":
            failures = self._failures.get(batch.backend, 0) + 1
            self._failures[batch.backend] = failures
            self._cooldown[batch.backend] = time.monotonic() + min(outcome.delay, self.backoff.delay(failures))
        else:
            self._failures.pop(batch.backend, None)
            self._cooldown.pop(batch.backend, None)
            if outcome.status == "delivered":
                self.delivered_batches += 1
        return outcome

    async def deliver_due(self, *, deadline: float | None = None, stop_on_retry: bool = True) -> list[DeliveryOutcome]:
        """Deliver what is due now, in this task (the CLI's way); stops at the first transient failure."""
        outcomes: list[DeliveryOutcome] = []
        while deadline is None or time.monotonic() < deadline:
            outcome = await self.deliver_one()
            if outcome is None:
                break
            outcomes.append(outcome)
            if outcome.status == "retry" and stop_on_retry:
                break
        return outcomes

    def _idle_wait(self) -> float:
        waits = [until - time.monotonic() for until in self._cooldown.values()]
        due = self.outbox.next_due_in() if self.outbox is not None else None
        if due is not None:
            waits.append(due)
        positive = [w for w in waits if w > 0]
        return min([1.0, *positive]) if positive else 1.0

    async def _write_metrics(self, *, min_interval: float, force: bool = False) -> None:
        """Write the plane's metrics to `metrics_textfile` (atomically, off the loop), at most every
        `min_interval` seconds; never raises."""
        path = self.metrics_textfile
        metrics = getattr(self.plane, "metrics", None)
        if path is None or metrics is None:
            return
        now = time.monotonic()
        if not force and now - self._textfile_at < min_interval:
            return
        self._textfile_at, self._metrics_dirty = now, False
        try:
            await asyncio.to_thread(metrics.write_textfile, path)
        except Exception as exc:
            log.debug("metrics textfile not written: %s", type(exc).__name__)

    async def _run(self) -> None:
        assert self._wake is not None
        await self._write_metrics(min_interval=0.0, force=True)
        while not self._stopping:
            try:
                outcome = await self.deliver_one()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the worker must survive anything; the outbox keeps the items
                log.warning("retain worker error: %s", type(exc).__name__)
                outcome = None
                await asyncio.sleep(0.5)
            if outcome is not None:
                continue
            await self._write_metrics(min_interval=1.0 if self._metrics_dirty else TEXTFILE_REFRESH_SECONDS)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._idle_wait())

    async def start(self) -> None:
        """Start the background delivery worker on the running loop (drains what earlier processes left)."""
        if self._task is not None and not self._task.done():
            return
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._stopping = False
        self._task = asyncio.create_task(self._run(), name="wetopi-memory-retain-worker")

    def wake(self) -> None:
        """Tell the worker there is work (thread-safe; a no-op when no worker runs)."""
        loop, event = self._loop, self._wake
        if loop is None or event is None or loop.is_closed():
            return
        try:
            if _running_loop() is loop:
                event.set()
            else:
                loop.call_soon_threadsafe(event.set)
        except RuntimeError:
            pass

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until nothing due is left to deliver (or `timeout`); True when the outbox has nothing waiting.

        With a worker running this waits for it; without one it delivers in this task, honouring backoff."""
        if self.outbox is None:
            return True
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            depth = await asyncio.to_thread(self.outbox.depth)
            if depth == 0:
                return True
            if time.monotonic() >= deadline:
                return False
            if self.running:
                self.wake()
                await asyncio.sleep(min(0.02, max(deadline - time.monotonic(), 0)))
                continue
            outcome = await self.deliver_one()
            if outcome is None:
                await asyncio.sleep(min(self._idle_wait(), max(deadline - time.monotonic(), 0), 0.25))

    async def stop(self, timeout: float = 5.0) -> None:
        """Stop the worker after its current delivery (at most `timeout`); undelivered items stay queued."""
        task = self._task
        self._stopping = True
        self.wake()
        if task is not None and not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except TimeoutError:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await self._write_metrics(min_interval=0.0, force=True)
        self._task = None

    def stats(self) -> dict[str, Any]:
        """Queue figures for `memory_status`: depth, oldest age, failed, evictions, refusals."""
        base: dict[str, Any] = {"running": self.running, "delivered_batches": self.delivered_batches,
                                "evidence_open_turns": len(self.evidence),
                                "evidence_dropped": self.evidence.dropped_items,
                                "cooling_backends": self._cooling()}
        if self.outbox is not None:
            base.update(self.outbox.stats().to_dict())
        return base

    def close(self) -> None:
        if self.outbox is not None:
            self.outbox.close()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

