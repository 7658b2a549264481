"""The CLI end to end on the embedded backend: exit codes, JSON shapes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

ROOT = Path(__file__).resolve().parents[2]
IDENTITIES = str(ROOT / "banks" / "identities.example.yaml")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
    return CliRunner()


def invoke(cli: CliRunner, *args: str) -> tuple[int, str, str]:
    result = cli.invoke(app, ["--identities", IDENTITIES, *args])
    return result.exit_code, result.stdout, result.stderr


def test_retain_then_recall_round_trip_in_json(cli: CliRunner) -> None:
    code, out, _ = invoke(cli, "retain", "Argo CD syncs every cluster from the platform-gitops repo",
                          "--scope", "platform", "--user", "telegram:100000001", "-o", "json")
    assert code == 0
    stored = json.loads(out)
    assert stored["scope"] == "platform" and stored["stored"] is True and stored["document_id"].startswith("wm-")
    code, out, _ = invoke(cli, "recall", "argo cd gitops", "--user", "telegram:100000001", "-o", "json")
    assert code == 0
    data = json.loads(out)
    assert data["failed"] == {}
    assert any(r["scope"] == "platform" and r["bank"] == "wetopi-platform" and "Argo CD" in r["content"]
               for r in data["results"])


def test_access_denied_is_one_line_and_exit_2(cli: CliRunner) -> None:
    code, out, err = invoke(cli, "recall", "anything", "--scope", "user-u_01carlos", "--user", "telegram:100000002")
    assert code == 2
    assert err.strip().count("\n") == 0
    assert err.startswith("error: access denied (bank_id_not_accepted)")
    assert "Traceback" not in out + err


def test_unknown_user_gets_no_personal_scope(cli: CliRunner) -> None:
    code, _, err = invoke(cli, "retain", "I am someone", "--scope", "personal", "--user", "telegram:555")
    assert code == 2 and "scope_not_allowed" in err


@pytest.mark.parametrize("args", [
    ["recall", "x", "--budget", "huge"],
    ["retain", "x", "--scope", "platform", "--confidence", "7"],
    ["recall", "x", "--user", "no-colon"],
    ["retain", "   ", "--scope", "platform", "--user", "telegram:100000001"],
])
def test_bad_flags_exit_2_without_traceback(cli: CliRunner, args: list[str]) -> None:
    code, out, err = invoke(cli, *args)
    assert code == 2
    assert "Traceback" not in out + err


def test_bad_config_is_located(cli: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "config.yaml"
    bad.write_text("stores:\n  platform:\n    bank: wetopi-platform\n    recall: {budget: medium}\n")
    result = cli.invoke(app, ["--config", str(bad), "status"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {bad}:4 stores.platform.recall.budget: must be one of low, mid, high")


def test_config_show_masks_the_api_key(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HINDSIGHT_API_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("HINDSIGHT_API_KEY", "hsk-abcdef0123456789")
    result = cli.invoke(app, ["config", "show", "-o", "json"])
    assert result.exit_code == 0
    assert "hsk-abcdef0123456789" not in result.stdout
    assert json.loads(result.stdout)["config"]["backend"]["api_key"] == "**********"


def test_status_reports_an_unreachable_backend_with_exit_2(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HINDSIGHT_API_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("HINDSIGHT_API_KEY", "hsk-abcdef0123456789")
    result = cli.invoke(app, ["status", "-o", "json"])
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["healthy"] is False
    assert "hsk-abcdef0123456789" not in result.stdout + result.stderr


def test_recall_against_an_unreachable_backend_is_exit_2(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HINDSIGHT_API_URL", "http://127.0.0.1:9")
    code, _, err = invoke(cli, "recall", "anything", "--scope", "platform", "--user", "telegram:100000001")
    assert code == 2
    assert "error: scope platform:" in err and "Traceback" not in err


def test_route_explains_a_bilingual_decision(cli: CliRunner) -> None:
    code, out, _ = invoke(cli, "route", "¿Qué habíamos decidido sobre el ingress de RKE2?", "-o", "json")
    assert code == 0
    data = json.loads(out)
    assert data["explicit_memory_request"] is True
    assert [s["scope"] for s in data["scopes"]] == ["platform"]
    assert {m["term"] for m in data["matches"]} >= {"ingress", "rke2"}
    code, out, _ = invoke(cli, "route", "what pricing did we give the customer?", "--user", "api_server:wetopi-build",
                          "-o", "json")
    assert code == 0 and json.loads(out)["scopes"] == []  # the build robot may not read business
    code, out, _ = invoke(cli, "route", "tell me a joke")
    assert code == 0 and "none (below the threshold)" in out
