"""PolicyEngine (design §15): deterministic, explainable accept/reject of memory candidates, per scope.

Policies are data (`ScopePolicy`): which categories a scope accepts, the durability it requires, which
categories must be verified, and whether its low-durability items may be evicted first when the outbox is full.
Built-in policies: `personal`, `business`, `platform` and `default`. A scope uses the policy named by
`stores.<scope>.retain.policy`, else the built-in of its own name, else `default`; `PolicyEngine(policies=…)`
adds or replaces policies.

Every decision carries all the reasons that apply, as stable codes:

| code | meaning |
|---|---|
| `empty` | nothing to store |
| `too_long` | longer than the policy's `max_chars` |
| `secret_detected:<rule_id>` | the SecretGate found a secret: the whole item is rejected, never a redacted copy |
| `scope_denied` | the Scope ACL refused the write (`Decision.acl_code` says why) |
| `retain_disabled` / `manual_only` / `automatic_disabled` | the configuration does not allow this write |
| `raw_tool_output` | pasted tool output (logs, traces, tables, JSON, an echo of this turn's tool results) |
| `filler` | thanks, ok, gracias, perfecto… |
| `hypothesis` | hedged or only planned: maybe, I think, might, we could, quizás, creo que, estamos pensando… |
| `unverified` | explicitly unverified, a draft not approved, a fix that did not work, or a category that must be |
|  | verified (platform root causes and fixes) that is not |
| `low_confidence` | an explicit call whose confidence is below the policy's `min_confidence` |
| `transient` | task state (done, in progress, terminado, I restarted…) or a one-off ("hoy prefiero", "this time") |
| `not_durable` | durability below the policy's threshold |
| `category_not_accepted` | nothing in it is a category this scope keeps, or its main category is foreign to the scope |
|  | (personal never keeps platform architecture or configuration said in the first person: design §3.1) |
| `duplicate` | the same document id is already accepted (queued or delivered) |
| `opted_out` | the user said not to save this turn ("no guardes esto", "don't save this") |
| `assistant_statement` | the assistant's own words, backed neither by the turn's verified fix nor the user's assent |

Explicit `memory_retain` calls go through the same checks, with these defaults: durability is raised to at least
0.9 (the call is durable intent) and the `general` category is accepted in every scope (the caller chose the
scope); secrets, raw output, hypotheses, transient state and filler are still rejected. Confidence >= 0.9 or a
"confirmed/verified" reason counts as verification.

Nothing here logs content: only reason codes, rule ids and offsets.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..config import Config, RetainSettings, StoreConfig
from ..errors import AccessDenied
from ..identity import Identity
from ..secrets import DEFAULT_GATE, SecretGate
from ..security import ScopeACL
from ..source_refs import SourceKey, source_ref, with_source_ref
from .candidates import MemoryCandidate, document_id_for
from .decision import Decision
from .kinds import Category
from .reasons import REASON_CODES, Reason, ReasonCode
from .signals import Signals, analyze

__all__ = [
    "BUILTIN_POLICIES",
    "FULL_EVALUATION",
    "MERGED_EVALUATION",
    "REASON_CODES",
    "SENTENCE_EVALUATION",
    "Decision",
    "DuplicateLedger",
    "EvaluationOptions",
    "PolicyEngine",
    "ScopePolicy",
]

log = logging.getLogger(__name__)

HIGH_DURABILITY = 0.85


@dataclass(frozen=True, slots=True)
class ScopePolicy:
    """What one kind of scope keeps. Plain data; see the module docstring for the checks that use it."""

    name: str
    accepted_categories: frozenset[Category]
    min_durability: float
    require_verified_for: frozenset[Category] = frozenset()
    evictable: bool = False
    foreign_categories: frozenset[Category] = frozenset()
    max_chars: int = 8000
    min_confidence: float = 0.5
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The policy as plain data, for `status` and reports."""
        return {"name": self.name, "accepted_categories": sorted(self.accepted_categories),
                "min_durability": self.min_durability, "require_verified_for": sorted(self.require_verified_for),
                "evictable": self.evictable, "foreign_categories": sorted(self.foreign_categories),
                "max_chars": self.max_chars, "min_confidence": self.min_confidence,
                "description": self.description}


