"""The GitOps scenario against a REAL Hindsight server, through the CLI the Argo CD jobs run."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from tests.support.hindsight_server import HindsightServer

pytestmark = pytest.mark.hindsight


def _banks_yaml(platform: str, business: str) -> str:
    return f"""version: 1
banks:
  {platform}:
    name: Contract Platform
    config:
      retain_extraction_mode: concise
      enable_observations: true
      recall_max_tokens: 2500
      retain_mission: |
        Retain durable and verified technical knowledge about the Wetopi platform.
        Do not retain speculation or credentials.
      observations_mission: Synthesize stable operational and architectural knowledge.
  {business}:
    name: Contract Business
    config:
      retain_extraction_mode: concise
      recall_max_tokens: 2000
      retain_mission: Retain durable knowledge about Wetopi as a business.
"""


class Cli:
    """Runs the real CLI against the server, as the container would (env only, no flags for the backend)."""

    def __init__(self, server: HindsightServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        for var in ("WETOPI_MEMORY_CONFIG", "WETOPI_MEMORY_IDENTITIES"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
        monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
        monkeypatch.setenv("HINDSIGHT_API_URL", server.url)
        monkeypatch.setenv("HINDSIGHT_API_KEY", server.api_key or "")
        self.runner = CliRunner()

    def __call__(self, *args: str) -> tuple[int, Any, str]:
        result = self.runner.invoke(app, [*args, "-o", "json"])
        try:
            data = json.loads(result.stdout)
        except ValueError:
            data = result.stdout
        return result.exit_code, data, result.stderr


def _changes(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["bank"]: c for c in report["changes"]}


def test_bootstrap_diff_drift_repair_verify(hindsight_server: HindsightServer, new_bank: Callable[..., str],
                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    platform, business = new_bank("-platform"), new_bank("-business")
    banks = tmp_path / "banks.yaml"
    banks.write_text(_banks_yaml(platform, business))
    cli = Cli(hindsight_server, monkeypatch, tmp_path)

    code, report, err = cli("bootstrap", str(banks))
    assert code == 0, err
    assert {c["action"] for c in report["changes"]} == {"create"}
    assert report["summary"]["converged"] is True and report["summary"]["writes"] == 4

    code, report, err = cli("diff", str(banks))
    assert code == 0, err
    assert {c["action"] for c in report["changes"]} == {"noop"}

    # Someone edits a mission by hand on the server.
    headers = {"Authorization": f"Bearer {hindsight_server.api_key}"}
    edited = httpx.patch(f"{hindsight_server.url}/v1/default/banks/{platform}/config", headers=headers,
                         json={"updates": {"retain_mission": "edited by hand"}}, timeout=30, trust_env=False)
    assert edited.status_code == 200

    code, report, _ = cli("diff", str(banks))
    assert code == 1
    change = _changes(report)[platform]
    assert change["action"] == "update"
    assert change["fields"]["retain_mission"]["from"] == "edited by hand"
    assert change["fields"]["retain_mission"]["to"].startswith("Retain durable and verified")
    assert _changes(report)[business]["action"] == "noop"

    code, report, err = cli("bootstrap", str(banks))
    assert code == 0, err
    assert report["summary"]["writes"] == 1

    code, report, err = cli("bootstrap", str(banks))
    assert code == 0, err
    assert report["summary"]["writes"] == 0
    assert {c["action"] for c in report["changes"]} == {"noop"}

    code, report, err = cli("verify", str(banks))
    assert code == 0, err
    assert report["summary"]["converged"] is True


def test_unmanaged_override_is_reported_and_pruned(hindsight_server: HindsightServer,
                                                   new_bank: Callable[..., str], monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    platform, business = new_bank("-platform"), new_bank("-business")
    banks = tmp_path / "banks.yaml"
    banks.write_text(_banks_yaml(platform, business))
    cli = Cli(hindsight_server, monkeypatch, tmp_path)
    assert cli("bootstrap", str(banks))[0] == 0
    headers = {"Authorization": f"Bearer {hindsight_server.api_key}"}
    added = httpx.patch(f"{hindsight_server.url}/v1/default/banks/{business}/config", headers=headers,
                        json={"updates": {"disposition_empathy": 5}}, timeout=30, trust_env=False)
    assert added.status_code == 200

    code, report, _ = cli("diff", str(banks))
    assert code == 0  # an undeclared override is reported, not drift, unless pruning
    assert _changes(report)[business]["unmanaged"] == {"disposition_empathy": {"value": 5, "pruned": False}}

    code, report, _ = cli("diff", str(banks), "--prune-overrides")
    assert code == 1

    code, report, err = cli("bootstrap", str(banks), "--prune-overrides")
    assert code == 0, err
    live = httpx.get(f"{hindsight_server.url}/v1/default/banks/{business}/config", headers=headers, timeout=30,
                     trust_env=False).json()
    assert "disposition_empathy" not in live["overrides"]
    assert live["overrides"]["retain_extraction_mode"] == "concise"
    assert cli("verify", str(banks), "--prune-overrides")[0] == 0


def test_wrong_key_is_one_line_exit_2(hindsight_server: HindsightServer, new_bank: Callable[..., str],
                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    banks = tmp_path / "banks.yaml"
    banks.write_text(_banks_yaml(new_bank("-p"), new_bank("-b")))
    cli = Cli(hindsight_server, monkeypatch, tmp_path)
    monkeypatch.setenv("HINDSIGHT_API_KEY", "wrong-key")
    code, _, err = cli("bootstrap", str(banks))
    assert code == 2
    assert err.startswith("error: authentication failed") and err.count("\n") == 1
    assert "wrong-key" not in err
