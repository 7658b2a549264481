"""bootstrap, diff, verify: reconcile banks.yaml with the backend (the Argo CD job's commands)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.table import Table

from wetopi_memory import BankOutcome, LoadedConfig, MemoryPlane, ReconcileReport

from ._common import EXIT_DRIFT, EXIT_ERROR, EXIT_OK, OutputFormat, err, out, print_json, run_with_plane
from .progress import BankProgress

BOOTSTRAP_AGENT = "wetopi-memory-bootstrap"

BanksArgument = Annotated[Optional[Path], typer.Argument(  # noqa: UP045
    help="The banks declaration (default: $WETOPI_MEMORY_BANKS, else banks.yaml beside the config file in use, "
         "else banks/banks.yaml in the current directory).", show_default=False)]
IdentitiesOption = Annotated[Optional[Path], typer.Option(  # noqa: UP045
    "--identities", help="Also reconcile the personal banks of everyone in this identities file "
                         "(default: the config's identities file, if any).")]
PruneOption = Annotated[bool, typer.Option("--prune-overrides",
                                           help="Clear overrides on the server that banks.yaml does not declare.")]
ConcurrencyOption = Annotated[int, typer.Option(min=1, max=64, help="Banks reconciled at once.")]
OutputOption = Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]


AllOption = Annotated[bool, typer.Option("--all", help="List every bank, in sync or not (default: only the "
                                                         "banks that differ, then a one-line summary).")]
UNSET = "(unset)"


def _run(ctx: typer.Context, banks: Path | None, identities: Path | None, *, prune: bool, dry_run: bool,
         concurrency: int, output: OutputFormat) -> ReconcileReport:
    async def work(plane: MemoryPlane) -> ReconcileReport:
        path = banks or LoadedConfig(plane.config, plane.config_source).banks_path()
        return await plane.reconcile_banks(path, identities=identities, prune=prune, dry_run=dry_run,
                                           concurrency=concurrency, on_done=progress.advance,
                                           on_planned=progress.set_total)

    with BankProgress(err, "checking banks" if dry_run else "reconciling banks") as progress:
        return run_with_plane(ctx, work, agent=BOOTSTRAP_AGENT, output=output)


def _short(value: Any) -> str:
    if value is None:
        return UNSET
    text = repr(value) if not isinstance(value, str) else value.replace("\n", "⏎")
    return text if len(text) <= 60 else f"{text[:57]}… ({len(str(value))} chars)"


def _changes(outcome: BankOutcome) -> list[str]:
    plan = outcome.plan
    lines = [f"{key}: {_short(a)} → {_short(b)}" for key, (a, b) in plan.fields.items()]
    if plan.name is not None:
        lines.insert(0, f"name: {_short(plan.name[0])} → {_short(plan.name[1])}")
    return lines + [f"unmanaged {key}: {_short(v)}" + (" (pruned)" if plan.prune else "")
                    for key, v in plan.unmanaged.items()]


def _differs(outcome: BankOutcome) -> bool:
    return outcome.plan.drift or not outcome.ok or bool(outcome.plan.unmanaged)


def summary_line(report: ReconcileReport, *, applied: bool) -> str:
    """`N banks in sync, M drifted, K to create` (after a bootstrap: `updated`, `created`), then failures."""
    plans = [o.plan for o in report.outcomes]
    in_sync = sum(1 for p in plans if not p.drift)
    drifted = sum(1 for p in plans if p.drift and p.action != "create")
    create = sum(1 for p in plans if p.action == "create")
    words = ("updated", "created") if applied else ("drifted", "to create")
    line = f"{in_sync} bank{'' if in_sync == 1 else 's'} in sync, {drifted} {words[0]}, {create} {words[1]}"
    return line + (f", {len(report.failed)} failed" if report.failed else "")


def _render(report: ReconcileReport, output: OutputFormat, *, title: str, every: bool, applied: bool) -> None:
    if output is OutputFormat.json:
        print_json(report.to_dict())
        return
    shown = [o for o in report.outcomes if every or _differs(o)]
    if shown:
        table = Table("bank", "action", "changes", "status", title=title)
        for outcome in shown:
            status = "ok" if outcome.ok else f"FAILED: {outcome.error}"
            table.add_row(outcome.plan.bank_id, outcome.plan.action, "\n".join(_changes(outcome)) or "-", status)
        out.print(table)
    out.print(summary_line(report, applied=applied), markup=False, highlight=False)
    if report.extra_banks:
        out.print(f"banks on the server not declared in banks.yaml: {', '.join(report.extra_banks)}", markup=False)
    for outcome in report.failed:
        err.print(f"error: bank {outcome.plan.bank_id}: {outcome.error}", markup=False, highlight=False)


def bootstrap(
    ctx: typer.Context,
    banks: BanksArgument = None,
    *,
    identities: IdentitiesOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")] = False,
    prune_overrides: PruneOption = False,
    concurrency: ConcurrencyOption = 8,
    every: AllOption = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Make the backend match banks.yaml: create missing banks, set names and config. Never deletes a bank.

    Exit codes: 0 converged (with --dry-run: in sync), 1 drift found (--dry-run only), 2 any failure.

    Example: wetopi-memory bootstrap banks/banks.yaml --identities banks/identities.yaml
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=dry_run, concurrency=concurrency,
                  output=output)
    _render(report, output, title="bootstrap (dry run)" if dry_run else "bootstrap", every=every,
            applied=not dry_run)
    if dry_run:
        raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)
    raise typer.Exit(EXIT_OK if report.converged else EXIT_ERROR)


def diff(
    ctx: typer.Context,
    banks: BanksArgument = None,
    *,
    identities: IdentitiesOption = None,
    prune_overrides: PruneOption = False,
    every: AllOption = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Show how the backend differs from banks.yaml, field by field. Writes nothing.

    Exit codes: 0 in sync, 1 drift found, 2 error.

    Example: wetopi-memory diff banks/banks.yaml -o json
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=True, concurrency=8, output=output)
    _render(report, output, title="diff", every=every, applied=False)
    raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)


def verify(
    ctx: typer.Context,
    banks: BanksArgument = None,
    *,
    identities: IdentitiesOption = None,
    prune_overrides: PruneOption = False,
    every: AllOption = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Check that the backend matches banks.yaml (the Argo CD PostSync check). Writes nothing.

    Exit codes: 0 in sync, 1 drift found, 2 error.

    Example: wetopi-memory verify /etc/wetopi-memory/banks.yaml
    """
    report = _run(ctx, banks, identities, prune=prune_overrides, dry_run=True, concurrency=8, output=output)
    _render(report, output, title="verify", every=every, applied=False)
    raise typer.Exit(EXIT_OK if report.converged else EXIT_DRIFT)
