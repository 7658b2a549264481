"""The `wetopi-memory` CLI in-process (typer's CliRunner), for the unit tests of its commands."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

ROOT = Path(__file__).resolve().parents[2]
IDENTITIES = str(ROOT / "banks" / "identities.example.yaml")
# Settings the environment of the machine running the tests could bring in; a test sets the ones it wants.
_SETTINGS = ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES")


def cli_runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, unset: Iterable[str] = (),
               login: str = "carlos") -> CliRunner:
    """A runner for the CLI as OS user `login` (cli:carlos is u_01carlos in the example identities), with its state
    and Hermes home under `tmp_path` and none of the usual settings, nor those in `unset`, from the environment."""
    for var in (*_SETTINGS, *unset):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr("wetopi_memory_cli._common.os_login", lambda: login)
    return CliRunner()


def invoke(cli: CliRunner, *args: str, may_raise: bool = True) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one command with the example identities; with `may_raise=False` the command
    may exit but an exception it raises fails the test."""
    result = cli.invoke(app, ["--identities", IDENTITIES, *args])
    if not may_raise:
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr
