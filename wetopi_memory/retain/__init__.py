"""Curated retain (design §12-16): evidence buffer, deterministic policies, per-scope batches, durable outbox.

The Hermes plugin wires it like this (all synchronous calls are cheap and never raise into the turn)::

    coordinator = RetainCoordinator.open(plane)          # outbox at retain.outbox.path or <state_dir>/outbox.db
    runtime.submit(coordinator.start())                  # background delivery on the plugin's loop
    # post_tool_call(**kw)
    coordinator.record_tool_call(**kw)                   # evidence only, never retained (A5)
    # post_llm_call(**kw)
    coordinator.submit_turn(identity, **kw)              # <= 1 batch per scope per turn, durable (A6)
    # on_session_finalize / on_session_reset
    coordinator.end_session(session_id)
    # shutdown
    await coordinator.flush(5); await coordinator.stop()

Explicit retains (`MemoryPlane.retain`, the `memory_retain` tool) pass through the same PolicyEngine and, once a
coordinator is open on the plane, through the same outbox.
"""

from .candidates import CandidateBuilder, MemoryCandidate, analyze, document_id_for
from .engine import (
    Backoff,
    DeliveryOutcome,
    RetainCoordinator,
    TurnReport,
    attach_outbox,
    attached_outbox,
    evaluate_explicit,
    retain_explicit,
)
from .evidence import ToolEvidence, TurnEvidence, TurnEvidenceBuffer
from .outbox import NullObserver, Outbox, OutboxStats, RetainObserver, default_outbox_path
from .policy import BUILTIN_POLICIES, REASON_CODES, Decision, PolicyEngine, ScopePolicy

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
    "RetainCoordinator",
    "RetainObserver",
    "ScopePolicy",
    "ToolEvidence",
    "TurnEvidence",
    "TurnEvidenceBuffer",
    "TurnReport",
    "analyze",
    "attach_outbox",
    "attached_outbox",
    "default_outbox_path",
    "document_id_for",
    "evaluate_explicit",
    "retain_explicit",
]
