"""The Typer application behind the `wetopi-memory` command."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as distribution_version
from pathlib import Path
from typing import Annotated, Optional

import typer

from wetopi_memory import __version__

from . import banks_cmd, config_cmd, governance_cmd, import_cmd, memory, plugin_cmd, route_cmd, status_cmd
from ._common import GlobalOptions, out
from .group import WetopiCommand, WetopiGroup
from .logs import LogFormat, LogLevel, configure_logging

DISTRIBUTION = "wetopi-memory"

app = typer.Typer(
    name="wetopi-memory",
    cls=WetopiGroup,
    help="Wetopi's organizational memory plane: scoped memory for Hermes agents over Hindsight banks.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    add_completion=False,
)


def installed_version() -> str:
    """The installed distribution's version (the package's own when run from a source tree)."""
    try:
        return distribution_version(DISTRIBUTION)
    except PackageNotFoundError:
        return __version__


def _show_version(value: bool) -> None:
    if value:
        out.print(f"{DISTRIBUTION} {installed_version()}", markup=False, highlight=False)
        raise typer.Exit(0)


@app.callback()
def _global(
    ctx: typer.Context,
    *,
    config: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--config", "-c", envvar="WETOPI_MEMORY_CONFIG",
        help="config.yaml to use (default: $WETOPI_MEMORY_CONFIG, then the Hermes plugin directory, "
             "then the built-in default).")] = None,
    identities: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--identities", "-i", envvar="WETOPI_MEMORY_IDENTITIES",
        help="identities.yaml mapping platform accounts to people and scopes.")] = None,
    timeout: Annotated[Optional[float], typer.Option(  # noqa: UP045
        "--timeout", metavar="SECONDS",
        help="The command's overall deadline (default: $WETOPI_MEMORY_TIMEOUT, else the command's own).")] = None,
    verbose: Annotated[int, typer.Option(
        "--verbose", "-v", count=True, show_default=False,
        help="Log the library's operations on stderr: -v info, -vv debug (default: warnings only).")] = 0,
    log_level: Annotated[Optional[LogLevel], typer.Option(  # noqa: UP045
        "--log-level", case_sensitive=False, help="Log at this level (overrides -v).")] = None,
    log_format: Annotated[LogFormat, typer.Option(
        "--log-format", help="text, or json: one JSON object per line on stderr.")] = LogFormat.text,
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_show_version, help="Print the version and exit.")] = False,
) -> None:
    """Wetopi memory plane command line. Global options may also follow the command."""
    ctx.obj = GlobalOptions(config=config, identities=identities, timeout=timeout, verbose=verbose,
                            log_level=log_level, log_format=log_format)
    configure_logging(verbose, log_level, log_format)


app.command(cls=WetopiCommand)(banks_cmd.bootstrap)
app.command(cls=WetopiCommand)(banks_cmd.diff)
app.command(cls=WetopiCommand)(banks_cmd.verify)
app.command(cls=WetopiCommand)(memory.recall)
app.command(cls=WetopiCommand)(memory.retain)
app.command(cls=WetopiCommand)(memory.reflect)
app.command(cls=WetopiCommand)(status_cmd.status)
app.command(cls=WetopiCommand)(route_cmd.route)
app.command(name="import-memory-md", cls=WetopiCommand)(import_cmd.import_memory_md)
app.command(cls=WetopiCommand)(governance_cmd.forget)
app.command(cls=WetopiCommand)(governance_cmd.export)
app.command(name="import", cls=WetopiCommand)(governance_cmd.import_banks)
app.add_typer(config_cmd.app, name="config")
app.add_typer(plugin_cmd.app, name="plugin")


def main() -> None:
    """Console-script entry point."""
    app()
