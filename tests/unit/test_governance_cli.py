"""`wetopi-memory forget`, `export` and `import` on the built-in local backend: plan then --apply with exit codes
as diff, the receipt on stdout and in the audit trail, the operator rule, and a backup restored elsewhere."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

IDENTITIES = """\
version: 1
users:
  u_ops: {allowed_scopes: [business, platform], roles: [operator], accounts: [cli:ops]}
  u_alice: {allowed_scopes: [personal, business, platform], accounts: [telegram:1001, cli:alice]}
  u_bob: {allowed_scopes: [personal, business, platform], accounts: [telegram:2001, cli:bob]}
"""
FACTS = {"business": "We decided the enterprise plan is billed annually, confirmed by finance.",
         "personal": "I prefer short answers in Spanish, always."}

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """`cli(login, *args, state="state")`: the CLI as OS user `login` over the state dir `tmp_path/state`."""
    ids = tmp_path / "identities.yaml"
    ids.write_text(IDENTITIES)
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_TIMEOUT"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_IDENTITIES", str(ids))
    monkeypatch.setenv("WETOPI_MEMORY_SOURCE_KEY", "s" * 32)

    def invoke(login: str, *args: str, state: str = "state") -> tuple[int, str, str]:
        monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / state))
        monkeypatch.setattr("wetopi_memory_cli._common.os_login", lambda: login)
        result = CliRunner().invoke(app, list(args))
        assert "Traceback" not in result.stdout + result.stderr
        return result.exit_code, result.stdout, result.stderr

    return invoke


def seed(cli: Run) -> None:
    for login in ("alice", "bob"):
        for scope, text in FACTS.items():
            code, out, _ = cli(login, "retain", f"{text} ({login})", "--scope", scope, "-o", "json")
            assert code == 0 and json.loads(out)["status"] == "stored", out


def recall(cli: Run, login: str, scope: str, state: str = "state") -> list[str]:
    code, out, _ = cli(login, "recall", "enterprise plan billed annually Spanish answers", "--scope", scope,
                       "-o", "json", state=state)
    assert code == 0, out
    return sorted(r["content"] for r in json.loads(out)["results"])


def test_forget_a_person_plans_applies_and_then_has_nothing_to_do(cli: Run, tmp_path: Path) -> None:
    seed(cli)
    bob_before = ([t for t in recall(cli, "bob", "business") if "(alice)" not in t], recall(cli, "bob", "personal"))
    assert len(bob_before[0]) == 1 and len(recall(cli, "bob", "business")) == 2
    code, out, _ = cli("ops", "forget", "--user", "telegram:1001", "-o", "json")
    plan = json.loads(out)
    assert code == 1 and plan["applied"] is False and plan["format_version"] == 1
    assert plan["summary"]["documents"] == 2 and plan["summary"]["banks"] == 1
    code, out, _ = cli("ops", "forget", "--user", "telegram:1001", "--apply", "-o", "json")
    receipt = json.loads(out)
    assert code == 0 and receipt["applied"] is True and receipt["by"] == {"user": "u_ops", "account": "cli:ops"}
    assert receipt["summary"]["documents"] == plan["summary"]["documents"]
    assert not any("(alice)" in text for text in recall(cli, "bob", "business"))
    assert (recall(cli, "bob", "business"), recall(cli, "bob", "personal")) == bob_before
    assert recall(cli, "alice", "personal") == []
    code, out, _ = cli("ops", "forget", "--user", "telegram:1001")
    assert code == 0 and "nothing to delete" in out
    events = [json.loads(line) for line in (tmp_path / "state" / "audit.jsonl").read_text().splitlines()]
    [event] = [e for e in events if e["event"] == "governance.forget_receipt"]
    assert event["user"] == "u_alice" and event["documents"] == 2


def test_forgetting_a_person_needs_the_operator_role(cli: Run) -> None:
    seed(cli)
    for who, target in (("bob", "telegram:1001"), ("alice", "telegram:1001")):
        code, out, err = cli(who, "forget", "--user", target, "--apply", "-o", "json")
        assert code == 2 and json.loads(out)["error"]["code"] == "operator_required", err
    assert recall(cli, "alice", "personal") != []
    code, _, err = cli("ops", "forget")
    assert code == 2 and "--user PLATFORM:ID or --internal-id ID" in err


def test_forget_a_mistaken_memory_by_text_in_a_scope_you_may_write(cli: Run) -> None:
    seed(cli)
    code, out, _ = cli("bob", "forget", "--scope", "business", "--match", "(BOB)", "-o", "json")
    assert code == 1 and json.loads(out)["summary"]["documents"] == 1
    code, out, _ = cli("bob", "forget", "--scope", "business", "--match", "(BOB)", "--apply")
    assert code == 0 and "1 document deleted" in out
    assert [t for t in recall(cli, "alice", "business") if "(bob)" in t] == []
    code, out, _ = cli("ops", "forget", "--scope", "personal", "--match", "x", "-o", "json")
    assert code == 2 and json.loads(out)["error"]["code"] == "scope_not_allowed"


def test_export_and_import_restore_a_backup_into_an_empty_state(cli: Run, tmp_path: Path) -> None:
    seed(cli)
    dump = tmp_path / "backup.jsonl"
    code, out, err = cli("ops", "export", str(dump), "--all-people")
    assert code == 0 and "exported 4 documents" in out, err
    assert stat.S_IMODE(os.stat(dump).st_mode) == 0o600
    code, out, err = cli("bob", "export", "-")
    assert code == 0 and "exported 3 documents" in err, err  # shared scopes and bob's own personal bank only
    assert "user-u_alice" not in out and "always. (alice)" not in out and "always. (bob)" in out
    code, out, _ = cli("bob", "export", str(tmp_path / "x.jsonl"), "--all-people", "-o", "json")
    assert code == 2 and json.loads(out)["error"]["code"] == "operator_required"
    code, out, err = cli("ops", "import", str(dump), "-o", "json", state="restored")
    assert code == 0 and json.loads(out)["summary"]["documents"] == 4, err
    for login in ("alice", "bob"):
        for scope in FACTS:
            assert recall(cli, login, scope, "restored") == recall(cli, login, scope) != []
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "bank"}\n')
    code, _, err = cli("ops", "import", str(bad), state="restored")
    assert code == 2 and "line 1: the first line must be the export header" in err


def test_a_person_no_longer_in_the_identities_file_is_erased_by_internal_id(cli: Run, tmp_path: Path) -> None:
    seed(cli)
    ids = tmp_path / "identities.yaml"
    ids.write_text(IDENTITIES.replace("  u_alice: {allowed_scopes: [personal, business, platform], accounts: "
                                      "[telegram:1001, cli:alice]}\n", ""))
    code, out, err = cli("ops", "forget", "--user", "telegram:1001", "-o", "json")
    assert code == 2 and json.loads(out)["error"]["code"] == "identity_required", err
    code, out, _ = cli("ops", "forget", "--internal-id", "u_alice", "--apply", "-o", "json")
    assert code == 0 and json.loads(out)["summary"]["documents"] == 2
    code, _, err = cli("ops", "forget", "--internal-id", "u alice")
    assert code == 2 and "is not an internal user id" in err
