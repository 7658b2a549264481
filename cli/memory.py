"""recall, retain, reflect, status: the memory operations, as an operator sees them."""

from __future__ import annotations

import sys
import time
from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import Budget, Decision, Identity, MemoryPlane, PlaneStatus, RetainResult, published_metrics_path

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
            # Rank, not score: scores are relative within one bank and not comparable across scopes.
            table = Table("#", "scope", "memory", show_lines=False)
            for rank, hit in enumerate(result.hits, start=1):
                table.add_row(str(rank), hit.scope, hit.content)
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
        identity = resolve_user(plane, user)
        if dry_run:  # an existing outbox only tells what is already queued or delivered; nothing is written
            decision = plane.evaluate_retain(identity, content, scope, reason=reason, confidence=confidence)
            return _render_dry_run(decision, scope, output)
        result = await plane.retain(identity, content, scope, reason=reason, confidence=confidence)
        if result.stored:  # the backend answers: deliver what earlier runs left queued
            await plane.deliver_pending(timeout=10.0)
        return _render_retain(result, scope, output)

    raise typer.Exit(run_with_plane(ctx, work, outbox="existing" if dry_run else "durable"))


def _render_dry_run(decision: Decision, scope: str, output: OutputFormat) -> int:
    data = {**decision.to_dict(), "stored": False, "dry_run": True}
    if output is OutputFormat.json:
        print_json(data)
    elif decision.accept:
        out.print(f"would store in scope {scope} as {decision.document_id}", markup=False)
    else:
        out.print(f"would reject for scope {scope}: {', '.join(decision.reasons)}", markup=False)
    return EXIT_OK if decision.accept else EXIT_ERROR


def _render_retain(result: RetainResult, scope: str, output: OutputFormat) -> int:
    data = {**result.to_dict(), "dry_run": False}
    if output is OutputFormat.json:
        print_json(data)
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
    metrics: Annotated[bool, typer.Option("--metrics", help="Print the Prometheus exposition instead: the file the "
                                                            "Hermes plugin writes (<state dir>/metrics.prom) when "
                                                            "present, else this process's metrics after a "
                                                            "health probe.")] = False,
) -> None:
    """Show backend health and the scopes you can use (never secrets, never other people's banks).

    Exit codes: 0 every backend healthy (with --metrics: exposition printed), 2 otherwise, with one error line
    per unhealthy backend on stderr.

    Example: wetopi-memory status --user telegram:123456789
    """
    if metrics:
        raise typer.Exit(_print_metrics(ctx, user))

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user)
        report = await plane.status(identity)
        _render_status(report, identity, output)
        for name, health in report.backends.items():
            if not health.ok:
                err.print(f"error: backend {name} is unavailable: {health.detail or 'no detail'}", markup=False,
                          highlight=False)
        return EXIT_OK if report.healthy else EXIT_ERROR

    raise typer.Exit(run_with_plane(ctx, work, outbox="existing"))


def _print_metrics(ctx: typer.Context, user: str | None) -> int:
    """The exposition the Hermes plugin last wrote, else this process's metrics after a health probe."""
    textfile = published_metrics_path()
    try:
        exposition = textfile.read_bytes()
    except FileNotFoundError:
        exposition = None
    except OSError as exc:
        fail(f"cannot read {textfile}: {exc.strerror or type(exc).__name__}")
    if exposition is not None:
        age = max(time.time() - textfile.stat().st_mtime, 0.0)
        err.print(f"metrics written by the plugin {age:.0f}s ago: {textfile}", markup=False, highlight=False)
        sys.stdout.write(exposition.decode("utf-8", "replace"))
        return EXIT_OK

    async def probe(plane: MemoryPlane) -> int:
        await plane.status(resolve_user(plane, user))
        sys.stdout.write(plane.metrics_text().decode("utf-8"))
        return EXIT_OK

    err.print(f"no plugin metrics at {textfile}; showing this process's metrics", markup=False, highlight=False)
    return run_with_plane(ctx, probe)


def _render_status(report: PlaneStatus, identity: Identity, output: OutputFormat) -> None:
    if output is OutputFormat.json:
        print_json({**report.to_dict(), "identity": identity.to_dict()})
        return
    out.print(f"config: {report.config_source}", markup=False)
    backends = Table("backend", "kind", "ok", "version", "latency ms", "detail")
    for name, health in report.backends.items():
        latency = f"{health.latency_ms:.1f}" if health.latency_ms is not None else "-"
        backends.add_row(name, health.backend, "yes" if health.ok else "NO", health.version or "-", latency,
                         health.detail)
    out.print(backends)
    scopes = Table("scope", "backend", "access", "you may use", "bank")
    for item in report.scopes:
        scopes.add_row(item.scope, item.backend, item.access, "yes" if item.allowed else "no", item.bank or "-")
    out.print(scopes)
    box = report.outbox
    if box is not None:
        age = box.oldest_age_seconds
        out.print(f"retain outbox: {box.depth} waiting{f' (oldest {age:.0f}s)' if age is not None else ''}, "
                  f"{box.failed} failed, {box.evicted_total} evicted, {box.refused_total} refused", markup=False)
