"""Hermes' entry point: `register(ctx)` builds the plugin, warns about the native provider, serves metrics."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Mapping
from typing import Any

from ..config import ENV_IDENTITIES, PLUGIN_NAME, LoadedConfig, load_config
from ..errors import ConfigError
from ..host_conflicts import NativeProviderConflict, hermes_config_path, native_provider_conflict
from .plane_gateway import PlaneGateway
from .plugin import HermesPlugin
from .runtime import Runtime

__all__ = ["CONFLICT_WARNING", "active_plugin", "build_plugin", "native_hindsight_provider_active",
           "native_provider_conflict_now", "register"]

log = logging.getLogger(__name__)

CONFLICT_WARNING = (
    "WETOPI-MEMORY CONFLICT: Hermes has memory.provider: hindsight AND the wetopi-memory plugin is enabled. "
    "Two independent sync paths to the same Hindsight banks are forbidden (design A1): the native provider "
    "must be off. Unset memory.provider (or set a non-Hindsight provider) in config.yaml and restart.")

_warned_native_provider = False
_metrics_servers: dict[int, Any] = {}
_active: HermesPlugin | None = None
_active_lock = threading.Lock()


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


def _hermes_loaded_config() -> dict[str, Any] | None:
    """Hermes' own effective config (profiles, defaults) when running inside Hermes; None outside it."""
    try:
        from hermes_cli.config import load_config as hermes_load_config  # type: ignore[import-not-found]

        cfg = hermes_load_config()
    except Exception:
        return None
    return cfg if isinstance(cfg, dict) else None


def native_provider_conflict_now(environ: Mapping[str, str] | None = None) -> NativeProviderConflict | None:
    """Hermes' native Hindsight provider is on (A1: two sync paths are forbidden): from Hermes' own
    `load_config` inside Hermes, else from its config.yaml."""
    env = _hermes_environ() if environ is None else environ
    cfg = _hermes_loaded_config()
    if cfg is None:
        return native_provider_conflict(env)
    memory = cfg.get("memory")
    provider = memory.get("provider") if isinstance(memory, dict) else None
    if isinstance(provider, str) and provider.strip().lower() == "hindsight":
        return NativeProviderConflict(str(hermes_config_path(env)), "hindsight")
    return None


def native_hindsight_provider_active() -> bool:
    """True when Hermes' own config says `memory.provider: hindsight` (A1: two sync paths are forbidden)."""
    return native_provider_conflict_now() is not None


def _hermes_logging_ready() -> bool:
    """True once some handler other than the stderr last resort would receive our warnings."""
    return log.hasHandlers()


def _warn_native_provider(plugin: HermesPlugin) -> None:
    """One loud warning per process when the native Hindsight provider is on (A1).

    Plugin discovery can run before Hermes has set up its log files (the Python API imports `model_tools`
    first); then the warning waits for the plugin's first hook, so that it lands in Hermes' log."""
    global _warned_native_provider
    if _warned_native_provider or plugin.gateway.native_conflict is None:
        return
    _warned_native_provider = True
    warning = CONFLICT_WARNING + (" Automatic retains are paused while it lasts (the tools keep working)."
                                  if plugin.gateway.automatic_retain_paused else "")
    if _hermes_logging_ready():
        log.warning(warning)
    else:
        plugin.defer_warning(warning)


def _serve_metrics(plugin: HermesPlugin) -> None:
    """Expose /metrics on `observability.metrics_bind` (loopback by default) when `metrics_port` is set; once per
    port per process."""
    settings = plugin.config.observability
    port, bind = settings.metrics_port, settings.metrics_bind
    if not settings.metrics or port is None or port in _metrics_servers:
        return
    try:
        _metrics_servers[port] = plugin.plane.metrics.serve(port, bind)
    except OSError as exc:
        log.warning("wetopi-memory metrics endpoint not started on %s port %d: %s", bind, port, type(exc).__name__)


def build_plugin(environ: Mapping[str, str] | None = None, *, config: LoadedConfig | None = None,
                 runtime: Runtime | None = None, agent: str | None = None) -> HermesPlugin:
    """The plugin object for a Hermes process: config, identities and backends, with no network I/O."""
    env = dict(_hermes_environ() if environ is None else environ)
    loaded = config or load_config(None, env)
    plane = PlaneGateway.open_plane(loaded, identities=env.get(ENV_IDENTITIES) or None, environ=env,
                                    agent=agent or env.get("WETOPI_MEMORY_AGENT") or "hermes")
    plugin = HermesPlugin(plane, runtime=runtime, environ=env)
    plugin.gateway.native_conflict = native_provider_conflict_now(env)
    return plugin


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
             len(plugin.gateway.scopes), plugin.gateway.config_source)
