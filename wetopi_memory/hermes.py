"""Hermes glue: `register(ctx)`, the four memory tools and the lifecycle hooks, over one `MemoryPlane`.

Hermes Agent 0.19.0 calls every hook and tool handler synchronously on its own thread (the CLI's main thread or
a gateway worker) and never awaits a coroutine. So:

* every hook and handler here is a plain ``def`` taking ``**kwargs``, and none ever raises into Hermes: a
  failure is caught, logged by exception class only (never content), counted, and the turn goes on (§30);
* all backend I/O runs on the plugin's background loop (`wetopi_memory._runtime`); a hook waits for it at most
  a bounded time, and only where the design allows it to wait at all (§7: recall is prefetched, synchronous
  recall is the exception; retain is handed off and never waited for).

Identity (§6, A9) comes only from ``platform`` + ``sender_id`` in ``pre_llm_call``, resolved by the plane's
IdentityResolver and remembered per ``session_id``; later hooks and tool calls of the session use it. No
sender (the CLI) is an unknown caller, which never gets a per-person scope. Tool arguments never name a
speaker, and never a bank: the schemas accept scopes only (A8), and results carry the scope, never the bank
(principle 4).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import json
import logging
import os
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from . import _runtime
from .config import ENV_IDENTITIES, PLUGIN_NAME, Config, LoadedConfig, load_config
from .errors import AccessDenied, BackendError, ConfigError, WetopiMemoryError
from .identity import Identity
from .plane import BUDGETS, MAX_CONTENT_CHARS, MAX_QUERY_CHARS, InvalidRequest, MemoryPlane
from .recall.engine import RecallCoordinator
from .retain.engine import RetainCoordinator

__all__ = ["TOOLSET", "HermesPlugin", "build_plugin", "register", "tool_schemas"]

log = logging.getLogger(__name__)

TOOLSET = "wetopi_memory"
TOOL_EMOJI = "🧠"
MAX_SESSIONS = 10_000
MAX_SEARCH_LIMIT = 50
STATUS_PROBE_SECONDS = 2.0
FINALIZE_FLUSH_SECONDS = 2.0  # the most a CLI exit waits for queued retains (the outbox keeps the rest)
SYNC_GUARD_SECONDS = 0.1  # outer guard around the coordinator's own synchronous-recall deadline (+0.05 s)
MAX_PREFETCH_QUERY_CHARS = 800
# Platforms whose turns are never written automatically: scheduled jobs and delegated sub-agents (F.8).
NO_AUTOMATIC_WRITE_PLATFORMS = frozenset({"cron", "subagent", "batch", "flush"})
# what a memory_retain result shows the model: never the bank, nor a backend's error text (it may name a bank)
RETAIN_RESULT_KEYS = ("scope", "stored", "status", "reasons", "decision", "category", "durability", "verified",
                      "document_id")
BANK_ARGUMENTS = frozenset({"bank", "bank_id", "bankid", "bank_ids", "banks", "bank_name"})

F = TypeVar("F", bound=Callable[..., Any])


# ---------------------------------------------------------------------------------------------- schemas


def _scope_schema(scopes: Sequence[str], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(scopes), "description": description}


def tool_schemas(scopes: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The OpenAI function schemas of the four tools (without the `{"type": "function"}` wrapper).

    The only addressing field is `scope`/`scopes`, an enum of this deployment's scopes; no schema accepts
    anything else (`additionalProperties: false`).
    """
    names = ", ".join(scopes)
    scope_list = {"type": "array", "items": _scope_schema(scopes, "A memory scope."), "minItems": 1,
                  "maxItems": len(scopes), "uniqueItems": True}
    return {
        "memory_search": {
            "name": "memory_search",
            "description": (
                "Search Wetopi's persistent organizational memory. Memory is split into scopes "
                f"({names}); results say which scope each memory came from. Omit `scopes` to let the router "
                "pick them. Use mode=deep to also search raw experiences, not just consolidated facts."),
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS,
                              "description": "What to look for, in natural language."},
                    "scopes": {**scope_list, "description": "Scopes to search (default: chosen automatically)."},
                    "budget": {"type": "string", "enum": list(BUDGETS),
                               "description": "How hard to search (default: the scope's setting)."},
                    "mode": {"type": "string", "enum": ["normal", "deep"],
                             "description": "normal: facts and observations; deep: also raw experiences."},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_SEARCH_LIMIT,
                              "description": "Maximum number of results (default 10)."},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
        },
        "memory_retain": {
            "name": "memory_retain",
            "description": (
                "Store one durable, verified learning in Wetopi's persistent memory, in exactly one scope "
                f"({names}). It passes the same policies as automatic retention: secrets, raw tool output and "
                "unverified hypotheses are refused. Do not store conversation filler."),
            "parameters": {
                "type": "object",
                "properties": {
                    "content": {"type": "string", "minLength": 1, "maxLength": MAX_CONTENT_CHARS,
                                "description": "The learning, as one self-contained statement."},
                    "scope": _scope_schema(scopes, "The scope that should hold it."),
                    "reason": {"type": "string", "maxLength": 500,
                               "description": "Why this is worth remembering (e.g. confirmed operational fact)."},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1,
                                   "description": "How certain it is, 0..1."},
                },
                "required": ["content", "scope"],
                "additionalProperties": False,
            },
        },
        "memory_reflect": {
            "name": "memory_reflect",
            "description": (
                "Ask Wetopi's memory to synthesize an answer from everything it holds in the given scopes "
                f"({names}). Slower than memory_search; use it for questions that need accumulated context."),
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS,
                              "description": "The question to answer from memory."},
                    "scopes": {**scope_list, "description": "Scopes to reflect over (default: all you may read)."},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
        },
        "memory_status": {
            "name": "memory_status",
            "description": ("Health of Wetopi's memory plane: backend state and latency, the scopes you may use, "
                            "the last recall and retain, and the retain queue depth."),
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    }


