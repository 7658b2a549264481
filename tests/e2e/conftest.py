"""End-to-end fixtures: a real Hermes Agent 0.19.0, the stub LLM, and wetopi-memory installed as a plugin.

Every scenario runs its Hermes turns in a process of its own (Hermes' plugin manager is a process-global
singleton) through `run_turns.py` (Recipe B, `AIAgent.run_conversation`), with:

* an isolated ``HERMES_HOME`` holding the directory plugin, installed by ``wetopi-memory plugin install``, its
  ``config.yaml`` and an identities file, and a hermetic Hermes ``config.yaml`` (plugin enabled, no lazy
  installs, no tirith, no environment probe);
* the stub LLM (`stub_llm.py`) scripted per scenario, its request log kept for assertions;
* a memory backend: the embedded local store, or a real Hindsight server (the contract suite's
  ``hindsight_server`` fixture, one version at a time, banks from ``new_bank`` deleted afterwards).

If Hermes cannot be installed or started the tests FAIL with the reason; they never skip.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from wetopi_memory_cli.app import app as cli_app

from tests.contract.conftest import hindsight_server, new_bank  # noqa: F401 - fixtures shared with the contract suite
from tests.e2e.hermes_env import INSTALL_TIMEOUT, HermesUnavailable, ensure_hermes, venv_python
from tests.support.hindsight_server import HindsightServer
from wetopi_memory import MemoryPlane
from wetopi_memory.config import load_config
from wetopi_memory.identity import Identity
from wetopi_memory.models import RetainItem

HERE = Path(__file__).resolve().parent
STUB = HERE / "stub_llm.py"
RUNNER = HERE / "run_turns.py"
SCENARIO_TIMEOUT = 240.0
IDENTITIES = {
    "version": 1,
    "users": {
        "u_alice": {"display_name": "Alice", "allowed_scopes": ["personal", "business", "platform"],
                    "accounts": ["telegram:1001"]},
        "u_bob": {"display_name": "Bob", "allowed_scopes": ["personal", "platform"], "accounts": ["telegram:2002"]},
    },
}
ALICE = {"platform": "telegram", "user_id": "1001", "user_name": "alice", "chat_id": "chat-alice"}
BOB = {"platform": "telegram", "user_id": "2002", "user_name": "bob", "chat_id": "chat-bob"}


_runs: list[tuple[str, dict[str, Any]]] = []  # (test id, timings) of every Hermes process, for the summary


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per Hermes process: where the e2e suite's wall time goes."""
    if not _runs:
        return
    terminalreporter.section("hermes e2e processes")
    for test, t in _runs:
        turns = ", ".join(f"{s:.2f}s (hooks {h * 1000:.0f}ms)" for s, h in t["turns"])
        terminalreporter.write_line(
            f"{test}: process {t['process']:.1f}s = import {t['import']:.1f}s + agents {t['agents']:.1f}s + "
            f"turns [{turns}] + finalize {t['finalize']:.2f}s + shutdown {t['shutdown']:.2f}s")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything here needs a real Hermes: mark it `hermes`, and give a test that may install it the time."""
    first = True
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.hermes)
            if first and not venv_python().exists():  # this test's setup installs Hermes (about a minute)
                item.add_marker(pytest.mark.timeout(INSTALL_TIMEOUT + 300))
            first = False


@pytest.fixture(scope="session")
def hermes_python() -> Path:
    """The Hermes venv's Python, with this checkout installed (created on first use)."""
    failure: str | None = None
    try:
        python = ensure_hermes()
    except HermesUnavailable as exc:
        failure = f"Hermes Agent could not be installed: {exc}"
    if failure is not None:
        pytest.fail(failure, pytrace=False)
    return python


# ---------------------------------------------------------------------------------------------- backends


@dataclass
class Backend:
    """How the plugin reaches memory in one test, and how the test inspects it afterwards."""

    kind: str  # "local" | "hindsight"
    settings: dict[str, Any]
    banks: dict[str, str]  # scope -> bank, plus "personal:<user>" -> bank
    server: HindsightServer | None = None
    store_banks: dict[str, Any] = field(default_factory=dict)

    def store_config(self) -> dict[str, Any]:
        return {
            "personal": {"bank_template": self.banks["personal_template"], "recall": {"budget": "low"},
                         "retain": {"mode": "automatic", "policy": "personal"}},
            "business": {"bank": self.banks["business"], "retain": {"mode": "curated", "policy": "business"}},
            "platform": {"bank": self.banks["platform"], "retain": {"mode": "curated", "policy": "platform"}},
        }


