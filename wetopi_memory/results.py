"""What the facade returns: search, retain, reflect and status results (and the decisions they explain)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .backends.base import AccessCheck
from .models import BackendHealth, RecallHit
from .retain.coordinator import RetainStats
from .retain.decision import Decision
from .retain.outbox_records import OutboxStats
from .router.rules import RouteDecision

__all__ = ["AccessCheck", "Decision", "OutboxStats", "PlaneStatus", "ReflectResult", "RetainResult", "RetainStats",
           "RetainStatus", "RouteDecision", "ScopeStatus", "SearchResult"]

RetainStatus = Literal["stored", "queued", "failed", "rejected", "would_store"]


@dataclass(frozen=True)
class SearchResult:
    """Hits from every searched scope, with the scopes that failed and why (fail-open per scope)."""

    hits: list[RecallHit]
    scopes: list[str]
    failed: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"scopes": self.scopes, "results": [h.to_dict() for h in self.hits], "failed": self.failed}


@dataclass(frozen=True)
class RetainResult:
    """What happened to one retain: `stored`; `queued` (durable in the outbox, delivered later); `failed` (kept
    in the outbox after a client error); `rejected` by the policies (`reasons`); or, for a dry run,
    `would_store`. `decision` is the PolicyEngine's explainable Decision."""

    scope: str
    bank: str
    document_id: str
    stored: bool
    status: RetainStatus = "stored"
    reasons: tuple[str, ...] = ()
    decision: Decision | None = None
    detail: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scope": self.scope, "document_id": self.document_id, "stored": self.stored,
                               "status": self.status, "reasons": list(self.reasons)}
        if self.decision is not None:
            explained = self.decision.to_dict()
            out.update({"decision": explained["decision"], "category": explained["category"],
                        "durability": explained["durability"], "verified": explained["verified"]})
            if "secrets" in explained:
                out["secrets"] = explained["secrets"]
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class ReflectResult:
    """One answer per scope; `supported` is False where the backend cannot reflect."""

    scope: str
    text: str
    supported: bool

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "text": self.text, "supported": self.supported}


@dataclass(frozen=True)
class ScopeStatus:
    """A scope as one identity sees it: never another person's bank."""

    scope: str
    backend: str
    access: str
    allowed: bool
    bank: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "backend": self.backend, "access": self.access, "allowed": self.allowed,
                "bank": self.bank}


@dataclass(frozen=True)
class PlaneStatus:
    """Backend health, whether each backend accepts our credentials, the scopes visible to the caller, and any
    Hermes memory provider that would own the same banks (A1); no secrets."""

    config_source: str
    backends: dict[str, BackendHealth]
    scopes: list[ScopeStatus]
    outbox: OutboxStats | None = None
    access: dict[str, AccessCheck] = field(default_factory=dict)
    conflicts: tuple[str, ...] = ()

    @property
    def reachable(self) -> bool:
        """Every backend answers and accepts the credentials (a refused key makes a backend useless)."""
        return all(h.ok for h in self.backends.values()) and all(a.ok for a in self.access.values())

    @property
    def healthy(self) -> bool:
        return self.reachable and not self.conflicts

    def to_dict(self) -> dict[str, Any]:
        out = {"config_source": self.config_source, "healthy": self.healthy,
               "backends": {name: {"kind": h.backend, "ok": h.ok, "detail": h.detail, "version": h.version,
                                   "latency_ms": h.latency_ms, **self._auth(name)}
                            for name, h in self.backends.items()},
               "scopes": [s.to_dict() for s in self.scopes], "conflicts": list(self.conflicts)}
        if self.outbox is not None:
            out["outbox"] = self.outbox.to_dict()
        return out

    def _auth(self, backend: str) -> dict[str, Any]:
        check = self.access.get(backend)
        return {} if check is None else {"auth": {"state": check.state, "ok": check.ok, "detail": check.detail}}
