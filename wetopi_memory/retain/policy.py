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
| `hypothesis` | hedged: maybe, I think, could be, quizás, creo que, a lo mejor… |
| `unverified` | explicitly unverified, or a category that must be verified (platform root causes and fixes) is not |
| `low_confidence` | an explicit call whose confidence is below the policy's `min_confidence` |
| `transient` | task state: done, in progress, working on it, terminado, en curso, listo, I restarted… |
| `not_durable` | durability below the policy's threshold |
| `category_not_accepted` | nothing in it is a category this scope keeps |
| `duplicate` | the same document id is already accepted (queued or delivered) |

Explicit `memory_retain` calls go through the same checks, with these defaults: durability is raised to at least
0.9 (the call is durable intent) and the `general` category is accepted in every scope (the caller chose the
scope); secrets, raw output, hypotheses, transient state and filler are still rejected. Confidence >= 0.9 or a
"confirmed/verified" reason counts as verification.

Nothing here logs content: only reason codes, rule ids and offsets.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..config import Config
from ..errors import AccessDenied
from ..identity import Identity
from ..secrets import DEFAULT_GATE, SecretGate
from ..security import ScopeACL
from .candidates import MemoryCandidate, analyze, document_id_for

__all__ = [
    "BUILTIN_POLICIES",
    "REASON_CODES",
    "Decision",
    "DuplicateLedger",
    "PolicyEngine",
    "ScopePolicy",
]

log = logging.getLogger(__name__)

REASON_CODES: tuple[str, ...] = (
    "empty", "too_long", "secret_detected", "scope_denied", "retain_disabled", "manual_only", "automatic_disabled",
    "raw_tool_output", "filler", "hypothesis", "unverified", "low_confidence", "transient", "not_durable",
    "category_not_accepted", "duplicate", "outbox_full", "unrouted",
)
HIGH_DURABILITY = 0.85


@dataclass(frozen=True, slots=True)
class ScopePolicy:
    """What one kind of scope keeps. Plain data; see the module docstring for the checks that use it."""

    name: str
    accepted_categories: frozenset[str]
    min_durability: float
    require_verified_for: frozenset[str] = frozenset()
    evictable: bool = False
    max_chars: int = 8000
    min_confidence: float = 0.5
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "accepted_categories": sorted(self.accepted_categories),
                "min_durability": self.min_durability, "require_verified_for": sorted(self.require_verified_for),
                "evictable": self.evictable, "max_chars": self.max_chars, "min_confidence": self.min_confidence,
                "description": self.description}


BUILTIN_POLICIES: dict[str, ScopePolicy] = {
    "personal": ScopePolicy(
        "personal",
        frozenset({"preference", "decision", "constraint", "process", "general", "architecture", "config",
                   "relationship", "strategy"}),
        min_durability=0.6, evictable=True,
        description="stable preferences, personal decisions, working preferences, personal context"),
    "business": ScopePolicy(
        "business",
        frozenset({"decision", "pricing", "strategy", "process", "constraint", "relationship"}),
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
                   "fix", "root_cause", "strategy", "pricing"}),
        min_durability=0.75, require_verified_for=frozenset({"root_cause", "fix"}),
        description="conservative policy for any other scope"),
}


