"""recall, retain, reflect, status: the memory operations, as an operator sees them."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import MemoryPlane
from wetopi_memory.models import Budget

from ._common import EXIT_ERROR, EXIT_OK, OutputFormat, err, fail, out, print_json, resolve_user, run_with_plane

UserOption = Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                   help="Act as this platform account (resolved through the "
                                                        "identities file). Default: cli:<your login>.")]
ScopesOption = Annotated[Optional[list[str]], typer.Option("--scope", "-s",  # noqa: UP045
                                                          help="Scope to use; repeat for several.")]
OutputOption = Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]


def recall(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    *,
    scope: ScopesOption = None,
    user: UserOption = None,
    budget: Annotated[Optional[str], typer.Option(help="low, mid or high (default: each scope's).")] = None,  # noqa: UP045
    deep: Annotated[bool, typer.Option("--deep", help="Search observations, world facts and experiences "
                                                      "with a high budget.")] = False,
    limit: Annotated[int, typer.Option(min=1, max=200, help="At most this many results.")] = 10,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Search memory in the scopes you may read, with provenance.

    Example: wetopi-memory recall "how do we expose ingress?" --scope platform
    """
    if budget is not None and budget not in ("low", "mid", "high"):
        fail(f"--budget must be low, mid or high, got '{budget}'")
    chosen: Budget | None = budget  # type: ignore[assignment]

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user)
        result = await plane.search(identity, query, scope or None, budget=chosen,
                                    mode="deep" if deep else "normal", limit=limit)
        if output is OutputFormat.json:
            print_json(result.to_dict())
        else:
            table = Table("scope", "score", "memory", show_lines=False)
            for hit in result.hits:
                table.add_row(hit.scope, f"{hit.score:.2f}", hit.content)
            out.print(table if result.hits else f"no memories found in: {', '.join(result.scopes) or '(no scope)'}")
        for failed_scope, reason in result.failed.items():
            err.print(f"error: scope {failed_scope}: {reason}", markup=False, highlight=False)
        return EXIT_ERROR if result.failed else EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work))


def retain(
    ctx: typer.Context,
    content: Annotated[str, typer.Argument(help="The durable fact to remember.")],
    *,
    scope: Annotated[str, typer.Option("--scope", "-s", help="The one scope that receives it.")],
    user: UserOption = None,
    reason: Annotated[Optional[str], typer.Option(help="Why this is worth remembering.")] = None,  # noqa: UP045
    confidence: Annotated[Optional[float], typer.Option(min=0.0, max=1.0, help="0..1")] = None,  # noqa: UP045
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Check access and input; store nothing.")] = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Store one memory in one scope.

    Example: wetopi-memory retain "Ingress uses the nginx controller behind IPVS" --scope platform
    """

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user)
        if dry_run:
            binding = plane.acl.check(identity, scope, "retain")
            data = {"scope": binding.scope, "stored": False, "dry_run": True, "decision": "accept"}
        else:
            data = {**(await plane.retain(identity, content, scope, reason=reason,
                                          confidence=confidence)).to_dict(), "dry_run": False}
        if output is OutputFormat.json:
            print_json(data)
        else:
            verb = "would store" if dry_run else "stored"
            out.print(f"{verb} in scope {scope}" + (f" as {data['document_id']}" if "document_id" in data else ""),
                      markup=False)
        return EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work))


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
        identity = resolve_user(plane, user)
        answers = await plane.reflect(identity, query, scope or None)
        if output is OutputFormat.json:
            print_json({"answers": [a.to_dict() for a in answers]})
        else:
            for answer in answers:
                note = "" if answer.supported else " (not supported by this backend)"
                out.print(f"[bold]{answer.scope}[/bold]{note}")
                out.print(answer.text or "(no answer)", markup=False)
        return EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work))


def status(
    ctx: typer.Context,
    *,
    user: UserOption = None,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Show backend health and the scopes you can use (never secrets, never other people's banks).

    Example: wetopi-memory status --user telegram:123456789
    """

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user)
        report = await plane.status(identity)
        if output is OutputFormat.json:
            print_json({**report.to_dict(), "identity": identity.to_dict()})
        else:
            out.print(f"config: {report.config_source}", markup=False)
            backends = Table("backend", "kind", "ok", "version", "latency ms", "detail")
            for name, health in report.backends.items():
                latency = f"{health.latency_ms:.1f}" if health.latency_ms is not None else "-"
                backends.add_row(name, health.backend, "yes" if health.ok else "NO", health.version or "-",
                                 latency, health.detail)
            out.print(backends)
            scopes = Table("scope", "backend", "access", "you may use", "bank")
            for item in report.scopes:
                scopes.add_row(item.scope, item.backend, item.access, "yes" if item.allowed else "no",
                               item.bank or "-")
            out.print(scopes)
        return EXIT_OK if report.healthy else EXIT_ERROR

    raise typer.Exit(run_with_plane(ctx, work))
