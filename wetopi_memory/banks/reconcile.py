"""plan / apply / verify: reconcile declared banks with a backend, idempotently, never deleting anything."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from deepdiff import DeepDiff

from ..backends.base import MemoryBackend
from ..backends.hindsight_keys import keys_for_version
from ..errors import BackendError
from ..identity import IdentityResolver
from ..models import BankInfo
from .spec import DesiredBank, load_banks

Action = Literal["create", "update", "noop"]


@dataclass(frozen=True)
class LiveState:
    """What the backend holds: every bank's display name, and the overrides of the banks we read."""

    names: dict[str, str]
    overrides: dict[str, dict[str, Any]]


@dataclass(frozen=True)
class BankPlan:
    """What one bank needs: create or update (per-key from/to), and overrides nobody declared."""

    bank_id: str
    action: Action
    name: tuple[str | None, str] | None = None
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    unmanaged: dict[str, Any] = field(default_factory=dict)
    prune: bool = False

    @property
    def drift(self) -> bool:
        """True when a write is needed to converge (unmanaged keys count only when pruning)."""
        return self.action != "noop" or (self.prune and bool(self.unmanaged))

    def updates(self) -> dict[str, Any]:
        """The one PATCH body: changed keys, plus null for each unmanaged key when pruning."""
        body = {key: after for key, (_, after) in self.fields.items()}
        if self.prune:
            body.update(dict.fromkeys(self.unmanaged))
        return body

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"bank": self.bank_id, "action": self.action,
                                "fields": {k: {"from": a, "to": b} for k, (a, b) in self.fields.items()}}
        if self.name is not None:
            data["name"] = {"from": self.name[0], "to": self.name[1]}
        if self.unmanaged:
            data["unmanaged"] = {k: {"value": v, "pruned": self.prune} for k, v in self.unmanaged.items()}
        return data


@dataclass(frozen=True)
class BankOutcome:
    """How applying one bank's plan went."""

    plan: BankPlan
    ok: bool
    error: str | None = None
    writes: int = 0

    def to_dict(self) -> dict[str, Any]:
        data = {**self.plan.to_dict(), "status": "ok" if self.ok else "failed"}
        if self.error:
            data["error"] = self.error
        return data


@dataclass(frozen=True)
class ReconcileReport:
    """Every bank's plan and outcome, and whether a re-read showed the server converged."""

    outcomes: list[BankOutcome]
    converged: bool
    remaining: list[BankPlan] = field(default_factory=list)
    extra_banks: list[str] = field(default_factory=list)

    @property
    def failed(self) -> list[BankOutcome]:
        return [o for o in self.outcomes if not o.ok]

    @property
    def writes(self) -> int:
        return sum(o.writes for o in self.outcomes)

    def to_dict(self) -> dict[str, Any]:
        return {"changes": [o.to_dict() for o in self.outcomes], "summary": summarize(o.plan for o in self.outcomes)
                | {"failed": len(self.failed), "writes": self.writes, "converged": self.converged},
                "unmanaged_banks": self.extra_banks}


def summarize(plans: Iterable[BankPlan]) -> dict[str, int]:
    """Counts of create / update / noop."""
    counts = {"create": 0, "update": 0, "noop": 0}
    for plan in plans:
        counts[plan.action] += 1
    return counts


def same_value(live: Any, desired: Any) -> bool:
    """Compare a live override with a declared value: numbers by value, booleans strictly, nested values deeply."""
    if isinstance(live, bool) or isinstance(desired, bool):
        return type(live) is type(desired) and live == desired
    return not DeepDiff(live, desired, ignore_numeric_type_changes=True)


def plan(desired: Sequence[DesiredBank], live: LiveState, *, prune: bool = False) -> list[BankPlan]:
    """Compare declared banks with the live state; compares against overrides, never the resolved config."""
    plans = []
    for bank in desired:
        exists = bank.bank_id in live.names
        overrides = live.overrides.get(bank.bank_id, {}) if exists else {}
        fields = {key: (overrides.get(key), value) for key, value in bank.config.items()
                  if key not in overrides or not same_value(overrides[key], value)}
        unmanaged = {key: value for key, value in overrides.items() if key not in bank.config}
        name = None
        if bank.name is not None and live.names.get(bank.bank_id) != bank.name:
            name = (live.names.get(bank.bank_id), bank.name)
        action: Action = "create" if not exists else ("update" if fields or name else "noop")
        plans.append(BankPlan(bank.bank_id, action, name, fields, unmanaged, prune))
    return plans


async def read_live(backend: MemoryBackend, bank_ids: Sequence[str], *, concurrency: int = 8,
                    listed: Sequence[BankInfo] | None = None) -> LiveState:
    """List banks (unless the caller just did), then read the overrides of the declared banks that exist."""
    banks = listed if listed is not None else await backend.list_banks()
    names = {b.bank_id: b.name for b in banks}
    gate = asyncio.Semaphore(concurrency)

    async def overrides(bank_id: str) -> tuple[str, dict[str, Any]]:
        async with gate:
            state = await backend.get_config(bank_id)
        return bank_id, dict(state.overrides) if state is not None else {}

    present = [b for b in bank_ids if b in names]
    pairs = await asyncio.gather(*(overrides(b) for b in present))
    return LiveState(names=names, overrides=dict(pairs))


