"""GitOps banks: banks.yaml is the source of truth; reconcile makes a backend match it, idempotently."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from ..audit import AuditLog
from ..backends import create_backend
from ..backends.base import MemoryBackend
from ..config import LoadedConfig, state_dir
from ..identity import IdentityResolver
from .reconcile import BankOutcome, BankPlan, ReconcileReport, allowed_keys, plan, reconcile
from .spec import BanksSpec, DesiredBank, load_banks

__all__ = ["BankOutcome", "BankPlan", "BanksSpec", "DesiredBank", "ReconcileReport", "load_banks", "plan",
           "reconcile", "reconcile_file", "reconcile_with_config"]


async def reconcile_file(backend: MemoryBackend, path: str | os.PathLike[str], *,
                         identities: IdentityResolver | None = None, prune: bool = False, dry_run: bool = False,
                         concurrency: int = 8, on_done: Callable[[BankOutcome], None] | None = None
                         ) -> ReconcileReport:
    """Validate banks.yaml offline, then against the server's live key set, then reconcile; an invalid file
    raises ConfigError before the first write."""
    spec = load_banks(path, identities=identities)
    listed = await backend.list_banks()
    keys = await allowed_keys(backend, [b.bank_id for b in listed])
    if keys is not None:
        spec = load_banks(path, known_keys=keys, identities=identities)
    return await reconcile(backend, spec.banks, prune=prune, dry_run=dry_run, concurrency=concurrency,
                           on_done=on_done, listed=listed)


async def reconcile_with_config(config: LoadedConfig, path: str | os.PathLike[str], *,
                                identities: str | os.PathLike[str] | None = None, prune: bool = False,
                                dry_run: bool = False, concurrency: int = 8,
                                on_done: Callable[[BankOutcome], None] | None = None,
                                environ: Mapping[str, str] | None = None) -> ReconcileReport:
    """Reconcile banks.yaml against the config's default backend, with enough connections for `concurrency`.

    Every bank written (or that failed to be written) is recorded in the audit trail (`bank.config_changed`:
    the action and the names of the keys, never their values); a dry run writes nothing and records nothing."""
    cfg = config.config
    audit = AuditLog.for_config(cfg, environ, agent="wetopi-memory-bootstrap")

    def done(outcome: BankOutcome) -> None:
        if not dry_run:
            audit.bank_change(outcome)
        if on_done is not None:
            on_done(outcome)

    identities_path = identities or cfg.identity.file
    resolver = (IdentityResolver.from_file(identities_path, known_scopes=cfg.stores)
                if identities_path else None)
    settings = cfg.backend.model_copy(update={"concurrency": cfg.backend.concurrency.model_copy(
        update={"max_inflight": max(cfg.backend.concurrency.max_inflight, concurrency)})})
    backend = create_backend(settings, state_dir=state_dir(environ))
    try:
        return await reconcile_file(backend, path, identities=resolver, prune=prune, dry_run=dry_run,
                                    concurrency=concurrency, on_done=done)
    finally:
        audit.close()
        await backend.aclose()
