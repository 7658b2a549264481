"""Metrics of §31: names, allowed labels only, and never a byte of user text in any label — scraped over HTTP."""

from __future__ import annotations

import asyncio
import re
import uuid
from pathlib import Path

import httpx

from wetopi_memory import MemoryPlane
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.resilience import ResiliencePolicy, ResilientBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.metrics import Metrics, label
from wetopi_memory.recall import RecallCoordinator
from wetopi_memory.retain import Outbox

from ..support.texts import standard_config

REQUIRED = {
    "wetopi_memory_recall_total", "wetopi_memory_recall_duration_seconds", "wetopi_memory_recall_results",
    "wetopi_memory_recall_tokens", "wetopi_memory_cache_hits_total", "wetopi_memory_sync_recall_total",
    "wetopi_memory_retain_total", "wetopi_memory_retain_rejected_total", "wetopi_memory_retain_batches_total",
    "wetopi_memory_queue_depth", "wetopi_memory_backpressure_drops_total", "wetopi_memory_route_total",
    "wetopi_memory_route_scope_total", "wetopi_memory_route_hits_total", "wetopi_memory_route_misses_total",
    "wetopi_memory_manual_search_after_miss_total", "wetopi_memory_backend_errors_total",
}
ALLOWED_LABELS = {"agent", "scope", "operation", "status", "le"}
SAMPLE = re.compile(r"^(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?P<labels>[^}]*)\})? ")
IDENTITIES = "users:\n  u_ana: {allowed_scopes: [personal, business, platform], accounts: ['telegram:7']}\n"


def test_label_values_come_from_a_closed_vocabulary() -> None:
    assert label("ok") == "ok" and label("high_confidence_cache_miss") == "high_confidence_cache_miss"
    for text in ("My password is hunter2", "user-u_ana\nx", "a" * 80, "Ünïcode", "{x}", ""):
        assert label(text) == "other"
    metrics = Metrics(scopes=["platform"])
    assert metrics.scope("platform") == "platform" and metrics.scope("user-u_ana") == "other"


def test_a_full_scenario_exposes_every_metric_without_user_text(tmp_path: Path) -> None:
    canaries = [f"canary{uuid.uuid4().hex[:10]}" for _ in range(4)]
    config = standard_config()
    (tmp_path / "ids.yaml").write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(tmp_path / "ids.yaml", known_scopes=config.stores)
    fake = FakeHindsight("1.1.0")
    backend = ResilientBackend(HindsightBackend("http://hindsight.test:8888", transport=fake.transport),
                               ResiliencePolicy(retry_attempts=1))
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend}, agent="wetopi-lead",
                        outbox=Outbox(tmp_path / "outbox.db"))
    ana = plane.identify("telegram", "7")
    recall = RecallCoordinator.from_plane(plane)
    retain = plane.retention

    async def scenario() -> None:
        await retain.start()
        retain.submit_turn(ana, session_id="s1", turn_id="t1",
                           user_message=f"The root cause of the 502 on ingress {canaries[0]} was the nginx "
                                        "keepalive timeout; we verified the fix with kubectl.",
                           assistant_response=f"Confirmed: raising keepalive fixed the ingress 502 {canaries[1]}.")
        retain.submit_turn(ana, session_id="s1", turn_id="t2",
                           user_message=f"We decided the kubernetes ingress api_key: {canaries[2]}Zx9Qw7kPm2",
                           assistant_response="ok")
        await retain.flush(5)
        await recall.prefetch("s1", ana, f"kubernetes ingress nginx {canaries[3]}")
        recall.cached_context("s1", ana, f"what about the ingress on kubernetes {canaries[3]}?")
        recall.cached_context("s1", ana, "hola")
        recall.note_manual_search("s1")
        await recall.sync_recall("s1", ana, f"¿qué habíamos decidido sobre el ingress {canaries[3]}?")
        await plane.search(ana, f"what did we decide about ingress {canaries[0]}?")
        fake.fail_next(500, times=3)
        await plane.search(ana, "ingress", ["platform"])
        await retain.stop()

    asyncio.run(scenario())
    server, _thread = plane.metrics.serve(0)
    try:
        body = httpx.get(f"http://127.0.0.1:{server.server_port}/metrics", timeout=10, trust_env=False).text
    finally:
        server.shutdown()
    declared = {line.split()[2] for line in body.splitlines() if line.startswith("# TYPE ")}
    assert declared >= REQUIRED, sorted(REQUIRED - declared)
    names = set()
    for line in body.splitlines():
        if not line or line.startswith("#"):
            continue
        match = SAMPLE.match(line)
        assert match, line
        names.add(re.sub(r"_(bucket|count|sum|created)$", "", match["name"]))
        for pair in filter(None, (match["labels"] or "").split(",")):
            key, _, value = pair.partition("=")
            assert key in ALLOWED_LABELS, line
            assert re.fullmatch(r'"[a-z0-9_.:+-]*"', value) or key == "le", line
    assert REQUIRED - {"wetopi_memory_backpressure_drops_total"} <= names, sorted(REQUIRED - names)
    for canary in canaries:
        assert canary not in body
    assert 'wetopi_memory_route_misses_total{agent="wetopi-lead"} 1.0' in body
    assert re.search(r'wetopi_memory_backend_errors_total\{agent="wetopi-lead",operation="recall",'
                     r'status="backendunavailableerror"\} [1-9]', body)
    assert re.search(r'wetopi_memory_retain_rejected_total\{[^}]*status="secret_detected"\} [1-9]', body)


