"""Governed forget: plan, then apply, the erasure of a person across every scope or of one mistaken memory.

A person's memory is their personal bank (deleted whole) and, in shared scopes, the documents tagged with their
source ref; their items still in the retain outbox are purged first, so nothing is re-delivered after the erase.
A mistaken memory is one document, or the documents whose text contains a phrase, in a scope the caller may
write. Every applied forget leaves a receipt (ids and counts, never content) in the audit trail.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Final

from ..audit import AuditLog
from ..errors import InvalidRequest
from ..identity import Identity
from ..models import Operation
from ..recall.own_writes import OwnWrites
from ..retain.outbox import Outbox
from ..retain.outbox_records import OutboxSelection
from ..security import ScopeACL, StoreBinding
from ..source_refs import SourceKey, source_ref
from .authority import full_reach, require_operator
from .receipts import ForgetPlan, ForgetReceipt, ScopeErasure, ScopeOutcome

__all__ = ["DELETE_CONCURRENCY", "MAX_MATCH_CHARS", "Forgetting"]

DELETE_CONCURRENCY: Final = 8
MAX_MATCH_CHARS: Final = 4000


class Forgetting:
    """Plans and applies forgets over the ACL's bindings, the retain outbox and the audit trail."""

    def __init__(self, acl: ScopeACL, *, outbox: Outbox | None, audit: AuditLog,
                 source_key: SourceKey, own_writes: OwnWrites | None = None) -> None:
        self.acl = acl
        self.outbox = outbox
        self.audit = audit
        self.own_writes = own_writes
        self._source_key = source_key

    def _forget_own_writes(self, plan: ForgetPlan) -> None:
        """Read-your-writes copies of what was just erased are never injected again."""
        if self.own_writes is None:
            return
        if plan.kind == "person" and plan.subject:
            self.own_writes.forget_person(plan.subject)
        scope_of = {s.bank: s.scope for s in plan.scopes}
        for erasure in plan.scopes:
            queued = [doc for bank, doc in plan.outbox_items if scope_of.get(bank) == erasure.scope]
            self.own_writes.settle(erasure.scope, [*erasure.document_ids, *queued])

    # ------------------------------------------------------------------ a person

    async def plan_person(self, operator: Identity, internal_user_id: str) -> ForgetPlan:
        """What erasing a person would delete: their personal banks whole, their documents in shared scopes, their
        outbox items. Only an operator may ask (AccessDenied `operator_required`)."""
        require_operator(operator, "erase a person")
        person = full_reach(self.acl, internal_user_id)
        ref = source_ref(internal_user_id, self._source_key())
        scopes: list[ScopeErasure] = []
        personal: list[str] = []
        for binding in _unique_banks(self.acl.check(person, s, "recall") for s in self.acl.registry.scopes):
            if binding.store.per_identity:
                ids = await _document_ids(binding)
                exists = bool(ids) or await _bank_exists(binding)
                scopes.append(ScopeErasure(binding.scope, binding.bank, "delete_bank", ids, exists))
                personal.append(binding.bank)
            else:
                scopes.append(ScopeErasure(binding.scope, binding.bank, "delete_documents",
                                           await _document_ids(binding, tags=(ref,))))
        return self._with_outbox(ForgetPlan("person", internal_user_id, ref, tuple(scopes)),
                              OutboxSelection(banks=tuple(personal), source_ref=ref))

    # ------------------------------------------------------------------ a mistaken memory

    async def plan_memory(self, identity: Identity, scope: str, *, document_id: str | None = None,
                          match: str | None = None) -> ForgetPlan:
        """What forgetting one memory would delete: the document `document_id`, or every document whose text
        contains `match` (case-insensitive), in a scope `identity` may write (the ACL decides)."""
        if (document_id is None) == (match is None):
            raise InvalidRequest("name exactly one of a document id or a text to match")
        binding = self.acl.check(identity, scope, "retain")
        if document_id is not None:
            if not isinstance(document_id, str) or not document_id.strip() or len(document_id) > 512:
                raise InvalidRequest("the document id must be a non-empty string of at most 512 characters")
            ids = tuple(d for d in await _document_ids(binding) if d == document_id)
            selection = OutboxSelection(documents=((binding.bank, document_id),))
            plan = ForgetPlan("document", identity.internal_user_id, None,
                              (ScopeErasure(scope, binding.bank, "delete_documents", ids),))
        else:
            text = _match_text(match)
            ids = await _matching_ids(binding, text)
            selection = OutboxSelection(text_in_bank=(binding.bank, text))
            plan = ForgetPlan("match", identity.internal_user_id, None,
                              (ScopeErasure(scope, binding.bank, "delete_documents", ids),))
        return self._with_outbox(plan, selection)

    # ------------------------------------------------------------------ applying

    def _with_outbox(self, plan: ForgetPlan, selection: OutboxSelection) -> ForgetPlan:
        """The plan with the outbox items the selection names now (purged on apply)."""
        outbox_items = tuple(self.outbox.matching(selection)) if self.outbox is not None else ()
        return ForgetPlan(plan.kind, plan.subject, plan.source_ref, plan.scopes, outbox_items, selection)

    async def apply(self, plan: ForgetPlan, by: Identity) -> ForgetReceipt:
        """Delete what `plan` lists, as `by` (the operator of a person's erasure, else whoever planned it, checked
        again): the outbox items first, then banks and documents; the receipt counts only what existed and is
        gone, and goes to the audit trail."""
        if plan.kind == "person":
            require_operator(by, "erase a person")
            owner = full_reach(self.acl, plan.subject or "")
        else:
            owner = by
        operation: Operation = "recall" if plan.kind == "person" else "retain"
        bindings = [self.acl.check(owner, s.scope, operation) for s in plan.scopes]  # all before any delete
        purged = self.outbox.purge(plan.outbox_selection) if self.outbox is not None else []
        outcomes = [await _apply_scope(b, s) for b, s in zip(bindings, plan.scopes, strict=True)]
        self._forget_own_writes(plan)
        receipt = ForgetReceipt(plan.kind, plan.subject, plan.source_ref, by.internal_user_id or "unknown",
                                by.account, datetime.now(UTC).isoformat(timespec="seconds"), tuple(outcomes),
                                len(purged))
        self.audit.forget_receipt(receipt)
        return receipt


