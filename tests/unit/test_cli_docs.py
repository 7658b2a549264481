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


CLI_SECTION = README.split("\n## CLI\n", 1)[1].split("\n## ", 1)[0]


def _readme_row(path: list[str]) -> str:
    """The first cell of the command's row in the README's CLI table (its synopsis)."""
    rows = [line for line in CLI_SECTION.splitlines() if line.startswith(f"| `{' '.join(path)} ")
            or line.startswith(f"| `{' '.join(path)}`")]
    assert rows, f"README's CLI table lacks `{' '.join(path)}`"
    return rows[0].split(" | ")[0]


GLOBAL_OPTIONS = {opt for param in get_command(app).params for opt in param.opts if opt.startswith("--")}


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p))
def test_every_option_of_a_command_is_in_its_readme_row(path: list[str]) -> None:
    command = get_command(app)
    for name in path:
        command = command.commands[name]  # type: ignore[attr-defined]
    row = _readme_row(path)
    own = [param for param in command.params if param.param_type_name == "option"
           and not (param.name or "").startswith("late_")]
    missing = sorted(param.opts[0] for param in own if not any(f"{opt} " in row or f"{opt}]" in row
                                                                 for opt in param.opts))
    assert not missing, f"README's row for `{' '.join(path)}` lacks {missing}"


def test_every_global_option_is_in_the_readme_table() -> None:
    assert {"--config", "--identities", "--verbose", "--log-level", "--log-format", "--version"} <= GLOBAL_OPTIONS
    missing = sorted(opt for opt in GLOBAL_OPTIONS if f"`{opt}" not in README and f", `{opt}" not in README)
    assert not missing, f"README's global options table lacks {missing}"


def test_readme_shows_the_two_commands() -> None:
    assert "make demo" in README and "make test" in README
    assert isinstance(app, typer.Typer)