def test_the_plugin_serves_metrics_on_the_configured_loopback_port(tmp_path: Path) -> None:
    import socket

    from wetopi_memory import hermes
    from wetopi_memory.config import LoadedConfig
    from wetopi_memory.hermes import registration

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = parse_config(f"stores:\n  platform: {{bank: p}}\nobservability:\n  metrics_port: {port}\n", "c", {})
    plugin = hermes.build_plugin({"WETOPI_MEMORY_STATE_DIR": str(tmp_path)}, config=LoadedConfig(config, "test"))
    try:
        registration._serve_metrics(plugin)
        body = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10, trust_env=False).text
        assert "# TYPE wetopi_memory_recall_total counter" in body
    finally:
        server = registration._metrics_servers.pop(port, None)
        if server is not None:
            server[0].shutdown()
        plugin.runtime.shutdown()


def test_each_process_writes_its_own_pid_labelled_textfile_with_the_configured_mode(tmp_path: Path) -> None:
    import os
    import stat

    from wetopi_memory.metrics import process_textfile, published_textfiles

    metrics = Metrics("hermes-default", textfile_mode=0o640)
    metrics.route_misses.labels(metrics.agent).inc()
    path = metrics.textfile(tmp_path)
    assert path == tmp_path / f"metrics-hermes-default-{os.getpid()}.prom"
    metrics.write_textfile(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    body = path.read_text()
    assert f'wetopi_memory_route_misses_total{{agent="hermes-default",pid="{os.getpid()}"}} 1.0' in body
    assert 'pid="' not in metrics.render().decode()  # the HTTP endpoint is one process already
    other = process_textfile(tmp_path, "hermes-default", pid=os.getppid())
    other.write_text("# another live process\n")
    assert set(published_textfiles(tmp_path)) == {path, other}
    assert Metrics().textfile_mode == 0o644


def test_a_dead_processes_quiet_textfile_is_removed_by_the_next_writer(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from wetopi_memory.metrics import TEXTFILE_STALE_SECONDS, process_textfile, published_textfiles

    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(child.stdout)
    stale, fresh = process_textfile(tmp_path, "a", pid=dead), process_textfile(tmp_path, "b", pid=dead)
    for file in (stale, fresh):
        file.write_text("# old\n")
    old = stale.stat().st_mtime - TEXTFILE_STALE_SECONDS - 5
    os.utime(stale, (old, old))  # fresh: maybe a live process of another pid namespace, kept
    unrelated = tmp_path / "metrics-notes.txt"
    unrelated.write_text("x")
    assert stale not in published_textfiles(tmp_path) and fresh in published_textfiles(tmp_path)
    metrics = Metrics("c")
    metrics.write_textfile(metrics.textfile(tmp_path))
    assert not stale.exists() and fresh.exists() and unrelated.exists()
    assert metrics.textfile(tmp_path).exists()


def test_observability_bind_and_textfile_mode_are_validated_with_their_location() -> None:
    import pytest

    from wetopi_memory.config.models import ObservabilitySettings
    from wetopi_memory.errors import ConfigError

    def observability(text: str) -> ObservabilitySettings:
        return parse_config(f"stores:\n  platform: {{bank: p}}\nobservability: {text}\n", "c.yaml", {}).observability

    default = parse_config("stores:\n  platform: {bank: p}\n", "c.yaml", {}).observability
    assert (default.metrics_bind, default.metrics_textfile_mode) == ("127.0.0.1", 0o644)
    settings = observability("{metrics_bind: 0.0.0.0, metrics_textfile_mode: 0640}")
    assert (settings.metrics_bind, settings.metrics_textfile_mode) == ("0.0.0.0", 0o640)
    assert observability("{metrics_textfile_mode: '0600'}").metrics_textfile_mode == 0o600
    for bad, message in (("{metrics_bind: 'localhost:9'}", "not an IP address"),
                         ("{metrics_textfile_mode: 644}", "0000-0777"),
                         ("{metrics_textfile_mode: 0666}", "world-write"),
                         ("{metrics_textfile_mode: rw}", "octal")):
        with pytest.raises(ConfigError, match=rf"c\.yaml:3 observability\.metrics_\w+: .*{message}"):
            observability(bad)


def test_the_plugin_serves_metrics_on_the_configured_bind_address(tmp_path: Path) -> None:
    import socket

    from wetopi_memory import hermes
    from wetopi_memory.config import LoadedConfig
    from wetopi_memory.hermes import registration

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = parse_config(f"stores:\n  platform: {{bank: p}}\nobservability:\n  metrics_port: {port}\n"
                          "  metrics_bind: 0.0.0.0\n", "c", {})
    plugin = hermes.build_plugin({"WETOPI_MEMORY_STATE_DIR": str(tmp_path)}, config=LoadedConfig(config, "test"))
    try:
        registration._serve_metrics(plugin)
        server = registration._metrics_servers[port][0]
        assert server.server_address[0] == "0.0.0.0"
    finally:
        entry = registration._metrics_servers.pop(port, None)
        if entry is not None:
            entry[0].shutdown()
        plugin.runtime.shutdown()
