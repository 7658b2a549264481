"""CLI conventions: --version, global options on either side of the command, one-line usage errors, real
metavars, diff/verify summaries, format_version and JSON error documents, retain's keys, logging flags."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner
from wetopi_memory_cli.app import app, installed_version
from wetopi_memory_cli.group import leaf_commands

from tests.support.cli import IDENTITIES, cli_runner

USER = ("--user", "telegram:100000001")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    return cli_runner(tmp_path, monkeypatch, unset=("WETOPI_MEMORY_BANKS", "WETOPI_MEMORY_TIMEOUT"))


def run(cli: CliRunner, *args: str) -> tuple[int, str, str]:
    result = cli.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_version_prints_the_distribution_version(cli: CliRunner) -> None:
    code, out, _ = run(cli, "--version")
    assert code == 0 and out == f"wetopi-memory {installed_version()}\n"
    assert installed_version()[0].isdigit()


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
def test_config_has_the_same_meaning_before_and_after_the_command(cli: CliRunner, tmp_path: Path,
                                                                 after: bool) -> None:
    bad = tmp_path / "config.yaml"
    bad.write_text("stores:\n  platform:\n    bank: wetopi-platform\n    recall: {budget: medium}\n")
    args = ["status", "--config", str(bad)] if after else ["--config", str(bad), "status"]
    code, _, err = run(cli, *args)
    assert code == 2
    assert err.strip() == f"error: {bad}:4 stores.platform.recall.budget: must be one of low, mid, high"


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
def test_identities_has_the_same_meaning_before_and_after_the_command(cli: CliRunner, after: bool) -> None:
    command = ["route", "what pricing did we give the customer?", "--user", "cli:carlos", "-o", "json"]
    args = [*command, "-i", IDENTITIES] if after else ["-i", IDENTITIES, *command]
    code, out, err = run(cli, *args)
    assert code == 0, err
    assert [s["scope"] for s in json.loads(out)["scopes"]] == ["business"]
    code, _, err = run(cli, *command)  # without it, cli:carlos is nobody
    assert code == 2 and "identity_required" in err


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
@pytest.mark.parametrize(("flags", "shown"), [([], False), (["-v"], True), (["--log-level", "info"], True),
                                              (["--log-level", "error"], False)])
def test_logging_flags_turn_the_op_log_on_in_either_position(cli: CliRunner, after: bool, flags: list[str],
                                                            shown: bool) -> None:
    command = ["retain", "Argo CD syncs every cluster from the gitops repo", "--scope", "platform", *USER]
    args = [*command, *flags] if after else [*flags, *command]
    code, _, err = run(cli, "-i", IDENTITIES, *args)
    assert code == 0, err
    assert ("wetopi-memory retain" in err) is shown


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
def test_log_format_json_writes_json_lines_on_stderr(cli: CliRunner, after: bool) -> None:
    command = ["recall", "argo cd", *USER]
    flags = ["-vv", "--log-format", "json"]
    code, _, err = run(cli, "-i", IDENTITIES, *([*command, *flags] if after else [*flags, *command]))
    assert code == 0, err
    records = [json.loads(line) for line in err.splitlines()]
    search = [r for r in records if r["logger"] == "wetopi_memory.ops" and r["message"].startswith("wetopi-memory "
                                                                                                  "search")]
    assert search and search[0]["level"] == "info" and search[0]["fields"]["status"] == "ok"


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
def test_timeout_is_accepted_in_either_position(cli: CliRunner, after: bool) -> None:
    command = ["recall", "argo cd", *USER]
    args = [*command, "--timeout", "abc"] if after else ["--timeout", "abc", *command]
    code, _, err = run(cli, "-i", IDENTITIES, *args)
    assert code == 2 and err.startswith("error: --timeout: expected a number, got 'abc'")


def test_a_commands_own_identities_option_wins_after_that_command(cli: CliRunner, tmp_path: Path) -> None:
    banks = tmp_path / "banks.yaml"
    banks.write_text("banks:\n  b1:\n    name: One\n    config: {recall_max_tokens: 5}\ntemplates:\n  personal:\n"
                     "    bank: 'user-{internal_user_id}'\n    config: {recall_max_tokens: 3}\n")
    code, out, _ = run(cli, "diff", str(banks), "--identities", IDENTITIES, "-o", "json")
    personal = [c["bank"] for c in json.loads(out)["changes"] if c["bank"].startswith("user-")]
    assert code == 1 and personal  # bootstrap/diff/verify --identities: also every person's bank


@pytest.mark.parametrize(("args", "line"), [
    (["recall"], "error: Missing argument 'QUERY' (see 'wetopi-memory recall --help')"),
    (["recall", "x", "--budget", "huge"],
     "error: --budget: expected one of low, mid or high, got 'huge' (see 'wetopi-memory recall --help')"),
    (["recall", "x", "--limit", "500"],
     "error: --limit: expected a number at most 200, got '500' (see 'wetopi-memory recall --help')"),
    (["retain", "x", "--scope", "platform", "--confidence", "lots"],
     "error: --confidence: expected a number, got 'lots' (see 'wetopi-memory retain --help')"),
    (["retain", "x"], "error: Missing option '--scope' / '-s' (see 'wetopi-memory retain --help')"),
    (["status", "--bogus"],
     "error: No such option: --bogus (Possible options: --user, --verbose) (see 'wetopi-memory status --help')"),
    (["config", "show", "-o", "yaml"],
     "error: --output: expected one of text or json, got 'yaml' (see 'wetopi-memory config show --help')"),
])
def test_usage_errors_are_one_line_exit_2(cli: CliRunner, args: list[str], line: str) -> None:
    code, out, err = run(cli, *args)
    assert code == 2
    assert err.splitlines() == [line]
    assert out == ""


def test_a_usage_error_with_o_json_is_also_a_json_document(cli: CliRunner) -> None:
    code, out, err = run(cli, "recall", "x", "--limit", "zero", "-o", "json")
    assert code == 2 and err.startswith("error: --limit: expected an integer")
    data = json.loads(out)
    assert data["format_version"] == 1
    assert data["error"]["code"] == "usage_error" and data["error"]["message"] == "--limit: expected an integer, " \
                                                                                  "got 'zero'"


TYPE_LABEL = re.compile(r"<(?:str|bool|int|float|path|file|list\[[^]]*\]|[a-z]+ range)>|\{[a-z_]+\}")


def test_every_command_gets_the_global_options() -> None:
    commands = leaf_commands(get_command(app))
    assert len(commands) >= 12
    for command in commands:
        spelled = {opt for param in command.params for opt in param.opts}
        assert {"--config", "--identities", "--verbose", "--log-level", "--log-format", "--timeout"} <= spelled


@pytest.mark.parametrize("path", [["recall"], ["retain"], ["bootstrap"], ["route"], ["status"],
                                  ["import-memory-md"], ["config", "show"], ["plugin", "install"], []])
def test_help_shows_choice_lists_and_no_type_metavars(cli: CliRunner, path: list[str]) -> None:
    code, out, _ = run(cli, *path, "--help")
    assert code == 0
    assert not TYPE_LABEL.search(out), TYPE_LABEL.findall(out)
    if path not in ([], ["plugin", "install"]):  # the root and `plugin install` have no -o
        assert "[text|json]" in out
    assert "--log-format [text|json]" in out and "--log-level [debug|info|warning|error]" in out
    if path == ["recall"]:
        assert "--budget [low|mid|high]" in out and "--deep  " in out and "-s, --scope SCOPE" in out


def _banks(tmp_path: Path, *, tokens: int = 5) -> Path:
    banks = tmp_path / "banks.yaml"
    banks.write_text(f"banks:\n  b1:\n    name: One\n    config: {{recall_max_tokens: {tokens}}}\n"
                     "  b2:\n    name: Two\n    config: {recall_max_tokens: 7}\n")
    return banks


def test_diff_and_verify_print_only_differences_and_a_summary(cli: CliRunner, tmp_path: Path) -> None:
    banks = _banks(tmp_path)
    code, out, _ = run(cli, "diff", str(banks))
    assert code == 1
    assert "name: (unset) → One" in out and "None" not in out
    assert out.strip().splitlines()[-1] == "0 banks in sync, 0 drifted, 2 to create"
    code, out, _ = run(cli, "bootstrap", str(banks))
    assert code == 0 and out.strip().splitlines()[-1] == "0 banks in sync, 0 updated, 2 created"
    _banks(tmp_path, tokens=9)
    code, out, _ = run(cli, "verify", str(banks))
    assert code == 1
    assert "b1" in out and "recall_max_tokens: 5 → 9" in out and "b2" not in out
    assert out.strip().splitlines()[-1] == "1 bank in sync, 1 drifted, 0 to create"
    code, out, _ = run(cli, "verify", str(banks), "--all")
    assert code == 1 and "b2" in out and "noop" in out
    run(cli, "bootstrap", str(banks))
    code, out, _ = run(cli, "diff", str(banks))
    assert code == 0 and out == "2 banks in sync, 0 drifted, 0 to create\n"


def test_every_json_document_has_a_format_version(cli: CliRunner, tmp_path: Path) -> None:
    documents = [
        run(cli, "-i", IDENTITIES, "recall", "x", *USER, "-o", "json"),
        run(cli, "-i", IDENTITIES, "route", "ingress rke2", "-o", "json"),
        run(cli, "-i", IDENTITIES, "status", "-o", "json"),
        run(cli, "config", "show", "-o", "json"),
        run(cli, "diff", str(_banks(tmp_path)), "-o", "json"),
    ]
    for _, out, _ in documents:
        assert json.loads(out)["format_version"] == 1


@pytest.mark.parametrize("args", [
    ["recall", "x", "--user", "no-colon"],
    ["retain", "x", "--scope", "nowhere", *USER],
    ["route", "x", "--user", "telegram:555"],
    ["import-memory-md", "MISSING.md"],
    ["status", "--config", "/nonexistent/config.yaml"],
    ["config", "show", "--config", "/nonexistent/config.yaml"],
])
def test_every_failure_with_o_json_is_a_json_error_document(cli: CliRunner, args: list[str]) -> None:
    code, out, err = run(cli, "-i", IDENTITIES, *args, "-o", "json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["message"] and error["code"] and error["problems"][-1] == error["message"]
    assert err.startswith("error: ") and "Traceback" not in err


def test_retain_json_has_the_same_keys_for_a_dry_run_and_a_real_run(cli: CliRunner) -> None:
    fact = ["Argo CD syncs every cluster from the platform-gitops repo", "--scope", "platform", *USER, "-o", "json"]
    code, dry, _ = run(cli, "-i", IDENTITIES, "retain", *fact, "--dry-run")
    assert code == 0
    code, real, _ = run(cli, "-i", IDENTITIES, "retain", *fact)
    assert code == 0
    dry_doc, real_doc = json.loads(dry), json.loads(real)
    assert list(dry_doc) == list(real_doc)
    assert (dry_doc["dry_run"], dry_doc["status"], dry_doc["stored"]) == (True, "would_store", False)
    assert (real_doc["dry_run"], real_doc["status"], real_doc["stored"]) == (False, "stored", True)
    assert dry_doc["document_id"] == real_doc["document_id"] and dry_doc["decision"] == "accept"
    code, rejected, _ = run(cli, "-i", IDENTITIES, "retain", "maybe the ingress is broken?", "--scope",
                            "platform", *USER, "-o", "json", "--dry-run")
    assert code == 2 and list(json.loads(rejected)) == list(dry_doc)
