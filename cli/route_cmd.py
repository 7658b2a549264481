"""route: explain which scopes a message routes to, and why (the operator's tool for route misses)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import WetopiMemoryError

from ._common import EXIT_OK, OutputFormat, fail_with, open_plane, out, print_json, resolve_user


def route(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The message to route.")],
    *,
    tool: Annotated[Optional[list[str]], typer.Option("--tool", "-t",  # noqa: UP045
                                                      help="A tool name used this turn; repeat for several.")] = None,
    user: Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                help="Only scopes this account may read (yours, or anyone's "
                                                     "with the operator role).")] = None,
    agent: Annotated[Optional[str], typer.Option("--agent", "-a", metavar="PROFILE",  # noqa: UP045
                                                 help="The Hermes profile asking (a weak prior), e.g. "
                                                      "wetopi-build.")] = None,
    output: Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json.")] = OutputFormat.text,
) -> None:
    """Show which scopes a message routes to, with confidence, the rules that matched (kind and weight), the
    terms cancelled by another sense, the scopes held back by the minimum-evidence rule, and the scopes the word
    model added with the words that weighed most. Sends nothing.

    Example: wetopi-memory route "¿qué habíamos decidido sobre el ingress de RKE2?"
    """
    plane = open_plane(ctx)
    try:
        identity = resolve_user(plane, user, command="route") if user is not None else None
        decision = plane.route(text, identity=identity, tools=tool or (), agent=agent)
    except WetopiMemoryError as exc:
        fail_with(exc, output)
    if output is OutputFormat.json:
        print_json(decision.to_dict())
        raise typer.Exit(EXIT_OK)
    scopes = ", ".join(f"{s.scope} ({s.confidence:.2f})" for s in decision.scopes) or "none (below the threshold)"
    out.print(f"scopes: {scopes}", markup=False)
    trigger = f" ({decision.explicit_trigger})" if decision.explicit_trigger else ""
    out.print(f"explicit memory request: {'yes' if decision.explicit_memory_request else 'no'}{trigger}",
              markup=False)
    table = Table("scope", "rule", "kind", "term", "weight")
    for match in decision.matches:
        table.add_row(match.scope, match.rule, match.kind, match.term, f"{match.weight:g}")
    out.print(table if decision.matches else "no rule matched")
    for cancelled in decision.cancelled:
        out.print(f"cancelled: {cancelled.scope} '{cancelled.term}' by '{cancelled.by}' ({cancelled.sense})",
                  markup=False)
    for scope in decision.below_evidence:
        out.print(f"not routed: {scope} has no anchor term (one weak word, or weak words alone, never route; "
                  "a lone keyword yields to a scope with three anchors)", markup=False)
    for vote in decision.votes:
        weights = ", ".join(f"{feature} {weight:+g}" for feature, weight in vote.features)
        out.print(f"word model {vote.change}: {vote.scope} (probability {vote.probability:.2f}; {weights})",
                  markup=False)
    raise typer.Exit(EXIT_OK)
