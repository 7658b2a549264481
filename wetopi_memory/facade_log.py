"""One content-free operation log line per facade call, and the audit record of every refused read."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from .audit import AuditLog
from .errors import AccessDenied, InvalidRequest
from .identity import Identity
from .oplog import Kind, OpLog, elapsed_ms, safe_error
from .recall.tokens import estimate_tokens
from .results import PlaneStatus, ReflectResult, RetainResult, SearchResult

__all__ = ["observed", "reflect_summary", "retain_summary", "search_summary", "status_summary"]

P = ParamSpec("P")
R = TypeVar("R")


class Observed(Protocol):
    """What an observed facade carries: its operation log and its audit trail."""

    oplog: OpLog
    audit: AuditLog


S = TypeVar("S", bound=Observed)


def _user(identity: object) -> str | None:
    """The log/audit name of a caller: internal user id, or `unknown` (never a display name)."""
    if not isinstance(identity, Identity):
        return None
    return identity.internal_user_id or "unknown"


def observed(operation: str, kind: Kind, summary: Callable[[Any, float], dict[str, object]], *,
             audit_denials: str | None = None
             ) -> Callable[[Callable[Concatenate[S, P], Coroutine[Any, Any, R]]],
                           Callable[Concatenate[S, P], Coroutine[Any, Any, R]]]:
    """Log each call with `summary(result)`'s fields, or the refusal/error class; ACL refusals of reads also go to
    the audit trail. Exceptions are re-raised unchanged."""

    def wrap(fn: Callable[Concatenate[S, P], Coroutine[Any, Any, R]]
             ) -> Callable[Concatenate[S, P], Coroutine[Any, Any, R]]:
        async def inner(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            started = time.perf_counter()
            identity = args[0] if args else kwargs.get("identity")
            try:
                result = await fn(self, *args, **kwargs)
            except AccessDenied as exc:
                if audit_denials is not None:
                    self.audit.acl_denied(exc, operation=audit_denials,
                                          identity=identity if isinstance(identity, Identity) else None)
                self.oplog.emit(operation, kind, user=_user(identity), status="denied", code=exc.code,
                                latency_ms=elapsed_ms(started))
                raise
            except InvalidRequest:
                self.oplog.emit(operation, kind, user=_user(identity), status="invalid",
                                latency_ms=elapsed_ms(started))
                raise
            except Exception as exc:
                self.oplog.emit(operation, kind, user=_user(identity), status="error", error=safe_error(exc),
                                latency_ms=elapsed_ms(started))
                raise
            if self.oplog.enabled(kind):
                self.oplog.write(operation, kind, {"user": _user(identity), **summary(result, elapsed_ms(started))})
            return result

        functools.update_wrapper(inner, fn)  # keeps the name and the docstring for help() and the docs
        return inner

    return wrap


def search_summary(result: SearchResult, ms: float) -> dict[str, object]:
    status = "ok" if not result.failed else ("error" if len(result.failed) == len(result.scopes) else "partial")
    return {"scopes": result.scopes, "latency_ms": ms, "results": len(result.hits),
            "tokens": sum(estimate_tokens(h.content) for h in result.hits), "failed": sorted(result.failed) or None,
            "status": status}


def retain_summary(result: RetainResult, ms: float) -> dict[str, object]:
    return {"scope": result.scope, "latency_ms": ms, "document_id": result.document_id or None,
            "reasons": result.reasons or None, "status": result.status}


def reflect_summary(results: list[ReflectResult], ms: float) -> dict[str, object]:
    return {"scopes": [r.scope for r in results], "latency_ms": ms,
            "supported": sum(1 for r in results if r.supported), "status": "ok"}


def status_summary(status: PlaneStatus, ms: float) -> dict[str, object]:
    return {"backends": len(status.backends), "latency_ms": ms,
            "unhealthy": sorted(n for n, h in status.backends.items() if not h.ok) or None,
            "status": "ok" if status.healthy else "unhealthy"}
