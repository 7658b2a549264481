"""What a forget plans and what it did: per scope, the bank or the document ids, and the outbox items; no content."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..retain.outbox_records import OutboxSelection

__all__ = ["ForgetKind", "ForgetPlan", "ForgetReceipt", "ScopeAction", "ScopeErasure", "ScopeOutcome"]

# person: everything a person left (operator); document / match: one mistaken memory, by id or by text.
ForgetKind = Literal["person", "document", "match"]
# delete_bank: the scope's bank is the person's own (personal); delete_documents: only the listed documents.
ScopeAction = Literal["delete_bank", "delete_documents"]


@dataclass(frozen=True, slots=True)
class ScopeErasure:
    """What a forget would delete in one scope: the whole bank, or some of its documents (ids only)."""

    scope: str
    bank: str
    action: ScopeAction
    document_ids: tuple[str, ...]
    bank_exists: bool = True

    @property
    def empty(self) -> bool:
        """Nothing to delete here: no document, and no bank left to delete."""
        return not self.document_ids and not (self.action == "delete_bank" and self.bank_exists)

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "bank": self.bank, "action": self.action, "bank_exists": self.bank_exists,
                "documents": len(self.document_ids), "document_ids": list(self.document_ids)}


@dataclass(frozen=True, slots=True)
class ForgetPlan:
    """Everything one forget would delete, scope by scope, plus the outbox items (bank, document id) it purges."""

    kind: ForgetKind
    subject: str | None  # the internal id of the person whose memory it is (None: an unknown author)
    source_ref: str | None
    scopes: tuple[ScopeErasure, ...]
    outbox_items: tuple[tuple[str, str], ...] = ()
    outbox_selection: OutboxSelection = field(default_factory=OutboxSelection, repr=False)

    @property
    def documents(self) -> int:
        return sum(len(s.document_ids) for s in self.scopes)

    @property
    def empty(self) -> bool:
        """Nothing would be deleted (a re-run after an applied forget)."""
        return not self.outbox_items and all(s.empty for s in self.scopes)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "user": self.subject, "source_ref": self.source_ref, "applied": False,
                "scopes": [s.to_dict() for s in self.scopes],
                "summary": {"documents": self.documents, "banks": sum(1 for s in self.scopes if s.action ==
                                                                        "delete_bank" and s.bank_exists),
                            "outbox_items": len(self.outbox_items), "nothing_to_delete": self.empty}}


@dataclass(frozen=True, slots=True)
class ScopeOutcome:
    """What a forget deleted in one scope: the documents that existed and are gone, and whether the bank went."""

    scope: str
    bank: str
    action: ScopeAction
    document_ids: tuple[str, ...]
    bank_deleted: bool = False

    @property
    def documents(self) -> int:
        return len(self.document_ids)

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "bank": self.bank, "action": self.action, "bank_deleted": self.bank_deleted,
                "documents": self.documents, "document_ids": list(self.document_ids)}


@dataclass(frozen=True, slots=True)
class ForgetReceipt:
    """The proof of an applied forget: what was deleted per scope, when, by whom, for whom; never content."""

    kind: ForgetKind
    subject: str | None
    source_ref: str | None
    operator: str
    operator_account: str
    at: str  # ISO 8601, UTC
    scopes: tuple[ScopeOutcome, ...]
    outbox_purged: int

    @property
    def documents(self) -> int:
        return sum(s.documents for s in self.scopes)

    @property
    def banks_deleted(self) -> int:
        return sum(1 for s in self.scopes if s.bank_deleted)

    @property
    def nothing_deleted(self) -> bool:
        return not self.documents and not self.banks_deleted and not self.outbox_purged

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "user": self.subject, "source_ref": self.source_ref, "applied": True,
                "by": {"user": self.operator, "account": self.operator_account}, "at": self.at,
                "scopes": [s.to_dict() for s in self.scopes],
                "summary": {"documents": self.documents, "banks": self.banks_deleted,
                            "outbox_items": self.outbox_purged, "nothing_deleted": self.nothing_deleted}}
