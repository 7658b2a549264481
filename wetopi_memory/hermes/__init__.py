"""Hermes glue: `register(ctx)`, the four memory tools and the lifecycle hooks, over one `MemoryPlane`.

Modules:

* `registration`: Hermes' entry point, `build_plugin`, the native-provider warning, the metrics endpoint;
* `plugin`: `HermesPlugin`, which composes the parts below and registers them on Hermes;
* `tools` (with `schemas` and `arguments`): the four memory tools; `hooks`: the nine lifecycle hooks;
* `sessions`: the speaker of each turn; `status_records`: what memory_status shows;
* `plane_gateway`: the only module that calls the plane and its retain and recall coordinators;
* `runtime`: the background asyncio loop all backend I/O runs on.
"""

from __future__ import annotations

from .hooks import SYNC_GUARD_SECONDS
from .plugin import TOOLSET, HermesPlugin
from .registration import active_plugin, build_plugin, native_hindsight_provider_active, register
from .runtime import Runtime, get_runtime
from .schemas import tool_schemas

__all__ = [
    "SYNC_GUARD_SECONDS",
    "TOOLSET",
    "HermesPlugin",
    "Runtime",
    "active_plugin",
    "build_plugin",
    "get_runtime",
    "native_hindsight_provider_active",
    "register",
    "tool_schemas",
]
