"""The CLI's identity: `--user` parsed strictly, the caller from the OS, the operator role, unknown callers."""

from __future__ import annotations

import json
import pwd
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from wetopi_memory import ConfigError, IdentityResolver

IDENTITIES = """\
version: 1
users:
  u_ops:
    display_name: Ops
    allowed_scopes: [personal, business, platform]
    roles: [operator]
    accounts: [cli:ops]
  u_01carlos:
    display_name: Carlos
    allowed_scopes: [personal, business, platform]
    accounts: [telegram:100000001, cli:carlos]
  u_02lucia:
    display_name: Lucía
    allowed_scopes: [personal, business, platform]
    accounts: [telegram:100000002, cli:lucia]
"""

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def ids(tmp_path: Path) -> Path:
    path = tmp_path / "identities.yaml"
    path.write_text(IDENTITIES)
    return path


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ids: Path) -> Run:
    """`run(login, *args, identities=True)`: the CLI as OS user `login`, with or without the identities file."""
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))

    def invoke(login: str | None, *args: str, identities: bool = True) -> tuple[int, str, str]:
        if login is not None:
            monkeypatch.setattr("wetopi_memory_cli._common.os_login", lambda: login)
        result = CliRunner().invoke(app, [*(["--identities", str(ids)] if identities else []), *args])
        assert "Traceback" not in result.stdout + result.stderr
        return result.exit_code, result.stdout, result.stderr

    return invoke


def audit_events(tmp_path: Path) -> list[dict[str, object]]:
    path = tmp_path / "state" / "audit.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def personal_hits(run: Run, login: str, query: str) -> list[dict[str, object]]:
    code, out, _ = run(login, "recall", query, "--scope", "personal", "-o", "json")
    assert code == 0, out
    results: list[dict[str, object]] = json.loads(out)["results"]
    return results


@pytest.mark.parametrize(("value", "shown", "problem"), [
    ("telegram:*", "'telegram:*'", "wildcard or separator '*'"),
    ("telegram:10000000?", "'telegram:10000000?'", "wildcard or separator '?'"),
    ("a,b", "'a,b'", "no platform before ':'"),
    ("telegram:100000001,telegram:100000002", "'telegram:100000001,telegram:100000002'", "separator ','"),
    ("telegram:100000001;x", "'telegram:100000001;x'", "separator ';'"),
    ("telegram:100000001 telegram:2", "'telegram:100000001 telegram:2'", "whitespace in the id"),
    ("telegram:100000001\nslack:U1", "'telegram:100000001\\nslack:U1'", "whitespace in the id"),
    ("telegram:1\x00", "'telegram:1\\x00'", "control character in the id"),
    ("Carlos", "'Carlos'", "no platform before ':'"),
    ("Lucía Pérez", "'Lucía Pérez'", "no platform before ':'"),
    ("telegram:", "'telegram:'", "empty id"),
    (":100000001", "':100000001'", "no platform before ':'"),
    ("Tele gram:1", "'Tele gram:1'", "is not lowercase letters"),
    ("telegram:" + "9" * 129, "'telegram:" + "9" * 71, "id longer than 128 characters"),
])
def test_a_malformed_user_is_refused_naming_the_value(run: Run, tmp_path: Path, value: str, shown: str,
                                                      problem: str) -> None:
    code, _, err = run("carlos", "retain", "Carlos prefers green tea", "--scope", "personal", "--user", value)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"error: --user {shown}"), err
    assert problem in err and "expected exactly one PLATFORM:ID" in err
    assert personal_hits(run, "carlos", "green tea") == []  # nothing was stored
    assert audit_events(tmp_path) == []


def test_acting_as_another_person_without_the_operator_role_is_refused(run: Run, tmp_path: Path) -> None:
    code, _, err = run("carlos", "retain", "Lucía prefers green tea", "--scope", "personal",
                       "--user", "telegram:100000002")
    assert code == 2
    assert err.strip() == ("error: access denied (operator_required): cli:carlos (u_01carlos) may not act as "
                           "telegram:100000002 (u_02lucia): that needs the operator role on the caller's own user "
                           f"in the identities file {tmp_path / 'identities.yaml'}")
    for command in (["recall", "tea"], ["reflect", "tea"], ["status"], ["route", "tea"]):
        code, _, err = run("carlos", *command, "--user", "telegram:100000002")
        assert code == 2 and "(operator_required)" in err, (command, err)
    assert personal_hits(run, "lucia", "green tea") == []
    assert audit_events(tmp_path) == []


def test_acting_as_oneself_through_another_account_needs_no_role(run: Run) -> None:
    code, _, err = run("carlos", "retain", "Carlos prefers green tea", "--scope", "personal",
                       "--user", "telegram:100000001")
    assert code == 0, err
    assert [h["content"] for h in personal_hits(run, "carlos", "green tea")] == ["Carlos prefers green tea"]