class ToolError(Exception):
    """A refused tool call: a stable code and a message for the model."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _error_json(code: str, message: str) -> str:
    return json.dumps({"error": {"code": code, "message": message}}, ensure_ascii=False)


def _type_ok(value: Any, spec: Mapping[str, Any]) -> bool:
    kind = spec.get("type")
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "array":
        return isinstance(value, list)
    return True


def validate_arguments(args: Any, schema: Mapping[str, Any]) -> dict[str, Any]:
    """Check tool arguments against our own schema before anything is touched.

    Scope *values* are left to the Scope ACL (the single chokepoint), which tells a bank id from an unknown or
    a forbidden scope; everything else (unknown properties, types, enums, ranges, sizes) is refused here.
    """
    params = schema["parameters"]
    props: Mapping[str, Mapping[str, Any]] = params["properties"]
    if args is None:
        args = {}
    if isinstance(args, str):  # a model that sends the arguments as a JSON string
        try:
            args = json.loads(args) if args.strip() else {}
        except ValueError:
            raise ToolError("invalid_arguments", "arguments must be a JSON object") from None
    if not isinstance(args, dict):
        raise ToolError("invalid_arguments", "arguments must be a JSON object")
    accepted = ", ".join(props) or "none"
    for key in args:
        name = str(key)
        if name.strip().lower().replace("-", "_") in BANK_ARGUMENTS:
            raise ToolError("bank_id_not_accepted",
                            "memory is addressed by scope, never by bank id; "
                            f"use {'scope' if 'scope' in props else 'scopes'} with one of the listed scopes")
        if name not in props:
            raise ToolError("unknown_argument", f"unknown argument '{name[:64]}' (accepted: {accepted})")
    clean: dict[str, Any] = {}
    for name, spec in props.items():
        value = args.get(name)
        if value is None:
            if name in params.get("required", ()):
                raise ToolError("missing_argument", f"'{name}' is required")
            continue
        if not _type_ok(value, spec):
            raise ToolError("invalid_arguments", f"'{name}' must be of type {spec.get('type')}")
        if spec.get("type") == "string" and "enum" in spec and name != "scope" and value not in spec["enum"]:
            raise ToolError("invalid_arguments", f"'{name}' must be one of {', '.join(spec['enum'])}")
        if spec.get("type") == "string":
            if "minLength" in spec and not value.strip():
                raise ToolError("invalid_arguments", f"'{name}' must not be empty")
            if len(value) > spec.get("maxLength", 1_000_000):
                raise ToolError("invalid_arguments", f"'{name}' is longer than {spec['maxLength']} characters")
        if spec.get("type") in ("integer", "number") and not (
                spec.get("minimum", value) <= value <= spec.get("maximum", value)):
            raise ToolError("invalid_arguments",
                            f"'{name}' must be between {spec.get('minimum')} and {spec.get('maximum')}")
        if spec.get("type") == "array":
            if not value or not all(isinstance(v, str) and v for v in value):
                raise ToolError("invalid_arguments", f"'{name}' must be a non-empty list of scope names")
            if len(value) > 32:
                raise ToolError("invalid_arguments", f"'{name}' names too many scopes")
        clean[name] = value
    return clean


# ---------------------------------------------------------------------------------------------- state


@dataclass
class SessionState:
    """What the plugin remembers about one Hermes session (never message content)."""

    session_id: str
    platform: str
    identity: Identity
    automatic_writes: bool = True
    parent_session_id: str | None = None
    identity_from_sender: bool = False
    turns: int = 0
    last_seen: float = field(default_factory=time.monotonic)
    last_recall: dict[str, Any] | None = None
    last_prefetch: dict[str, Any] | None = None
    last_retain: dict[str, Any] | None = None


@dataclass
class PluginStats:
    """Process-wide counters, for `memory_status` and the logs."""

    errors: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)
    hook_seconds: dict[str, float] = field(default_factory=dict)  # time Hermes spent waiting in each hook
    backend_health: dict[str, Any] | None = None


def _text(value: Any) -> str:
    """A message's text: a string, or the text parts of a multimodal list; anything else is no text."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(str(p.get("text") or "") for p in value if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _on_event_loop_thread() -> bool:
    """True on a thread that runs an asyncio loop (the gateway's), where a hook must never block."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _guard(hook: str, default: Any = None) -> Callable[[F], F]:
    """Never raise into Hermes: log the exception class (no content), count it, return `default`."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def inner(self: HermesPlugin, *args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                self.stats.calls[hook] += 1
                if self.pending_warnings:
                    self._emit_pending_warnings()
                return fn(self, *args, **kwargs)
            except Exception as exc:
                try:
                    self.stats.errors[hook] += 1
                    log.warning("wetopi-memory %s failed: %s", hook, type(exc).__name__)
                except Exception:  # pragma: no cover - logging itself failed
                    pass
                return default
            finally:
                spent = self.stats.hook_seconds
                spent[hook] = spent.get(hook, 0.0) + time.perf_counter() - started

        return inner  # type: ignore[return-value]

    return wrap


