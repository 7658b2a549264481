"""Decision: the explainable verdict on one memory candidate, with every reason that applies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import AccessDenied
from .candidates import MemoryCandidate
from .kinds import Category, Origin
from .reasons import Reason, ReasonCode

__all__ = ["Decision", "Verdict"]

Verdict = Literal["accept", "reject"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """The verdict on one candidate: accept or reject, and every reason, as stable codes.

    `typed_reasons` is the source of truth; `reasons` is its wire form (`str()` of each). Either may be given
    when constructing, the other is derived."""

    accept: bool
    typed_reasons: tuple[Reason, ...] = field(default=(), repr=False)
    reasons: tuple[str, ...] = field(default=(), compare=False)
    scope: str
    document_id: str | None
    category: Category = "general"
    durability: float = 0.0
    verified: bool = False
    origin: Origin = "turn"
    policy: str = "default"
    findings: tuple[tuple[str, int, int], ...] = ()
    acl_code: str | None = None
    bank: str | None = field(default=None, repr=False)
    backend: str | None = field(default=None, repr=False)
    evictable: bool = field(default=False, repr=False)
    candidate: MemoryCandidate | None = field(default=None, repr=False, compare=False)
    source_ref: str | None = field(default=None, repr=False)  # who it came from, keyed (source_refs)
    denied: AccessDenied | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        rendered = tuple(str(reason) for reason in self.typed_reasons)
        if self.typed_reasons and self.reasons and rendered != tuple(self.reasons):
            raise ValueError("reasons and typed_reasons disagree")
        if self.typed_reasons:
            object.__setattr__(self, "reasons", rendered)
        else:
            object.__setattr__(self, "typed_reasons", tuple(Reason.parse(text) for text in self.reasons))
            object.__setattr__(self, "reasons", tuple(self.reasons))

    @property
    def verdict(self) -> Verdict:
        return "accept" if self.accept else "reject"

    def has(self, code: ReasonCode) -> bool:
        """Whether any reason carries this code (e.g. any secret rule for `SECRET_DETECTED`)."""
        return any(reason.code is code for reason in self.typed_reasons)

    def only(self, code: ReasonCode) -> bool:
        """Whether this code is the one and only reason (e.g. a document that is merely a duplicate)."""
        return len(self.typed_reasons) == 1 and self.typed_reasons[0].code is code

    def reason_codes(self) -> tuple[ReasonCode, ...]:
        """The code of each reason, in order (one per reason: two secret rules give two `SECRET_DETECTED`)."""
        return tuple(reason.code for reason in self.typed_reasons)

    def reason_strings(self) -> tuple[str, ...]:
        """The reasons in their stable wire form, as printed, logged and audited."""
        return self.reasons

    def to_dict(self) -> dict[str, Any]:
        """Explainable and safe to print: no content, no bank id, secrets as rule ids and offsets only."""
        out: dict[str, Any] = {"decision": self.verdict, "reasons": list(self.reason_strings()), "scope": self.scope,
                               "document_id": self.document_id, "category": self.category,
                               "durability": self.durability, "verified": self.verified, "origin": self.origin,
                               "policy": self.policy}
        if self.findings:
            out["secrets"] = [{"rule_id": r, "start": s, "end": e} for r, s, e in self.findings]
        if self.acl_code:
            out["acl"] = self.acl_code
        return out
