"""GitOps banks: banks.yaml is the source of truth; reconcile makes a backend match it, idempotently."""

from .reconcile import BankOutcome, BankPlan, ReconcileReport, allowed_keys, plan, reconcile, reconcile_file
from .spec import BanksSpec, DesiredBank, load_banks

__all__ = ["BankOutcome", "BankPlan", "BanksSpec", "DesiredBank", "ReconcileReport", "allowed_keys", "load_banks",
           "plan", "reconcile", "reconcile_file"]