def _match_text(match: object) -> str:
    if not isinstance(match, str) or not match.strip():
        raise InvalidRequest("the text to match must be a non-empty string")
    if len(match) > MAX_MATCH_CHARS:
        raise InvalidRequest(f"the text to match is longer than {MAX_MATCH_CHARS} characters")
    return match.strip()


def _unique_banks(bindings: Iterable[StoreBinding]) -> list[StoreBinding]:
    """One binding per (backend, bank): two scopes on one bank are forgotten once."""
    seen: set[tuple[str, str]] = set()
    out: list[StoreBinding] = []
    for binding in bindings:
        key = (binding.backend_name, binding.bank)
        if key not in seen:
            seen.add(key)
            out.append(binding)
    return out


async def _document_ids(binding: StoreBinding, *, tags: Sequence[str] = ()) -> tuple[str, ...]:
    return tuple([d.document_id async for d in binding.backend.iter_documents(binding.bank, tags=tags)])


async def _matching_ids(binding: StoreBinding, text: str) -> tuple[str, ...]:
    wanted = text.casefold()
    return tuple([d.document_id async for d in binding.backend.iter_documents(binding.bank, with_content=True)
                  if d.content is not None and wanted in d.content.casefold()])


async def _bank_exists(binding: StoreBinding) -> bool:
    return any(b.bank_id == binding.bank for b in await binding.backend.list_banks())


async def _apply_scope(binding: StoreBinding, erasure: ScopeErasure) -> ScopeOutcome:
    if erasure.action == "delete_bank":
        deleted = await binding.backend.delete_bank(binding.bank) if not erasure.empty else False
        return ScopeOutcome(erasure.scope, binding.bank, "delete_bank",
                            erasure.document_ids if deleted else (), bank_deleted=deleted)
    pending = iter(erasure.document_ids)
    gone: set[str] = set()

    async def worker() -> None:  # a few workers, not one task per document: a large erasure stays small
        for document_id in pending:
            if await binding.backend.delete_document(binding.bank, document_id):
                gone.add(document_id)

    await asyncio.gather(*(worker() for _ in range(DELETE_CONCURRENCY)))
    return ScopeOutcome(erasure.scope, binding.bank, "delete_documents",
                        tuple(d for d in erasure.document_ids if d in gone))
