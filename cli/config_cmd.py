"""config show / config validate: the effective configuration, with secrets redacted."""

from __future__ import annotations

from typing import Annotated

import typer
import yaml

from wetopi_memory import IdentityResolver, WetopiMemoryError, load_config

from ._common import EXIT_OK, OutputFormat, describe, fail, options, out, print_json

app = typer.Typer(help="Inspect and check the configuration.", no_args_is_help=True)


@app.command("show")
def show(ctx: typer.Context, *, output: Annotated[OutputFormat, typer.Option("--output", "-o")] = OutputFormat.text
         ) -> None:
    """Print the effective configuration and where it came from; API keys are masked.

    Example: wetopi-memory config show -o json
    """
    try:
        loaded = load_config(options(ctx).config)
    except WetopiMemoryError as exc:
        fail(describe(exc))
    data = {"source": loaded.source, "config": loaded.config.redacted()}
    if output is OutputFormat.json:
        print_json(data)
    else:
        out.print(f"# source: {loaded.source}", markup=False)
        out.print(yaml.safe_dump(data["config"], sort_keys=False, allow_unicode=True), markup=False)
    raise typer.Exit(EXIT_OK)


@app.command("validate")
def validate(ctx: typer.Context) -> None:
    """Check the configuration (and the identities file it names) without contacting any backend.

    Example: wetopi-memory --config config.yaml config validate
    """
    opts = options(ctx)
    try:
        loaded = load_config(opts.config)
        identities = opts.identities or loaded.config.identity.file
        users = 0
        if identities:
            users = len(IdentityResolver.from_file(identities, known_scopes=loaded.config.stores).users)
    except WetopiMemoryError as exc:
        fail(describe(exc))
    scopes = ", ".join(loaded.config.stores)
    out.print(f"ok: {loaded.source} ({len(loaded.config.stores)} scopes: {scopes}; {users} identities)",
              markup=False)
    raise typer.Exit(EXIT_OK)
