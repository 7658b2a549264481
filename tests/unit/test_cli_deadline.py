"""The overall deadline of a CLI command: a stalled backend ends at the bound with one line, exit 2, nothing lost."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app
from wetopi_memory_cli.deadline import (
    DEFAULT_DEADLINE_SECONDS,
    ENV_TIMEOUT,
    LONG_DEADLINES,
    command_deadline,
)

from tests.support.cli import IDENTITIES, cli_runner
from wetopi_memory import MemoryPlane, WetopiMemoryError


@pytest.fixture
def stalled_url() -> Iterator[str]:
    """A server that accepts every connection and reads the request, but never answers."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(timeout=2)
    for conn in held:
        conn.close()
    server.close()


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stalled_url: str) -> CliRunner:
    cli = cli_runner(tmp_path, monkeypatch, unset=(ENV_TIMEOUT,))
    monkeypatch.setenv("HINDSIGHT_API_URL", stalled_url)
    return cli


def test_a_retain_to_a_stalled_backend_ends_at_the_deadline_and_stays_queued(
        cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_TIMEOUT, "1")
    result = cli.invoke(app, ["--identities", IDENTITIES, "retain", "Ingress uses the nginx controller behind IPVS",
                              "--scope", "platform", "--user", "telegram:100000001"])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: retain timed out after 1 s (its overall deadline; change it with "
                                     "--timeout SECONDS); accepted memories stay in the outbox and a later run "
                                     "delivers them")
    plane = MemoryPlane.open(None, identities=IDENTITIES, outbox="existing")
    stats = plane.outbox_stats()
    assert stats is not None and stats.depth == 1, "the timed-out retain must wait in the outbox"


def test_a_recall_timeout_gives_a_json_error_document(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_TIMEOUT, "0.5")
    result = cli.invoke(app, ["--identities", IDENTITIES, "recall", "ingress", "--user", "telegram:100000001",
                              "-o", "json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "timeout"
    assert error["message"].startswith("recall timed out after 0.5 s")
    assert "outbox" not in error["message"]
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("value", ["soon", "0", "-3", "inf", "nan", "1e9"])
def test_a_bad_timeout_is_one_line_naming_where_it_came_from(
        cli: CliRunner, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(ENV_TIMEOUT, value)
    result = cli.invoke(app, ["--identities", IDENTITIES, "recall", "x", "--user", "telegram:100000001"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: ${ENV_TIMEOUT} must be ") and result.stderr.count("\n") == 1
    assert f"'{value}'" in result.stderr


def test_the_deadline_comes_from_the_option_then_the_environment_then_the_command() -> None:
    assert command_deadline("retain", 2.5, {ENV_TIMEOUT: "9"}) == 2.5
    assert command_deadline("retain", None, {ENV_TIMEOUT: "9"}) == 9.0
    assert command_deadline("retain", None, {}) == DEFAULT_DEADLINE_SECONDS == 30.0
    assert command_deadline("status", None, {}) == 30.0
    assert command_deadline("reflect", None, {}) == LONG_DEADLINES["reflect"] == 120.0
    for command in ("bootstrap", "diff", "verify", "import-memory-md"):
        assert command_deadline(command, None, {}) == 600.0
    with pytest.raises(WetopiMemoryError, match="--timeout must be more than 0"):
        command_deadline("retain", 0.0, {})


def test_the_timeout_option_wins_over_the_environment(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_TIMEOUT, "600")
    result = cli.invoke(app, ["--timeout", "0.5", "--identities", IDENTITIES, "reflect", "ingress?",
                              "--user", "telegram:100000001"])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: reflect timed out after 0.5 s (its overall deadline; change it with "
                                     "--timeout SECONDS)")
    refused = cli.invoke(app, ["--timeout", "0", "--identities", IDENTITIES, "status"])
    assert refused.exit_code == 2
    assert refused.stderr.strip() == "error: --timeout must be more than 0 and at most 86400 seconds, got '0.0'"
