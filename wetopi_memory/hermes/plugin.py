"""HermesPlugin: one plane gateway, one session registry, the tool handlers and the hooks, registered on Hermes."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

from ..config import Config, ToolName
from ..identity import Identity
from ..plane import MemoryPlane
from ..recall import RecallCoordinator
from ..retain import RetainCoordinator
from .hooks import LifecycleHooks
from .plane_gateway import PlaneGateway
from .runtime import Runtime, get_runtime
from .schemas import ToolSchema, tool_schemas
from .sessions import SessionRegistry, SessionState
from .status_records import HookName, PluginStats
from .tools import ToolHandler, ToolHandlers

__all__ = ["TOOLSET", "TOOL_EMOJI", "HermesPlugin"]

log = logging.getLogger(__name__)

TOOLSET = "wetopi_memory"
TOOL_EMOJI = "🧠"


class HermesPlugin:
    """The plugin object: composes its parts and registers their tools and hooks on a Hermes PluginContext."""

    def __init__(self, plane: MemoryPlane, *, runtime: Runtime | None = None,
                 environ: Mapping[str, str] | None = None) -> None:
        self.runtime = runtime or get_runtime()
        self.environ: Mapping[str, str] = os.environ if environ is None else environ
        self.gateway = PlaneGateway(plane, self.runtime, self.environ)
        self.stats = PluginStats()
        self.sessions = SessionRegistry(self.gateway.identify, self.environ)
        self.schemas: dict[ToolName, ToolSchema] = tool_schemas(plane.scopes)
        self.tools = ToolHandlers(self.gateway, self.sessions, self.stats, self.schemas)
        self.lifecycle = LifecycleHooks(self.gateway, self.sessions, self.stats)
        self.hermes_source = ""  # how Hermes found the plugin: "user" (directory), "entrypoint" (pip), ...
        # the entry points Hermes calls, as attributes so that callers and tests can invoke them by name
        self.memory_search, self.memory_retain = self.tools.memory_search, self.tools.memory_retain
        self.memory_reflect, self.memory_status = self.tools.memory_reflect, self.tools.memory_status
        self.on_session_start, self.pre_llm_call = self.lifecycle.on_session_start, self.lifecycle.pre_llm_call
        self.post_tool_call, self.post_llm_call = self.lifecycle.post_tool_call, self.lifecycle.post_llm_call
        self.on_session_end = self.lifecycle.on_session_end
        self.on_session_finalize = self.lifecycle.on_session_finalize
        self.on_session_reset = self.lifecycle.on_session_reset
        self.subagent_start, self.subagent_stop = self.lifecycle.subagent_start, self.lifecycle.subagent_stop
        self.runtime.on_shutdown(self.aclose)

    @property
    def plane(self) -> MemoryPlane:
        return self.gateway.plane

    @property
    def config(self) -> Config:
        return self.gateway.config

    @property
    def recall(self) -> RecallCoordinator:
        return self.gateway.recall

    # ------------------------------------------------------------------ registration

    @property
    def exposed_tools(self) -> list[ToolName]:
        if not self.config.tools.enabled:
            return []
        return [name for name in self.schemas if name in self.config.tools.expose]

    def handlers(self) -> dict[ToolName, ToolHandler]:
        return self.tools.by_name()

    def hooks(self) -> dict[HookName, Callable[..., Any]]:
        return self.lifecycle.by_name()

    def defer_warning(self, message: str) -> None:
        """A register-time warning, logged at the first hook (once Hermes' log handlers exist)."""
        self.lifecycle.defer_warning(message)

    def available(self) -> bool:
        """Tool `check_fn`: hide the tools once the plugin is closed."""
        return not self.gateway.closed

    def register_with(self, ctx: Any) -> None:
        """Register the exposed tools (one toolset) and every hook on a Hermes PluginContext."""
        handlers = self.handlers()
        for name in self.exposed_tools:
            schema = self.schemas[name]
            ctx.register_tool(name=name, toolset=TOOLSET, schema=schema, handler=handlers[name],
                              check_fn=self.available, description=schema["description"], emoji=TOOL_EMOJI)
        for hook, callback in self.hooks().items():
            ctx.register_hook(hook, callback)

    # ------------------------------------------------------------------ sessions, queue

    def session(self, session_id: str) -> SessionState | None:
        return self.sessions.get(session_id)

    def identity_for(self, session_id: str | None, turn_id: str = "") -> Identity:
        """The identity of a call in that turn: the turn's speaker, else an unknown caller (fail closed)."""
        return self.sessions.speaker(session_id or "", turn_id).identity

    def retain_coordinator(self) -> RetainCoordinator | None:
        """The turn-end retain pipeline, opened on first use; None when retain is off."""
        return self.gateway.retain_coordinator()

    async def _settle_retains(self, timeout: float) -> None:
        """Wait (bounded) until every turn handed off so far is in the outbox."""
        await self.gateway.settle_handoffs(timeout)

    def queue_stats(self) -> dict[str, Any]:
        """Retain queue figures for memory_status (no paths, no content)."""
        return self.gateway.retain_queue().to_dict()

    def queue_depth(self) -> int:
        """Retains accepted but not yet delivered."""
        return self.gateway.retain_queue().depth

    # ------------------------------------------------------------------ lifecycle

    async def aclose(self) -> None:
        """Flush (bounded) and stop the retain worker, then close the plane's backends (on the runtime loop)."""
        if self.gateway.closed:
            return
        await self.gateway.aclose(self.lifecycle.flush_seconds())

    def close(self, timeout: float = 5.0) -> None:
        """Close from a Hermes thread (bounded)."""
        if self.gateway.closed:
            return
        try:
            self.runtime.run(self.aclose(), timeout)
        except Exception as exc:
            log.warning("wetopi-memory close failed: %s", type(exc).__name__)
