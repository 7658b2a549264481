"""Governance, the plane's one handle on forget and on export/import, built from the plane's own parts."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from ..audit import AuditLog
from ..errors import InvalidRequest
from ..identity import Identity, IdentityResolver
from ..recall.own_writes import OwnWrites
from ..retain.outbox import Outbox
from ..security import ScopeACL
from ..source_refs import SourceKey
from .forget import Forgetting
from .receipts import ForgetPlan, ForgetReceipt
from .transfer import Transfer, TransferSummary

__all__ = ["Governance"]


class Governance:
    """Forget a person or a mistaken memory (plan, then apply, with a receipt) and export or import banks."""

    def __init__(self, acl: ScopeACL, identities: IdentityResolver, outbox: Outbox | None, audit: AuditLog,
                 source_key: SourceKey, own_writes: OwnWrites | None = None,
                 personal_scopes: Sequence[str] = ()) -> None:
        self._personal_scopes = tuple(personal_scopes)
        self._forgetting = Forgetting(acl, outbox=outbox, audit=audit, source_key=source_key, own_writes=own_writes)
        self._transfer = Transfer(acl, identities)

    async def plan_forget_person(self, operator: Identity, internal_user_id: str) -> ForgetPlan:
        """What erasing a person would delete in every scope and in the outbox (operators only); deletes nothing."""
        return await self._forgetting.plan_person(operator, internal_user_id)

    async def plan_forget_memory(self, identity: Identity, scope: str, *, document_id: str | None = None,
                                 match: str | None = None) -> ForgetPlan:
        """What forgetting one document, or the documents containing `match`, in a writable scope would delete."""
        return await self._forgetting.plan_memory(identity, scope, document_id=document_id, match=match)

    async def plan_forget_own(self, identity: Identity, *, document_id: str | None = None,
                              match: str | None = None) -> ForgetPlan:
        """`plan_forget_memory` in the caller's own personal scope (the opt-in `memory_forget` tool's reach)."""
        if not self._personal_scopes:
            raise InvalidRequest("this deployment has no personal scope")
        return await self.plan_forget_memory(identity, self._personal_scopes[0], document_id=document_id,
                                             match=match)

    async def apply_forget(self, plan: ForgetPlan, by: Identity) -> ForgetReceipt:
        """Delete what the plan lists (ACL and operator rule checked again) and record the receipt."""
        return await self._forgetting.apply(plan, by)

    async def export_banks(self, identity: Identity, write: Callable[[str], object],
                           scopes: Sequence[str] | None = None, *, people: Sequence[str] = (),
                           all_people: bool = False) -> TransferSummary:
        """Stream an export (JSONL lines, through `write`) of the banks `identity` may read."""
        return await self._transfer.export(identity, write, scopes, people=people, all_people=all_people)

    async def import_banks(self, identity: Identity, path: str | os.PathLike[str]) -> TransferSummary:
        """Import an export file: every line checked and every bank authorised before the first write."""
        return await self._transfer.import_file(identity, path)
