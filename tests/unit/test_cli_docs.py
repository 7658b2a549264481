"""Every CLI command is documented in the README and answers --help."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _command_paths() -> list[list[str]]:
    root = get_command(app)
    paths: list[list[str]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        if sub:
            paths += [[name, child] for child in sub]
        else:
            paths.append([name])
    return paths


COMMANDS = _command_paths()


def test_the_expected_commands_exist() -> None:
    flat = {" ".join(p) for p in COMMANDS}
    assert {"recall", "retain", "reflect", "status", "config show", "config validate"} <= flat


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p))
def test_command_is_documented_in_readme(path: list[str]) -> None:
    assert f"| `{' '.join(path)}" in README, f"README's CLI table lacks `{' '.join(path)}`"


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p))
def test_command_has_help(path: list[str]) -> None:
    result = CliRunner().invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    assert len(result.output.strip().splitlines()) > 3


def test_readme_shows_the_two_commands() -> None:
    assert "make demo" in README and "make test" in README
    assert isinstance(app, typer.Typer)