class DuplicateLedger(Protocol):
    """Knows which document ids are already accepted (queued or delivered) in a bank."""

    def known(self, bank: str, document_id: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """The verdict on one candidate: accept or reject, and every reason, as stable codes."""

    accept: bool
    reasons: tuple[str, ...]
    scope: str
    document_id: str | None
    category: str = "general"
    durability: float = 0.0
    verified: bool = False
    origin: str = "turn"
    policy: str = "default"
    findings: tuple[tuple[str, int, int], ...] = ()
    acl_code: str | None = None
    bank: str | None = field(default=None, repr=False)
    backend: str | None = field(default=None, repr=False)
    evictable: bool = field(default=False, repr=False)
    candidate: MemoryCandidate | None = field(default=None, repr=False, compare=False)
    denied: AccessDenied | None = field(default=None, repr=False, compare=False)

    @property
    def verdict(self) -> str:
        return "accept" if self.accept else "reject"

    def to_dict(self) -> dict[str, Any]:
        """Explainable and safe to print: no content, no bank id, secrets as rule ids and offsets only."""
        out: dict[str, Any] = {"decision": self.verdict, "reasons": list(self.reasons), "scope": self.scope,
                               "document_id": self.document_id, "category": self.category,
                               "durability": self.durability, "verified": self.verified, "origin": self.origin,
                               "policy": self.policy}
        if self.findings:
            out["secrets"] = [{"rule_id": r, "start": s, "end": e} for r, s, e in self.findings]
        if self.acl_code:
            out["acl"] = self.acl_code
        return out


class PolicyEngine:
    """Judges candidates against their scope's policy, the configuration, the secret gate and the ACL."""

    def __init__(self, config: Config, acl: ScopeACL | None = None, *,
                 policies: Mapping[str, ScopePolicy] | None = None, gate: SecretGate = DEFAULT_GATE,
                 ledger: DuplicateLedger | None = None) -> None:
        self.config = config
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
        store = self.config.stores.get(scope)
        name = store.retain.policy if store is not None else None
        if name and name in self.policies:
            return self.policies[name]
        return self.policies.get(scope, self.policies["default"])

    def evaluate(self, candidate: MemoryCandidate, identity: Identity | None = None, *, check_acl: bool = True,
                 check_duplicate: bool = True, pending: Collection[tuple[str, str]] = (),
                 scan_secrets: bool = True) -> Decision:
        """Every reason that applies to this candidate, in a fixed order; accept only when there is none.

        `scan_secrets=False` trusts the candidate's own `secret_rules` (sentences of a text that was scanned as a
        whole); the per-scope candidate built from them is always scanned again."""
        policy = self.policy_for(candidate.scope)
        settings = self.config.retain
        store = self.config.stores.get(candidate.scope)
        text = candidate.content.strip()
        reasons: list[str] = []

        if not text:
            reasons.append("empty")
        if len(text) > policy.max_chars:
            reasons.append("too_long")
        findings = ([(f.rule_id, f.start, f.end) for f in self.gate.blocking(self.gate.scan(text))]
                    if scan_secrets else [])
        findings += [f for f in candidate.secret_offsets if f not in findings]
        rules = list(dict.fromkeys([r for r, _, _ in findings] + list(candidate.secret_rules)))
        reasons += [f"secret_detected:{rule}" for rule in rules]

        bank: str | None = None
        backend: str | None = None
        acl_code: str | None = None
        denied: AccessDenied | None = None
        if check_acl:
            if self.acl is None or identity is None:
                acl_code, denied = "no_identity", AccessDenied("no_identity", "no identity to check the write")
                reasons.append("scope_denied")
            else:
                try:
                    binding = self.acl.check(identity, candidate.scope, "retain")
                    bank, backend = binding.bank, binding.backend_name
                except AccessDenied as exc:
                    acl_code, denied = exc.code, exc
                    reasons.append("scope_denied")

        if not settings.enabled or (store is not None and store.retain.mode == "disabled"):
            reasons.append("retain_disabled")
        elif candidate.origin == "turn":
            if not settings.automatic:
                reasons.append("automatic_disabled")
            elif store is not None and store.retain.mode == "manual":
                reasons.append("manual_only")

        signals = analyze(text) if text else None
        if signals is not None:
            raw = candidate.raw or signals.raw
            if raw and settings.reject_raw_tool_output:
                reasons.append("raw_tool_output")
            if signals.filler:
                reasons.append("filler")
            if settings.reject_unverified_hypotheses:
                if signals.hedges:
                    reasons.append("hypothesis")
                if signals.unverified or (candidate.category in policy.require_verified_for
                                          and not candidate.verified):
                    reasons.append("unverified")
            if candidate.origin == "explicit" and candidate.confidence < policy.min_confidence:
                reasons.append("low_confidence")
            curated = candidate.origin == "import" and candidate.priority in ("P1", "P2")
            transient = bool(signals.transient) and not signals.strong and not curated
            if settings.require_durable:
                if transient:
                    reasons.append("transient")
                if not signals.filler and candidate.durability < policy.min_durability:
                    reasons.append("not_durable")
            accepted = set(policy.accepted_categories)
            if candidate.origin != "turn":
                accepted.add("general")
            if not signals.filler and not (set(candidate.categories or ("general",)) & accepted):
                reasons.append("category_not_accepted")

        document_id = document_id_for(bank, text) if bank is not None and text and not rules else None
        if check_duplicate and document_id is not None and bank is not None and (
                (bank, document_id) in pending or (self.ledger is not None and self.ledger.known(bank, document_id))):
            reasons.append("duplicate")

        unique = tuple(dict.fromkeys(reasons))
        if unique:  # a scope the caller made up is free text: only configured names are logged
            log.debug("retain rejected scope=%s origin=%s reasons=%s",
                      candidate.scope if store is not None else "unknown", candidate.origin, ",".join(unique))
        return Decision(accept=not unique, reasons=unique, scope=candidate.scope, document_id=document_id,
                        category=candidate.category, durability=candidate.durability, verified=candidate.verified,
                        origin=candidate.origin, policy=policy.name, findings=tuple(findings), acl_code=acl_code,
                        bank=bank, backend=backend,
                        evictable=policy.evictable and candidate.durability < HIGH_DURABILITY,
                        candidate=candidate, denied=denied)