# ---------------------------------------------------------------------------------------------- the plugin


class HermesPlugin:
    """The plugin object: one plane, the per-session identities, the tools and the hooks."""

    def __init__(self, plane: MemoryPlane, *, runtime: _runtime.Runtime | None = None,
                 environ: Mapping[str, str] | None = None) -> None:
        self.plane = plane
        self.config: Config = plane.config
        self.runtime = runtime or _runtime.get_runtime()
        self.environ = os.environ if environ is None else environ
        self.stats = PluginStats()
        self.hermes_source = ""  # how Hermes found the plugin: "user" (directory), "entrypoint" (pip), ...
        self.pending_warnings: list[str] = []  # register-time warnings, logged at the first hook
        self._sessions: OrderedDict[str, SessionState] = OrderedDict()
        self._children: dict[str, str] = {}  # subagent child session -> parent session
        self._turn_tools: OrderedDict[tuple[str, str], tuple[str, ...]] = OrderedDict()  # tool names per turn
        self._lock = threading.Lock()
        self._closed = False
        self.schemas = tool_schemas(plane.scopes)
        self.recall = RecallCoordinator.from_plane(plane)
        self._retain: RetainCoordinator | None = None
        self._pending_retains: set[concurrent.futures.Future[None]] = set()
        self._retain_lock = threading.Lock()
        self.runtime.on_shutdown(self.aclose)

    # ------------------------------------------------------------------ registration

    @property
    def exposed_tools(self) -> list[str]:
        if not self.config.tools.enabled:
            return []
        return [name for name in self.schemas if name in self.config.tools.expose]

    def handlers(self) -> dict[str, Callable[..., str]]:
        return {"memory_search": self.memory_search, "memory_retain": self.memory_retain,
                "memory_reflect": self.memory_reflect, "memory_status": self.memory_status}

    def hooks(self) -> dict[str, Callable[..., Any]]:
        return {"on_session_start": self.on_session_start, "pre_llm_call": self.pre_llm_call,
                "post_tool_call": self.post_tool_call, "post_llm_call": self.post_llm_call,
                "on_session_end": self.on_session_end, "on_session_finalize": self.on_session_finalize,
                "on_session_reset": self.on_session_reset, "subagent_start": self.subagent_start,
                "subagent_stop": self.subagent_stop}

    def _emit_pending_warnings(self) -> None:
        with self._lock:
            pending, self.pending_warnings = self.pending_warnings, []
        for message in pending:
            log.warning(message)

    def available(self) -> bool:
        """Tool `check_fn`: hide the tools once the plugin is closed."""
        return not self._closed

    def register_with(self, ctx: Any) -> None:
        """Register the exposed tools (one toolset) and every hook on a Hermes PluginContext."""
        handlers = self.handlers()
        for name in self.exposed_tools:
            schema = self.schemas[name]
            ctx.register_tool(name=name, toolset=TOOLSET, schema=schema, handler=handlers[name],
                              check_fn=self.available, description=schema["description"], emoji=TOOL_EMOJI)
        for hook, callback in self.hooks().items():
            ctx.register_hook(hook, callback)

    # ------------------------------------------------------------------ sessions and identity

    def _evict(self) -> None:
        while len(self._sessions) > MAX_SESSIONS:
            old, _ = self._sessions.popitem(last=False)
            self._children.pop(old, None)

    def _automatic_writes_allowed(self, session_id: str, platform: str) -> bool:
        if platform in NO_AUTOMATIC_WRITE_PLATFORMS:
            return False
        if session_id.startswith("cron_") or self.environ.get("HERMES_CRON_SESSION") == "1":
            return False
        return session_id not in self._children

    def _state(self, session_id: str, platform: str = "") -> SessionState:
        """The session's state, created (as an unknown caller) if this is the first we hear of it."""
        with self._lock:
            state = self._sessions.get(session_id)
            if state is None:
                parent = self._children.get(session_id)
                parent_state = self._sessions.get(parent) if parent else None
                identity = parent_state.identity if parent_state else self.plane.identify(platform, "")
                state = SessionState(session_id=session_id, platform=platform, identity=identity,
                                     automatic_writes=self._automatic_writes_allowed(session_id, platform),
                                     parent_session_id=parent)
                self._sessions[session_id] = state
                self._evict()
            else:
                self._sessions.move_to_end(session_id)
                if platform and not state.platform:
                    state.platform = platform
            state.last_seen = time.monotonic()
            return state

    def _speaker(self, session_id: str, platform: str, sender_id: str) -> SessionState:
        """Resolve this turn's speaker (pre_llm_call) and remember it for the session's later hooks and tools."""
        state = self._state(session_id, platform)
        if state.parent_session_id is not None and not sender_id:
            return state  # a sub-agent speaks for its parent's user (identity inherited at subagent_start)
        identity = self.plane.identify(platform, sender_id)  # no sender: an unknown caller (fail closed)
        with self._lock:
            state.identity = identity
            state.identity_from_sender = bool(sender_id)
        return state

    def session(self, session_id: str) -> SessionState | None:
        with self._lock:
            return self._sessions.get(session_id)

    def identity_for(self, session_id: str | None) -> Identity:
        """The identity of a tool call: the session's speaker, else an unknown caller (fail closed)."""
        state = self.session(session_id or "") if session_id else None
        if state is not None:
            return state.identity
        return self.plane.identify("", "")

    def _drop_session(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)
            self._children.pop(session_id, None)

    # ------------------------------------------------------------------ tools

    def _call_tool(self, name: str, args: Any, kwargs: Mapping[str, Any],
                   work: Callable[[Identity, dict[str, Any]], dict[str, Any]]) -> str:
        self.stats.calls[name] += 1
        try:
            clean = validate_arguments(args, self.schemas[name])
            identity = self.identity_for(kwargs.get("session_id"))
            return json.dumps(work(identity, clean), ensure_ascii=False, default=str)
        except ToolError as exc:
            return _error_json(exc.code, exc.message)
        except AccessDenied as exc:
            return _error_json(exc.code, str(exc))
        except InvalidRequest as exc:
            return _error_json("invalid_arguments", str(exc))
        except TimeoutError:
            self.stats.errors[name] += 1
            return _error_json("timeout", "the memory backend did not answer in time; continue without it")
        except BackendError as exc:
            self.stats.errors[name] += 1
            log.warning("wetopi-memory %s: backend error %s", name, type(exc).__name__)
            return _error_json("backend_unavailable", "the memory backend is unavailable; continue without it")
        except WetopiMemoryError as exc:
            self.stats.errors[name] += 1
            return _error_json("memory_error", type(exc).__name__)
        except Exception as exc:
            self.stats.errors[name] += 1
            log.warning("wetopi-memory %s failed: %s", name, type(exc).__name__)
            return _error_json("internal_error", "the memory plugin failed; continue without it")

    def _timeout(self, operation: str, cap: float) -> float:
        settings = self.config.backend
        return min(settings.timeout_for(operation), cap)

    def memory_search(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            if kwargs.get("session_id"):
                self.recall.note_manual_search(str(kwargs["session_id"]))
            result = self.runtime.run(
                self.plane.search(identity, a["query"], a.get("scopes"), budget=a.get("budget"),
                                  mode=a.get("mode", "normal"), limit=a.get("limit", 10)),
                self._timeout("recall", 30.0), cancel_on_timeout=True)
            if result.scopes and len(result.failed) == len(result.scopes):
                raise ToolError("backend_unavailable", "memory is unavailable for "
                                f"{', '.join(result.scopes)}; continue without it")
            return {"scopes": list(result.scopes),
                    "results": [{"scope": h.scope, "type": h.type, "content": h.content,
                                 "score": round(float(h.score), 4), "occurred_at": h.occurred_at}
                                for h in result.hits],
                    # never a key named "error"/"failed" in a success: Hermes would flag the call as failed
                    "unavailable_scopes": sorted(result.failed)}

        return self._call_tool("memory_search", args, kwargs, work)

    def memory_retain(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            self.retain_coordinator()  # explicit retains share the turn pipeline's policies and outbox
            try:
                # The item is in the durable outbox within milliseconds; only its delivery may be slow, and a
                # timeout here stops the waiting, not the delivery.
                result = self.runtime.run(
                    self.plane.retain(identity, a["content"], a["scope"], reason=a.get("reason"),
                                      confidence=a.get("confidence")),
                    min(float(self.config.backend.timeout_seconds), 30.0))
                data = result.to_dict() if hasattr(result, "to_dict") else {"stored": bool(result)}
                data = {k: v for k, v in data.items() if k in RETAIN_RESULT_KEYS}
            except TimeoutError:
                data = {"scope": a["scope"], "stored": False, "status": "queued",
                        "detail": "the memory backend is slow; the memory will be delivered in the background"}
            data.setdefault("scope", a["scope"])
            state = self.session(str(kwargs.get("session_id") or ""))
            if state is not None:
                state.last_retain = {"at": _now_iso(), "source": "tool", "scope": a["scope"],
                                     "stored": bool(data.get("stored", True))}
            return data

        return self._call_tool("memory_retain", args, kwargs, work)

    def memory_reflect(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, a: dict[str, Any]) -> dict[str, Any]:
            answers = self.runtime.run(self.plane.reflect(identity, a["query"], a.get("scopes")),
                                       self._timeout("reflect", 60.0), cancel_on_timeout=True)
            return {"answers": [{"scope": r.scope, "text": r.text, "supported": r.supported} for r in answers]}

        return self._call_tool("memory_reflect", args, kwargs, work)

    def memory_status(self, args: Any = None, **kwargs: Any) -> str:
        def work(identity: Identity, _a: dict[str, Any]) -> dict[str, Any]:
            started = time.perf_counter()
            try:
                status = self.runtime.run(self.plane.status(identity, timeout=STATUS_PROBE_SECONDS),
                                          STATUS_PROBE_SECONDS + 1.0, cancel_on_timeout=True)
                backends: dict[str, Any] = {
                    name: {"kind": h.backend, "ok": h.ok, "version": h.version,
                           "latency_ms": None if h.latency_ms is None else round(h.latency_ms, 1)}
                    for name, h in status.backends.items()}
                healthy: bool | None = status.healthy
            except TimeoutError:
                backends, healthy = {}, False
            state = self.session(str(kwargs.get("session_id") or ""))
            queue = self.queue_stats()
            return {
                "healthy": healthy,
                "backends": backends,
                "probe_ms": round((time.perf_counter() - started) * 1000, 1),
                "identity": {"known": identity.known},
                "scopes": [{"scope": s, "access": self.config.stores[s].access}
                           for s in self.plane.acl.readable_scopes(identity)],
                "last_recall": state.last_recall if state else None,
                "last_prefetch": state.last_prefetch if state else None,
                "last_retain": state.last_retain if state else None,
                "queue_depth": queue["depth"],
                "queue": queue,
                "errors": dict(self.stats.errors),
            }

        return self._call_tool("memory_status", args, kwargs, work)

    def retain_coordinator(self) -> RetainCoordinator | None:
        """The turn-end retain pipeline, opened on first use (its outbox is a local SQLite file, so nothing of it
        happens at register time) with its delivery worker on the runtime loop. None when retain is off."""
        if self._retain is not None or not self.config.retain.enabled or self._closed:
            return self._retain
        with self._retain_lock:
            if self._retain is None and not self._closed:
                coordinator = RetainCoordinator.open(self.plane, environ=self.environ)
                self.runtime.submit(coordinator.start())
                self._retain = coordinator
        return self._retain

    def queue_stats(self) -> dict[str, Any]:
        """Retain queue figures for memory_status (no paths, no content)."""
        coordinator = self._retain
        if coordinator is None:
            return {"depth": 0, "undeliverable": 0, "oldest_age_seconds": None, "worker": False}
        stats = coordinator.stats()
        return {"depth": int(stats.get("depth", 0)), "undeliverable": int(stats.get("failed", 0)),
                "oldest_age_seconds": stats.get("oldest_age_seconds"), "worker": bool(stats.get("running")),
                "delivered_batches": int(stats.get("delivered_batches", 0)),
                "backend_cooling": bool(stats.get("cooling_backends"))}

    def queue_depth(self) -> int:
        """Retains accepted but not yet delivered."""
        return int(self.queue_stats()["depth"])

    # ------------------------------------------------------------------ hooks

    @_guard("on_session_start")
    def on_session_start(self, **kwargs: Any) -> None:
        session_id = str(kwargs.get("session_id") or "")
        if session_id:
            self._state(session_id, str(kwargs.get("platform") or ""))
        self._probe_health()

    def _probe_health(self) -> None:
        """A non-blocking health check; its outcome lands in the stats (and one warning when unhealthy)."""
        future = self.runtime.submit(self.plane.status(timeout=STATUS_PROBE_SECONDS))

        def done(f: Any) -> None:
            try:
                status = f.result()
                self.stats.backend_health = {"at": _now_iso(), "healthy": status.healthy}
                if not status.healthy:
                    log.warning("wetopi-memory: a memory backend is unhealthy; turns continue without it")
            except Exception as exc:
                self.stats.backend_health = {"at": _now_iso(), "healthy": False}
                log.warning("wetopi-memory health check failed: %s", type(exc).__name__)

        future.add_done_callback(done)

    @_guard("pre_llm_call")
    def pre_llm_call(self, **kwargs: Any) -> dict[str, str] | None:
        session_id = str(kwargs.get("session_id") or "")
        platform = str(kwargs.get("platform") or "")
        state = self._speaker(session_id, platform, str(kwargs.get("sender_id") or ""))
        state.turns += 1
        if not self.config.recall.enabled:
            return None
        message = _text(kwargs.get("user_message"))
        if not message.strip():
            return None
        block = self._recall_block(state, message)
        return {"context": block} if block else None

    def _recall_block(self, state: SessionState, message: str) -> str:
        """The prefetched context (no I/O); a bounded synchronous recall only when the coordinator asks for one."""
        started = time.perf_counter()
        decision = self.recall.cached_context(state.session_id, state.identity, message)
        block = decision.context
        outcome: str = decision.reason
        if decision.sync is not None:
            timeout = float(self.config.recall.synchronous.timeout_seconds)
            try:
                result = self.runtime.run(
                    self.recall.sync_recall(state.session_id, state.identity, message, decision=decision),
                    timeout + SYNC_GUARD_SECONDS, cancel_on_timeout=True)
                block, outcome = result.context, f"sync_{result.status}"
            except TimeoutError:
                outcome = "sync_timeout"
        state.last_recall = {"at": _now_iso(), "outcome": outcome, "sync": decision.sync,
                             "scopes": list(decision.sync_scopes if decision.sync else decision.scopes),
                             "ms": round((time.perf_counter() - started) * 1000, 1), "injected": bool(block)}
        return block

    @_guard("post_tool_call")
    def post_tool_call(self, **kwargs: Any) -> None:
        """Evidence only (A5): nothing is ever retained from here."""
        key = (str(kwargs.get("session_id") or ""), str(kwargs.get("turn_id") or ""))
        name = str(kwargs.get("tool_name") or "")
        coordinator = self.retain_coordinator()
        if coordinator is not None:
            coordinator.record_tool_call(**kwargs)
        if name:
            with self._lock:
                tools = self._turn_tools.setdefault(key, ())
                if len(tools) < 64 and name not in tools:
                    self._turn_tools[key] = (*tools, name)
                while len(self._turn_tools) > MAX_SESSIONS:
                    self._turn_tools.popitem(last=False)
        return None

    @_guard("post_llm_call")
    def post_llm_call(self, **kwargs: Any) -> None:
        """Hand the finished turn to the retain side and start the next turn's prefetch; never waits."""
        session_id = str(kwargs.get("session_id") or "")
        state = self._state(session_id, str(kwargs.get("platform") or ""))
        user_text = _text(kwargs.get("user_message"))
        answer_text = _text(kwargs.get("assistant_response"))
        turn_id = str(kwargs.get("turn_id") or "")
        tools = self._turn_tools.pop((session_id, turn_id), ())
        self._retain_turn(state, turn_id, user_text, answer_text)
        if user_text.strip() and self.recall.automatic_enabled:
            self._prefetch(state, f"{user_text}\n{answer_text}", user_text[:MAX_PREFETCH_QUERY_CHARS], tools)
        return None

    def _retain_turn(self, state: SessionState, turn_id: str, user_text: str, answer_text: str) -> None:
        """Queue the turn's curated learnings (at most one batch per scope, A6) for background delivery.

        The identity is the one resolved for this session's speaker, snapshotted now. Scheduled jobs and
        sub-agents never write automatically; their evidence is dropped."""
        coordinator = self.retain_coordinator()
        if coordinator is None:
            return
        retain = self.config.retain
        if not (retain.automatic and state.automatic_writes):
            coordinator.evidence.pop(state.session_id, turn_id)
            return
        identity, platform = state.identity, state.platform or None  # snapshot at hand-off (F.3)

        def submit() -> None:  # sentence analysis, policies, one SQLite transaction per scope: off Hermes' thread
            report = coordinator.submit_turn(identity, session_id=state.session_id, turn_id=turn_id,
                                             user_message=user_text, assistant_response=answer_text,
                                             source_agent=self.plane.agent, platform=platform)
            queued = sorted(scope for scope, batch in report.batches.items() if batch is not None)
            state.last_retain = {"at": _now_iso(), "source": "turn", "queued_scopes": queued,
                                 "accepted": len(report.accepted), "rejected": len(report.rejected),
                                 "outbox_problem": report.error}

        future = self.runtime.submit(asyncio.to_thread(submit))
        with self._lock:
            self._pending_retains.add(future)

        def done(f: concurrent.futures.Future[None]) -> None:
            with self._lock:
                self._pending_retains.discard(f)
            if not f.cancelled() and f.exception() is not None:
                self.stats.errors["retain"] += 1
                log.warning("wetopi-memory retain hand-off failed: %s", type(f.exception()).__name__)

        future.add_done_callback(done)

    async def _settle_retains(self, timeout: float) -> None:
        """Wait (bounded) until every turn handed off so far is in the outbox."""
        with self._lock:
            pending = list(self._pending_retains)
        if pending:
            await asyncio.wait([asyncio.wrap_future(f) for f in pending], timeout=timeout)

    def _prefetch(self, state: SessionState, text: str, query: str, tools: Sequence[str]) -> None:
        future = self.runtime.submit(self.recall.prefetch(state.session_id, state.identity, text, tools=tools,
                                                          query=query))

        def done(f: Any) -> None:
            try:
                result = f.result()
                status = "unavailable" if result.status == "failed" else result.status
                state.last_prefetch = {"at": _now_iso(), "status": status, "scopes": list(result.scopes),
                                       "ms": round(result.seconds * 1000, 1)}
            except BaseException as exc:  # cancelled at shutdown, or a bug: never surfaces in Hermes
                self.stats.errors["prefetch"] += 1
                log.warning("wetopi-memory prefetch failed: %s", type(exc).__name__)

        future.add_done_callback(done)

    @_guard("on_session_end")
    def on_session_end(self, **kwargs: Any) -> None:
        """Fires at the end of EVERY turn in 0.19.0, so nothing is flushed here. An interrupted turn gets no
        post_llm_call: its evidence is dropped now rather than left to age out."""
        if kwargs.get("completed") and not kwargs.get("interrupted"):
            return None
        key = (str(kwargs.get("session_id") or ""), str(kwargs.get("turn_id") or ""))
        with self._lock:
            self._turn_tools.pop(key, None)
        if self._retain is not None:
            self._retain.evidence.pop(*key)
        return None

    @_guard("on_session_finalize")
    def on_session_finalize(self, **kwargs: Any) -> None:
        wait = str(kwargs.get("reason") or "") == "shutdown"
        for key in ("session_id", "old_session_id"):
            session_id = str(kwargs.get(key) or "")
            if session_id:
                self._finish_session(session_id, wait=wait)

    @_guard("on_session_reset")
    def on_session_reset(self, **kwargs: Any) -> None:
        old = str(kwargs.get("old_session_id") or "")
        if old:
            self._finish_session(old)

    def _finish_session(self, session_id: str, *, wait: bool = False) -> None:
        self.recall.invalidate(session_id)
        self._drop_session(session_id)
        coordinator = self._retain
        if coordinator is None:
            return
        coordinator.end_session(session_id)
        coordinator.wake()
        if not wait or _on_event_loop_thread():  # never block the gateway's loop: the worker delivers anyway
            return
        # Process exit: give queued retains a short, bounded chance to land (the outbox keeps the rest).
        with contextlib.suppress(TimeoutError):
            self.runtime.run(self._flush(), self._flush_seconds() + 1.5)

    async def _flush(self) -> None:
        coordinator = self._retain
        if coordinator is not None:
            await self._settle_retains(1.0)
            await coordinator.flush(self._flush_seconds())

    def _flush_seconds(self) -> float:
        """How long an exit waits for queued retains: short when the backend is known to be down."""
        coordinator = self._retain
        health = self.stats.backend_health
        if (coordinator is not None and coordinator.stats().get("cooling_backends")) or (
                health is not None and not health.get("healthy")):
            return 0.2  # waiting would only delay the exit; the outbox keeps everything for the next process
        return FINALIZE_FLUSH_SECONDS

    @_guard("subagent_start")
    def subagent_start(self, **kwargs: Any) -> None:
        child = str(kwargs.get("child_session_id") or "")
        parent = str(kwargs.get("parent_session_id") or "")
        if not child:
            return
        with self._lock:
            self._children[child] = parent
            state = self._sessions.get(child)
            if state is not None:
                state.automatic_writes = False
                state.parent_session_id = parent
                parent_state = self._sessions.get(parent)
                if parent_state is not None:
                    state.identity = parent_state.identity

    @_guard("subagent_stop")
    def subagent_stop(self, **kwargs: Any) -> None:
        child = str(kwargs.get("child_session_id") or "")
        if child:
            self._drop_session(child)

    # ------------------------------------------------------------------ lifecycle

    async def aclose(self) -> None:
        """Flush (bounded) and stop the retain worker, then close the plane's backends (on the runtime loop)."""
        if self._closed:
            return
        self._closed = True
        coordinator = self._retain
        if coordinator is not None:
            try:
                await self._flush()
                await coordinator.stop(0.5)
            finally:
                coordinator.close()
        await self.plane.aclose()

    def close(self, timeout: float = 5.0) -> None:
        """Close from a Hermes thread (bounded)."""
        if self._closed:
            return
        try:
            self.runtime.run(self.aclose(), timeout)
        except Exception as exc:
            log.warning("wetopi-memory close failed: %s", type(exc).__name__)


# ---------------------------------------------------------------------------------------------- register


def _hermes_environ() -> dict[str, str]:
    """os.environ, plus HERMES_HOME as Hermes resolves it (profiles), so the plugin finds its config.yaml."""
    env = dict(os.environ)
    if not env.get("HERMES_HOME"):
        try:
            from hermes_constants import get_hermes_home  # type: ignore[import-not-found]

            env["HERMES_HOME"] = str(get_hermes_home())
        except Exception:  # outside Hermes: ~/.hermes, as config.hermes_plugin_dir assumes
            pass
    return env


_warned_native_provider = False


def native_hindsight_provider_active() -> bool:
    """True when Hermes' own config says `memory.provider: hindsight` (A1: two sync paths are forbidden)."""
    try:
        from hermes_cli.config import load_config as hermes_load_config  # type: ignore[import-not-found]
    except Exception:
        return False
    try:
        cfg = hermes_load_config()
    except Exception:
        return False
    memory = cfg.get("memory") if isinstance(cfg, dict) else None
    provider = memory.get("provider") if isinstance(memory, dict) else None
    return isinstance(provider, str) and provider.strip().lower() == "hindsight"


CONFLICT_WARNING = (
    "WETOPI-MEMORY CONFLICT: Hermes has memory.provider: hindsight AND the wetopi-memory plugin is enabled. "
    "Two independent sync paths to the same Hindsight banks are forbidden (design A1): the native provider "
    "must be off. Unset memory.provider (or set a non-Hindsight provider) in config.yaml and restart.")


def _warn_native_provider(plugin: HermesPlugin) -> None:
    """One loud warning per process when the native Hindsight provider is on (A1).

    Plugin discovery can run before Hermes has set up its log files (the Python API imports `model_tools`
    first); then the warning waits for the plugin's first hook, so that it lands in Hermes' log."""
    global _warned_native_provider
    if _warned_native_provider or not native_hindsight_provider_active():
        return
    _warned_native_provider = True
    if _hermes_logging_ready():
        log.warning(CONFLICT_WARNING)
    else:
        plugin.pending_warnings.append(CONFLICT_WARNING)


_metrics_servers: dict[int, Any] = {}


def _serve_metrics(plugin: HermesPlugin) -> None:
    """Expose /metrics on loopback when `observability.metrics_port` is set; once per port per process."""
    settings = plugin.plane.config.observability
    port = settings.metrics_port
    if not settings.metrics or port is None or port in _metrics_servers:
        return
    try:
        _metrics_servers[port] = plugin.plane.metrics.serve(port)
    except OSError as exc:
        log.warning("wetopi-memory metrics endpoint not started on 127.0.0.1:%d: %s", port, type(exc).__name__)


def _hermes_logging_ready() -> bool:
    """True once some handler other than the stderr last resort would receive our warnings."""
    return log.hasHandlers()


def build_plugin(environ: Mapping[str, str] | None = None, *, config: LoadedConfig | None = None,
                 runtime: _runtime.Runtime | None = None, agent: str | None = None) -> HermesPlugin:
    """The plugin object for a Hermes process: config, identities and backends, with no network I/O."""
    env = dict(_hermes_environ() if environ is None else environ)
    loaded = config or load_config(None, env)
    plane = MemoryPlane.open(loaded, identities=env.get(ENV_IDENTITIES) or None, environ=env,
                             agent=agent or env.get("WETOPI_MEMORY_AGENT") or "hermes")
    return HermesPlugin(plane, runtime=runtime, environ=env)


_active: HermesPlugin | None = None
_active_lock = threading.Lock()


def active_plugin() -> HermesPlugin | None:
    """The plugin registered in this process, if any (tests, diagnostics)."""
    return _active


def register(ctx: Any) -> None:
    """Hermes entry point: build the plugin and register its tools and hooks on `ctx`.

    A configuration error is raised (Hermes records it as the plugin's error and runs without it); nothing
    here touches the network.
    """
    global _active
    profile = getattr(ctx, "profile_name", None) or "default"
    try:
        plugin = build_plugin(agent=os.environ.get("WETOPI_MEMORY_AGENT") or f"hermes-{profile}")
    except ConfigError as exc:
        log.error("wetopi-memory is disabled: %s", exc)
        raise
    _warn_native_provider(plugin)
    _serve_metrics(plugin)
    plugin.hermes_source = str(getattr(getattr(ctx, "manifest", None), "source", "") or "")
    plugin.register_with(ctx)
    with _active_lock:
        previous, _active = _active, plugin
    if previous is not None and previous is not plugin:  # re-discovery: release the old plane's connections
        with contextlib.suppress(RuntimeError):  # a runtime already shut down closed that plane with it
            previous.runtime.submit(previous.aclose())
    log.info("%s registered: %d tool(s), %d scope(s), config %s", PLUGIN_NAME, len(plugin.exposed_tools),
             len(plugin.plane.scopes), plugin.plane.config_source)
