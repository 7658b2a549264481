"""The Typer application behind the `wetopi-memory` command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from . import banks_cmd, config_cmd, import_cmd, memory, plugin_cmd, route_cmd
from ._common import GlobalOptions

app = typer.Typer(
    name="wetopi-memory",
    help="Wetopi's organizational memory plane: scoped memory for Hermes agents over Hindsight banks.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


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
) -> None:
    """Wetopi memory plane command line."""
    ctx.obj = GlobalOptions(config=config, identities=identities)


app.command()(banks_cmd.bootstrap)
app.command()(banks_cmd.diff)
app.command()(banks_cmd.verify)
app.command()(memory.recall)
app.command()(memory.retain)
app.command()(memory.reflect)
app.command()(memory.status)
app.command()(route_cmd.route)
app.command(name="import-memory-md")(import_cmd.import_memory_md)
app.add_typer(config_cmd.app, name="config")
app.add_typer(plugin_cmd.app, name="plugin")


def main() -> None:
    """Console-script entry point."""
    app()
