"""The memory tools (the design's four, the opt-in memory_forget): validate the arguments, resolve the caller, ask
the plane, answer the model in JSON.

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
from ..retain.explicit import TurnRef
from ..state_db import StateFileUnusable
from .arguments import ArgumentValidator, ToolError
from .plane_gateway import OUTBOX_PROBLEM_DETAIL, PlaneGateway
from .schemas import ToolSchema
from .sessions import SessionRegistry, TurnSpeaker
from .status_records import PluginStats, ToolRetainRecord, now_iso

__all__ = ["STATUS_PROBE_SECONDS", "ToolHandler", "ToolHandlers", "current_turn_id", "error_json"]

log = logging.getLogger(__name__)

STATUS_PROBE_SECONDS = 2.0
REFLECT_TOOL_SECONDS = 15.0  # Hermes' thread waits at most this for memory_reflect; an open breaker answers at once

ToolHandler = Callable[..., str]
Work = Callable[[TurnSpeaker, dict[str, Any]], dict[str, Any]]


def error_json(code: str, message: str, caller: Mapping[str, str] | None = None) -> str:
    """The error object a refused or failed tool call returns to the model (with why its caller is unknown)."""
    body: dict[str, Any] = {"error": {"code": code, "message": message}}
    if caller is not None:
        body["caller"] = dict(caller)
    return json.dumps(body, ensure_ascii=False)


def current_turn_id(kwargs: Mapping[str, Any]) -> str:
    """The Hermes turn a tool call belongs to: a `turn_id` keyword, else the contextvar Hermes 0.19.0 sets around
    each tool dispatch (`tools.approval._approval_turn_id`); empty outside a Hermes turn."""
    given = kwargs.get("turn_id")
    if isinstance(given, str) and given:
        return given
    try:
        from tools.approval import _approval_turn_id  # type: ignore[import-not-found]

        value = _approval_turn_id.get()
    except Exception:  # outside Hermes, or a Hermes without it: no turn id (the caller is then unknown)
        return ""
    return value if isinstance(value, str) else ""


class ToolHandlers:
    """memory_search, memory_retain, memory_reflect, memory_status and the opt-in memory_forget over one gateway."""

    def __init__(self, gateway: PlaneGateway, sessions: SessionRegistry, stats: PluginStats,
                 schemas: Mapping[ToolName, ToolSchema]) -> None:
        self.gateway = gateway
        self.sessions = sessions
        self.stats = stats
        self.validators = {name: ArgumentValidator(schema) for name, schema in schemas.items()}

    def by_name(self) -> dict[ToolName, ToolHandler]:
        return {"memory_search": self.memory_search, "memory_retain": self.memory_retain,
                "memory_reflect": self.memory_reflect, "memory_status": self.memory_status,
                "memory_forget": self.memory_forget}

    def speaker(self, kwargs: Mapping[str, Any]) -> TurnSpeaker:
        """The speaker of the turn this tool call belongs to; the unknown caller (with the reason) when the call
        cannot be attributed to one turn without doubt."""
        speaker = self.sessions.speaker(str(kwargs.get("session_id") or ""), current_turn_id(kwargs))
        if speaker.doubt is not None:
            log.info("wetopi-memory tool call: speaker unknown (%s); no personal memory", speaker.doubt)
        return speaker

    def _call(self, name: ToolName, args: Any, kwargs: Mapping[str, Any], work: Work) -> str:
        self.stats.calls[name] += 1
        caller: dict[str, str] | None = None
        try:
            clean = self.validators[name](args)
            speaker = self.speaker(kwargs)
            caller = speaker.caller_note()
            answer = work(speaker, clean)
            if caller is not None:
                answer["caller"] = caller
            return json.dumps(answer, ensure_ascii=False, default=str)
        except ToolError as exc:
            return error_json(exc.code, exc.message, caller)
        except AccessDenied as exc:
            return error_json(exc.code, str(exc), caller)
        except InvalidRequest as exc:
            return error_json("invalid_arguments", str(exc), caller)
        except TimeoutError:
            self.stats.errors[name] += 1
            return error_json("timeout", "the memory backend did not answer in time; continue without it")
        except StateFileUnusable as exc:
            self.stats.errors[name] += 1
            log.warning("wetopi-memory %s: %s", name, exc)
            return error_json("memory_store_unavailable", f"{OUTBOX_PROBLEM_DETAIL} ({exc.problem}); this call did "
                              "nothing; continue without it")
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
        def work(speaker: TurnSpeaker, a: dict[str, Any]) -> dict[str, Any]:
            identity = speaker.identity
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
        def work(speaker: TurnSpeaker, a: dict[str, Any]) -> dict[str, Any]:
            identity = speaker.identity
            turn = TurnRef(speaker.session_id, speaker.turn_id) if speaker.doubt in (None, "no_sender") else None
            try:
                # The item is in the durable outbox within milliseconds; only its delivery may be slow, and a
                # timeout here stops the waiting, not the delivery. Inside a turn it waits for the turn's batch.
                data = self.gateway.runtime.run(self.gateway.retain(identity, a, turn),
                                                min(float(self.gateway.config.backend.timeout_seconds), 30.0))
            except TimeoutError:
                data = {"scope": a["scope"], "stored": False, "status": "queued",
                        "detail": "the memory backend is slow; the memory will be delivered in the background"}
            data.setdefault("scope", a["scope"])
            if turn is not None and data.get("status") == "queued":
                speaker.held_retains = True
            state = self.sessions.get(str(kwargs.get("session_id") or ""))
            if state is not None:
                record: ToolRetainRecord = {"at": now_iso(), "source": "tool", "scope": a["scope"],
                                            "stored": bool(data.get("stored", True))}
                state.last_retain = record
            return data

        return self._call("memory_retain", args, kwargs, work)

    def memory_reflect(self, args: Any = None, **kwargs: Any) -> str:
        def work(speaker: TurnSpeaker, a: dict[str, Any]) -> dict[str, Any]:
            identity = speaker.identity
            answers = self.gateway.runtime.run(self.gateway.reflect(identity, a),
                                               self._timeout("reflect", REFLECT_TOOL_SECONDS), cancel_on_timeout=True)
            return {"answers": [{"scope": r.scope, "text": r.text, "supported": r.supported} for r in answers]}

        return self._call("memory_reflect", args, kwargs, work)

    def memory_status(self, args: Any = None, **kwargs: Any) -> str:
        def work(speaker: TurnSpeaker, _a: dict[str, Any]) -> dict[str, Any]:
            identity = speaker.identity
            started = time.perf_counter()
            backends, healthy = self._backend_health(identity)
            state = self.sessions.get(str(kwargs.get("session_id") or ""))
            queue = self.gateway.retain_queue().to_dict()
            stores = self.gateway.config.stores
            return {
                "healthy": healthy and queue.get("problem") is None,
                "backends": backends,
                "probe_ms": round((time.perf_counter() - started) * 1000, 1),
                "identity": {"known": identity.known},
                "conflicts": self._conflicts(),
                "scopes": [{"scope": s, "access": stores[s].access} for s in self.gateway.readable_scopes(identity)],
                "last_recall": state.last_recall if state else None,
                "last_prefetch": state.last_prefetch if state else None,
                "last_retain": state.last_retain if state else None,
                "queue_depth": queue["depth"],
                "queue": queue,
                "errors": dict(self.stats.errors),
            }

        return self._call("memory_status", args, kwargs, work)

    def memory_forget(self, args: Any = None, **kwargs: Any) -> str:
        """Opt-in (`tools.expose`): list, or with apply forget, the caller's own personal memories by id or text."""
        def work(speaker: TurnSpeaker, a: dict[str, Any]) -> dict[str, Any]:
            identity = speaker.identity
            if not identity.known:
                raise AccessDenied("identity_required", "the speaker of this turn is not a known identity; only a "
                                                        "known person may forget their own personal memory")
            if ("document_id" in a) == ("match" in a):
                raise ToolError("invalid_arguments", "give exactly one of document_id or match")
            governance = self.gateway.plane.governance

            async def forget() -> dict[str, Any]:
                plan = await governance.plan_forget_own(identity, document_id=a.get("document_id"),
                                                        match=a.get("match"))
                scope = plan.scopes[0].scope
                if not a.get("apply"):
                    return {"scope": scope, "applied": False, "document_ids": list(plan.scopes[0].document_ids)}
                receipt = await governance.apply_forget(plan, identity)
                return {"scope": scope, "applied": True, "forgotten": receipt.documents,
                        "document_ids": list(receipt.scopes[0].document_ids)}

            return self.gateway.runtime.run(forget(), self._timeout("retain", 30.0), cancel_on_timeout=True)

        return self._call("memory_forget", args, kwargs, work)

    def _conflicts(self) -> list[dict[str, Any]]:
        """A Hermes memory provider that would own the plane's banks (A1), and what the plugin does about it."""
        conflict = self.gateway.native_conflict
        if conflict is None:
            return []
        paused = self.gateway.automatic_retain_paused
        return [{"kind": "native_memory_provider", "provider": conflict.provider, "automatic_retain": not paused,
                 "message": "Hermes' own Hindsight memory provider is on; it must not own the same banks (turn it "
                            "off). " + ("Automatic retains are paused; the memory tools keep working." if paused
                                        else "Automatic retains continue: retain.allow_with_native_provider is "
                                             "true.")}]

    def _backend_health(self, identity: Identity) -> tuple[dict[str, Any], bool | None]:
        """Each backend's kind, state, version and latency (bounded probe); never a URL or a key."""
        try:
            status = self.gateway.runtime.run(self.gateway.status(identity, STATUS_PROBE_SECONDS),
                                              STATUS_PROBE_SECONDS + 1.0, cancel_on_timeout=True)
        except (TimeoutError, StateFileUnusable):  # a damaged outbox shows in `queue`
            return {}, False
        backends = {name: {"kind": h.backend, "ok": h.ok, "version": h.version,
                           "latency_ms": None if h.latency_ms is None else round(h.latency_ms, 1)}
                    for name, h in status.backends.items()}
        return backends, status.healthy
