"""Operation log lines (oplog.py), the audit trail (audit.py), the metrics textfile and `status --metrics`."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from wetopi_memory import ReconcileReport
from wetopi_memory.audit import AuditLog
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import LoadedConfig, ObservabilitySettings, parse_config
from wetopi_memory.errors import AccessDenied, BackendRequestError, BackendUnavailableError
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.oplog import OPS_LOGGER, OpLog, SafeText, format_line, safe_error, safe_value
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.recall import RecallCoordinator

ROOT = Path(__file__).resolve().parents[2]
STRIPE = "sk_live_" + "51HqLyjWDarjtT1zdp7dc4eC39"


# ---------------------------------------------------------------------------------------------- oplog


def test_a_line_looks_like_the_design_example() -> None:
    line = format_line("recall", {"session": "abc123", "agent": "wetopi-lead", "scopes": ["platform", "personal"],
                                  "latency_ms": 142.0, "results": 7, "tokens": 1320, "status": "ok"})
    assert line == ("wetopi-memory recall session=abc123 agent=wetopi-lead scopes=platform,personal "
                    "latency_ms=142 results=7 tokens=1320 status=ok")


@pytest.mark.parametrize("value", ["The secret password is hunter2", "two words", "a\nb", "x" * 200, STRIPE,
                                   {"k": "free text here"}, ["ok", "not ok"]])
def test_values_that_are_not_plain_tokens_are_redacted(value: object) -> None:
    text = safe_value(value)
    assert "hunter2" not in text and "free text" not in text and STRIPE not in text and "\n" not in text
    assert "redacted" in text


def test_safe_error_keeps_class_status_and_backend_wording_only() -> None:
    canary = f"canary-{uuid.uuid4().hex}"
    data = BackendUnavailableError("Hindsight at http://h:1 failed recall (HTTP 500)", status=500, operation="recall")
    assert safe_error(data) == "BackendUnavailableError: Hindsight at http://h:1 failed recall (HTTP 500)"
    config = BackendRequestError(f"Hindsight rejected patch_config for bank 'b' (HTTP 422): {canary}", status=422,
                                 operation="patch_config")
    assert canary not in safe_error(config) and safe_error(config).endswith("(HTTP 422)")
    unknown = ValueError(f"cannot parse: {canary}")
    assert safe_error(unknown) == "ValueError: cannot parse"
    assert canary not in safe_error(KeyError(canary))
    assert safe_error(RuntimeError()) == "RuntimeError"  # never an empty string
    assert "redacted" in safe_error(RuntimeError(f"token {STRIPE} leaked"))
    assert safe_error(AccessDenied("scope_not_allowed", f"no {canary}")) == \
        "AccessDenied: access denied (scope_not_allowed)"


def test_switches_silence_their_lines(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=OPS_LOGGER)
    quiet = OpLog(ObservabilitySettings(log_recall=False, log_retain=True, log_routing=False), agent="a")
    quiet.emit("prefetch", "recall", status="ok")
    quiet.emit("retain_turn", "retain", status="queued", error=SafeText("X: y"))
    assert [r.getMessage() for r in caplog.records] == ['wetopi-memory retain_turn agent=a status=queued error="X: y"']
    assert caplog.records[0].wetopi_fields == {"agent": "a", "status": "queued", "error": '"X: y"'}  # type: ignore[attr-defined]
    assert not quiet.routing()


def test_routing_alone_still_logs_routes(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=OPS_LOGGER)
    config = parse_config("backend: {type: local, path: ':memory:'}\nstores:\n  platform: {bank: wetopi-platform}\n"
                          "observability: {log_recall: false}\n", "c.yaml", {})
    resolver = IdentityResolver(unknown_caller_scopes=("platform",))
    plane = MemoryPlane(config, identities=resolver, backends={"local": LocalBackend(":memory:")})
    recall = RecallCoordinator.from_plane(plane)
    recall.cached_context("s1", plane.identify("cli", "x"), "How is ingress configured on the RKE2 clusters?")
    assert [r.getMessage() for r in caplog.records] == [
        "wetopi-memory route agent=wetopi-memory session=s1 user=unknown route=confident route_scopes=platform"]


# ---------------------------------------------------------------------------------------------- audit


def test_audit_rotates_by_size_and_keeps_n_files(tmp_path: Path) -> None:
    audit = AuditLog(tmp_path / "audit.jsonl", max_bytes=4096, backups=3, agent="t")
    for n in range(400):
        assert audit.record("retain.decision", decision="accept", scope="platform", seq=n)
    files = audit.files()
    assert [p.name for p in files] == ["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2", "audit.jsonl.3"]
    assert all(p.stat().st_size <= 4096 for p in files)
    seqs = [json.loads(line)["seq"] for p in reversed(files) for line in p.read_text().splitlines()]
    assert seqs == sorted(seqs) and seqs[-1] == 399  # newest kept, in order; the oldest dropped
    assert not (tmp_path / "audit.jsonl.4").exists()


def test_audit_never_holds_content(tmp_path: Path) -> None:
    canary = f"canary-{uuid.uuid4().hex}"
    audit = AuditLog(tmp_path / "audit.jsonl", agent="t", scopes=["platform"])
    audit.record("retain.decision", decision="reject", reasons=[f"because {canary}"], note=canary + " said so",
                 scope="platform", error=SafeText("BackendError"))
    audit.acl_denied(AccessDenied("unknown_scope", f"unknown scope '{canary}'", scope=canary),
                     operation="recall", identity=None)
    text = (tmp_path / "audit.jsonl").read_text()
    assert canary not in text
    records = [json.loads(line) for line in text.splitlines()]
    assert records[0]["reasons"] == ["redacted"] and records[1]["scope"] == "unknown"
    assert len(records[1]["scope_sha256"]) == 12


WRITER = textwrap.dedent("""
    import sys
    from wetopi_memory.audit import AuditLog
    audit = AuditLog(sys.argv[1], max_bytes=65536, backups=200, agent=sys.argv[2])
    for n in range(int(sys.argv[3])):
        audit.record("retain.decision", decision="accept", scope="platform", writer=sys.argv[2], seq=n,
                     document_id="wm-" + "0" * 32, reasons=["hypothesis", "transient"])
