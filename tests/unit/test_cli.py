"""The CLI end to end on the embedded backend: exit codes, JSON shapes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from tests.support.cli import IDENTITIES, cli_runner, invoke
from wetopi_memory import MemoryPlane


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    return cli_runner(tmp_path, monkeypatch)


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
    code, out, err = invoke(cli, "recall", "anything", "--scope", "user-u_01carlos", "--user", "telegram:100000001")
    assert code == 2
    assert err.strip().count("\n") == 0
    assert err.startswith("error: access denied (bank_id_not_accepted)")
    assert "Traceback" not in out + err


def test_an_unknown_user_is_refused_naming_the_account_and_the_file(cli: CliRunner) -> None:
    code, _, err = invoke(cli, "retain", "I am someone", "--scope", "personal", "--user", "telegram:555")
    assert code == 2
    assert err.strip() == (f"error: access denied (identity_required): the identity telegram:555 is not a known "
                           f"identity (identities file {IDENTITIES})")


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
    code, out, _ = invoke(cli, "route", "what pricing did we give the customer?", "--user", "cli:carlos",
                          "-o", "json")
    assert code == 0 and [s["scope"] for s in json.loads(out)["scopes"]] == ["business"]
    code, out, _ = invoke(cli, "route", "tell me a joke")
    assert code == 0 and "none (below the threshold)" in out


def test_route_shows_what_the_word_model_added(cli: CliRunner) -> None:
    text = "Los lunes I'm in back-to-back meetings, so mándame las cosas importantes el domingo por la noche"
    code, out, _ = invoke(cli, "route", text, "-o", "json")
    data = json.loads(out)
    assert code == 0 and data["matches"] == [] and [v["scope"] for v in data["model"]] == ["personal"]
    assert all(f["weight"] > 0 for f in data["model"][0]["features"]) and data["model"][0]["features"]
    code, out, _ = invoke(cli, "route", text)
    assert code == 0 and "word model added: personal (probability" in out


def _status_against_fake(cli: CliRunner, monkeypatch: pytest.MonkeyPatch, server_key: str | None,
                         client_key: str, *args: str) -> tuple[int, str, str]:
    """`status` on the built-in Hindsight config, its backend talking to a FakeHindsight that enforces a key."""
    from wetopi_memory.backends.fake_hindsight import FakeHindsight
    from wetopi_memory.backends.hindsight import HindsightBackend

    url = "http://hindsight.test:8888"
    monkeypatch.setenv("HINDSIGHT_API_URL", url)
    monkeypatch.setenv("HINDSIGHT_API_KEY", client_key)
    fake = FakeHindsight(api_key=server_key)
    original = MemoryPlane.open

    def open_on_fake(*a: Any, **kw: Any) -> MemoryPlane:
        return original(*a, backends={"hindsight": HindsightBackend(url, api_key=client_key,
                                                                    transport=fake.transport)}, **kw)

    monkeypatch.setattr(MemoryPlane, "open", open_on_fake)
    result = cli.invoke(app, ["--identities", IDENTITIES, "status", *args])
    return result.exit_code, result.stdout, result.stderr


def test_status_reports_a_refused_key_apart_from_an_unreachable_server(cli: CliRunner,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _status_against_fake(cli, monkeypatch, "right-key", "wrong-key", "-o", "json")
    assert code == 2
    backend = json.loads(out)["backends"]["hindsight"]
    assert backend["ok"] is True  # /health answers: only the authenticated read tells
    assert backend["auth"]["state"] == "refused" and backend["auth"]["ok"] is False
    assert err.strip() == ("error: backend hindsight refused the credentials: Hindsight at http://hindsight.test:8888 "
                           "rejected the API key (HTTP 401)")
    assert "wrong-key" not in out + err and "unavailable" not in err


@pytest.mark.parametrize(("server_key", "shown"), [("right-key", "accepted"), (None, "not enforced")])
def test_status_text_shows_the_auth_state(cli: CliRunner, monkeypatch: pytest.MonkeyPatch, server_key: str | None,
                                          shown: str) -> None:
    code, out, err = _status_against_fake(cli, monkeypatch, server_key, "right-key")
    assert code == 0, err
    assert shown in out
    assert ("auth: not enforced by backend hindsight" in out) is (server_key is None)


def test_a_native_provider_conflict_makes_status_exit_1(cli: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "hermes").mkdir()
    (tmp_path / "hermes" / "config.yaml").write_text("memory:\n  provider: hindsight\n")
    result = cli.invoke(app, ["--identities", IDENTITIES, "status", "-o", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["healthy"] is False and len(data["conflicts"]) == 1
    assert "memory.provider: hindsight" in data["conflicts"][0]
    assert result.stderr.startswith("error: memory provider conflict: Hermes config ")
    text = cli.invoke(app, ["--identities", IDENTITIES, "status"])
    assert text.exit_code == 1 and "conflict: Hermes config" in text.stdout
    (tmp_path / "hermes" / "config.yaml").write_text("memory:\n  provider: builtin\n")
    assert cli.invoke(app, ["--identities", IDENTITIES, "status"]).exit_code == 0


def test_a_broken_banks_yaml_reports_every_problem_one_line_each_and_writes_nothing(cli: CliRunner,
                                                                                     tmp_path: Path) -> None:
    banks = tmp_path / "banks.yaml"
    banks.write_text("banks:\n  b1:\n    name: One\n  b2:\n    config: {recal_max_tokens: 5}\n")
    code, out, err = invoke(cli, "bootstrap", str(banks))
    assert code == 2
    assert err.splitlines() == [
        f"error: {banks}:2 banks.b1.config: required key is missing",
        f"error: {banks}:5 banks.b2.config.recal_max_tokens: unknown configuration key 'recal_max_tokens' "
        "(did you mean 'recall_max_tokens'?)"]
    code, out, _ = invoke(cli, "bootstrap", str(banks), "-o", "json")
    problems = json.loads(out)["error"]["problems"]
    assert code == 2 and len(problems) == 2 and problems[0].endswith("required key is missing")
    code, out, _ = invoke(cli, "diff", str(banks.with_name("good.yaml")), "-o", "json")
    assert code == 2 and json.loads(out)["error"]["code"] == "config_error"  # a missing file: still one document