BUILTIN_POLICIES: dict[str, ScopePolicy] = {
    "personal": ScopePolicy(
        "personal",
        frozenset({"preference", "decision", "constraint", "process"}),
        min_durability=0.6, evictable=True,
        # design §3.1: platform knowledge and business facts said in the first person are not personal
        foreign_categories=frozenset({"root_cause", "fix", "runbook", "incident", "architecture", "config",
                                      "relationship", "pricing", "strategy", "staffing"}),
        description="stable preferences, personal decisions, working preferences, personal context"),
    "business": ScopePolicy(
        "business",
        frozenset({"decision", "pricing", "strategy", "staffing", "process", "constraint", "relationship"}),
        min_durability=0.7,
        description="product, pricing and roadmap decisions, strategy, business processes, confirmed facts"),
    "platform": ScopePolicy(
        "platform",
        frozenset({"root_cause", "fix", "architecture", "decision", "constraint", "runbook", "relationship",
                   "config", "process", "incident"}),
        min_durability=0.7, require_verified_for=frozenset({"root_cause", "fix", "incident"}),
        description="verified root causes and fixes, architecture, constraints, runbooks, service relationships"),
    "default": ScopePolicy(
        "default",
        frozenset({"decision", "constraint", "runbook", "process", "architecture", "relationship", "config",
                   "fix", "root_cause", "strategy", "pricing", "staffing"}),
        min_durability=0.75, require_verified_for=frozenset({"root_cause", "fix"}),
        description="conservative policy for any other scope"),
}


