"""Run real Hermes turns (Recipe B: the Python API) in THIS process, then write what happened as JSON.

    <hermes venv>/bin/python run_turns.py SPEC.json RESULT.json

Run by the e2e tests in a fresh process per scenario, with HERMES_HOME and the rest of the environment already
set (Hermes' plugin manager is a process-global singleton). SPEC:

    {"base_url": "http://127.0.0.1:PORT/v1",
     "toolsets": ["wetopi_memory"],                 # what the model is offered
     "turns": [{"agent": "a", "session_id": "s1", "platform": "telegram", "user_id": "1001",
                "message": "...", "pause_before": 0.5}, ...],  # one AIAgent per "agent" key, history per agent
     "finalize": true,                              # fire on_session_finalize per session, as the CLI does at exit
     "plugin_source": "directory",                  # or "entrypoint": which copy of the plugin Hermes loads
     "instrument": true}                            # record every backend call made by the plugin

RESULT: {"plugin_loaded", "plugin_error", "turns": [{"final_response", "seconds", "hook_seconds"}],
         "backend_calls": [{"op", "bank", "items", "contents"}], "stats": {...}}
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from typing import Any


def _plugin_error() -> str | None:
    try:
        from hermes_cli.plugins import get_plugin_manager

        manager = get_plugin_manager()
        for attr in ("_plugins", "plugins"):
            plugins = getattr(manager, attr, None)
            if isinstance(plugins, dict):
                for key, loaded in plugins.items():
                    if "wetopi" in str(key):
                        return str(getattr(loaded, "error", None) or "")
        return "wetopi-memory not discovered"
    except Exception as exc:
        return f"could not inspect the plugin manager: {type(exc).__name__}: {exc}"


def _hide_entry_point() -> None:
    """Make Hermes ignore this checkout's pip entry point, so the directory plugin is the one loaded.

    Hermes lets a later discovery source win on a name clash, and the entry point (pip) comes after the user's
    plugins directory; the editable install of this checkout in the test venv declares it."""
    from hermes_cli.plugins import PluginManager

    scan = PluginManager._scan_entry_points

    def without_ours(self: Any) -> Any:
        return [m for m in scan(self) if m.name != "wetopi-memory"]

    PluginManager._scan_entry_points = without_ours  # type: ignore[method-assign]


def _instrument(plugin: Any, calls: list[dict[str, Any]]) -> None:
    """Record every recall/retain/reflect the plugin sends to its backends (bank, size, contents)."""
    for backend in {id(b): b for b in plugin.plane.acl.registry.backends.values()}.values():
        for op in ("retain", "recall", "reflect"):
            original = getattr(backend, op)

            def wrapper(bank: str, payload: Any, *args: Any, _op: str = op, _orig: Any = original,
                        **kwargs: Any) -> Any:
                record: dict[str, Any] = {"op": _op, "bank": bank, "t": time.time()}
                if _op == "retain":
                    record["items"] = len(payload)
                    record["contents"] = [item.content for item in payload]
                calls.append(record)
                return _orig(bank, payload, *args, **kwargs)

            setattr(backend, op, wrapper)


def main(spec_path: str, result_path: str) -> int:
    with open(spec_path, encoding="utf-8") as fh:
        spec = json.load(fh)
    result: dict[str, Any] = {"turns": [], "backend_calls": [], "plugin_loaded": False}
    try:
        if spec.get("plugin_source", "directory") == "directory":
            _hide_entry_point()
        started = time.perf_counter()
        from run_agent import AIAgent  # imports model_tools: tool + plugin discovery

        result["import_seconds"] = time.perf_counter() - started
        from wetopi_memory.hermes import active_plugin
        from wetopi_memory.hermes import runtime as _runtime

        plugin = active_plugin()
        result["plugin_loaded"] = plugin is not None
        result["plugin_source"] = plugin.hermes_source if plugin is not None else None
        if plugin is None:
            result["plugin_error"] = _plugin_error()
        elif spec.get("instrument", True):
            _instrument(plugin, result["backend_calls"])
        agents: dict[str, Any] = {}
        history: dict[str, list[Any]] = {}
        sessions: dict[str, str] = {}
        for turn in spec["turns"]:
            key = turn.get("agent", "a")
            if key not in agents:
                t0 = time.perf_counter()
                agents[key] = AIAgent(
                    base_url=spec["base_url"], api_key="sk-stub", provider="custom", model="stub-model",
                    enabled_toolsets=spec.get("toolsets") or [], quiet_mode=True, skip_context_files=True,
                    skip_memory=True, max_iterations=8, platform=turn.get("platform") or "cli",
                    user_id=turn.get("user_id"), user_name=turn.get("user_name"),
                    chat_id=turn.get("chat_id"), chat_type=turn.get("chat_type") or "dm",
                    session_id=turn["session_id"])
                history[key] = []
                sessions[key] = turn["session_id"]
                result.setdefault("agent_seconds", []).append(time.perf_counter() - t0)
            if turn.get("pause_before"):
                time.sleep(float(turn["pause_before"]))  # a person typing: background prefetch has time to land
            before = dict(plugin.stats.hook_seconds) if plugin is not None else {}
            t0 = time.perf_counter()
            out = agents[key].run_conversation(turn["message"], conversation_history=history[key] or None)
            seconds = time.perf_counter() - t0
            after = dict(plugin.stats.hook_seconds) if plugin is not None else {}
            # the gateway reloads clean history from its DB; keep only role/content like it does
            history[key] = [{k: v for k, v in m.items() if k != "api_content"} for m in out.get("messages") or []]
            state = plugin.session(turn["session_id"]) if plugin is not None else None
            result["turns"].append({
                "final_response": out.get("final_response"), "completed": out.get("completed"),
                "seconds": seconds,
                "hook_seconds": {k: after.get(k, 0.0) - before.get(k, 0.0) for k in after},
                "last_recall": state.last_recall if state is not None else None,
                "last_retain": state.last_retain if state is not None else None})
        if spec.get("finalize", True) and plugin is not None:
            from hermes_cli.plugins import invoke_hook

            for key, session_id in sessions.items():
                t0 = time.perf_counter()
                invoke_hook("on_session_finalize", session_id=session_id, platform=agents[key].platform,
                            reason="shutdown")
                result.setdefault("finalize_seconds", []).append(time.perf_counter() - t0)
        if plugin is not None:
            result["stats"] = {"errors": dict(plugin.stats.errors), "calls": dict(plugin.stats.calls),
                               "queue_depth": plugin.queue_depth()}
        t0 = time.perf_counter()
        _runtime.shutdown()
        result["shutdown_seconds"] = time.perf_counter() - t0
    except Exception:
        result["exception"] = traceback.format_exc()
    with open(result_path, "w", encoding="utf-8") as fh:
        json.dump(result, fh, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
