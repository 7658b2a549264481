"""Retain planning: judge each sentence for each scope, merge a scope's accepted sentences, build retain items."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..identity import Identity
from ..models import RetainItem
from ..source_refs import SOURCE_REF_METADATA_KEY
from .candidates import CandidateBuilder, Origin, Role, Sentence, Unit
from .decision import Decision
from .evidence import EMPTY_EVIDENCE, TurnEvidence
from .kinds import Priority, RoutedBy
from .outbox_records import OutboxItem
from .policy import MERGED_EVALUATION, SENTENCE_EVALUATION, PolicyEngine
from .reasons import Reason, ReasonCode

__all__ = ["TurnReport", "UnitOutcome", "evaluate_statement", "outbox_item", "plan_units", "to_retain_item"]


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    """The policy's verdict on one sentence for one scope (before merging per scope)."""

    sentence: int
    role: str
    scope: str
    routed_by: RoutedBy
    decision: Decision

    def to_dict(self) -> dict[str, Any]:
        return {"sentence": self.sentence, "role": self.role, "scope": self.scope, "routed_by": self.routed_by,
                "decision": self.decision.verdict, "reasons": list(self.decision.reason_strings()),
                "category": self.decision.category, "durability": self.decision.durability}


def plan_units(builder: CandidateBuilder, policy: PolicyEngine, identity: Identity | None, units: Sequence[Unit],
               *, pending: set[tuple[str, str]] | None = None, check_acl: bool = True,
               whole_items: bool = True) -> tuple[list[Decision], list[UnitOutcome]]:
    """Judge every unit, then merge each scope's accepted units into one candidate and judge that.

    When the units are one item (`whole_items`: an explicit retain, a MEMORY.md entry), a unit rejected for a
    secret is merged too, so that the whole item is rejected: never a redacted copy of it. A turn's sentences are
    separate statements: a sentence holding a secret is dropped whole, and its scope keeps the others (the merged
    candidate is scanned again all the same)."""
    outcomes: list[UnitOutcome] = []
    by_scope: dict[str, list[Unit]] = {}
    for unit in units:
        # Secrets are not scanned per sentence: the builder scanned the whole source text.
        decision = policy.decide(unit.candidate, identity, options=SENTENCE_EVALUATION)
        outcomes.append(UnitOutcome(sentence=unit.sentence.index, role=unit.sentence.role,
                                    scope=unit.candidate.scope, routed_by=unit.routed_by, decision=decision))
        poisoned = whole_items and decision.has(ReasonCode.SECRET_DETECTED)
        if decision.accept or poisoned:
            by_scope.setdefault(unit.candidate.scope, []).append(unit)
    decisions: list[Decision] = []
    seen = pending if pending is not None else set()
    for scoped in by_scope.values():
        options = MERGED_EVALUATION if check_acl else replace(MERGED_EVALUATION, check_acl=False)
        decision = policy.decide(builder.merge(scoped), identity, options=options, pending=seen)
        if decision.accept and decision.bank and decision.document_id:
            seen.add((decision.bank, decision.document_id))
        decisions.append(decision)
    return decisions, outcomes


def evaluate_statement(builder: CandidateBuilder, policy: PolicyEngine, identity: Identity | None, text: str,
                       scope: str, *, origin: Origin = "turn", role: Role = "user",
                       evidence: TurnEvidence = EMPTY_EVIDENCE, priority: Priority | None = None,
                       check_acl: bool = True) -> Decision:
    """The decision for a text proposed to one given scope, exactly as a turn (or an import) would judge it:
    sentence by sentence, then the scope's merged candidate. When every sentence is rejected, the reasons of
    all of them are returned."""
    sentences = builder.sentences(text, role, tool_line_hashes=evidence.line_hashes())
    units = [builder.unit(s, scope, origin=origin, evidence=evidence, priority=priority) for s in sentences]
    if not units:
        return Decision(accept=False, typed_reasons=(Reason(ReasonCode.EMPTY),), scope=scope, document_id=None,
                        origin=origin)
    decisions, outcomes = plan_units(builder, policy, identity, units, check_acl=check_acl)
    if decisions:
        return decisions[0]
    reasons = tuple(dict.fromkeys(r for o in outcomes for r in o.decision.typed_reasons))
    first = outcomes[0].decision
    return Decision(accept=False, typed_reasons=reasons, scope=scope, document_id=None, category=first.category,
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
    if decision.source_ref:  # content-free and keyed: how a forget finds what this person said (source_refs)
        tags.append(decision.source_ref)
        metadata[SOURCE_REF_METADATA_KEY] = decision.source_ref
    return RetainItem(content=candidate.content.strip(), document_id=decision.document_id, context=context,
                      timestamp=candidate.timestamp, tags=tuple(dict.fromkeys(tags)), metadata=metadata)


def outbox_item(decision: Decision) -> OutboxItem:
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

    def sentence_rejections(self) -> list[tuple[str, ReasonCode]]:
        """(scope, code) for every sentence rejected for a scope, unless its scope's merged candidate took it."""
        merged = {(d.scope, i) for d in self.decisions for i in (d.candidate.sentences if d.candidate else ())}
        return [(u.scope, code) for u in self.units if not u.decision.accept and (u.scope, u.sentence) not in merged
                for code in u.decision.reason_codes()]

    def scope_rejections(self) -> list[tuple[str, ReasonCode]]:
        """(scope, code) for every reason a scope's merged candidate was rejected."""
        return [(d.scope, code) for d in self.rejected for code in d.reason_codes()]

    def to_dict(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "turn_id": self.turn_id,
                "decisions": [{**d.to_dict(), "fate": self.fates.get(d.document_id or "", "rejected")}
                              for d in self.decisions],
                "units": [u.to_dict() for u in self.units], "unrouted": list(self.unrouted),
                "batches": dict(self.batches), "evidence": self.evidence, "error": self.error}