class DuplicateLedger(Protocol):
    """Knows which document ids are already accepted (queued or delivered) in a bank."""

    def known(self, bank: str, document_id: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class EvaluationOptions:
    """Which of the checks outside the policy an evaluation runs.

    `scan_secrets=False` trusts the candidate's own `secret_rules` (sentences of a text that was scanned as a
    whole); the per-scope candidate built from them is always scanned again."""

    check_acl: bool = True
    check_duplicate: bool = True
    scan_secrets: bool = True
    judge_statement: bool = True


# A scope's candidate, ready to be queued: every check runs.
FULL_EVALUATION = EvaluationOptions()
# One sentence of a turn or an entry, judged before merging: the builder scanned the whole text already, and
# the ACL and duplicates are checked on the scope's merged candidate.
SENTENCE_EVALUATION = EvaluationOptions(check_acl=False, check_duplicate=False, scan_secrets=False)
# A scope's candidate merged from sentences that each passed: only what the whole can fail is checked again.
MERGED_EVALUATION = EvaluationOptions(judge_statement=False)


@dataclass(frozen=True, slots=True)
class _Subject:
    """What every check of one evaluation reads: the candidate, its stripped text, its policy and settings."""

    candidate: MemoryCandidate
    text: str
    policy: ScopePolicy
    settings: RetainSettings
    store: StoreConfig | None
    signals: Signals | None


@dataclass(frozen=True, slots=True)
class _AclOutcome:
    """Where the ACL lets the write go, or why it refuses it."""

    bank: str | None = None
    backend: str | None = None
    acl_code: str | None = None
    denied: AccessDenied | None = None


_UNCHECKED = _AclOutcome()


class PolicyEngine:
    """Judges candidates against their scope's policy, the configuration, the secret gate and the ACL."""

    def __init__(self, config: Config, acl: ScopeACL | None = None, *,
                 policies: Mapping[str, ScopePolicy] | None = None, gate: SecretGate = DEFAULT_GATE,
                 ledger: DuplicateLedger | None = None, source_key: SourceKey | None = None) -> None:
        self.config = config
        self.source_key = source_key
        self.acl = acl
        self.gate = gate
        self.ledger = ledger
        self.policies: dict[str, ScopePolicy] = {**BUILTIN_POLICIES, **dict(policies or {})}
        if "default" not in self.policies:
            raise ValueError("the policies must include 'default'")
        for scope, store in config.stores.items():
            name = store.retain.policy
            if name and name not in self.policies:
                log.warning("scope %s names unknown retain policy %r; using 'default'", scope, name[:64])

    def policy_for(self, scope: str) -> ScopePolicy:
        """The policy a scope uses: the one its store names, else the built-in of its name, else `default`."""
        store = self.config.stores.get(scope)
        name = store.retain.policy if store is not None else None
        if name and name in self.policies:
            return self.policies[name]
        return self.policies.get(scope, self.policies["default"])

    def evaluate(self, candidate: MemoryCandidate, identity: Identity | None = None, *, check_acl: bool = True,
                 check_duplicate: bool = True, pending: Collection[tuple[str, str]] = (),
                 scan_secrets: bool = True) -> Decision:
        """The flag-argument form of `decide`, kept for callers that have not moved to `EvaluationOptions`."""
        options = EvaluationOptions(check_acl=check_acl, check_duplicate=check_duplicate, scan_secrets=scan_secrets)
        return self.decide(candidate, identity, options=options, pending=pending)

    def decide(self, candidate: MemoryCandidate, identity: Identity | None = None, *,
               options: EvaluationOptions = FULL_EVALUATION,
               pending: Collection[tuple[str, str]] = ()) -> Decision:
        """Every reason that applies to this candidate, in a fixed order; accept only when there is none."""
        subject = self._subject(candidate, judge=options.judge_statement)
        findings = self._secret_findings(subject, scan=options.scan_secrets)
        rules = list(dict.fromkeys([r for r, _, _ in findings] + list(candidate.secret_rules)))
        acl = self._check_acl(candidate, identity) if options.check_acl else _UNCHECKED
        reasons = [*self._content_reasons(subject), *(Reason.secret(rule) for rule in rules)]
        if acl.denied is not None:
            reasons.append(Reason(ReasonCode.SCOPE_DENIED))
        reasons += self._config_reasons(subject)
        reasons += self._statement_reasons(subject)
        reasons += self._durability_reasons(subject)
        who = candidate.user or (identity.internal_user_id if identity is not None else None)
        ref = source_ref(who, self.source_key()) if who and self.source_key else None
        document_id = (with_source_ref(document_id_for(acl.bank, subject.text), ref)
                       if acl.bank is not None and subject.text and not rules else None)
        if options.check_duplicate and self._is_duplicate(acl.bank, document_id, pending):
            reasons.append(Reason(ReasonCode.DUPLICATE))
        return replace(self._decision(subject, tuple(dict.fromkeys(reasons)), document_id, findings, acl),
                       source_ref=ref)

    # ---------------------------------------------------------------------------------------- the checks

    def _subject(self, candidate: MemoryCandidate, *, judge: bool = True) -> _Subject:
        text = candidate.content.strip()
        signals = (candidate.signals or analyze(text)) if text and judge else None
        return _Subject(candidate=candidate, text=text, policy=self.policy_for(candidate.scope),
                        settings=self.config.retain, store=self.config.stores.get(candidate.scope), signals=signals)

    @staticmethod
    def _content_reasons(subject: _Subject) -> list[Reason]:
        """Nothing to store, or too much."""
        reasons: list[Reason] = []
        if not subject.text:
            reasons.append(Reason(ReasonCode.EMPTY))
        if len(subject.text) > subject.policy.max_chars:
            reasons.append(Reason(ReasonCode.TOO_LONG))
        return reasons

    def _secret_findings(self, subject: _Subject, *, scan: bool) -> list[tuple[str, int, int]]:
        """(rule, start, end) of every blocking secret: the gate's on the text, then the candidate's own."""
        findings = ([(f.rule_id, f.start, f.end) for f in self.gate.blocking(self.gate.scan(subject.text))]
                    if scan else [])
        return findings + [f for f in subject.candidate.secret_offsets if f not in findings]

    def _check_acl(self, candidate: MemoryCandidate, identity: Identity | None) -> _AclOutcome:
        """The bank the ACL binds the write to, or the code of its refusal."""
        if self.acl is None or identity is None:
            return _AclOutcome(acl_code="no_identity",
                               denied=AccessDenied("no_identity", "no identity to check the write"))
        try:
            binding = self.acl.check(identity, candidate.scope, "retain")
        except AccessDenied as exc:
            return _AclOutcome(acl_code=exc.code, denied=exc)
        return _AclOutcome(bank=binding.bank, backend=binding.backend_name)

    @staticmethod
    def _config_reasons(subject: _Subject) -> list[Reason]:
        """The configuration does not allow this write."""
        settings, store = subject.settings, subject.store
        if not settings.enabled or (store is not None and store.retain.mode == "disabled"):
            return [Reason(ReasonCode.RETAIN_DISABLED)]
        if subject.candidate.origin == "turn":
            if not settings.automatic:
                return [Reason(ReasonCode.AUTOMATIC_DISABLED)]
            if store is not None and store.retain.mode == "manual":
                return [Reason(ReasonCode.MANUAL_ONLY)]
        return []

    @staticmethod
    def _statement_reasons(subject: _Subject) -> list[Reason]:
        """What the statement is not: raw output, filler, a hypothesis, unverified, an unsure explicit call."""
        signals, candidate, policy = subject.signals, subject.candidate, subject.policy
        if signals is None:
            return []
        reasons: list[Reason] = []
        if signals.opted_out:
            reasons.append(Reason(ReasonCode.OPTED_OUT))
        if signals.unbacked:
            reasons.append(Reason(ReasonCode.ASSISTANT_STATEMENT))
        if (candidate.raw or signals.raw) and subject.settings.reject_raw_tool_output:
            reasons.append(Reason(ReasonCode.RAW_TOOL_OUTPUT))
        if signals.filler:
            reasons.append(Reason(ReasonCode.FILLER))
        if subject.settings.reject_unverified_hypotheses:
            if signals.hedges:
                reasons.append(Reason(ReasonCode.HYPOTHESIS))
            if signals.unverified or (candidate.category in policy.require_verified_for and not candidate.verified):
                reasons.append(Reason(ReasonCode.UNVERIFIED))
        if candidate.origin == "explicit" and candidate.confidence < policy.min_confidence:
            reasons.append(Reason(ReasonCode.LOW_CONFIDENCE))
        return reasons

    @staticmethod
    def _durability_reasons(subject: _Subject) -> list[Reason]:
        """Why the statement would not last, or is nothing this scope keeps."""
        signals, candidate, policy = subject.signals, subject.candidate, subject.policy
        if signals is None:
            return []
        reasons: list[Reason] = []
        if subject.settings.require_durable:
            # what was done is task state, unless it is how a decision was carried out ("we moved to Gandi"); a P1
            # entry of a MEMORY.md that is task state goes to review (memory_md.py), never stored as lasting
            if (signals.task_state and not signals.strong) or signals.one_off:
                reasons.append(Reason(ReasonCode.TRANSIENT))
            if not signals.filler and candidate.durability < policy.min_durability:
                reasons.append(Reason(ReasonCode.NOT_DURABLE))
        accepted: set[Category] = set(policy.accepted_categories)
        if candidate.origin != "turn" or signals.weak:
            accepted.add("general")  # the caller chose the scope, or the speaker asked to keep it
        if candidate.origin == "explicit":
            accepted |= policy.foreign_categories  # the caller chose the scope: only the statement is judged
        if not signals.filler and (not (set(candidate.categories or ("general",)) & accepted)
                                   or (candidate.category in policy.foreign_categories
                                       and candidate.origin != "explicit")):
            reasons.append(Reason(ReasonCode.CATEGORY_NOT_ACCEPTED))
        return reasons

    def _is_duplicate(self, bank: str | None, document_id: str | None,
                      pending: Collection[tuple[str, str]]) -> bool:
        """The same document is already accepted: earlier in this run, queued or delivered."""
        if bank is None or document_id is None:
            return False
        return (bank, document_id) in pending or (self.ledger is not None and self.ledger.known(bank, document_id))

    def _decision(self, subject: _Subject, reasons: tuple[Reason, ...], document_id: str | None,
                  findings: list[tuple[str, int, int]], acl: _AclOutcome) -> Decision:
        candidate, policy = subject.candidate, subject.policy
        if reasons:  # a scope the caller made up is free text: only configured names are logged
            log.debug("retain rejected scope=%s origin=%s reasons=%s",
                      candidate.scope if subject.store is not None else "unknown", candidate.origin,
                      ",".join(str(r) for r in reasons))
        return Decision(accept=not reasons, typed_reasons=reasons, scope=candidate.scope, document_id=document_id,
                        category=candidate.category, durability=candidate.durability, verified=candidate.verified,
                        origin=candidate.origin, policy=policy.name, findings=tuple(findings),
                        acl_code=acl.acl_code, bank=acl.bank, backend=acl.backend,
                        evictable=policy.evictable and candidate.durability < HIGH_DURABILITY,
                        candidate=candidate, denied=acl.denied)
