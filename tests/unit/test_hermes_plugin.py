"""The Hermes glue without Hermes: registration, tool schemas and refusals, identity per session, hooks."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import socket
import sys
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.plugin_spy import spy_recalls, spy_retains
from tests.support.texts import PLUGIN_CONFIG
from wetopi_memory import hermes
from wetopi_memory.config import LoadedConfig, parse_config
from wetopi_memory.errors import BackendUnavailableError, ConfigError
from wetopi_memory.hermes import HermesPlugin, build_plugin, registration, tool_schemas
from wetopi_memory.hermes import runtime as _runtime

IDENTITIES = """
users:
  u_alice: {display_name: Alice, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_bob: {display_name: Bob, allowed_scopes: [personal, platform], accounts: ["telegram:2002"]}
"""
ALICE = {"platform": "telegram", "sender_id": "1001"}
BOB = {"platform": "telegram", "sender_id": "2002"}
FACT = "Wetopi runs its Kubernetes clusters on RKE2 with Cilium as the CNI."


class FakeCtx:
    """The parts of Hermes' PluginContext the plugin uses."""

    profile_name = "default"

    def __init__(self) -> None:
        self.tools: dict[str, dict[str, Any]] = {}
        self.hooks: dict[str, list[Callable[..., Any]]] = {}
        self.open_turns: dict[str, str] = {}  # session -> the turn whose tool calls run now (Hermes' contextvar)

    def register_tool(self, name: str, toolset: str, schema: dict[str, Any], handler: Callable[..., str],
                      check_fn: Callable[[], bool] | None = None, **extra: Any) -> None:
        self.tools[name] = {"toolset": toolset, "schema": schema, "handler": handler, "check_fn": check_fn, **extra}

    def register_hook(self, name: str, callback: Callable[..., Any]) -> None:
        self.hooks.setdefault(name, []).append(callback)

    def hook(self, name: str, **kwargs: Any) -> Any:
        (callback,) = self.hooks[name]
        session, turn_id = str(kwargs.get("session_id") or ""), str(kwargs.get("turn_id") or "")
        if name == "pre_llm_call" and turn_id:
            self.open_turns[session] = turn_id
        elif name == "on_session_end" and self.open_turns.get(session) == turn_id:
            del self.open_turns[session]
        return callback(telemetry_schema_version="hermes.observer.v1", **kwargs)

    def tool(self, name: str, args: Any, **kwargs: Any) -> dict[str, Any]:
        """A tool call as Hermes dispatches it: inside the session's open turn, if any."""
        session = str(kwargs.get("session_id") or "")
        if "turn_id" not in kwargs and session in self.open_turns:
            kwargs["turn_id"] = self.open_turns[session]
        out = self.tools[name]["handler"](args, task_id="t1", user_task=None, **kwargs)
        assert isinstance(out, str)
        data: dict[str, Any] = json.loads(out)
        return data


def write_config(tmp_path: Path, extra: str = "", *, backend: str | None = None) -> LoadedConfig:
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    text = PLUGIN_CONFIG.replace("DB", str(tmp_path / "memory.db")).replace("IDS", str(ids))
    if backend is not None:
        text = text.replace("backend: {type: local, path: " + str(tmp_path / "memory.db") + "}", backend)
    return LoadedConfig(parse_config(text + extra, "config.yaml", {}), "config.yaml")


@pytest.fixture
def runtime() -> Iterator[_runtime.Runtime]:
    rt = _runtime.Runtime(name="test-plugin-io")
    yield rt
    rt.shutdown(5)


@pytest.fixture
def make(tmp_path: Path, runtime: _runtime.Runtime) -> Callable[..., tuple[HermesPlugin, FakeCtx]]:
    def factory(extra: str = "", *, environ: dict[str, str] | None = None, backend: str | None = None
                ) -> tuple[HermesPlugin, FakeCtx]:
        env = {"WETOPI_MEMORY_STATE_DIR": str(tmp_path / "state"), **(environ or {})}
        plugin = build_plugin(env, config=write_config(tmp_path, extra, backend=backend), runtime=runtime)
        ctx = FakeCtx()
        plugin.register_with(ctx)
        return plugin, ctx

    return factory


_TURNS = iter(range(1, 1_000_000))


def begin(ctx: FakeCtx, session: str, who: dict[str, str], message: str = "hello", *,
          turn_id: str | None = None) -> tuple[str, Any]:
    """A turn's pre_llm_call; returns its turn id (unique, as Hermes' run_conversation makes it) and the result."""
    tid = turn_id or f"{session}:t:{next(_TURNS)}"
    out = ctx.hook("pre_llm_call", session_id=session, task_id=session, turn_id=tid, user_message=message,
                   conversation_history=[], is_first_turn=True, model="m", **who)
    return tid, out


def end(ctx: FakeCtx, session: str, tid: str, message: str, answer: str = "ok", *, platform: str = "telegram",
        interrupted: bool = False) -> None:
    """A turn's post_llm_call (skipped when interrupted, as Hermes does) and on_session_end."""
    if not interrupted:
        ctx.hook("post_llm_call", session_id=session, task_id=session, turn_id=tid, user_message=message,
                 assistant_response=answer, conversation_history=[{"role": "user", "content": message}], model="m",
                 platform=platform)
    ctx.hook("on_session_end", session_id=session, task_id=session, turn_id=tid, completed=not interrupted,
             interrupted=interrupted, model="m", platform=platform)


def turn(ctx: FakeCtx, session: str, who: dict[str, str], message: str, answer: str = "ok", *,
         close: bool = True) -> Any:
    """One Hermes turn's hooks, in Hermes' order (no tools); with `close=False` the turn stays open for tools."""
    tid, out = begin(ctx, session, who, message)
    if close:
        end(ctx, session, tid, message, answer, platform=who["platform"])
    return out


def remember(ctx: FakeCtx, plugin: HermesPlugin, runtime: _runtime.Runtime, session: str, who: dict[str, str],
             content: str, scope: str) -> dict[str, Any]:
    """A whole turn whose only tool call is a memory_retain, ended and delivered; the tool's answer."""
    tid, _ = begin(ctx, session, who, "Please remember this.")
    out = ctx.tool("memory_retain", {"content": content, "scope": scope}, session_id=session)
    end(ctx, session, tid, "Please remember this.", "Saved.", platform=who["platform"])
    settle(plugin, runtime)
    return out


def drain(runtime: _runtime.Runtime) -> None:
    """Wait until the background loop has nothing else scheduled (prefetches done)."""

    async def idle() -> None:
        for _ in range(200):
            if len(asyncio.all_tasks()) <= 1:
                return
            await asyncio.sleep(0.01)

    runtime.run(idle(), 5)


# ------------------------------------------------------------------------------------------- registration


def test_register_offers_four_tools_in_one_toolset_and_every_hook(make: Callable[..., Any]) -> None:
    _, ctx = make()
    assert set(ctx.tools) == {"memory_search", "memory_retain", "memory_reflect", "memory_status"}
    assert {t["toolset"] for t in ctx.tools.values()} == {"wetopi_memory"}
    assert {"pre_llm_call", "post_tool_call", "post_llm_call", "on_session_start", "on_session_end",
            "on_session_finalize", "on_session_reset", "subagent_start", "subagent_stop"} <= set(ctx.hooks)
    callables = [t["handler"] for t in ctx.tools.values()] + [cb for cbs in ctx.hooks.values() for cb in cbs]
    for fn in callables:  # Hermes never awaits: plain functions taking **kwargs
        assert not inspect.iscoroutinefunction(fn)
        assert any(p.kind is p.VAR_KEYWORD for p in inspect.signature(fn).parameters.values())
    assert all(t["check_fn"]() for t in ctx.tools.values())


def test_only_the_exposed_tools_are_registered(make: Callable[..., Any]) -> None:
    _, ctx = make("tools: {expose: [memory_search, memory_status]}\n")
    assert set(ctx.tools) == {"memory_search", "memory_status"}
    _, ctx = make("tools: {enabled: false}\n")
    assert ctx.tools == {}


def test_schemas_address_memory_by_scope_only() -> None:
    schemas = tool_schemas(["personal", "business", "platform"])
    for name, schema in schemas.items():
        params = schema["parameters"]
        assert schema["name"] == name and params["type"] == "object"
        assert params["additionalProperties"] is False
        assert "bank" not in json.dumps(params).lower()
        addressing = {k for k in params["properties"] if "scope" in k}
        assert addressing <= {"scope", "scopes"}
    assert schemas["memory_retain"]["parameters"]["properties"]["scope"]["enum"] == ["personal", "business",
                                                                                      "platform"]
    assert schemas["memory_search"]["parameters"]["properties"]["scopes"]["items"]["enum"] == [
        "personal", "business", "platform"]


def test_register_does_no_network_io(tmp_path: Path, runtime: _runtime.Runtime) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    try:
        loaded = write_config(tmp_path, backend=f'backend: {{type: hindsight, url: "http://127.0.0.1:{port}"}}')
        plugin = build_plugin({}, config=loaded, runtime=runtime)
        plugin.register_with(FakeCtx())
        time.sleep(0.1)
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody connected
    finally:
        listener.close()


def test_register_reads_the_plugin_directory_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "hermes"
    plugin_dir = home / "plugins" / "wetopi-memory"
    plugin_dir.mkdir(parents=True)
    (plugin_dir / "config.yaml").write_text("stores: {platform: {bank: wetopi-platform}}\n"
                                            "tools: {expose: [memory_status]}\n"
                                            f"backend: {{type: local, path: {tmp_path / 'm.db'}}}\n")
    for key in ("WETOPI_MEMORY_CONFIG", "WETOPI_MEMORY_IDENTITIES", "HINDSIGHT_API_URL"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(home))
    ctx = FakeCtx()
    hermes.register(ctx)
    try:
        assert set(ctx.tools) == {"memory_status"}
        active = hermes.active_plugin()
        assert active is not None and active.plane.config_source == str(plugin_dir / "config.yaml")
        assert active.plane.scopes == ["platform"]
    finally:
        _runtime.shutdown()


def test_a_bad_config_fails_registration_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "config.yaml"
    bad.write_text("stores: {platform: {bank: wetopi-platform, recal: {}}}\n")
    monkeypatch.setenv("WETOPI_MEMORY_CONFIG", str(bad))
    with pytest.raises(ConfigError, match="recal"):
        hermes.register(FakeCtx())


def test_native_hindsight_provider_gives_one_loud_warning(make: Callable[..., Any], monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    fake = types.ModuleType("hermes_cli.config")
    fake.load_config = lambda: {"memory": {"provider": "hindsight"}}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hermes_cli", types.ModuleType("hermes_cli"))
    monkeypatch.setitem(sys.modules, "hermes_cli.config", fake)
    monkeypatch.setattr(registration, "_warned_native_provider", False)
    config = tmp_path / "c.yaml"
    config.write_text(f"stores: {{platform: {{bank: wetopi-platform}}}}\nbackend: {{type: local, path: "
                      f"{tmp_path / 'x.db'}}}\n")
    monkeypatch.setenv("WETOPI_MEMORY_CONFIG", str(config))
    try:
        with caplog.at_level(logging.WARNING, logger="wetopi_memory.hermes"):
            hermes.register(FakeCtx())
            hermes.register(FakeCtx())
    finally:
        _runtime.shutdown()
    loud = [r for r in caplog.records if "memory.provider: hindsight" in r.getMessage()]
    assert len(loud) == 1 and "forbidden" in loud[0].getMessage()
    assert hermes.native_hindsight_provider_active()
    fake.load_config = lambda: {"memory": {"provider": "honcho"}}  # type: ignore[attr-defined]
    assert not hermes.native_hindsight_provider_active()


# ------------------------------------------------------------------------------------------- tools


def test_a_bank_id_argument_is_refused_and_touches_nothing(make: Callable[..., Any],
                                                           runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    calls = spy_recalls(plugin)
    turn(ctx, "s1", ALICE, "hello", close=False)
    drain(runtime)
    calls.clear()  # the session-start prefetch of the first turn is not the tools' doing
    for args in ({"query": "rke2", "bank_id": "wetopi-platform"},
                 {"query": "rke2", "scopes": ["platform"], "bank": "wetopi-platform"},
                 {"query": "rke2", "scopes": ["wetopi-platform"]},
                 {"query": "rke2", "scopes": ["user-u_bob"]}):
        out = ctx.tool("memory_search", args, session_id="s1")
        assert out["error"]["code"] == "bank_id_not_accepted", (args, out)
    out = ctx.tool("memory_retain", {"content": FACT, "scope": "platform", "bank_id": "x"}, session_id="s1")
    assert out["error"]["code"] == "bank_id_not_accepted"
    assert calls == []


@pytest.mark.parametrize(("args", "code"), [
    ({"query": "x", "verbose": True}, "unknown_argument"),
    ({"query": "x", "user_id": "u_bob"}, "unknown_argument"),
    ({}, "missing_argument"),
    ({"query": ""}, "invalid_arguments"),
    ({"query": 7}, "invalid_arguments"),
    ({"query": "x", "scopes": "platform"}, "invalid_arguments"),
    ({"query": "x", "scopes": []}, "invalid_arguments"),
    ({"query": "x", "budget": "huge"}, "invalid_arguments"),
    ({"query": "x", "limit": 0}, "invalid_arguments"),
    ({"query": "x", "limit": True}, "invalid_arguments"),
    ({"query": "x", "scopes": ["crm"]}, "unknown_scope"),
    (["query"], "invalid_arguments"),
    ("{not json", "invalid_arguments"),
])
def test_malformed_search_arguments_get_a_clear_json_error(make: Callable[..., Any], args: Any, code: str) -> None:
    _, ctx = make()
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_search", args, session_id="s1")
    assert set(out) == {"error"} and out["error"]["code"] == code and out["error"]["message"]


def test_retain_arguments_are_checked(make: Callable[..., Any]) -> None:
    _, ctx = make()
    turn(ctx, "s1", ALICE, "hello", close=False)
    assert ctx.tool("memory_retain", {"content": FACT}, session_id="s1")["error"]["code"] == "missing_argument"
    assert ctx.tool("memory_retain", {"content": FACT, "scope": "platform", "confidence": 2},
                    session_id="s1")["error"]["code"] == "invalid_arguments"
    assert ctx.tool("memory_retain", {"content": FACT, "scope": ["platform"]},
                    session_id="s1")["error"]["code"] == "invalid_arguments"
    assert ctx.tool("memory_status", {"scope": "platform"}, session_id="s1")["error"]["code"] == "unknown_argument"


def test_tool_results_carry_the_scope_never_the_bank(make: Callable[..., Any], runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    stored = remember(ctx, plugin, runtime, "s1", ALICE, FACT, "platform")
    assert "error" not in stored, stored
    assert stored["scope"] == "platform" and "bank" not in stored
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_search", {"query": "Which CNI do the RKE2 Kubernetes clusters use?",
                                     "scopes": ["platform"]}, session_id="s1")
    assert out["scopes"] == ["platform"]
    assert [r["scope"] for r in out["results"]] == ["platform"] and out["results"][0]["content"] == FACT
    assert "wetopi-platform" not in json.dumps(out) and "bank" not in json.dumps(out)


def hermes_flags_as_failed(result: str) -> bool:
    """Hermes 0.19.0's fallback failure classifier (agent/tool_guardrails.py, agent/display.py)."""
    lower = result[:500].lower()
    return '"error"' in lower or '"failed"' in lower or result.startswith("Error")


def test_successful_tool_results_are_not_mistaken_for_failures_by_hermes(make: Callable[..., Any]) -> None:
    _, ctx = make()
    tid, _ = begin(ctx, "s1", ALICE, "Our RKE2 Kubernetes clusters need a CNI review.")
    handlers = {name: tool["handler"] for name, tool in ctx.tools.items()}
    stored = handlers["memory_retain"]({"content": FACT, "scope": "platform"}, session_id="s1", turn_id=tid)
    found = handlers["memory_search"]({"query": "Kubernetes CNI"}, session_id="s1", turn_id=tid)
    status = handlers["memory_status"]({}, session_id="s1", turn_id=tid)
    for result in (stored, found, status):
        assert not hermes_flags_as_failed(result), result
    refused = handlers["memory_search"]({"query": "x", "bank_id": "b"}, session_id="s1")
    assert hermes_flags_as_failed(refused)


def test_a_speaker_never_reaches_another_persons_memory(make: Callable[..., Any], runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    secret_pref = "Alice prefers OpenSearch dashboards with dark mode for every log search."
    assert "error" not in remember(ctx, plugin, runtime, "alice-chat", ALICE, secret_pref, "personal")
    turn(ctx, "alice-chat", ALICE, "hello", close=False)
    turn(ctx, "bob-chat", BOB, "hello", close=False)
    found = ctx.tool("memory_search", {"query": "OpenSearch dashboards dark mode", "scopes": ["personal"]},
                     session_id="alice-chat")
    assert [r["content"] for r in found["results"]] == [secret_pref]
    bob = ctx.tool("memory_search", {"query": "OpenSearch dashboards dark mode", "scopes": ["personal"]},
                   session_id="bob-chat")
    assert bob["results"] == []
    assert ctx.tool("memory_search", {"query": "OpenSearch", "scopes": ["business"]},
                    session_id="bob-chat")["error"]["code"] == "scope_not_allowed"
    assert ctx.tool("memory_search", {"query": "OpenSearch", "scopes": ["user-u_alice"]},
                    session_id="bob-chat")["error"]["code"] == "bank_id_not_accepted"
    bob_block = turn(ctx, "bob-chat", BOB, "search our memory for OpenSearch dashboards dark mode")
    assert bob_block is None or "dark mode" not in bob_block["context"]


def test_no_sender_is_an_unknown_caller_with_no_personal_scope(make: Callable[..., Any]) -> None:
    _, ctx = make()
    turn(ctx, "cli-1", {"platform": "cli", "sender_id": ""}, "hello", close=False)
    out = ctx.tool("memory_retain", {"content": "I like tea.", "scope": "personal"}, session_id="cli-1")
    assert out["error"]["code"] in ("scope_not_allowed", "identity_required")
    # a tool call from a session the plugin never saw is an unknown caller too
    out = ctx.tool("memory_retain", {"content": "I like tea.", "scope": "personal"}, session_id="never-seen")
    assert out["error"]["code"] in ("scope_not_allowed", "identity_required")
    status = ctx.tool("memory_status", {}, session_id="cli-1")
    assert status["identity"] == {"known": False} and status["scopes"] == []


def test_each_turn_of_a_shared_session_acts_as_its_own_speaker(make: Callable[..., Any]) -> None:
    _, ctx = make()
    alice_turn, _ = begin(ctx, "group", ALICE)
    bob_turn, _ = begin(ctx, "group", BOB)  # Bob speaks while Alice's turn is still running
    business = {"query": "x", "scopes": ["business"]}
    assert "error" not in ctx.tool("memory_search", business, session_id="group", turn_id=alice_turn)
    assert ctx.tool("memory_search", business, session_id="group",
                    turn_id=bob_turn)["error"]["code"] == "scope_not_allowed"


def test_status_shows_health_and_the_callers_scopes_without_secrets(make: Callable[..., Any]) -> None:
    _, ctx = make()
    turn(ctx, "s1", BOB, "hello", close=False)
    status = ctx.tool("memory_status", {}, session_id="s1")
    assert status["healthy"] is True
    assert status["backends"]["local"]["ok"] is True and status["backends"]["local"]["latency_ms"] is not None
    assert [s["scope"] for s in status["scopes"]] == ["personal", "platform"]
    assert status["identity"] == {"known": True}
    assert status["queue_depth"] == 0 and status["last_recall"] is not None
    text = json.dumps(status)
    assert "user-u_bob" not in text and "wetopi-platform" not in text and "api_key" not in text


def test_status_of_a_hindsight_backend_never_shows_its_key(make: Callable[..., Any]) -> None:
    _, ctx = make(backend='backend: {type: hindsight, url: "http://127.0.0.1:9", api_key: sk-very-secret-1234}')
    turn(ctx, "s1", BOB, "hello", close=False)
    status = ctx.tool("memory_status", {}, session_id="s1")
    assert status["healthy"] is False
    assert "sk-very-secret" not in json.dumps(status)


def test_a_down_backend_queues_an_explicit_retain_durably(make: Callable[..., Any]) -> None:
    plugin, ctx = make()

    async def down(*_: Any, **__: Any) -> Any:
        raise BackendUnavailableError("connection refused")

    plugin.plane.acl.registry.backends["local"].retain = down
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_retain", {"content": FACT, "scope": "platform"}, session_id="s1")
    assert out["stored"] is False and out["status"] == "queued", out
    status = ctx.tool("memory_status", {}, session_id="s1")
    assert status["queue_depth"] == 1 and status["queue"]["depth"] == 1


def test_a_down_backend_gives_a_search_error_not_an_exception(make: Callable[..., Any]) -> None:
    plugin, ctx = make()

    async def down(*_: Any, **__: Any) -> Any:
        raise BackendUnavailableError("connection refused")

    plugin.plane.acl.registry.backends["local"].recall = down
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_search", {"query": "CNI", "scopes": ["platform"]}, session_id="s1")
    assert out["error"]["code"] == "backend_unavailable"


# ------------------------------------------------------------------------------------------- hooks


def test_prefetched_context_is_injected_without_io(make: Callable[..., Any], runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    assert "error" not in remember(ctx, plugin, runtime, "s1", ALICE, FACT, "platform")
    turn(ctx, "s1", ALICE, "Our RKE2 Kubernetes clusters need a new CNI review.", "Sure.")
    drain(runtime)  # the prefetch started by post_llm_call
    recalls = spy_recalls(plugin)
    out = ctx.hook("pre_llm_call", session_id="s1", task_id="t", turn_id="s1:t:2",
                   user_message="Which CNI do the RKE2 Kubernetes clusters use?", conversation_history=[],
                   is_first_turn=False, model="m", **ALICE)
    assert recalls == [], "pre_llm_call went to the backend although the prefetch was warm"
    block = out["context"]
    assert block.startswith("[Wetopi Memory Plane]")
    assert '<scope name="platform">' in block and FACT in block
    assert "wetopi-platform" not in block
    assert plugin.session("s1").last_recall["outcome"] == "cache_hit"  # type: ignore[union-attr]


def test_an_explicit_memory_request_recalls_synchronously(make: Callable[..., Any],
                                                          runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    assert "error" not in remember(ctx, plugin, runtime, "s1", ALICE, FACT, "platform")
    out = ctx.hook("pre_llm_call", session_id="s2", task_id="t", turn_id="s2:t:1",
                   user_message="What did we decide about the Kubernetes CNI on RKE2?", conversation_history=[],
                   is_first_turn=True, model="m", **ALICE)
    assert out is not None and FACT in out["context"] and '<scope name="platform">' in out["context"]


def test_a_hanging_backend_costs_a_turn_at_most_the_sync_timeout(make: Callable[..., Any]) -> None:
    plugin, ctx = make("recall: {synchronous: {timeout_seconds: 0.2}}\n")

    async def hang(*_: Any, **__: Any) -> Any:
        await asyncio.sleep(30)

    plugin.plane.acl.registry.backends["local"].recall = hang
    started = time.perf_counter()
    out = ctx.hook("pre_llm_call", session_id="s1", task_id="t", turn_id="s1:t:1",
                   user_message="What did we decide about the Kubernetes CNI on RKE2?", conversation_history=[],
                   is_first_turn=True, model="m", **ALICE)
    assert time.perf_counter() - started < 0.2 + hermes.SYNC_GUARD_SECONDS + 0.2
    assert out is None
    assert plugin.session("s1").last_recall["outcome"] in ("sync_timeout", "sync_error")  # type: ignore[union-attr]


def test_hooks_never_raise_and_log_no_content(make: Callable[..., Any], caplog: pytest.LogCaptureFixture) -> None:
    plugin, ctx = make()

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("Alice's password is hunter2")

    plugin.recall.cached_context = broken  # type: ignore[method-assign]
    plugin.recall.prefetch = broken  # type: ignore[method-assign]
    plugin.plane.identify = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.DEBUG):
        for name in ("on_session_start", "pre_llm_call", "post_tool_call", "post_llm_call", "on_session_end",
                     "on_session_finalize", "on_session_reset", "subagent_start", "subagent_stop"):
            ctx.hook(name, session_id="s1", platform="telegram", sender_id="1001", user_message="hunter2",
                     assistant_response="hunter2", turn_id="s1:t:1", tool_name="x", result="hunter2",
                     child_session_id="c1", parent_session_id="s1")
        out = ctx.tool("memory_search", {"query": "hunter2"}, session_id="s1")
    assert out["error"]["code"] == "internal_error"
    assert plugin.stats.errors["pre_llm_call"] >= 1
    assert "hunter2" not in caplog.text


def test_hooks_accept_unknown_kwargs_and_missing_ones(make: Callable[..., Any]) -> None:
    plugin, ctx = make()
    for name in ctx.hooks:
        ctx.hook(name)
        ctx.hook(name, some_future_kwarg=1, session_id=None, platform=None)
    assert sum(plugin.stats.errors.values()) == 0


def test_session_finalize_drops_the_session_and_its_prefetch(make: Callable[..., Any],
                                                           runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    remember(ctx, plugin, runtime, "s1", ALICE, FACT, "platform")
    turn(ctx, "s1", ALICE, "Our RKE2 Kubernetes clusters need a CNI review.")
    drain(runtime)
    identity = plugin.plane.identify(ALICE["platform"], ALICE["sender_id"])
    assert "platform" in plugin.recall.cached_scopes("s1", identity)
    ctx.hook("on_session_end", session_id="s1", completed=True, interrupted=False, platform="telegram")
    assert plugin.session("s1") is not None  # on_session_end fires every turn: nothing is dropped there
    ctx.hook("on_session_finalize", session_id="s1", platform="telegram", reason="shutdown")
    assert plugin.session("s1") is None
    assert plugin.recall.cached_scopes("s1", identity) == ()
    turn(ctx, "s2", ALICE, "hello", close=False)
    ctx.hook("on_session_reset", session_id="s3", old_session_id="s2", platform="telegram", reason="new_session")
    assert plugin.session("s2") is None


def test_cron_and_subagent_sessions_never_write_automatically(make: Callable[..., Any]) -> None:
    plugin, ctx = make(environ={})
    turn(ctx, "cron_job1_20260101_000000", {"platform": "cron", "sender_id": ""}, "hello")
    assert plugin.session("cron_job1_20260101_000000").automatic_writes is False  # type: ignore[union-attr]
    parent_turn, _ = begin(ctx, "parent", ALICE)
    assert plugin.session("parent").automatic_writes is True  # type: ignore[union-attr]
    ctx.hook("subagent_start", parent_session_id="parent", parent_turn_id=parent_turn, child_session_id="child",
             child_role="worker", child_goal="g")
    child_turn, _ = begin(ctx, "child", {"platform": "subagent", "sender_id": ""})
    child = plugin.session("child")
    assert child is not None and child.automatic_writes is False
    assert plugin.sessions.speaker("child", child_turn).identity == plugin.sessions.speaker("parent",
                                                                                          parent_turn).identity
    ctx.hook("subagent_stop", parent_session_id="parent", child_session_id="child", child_status="ok")
    assert plugin.session("child") is None
    cron_env, cron_ctx = make(environ={"HERMES_CRON_SESSION": "1"})
    turn(cron_ctx, "s9", ALICE, "hello")
    assert cron_env.session("s9").automatic_writes is False  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------- automatic retain


def settle(plugin: HermesPlugin, runtime: _runtime.Runtime) -> None:
    """Wait until every handed-off turn is queued and delivered."""

    async def main() -> None:
        await plugin._settle_retains(5)
        coordinator = plugin.retain_coordinator()
        assert coordinator is not None
        assert await coordinator.flush(5)

    runtime.run(main(), 10)


def bank_contents(plugin: HermesPlugin, bank: str) -> list[str]:
    import sqlite3

    path = plugin.config.backend.path
    assert path is not None
    with sqlite3.connect(path) as conn:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memories'").fetchone() is None:
            return []  # nothing ever opened the local store: nothing stored
        return [r[0] for r in conn.execute("SELECT m.content FROM memories m JOIN banks b ON b.key = m.bank_key "
                                           "WHERE b.bank_id = ?", (bank,))]


DECISION = "Decision: Wetopi's Kubernetes platform uses Cilium as the CNI on every RKE2 cluster."


def test_a_durable_turn_is_retained_once_per_scope_without_waiting(make: Callable[..., Any],
                                                                   runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    sent = spy_retains(plugin)
    started = time.perf_counter()
    turn(ctx, "s1", ALICE, DECISION, "Noted.")
    assert time.perf_counter() - started < 0.5
    settle(plugin, runtime)
    assert sent == [("wetopi-platform", 1)]
    assert any("Cilium" in text for text in bank_contents(plugin, "wetopi-platform"))
    last = plugin.session("s1").last_retain  # type: ignore[union-attr]
    assert last is not None and last["queued_scopes"] == ["platform"]
    assert json.loads(ctx.tools["memory_status"]["handler"]({}, session_id="s1"))["queue_depth"] == 0


def test_scheduled_and_delegated_turns_are_never_retained(make: Callable[..., Any],
                                                           runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    turn(ctx, "cron_nightly_20260101_000000", {"platform": "cron", "sender_id": ""}, DECISION)
    turn(ctx, "parent", ALICE, "hello")
    ctx.hook("subagent_start", parent_session_id="parent", child_session_id="child", child_role="r")
    turn(ctx, "child", {"platform": "subagent", "sender_id": ""}, DECISION)
    settle(plugin, runtime)
    assert bank_contents(plugin, "wetopi-platform") == []
    cron_plugin, cron_ctx = make(environ={"HERMES_CRON_SESSION": "1"})
    turn(cron_ctx, "job", ALICE, DECISION)
    settle(cron_plugin, runtime)
    assert bank_contents(cron_plugin, "wetopi-platform") == []


def test_a_secret_never_reaches_the_backend_or_the_outbox(make: Callable[..., Any], runtime: _runtime.Runtime,
                                                          tmp_path: Path) -> None:
    plugin, ctx = make()
    secret = "ghp_R8x2Lq9Vt4Zk7Wm3Pn6Yc1Hd5Jf0Sa2Ub4Ke"
    turn(ctx, "s1", ALICE, f"{DECISION} The Argo CD admin token is {secret}.")
    turn(ctx, "s1", ALICE, "Decision: Longhorn is the default storage class on every RKE2 Kubernetes cluster.")
    settle(plugin, runtime)
    stored = bank_contents(plugin, "wetopi-platform")
    assert any("Longhorn" in text for text in stored)
    assert not any(secret[:12] in text for text in stored)
    disk = b"".join(p.read_bytes() for p in (tmp_path / "state").rglob("*") if p.is_file())
    assert disk and secret[:12].encode() not in disk


def test_a_multimodal_message_is_recalled_by_its_text_parts(make: Callable[..., Any],
                                                             runtime: _runtime.Runtime) -> None:
    plugin, ctx = make()
    assert "error" not in remember(ctx, plugin, runtime, "s1", ALICE, FACT, "platform")
    message = [{"type": "text", "text": "What did we decide about the Kubernetes CNI on RKE2?"},
               {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]
    out = ctx.hook("pre_llm_call", session_id="s2", turn_id="s2:t:1", user_message=message, **ALICE)
    assert out is not None and FACT in out["context"]