@pytest.fixture
def local_backend(tmp_path: Path) -> Backend:
    return Backend("local", {"type": "local", "path": str(tmp_path / "state" / "memory.db")},
                   {"platform": "wetopi-platform", "business": "wetopi-business",
                    "personal_template": "user-{internal_user_id}", "personal:u_alice": "user-u_alice",
                    "personal:u_bob": "user-u_bob"})


@pytest.fixture
def hindsight_backend(hindsight_server: HindsightServer, new_bank: Callable[..., str]) -> Backend:  # noqa: F811
    base = f"itest-{uuid.uuid4().hex}"
    banks = {"platform": new_bank("-platform", base=base), "business": new_bank("-business", base=base),
             "personal_template": f"{base}-user-{{internal_user_id}}",
             "personal:u_alice": new_bank("-user-u_alice", base=base),
             "personal:u_bob": new_bank("-user-u_bob", base=base)}
    return Backend("hindsight", {"type": "hindsight", "url": hindsight_server.url,
                                 "api_key": hindsight_server.api_key, "timeout_seconds": 10},
                   banks, server=hindsight_server)


def closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------------------------------- the world


@dataclass
class Run:
    """What one scenario process did."""

    result: dict[str, Any]
    requests: list[dict[str, Any]]
    stderr: str
    seconds: float
    spec_turns: list[dict[str, Any]] = field(default_factory=list)

    @property
    def turns(self) -> list[dict[str, Any]]:
        return list(self.result.get("turns") or [])

    def chat_requests(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r.get("method") == "POST" and "chat/completions" in r.get("path", "")]

    def user_texts(self) -> list[str]:
        """The last user message of every chat request the LLM received (injected context included)."""
        out = []
        for request in self.chat_requests():
            messages = request["body"].get("messages") or []
            users = [m for m in messages if m.get("role") == "user"]
            if users:
                content = users[-1].get("content")
                out.append(content if isinstance(content, str) else json.dumps(content))
        return out

    def tool_results(self, turn: int) -> list[tuple[str, dict[str, Any]]]:
        """(tool, parsed JSON result) for every tool the model called in a turn, in order, read from the last
        request the LLM received in that turn (Hermes sends the tool results back to the model)."""
        message = self.spec_turns[turn]["message"]
        session = self.spec_turns[turn]["session_id"]
        mine = [r for r in self.chat_requests()
                if _last_user_text(r).startswith(message) and r.get("session") in (None, session)]
        if not mine:
            return []
        messages = mine[-1]["body"].get("messages") or []
        last_user = max(i for i, m in enumerate(messages) if m.get("role") == "user")
        names: dict[str, str] = {}
        out: list[tuple[str, dict[str, Any]]] = []
        for m in messages[last_user + 1:]:
            for call in m.get("tool_calls") or []:
                names[call.get("id")] = (call.get("function") or {}).get("name", "?")
            if m.get("role") == "tool":
                content = m.get("content")
                text = content if isinstance(content, str) else json.dumps(content)
                # Hermes may append its own notes (loop warnings) after the tool's JSON
                parsed, _ = json.JSONDecoder().raw_decode(text.strip())
                out.append((names.get(m.get("tool_call_id"), "?"), parsed))
        return out

    def backend_calls(self, op: str | None = None) -> list[dict[str, Any]]:
        return [c for c in self.result.get("backend_calls") or [] if op is None or c["op"] == op]


