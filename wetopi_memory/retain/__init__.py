"""Curated retain: evidence buffer, deterministic policies, one batch per scope per turn, durable outbox.

The plane builds one RetainCoordinator and owns it (`MemoryPlane.retention`); the Hermes plugin feeds it::

    post_tool_call      retention.record_tool_call(**kw)        evidence only, never retained (A5)
    post_llm_call       retention.submit_turn(identity, **kw)   <= 1 batch per scope per turn, durable (A6)
    session end         retention.end_session(session_id)
    background          retention.start() ... flush() ... stop()

Explicit retains (`MemoryPlane.retain`, the `memory_retain` tool) pass through the same policies and outbox.
This package's __init__ re-exports only modules that never import the facade's results (retain/explicit.py
does), so importing any retain module never re-enters the facade.
"""

from ..backoff import Backoff
from .candidates import CandidateBuilder, MemoryCandidate, analyze, document_id_for
from .coordinator import RetainCoordinator, RetainStats
from .decision import Decision
from .delivery import DeliveryOutcome
from .evidence import ToolEvidence, TurnEvidence, TurnEvidenceBuffer
from .observer import NullObserver, RetainObserver
from .outbox import Outbox
from .outbox_records import OutboxStats, default_outbox_path
from .planning import TurnReport
from .policy import BUILTIN_POLICIES, REASON_CODES, PolicyEngine, ScopePolicy
from .reasons import Reason, ReasonCode
from .worker import RetainTuning

__all__ = [
    "BUILTIN_POLICIES",
    "REASON_CODES",
    "Backoff",
    "CandidateBuilder",
    "Decision",
    "DeliveryOutcome",
    "MemoryCandidate",
    "NullObserver",
    "Outbox",
    "OutboxStats",
    "PolicyEngine",
    "Reason",
    "ReasonCode",
    "RetainCoordinator",
    "RetainObserver",
    "RetainStats",
    "RetainTuning",
    "ScopePolicy",
    "ToolEvidence",
    "TurnEvidence",
    "TurnEvidenceBuffer",
    "TurnReport",
    "analyze",
    "default_outbox_path",
    "document_id_for",
]
