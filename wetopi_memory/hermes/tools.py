"""The four memory tools: validate the arguments, resolve the caller, ask the plane, answer the model in JSON.

Tool arguments never name a speaker, and never a bank: the schemas accept scopes only (A8), and results carry the
scope, never the bank (principle 4). A handler never raises into Hermes; every failure is a JSON error object.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..config import ToolName
from ..errors import AccessDenied, BackendError, WetopiMemoryError
from ..identity import Identity
from ..models import TimedOperation
from ..plane import InvalidRequest
from .arguments import ArgumentValidator, ToolError
from .plane_gateway import PlaneGateway
from .schemas import ToolSchema
from .sessions import SessionRegistry
from .status_records import PluginStats, ToolRetainRecord, now_iso

__all__ = ["STATUS_PROBE_SECONDS", "ToolHandler", "ToolHandlers", "error_json"]

log = logging.getLogger(__name__)

STATUS_PROBE_SECONDS = 2.0

ToolHandler = Callable[..., str]
Work = Callable[[Identity, dict[str, Any]], dict[str, Any]]


def error_json(code: str, message: str) -> str:
    """The error object a refused or failed tool call returns to the model."""
    return json.dumps({"error": {"code": code, "message": message}}, ensure_ascii=False)


class ToolHandlers:
    """memory_search, memory_retain, memory_reflect and memory_status over one plane gateway."""

    def __init__(self, gateway: PlaneGateway, sessions: SessionRegistry, stats: PluginStats,
                 schemas: Mapping[ToolName, ToolSchema]) -> None:
        self.gateway = gateway
        self.sessions = sessions
        self.stats = stats
        self.validators = {name: ArgumentValidator(schema) for name, schema in schemas.items()}

    def by_name(self) -> dict[ToolName, ToolHandler]:
        return {"memory_search": self.memory_search, "memory_retain": self.memory_retain,
                "memory_reflect": self.memory_reflect, "memory_status": self.memory_status}

    def _call(self, name: ToolName, args: Any, kwargs: Mapping[str, Any], work: Work) -> str:
        self.stats.calls[name] += 1
        try:
            clean = self.validators[name](args)
            identity = self.sessions.identity_for(kwargs.get("session_id"))
            return json.dumps(work(identity, clean), ensure_ascii=False, default=str)
        except ToolError as exc:
            return error_json(exc.code, exc.message)
        except AccessDenied as exc:
            return error_json(exc.code, str(exc))
        except InvalidRequest as exc:
            return error_json("invalid_arguments", str(exc))
        except TimeoutError:
            self.stats.errors[name] += 1
            return error_json("timeout", "the memory backend did not answer in time; continue without it")
        except BackendError as exc:
            self.stats.errors[name] += 1
            log.warning("wetopi-memory %s: backend error %s", name, type(exc).__name__)
            return error_json("backend_unavailable", "the memory backend is unavailable; continue without it")
        except WetopiMemoryError as exc:
            self.stats.errors[name] += 1
            return error_json("memory_error", type(exc).__name__)
        except Exception as exc:
            self.stats.errors[name] += 1
            log.warning("wetopi-memory %s failed: %s", name, type(exc).__name__)
            return error_json("internal_error", "the memory plugin failed; continue without it")

    def _timeout(self, operation: TimedOperation, cap: float) -> float:
        return min(self.gateway.config.backend.timeout_for(operation), cap)

    def memory_search(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            if kwargs.get("session_id"):
                self.gateway.note_manual_search(str(kwargs["session_id"]))
            result = self.gateway.runtime.run(self.gateway.search(identity, a), self._timeout("recall", 30.0),
                                              cancel_on_timeout=True)
            if result.scopes and len(result.failed) == len(result.scopes):
                raise ToolError("backend_unavailable", "memory is unavailable for "
                                f"{', '.join(result.scopes)}; continue without it")
            return {"scopes": list(result.scopes),
                    "results": [{"scope": h.scope, "type": h.type, "content": h.content,
                                 "score": round(float(h.score), 4), "occurred_at": h.occurred_at}
                                for h in result.hits],
                    # never a key named "error"/"failed" in a success: Hermes would flag the call as failed
                    "unavailable_scopes": sorted(result.failed)}

        return self._call("memory_search", args, kwargs, work)

    def memory_retain(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            try:
                # The item is in the durable outbox within milliseconds; only its delivery may be slow, and a
                # timeout here stops the waiting, not the delivery.
                data = self.gateway.runtime.run(self.gateway.retain(identity, a),
                                                min(float(self.gateway.config.backend.timeout_seconds), 30.0))
            except TimeoutError:
                data = {"scope": a["scope"], "stored": False, "status": "queued",
                        "detail": "the memory backend is slow; the memory will be delivered in the background"}
            data.setdefault("scope", a["scope"])
            state = self.sessions.get(str(kwargs.get("session_id") or ""))
            if state is not None:
                record: ToolRetainRecord = {"at": now_iso(), "source": "tool", "scope": a["scope"],
                                            "stored": bool(data.get("stored", True))}
                state.last_retain = record
            return data

        return self._call("memory_retain", args, kwargs, work)

    def memory_reflect(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            answers = self.gateway.runtime.run(self.gateway.reflect(identity, a), self._timeout("reflect", 60.0),
                                               cancel_on_timeout=True)
            return {"answers": [{"scope": r.scope, "text": r.text, "supported": r.supported} for r in answers]}

        return self._call("memory_reflect", args, kwargs, work)

    def memory_status(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, _a: dict[str, Any]) -> dict[str, Any]:
            started = time.perf_counter()
            backends, healthy = self._backend_health(identity)
            state = self.sessions.get(str(kwargs.get("session_id") or ""))
            queue = self.gateway.retain_queue().to_dict()
            stores = self.gateway.config.stores
            return {
                "healthy": healthy,
                "backends": backends,
                "probe_ms": round((time.perf_counter() - started) * 1000, 1),
                "identity": {"known": identity.known},
                "scopes": [{"scope": s, "access": stores[s].access} for s in self.gateway.readable_scopes(identity)],
                "last_recall": state.last_recall if state else None,
                "last_prefetch": state.last_prefetch if state else None,
                "last_retain": state.last_retain if state else None,
                "queue_depth": queue["depth"],
                "queue": queue,
                "errors": dict(self.stats.errors),
            }

        return self._call("memory_status", args, kwargs, work)

    def _backend_health(self, identity: Identity) -> tuple[dict[str, Any], bool | None]:
        """Each backend's kind, state, version and latency (bounded probe); never a URL or a key."""
        try:
            status = self.gateway.runtime.run(self.gateway.status(identity, STATUS_PROBE_SECONDS),
                                              STATUS_PROBE_SECONDS + 1.0, cancel_on_timeout=True)
        except TimeoutError:
            return {}, False
        backends = {name: {"kind": h.backend, "ok": h.ok, "version": h.version,
                           "latency_ms": None if h.latency_ms is None else round(h.latency_ms, 1)}
                    for name, h in status.backends.items()}
        return backends, status.healthy