class World:
    """One scenario's Hermes home, plugin config, stub LLM and backend."""

    def __init__(self, root: Path, python: Path, backend: Backend) -> None:
        self.root = root
        self.python = python
        self.backend = backend
        self.home = root / "hermes-home"
        self.state = root / "state"
        self.plugin_dir = self.home / "plugins" / "wetopi-memory"
        self.plugin_config: dict[str, Any] = {
            "version": 1,
            "backend": backend.settings,
            "recall": {"synchronous": {"timeout_seconds": 1.5},
                       # the mock LLM of the test Hindsight keeps facts as `world`; no consolidation runs
                       "automatic": {"types": ["observation", "world"]}},
            "stores": backend.store_config(),
            "identity": {"file": "identities.yaml"},
        }
        self.hermes_extra: dict[str, Any] = {}  # merged into Hermes' own config.yaml
        self.state.mkdir(parents=True, exist_ok=True)
        result = CliRunner().invoke(cli_app, ["plugin", "install", "--hermes-home", str(self.home)])
        assert result.exit_code == 0, result.output
        (self.plugin_dir / "identities.yaml").write_text(yaml.safe_dump(IDENTITIES))

    def configure(self, **sections: Any) -> None:
        """Deep-merge sections into the plugin's config.yaml."""
        _merge(self.plugin_config, sections)

    def _write_configs(self, port: int) -> None:
        (self.plugin_dir / "config.yaml").write_text(yaml.safe_dump(self.plugin_config, sort_keys=False))
        hermes_config: dict[str, Any] = {
            "model": {"provider": "custom", "default": "stub-model", "base_url": f"http://127.0.0.1:{port}/v1",
                      "api_key": "sk-stub"},
            "plugins": {"enabled": ["wetopi-memory"]},
            "security": {"allow_lazy_installs": False, "tirith_enabled": False},
            "agent": {"environment_probe": False},
        }
        _merge(hermes_config, self.hermes_extra)
        (self.home / "config.yaml").write_text(yaml.safe_dump(hermes_config, sort_keys=False))

    def env(self) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TMPDIR", "SSL_CERT_FILE")}
        return {**keep, "HOME": str(self.root), "HERMES_HOME": str(self.home),
                "HERMES_DISABLE_LAZY_INSTALLS": "1", "TIRITH_ENABLED": "false",
                "WETOPI_MEMORY_STATE_DIR": str(self.state), "NO_PROXY": "127.0.0.1,localhost",
                "no_proxy": "127.0.0.1,localhost", "PYTHONDONTWRITEBYTECODE": "1"}

    def run(self, turns: list[dict[str, Any]], rules: list[dict[str, Any]] | None = None, *,
            toolsets: tuple[str, ...] = ("wetopi_memory",), finalize: bool = True, name: str | None = None,
            plugin_source: str = "directory") -> Run:
        """Start the stub LLM with `rules`, run `turns` in a fresh Hermes process, stop the stub."""
        tag = name or uuid.uuid4().hex[:8]
        work = self.root / f"run-{tag}"
        work.mkdir()
        (work / "rules.json").write_text(json.dumps(rules or []))
        log = work / "stub.jsonl"
        stub = subprocess.Popen([str(self.python), str(STUB), "--script", str(work / "rules.json"), "--log",
                                 str(log)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=self.env())
        try:
            assert stub.stdout is not None
            port = int(stub.stdout.readline().strip() or 0)
            assert port, f"the stub LLM did not start: {stub.stderr.read() if stub.stderr else ''}"
            self._write_configs(port)
            spec = {"base_url": f"http://127.0.0.1:{port}/v1", "toolsets": list(toolsets), "turns": turns,
                    "finalize": finalize, "plugin_source": plugin_source}
            (work / "spec.json").write_text(json.dumps(spec))
            started = time.perf_counter()
            try:
                done = subprocess.run([str(self.python), str(RUNNER), str(work / "spec.json"),
                                       str(work / "result.json")], capture_output=True, text=True,
                                      env=self.env(), cwd=str(work), timeout=SCENARIO_TIMEOUT)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the Hermes process did not finish within {SCENARIO_TIMEOUT:.0f}s", pytrace=False)
            seconds = time.perf_counter() - started
        finally:
            stub.terminate()
            stub.wait(10)
        if done.returncode != 0 or not (work / "result.json").exists():
            pytest.fail(f"Hermes could not run (exit {done.returncode}):\n{done.stderr[-4000:]}", pytrace=False)
        result = json.loads((work / "result.json").read_text())
        if result.get("exception"):
            pytest.fail(f"Hermes raised:\n{result['exception']}\n{done.stderr[-3000:]}", pytrace=False)
        if not result.get("plugin_loaded"):
            pytest.fail(f"Hermes did not load wetopi-memory: {result.get('plugin_error')}\n{done.stderr[-3000:]}",
                        pytrace=False)
        expected = {"directory": "user", "entrypoint": "entrypoint"}[plugin_source]
        assert result.get("plugin_source") == expected, f"Hermes loaded the {result.get('plugin_source')} plugin"
        requests = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
        _runs.append((os.environ.get("PYTEST_CURRENT_TEST", tag).split(" ")[0].split("::")[-1], {
            "process": seconds, "import": float(result.get("import_seconds") or 0),
            "agents": sum(result.get("agent_seconds") or []),
            "turns": [(t["seconds"], sum(t["hook_seconds"].values())) for t in result.get("turns") or []],
            "finalize": sum(result.get("finalize_seconds") or []),
            "shutdown": float(result.get("shutdown_seconds") or 0)}))
        return Run(result, requests, done.stderr, seconds, turns)

    # ------------------------------------------------------------------ direct access to memory

    def plane(self) -> MemoryPlane:
        """The same config, opened in the test process (for seeding and checking the backend)."""
        self.plugin_dir.mkdir(parents=True, exist_ok=True)
        (self.plugin_dir / "config.yaml").write_text(yaml.safe_dump(self.plugin_config, sort_keys=False))
        env = {"WETOPI_MEMORY_STATE_DIR": str(self.state), "HERMES_HOME": str(self.home)}
        return MemoryPlane.open(load_config(self.plugin_dir / "config.yaml", env), environ=env, agent="e2e-test")

    def identity(self, user: dict[str, str]) -> Identity:
        plane = self.plane()
        try:
            return plane.identify(user["platform"], user["user_id"])
        finally:
            asyncio.run(plane.aclose())

    def seed(self, user: dict[str, str], scope: str, content: str) -> None:
        """Store one memory straight into the scope's bank (test setup: no Hermes, no retain policies)."""
        plane = self.plane()

        async def main() -> None:
            try:
                binding = plane.acl.check(plane.identify(user["platform"], user["user_id"]), scope, "retain")
                item = RetainItem(content=content, document_id=f"seed-{uuid.uuid4().hex[:12]}",
                                  tags=(f"scope:{scope}",))
                await binding.backend.retain(binding.bank, [item])
            finally:
                await plane.aclose()

        asyncio.run(main())

    def stored_texts(self, bank: str) -> list[str]:
        """Every memory text stored in one bank, read straight from the backend (not through the plugin)."""
        if self.backend.kind == "local":
            import sqlite3

            db = Path(self.backend.settings["path"])
            if not db.exists():
                return []
            with sqlite3.connect(db) as conn:
                rows = conn.execute("SELECT m.content FROM memories AS m JOIN banks AS b ON b.key = m.bank_key "
                                    "WHERE b.bank_id = ?", (bank,)).fetchall()
            return [str(r[0]) for r in rows]
        import httpx

        server = self.backend.server
        assert server is not None
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {server.api_key}"},
                          timeout=30, trust_env=False) as client:
            resp = client.get(f"/v1/default/banks/{bank}/memories/list", params={"limit": 1000})
            if resp.status_code == 404:
                return []
            assert resp.status_code == 200, resp.text
            return [str(item.get("text") or item.get("content") or "") for item in resp.json().get("items", [])]

    def state_bytes(self) -> bytes:
        """Every byte the plugin keeps on local disk (outbox, audit, embedded store)."""
        out = b""
        for path in sorted(self.state.rglob("*")):
            if path.is_file():
                out += path.read_bytes()
        return out


def _last_user_text(request: dict[str, Any]) -> str:
    users = [m for m in request.get("body", {}).get("messages") or [] if m.get("role") == "user"]
    content = users[-1].get("content") if users else ""
    return content if isinstance(content, str) else json.dumps(content)


def _merge(into: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


@pytest.fixture
def make_world(tmp_path: Path, hermes_python: Path) -> Iterator[Callable[[Backend], World]]:
    made: list[World] = []

    def factory(backend: Backend) -> World:
        world = World(tmp_path / f"world{len(made)}", hermes_python, backend)
        made.append(world)
        return world

    yield factory
    for world in made:
        shutil.rmtree(world.root / "hermes-home" / "sessions", ignore_errors=True)