""")


def test_two_processes_append_valid_jsonl_without_losing_a_line(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    count = 3000
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)])
             for name in ("writer-a", "writer-b")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    seen: dict[str, list[int]] = {"writer-a": [], "writer-b": []}
    files = sorted(tmp_path.glob("audit.jsonl*"))
    assert len([f for f in files if not f.name.endswith(".lock")]) > 2  # it did rotate while both wrote
    for file in files:
        if file.name.endswith(".lock"):
            continue
        for line in file.read_text().splitlines():
            record = json.loads(line)  # every line is one whole JSON object
            seen[record["writer"]].append(record["seq"])
    assert sorted(seen["writer-a"]) == list(range(count))
    assert sorted(seen["writer-b"]) == list(range(count))


def test_bootstrap_records_bank_changes_by_key_name_only(tmp_path: Path) -> None:
    mission = f"Keep canary-{uuid.uuid4().hex} in mind."
    banks = tmp_path / "banks.yaml"
    banks.write_text("version: 1\nbanks:\n  wetopi-platform:\n    name: Wetopi Platform\n    config:\n"
                     f"      retain_mission: {mission}\n      enable_observations: true\n")
    config = parse_config(f"backend: {{type: local, path: '{tmp_path / 'm.db'}'}}\n"
                          "stores:\n  platform: {bank: wetopi-platform}\n"
                          f"observability: {{audit_path: '{tmp_path / 'audit.jsonl'}'}}\n", "c.yaml", {})
    loaded = LoadedConfig(config, "c.yaml")
    async def reconcile(dry_run: bool) -> ReconcileReport:
        async with MemoryPlane.open(loaded, environ={}, agent="wetopi-memory-bootstrap") as plane:
            return await plane.reconcile_banks(banks, dry_run=dry_run, environ={})

    report = asyncio.run(reconcile(dry_run=False))
    assert report.converged
    asyncio.run(reconcile(dry_run=True))  # records nothing
    text = (tmp_path / "audit.jsonl").read_text()
    assert mission.split()[1] not in text
    (record,) = [json.loads(line) for line in text.splitlines()]
    assert record["event"] == "bank.config_changed" and record["bank"] == "wetopi-platform"
    assert record["action"] == "create" and record["keys"] == ["enable_observations", "retain_mission"]
    assert record["status"] == "ok" and record["name_changed"] is True


# ---------------------------------------------------------------------------------------------- status --metrics


@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    state = tmp_path / "state"
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(state))
    return state


def test_status_metrics_prints_this_process_metrics_without_a_plugin_file(cli_env: Path) -> None:
    result = CliRunner().invoke(app, ["status", "--metrics"])
    assert result.exit_code == 0, result.stderr
    assert "# TYPE wetopi_memory_recall_total counter" in result.stdout
    assert "no plugin metrics" in result.stderr


def test_status_metrics_prints_the_plugin_textfile(cli_env: Path) -> None:
    from wetopi_memory.metrics import Metrics

    metrics = Metrics("hermes-default", scopes=["platform"])
    metrics.retain_total.labels(metrics.agent, "platform", "delivered").inc(3)
    metrics.write_textfile(metrics.textfile(cli_env))
    other = Metrics("hermes-build", scopes=["platform"])  # a second process sharing the state dir
    other.retain_total.labels(other.agent, "platform", "delivered").inc(5)
    other.write_textfile(other.textfile(cli_env).with_name(f"metrics-hermes-build-{os.getpid() + 1}.prom"))
    result = CliRunner().invoke(app, ["status", "--metrics"])
    assert result.exit_code == 0
    pid = os.getpid()
    assert (f'wetopi_memory_retain_total{{agent="hermes-default",pid="{pid}",scope="platform",status="delivered"}}'
            " 3.0") in result.stdout
    assert 'agent="hermes-build"' in result.stdout and "status=\"delivered\"} 5.0" in result.stdout
    assert result.stderr.count("written by a plugin process") == 2
