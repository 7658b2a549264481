"""Governed forget (a person across every scope, a mistaken memory) and export/import of banks."""

from .receipts import ForgetKind, ForgetPlan, ForgetReceipt, ScopeErasure, ScopeOutcome
from .service import Governance
from .transfer import BankTransfer, TransferSummary

__all__ = ["BankTransfer", "ForgetKind", "ForgetPlan", "ForgetReceipt", "Governance", "ScopeErasure",
           "ScopeOutcome", "TransferSummary"]
