"""import-memory-md: bring a Hermes MEMORY.md into scoped memory, read-only, with a report of every entry."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import ImportReport, MemoryPlane

from ._common import EXIT_ERROR, EXIT_OK, OutputFormat, err, fail, out, print_json, resolve_user, run_with_plane


def import_memory_md(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="The MEMORY.md to import (only ever read).", exists=True,
                                         dir_okay=False, readable=True)],
    *,
    user: Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                help="Whose personal scope receives personal entries. "
                                                     "Default: cli:<your login>.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Decide and report; store nothing.")] = False,
    report: Annotated[Optional[Path], typer.Option("--report", metavar="FILE",  # noqa: UP045
                                                   help="Write the full report here (JSON for .json, else "
                                                        "Markdown).")] = None,
    timeout: Annotated[float, typer.Option(min=0.0, help="Seconds to wait for delivery.")] = 60.0,
    output: Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]
    = OutputFormat.text,
) -> None:
    """Import a Hermes MEMORY.md: route and judge every entry, retain the accepted ones per scope.

    Entries are separated by lines holding only §; [P1]/[P2] entries are kept as durable, [P3] and completed
    tasks are not. Re-running imports nothing twice. Every entry appears in the report with its fate and reasons;
    exit 2 when accepted entries could not be delivered yet (they stay queued in the outbox).

    Example: wetopi-memory import-memory-md ~/.hermes/memories/MEMORY.md --user telegram:123456789 --report r.md
    """
    if report is not None and report.resolve() == path.resolve():
        fail("--report must not be the MEMORY.md itself (the source is never modified)")

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user)
        result = await plane.import_memory_md(identity, path, dry_run=dry_run, deliver_timeout=timeout)
        if report is not None:
            result.write_report(report, source=str(path))
        return _render(result, output, report)

    # A dry run never creates state: an existing outbox only tells what is already imported.
    raise typer.Exit(run_with_plane(ctx, work, outbox="existing" if dry_run else "durable"))


def _render(result: ImportReport, output: OutputFormat, report: Path | None) -> int:
    if output is OutputFormat.json:
        print_json(result.to_dict())
    else:
        table = Table("#", "lines", "tag", "fate", "scopes", "reasons")
        for entry in result.entries:
            scopes = ", ".join(f"{s['scope']}:{s['fate']}" for s in entry.scopes) or "-"
            table.add_row(str(entry.entry.index), f"{entry.entry.line_start}-{entry.entry.line_end}",
                          entry.entry.priority or "-", entry.fate, scopes, ", ".join(entry.reasons) or "-")
        out.print(table)
        out.print("totals: " + ", ".join(f"{k} {v}" for k, v in result.totals.items()), markup=False)
        if report is not None:
            out.print(f"report written to {report}", markup=False)
    if not result.complete:
        waiting = sum(1 for e in result.entries if e.fate in ("queued", "failed", "partial"))
        err.print(f"error: {waiting} accepted entr{'y' if waiting == 1 else 'ies'} not delivered yet; kept in "
                  "the outbox, run again later", markup=False, highlight=False)
        return EXIT_ERROR
    return EXIT_OK