async def allowed_keys(backend: MemoryBackend, existing: Sequence[str]) -> dict[str, str] | None:
    """The backend's configurable keys: the live set from a GET config when it can answer, else the built-in
    list of its version; None for a backend without a Hindsight key set (the local store accepts any key)."""
    if backend.kind != "hindsight":
        return None
    health = await backend.health()
    table = keys_for_version(health.version) if health.version else None
    for bank_id in existing[:1]:
        try:
            state = await backend.get_config(bank_id)
        except BackendError:
            break
        if state is not None and state.config:
            types = table or {}
            return {key: types.get(key, "object") for key in state.config}
    return table


async def apply(backend: MemoryBackend, plans: Sequence[BankPlan], *, concurrency: int = 8,
                on_done: Callable[[BankOutcome], None] | None = None) -> list[BankOutcome]:
    """Per bank: at most one PUT (create / name) and one PATCH config; one bank failing never stops the others."""
    gate = asyncio.Semaphore(concurrency)

    async def one(bank: BankPlan) -> BankOutcome:
        writes = 0
        async with gate:
            try:
                if bank.action == "create" or bank.name is not None:
                    name = bank.name[1] if bank.name is not None else bank.bank_id
                    writes += 1
                    await backend.ensure_bank(bank.bank_id, name)
                updates = bank.updates()
                if updates:
                    writes += 1
                    await backend.patch_config(bank.bank_id, updates)
                outcome = BankOutcome(bank, ok=True, writes=writes)
            except BackendError as exc:
                outcome = BankOutcome(bank, ok=False, error=str(exc), writes=writes)
        if on_done is not None:
            on_done(outcome)
        return outcome

    return list(await asyncio.gather(*(one(p) for p in plans)))


async def reconcile(backend: MemoryBackend, desired: Sequence[DesiredBank], *, prune: bool = False,
                    dry_run: bool = False, concurrency: int = 8,
                    on_done: Callable[[BankOutcome], None] | None = None,
                    on_planned: Callable[[int], None] | None = None,
                    listed: Sequence[BankInfo] | None = None) -> ReconcileReport:
    """Plan, apply (unless dry-run), then re-read and check that the server now matches the declaration.

    `on_planned(n)` tells a progress display how many `on_done` calls follow: every bank in a dry run, the
    banks to write otherwise."""
    ids = [b.bank_id for b in desired]
    live = await read_live(backend, ids, concurrency=concurrency, listed=listed)
    plans = plan(desired, live, prune=prune)
    extra = sorted(set(live.names) - set(ids))
    if dry_run:
        outcomes = [BankOutcome(p, ok=True) for p in plans]
        _report_progress(outcomes, on_planned, on_done)
        remaining = [p for p in plans if p.drift]
        return ReconcileReport(outcomes, converged=not remaining, remaining=remaining, extra_banks=extra)
    to_apply = [p for p in plans if p.drift]
    if on_planned is not None:
        on_planned(len(to_apply))
    applied = {o.plan.bank_id: o for o in await apply(backend, to_apply, concurrency=concurrency, on_done=on_done)}
    outcomes = [applied.get(p.bank_id, BankOutcome(p, ok=True)) for p in plans]
    if not to_apply:
        return ReconcileReport(outcomes, converged=True, extra_banks=extra)
    after = await read_live(backend, [p.bank_id for p in to_apply], concurrency=concurrency)
    desired_by_id = {b.bank_id: b for b in desired}
    remaining = [p for p in plan([desired_by_id[p.bank_id] for p in to_apply], after, prune=prune) if p.drift]
    return ReconcileReport(outcomes, converged=not remaining and not any(not o.ok for o in outcomes),
                           remaining=remaining, extra_banks=extra)



def _report_progress(outcomes: Sequence[BankOutcome], on_planned: Callable[[int], None] | None,
                     on_done: Callable[[BankOutcome], None] | None) -> None:
    if on_planned is not None:
        on_planned(len(outcomes))
    if on_done is not None:
        for outcome in outcomes:
            on_done(outcome)


async def reconcile_file(backend: MemoryBackend, path: str | os.PathLike[str], *,
                         identities: IdentityResolver | None = None, prune: bool = False, dry_run: bool = False,
                         concurrency: int = 8, on_done: Callable[[BankOutcome], None] | None = None,
                         on_planned: Callable[[int], None] | None = None) -> ReconcileReport:
    """Validate banks.yaml offline, then against the server's live key set, then reconcile; an invalid file
    raises ConfigError before the first write."""
    spec = load_banks(path, identities=identities)
    listed = await backend.list_banks()
    keys = await allowed_keys(backend, [b.bank_id for b in listed])
    if keys is not None:
        spec = load_banks(path, known_keys=keys, identities=identities)
    return await reconcile(backend, spec.banks, prune=prune, dry_run=dry_run, concurrency=concurrency,
                           on_done=on_done, on_planned=on_planned, listed=listed)