def test_an_operator_may_act_as_someone_and_every_such_call_is_audited(run: Run, tmp_path: Path) -> None:
    code, _, err = run("ops", "retain", "Lucía prefers green tea", "--scope", "personal",
                       "--user", "telegram:100000002")
    assert code == 0, err
    code, out, _ = run("ops", "recall", "green tea", "--scope", "personal", "--user", "cli:lucia", "-o", "json")
    assert code == 0 and [r["bank"] for r in json.loads(out)["results"]] == ["user-u_02lucia"]
    assert [h["content"] for h in personal_hits(run, "lucia", "green tea")] == ["Lucía prefers green tea"]
    acted = [e for e in audit_events(tmp_path) if e["event"] == "security.acted_as"]
    assert [(e["user"], e["account"], e["as_user"], e["as_account"], e["command"], e["scopes"]) for e in acted] == [
        ("u_ops", "cli:ops", "u_02lucia", "telegram:100000002", "retain", ["personal"]),
        ("u_ops", "cli:ops", "u_02lucia", "cli:lucia", "recall", ["personal"])]
    assert "green tea" not in (tmp_path / "state" / "audit.jsonl").read_text()  # who and what, never content


@pytest.mark.parametrize("command", [["recall", "tea"], ["reflect", "tea"],
                                     ["retain", "Carlos prefers green tea", "--scope", "platform"],
                                     ["import-memory-md", "MEMORY.md"]])
def test_an_unknown_caller_is_refused_naming_the_identity_and_the_file(run: Run, tmp_path: Path,
                                                                       command: list[str]) -> None:
    (tmp_path / "MEMORY.md").write_text("[P1] We deploy with Argo CD from the platform-gitops repo\n")
    command = [str(tmp_path / c) if c == "MEMORY.md" else c for c in command]
    code, out, err = run("mallory", *command)
    assert (code, out) == (2, "")
    assert err.strip() == ("error: access denied (identity_required): the identity cli:mallory is not a known "
                           f"identity (identities file {tmp_path / 'identities.yaml'})")
    code, _, err = run("carlos", *command, identities=False)
    assert code == 2
    assert err.strip() == ("error: access denied (identity_required): the identity cli:carlos is not a known "
                           "identity (no identities file: set identity.file or WETOPI_MEMORY_IDENTITIES)")


def test_an_unknown_caller_may_not_act_as_a_known_person(run: Run) -> None:
    code, _, err = run("mallory", "recall", "tea", "--user", "telegram:100000001")
    assert code == 2 and "(identity_required): the caller cli:mallory is not a known identity" in err
    code, _, err = run("carlos", "recall", "tea", "--user", "telegram:555")
    assert code == 2 and "(identity_required): the identity telegram:555 is not a known identity" in err


def test_identity_required_is_the_json_error_code(run: Run) -> None:
    code, out, err = run("mallory", "recall", "tea", "-o", "json")
    assert code == 2 and err.startswith("error: access denied (identity_required)")
    error = json.loads(out)["error"]
    assert error["code"] == "identity_required" and "cli:mallory" in error["message"]
    code, out, _ = run("carlos", "retain", "x y z", "--scope", "platform", "--user", "telegram:*", "-o", "json")
    assert code == 2 and json.loads(out)["error"]["code"] == "invalid_request"


def test_status_without_user_reports_health_for_an_unknown_caller(run: Run) -> None:
    code, out, _ = run("mallory", "status", "-o", "json")
    assert code == 0
    data = json.loads(out)
    assert data["identity"]["known"] is False and not any(s["allowed"] for s in data["scopes"])
    assert data["backends"]["local"]["auth"]["state"] == "no_credentials"


def test_the_caller_comes_from_the_password_database_not_the_environment(run: Run, monkeypatch: pytest.MonkeyPatch,
                                                                          ids: Path) -> None:
    login = pwd.getpwuid(__import__("os").geteuid()).pw_name
    assert login != "carlos"
    for var in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(var, "carlos")
    code, _, err = run(None, "recall", "tea", "--scope", "personal")
    assert code == 2 and f"the identity cli:{login} is not a known identity" in err


@pytest.mark.parametrize(("user", "expected"), [
    ("    roles: [admin]\n", "ids.yaml:4 users.u_a.roles[0]: "),
    ("    roles: operator\n", "ids.yaml:4 users.u_a.roles: "),
    ("    accounts: ['telegram:*']\n", "ids.yaml:4 users.u_a.accounts[0]: 'telegram:*' is not an account "
                                      "(wildcard or separator '*' in the id)"),
    ("    accounts: ['slack:U1,slack:U2']\n", "ids.yaml:4 users.u_a.accounts[0]: 'slack:U1,slack:U2' is not an "
                                             "account (wildcard or separator ',' in the id)"),
])
def test_identities_file_roles_and_accounts_are_validated_with_their_place(tmp_path: Path, user: str,
                                                                           expected: str) -> None:
    path = tmp_path / "ids.yaml"
    path.write_text(f"version: 1\nusers:\n  u_a:\n{user}")
    with pytest.raises(ConfigError) as caught:
        IdentityResolver.from_file(path, known_scopes=["platform"])
    assert str(caught.value).startswith(f"{tmp_path}/{expected}"), str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_operator_role_is_read_from_the_file(ids: Path) -> None:
    resolver = IdentityResolver.from_file(ids, known_scopes=["personal", "business", "platform"])
    assert resolver.resolve("cli", "ops").roles == {"operator"}
    assert resolver.resolve("telegram", "100000001").roles == frozenset()
