"""Run real Hermes turns (Recipe B: the Python API) in THIS process, then write what happened as JSON.

    <hermes venv>/bin/python run_turns.py SPEC.json RESULT.json

Run by the e2e tests in a fresh process per scenario, with HERMES_HOME and the rest of the environment already
set (Hermes' plugin manager is a process-global singleton). SPEC:

    {"base_url": "http://127.0.0.1:PORT/v1",
     "toolsets": ["wetopi_memory"],                 # what the model is offered
     "turns": [{"agent": "a", "session_id": "s1", "platform": "telegram", "user_id": "1001",
                "message": "...", "pause_before": 0.5,
                "parallel": "g1"}, ...],            # one AIAgent per "agent" key, history per agent; consecutive
                                                    #   turns with one "parallel" tag run at once, one thread each
     "join_background": false,                      # wait for Hermes' background review thread(s) after the turns
                                                    #   (also when any turn carries "join_background": true)
     "finalize": true,                              # fire on_session_finalize per session, as the CLI does at exit
     "plugin_source": "directory",                  # or "entrypoint": which copy of the plugin Hermes loads
     "instrument": true}                            # record every backend call made by the plugin

RESULT: {"plugin_loaded", "plugin_error", "turns": [{"final_response", "seconds", "hook_seconds"}],
         "backend_calls": [{"op", "bank", "items", "contents"}], "stats": {...},
         "speakers": [{"call", "session", "turn", "sender", "user", "doubt", "t", "thread"}]}
                                                    # whom each turn, hook and tool call was attributed to
"""

from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from typing import Any

SCENARIO_TURN_SECONDS = 120.0  # the most a concurrent turn or the background review is waited for


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


def _record_speakers(plugin: Any, records: list[dict[str, Any]]) -> None:
    """Record whom the plugin attributes each turn (pre_llm_call) and each later hook or tool call to."""
    sessions = plugin.sessions
    begin, speaker = sessions.begin_turn, sessions.speaker

    def note(call: str, session_id: str, turn_id: str, found: Any, sender: str | None = None) -> None:
        records.append({"call": call, "session": session_id, "turn": turn_id, "sender": sender,
                        "user": found.identity.internal_user_id, "doubt": found.doubt, "t": time.time(),
                        "thread": threading.current_thread().name})

    def begin_turn(session_id: str, turn_id: str, platform: str, sender_id: str) -> Any:
        state, found = begin(session_id, turn_id, platform, sender_id)
        note("begin_turn", session_id, turn_id, found, sender_id)
        return state, found

    def speaker_of(session_id: str, turn_id: str) -> Any:
        found = speaker(session_id, turn_id)
        note("speaker", session_id, turn_id, found)
        return found

    sessions.begin_turn, sessions.speaker = begin_turn, speaker_of


def _groups(turns: list[dict[str, Any]]) -> list[list[int]]:
    """Turn indexes in run order: consecutive turns with the same "parallel" tag form one concurrent group."""
    groups: list[list[int]] = []
    for index, turn in enumerate(turns):
        tag = turn.get("parallel")
        if groups and tag is not None and turns[groups[-1][0]].get("parallel") == tag:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def _capture(run_turn: Any, index: int, result: dict[str, Any]) -> Any:
    """A thread target that reports an exception in the result instead of losing it."""

    def target() -> None:
        try:
            run_turn(index)
        except Exception:
            result["exception"] = traceback.format_exc()

    return target


class _Turns:
    """The spec's agents (one per "agent" key) and its turns, run in order or, per "parallel" group, at once."""

    def __init__(self, spec: dict[str, Any], plugin: Any, result: dict[str, Any]) -> None:
        self.spec, self.plugin, self.result = spec, plugin, result
        self.agents: dict[str, Any] = {}
        self.history: dict[str, list[Any]] = {}
        self.sessions: dict[str, str] = {}
        self.outcomes: list[dict[str, Any] | None] = [None] * len(spec["turns"])

    def make_agents(self, agent_class: Any) -> None:
        """Every agent up front, on this thread, even those whose turns run in parallel."""
        spec = self.spec
        for turn in spec["turns"]:
            key = turn.get("agent", "a")
            if key in self.agents:
                continue
            t0 = time.perf_counter()
            self.agents[key] = agent_class(
                base_url=spec["base_url"], api_key="sk-stub", provider="custom", model="stub-model",
                enabled_toolsets=spec.get("toolsets") or [], quiet_mode=True, skip_context_files=True,
                skip_memory=True, max_iterations=8, platform=turn.get("platform") or "cli",
                user_id=turn.get("user_id"), user_name=turn.get("user_name"),
                chat_id=turn.get("chat_id"), chat_type=turn.get("chat_type") or "dm",
                session_id=turn["session_id"])
            self.history[key] = []
            self.sessions[key] = turn["session_id"]
            self.result.setdefault("agent_seconds", []).append(time.perf_counter() - t0)

    def run_turn(self, index: int) -> None:
        turn, plugin = self.spec["turns"][index], self.plugin
        key = turn.get("agent", "a")
        if turn.get("pause_before"):
            time.sleep(float(turn["pause_before"]))  # a person typing: background prefetch has time to land
        before = dict(plugin.stats.hook_seconds) if plugin is not None else {}
        t0 = time.perf_counter()
        out = self.agents[key].run_conversation(turn["message"], conversation_history=self.history[key] or None)
        seconds = time.perf_counter() - t0
        after = dict(plugin.stats.hook_seconds) if plugin is not None else {}
        # the gateway reloads clean history from its DB; keep only role/content like it does
        self.history[key] = [{k: v for k, v in m.items() if k != "api_content"} for m in out.get("messages") or []]
        state = plugin.session(turn["session_id"]) if plugin is not None else None
        self.outcomes[index] = {
            "final_response": out.get("final_response"), "completed": out.get("completed"),
            "seconds": seconds,
            "hook_seconds": {k: after.get(k, 0.0) - before.get(k, 0.0) for k in after},
            "last_recall": state.last_recall if state is not None else None,
            "last_retain": state.last_retain if state is not None else None}

    def run_all(self) -> None:
        for group in _groups(self.spec["turns"]):
            if len(group) == 1:
                self.run_turn(group[0])
                continue
            threads = [threading.Thread(target=_capture(self.run_turn, i, self.result), name=f"turn-{i}")
                       for i in group]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(SCENARIO_TURN_SECONDS)
        self.result["turns"] = [o for o in self.outcomes if o is not None]


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
        if plugin is not None and spec.get("instrument", True):
            _record_speakers(plugin, result.setdefault("speakers", []))
        turns = _Turns(spec, plugin, result)
        turns.make_agents(AIAgent)
        turns.run_all()
        agents, sessions = turns.agents, turns.sessions
        if spec.get("join_background") or any(t.get("join_background") for t in spec["turns"]):
            # Hermes' background review agent runs on a thread of its own after the turn that triggered it
            for thread in [t for t in threading.enumerate() if t.name == "bg-review"]:
                thread.join(SCENARIO_TURN_SECONDS)
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
