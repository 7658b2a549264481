"""recall, retain, reflect, status: the memory operations, as an operator sees them."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, Optional

import typer
from rich.table import Table

from wetopi_memory import Budget, Decision, MemoryPlane, RetainResult

from ._common import EXIT_ERROR, EXIT_OK, OutputFormat, err, out, print_json, resolve_user, run_with_plane

UserOption = Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                   help="Act as this platform account (exactly one PLATFORM:ID "
                                                        "in the identities file); another person's needs the "
                                                        "operator role. Default: cli:<your login>.")]
ScopesOption = Annotated[Optional[list[str]], typer.Option("--scope", "-s",  # noqa: UP045
                                                          help="Scope to use; repeat for several.")]
OutputOption = Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]


class BudgetChoice(StrEnum):
    low = "low"
    mid = "mid"
    high = "high"


def recall(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    *,
    scope: ScopesOption = None,
    user: UserOption = None,
    budget: Annotated[Optional[BudgetChoice], typer.Option(help="The recall budget (default: each scope's).")  # noqa: UP045
    ] = None,
    deep: Annotated[bool, typer.Option("--deep", help="Search observations, world facts and experiences "
                                                      "with a high budget.")] = False,
    limit: Annotated[int, typer.Option(min=1, max=200, help="At most this many results.")] = 10,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Search memory in the scopes you may read, with provenance.

    Example: wetopi-memory recall "how do we expose ingress?" --scope platform
    """
    chosen: Budget | None = budget.value if budget is not None else None

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user, command="recall", scopes=scope or ())
        result = await plane.search(identity, query, scope or None, budget=chosen,
                                    mode="deep" if deep else "normal", limit=limit)
        if output is OutputFormat.json:
            print_json(result.to_dict())
        else:
            # Rank, not score: scores are relative within one bank and not comparable across scopes.
            table = Table("#", "scope", "memory", show_lines=False)
            for rank, hit in enumerate(result.hits, start=1):
                table.add_row(str(rank), hit.scope, hit.content)
            out.print(table if result.hits else f"no memories found in: {', '.join(result.scopes) or '(no scope)'}")
        for failed_scope, reason in result.failed.items():
            err.print(f"error: scope {failed_scope}: {reason}", markup=False, highlight=False)
        return EXIT_ERROR if result.failed else EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work, output=output))


def retain(
    ctx: typer.Context,
    content: Annotated[str, typer.Argument(help="The durable fact to remember.")],
    *,
    scope: Annotated[str, typer.Option("--scope", "-s", help="The one scope that receives it.")],
    user: UserOption = None,
    reason: Annotated[Optional[str], typer.Option(help="Why this is worth remembering.")] = None,  # noqa: UP045
    confidence: Annotated[Optional[float], typer.Option(min=0.0, max=1.0, help="0..1")] = None,  # noqa: UP045
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the policy decision and every reason; store "
                                                            "nothing.")] = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Store one memory in one scope, through the ACL and the retain policies.

    A rejected memory (secret, raw tool output, hypothesis, transient state, duplicate, ...) exits 2 with its
    reason codes; so does --dry-run when the memory would be rejected. Accepted memories go through the durable
    outbox: if the backend is down they stay queued (exit 2) and are delivered by the next run or the plugin.

    Example: wetopi-memory retain "Ingress uses the nginx controller behind IPVS" --scope platform
    """

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user, command="retain", scopes=[scope])
        if dry_run:  # an existing outbox only tells what is already queued or delivered; nothing is written
            decision = plane.evaluate_retain(identity, content, scope, reason=reason, confidence=confidence)
            return _render_dry_run(decision, scope, output)
        result = await plane.retain(identity, content, scope, reason=reason, confidence=confidence)
        if result.stored:  # the backend answers: deliver what earlier runs left queued
            await plane.deliver_pending(timeout=10.0)
        return _render_retain(result, scope, output)

    raise typer.Exit(run_with_plane(ctx, work, outbox="existing" if dry_run else "durable", output=output))


def retain_document(decision: Decision | None, *, scope: str, document_id: str | None, status: str,
                    stored: bool, reasons: Sequence[str], detail: str | None, dry_run: bool) -> dict[str, Any]:
    """`retain -o json`: the same keys for a dry run and a real one (README "CLI")."""
    explained = decision.to_dict() if decision is not None else {}
    verdict = explained.get("decision") or ("reject" if status == "rejected" else "accept")
    return {"dry_run": dry_run, "scope": scope, "status": status, "stored": stored, "document_id": document_id,
            "decision": verdict, "reasons": list(reasons), "category": explained.get("category"),
            "durability": explained.get("durability"), "verified": explained.get("verified"),
            "secrets": explained.get("secrets", []), "detail": detail}


def _render_dry_run(decision: Decision, scope: str, output: OutputFormat) -> int:
    if output is OutputFormat.json:
        print_json(retain_document(decision, scope=scope, document_id=decision.document_id,
                                   status="would_store" if decision.accept else "rejected", stored=False,
                                   reasons=decision.reasons, detail=None, dry_run=True))
    elif decision.accept:
        out.print(f"would store in scope {scope} as {decision.document_id}", markup=False)
    else:
        out.print(f"would reject for scope {scope}: {', '.join(decision.reasons)}", markup=False)
    return EXIT_OK if decision.accept else EXIT_ERROR


def _render_retain(result: RetainResult, scope: str, output: OutputFormat) -> int:
    if output is OutputFormat.json:
        print_json(retain_document(result.decision, scope=scope, document_id=result.document_id,
                                   status=result.status, stored=result.stored, reasons=result.reasons,
                                   detail=result.detail, dry_run=False))
    elif result.stored:
        out.print(f"stored in scope {scope} as {result.document_id}", markup=False)
    if result.stored:
        return EXIT_OK
    if result.status == "rejected":
        err.print(f"error: retain rejected: {', '.join(result.reasons)}", markup=False, highlight=False)
    elif result.status == "queued":
        err.print(f"error: not delivered yet ({result.detail or 'backend unavailable'}); kept in the outbox "
                  "and delivered by a later run", markup=False, highlight=False)
    else:
        err.print(f"error: retain {result.status}: {result.detail or ', '.join(result.reasons)}; kept in the "
                  "outbox", markup=False, highlight=False)
    return EXIT_ERROR



def reflect(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="The question to answer from accumulated memory.")],
    *,
    scope: ScopesOption = None,
    user: UserOption = None,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Synthesize an answer from each scope's memory (where the backend supports it).

    Example: wetopi-memory reflect "what have we decided about pricing?" --scope business
    """

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user, command="reflect", scopes=scope or ())
        answers = await plane.reflect(identity, query, scope or None)
        if output is OutputFormat.json:
            print_json({"answers": [a.to_dict() for a in answers]})
        else:
            for answer in answers:
                note = "" if answer.supported else " (not supported by this backend)"
                out.print(f"[bold]{answer.scope}[/bold]{note}")
                out.print(answer.text or "(no answer)", markup=False)
        return EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work, output=output))
