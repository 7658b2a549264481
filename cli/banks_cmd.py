"""bootstrap, diff, verify: reconcile banks.yaml with the backend (the Argo CD job's commands)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.progress import Progress
from rich.table import Table

from wetopi_memory import BankOutcome, MemoryPlane, ReconcileReport

from ._common import EXIT_DRIFT, EXIT_ERROR, EXIT_OK, OutputFormat, err, out, print_json, run_with_plane

BOOTSTRAP_AGENT = "wetopi-memory-bootstrap"

BanksArgument = Annotated[Path, typer.Argument(
    help="The banks declaration (default: $WETOPI_MEMORY_BANKS, else banks/banks.yaml).",
    default_factory=lambda: Path(os.environ.get("WETOPI_MEMORY_BANKS", "banks/banks.yaml")),
    show_default=False)]
IdentitiesOption = Annotated[Optional[Path], typer.Option(  # noqa: UP045
    "--identities", help="Also reconcile the personal banks of everyone in this identities file "
                         "(default: the config's identities file, if any).")]
PruneOption = Annotated[bool, typer.Option("--prune-overrides",
                                           help="Clear overrides on the server that banks.yaml does not declare.")]
ConcurrencyOption = Annotated[int, typer.Option(min=1, max=64, help="Banks reconciled at once.")]
OutputOption = Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]


def _run(ctx: typer.Context, banks: Path, identities: Path | None, *, prune: bool, dry_run: bool,
         concurrency: int) -> ReconcileReport:
    progress: Progress | None = None
    task = None

    def advance(_: BankOutcome) -> None:
        if progress is not None and task is not None:
            progress.advance(task)

    async def work(plane: MemoryPlane) -> ReconcileReport:
        return await plane.reconcile_banks(banks, identities=identities, prune=prune, dry_run=dry_run,
                                           concurrency=concurrency, on_done=advance)

    try:
        if sys.stderr.isatty() and not dry_run:
            progress = Progress(console=err, transient=True)
            progress.start()
            task = progress.add_task("reconciling banks", total=None)
        return run_with_plane(ctx, work, agent=BOOTSTRAP_AGENT)
    finally:
        if progress is not None:
            progress.stop()


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value.replace("\n", "⏎")
    return text if len(text) <= 60 else f"{text[:57]}… ({len(str(value))} chars)"


def _render(report: ReconcileReport, output: OutputFormat, *, title: str) -> None:
    if output is OutputFormat.json:
        print_json(report.to_dict())
        return
    table = Table("bank", "action", "changes", "status", title=title)
    for outcome in report.outcomes:
        plan = outcome.plan
        lines = [f"{key}: {_short(a)} → {_short(b)}" for key, (a, b) in plan.fields.items()]
        if plan.name is not None:
            lines.insert(0, f"name: {_short(plan.name[0])} → {_short(plan.name[1])}")
        lines += [f"unmanaged {key}: {_short(v)}" + (" (pruned)" if plan.prune else "")
                  for key, v in plan.unmanaged.items()]
        status = "ok" if outcome.ok else f"FAILED: {outcome.error}"
        table.add_row(plan.bank_id, plan.action, "\n".join(lines) or "-", status)
    out.print(table)
    summary = report.to_dict()["summary"]
    out.print(", ".join(f"{k}: {v}" for k, v in summary.items()), markup=False)
    if report.extra_banks:
        out.print(f"banks on the server not declared in banks.yaml: {', '.join(report.extra_banks)}", markup=False)
    for outcome in report.failed:
        err.print(f"error: bank {outcome.plan.bank_id}: {outcome.error}", markup=False, highlight=False)


def bootstrap(
    ctx: typer.Context,
    banks: BanksArgument,
    *,
    identities: IdentitiesOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")] = False,
    prune_overrides: PruneOption = False,
    concurrency: ConcurrencyOption = 8,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Make the backend match banks.yaml: create missing banks, set names and config. Never deletes a bank.

    Exit codes: 0 converged (with --dry-run: in sync), 1 drift found (--dry-run only), 2 any failure.

    Example: wetopi-memory bootstrap banks/banks.yaml --identities banks/identities.yaml
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=dry_run, concurrency=concurrency)
    _render(report, output, title="bootstrap (dry run)" if dry_run else "bootstrap")
    if dry_run:
        raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)
    raise typer.Exit(EXIT_OK if report.converged else EXIT_ERROR)


def diff(
    ctx: typer.Context,
    banks: BanksArgument,
    *,
    identities: IdentitiesOption = None,
    prune_overrides: PruneOption = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Show how the backend differs from banks.yaml, field by field. Writes nothing.

    Exit codes: 0 in sync, 1 drift found, 2 error.

    Example: wetopi-memory diff banks/banks.yaml -o json
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=True, concurrency=8)
    _render(report, output, title="diff")
    raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)


def verify(
    ctx: typer.Context,
    banks: BanksArgument,
    *,
    identities: IdentitiesOption = None,
    prune_overrides: PruneOption = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Check that the backend matches banks.yaml (the Argo CD PostSync check). Writes nothing.

    Exit codes: 0 in sync, 1 drift found, 2 error.

    Example: wetopi-memory verify /etc/wetopi-memory/banks.yaml
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=True, concurrency=8)
    if output is OutputFormat.json:
        print_json(report.to_dict())
    elif report.converged:
        out.print(f"in sync: {len(report.outcomes)} banks match {banks}", markup=False)
    else:
        _render(report, output, title="drift")
    raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)
