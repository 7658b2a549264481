"""route: explain which scopes a message routes to, and why (the operator's tool for route misses)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import WetopiMemoryError

from ._common import EXIT_OK, OutputFormat, describe, fail, open_plane, out, print_json, resolve_user


def route(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The message to route.")],
    *,
    tool: Annotated[Optional[list[str]], typer.Option("--tool", "-t",  # noqa: UP045
                                                      help="A tool name used this turn; repeat for several.")] = None,
    user: Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                help="Only scopes this account may read.")] = None,
    output: Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json.")] = OutputFormat.text,
) -> None:
    """Show which scopes a message routes to, with confidence and the rules that matched. Sends nothing.

    Example: wetopi-memory route "¿qué habíamos decidido sobre el ingress de RKE2?"
    """
    plane = open_plane(ctx)
    try:
        identity = resolve_user(plane, user) if user is not None else None
        decision = plane.route(text, identity=identity, tools=tool or ())
    except WetopiMemoryError as exc:
        fail(describe(exc))
    if output is OutputFormat.json:
        print_json(decision.to_dict())
        raise typer.Exit(EXIT_OK)
    scopes = ", ".join(f"{s.scope} ({s.confidence:.2f})" for s in decision.scopes) or "none (below the threshold)"
    out.print(f"scopes: {scopes}", markup=False)
    out.print(f"explicit memory request: {'yes' if decision.explicit_memory_request else 'no'}", markup=False)
    table = Table("scope", "rule", "term")
    for match in decision.matches:
        table.add_row(match.scope, match.rule, match.term)
    out.print(table if decision.matches else "no rule matched")
    raise typer.Exit(EXIT_OK)
